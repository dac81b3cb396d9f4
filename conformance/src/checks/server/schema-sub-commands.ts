import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { mixinNames, readSchema } from '../../schema-view.js';
import { isRecord } from '../../shapes.js';
import { run, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { queryRows } from '../graphql/lib/client.js';
import { fieldDelete, typeDelete } from '../../model/schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default defineCheck({
  id: 'schema.sub-commands',
  name:
    'svc.schema/batch carries out schema.enum/create (values as Entities with enum/name; none without svc/values), schema.field/set-meta, schema.field/rename, ' +
    'schema.type/rename (into a new Space, which GraphQL then serves), svc.app/install-mixins (Comments adds comments/comments), schema.field/delete, also inside svc.command/batch; ' +
    'the select, workflow and comments fields list svc/relation (and the comments collection svc/collection?); the batch answers one {svc/name, svc/id} per operation',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-004', 'SCHEMA-009', 'SCHEMA-011', 'SCHEMA-012', 'SCHEMA-013', 'SCHEMA-014', 'SCHEMA-015', 'SCHEMA-021', 'SCHEMA-022', 'SCHEMA-023', 'SCHEMA-026', 'GQL-001'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const db = `${space}/Tasks`;
    // Renamed into a Space of its own, which exists from then on (GraphQL serves it).
    const movedSpace = `${space}Moved`;
    const renamed = `${movedSpace}/Jobs`;
    const select = `${space}/Kind_${db}`;
    const workflow = `workflow/state_${db}`;
    const noValues = `${space}/Mood_${db}`;
    const created: string[] = [];
    try {
      // A schema batch inside a command batch, followed by a write that needs it.
      const outer = await run(
        ctx,
        {
          command: 'svc.command/batch',
          args: {
            commands: [
              {
                command: 'svc.schema/batch',
                args: {
                  commands: [
                    { command: 'schema.type/create', args: { 'svc/name': db, 'svc/fields': [{ 'svc/name': `${space}/Title`, 'svc/type': 'svc/text' }] } },
                    { command: 'schema.enum/create', args: { 'svc/name': select, 'svc/values': [{ 'enum/name': 'Bug', 'enum/color': 'red' }, { 'enum/name': 'Idea' }] } },
                    {
                      command: 'schema.enum/create',
                      args: { 'svc/name': workflow, 'svc/workflow?': true, 'svc/values': [{ 'enum/name': 'Open' }, { 'enum/name': 'Closed', 'workflow/Final': true }] },
                    },
                    // svc/values is optional: an enum type without options yet.
                    { command: 'schema.enum/create', args: { 'svc/name': noValues } },
                    { command: 'schema.field/create', args: { 'svc/holder-type': db, 'svc/name': `${space}/Kind`, 'svc/type': select } },
                    { command: 'schema.field/create', args: { 'svc/holder-type': db, 'svc/name': `${space}/State`, 'svc/type': workflow } },
                    { command: 'schema.field/create', args: { 'svc/holder-type': db, 'svc/name': `${space}/Old`, 'svc/type': 'svc/integer' } },
                  ],
                },
              },
              { command: 'svc.entity/create', args: { type: db, entity: { [`${space}/Title`]: 'first', [`${space}/Old`]: 3 } } },
            ],
          },
        },
        'svc.command/batch holding a svc.schema/batch and a create in the new Database',
      );
      created.push(db, select, workflow, noValues);
      if (!Array.isArray(outer) || outer.length !== 2) fail(`the command batch answered ${JSON.stringify(outer)?.slice(0, 200)}, expected two results`, ctx.http.lastExchange?.response);

      const values = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': select, 'q/select': ['enum/name', 'enum/color'], 'q/limit': 10 } } }, `reading the values of ${select}`);
      const names = Array.isArray(values) ? values.map((v) => (isRecord(v) ? v['enum/name'] : undefined)).sort() : [];
      if (JSON.stringify(names) !== JSON.stringify(['Bug', 'Idea'])) fail(`the enum ${select} holds ${JSON.stringify(values)}, expected Entities named Bug and Idea`, ctx.http.lastExchange?.response);
      const none = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': noValues, 'q/select': ['enum/name'], 'q/limit': 10 } } }, `reading the values of ${noValues}`);
      if (JSON.stringify(none) !== '[]') fail(`the enum ${noValues}, created without svc/values, holds ${JSON.stringify(none).slice(0, 200)}, expected no Entity`, ctx.http.lastExchange?.response);
      const states = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': workflow, 'q/select': ['enum/name', 'workflow/Final'], 'q/where': ['=', ['workflow/Final'], true], 'q/limit': 10 } } }, `reading the final states of ${workflow}`);
      if (!Array.isArray(states) || states.length !== 1 || !isRecord(states[0]) || states[0]['enum/name'] !== 'Closed') fail(`the final states of ${workflow} are ${JSON.stringify(states)}, expected only Closed`, ctx.http.lastExchange?.response);

      const changed = expectSuccess(
        await schemaBatch(ctx, [
          { command: 'schema.field/set-meta', args: { 'holder-type': db, name: `${space}/Title`, 'svc/meta': { 'ui/title?': true } } },
          { command: 'schema.field/rename', args: { 'holder-type': db, 'from-name': `${space}/Title`, 'to-name': `${space}/Name` } },
          fieldDelete(db, `${space}/Old`),
          { command: 'svc.app/install-mixins', args: { types: { [db]: ['comments/comments-mixin'] } } },
          { command: 'schema.type/rename', args: { 'from-name': db, 'to-name': renamed } },
        ]),
        'set-meta, field rename, field delete, install-mixins and type rename in one svc.schema/batch',
      );
      // SchemaBatchResult: one {svc/name, svc/id} per operation, naming what it changed (a rename: the new name, the same id).
      const expectedNames = [`${space}/Title`, `${space}/Name`, `${space}/Old`, db, renamed];
      const results = Array.isArray(changed) ? changed.filter(isRecord) : [];
      const ids = results.map((r) => r['svc/id']);
      if (
        JSON.stringify(results.map((r) => r['svc/name'])) !== JSON.stringify(expectedNames) ||
        !ids.every((id) => typeof id === 'string' && UUID.test(id)) ||
        ids[0] !== ids[1] ||
        ids[3] !== ids[4]
      ) {
        fail(`the schema batch answered ${JSON.stringify(changed)}, expected one {svc/name, svc/id} per operation naming ${JSON.stringify(expectedNames)} (a renamed field or type keeping its id)`, ctx.http.lastExchange?.response);
      }
      created[0] = renamed;
      const schema = await readSchema(ctx);
      const jobs = schema.type(renamed);
      const fieldMeta = (name: string) => jobs?.['svc/fields'].find((f) => f['svc/name'] === name)?.['svc/meta'];
      if (!jobs || schema.type(db)) fail(`after schema.type/rename, the schema should list ${renamed} and not ${db}`, ctx.http.lastExchange?.response);
      if (schema.field(renamed, `${space}/Title`) || fieldMeta(`${space}/Name`)?.['ui/title?'] !== true) fail(`after set-meta and rename, ${renamed} should have ${space}/Name with ui/title? true and no ${space}/Title`, ctx.http.lastExchange?.response);
      if (schema.field(renamed, `${space}/Old`)) fail(`after schema.field/delete, ${renamed} still lists ${space}/Old`, ctx.http.lastExchange?.response);
      // The select and workflow types are enum types, not Databases (TypeMeta); the Database is one.
      for (const [name, enumType] of [[select, true], [workflow, true], [renamed, false]] as const) {
        const meta = schema.type(name)?.['svc/meta'];
        if (meta === undefined || (meta['svc/enum?'] === true) !== enumType || (meta['svc/domain?'] === true) === enumType) {
          fail(`svc.schema/query lists ${name} with the meta ${JSON.stringify(meta)}, expected ${enumType ? 'svc/enum? true and no svc/domain? true' : 'svc/domain? true and no svc/enum? true'}`, ctx.http.lastExchange?.response);
        }
      }
      // A select, a workflow and the comments collection are relations: their meta names the relation (SCHEMA-004), created with no meta or by a mixin.
      for (const [field, collection] of [[`${space}/Kind`, false], [`${space}/State`, false], ['comments/comments', true]] as const) {
        const meta = fieldMeta(field);
        if (typeof meta?.['svc/relation'] !== 'string' || !UUID.test(meta['svc/relation']) || (meta['svc/collection?'] === true) !== collection) {
          fail(`svc.schema/query lists ${renamed}'s field ${field} with the meta ${JSON.stringify(meta)}, expected svc/relation (a UUID)${collection ? ' and svc/collection? true' : ' and no svc/collection? true'}`, ctx.http.lastExchange?.response);
        }
      }
      if (!schema.field(renamed, 'comments/comments') || !mixinNames(jobs['svc/meta']['app/mixins']).includes('comments/comments-mixin')) {
        fail(`after svc.app/install-mixins of comments/comments-mixin, ${renamed} should list the field comments/comments and the mixin in app/mixins`, ctx.http.lastExchange?.response);
      }
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': renamed, 'q/select': [`${space}/Name`, 'comments/comments'], 'q/limit': 10 } } }, `reading ${renamed}`);
      if (JSON.stringify(rows) !== JSON.stringify([{ [`${space}/Name`]: 'first', 'comments/comments': [] }])) {
        fail(`${renamed} holds ${JSON.stringify(rows)}, expected the Entity written before the renames, with an empty comments/comments`, ctx.http.lastExchange?.response);
      }
      // The renamed Database is a Database of its new Space (GQL-001: a find<Plural> query for every Database of the Space).
      const jobsOverGraphql = await queryRows(ctx, movedSpace, '{ findJobs(limit: 10) { id } }', 'findJobs', `findJobs on the Space ${movedSpace}, which ${db} was renamed into`);
      if (jobsOverGraphql.length !== 1) fail(`after schema.type/rename of ${db} to ${renamed}, findJobs on the Space ${movedSpace} answered ${JSON.stringify(jobsOverGraphql)}, expected its one Entity`, ctx.http.lastExchange?.response);
    } finally {
      if (created.length > 0) await schemaBatch(ctx, created.map((name) => (typeDelete(name)))).catch(() => undefined);
    }
  },
});
