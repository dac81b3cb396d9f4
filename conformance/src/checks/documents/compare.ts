/**
 * Comparing documents as the round trips do: the first difference between two json documents
 * (its path and both values), the first difference between two texts, and link and image addresses
 * in the percent-encoded form that md and html may write them in (spec/CONVENTIONS.md: `p q.png`
 * may come back as `p%20q.png`).
 */
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 240 ? `${text.slice(0, 240)}...` : text;
}

/** Where `got` first differs from `expected` (`/doc/content/0/marks: expected ..., got ...`), or undefined when they are the same JSON. */
export function firstDifference(expected: unknown, got: unknown, path = ''): string | undefined {
  if (canonicalJson(expected) === canonicalJson(got)) return undefined;
  if (Array.isArray(expected) && Array.isArray(got)) {
    for (let i = 0; i < Math.max(expected.length, got.length); i++) {
      const inner = firstDifference(expected[i], got[i], `${path}/${i}`);
      if (inner) return inner;
    }
  } else if (isRecord(expected) && isRecord(got)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(got)])) {
      const inner = firstDifference(expected[key], got[key], `${path}/${key}`);
      if (inner) return inner;
    }
  }
  return `${path || '/'}: expected ${short(expected)}, got ${short(got)}`;
}

/** Where two texts first differ, with a little context on both sides. */
export function textDifference(expected: string, got: string): string {
  let at = 0;
  while (at < expected.length && at < got.length && expected[at] === got[at]) at++;
  const from = Math.max(0, at - 30);
  return `at character ${at}: expected ${JSON.stringify(expected.slice(from, at + 40))}, got ${JSON.stringify(got.slice(from, at + 40))}`;
}

/** An address with every character a URL cannot hold as it stands percent-encoded (a space as %20). */
export function encodedAddress(address: string): string {
  let decoded = address;
  try {
    decoded = decodeURI(address);
  } catch {
    // a lone % stays as it is
  }
  return encodeURI(decoded);
}

/** A json document with every link and image address percent-encoded (encodedAddress). */
export function withEncodedAddresses(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withEncodedAddresses);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = (key === 'href' || key === 'src') && typeof inner === 'string' ? encodedAddress(inner) : withEncodedAddresses(inner);
  }
  return out;
}
