// Turns ajv's report on a refused scenario into one complaint a person can act on: the deepest
// problem, with the alternatives of anyOf / oneOf branches merged ("must be one of ...").
import type { ErrorObject } from 'ajv';
import { esc } from './scenario-rules.js';

const NOISE = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'not']);

function phrase(error: ErrorObject): string {
  if (error.keyword === 'enum') return `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'const') return `must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}`;
  if (error.keyword === 'false schema') return 'is not allowed here';
  return error.message ?? 'is invalid';
}

/** The most useful ajv complaint: the deepest ones that are not combinator summaries, joined with "or" when they are alternatives. */
export function describeErrors(errors: ErrorObject[]): { path: string; problem: string } {
  const real = errors.filter((e) => !NOISE.has(e.keyword));
  const pool = real.length > 0 ? real : errors;
  const depth = (e: ErrorObject) => e.instancePath.split('/').length;
  const deepest = Math.max(...pool.map(depth));
  const first = pool.find((e) => depth(e) === deepest) as ErrorObject;
  if (first.keyword === 'additionalProperties') {
    const extra = (first.params as { additionalProperty: string }).additionalProperty;
    return { path: `${first.instancePath}/${esc(extra)}`, problem: 'is not a known property here' };
  }
  const names = pool.find((e) => e.keyword === 'propertyNames' && e.instancePath === first.instancePath);
  if (names) {
    const name = (names.params as { propertyName: string }).propertyName;
    const why = pool.filter((e) => e.instancePath === first.instancePath && e.keyword !== 'propertyNames' && 'propertyName' in e).map(phrase);
    return { path: `${first.instancePath}/${esc(name)}`, problem: `is not an allowed name here${why.length > 0 ? ` (the name ${why.join(', or ')})` : ''}` };
  }
  if (first.keyword === 'required') {
    const missing = (first.params as { missingProperty: string }).missingProperty;
    return { path: `${first.instancePath}/${esc(missing)}`, problem: 'is required' };
  }
  const same = pool.filter((e) => e.instancePath === first.instancePath && e.keyword !== 'additionalProperties' && e.keyword !== 'required');
  const enums = same.filter((e) => e.keyword === 'enum').flatMap((e) => (e.params as { allowedValues: unknown[] }).allowedValues);
  const phrases = same.filter((e) => e.keyword !== 'enum').map(phrase);
  if (enums.length > 0) phrases.unshift(`must be one of ${[...new Set(enums)].map((v) => JSON.stringify(v)).join(', ')}`);
  return { path: first.instancePath, problem: [...new Set(phrases)].join(', or ') };
}
