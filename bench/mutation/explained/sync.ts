// Equivalent or out-of-reach survivors of sync runs (server/src/integrations/sync/): see index.ts.
import { withReason, type Explanation } from './explanation.js';

export const SYNC: readonly Explanation[] = [
  // integrations/sync/retry.ts: the wait between tryLater answers ends early only when the server shuts down
  ...withReason("the shutdown of the process: the abort signal fires only when the server closes, which no client of it sees (server/test covers a closing server's runs)", [
    ["server/src/integrations/sync/retry.ts", "BlockStatement", "{ return new Promise((resolve, reject) => { if (signal.aborted) { reject(new Failure('int…", "{}"],
    ["server/src/integrations/sync/retry.ts", "BlockStatement", "{ reject(new Failure('integration.error/app-failed', 'The run was stopped: the server is …", "{}"],
    ["server/src/integrations/sync/retry.ts", "ConditionalExpression", "signal.aborted", "false"],
    ["server/src/integrations/sync/retry.ts", "StringLiteral", "'integration.error/app-failed'", "\"\""],
    ["server/src/integrations/sync/retry.ts", "StringLiteral", "'The run was stopped: the server is closing.'", "\"\""],
    ["server/src/integrations/sync/retry.ts", "StringLiteral", "'abort'", "\"\""],
    ["server/src/integrations/sync/retry.ts", "BlockStatement", "{ clearTimeout(timer); reject(new Failure('integration.error/app-failed', 'The run was st…", "{}"],
    ["server/src/integrations/sync/retry.ts", "ObjectLiteral", "{ once: true }", "{}"],
  ]),
  // integrations/sync: equivalent survivors (the sync checks see the same runs, Entities, effects and counts)
  ...withReason(
    "linkedTargets answers only owners with links; an owner missing from current is an Entity deleted by hand, which has no links left",
    [
      ["server/src/integrations/sync/apply-page.ts", "OptionalChaining", "current.get(owner)?.links", "current.get(owner).links"],
    ],
  ),
  ...withReason(
    "a lookup cache: the same answers within one transaction, only more queries",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "!found", "true"],
      ["server/src/integrations/sync/apply-page.ts", "StringLiteral", "'option'", "\"\""],
      ["server/src/integrations/sync/apply-page.ts", "StringLiteral", "'people'", "\"\""],
    ],
  ),
  ...withReason(
    "every file reference of a row is in input.files (a failed download fails the run first), a single file value holds at most one file, and an empty file list is stored as null like no value",
    [
      ["server/src/integrations/sync/apply-page.ts", "MethodExpression", "files.files.map((f) => input.files.get(f.key)).filter((f): f is FileValue => f !== undefi\u2026", "files.files.map(f => input.files.get(f.key))"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "f !== undefined", "true"],
      ["server/src/integrations/sync/apply-page.ts", "MethodExpression", "stored.slice(0, 1)", "stored"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "kept.length > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "kept.length > 0", "kept.length >= 0"],
    ],
  ),
  ...withReason(
    "select and people mapping fields always exist with link storage; relation fields carry their key field in values, so loading their links changes no comparison",
    [
      ["server/src/integrations/sync/apply-page.ts", "MethodExpression", "Object.values(mapping.fields) .filter((m) => m.kind === 'select' || m.kind === 'people')", "Object.values(mapping.fields)"],
      ["server/src/integrations/sync/apply-page.ts", "MethodExpression", "Object.values(mapping.fields) .filter((m) => m.kind === 'select' || m.kind === 'people') \u2026", "Object.values(mapping.fields).filter(m => m.kind === 'select' || m.kind === 'people').map\u2026"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "m.kind === 'select' || m.kind === 'people'", "true"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "f !== undefined && f.storage === 'link'", "true"],
      ["server/src/integrations/sync/apply-page.ts", "LogicalOperator", "f !== undefined && f.storage === 'link'", "f !== undefined || f.storage === 'link'"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "f.storage === 'link'", "true"],
    ],
  ),
  ...withReason(
    "an empty list writes nothing: the call with none does no more than skipping it",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "stale.length > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "stale.length > 0", "stale.length >= 0"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "removals.size > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "removals.size > 0", "removals.size >= 0"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "fresh.length > 0", "fresh.length >= 0"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "fresh.length > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "documents.length > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "documents.length > 0", "documents.length >= 0"],
    ],
  ),
  ...withReason(
    "differs only for a row key equal to the mutant's own text \"Stryker was here\"",
    [
      ["server/src/integrations/sync/apply-page.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
      ["server/src/integrations/sync/link-pass.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
    ],
  ),
  ...withReason(
    "a REMOVE of a key the source never synchronized adds no Entity id; removeOrMark finds no row for it and removes, marks and counts nothing",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "entityId", "true"],
    ],
  ),
  ...withReason(
    "link and system values never hold a rich text secret key",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "field.storage === 'value'", "true"],
    ],
  ),
  ...withReason(
    "system fields and link fields have no key in entities.data (its keys are f<N>) and a null relation id, so adding them to either list finds no value and no link",
    [
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "f.storage === 'value' && !SYSTEM_FIELD_NAMES.has(f.name)", "true"],
      ["server/src/integrations/sync/protection.ts", "LogicalOperator", "f.storage === 'value' && !SYSTEM_FIELD_NAMES.has(f.name)", "f.storage === 'value' || !SYSTEM_FIELD_NAMES.has(f.name)"],
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "f.storage === 'value'", "true"],
      ["server/src/integrations/sync/protection.ts", "LogicalOperator", "f.storage === 'link' && !SYSTEM_FIELD_NAMES.has(f.name) && !own.has(f.name)", "f.storage === 'link' && !SYSTEM_FIELD_NAMES.has(f.name) || !own.has(f.name)"],
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "f.storage === 'link' && !SYSTEM_FIELD_NAMES.has(f.name)", "true"],
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "f.storage === 'link'", "true"],
    ],
  ),
  ...withReason(
    "the entity writer never stores null: it deletes the key instead",
    [
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "data[f.key as string] !== null", "true"],
    ],
  ),
  ...withReason(
    "reading the documents of Entities already kept adds them to the kept set again: the same set",
    [
      ["server/src/integrations/sync/protection.ts", "MethodExpression", "[...secrets].filter(([id]) => !kept.has(id))", "[...secrets]"],
    ],
  ),
  ...withReason(
    "live holds only ids present in existing",
    [
      ["server/src/integrations/sync/protection.ts", "OptionalChaining", "existing.get(id)?.[flag.key as string]", "existing.get(id)[flag.key as string]"],
    ],
  ),
  ...withReason(
    "a null or empty key field falls through to [null] or [\"\"]: no row key is null or empty (MAP-071), so it links nothing either way",
    [
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "typeof raw !== 'string' || raw === ''", "false"],
      ["server/src/integrations/sync/link-pass.ts", "LogicalOperator", "typeof raw !== 'string' || raw === ''", "typeof raw !== 'string' && raw === ''"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "typeof raw !== 'string'", "false"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "raw === ''", "false"],
      ["server/src/integrations/sync/link-pass.ts", "StringLiteral", "''", "\"Stryker was here!\""],
    ],
  ),
  ...withReason(
    "only an extra query: the mappings that are not relations have no keyField and are skipped below, the ids still come from createdTypes, the keys reloaded in the same transaction are the same",
    [
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "m.kind === 'relation'", "true"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "relations.length === 0", "false"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "createdTypes.has(relation.targetAppType)", "true"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "!targets", "true"],
    ],
  ),
  ...withReason(
    "entities.data is jsonb NOT NULL",
    [
      ["server/src/integrations/sync/link-pass.ts", "OptionalChaining", "row.data?.[keyField.key as string]", "row.data[keyField.key as string]"],
    ],
  ),
  ...withReason(
    "the count answered is not used (run.ts linkPass ignores it)",
    [
      ["server/src/integrations/sync/link-pass.ts", "AssignmentOperator", "changed += 1", "changed -= 1"],
    ],
  ),
  ...withReason(
    "no caller passes an empty list",
    [
      ["server/src/integrations/sync/linked-targets.ts", "ConditionalExpression", "ids.length === 0", "false"],
    ],
  ),
  ...withReason(
    "both consumers compare through sameTargets, which sorts both lists",
    [
      ["server/src/integrations/sync/linked-targets.ts", "MethodExpression", "rows.sort((x, y) => Number(x.position) - Number(y.position))", "rows"],
      ["server/src/integrations/sync/linked-targets.ts", "ArrowFunction", "(x, y) => Number(x.position) - Number(y.position)", "() => undefined"],
      ["server/src/integrations/sync/linked-targets.ts", "ArithmeticOperator", "Number(x.position) - Number(y.position)", "Number(x.position) + Number(y.position)"],
    ],
  ),
  ...withReason(
    "the request validator fills in the schema default keepUnsynced: false first",
    [
      ["server/src/integrations/sync/source-setup.ts", "BooleanLiteral", "false", "true"],
    ],
  ),
  ...withReason(
    "materializeMapping sets the mapping before the source is stored, and a failure discards the record",
    [
      ["server/src/integrations/sync/source-setup.ts", "ObjectLiteral", "{ types: {} }", "{}"],
    ],
  ),
  ...withReason(
    "the id column is a uuid, whose input is case-insensitive",
    [
      ["server/src/integrations/sync/source-store.ts", "MethodExpression", "id.toLowerCase()", "id.toUpperCase()"],
    ],
  ),
];
