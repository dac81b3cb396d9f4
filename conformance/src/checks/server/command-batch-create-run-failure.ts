/**
 * A `svc.command/batch` of consecutive `svc.entity/create` commands of one Database without
 * `svc/id` (the form a server may write together, command-batch-create-run.ts) where one create
 * cannot be created, first, between or last: an invalid value, an unknown field, a relation to an
 * Entity that does not exist. The batch fails with `command.error/batch-failed` naming that
 * command's index and its own error, and none of the run is created (the public API's atomic
 * batch, as command-batch-atomic.ts checks it for other commands).
 */
import { randomUUID } from 'node:crypto';
import { expectCommandError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { TestNames } from '../../model/schema.js';
import { isRecord } from '../../shapes.js';
import { batchOfCreates, run, withTestWorkspace, type Command } from '../../workspace.js';

interface FailingCreate {
  what: string;
  /** The failing create's position in a run of three creates. */
  at: number;
  entity: (n: TestNames) => Record<string, unknown>;
  /** The inner error's name and the field it names. */
  error: string;
  field: (n: TestNames) => string;
}

/** One failing create per kind of failure and per place in the run (first, between, last). */
const FAILING: readonly FailingCreate[] = [
  { what: 'a text in the integer field', at: 0, entity: (n) => ({ [n.count]: 'seven' }), error: 'entity.error/value-invalid', field: (n) => n.count },
  { what: 'a text in the integer field', at: 1, entity: (n) => ({ [n.title]: 'b', [n.count]: 'seven' }), error: 'entity.error/value-invalid', field: (n) => n.count },
  { what: 'an unknown field', at: 1, entity: (n) => ({ [`${n.space}/Titel`]: 'b' }), error: 'entity.error/schema-field-not-found', field: (n) => `${n.space}/Titel` },
  { what: 'a relation to a Group that does not exist', at: 2, entity: (n) => ({ [n.title]: 'c', [n.group]: { 'svc/id': randomUUID() } }), error: 'entity.error/entity-not-found', field: (n) => n.group },
];

export default defineCheck({
  id: 'command.batch-create-run-failure',
  name:
    'A svc.command/batch of consecutive svc.entity/create of one Database without svc/id where one cannot be created (first, between or last; an invalid value, an unknown field, ' +
    'a relation to a missing Entity) fails with command.error/batch-failed naming that index and its error in data.error, and creates none of them',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-003', 'CMD-ERR-001'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const creates = (entities: Array<Record<string, unknown>>): Command => batchOfCreates(n.items, entities);
      const items = async (): Promise<number> => {
        const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limit': 100 } } }, 'querying the Items');
        return Array.isArray(rows) ? rows.length : 0;
      };
      for (const failing of FAILING) {
        const entities: Array<Record<string, unknown>> = [{ [n.title]: 'x' }, { [n.title]: 'y' }, { [n.title]: 'z' }];
        entities[failing.at] = failing.entity(n);
        const before = await items();
        const refused = await ctx.http.command(creates(entities));
        const label = `svc.command/batch of three svc.entity/create of the Items without svc/id whose command ${failing.at} has ${failing.what}`;
        expectStatus(refused, 200, label);
        const error = expectCommandError(refused, label);
        if (error.name !== 'command.error/batch-failed' || error.data['index'] !== failing.at) {
          fail(`${label}: expected command.error/batch-failed with data.index ${failing.at}, got ${error.name} ${JSON.stringify(error.data).slice(0, 300)}`, refused);
        }
        const inner = error.data['error'];
        const innerData = isRecord(inner) && isRecord(inner['data']) ? inner['data'] : {};
        if (!isRecord(inner) || inner['name'] !== failing.error || innerData['field'] !== failing.field(n)) {
          fail(`${label}: expected data.error to be ${failing.error} naming ${failing.field(n)}, got ${JSON.stringify(inner).slice(0, 300)}`, refused);
        }
        const after = await items();
        if (after !== before) fail(`${label}: the batch failed, yet the Items went from ${before} to ${after}`, ctx.http.lastExchange?.response);
      }
    });
  },
});
