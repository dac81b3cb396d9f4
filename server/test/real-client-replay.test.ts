// The replay fixture of real client request shapes (server/test/replay/real-client-requests.ts),
// in order, against the reference server on each storage: every answer matches its pattern.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { REAL_CLIENT_REQUESTS } from './replay/real-client-requests.js';
import { mismatches, replayStep } from './replay/replay.js';
import { startTestServer, storages } from './storages.js';

describe('replay matcher', () => {
  it('matches subsets of objects, exact or open arrays and placeholders, and says where it differs', () => {
    expect(mismatches({ a: 1, b: [1, 2], c: 'x' }, { a: 1, b: [1, '<...>'] })).toEqual([]);
    expect(mismatches({ a: 1 }, { a: 2 })).toEqual(['/a: expected 2, got 1']);
    expect(mismatches([1, 2], [1])).toEqual(['/: expected 1 items, got 2: [1,2]']);
    expect(mismatches({ id: 'nope' }, { id: '<uuid>' })).toEqual(['/id: expected <uuid>, got "nope"']);
    expect(mismatches({ k: 1 }, { k: '<absent>' })).toEqual(['/k: expected no such key, got 1']);
    expect(mismatches({ 'a/b': 1 }, { 'a/b': '<string>' })).toEqual(['/a~1b: expected <string>, got 1']);
  });
});

describe.each(storages)('real client request shapes on $name', (storage) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(storage);
  });
  afterAll(() => server.close());

  it(`answers every one of the ${REAL_CLIENT_REQUESTS.length} recorded requests as the clients expect, in order`, async () => {
    const kept = new Map<string, unknown>();
    const failures: string[] = [];
    for (const [index, step] of REAL_CLIENT_REQUESTS.entries()) {
      const outcome = await replayStep(server.baseUrl, server.token, step, kept);
      if (outcome.problems.length > 0) {
        failures.push(`step ${index} (${step.client}: ${step.what}): ${outcome.problems.join('; ')}\n  answer ${outcome.status}: ${JSON.stringify(outcome.body)?.slice(0, 600)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
