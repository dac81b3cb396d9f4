// Refuses text no storage can hold anywhere in a request: the NUL character (U+0000) and lone
// surrogates (half of a UTF-16 pair, not Unicode text). PostgreSQL text and jsonb cannot hold
// either, so a value, an operand, a name or a GraphQL document with one would reach the storage as
// an internal error. Refused on every storage alike (spec: "Errors elsewhere"), naming where it is.
import type { NextFunction, Request, Response } from 'express';
import { Failure } from '../api/failure.js';

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, or undefined when it can. */
export function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return 'holds a NUL character (\\u0000), which no text may hold';
  if (LONE_SURROGATE.test(text)) return 'holds a lone surrogate (half of a UTF-16 pair), which is not Unicode text';
  return undefined;
}

/** The JSON pointer of the first string (or key) no storage can hold in a JSON value, with why; iterative, so any depth is safe. */
export function badTextPointer(value: unknown): { pointer: string; problem: string } | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, pointer] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem !== undefined) return { pointer: pointer || '/', problem };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const entries: Array<[string, unknown]> = Array.isArray(current) ? current.map((item, index) => [String(index), item]) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i] as [string, unknown];
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const problem = textProblem(key);
      if (problem !== undefined) return { pointer: at, problem };
      stack.push([item, at]);
    }
  }
  return undefined;
}

/** Query parameters (names and values) with such text: 400 `request.error/invalid-parameter` naming the parameter. */
export function refuseBadTextInQuery() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const query = req.originalUrl.includes('?') ? new URLSearchParams(req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)) : undefined;
    for (const [name, value] of query ?? []) {
      const problem = textProblem(name) ?? textProblem(value);
      if (problem !== undefined) {
        const shown = textProblem(name) === undefined ? name : JSON.stringify(name).slice(1, -1);
        next(new Failure('request.error/invalid-parameter', `Invalid request: the query parameter "${shown}" ${problem}.`, { field: shown }, 400));
        return;
      }
    }
    next();
  };
}

/** A parsed JSON body with such text in a string or key: 400 `request.error/invalid-body` with its JSON pointer. */
export function refuseBadTextInBody() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const found = badTextPointer(req.body);
    if (found === undefined) return next();
    const { pointer, problem } = found;
    next(new Failure('request.error/invalid-body', `Invalid request: ${pointer} ${problem}.`, { field: pointer, errors: [{ field: pointer, message: problem }] }, 400));
  };
}
