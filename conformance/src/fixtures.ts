/**
 * Requests shared by several checks: harmless commands and one request per
 * protected endpoint of the service.
 */
import type { RequestSpec } from './http.js';

/** `svc.schema/query` as clients send it: no `args` at all. */
export const SCHEMA_QUERY = { command: 'svc.schema/query' } as const;

/** A Database name that no workspace has. */
export const UNKNOWN_TYPE = 'Nope/Nope';

/** A Space name for the GraphQL endpoint; requests to it are refused before the Space is looked up. */
export const PROBE_SPACE = 'Conformance_Probe';

/** A document secret nobody uses. */
export const PROBE_SECRET = '00000000-0000-4000-8000-00000000c0de';

export interface ProtectedEndpoint {
  /** `POST /api/commands`, for messages. */
  label: string;
  /** Error bodies are the command envelope (only /api/commands). */
  envelope: boolean;
  request: Omit<RequestSpec, 'auth'>;
}

/**
 * One request per operation behind `Authorization` (AUTH-001). None of them
 * changes anything when it is refused; the DELETE names a webhook id that does not exist.
 */
export const PROTECTED_ENDPOINTS: readonly ProtectedEndpoint[] = [
  { label: 'POST /api/commands', envelope: true, request: { method: 'POST', path: '/api/commands', json: SCHEMA_QUERY } },
  { label: 'GET /api/documents/<secret>', envelope: false, request: { method: 'GET', path: `/api/documents/${PROBE_SECRET}?format=md` } },
  {
    label: 'PUT /api/documents/<secret>',
    envelope: false,
    request: { method: 'PUT', path: `/api/documents/${PROBE_SECRET}?format=md`, json: { content: 'conformance probe' } },
  },
  {
    label: 'POST /api/documents/commands',
    envelope: false,
    request: { method: 'POST', path: '/api/documents/commands', json: { command: 'get-documents', args: [{ secret: PROBE_SECRET }] } },
  },
  { label: 'GET /api/webhooks/v2', envelope: false, request: { method: 'GET', path: '/api/webhooks/v2' } },
  {
    label: 'POST /api/webhooks/v2',
    envelope: false,
    request: { method: 'POST', path: '/api/webhooks/v2', json: { url: 'http://127.0.0.1:9/conformance-probe', type: UNKNOWN_TYPE } },
  },
  { label: 'DELETE /api/webhooks/v2/<id>', envelope: false, request: { method: 'DELETE', path: '/api/webhooks/v2/2147483647' } },
  {
    label: 'POST /api/graphql/space/<space>',
    envelope: false,
    request: { method: 'POST', path: `/api/graphql/space/${PROBE_SPACE}`, json: { query: '{ __typename }' } },
  },
];
