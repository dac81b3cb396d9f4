// Refuses JSON bodies nested deeper than a limit, before the validator or any recursive handler
// (nested selects, expressions) walks them: deep nesting is never a useful request.
import type { NextFunction, Request, Response } from 'express';
import { Failure } from '../api/failure.js';

export const MAX_JSON_DEPTH = 64;

/** The nesting depth of a JSON value, computed without recursion. */
export function jsonDepth(value: unknown, stopAt = Infinity): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth > max) max = depth;
    if (max > stopAt) return max;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return max;
}

export function depthLimit(limit = MAX_JSON_DEPTH) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (jsonDepth(req.body, limit) > limit) {
      next(new Failure('request.error/invalid-body', `The body is nested more than ${limit} levels deep.`, { field: 'body', limit }, 400));
      return;
    }
    next();
  };
}
