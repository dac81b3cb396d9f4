// The reference server's HTTP application: authentication, JSON parsing, validation of every
// request (and, under the test suite, every response) against spec/service.openapi.yaml, routes.
import express, { type NextFunction, type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { Failure } from '../api/failure.js';
import type { CommandRequest } from '../api/spec-types.js';
import type { Caller } from '../commands/context.js';
import { SERVICE_SPEC_PATH } from '../api/spec-document.js';
import { documentRequestGuard, documentRoutes } from '../documents/routes.js';
import { fileRoutes, fileUploadParser } from '../files/routes.js';
import { graphqlRoutes } from '../graphql/routes.js';
import { schemaRoutes } from '../model/schema-route.js';
import { integrationPublicRoutes, integrationRoutes } from '../integrations/routes/index.js';
import type { ServerContext } from '../server-context.js';
import { webhookRoutes } from '../webhooks/routes.js';
import { settingsPage } from '../webhooks/settings-page.js';
import { accessLevels } from './access.js';
import { depthLimit } from './depth-limit.js';
import { refuseBadTextInBody, refuseBadTextInQuery } from './text-guard.js';
import { commandIssues } from './command-validation.js';
import { errorHandler, malformedCommand, send } from './errors.js';
import { admitHeavy, isHeavyCommandRequest, type Release } from './heavy-requests.js';
import { sendAnswer } from './json-stream.js';
import { rateLimited } from './rate-limit.js';
import { requestLog } from './request-log.js';
import { authenticate } from './tokens.js';


export interface AppOptions extends ServerContext {
  bodyLimitBytes?: number;
}

/** What the HTTP application adds to the shared context. */
export interface AppExtras {
  /** Writes one line per answered request (request-log.ts: secrets masked); absent: no request log. */
  requestLog?: (line: string) => void;
}

type Authed = Response<unknown, { caller: Caller }>;

function asyncRoute(fn: (req: Request, res: Authed) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res as Authed).catch(next);
  };
}

/** The most commands of one array request (CommandRequest's maxItems). */
const MAX_COMMANDS = 1000;

/**
 * Runs a command request and answers it: one command, or an array of them in order. `failures`
 * holds, by position, the failure of each malformed command of an array (it does not run).
 */
async function runCommands(options: AppOptions, body: CommandRequest, res: Authed, failures: Array<Failure | undefined> = []): Promise<void> {
  const caller = res.locals.caller;
  let release: Release | undefined;
  if (isHeavyCommandRequest(body)) {
    release = await admitHeavy(options.heavyRequests, res, caller);
    if (!release) return;
  }
  try {
    let answer: unknown;
    if (Array.isArray(body)) {
      const results = [];
      for (const [i, command] of body.entries()) {
        const failure = failures[i];
        results.push(failure ? { success: false, result: failure.toResult() } : await options.commands.run(command, caller));
      }
      answer = results;
    } else {
      answer = await options.commands.run(body, caller);
    }
    await sendAnswer(options, res, 200, answer);
  } finally {
    release?.();
  }
}

export function createApp(options: AppOptions, extras: AppExtras = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  if (extras.requestLog) app.use(requestLog(extras.requestLog));
  // Pages for people, outside /api (no token in the request: the page asks for one).
  app.use(settingsPage(options));
  // No text of a request may hold a NUL character or a lone surrogate (no storage can hold them).
  app.use(refuseBadTextInQuery());
  // Called by external parties without a token (OAuth callback, inbound events); they read their own input.
  app.use(integrationPublicRoutes(options));

  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    authenticate(options.db, req.headers.authorization).then((caller) => {
      if (!caller) {
        send(req, res, new Failure('auth.error/unauthorized', 'Send the header "Authorization: Token <API_TOKEN>" with a valid token.', {}, 401));
        return;
      }
      res.locals.caller = caller;
      next();
    }, next);
  });
  // The per-token request limit, when configured (SVC_RATE_LIMIT; off by default).
  if (options.rateLimiter) app.use('/api', rateLimited(options.rateLimiter));
  // An upload (multipart/form-data) is read by the files API's own parser, within its size limit.
  app.use('/api/files', fileUploadParser(options));
  // A body must be JSON; anything else is refused before parsing (415, not a parse error), unless
  // a route's own parser read it already (an upload).
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && req.body === undefined && !req.is(['application/json', 'application/*+json'])) {
      send(
        req,
        res,
        new Failure(
          'request.error/unsupported-media-type',
          `Send the body as application/json (got ${req.headers['content-type'] ?? 'no content type'}).`,
          { contentType: req.headers['content-type'] ?? '' },
          415,
        ),
      );
      return;
    }
    next();
  });
  // /api/documents parses its own bodies (up to DOCUMENT_BODY_LIMIT_BYTES, for documents of a few
  // MB) and answers an unknown `format` itself; the parser below then skips those requests.
  app.use('/api/documents', documentRequestGuard());
  app.use('/api', express.json({ limit: options.bodyLimitBytes ?? 1024 * 1024, strict: false, type: ['application/json', 'application/*+json'] }));
  app.use('/api', depthLimit());
  app.use('/api', refuseBadTextInBody());
  // An array of commands of which some are malformed: those fail alone, each with its own error,
  // and the others run (as the public API answers); the request is not refused whole.
  app.post('/api/commands', (req: Request, res: Response, next: NextFunction) => {
    const body: unknown = req.body;
    if (!Array.isArray(body) || body.length === 0 || body.length > MAX_COMMANDS) return next();
    const issues = body.map((command) => commandIssues(command));
    if (issues.every((list) => list.length === 0)) return next();
    const failures = issues.map((list, i) => (list.length === 0 ? undefined : malformedCommand(body[i], list)));
    runCommands(options, body as CommandRequest, res as Authed, failures).catch(next);
  });
  app.use(
    OpenApiValidator.middleware({
      apiSpec: SERVICE_SPEC_PATH,
      validateRequests: { allowUnknownQueryParameters: false },
      validateResponses: options.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      validateApiSpec: true,
      ignoreUndocumented: false,
      // Uploads are read by fileUploadParser (bounded), never by the validator's own multer.
      fileUploader: false,
    }),
  );
  app.use(accessLevels());

  app.post('/api/commands', asyncRoute(async (req, res) => runCommands(options, req.body as CommandRequest, res)));
  app.use(schemaRoutes(options));
  app.use(documentRoutes(options));
  app.use(webhookRoutes(options));
  app.use(graphqlRoutes(options));
  app.use(integrationRoutes(options));
  app.use(fileRoutes(options));

  app.use((req: Request, res: Response) => {
    send(req, res, new Failure('route.error/not-found', `There is no route ${req.method} ${req.path}.`, { method: req.method, path: req.path }, 404));
  });
  app.use(errorHandler(options.log));
  return app;
}
