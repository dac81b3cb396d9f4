import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { postCommand, startTestServer, storages } from './storages.js';

describe.each(storages)('schema commands on $name', (storage) => {
  let server: RunningServer;
  const run = (command: unknown) => postCommand(server, command);
  const schemaBatch = (...commands: unknown[]) => ({ command: 'svc.schema/batch', args: { commands } });
  const typeNames = async () =>
    ((await run({ command: 'svc.schema/query' })).result as { 'svc/types': Array<{ 'svc/name': string }> })['svc/types'].map((t) => t['svc/name']);

  beforeAll(async () => {
    server = await startTestServer(storage);
  });
  afterAll(() => server.close());

  it('creates a Database and its Entities in one batch, and rolls both back together', async () => {
    const create = schemaBatch({ command: 'schema.type/create', args: { 'svc/name': 'Tx/Things', 'svc/fields': [{ 'svc/name': 'Tx/Name', 'svc/type': 'svc/text' }] } });
    const ok = await run({ command: 'svc.command/batch', args: { commands: [create, { command: 'svc.entity/create', args: { type: 'Tx/Things', entity: { 'Tx/Name': 'a' } } }] } });
    expect(ok.success).toBe(true);
    await run(schemaBatch({ command: 'schema.type/delete', args: { name: 'Tx/Things', 'delete-entities?': true } }));
    const failed = await run({
      command: 'svc.command/batch',
      args: { commands: [create, { command: 'svc.entity/create', args: { type: 'Tx/Things', entity: { 'Tx/Name': 42 } } }] },
    });
    expect(failed).toMatchObject({ success: false, result: { name: 'command.error/batch-failed', data: { index: 1 } } });
    expect(await typeNames()).not.toContain('Tx/Things');
  });

  it('accepts schema.type/create with the system fields spelled out, deletes it, and creates it again', async () => {
    const spelled = {
      command: 'schema.type/create',
      args: {
        'svc/name': 'Again/Rows',
        'svc/meta': {},
        'svc/fields': [
          { 'svc/name': 'svc/id', 'svc/type': 'svc/uuid', 'svc/meta': { 'svc/id?': true, 'svc/readonly?': true } },
          { 'svc/name': 'svc/creation-date', 'svc/type': 'svc/date-time', 'svc/meta': { 'svc/readonly?': true, 'svc/default-value': '$now' } },
          { 'svc/name': 'Again/Name', 'svc/type': 'svc/text' },
        ],
      },
    };
    for (let round = 0; round < 2; round++) {
      expect((await run(schemaBatch(spelled))).success).toBe(true);
      expect((await run({ command: 'svc.entity/create', args: { type: 'Again/Rows', entity: { 'Again/Name': `r${round}` } } })).success).toBe(true);
      expect((await run(schemaBatch({ command: 'schema.type/delete', args: { name: 'Again/Rows' } }))).result).toMatchObject({ name: 'schema.error/type-has-entities', data: { name: 'Again/Rows', field: 'delete-entities?', count: 1 } });
      expect((await run(schemaBatch({ command: 'schema.type/delete', args: { name: 'Again/Rows', 'delete-entities?': true } }))).success).toBe(true);
    }
    expect(await typeNames()).not.toContain('Again/Rows');
  });

  it('makes a relation of two field/create sharing svc/relation, listed on both ends', async () => {
    const relation = randomUUID();
    const answer = await run(
      schemaBatch(
        { command: 'schema.type/create', args: { 'svc/name': 'Rel/Parents', 'svc/fields': [{ 'svc/name': 'Rel/Name', 'svc/type': 'svc/text' }] } },
        { command: 'schema.type/create', args: { 'svc/name': 'Rel/Children' } },
        { command: 'schema.field/create', args: { 'svc/holder-type': 'Rel/Children', 'svc/name': 'Rel/Parent', 'svc/type': 'Rel/Parents', 'svc/meta': { 'svc/relation': relation } } },
        { command: 'schema.field/create', args: { 'svc/holder-type': 'Rel/Parents', 'svc/name': 'Rel/Children', 'svc/type': 'Rel/Children', 'svc/meta': { 'svc/relation': relation, 'svc/collection?': true } } },
        { command: 'schema.enum/create', args: { 'svc/name': 'Rel/Kind_Rel/Children', 'svc/values': [{ 'enum/name': 'A' }, { 'enum/name': 'B' }] } },
        { command: 'schema.field/create', args: { 'svc/holder-type': 'Rel/Children', 'svc/name': 'Rel/Kind', 'svc/type': 'Rel/Kind_Rel/Children' } },
        { command: 'svc.app/install-mixins', args: { types: { 'Rel/Parents': ['comments/comments-mixin'] } } },
      ),
    );
    expect(answer.success).toBe(true);
    const schema = (await run({ command: 'svc.schema/query' })).result as {
      'svc/types': Array<{ 'svc/name': string; 'svc/meta': Record<string, unknown>; 'svc/fields': Array<{ 'svc/name': string; 'svc/meta': Record<string, unknown> }> }>;
    };
    const fieldMeta = (type: string, field: string) =>
      schema['svc/types'].find((t) => t['svc/name'] === type)?.['svc/fields'].find((f) => f['svc/name'] === field)?.['svc/meta'];
    expect(fieldMeta('Rel/Children', 'Rel/Parent')?.['svc/relation']).toBe(relation);
    expect(fieldMeta('Rel/Parents', 'Rel/Children')).toMatchObject({ 'svc/relation': relation, 'svc/collection?': true });
    expect(fieldMeta('Rel/Parents', 'comments/comments')).toMatchObject({ 'svc/collection?': true });
    // The schema lists mixins as a map (the public API's form).
    expect(schema['svc/types'].find((t) => t['svc/name'] === 'Rel/Parents')?.['svc/meta']['app/mixins']).toEqual({ 'comments/comments-mixin': true });
    expect(schema['svc/types'].find((t) => t['svc/name'] === 'Rel/Kind_Rel/Children')?.['svc/meta']['svc/enum?']).toBe(true);

    const parent = (await run({ command: 'svc.entity/create', args: { type: 'Rel/Parents', entity: { 'Rel/Name': 'p' } } })).result as { 'svc/id': string };
    // Values made in one batch share their creation date: their order is by svc/id, so B is found by name.
    const kinds = (await run({ command: 'svc.entity/query', args: { query: { 'q/from': 'Rel/Kind_Rel/Children', 'q/select': ['svc/id', 'enum/name'], 'q/limit': 10 } } })).result as Array<{ 'svc/id': string; 'enum/name': string }>;
    const b = kinds.find((k) => k['enum/name'] === 'B');
    const child = await run({ command: 'svc.entity/create', args: { type: 'Rel/Children', entity: { 'Rel/Parent': { 'svc/id': parent['svc/id'] }, 'Rel/Kind': { 'svc/id': b?.['svc/id'] } } } });
    expect(child.success).toBe(true);
    const read = await run({
      command: 'svc.entity/query',
      args: { query: { 'q/from': 'Rel/Parents', 'q/select': ['Rel/Name', { 'Rel/Children': [{ 'Rel/Kind': ['enum/name'] }] }, 'comments/comments'], 'q/limit': 10 } },
    });
    expect(read.result).toEqual([{ 'Rel/Name': 'p', 'Rel/Children': [{ 'Rel/Kind': { 'enum/name': 'B' } }], 'comments/comments': [] }]);
  });

  it('renames and deletes fields and types, keeping the data', async () => {
    await run(schemaBatch({ command: 'schema.type/create', args: { 'svc/name': 'Ren/A', 'svc/fields': [{ 'svc/name': 'Ren/X', 'svc/type': 'svc/integer' }] } }));
    await run({ command: 'svc.entity/create', args: { type: 'Ren/A', entity: { 'Ren/X': 7 } } });
    const renamed = await run(
      schemaBatch(
        { command: 'schema.field/rename', args: { 'holder-type': 'Ren/A', 'from-name': 'Ren/X', 'to-name': 'Ren/Y' } },
        { command: 'schema.type/rename', args: { 'from-name': 'Ren/A', 'to-name': 'Ren/B' } },
        { command: 'schema.field/set-meta', args: { 'holder-type': 'Ren/B', name: 'Ren/Y', 'svc/meta': { 'ui/title?': true } } },
      ),
    );
    expect(renamed.success).toBe(true);
    const rows = await run({ command: 'svc.entity/query', args: { query: { 'q/from': 'Ren/B', 'q/select': ['Ren/Y'], 'q/limit': 5 } } });
    expect(rows.result).toEqual([{ 'Ren/Y': 7 }]);
    const refused = await run(schemaBatch({ command: 'schema.field/delete', args: { 'holder-type': 'Ren/B', name: 'Ren/Y' } }));
    expect(refused.result).toMatchObject({ name: 'schema.error/field-has-values', data: { holderType: 'Ren/B', name: 'Ren/Y', field: 'delete-values?' } });
    const deleted = await run(schemaBatch({ command: 'schema.field/delete', args: { 'holder-type': 'Ren/B', name: 'Ren/Y', 'delete-values?': true } }));
    expect(deleted.success).toBe(true);
    const gone = await run({ command: 'svc.entity/query', args: { query: { 'q/from': 'Ren/B', 'q/select': ['Ren/Y'], 'q/limit': 5 } } });
    expect(gone).toMatchObject({ success: false, result: { name: 'entity.error/schema-field-not-found' } });
  });

  it('deletes a type or field that holds data only with the public API flags, and an empty one without them', async () => {
    const relation = randomUUID();
    expect(
      (
        await run(
          schemaBatch(
            { command: 'schema.type/create', args: { 'svc/name': 'Del/Owners', 'svc/fields': [{ 'svc/name': 'Del/Name', 'svc/type': 'svc/text' }] } },
            { command: 'schema.type/create', args: { 'svc/name': 'Del/Pets', 'svc/fields': [{ 'svc/name': 'Del/Nick', 'svc/type': 'svc/text' }, { 'svc/name': 'Del/Empty', 'svc/type': 'svc/text' }] } },
            { command: 'schema.field/create', args: { 'svc/holder-type': 'Del/Pets', 'svc/name': 'Del/Owner', 'svc/type': 'Del/Owners', 'svc/meta': { 'svc/relation': relation } } },
          ),
        )
      ).success,
    ).toBe(true);
    // No Entities yet: the relation field of Pets still relates to Owners.
    expect((await run(schemaBatch({ command: 'schema.type/delete', args: { name: 'Del/Owners' } }))).result).toMatchObject({
      name: 'schema.error/type-has-related-fields',
      data: { name: 'Del/Owners', field: 'delete-related-fields?', fields: [{ holderType: 'Del/Pets', name: 'Del/Owner' }] },
    });
    const owner = (await run({ command: 'svc.entity/create', args: { type: 'Del/Owners', entity: { 'Del/Name': 'o' } } })).result as { 'svc/id': string };
    await run({ command: 'svc.entity/create', args: { type: 'Del/Pets', entity: { 'Del/Nick': 'p', 'Del/Owner': { 'svc/id': owner['svc/id'] } } } });
    expect((await run(schemaBatch({ command: 'schema.field/delete', args: { 'holder-type': 'Del/Pets', name: 'Del/Owner' } }))).result).toMatchObject({ name: 'schema.error/field-has-values' });
    expect((await run(schemaBatch({ command: 'schema.field/delete', args: { 'holder-type': 'Del/Pets', name: 'Del/Empty' } }))).success).toBe(true);
    expect((await run(schemaBatch({ command: 'schema.type/delete', args: { name: 'Del/Owners', 'delete-related-fields?': true } }))).result).toMatchObject({
      name: 'schema.error/type-has-entities',
      data: { name: 'Del/Owners', field: 'delete-entities?', count: 1 },
    });
    // Refused: nothing went; both flags: the type, its Entity and the relating field go.
    expect(await typeNames()).toContain('Del/Owners');
    expect((await run(schemaBatch({ command: 'schema.type/delete', args: { name: 'Del/Owners', 'delete-entities?': true, 'delete-related-fields?': true } }))).success).toBe(true);
    const pets = await run({ command: 'svc.entity/query', args: { query: { 'q/from': 'Del/Pets', 'q/select': ['Del/Nick'], 'q/limit': 5 } } });
    expect(pets.result).toEqual([{ 'Del/Nick': 'p' }]);
    expect((await run(schemaBatch({ command: 'schema.type/delete', args: { name: 'Del/Pets', 'delete-entities?': true } }))).success).toBe(true);
  });

  it('creates the documents of rich text fields with the Entity', async () => {
    await run(schemaBatch({ command: 'schema.type/create', args: { 'svc/name': 'Doc/Pages', 'svc/fields': [{ 'svc/name': 'Doc/Body', 'svc/type': 'Collaboration~Documents/Document' }] } }));
    const given = randomUUID();
    const a = (await run({ command: 'svc.entity/create', args: { type: 'Doc/Pages', entity: {} } })).result as Record<string, { 'Collaboration~Documents/secret': string }>;
    const b = (await run({ command: 'svc.entity/create', args: { type: 'Doc/Pages', entity: { 'Doc/Body': { 'Collaboration~Documents/secret': given } } } })).result as Record<string, { 'Collaboration~Documents/secret': string }>;
    const secrets = [a['Doc/Body']?.['Collaboration~Documents/secret'], b['Doc/Body']?.['Collaboration~Documents/secret']];
    expect(secrets[1]).toBe(given);
    const { rows } = await server.db.query<{ secret: string }>('SELECT secret FROM documents WHERE secret IN ($1, $2)', secrets);
    expect(rows.map((r) => r.secret).sort()).toEqual([...secrets].sort());
  });

  it('names what is wrong in a schema batch, and applies none of it', async () => {
    const answer = await run(
      schemaBatch(
        { command: 'schema.type/create', args: { 'svc/name': 'Bad/Ok' } },
        { command: 'schema.field/create', args: { 'svc/holder-type': 'Bad/Ok', 'svc/name': 'Bad/F', 'svc/type': 'Nope/Nope' } },
      ),
    );
    expect(answer).toMatchObject({ success: false, result: { name: 'schema.error/definition-invalid', data: { field: 'svc/type' } } });
    expect(await typeNames()).not.toContain('Bad/Ok');
  });
});
