/**
 * Read-only fields refuse writes: a field whose meta says `svc/readonly?: true` by create and by
 * update, and the system fields a client cannot set by update. Each refusal is
 * `entity.error/field-readonly` naming the field (in data.field and in its message, a sentence a
 * person can act on: CMD-ERR-001), and nothing is written.
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { Command } from '../../model/driver.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { typeDelete } from '../../model/schema.js';

/** System fields an update may not set (svc/modification-date may be given; svc/id names the Entity). */
const SYSTEM_READ_ONLY: ReadonlyArray<[string, unknown]> = [
  ['svc/public-id', '999999'],
  ['svc/creation-date', '2020-01-01T00:00:00.000Z'],
];

export default defineCheck({
  id: 'command.readonly-fields',
  name:
    'A field whose meta says svc/readonly? true refuses svc.entity/create and svc.entity/update with entity.error/field-readonly naming it (data.field and message), ' +
    'and so do svc/public-id and svc/creation-date by update; nothing is written (the other fields of a refused create or update neither)',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ENT-010', 'CMD-ERR-001'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const [db, name, locked] = [`${space}/Records`, `${space}/Name`, `${space}/Locked`];
    expectSuccess(
      await schemaBatch(ctx, [
        {
          command: 'schema.type/create',
          args: {
            'svc/name': db,
            'svc/meta': { 'svc/domain?': true },
            'svc/fields': [
              { 'svc/name': name, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } },
              { 'svc/name': locked, 'svc/type': 'svc/text', 'svc/meta': { 'svc/readonly?': true } },
            ],
          },
        },
      ]),
      `creating ${db} with the read-only field ${locked}`,
    );
    try {
      const read = async (): Promise<Array<Record<string, unknown>>> => {
        const rows = expectSuccess(
          await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': db, 'q/select': ['svc/id', name, locked, 'svc/public-id', 'svc/creation-date'], 'q/limit': 100 } } }),
          `reading ${db}`,
        );
        return Array.isArray(rows) ? rows.filter(isRecord) : [];
      };
      const created = expectSuccess(await ctx.http.command({ command: 'svc.entity/create', args: { type: db, entity: { [name]: 'kept' } } }), `creating a Record without ${locked}`);
      const id = isRecord(created) ? String(created['svc/id']) : '';
      const [before] = await read();
      const attempts: Array<{ what: string; field: string; command: Command }> = [
        { what: `svc.entity/create with ${locked}`, field: locked, command: { command: 'svc.entity/create', args: { type: db, entity: { [name]: 'refused', [locked]: 'x' } } } },
        { what: `svc.entity/update of ${locked}`, field: locked, command: { command: 'svc.entity/update', args: { type: db, entity: { 'svc/id': id, [name]: 'changed', [locked]: 'x' } } } },
        ...SYSTEM_READ_ONLY.map(([field, value]) => ({
          what: `svc.entity/update of ${field}`,
          field,
          command: { command: 'svc.entity/update', args: { type: db, entity: { 'svc/id': id, [name]: 'changed', [field]: value } } } as Command,
        })),
      ];
      for (const { what, field, command } of attempts) {
        const res = await ctx.http.command(command);
        const body = res.json;
        if (isRecord(body) && body['success'] === true) fail(`${what} succeeded; a read-only field cannot be written`, res);
        const error = isRecord(body) && isRecord(body['result']) ? body['result'] : {};
        if (error['name'] !== 'entity.error/field-readonly') fail(`${what}: expected the error name "entity.error/field-readonly", got ${JSON.stringify(error['name'])}`, res);
        const data = isRecord(error['data']) ? error['data'] : {};
        if (data['field'] !== field) fail(`${what}: data.field should name ${JSON.stringify(field)}, it is ${JSON.stringify(data['field'])}`, res);
        const message = typeof error['message'] === 'string' ? error['message'] : '';
        if (!message.includes(field)) fail(`${what}: the message ${JSON.stringify(message)} does not name the read-only field ${JSON.stringify(field)}`, res);
      }
      const after = await read();
      if (after.length !== 1 || JSON.stringify(after[0]) !== JSON.stringify(before)) {
        fail(`after the refused writes ${db} holds ${JSON.stringify(after).slice(0, 400)}, expected it as it was: ${JSON.stringify(before)}`, ctx.http.lastExchange?.response);
      }
    } finally {
      const out = await schemaBatch(ctx, [typeDelete(db)]);
      if (out.status !== 200) ctx.log(`tear-down of ${db} answered ${out.status}`);
    }
  },
});
