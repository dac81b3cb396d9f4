// Large JSON answers are written in pieces: the body is serialized a list item at a time, written
// as it grows, and the event loop gets a turn every few milliseconds, so serializing 100,000
// Entities for one client does not stall the others (spec/service.openapi.yaml, "Shared load").
// An answer serialized within one time slice is sent whole, with its Content-Length.
import type { Response } from 'express';
import { TimeSlice } from '../runtime/time-slice.js';

/** Bytes gathered before they are written (and the most an answer sent whole may have). */
const WRITE_BYTES = 64 * 1024;
/** Lists longer than this inside an object are serialized item by item. */
const SPLIT_LIST = 16;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** An object worth splitting: it holds a long list (a result, a GraphQL root field), at any depth of objects. */
function holdsLongList(value: Record<string, unknown>, depth = 0): boolean {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound on the look-ahead; splitting or not gives the same text
  if (depth > 3) return false;
  return Object.values(value).some((v) => (Array.isArray(v) ? v.length > SPLIT_LIST : isPlainObject(v) && holdsLongList(v, depth + 1)));
}

/** The JSON text of `value` in pieces whose concatenation is `JSON.stringify(value)`. */
export function* jsonPieces(value: unknown): Generator<string> {
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const item: unknown = value[i];
      // JSON.stringify writes null for undefined, functions and symbols in a list.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
      else yield* jsonPieces(item);
    }
    yield ']';
    return;
  }
  if (isPlainObject(value) && holdsLongList(value)) {
    yield '{';
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      // JSON.stringify leaves out these members of an object.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* jsonPieces(item);
    }
    yield '}';
    return;
  }
  yield JSON.stringify(value) ?? 'null';
}

/** Resolves when `res` can take more (or has closed). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Sends `body` as JSON with `status`. Small answers go whole (`Content-Length`); a large one is
 * written in chunks, waiting for the client to take each (a slow reader holds no more than a
 * chunk in memory), with a turn of the event loop between time slices.
 */
export async function sendJson(res: Response, status: number, body: unknown, mediaType = 'application/json'): Promise<void> {
  const slice = new TimeSlice();
  res.status(status).type(mediaType);
  let buffer = '';
  let streaming = false;
  for (const piece of jsonPieces(body)) {
    buffer += piece;
    if (buffer.length < WRITE_BYTES) continue;
    streaming = true;
    if (res.destroyed) return;
    if (!res.write(buffer)) await drained(res);
    buffer = '';
    await slice.maybeYield();
  }
  if (!streaming) {
    res.send(buffer);
    return;
  }
  // Stryker disable next-line ConditionalExpression: a client gone mid-answer reads nothing either way
  if (!res.destroyed) res.end(buffer);
}

/**
 * Sends an answer of a route: whole through res.json under response validation (the validator
 * reads the body there), else with sendJson. `mediaType` is a JSON media type (GraphQL answers may
 * be `application/graphql-response+json`).
 */
export async function sendAnswer(settings: { validateResponses: boolean }, res: Response, status: number, body: unknown, mediaType = 'application/json'): Promise<void> {
  if (settings.validateResponses) res.status(status).type(mediaType).json(body);
  else await sendJson(res, status, body, mediaType);
}
