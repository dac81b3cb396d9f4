// Enforces the access level of every operation (auth/access-levels.ts), once the OpenAPI validator
// has matched the request to its operation. Operations whose level depends on the body's command
// (`by-command`): a document command is judged here; the command API judges each of its commands
// in the command runner, which answers a `{success: false}` result per refused command.
import type { NextFunction, Request, Response } from 'express';
import { allows, commandAccess, forbidden, operationAccess } from '../auth/access-levels.js';
import { Failure } from '../api/failure.js';
import type { Caller } from '../commands/context.js';

interface MatchedRequest extends Request {
  openapi?: { openApiRoute?: string };
}

export function accessLevels() {
  return (req: MatchedRequest, res: Response, next: NextFunction) => {
    const route = req.openapi?.openApiRoute;
    // Unmatched requests were answered by the validator (404/405) before this point.
    if (route === undefined) return next();
    const access = operationAccess(req.method, route);
    if (access === 'none' || route === '/api/commands') return next();
    // Fail closed: an operation with a level and no authenticated caller is refused.
    const caller = res.locals['caller'] as Caller | undefined;
    if (caller === undefined) return next(new Failure('auth.error/unauthorized', 'Send the header "Authorization: Token <API_TOKEN>" with a valid token.', {}, 401));
    const needed = access === 'by-command' ? commandAccess((req.body ?? {}) as { command?: unknown }) : access;
    if (allows(caller.accessLevel, needed)) return next();
    const command = access === 'by-command' ? (req.body as { command?: unknown }).command : undefined;
    next(forbidden(needed, caller.accessLevel, typeof command === 'string' ? `The command "${command}"` : `${req.method} ${route}`, typeof command === 'string' ? command : undefined));
  };
}
