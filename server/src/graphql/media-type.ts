// The media type of a GraphQL answer, chosen from the request's Accept header as GraphQL over HTTP
// asks: `application/graphql-response+json` when the client prefers it (or accepts only it),
// `application/json` otherwise (no Accept, `*/*`, `application/*`, or a list without either: the
// legacy default every older client understands).
//
// The media type decides the status of a request error (a document that does not parse or
// validate, variables that do not coerce, a limit): with `application/graphql-response+json` it is
// 400; with `application/json` it is 200, because a legacy client reads the body only on 200.

export type GraphqlMediaType = 'application/graphql-response+json' | 'application/json';

export const GRAPHQL_RESPONSE = 'application/graphql-response+json';

const JSON_TYPE: GraphqlMediaType = 'application/json';

interface AcceptRange {
  type: string;
  q: number;
  order: number;
}

function ranges(accept: string): AcceptRange[] {
  return accept
    .split(',')
    .map((part, order) => {
      const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const qParam = params.find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { type: range, q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((r) => r.type !== '' && r.q > 0);
}

/** The quality the Accept ranges give a media type: its own range, else `application/*`, else `*\/*`; -1 when none. */
function quality(accepted: AcceptRange[], type: string): { q: number; order: number } {
  const exact = accepted.find((r) => r.type === type);
  if (exact) return exact;
  const wildcard = accepted.find((r) => r.type === 'application/*') ?? accepted.find((r) => r.type === '*/*');
  return wildcard ? { q: wildcard.q, order: Number.MAX_SAFE_INTEGER } : { q: -1, order: Number.MAX_SAFE_INTEGER };
}

export function graphqlMediaType(accept: string | undefined): GraphqlMediaType {
  if (!accept) return JSON_TYPE;
  const accepted = ranges(accept);
  const modern = quality(accepted, GRAPHQL_RESPONSE);
  const legacy = quality(accepted, JSON_TYPE);
  // Only an explicit range for the new type chooses it (a wildcard, or none, keeps the legacy default).
  if (modern.order === Number.MAX_SAFE_INTEGER) return JSON_TYPE;
  if (legacy.q > modern.q) return JSON_TYPE;
  if (legacy.q === modern.q && legacy.order < modern.order) return JSON_TYPE;
  return GRAPHQL_RESPONSE;
}

/**
 * The status of an answer under the chosen media type: a request error (400) becomes 200 under
 * `application/json`; other statuses (404 for an unknown Space, 200) stay.
 */
export function statusFor(mediaType: GraphqlMediaType, status: number): number {
  return mediaType === JSON_TYPE && status === 400 ? 200 : status;
}
