/**
 * A one-off Database for the graphql checks that need field types the shared test Databases do
 * not have (files, rich text): `<unique Space>/Records`, deleted afterwards.
 */
import { describeRequest, expectSuccess } from '../../../assert.js';
import type { CheckContext } from '../../../check.js';
import { schemaBatch, uniqueSpaceName } from '../../../workspace.js';
import { typeDelete } from '../../../model/schema.js';

export interface ExtraDatabase {
  space: string;
  type: string;
  /** Field names by the local names given. */
  fields: Record<string, string>;
}

export async function withExtraDatabase<T>(
  ctx: CheckContext,
  fields: Array<{ name: string; type: string; meta?: Record<string, unknown> }>,
  body: (db: ExtraDatabase) => Promise<T>,
): Promise<T> {
  const space = uniqueSpaceName(ctx);
  const type = `${space}/Records`;
  const names = Object.fromEntries(fields.map((f) => [f.name, `${space}/${f.name}`]));
  const created = await schemaBatch(ctx, [
    {
      command: 'schema.type/create',
      args: {
        'svc/name': type,
        'svc/meta': { 'svc/domain?': true },
        'svc/fields': [
          { 'svc/name': `${space}/Label`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } },
          ...fields.map((f) => ({ 'svc/name': `${space}/${f.name}`, 'svc/type': f.type, ...(f.meta ? { 'svc/meta': f.meta } : {}) })),
        ],
      },
    },
  ]);
  expectSuccess(created, `creating the Database ${type}`);
  try {
    return await body({ space, type, fields: { ...names, Label: `${space}/Label` } });
  } finally {
    const out = await schemaBatch(ctx, [typeDelete(type)]).catch(() => undefined);
    if (!out || out.status !== 200) ctx.log(`tear-down of ${type} failed${out ? `: ${describeRequest(out)} answered ${out.status}` : ''}`);
  }
}
