// Turns every error of the HTTP layer into a clean JSON answer: the command envelope on
// /api/commands, `{name, message, data}` elsewhere. Never a stack trace, never internals.
import type { ErrorRequestHandler, Request, Response } from 'express';
import { Failure } from '../api/failure.js';
import type { ErrorBody, ErrorName } from '../api/spec-types.js';
import { commandIssues } from './command-validation.js';
import { maskedUrl } from './request-log.js';
import { relevantIssues, type ValidatorIssue } from './validation-message.js';


interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  limit?: number;
  errors?: ValidatorIssue[];
  message?: string;
}

export function send(req: Request, res: Response, failure: Failure): void {
  if (res.headersSent) return;
  const result = failure.toResult();
  if (failure.status === 429 && typeof failure.data['retryAfter'] === 'number') res.setHeader('Retry-After', String(failure.data['retryAfter']));
  if (req.originalUrl.startsWith('/api/commands')) {
    res.status(failure.status).json({ success: false, result });
  } else if (isGraphqlRequest(req) && failure.status !== 401 && failure.status !== 429) {
    // GraphQL over HTTP: failures in `errors` (spec: GraphqlResponse), the error name as the code.
    res.status(failure.status).json({ errors: [{ message: failure.message, extensions: { code: failure.name, ...failure.data } }] });
  } else {
    const body: ErrorBody = result;
    res.status(failure.status).json(body);
  }
}

/** `POST /api/graphql/space/<space>`, whose errors follow GraphQL over HTTP. */
function isGraphqlRequest(req: Request): boolean {
  return req.method === 'POST' && /^\/api\/graphql\/space\/[^/?]+\/?(\?|$)/.test(req.originalUrl);
}

/** The first problems of a report, each as `<field>: <message>`. */
function summaryOf(issues: ValidatorIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${fieldOf(i.path) || 'body'}: ${i.message ?? 'invalid'}`)
    .join('; ');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `/body/args/query` -> `/args/query`; `/query/format` -> `format`. */
function fieldOf(path: string | undefined): string {
  if (!path) return '';
  if (path.startsWith('/body')) return path.slice('/body'.length) || '/';
  return path.replace(/^\/(query|path|params|headers)\//, '');
}

function fromValidator(error: HttpLikeError, req: Request): Failure {
  const status = error.status ?? 400;
  // A command is judged again by the schema of the command it names: the request validator
  // reports every branch of the command union and has no "did you mean" for an unknown key.
  const own = req.path === '/api/commands' && isPlainObject(req.body) ? commandIssues(req.body) : [];
  const issues = relevantIssues(own.length > 0 ? own : (error.errors ?? []), req.body, req.path);
  const issue = issues[0];
  const field = fieldOf(issue?.path);
  const summary = summaryOf(issues);
  switch (status) {
    case 404:
      return new Failure('route.error/not-found', `There is no route ${req.method} ${req.path}.`, { method: req.method, path: req.path }, 404);
    case 405:
      return new Failure('route.error/method-not-allowed', `${req.method} is not allowed on ${req.path}.`, { method: req.method, path: req.path }, 405);
    case 415:
      return new Failure(
        'request.error/unsupported-media-type',
        `Send the body as application/json (got ${req.headers['content-type'] ?? 'no content type'}).`,
        { contentType: req.headers['content-type'] ?? '' },
        415,
      );
    case 500:
      // Only the response validator (test mode) gets here: the server broke its own spec.
      return new Failure('server.error/internal', `The response does not match the spec: ${summary || error.message}`, {}, 500);
    default: {
      // A path or query parameter is named so by the validator; every other issue is in the body (some issue paths start inside it: /args/1/content).
      const name: ErrorName = issue && /^\/(query|params|path|headers)(\/|$)/.test(issue.path ?? '') ? 'request.error/invalid-parameter' : 'request.error/invalid-body';
      const message = issue ? `${field || 'body'} ${issue.message ?? 'is invalid'}.` : `${error.message ?? 'Invalid request'}.`;
      return new Failure(name, `Invalid request: ${message}${issues.length > 1 ? ` All problems: ${summary}.` : ''}`, {
        field: field || 'body',
        errors: issues.slice(0, 20).map((i) => ({ field: fieldOf(i.path), message: i.message ?? '' })),
      }, status >= 400 && status < 500 ? status : 400);
    }
  }
}

/**
 * The failure of one malformed command of an array (its issues under `/body` are of the command):
 * `command.error/unknown-command` for a command this server does not have, else
 * `request.error/invalid-body` naming the first problem, as a malformed single command is named.
 */
export function malformedCommand(command: unknown, reported: ValidatorIssue[]): Failure {
  const name = typeof command === 'object' && command !== null ? (command as Record<string, unknown>)['command'] : undefined;
  if (reported.length === 1 && reported[0]?.path === '/body/command' && /^must be one of /.test(reported[0].message ?? '')) {
    return new Failure('command.error/unknown-command', `The command ${JSON.stringify(name) ?? '(none)'} is not supported by this server: command ${reported[0].message}.`, {
      command: typeof name === 'string' ? name : '',
      field: 'command',
    });
  }
  const issues = relevantIssues(reported, command, '/api/commands');
  const issue = issues[0];
  const field = fieldOf(issue?.path);
  const summary = summaryOf(issues);
  return new Failure('request.error/invalid-body', `Invalid command: ${field || 'command'} ${issue?.message ?? 'is invalid'}.${issues.length > 1 ? ` All problems: ${summary}.` : ''}`, {
    field: field || '/',
    errors: issues.slice(0, 20).map((i) => ({ field: fieldOf(i.path), message: i.message ?? '' })),
  });
}

export function toFailure(error: unknown, req: Request): Failure {
  if (error instanceof Failure) return error;
  const e = (error ?? {}) as HttpLikeError;
  if (e.type === 'entity.parse.failed') {
    return new Failure('request.error/malformed-json', `The body is not valid JSON: ${e.message ?? 'parse error'}.`, { field: 'body' }, 400);
  }
  if (e.type === 'entity.too.large') {
    return new Failure('request.error/body-too-large', `The body is larger than the limit of ${e.limit ?? 0} bytes.`, { limit: e.limit ?? 0 }, 413);
  }
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new Failure('request.error/unsupported-media-type', 'Send the body as UTF-8 application/json.', { contentType: req.headers['content-type'] ?? '' }, 415);
  }
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && Array.isArray(e.errors)) return fromValidator(e, req);
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new Failure('request.error/invalid-body', e.message ?? 'Invalid request.', {}, status);
  }
  return new Failure('server.error/internal', 'The server failed to handle the request; it has been logged.', {}, 500);
}

export function errorHandler(log: (message: string) => void): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const failure = toFailure(error, req);
    if (failure.status >= 500) log(`${req.method} ${maskedUrl(req.originalUrl)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    send(req, res, failure);
  };
}
