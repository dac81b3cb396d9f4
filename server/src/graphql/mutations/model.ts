// What a Space's GraphQL mutations expose (spec/graphql/README.md, "Mutations"), worked out from
// its SpaceModel before any GraphQL type exists: per Database the root `Mutation` field, the
// fields of `<T>Input` and the actions of `<T>Operations`. The schema builder prints it; the
// mutation runner reads requests with it.
import { COMMENTS_FIELD } from '../../model/field-types.js';
import { firstFree, mutationBaseName, pascalCase } from '../naming.js';
import type { FieldModel, ObjectModel, SpaceModel } from '../space-model.js';

/** A field of `<T>Input`: a value, a rich text (Markdown), or a relation given as target filters. */
export type InputFieldModel =
  | { kind: 'scalar'; name: string; field: Extract<FieldModel, { kind: 'scalar' }> }
  | { kind: 'richText'; name: string; field: Extract<FieldModel, { kind: 'richText' }> }
  | { kind: 'object'; name: string; field: Extract<FieldModel, { kind: 'object' }> };

/** How rich text actions change a document. */
export type ContentEdit = 'append' | 'prepend' | 'overwrite';

/** One action of `<T>Operations`; `batch`: its `<action>Batch(data: [...])` form. */
export type ActionModel =
  | { kind: 'create'; batch: boolean }
  | { kind: 'update'; batch: boolean }
  | { kind: 'delete' }
  | { kind: 'content'; edit: ContentEdit; field: Extract<FieldModel, { kind: 'richText' }>; batch: boolean }
  | { kind: 'link' | 'unlink'; field: Extract<FieldModel, { kind: 'object' }> }
  /**
   * An action on the Entities a relation field links to (the field's target Database `target`):
   * `add` creates one and links it (`add<F>`, `add<F>Item` for a collection), `update` and
   * `delete` change or delete those linked.
   */
  | { kind: 'related'; op: 'add' | 'update' | 'delete'; field: Extract<FieldModel, { kind: 'object' }>; target: DatabaseMutations };

export interface DatabaseMutations {
  /** The root `Mutation` field (`tasks`). */
  rootName: string;
  target: ObjectModel;
  /** `<T>Input` fields (also the arguments of `create` and `update`), in schema order. */
  inputs: InputFieldModel[];
  /** `<T>Operations` fields by name, in schema order. */
  actions: Map<string, ActionModel>;
}

/** System fields (`svc/*`: id, publicId, dates, rank, createdBy): set by the server, not given in `<T>Input`. */
function isSystem(f: FieldModel): boolean {
  return f.kind === 'absent' || f.field.name.startsWith('svc/');
}

function inputFields(object: ObjectModel): InputFieldModel[] {
  const out: InputFieldModel[] = [];
  for (const f of object.fields.values()) {
    if (isSystem(f)) continue;
    if (f.kind === 'scalar') out.push({ kind: 'scalar', name: f.name, field: f });
    else if (f.kind === 'richText') out.push({ kind: 'richText', name: f.name, field: f });
    else if (f.kind === 'object' && f.field.name !== COMMENTS_FIELD) out.push({ kind: 'object', name: f.name, field: f });
  }
  return out;
}

function actionsOf(inputs: InputFieldModel[], byType: ReadonlyMap<string, DatabaseMutations>): Map<string, ActionModel> {
  const actions = new Map<string, ActionModel>();
  const add = (base: string, action: ActionModel): void => {
    actions.set(
      firstFree(base, (c) => !actions.has(c)),
      action,
    );
  };
  add('create', { kind: 'create', batch: false });
  add('createBatch', { kind: 'create', batch: true });
  add('update', { kind: 'update', batch: false });
  add('updateBatch', { kind: 'update', batch: true });
  add('delete', { kind: 'delete' });
  for (const input of inputs) {
    const part = pascalCase(input.name.replace(/^_/, '')) || 'Field';
    if (input.kind === 'richText') {
      for (const [prefix, edit] of [
        ['appendContentTo', 'append'],
        ['prependContentTo', 'prepend'],
        ['overwrite', 'overwrite'],
      ] as const) {
        add(`${prefix}${part}`, { kind: 'content', edit, field: input.field, batch: false });
        add(`${prefix}${part}Batch`, { kind: 'content', edit, field: input.field, batch: true });
      }
    } else if (input.kind === 'object') {
      add(`link${part}`, { kind: 'link', field: input.field });
      add(`unlink${part}`, { kind: 'unlink', field: input.field });
      // Actions on the related Entities: only where the target is a Database of the Space (not
      // the options of a select or workflow, nor the users); add and update need its `<O>Input`.
      const target = input.field.target.kind === 'database' ? byType.get(input.field.target.type.name) : undefined;
      if (!target) continue;
      if (target.inputs.length > 0) {
        add(input.field.many ? `add${part}Item` : `add${part}`, { kind: 'related', op: 'add', field: input.field, target });
        add(`update${part}`, { kind: 'related', op: 'update', field: input.field, target });
      }
      add(`delete${part}`, { kind: 'related', op: 'delete', field: input.field, target });
    }
  }
  return actions;
}

const cache = new WeakMap<SpaceModel, DatabaseMutations[]>();

/** The mutations of a Space: one per Database with a query, in the order of the queries. */
export function spaceMutations(model: SpaceModel): DatabaseMutations[] {
  const known = cache.get(model);
  if (known) return known;
  const names = new Set<string>();
  const out = model.queries.map((q): DatabaseMutations => {
    const rootName = firstFree(mutationBaseName(q.target.type.name), (c) => !names.has(c));
    names.add(rootName);
    return { rootName, target: q.target, inputs: inputFields(q.target), actions: new Map() };
  });
  // The actions name the Databases their relations lead to, so they come once all are known.
  const byType = new Map(out.map((db) => [db.target.type.name, db]));
  for (const db of out) db.actions = actionsOf(db.inputs, byType);
  cache.set(model, out);
  return out;
}
