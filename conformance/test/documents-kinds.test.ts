// "If supported, then correct" for the node and mark kinds of documents: the reference server (pg-mem)
// behind a fault proxy that plays a server without tables. Refusing a json write of a table with the
// named answer (400 document.error/content-invalid, data.node "table") makes the round trips
// unsupported (a warning naming the kind), with every other kind still checked; refusing it without
// naming the kind is a wrong answer and fails them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fault, ProxiedRequest } from '../src/faults/fault.js';
import { startFaultProxy } from '../src/faults/proxy.js';
import { documentCommandOf, isDocument, isRecord, jsonAnswer, paramsOf } from '../src/faults/server/support.js';
import { runChecks } from '../src/runner.js';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer } from '../../server/test/storages.js';

const ROUND_TRIPS = ['documents.json-round-trip', 'documents.markdown-round-trip', 'documents.html-round-trip', 'documents.plain-text'];

function holdsTable(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsTable);
  return isRecord(value) && (value['type'] === 'table' || Object.values(value).some(holdsTable));
}

/** The content of a json write (PUT or create-or-update-documents), if the request is one. */
function jsonWrite(req: ProxiedRequest): unknown {
  if (paramsOf(req).get('format') !== 'json') return undefined;
  if (isDocument(req, 'PUT') && isRecord(req.json)) return req.json['content'];
  return documentCommandOf(req, 'create-or-update-documents')?.['args'];
}

function withoutTables(data: Record<string, unknown>): Fault {
  return {
    id: 'test.documents-without-tables',
    target: 'server',
    area: 'documents',
    breaks: 'DOC-028',
    description: 'refuses documents holding a table',
    inbound: {
      reply(req) {
        if (!holdsTable(jsonWrite(req))) return;
        return jsonAnswer(400, { name: 'document.error/content-invalid', message: 'Tables are not supported.', data });
      },
    },
  };
}

describe('document node kinds a server lacks', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ name: 'pg-mem' });
  });
  afterAll(() => server?.close());

  async function roundTrips(fault: Fault) {
    const proxy = await startFaultProxy({ upstream: server.baseUrl, fault });
    try {
      return await runChecks({ target: 'server', baseUrl: proxy.url, token: server.token, seed: 7, numRuns: 5, profile: 'quick', only: ROUND_TRIPS, timeoutMs: 30_000 });
    } finally {
      await proxy.close();
    }
  }

  it('named as unsupported (data.node): the round trips warn, naming the kind', async () => {
    const summary = await roundTrips(withoutTables({ field: 'content', node: 'table' }));
    expect(summary.results.map((r) => [r.id, r.verdict, r.outcome])).toEqual(ROUND_TRIPS.map((id) => [id, 'unsupported', 'warn']));
    for (const result of summary.results) expect(result.message).toContain('document node table');
    expect(summary.conformant).toBe(true);
  });

  it('refused without naming the kind: the round trips fail', async () => {
    const summary = await roundTrips(withoutTables({ field: 'content' }));
    expect(summary.results.map((r) => [r.id, r.verdict, r.outcome])).toEqual(ROUND_TRIPS.map((id) => [id, 'fail', 'fail']));
    expect(summary.conformant).toBe(false);
  });
});
