// Equivalent or out-of-reach survivors of the GraphQL mutation actions (server/src/graphql/mutations/actions.ts): see index.ts.
import { withReason, type Explanation } from './explanation.js';

const FILE = 'server/src/graphql/mutations/actions.ts';

export const GRAPHQL_ACTIONS: readonly Explanation[] = [
  // plural(): the wording of a message for a person (spec/graphql/README.md, Mutations, Semantics 8); graphql.mutation-messages checks it names the number
  ...withReason("the message's wording is the server's (a text for a person, spec/graphql/README.md Semantics 8): singular or plural, a word more or less, still names the number of Entities (graphql.mutation-messages)", [
    [FILE, "ConditionalExpression", "n === 1", "true"],
    [FILE, "ConditionalExpression", "n === 1", "false"],
    [FILE, "EqualityOperator", "n === 1", "n !== 1"],
    [FILE, "StringLiteral", "''", "\"Stryker was here!\""],
    [FILE, "StringLiteral", "' items'", "\"\""],
  ]),
  // EDIT_TITLES: the title of a rich text edit in its message
  ...withReason("the message's wording is the server's (a text for a person, spec/graphql/README.md Semantics 8): the edit's title word changes, the message still names the number of Entities (graphql.mutation-messages)", [
    [FILE, "ObjectLiteral", "{ append: 'Append content to', prepend: 'Prepend content to', overwrite: 'Overwrite' }", "{}"],
    [FILE, "StringLiteral", "'Append content to'", "\"\""],
    [FILE, "StringLiteral", "'Prepend content to'", "\"\""],
    [FILE, "StringLiteral", "'Overwrite'", "\"\""],
  ]),
  // link<F>: the argument named inside the error's text
  ...withReason("wording of an error message for a person: the argument path inside the text after the action's path (which the spec pins and stays) and 'exactly one' / 'at least one'; code and data are unchanged", [
    [FILE, "StringLiteral", "`${where}[]`", "``"],
  ]),
  // batchItems: data is a required list argument
  ...withReason("out of reach: `data: [..!]!` is a required list, which GraphQL coerces to an array (a single value becomes a list of one) before the action runs, so the fallback is never taken", [
    [FILE, "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
  ]),
  // batchItems: the text of the too-large error
  ...withReason("wording of an error message for a person: the refusal keeps its path prefix, extensions.code request.error/invalid-body and field data (graphql.mutation-batch-size)", [
    [FILE, "StringLiteral", "`data holds ${items.length} items; a batch action takes at most ${MAX_MUTATION_TARGETS}.`", "``"],
  ]),
  // editDocuments with no target Entity
  ...withReason("equivalent: with no ids documentSecrets answers an empty map, so no document is read or written and the list of secrets is empty, as the early return answers", [
    [FILE, "ConditionalExpression", "ids.length === 0", "false"],
  ]),
  // editDocuments: the format Markdown is decoded in
  ...withReason("equivalent: decodeContent reads every format but json and html as Markdown; the only other difference, its 4 MiB Markdown limit, is out of reach within the 1 MiB request body of /api", [
    [FILE, "StringLiteral", "'md'", "\"\""],
  ]),
  // editDocuments: whether to read the current documents
  ...withReason("equivalent: one action's edits are all of one kind (appendContentTo, prependContentTo or overwrite, rich text values overwrite), so some and every agree; reading the documents before an overwrite is a read whose result the overwrite replaces", [
    [FILE, "MethodExpression", "parsed.some(([edit]) => edit !== 'overwrite')", "parsed.every(([edit]) => edit !== 'overwrite')"],
    [FILE, "ConditionalExpression", "edit !== 'overwrite'", "true"],
    [FILE, "StringLiteral", "'overwrite'", "\"\""],
  ]),
  // editDocuments: the size limit of an edited document (24 MiB of JSON)
  ...withReason("out of reach: 24 MiB of ProseMirror JSON within the 1 MiB request body of /api takes several appends of about 1 MiB of Markdown of tiny paragraphs, seconds of parsing each (the same limit of the documents endpoint is out of reach alike)", [
    [FILE, "StringLiteral", "'json'", "\"\""],
    [FILE, "ConditionalExpression", "bytes > DOCUMENT_LIMIT_BYTES.json", "false"],
    [FILE, "EqualityOperator", "bytes > DOCUMENT_LIMIT_BYTES.json", "bytes >= DOCUMENT_LIMIT_BYTES.json"],
  ]),
  // writeRichText: a copy of the scope for the same Database
  ...withReason("equivalent: {...scope, db} with db === scope.db holds the same transaction, catalog, Database and observer; editDocuments reads only those", [
    [FILE, "ConditionalExpression", "db === scope.db", "false"],
  ]),
  // create / addRelated: no Entity to insert
  ...withReason("equivalent: insertEntities answers [] for no inputs (its first statement), as the short cut does", [
    [FILE, "ConditionalExpression", "values.length === 0", "false"],
    [FILE, "ConditionalExpression", "ids.length === 0", "false"],
  ]),
  // remove: created set when no create ran
  ...withReason("equivalent: with no create before, scope.created = [] acts as scope.selected = []: the next action's targets are [] either way, and a later create appends its ids to [] as to undefined", [
    [FILE, "ConditionalExpression", "scope.created", "true"],
  ]),
  // the kind of a relation write recorded for webhooks
  ...withReason("equivalent: effectsOf (server/src/webhooks/effects.ts) has cases only for create, update and delete; any other kind, '' as 'links', yields just the effects of its link changes", [
    [FILE, "StringLiteral", "'links'", "\"\""],
    [FILE, "StringLiteral", "'links'", "\"\""],
    [FILE, "StringLiteral", "'links'", "\"\""],
  ]),
  // unlink: recording no link change
  ...withReason("equivalent: a write with no link change yields no webhook effect (linkEffects of [] is empty), so recording it or not changes no delivery", [
    [FILE, "ConditionalExpression", "links.length > 0", "true"],
    [FILE, "EqualityOperator", "links.length > 0", "links.length >= 0"],
  ]),
  // unlink / delete<F>: an argument that is undefined
  ...withReason("equivalent: GraphQL's coerced arguments hold no undefined value (an argument not given is absent, one given as null is null)", [
    [FILE, "ConditionalExpression", "v !== undefined", "true"],
    [FILE, "ConditionalExpression", "v !== undefined", "true"],
  ]),
  // delete<F>: null-only filter arguments
  ...withReason("out of reach: filter arguments all null match every Entity of the target, so filtering the linked Entities by them keeps them all; it differs only past 1,000 target Entities (query-result-too-large), beyond a cheap run", [
    [FILE, "ConditionalExpression", "Object.values(filter).some((v) => v !== null && v !== undefined)", "true"],
    [FILE, "ConditionalExpression", "v !== null && v !== undefined", "true"],
    [FILE, "LogicalOperator", "v !== null && v !== undefined", "v !== null || v !== undefined"],
    [FILE, "ConditionalExpression", "v !== null", "true"],
  ]),
  // delete<F>: removing the deleted from the selection when the target is another Database
  ...withReason("equivalent: the Entities of another Database have other ids (svc/id is unique across Databases), so removing them from the created or selected Entities removes nothing", [
    [FILE, "ConditionalExpression", "target === db", "true"],
  ]),
  // runAction: value is a required argument
  ...withReason("out of reach: `value: String!` (of the action and of ContentInput) is required and non-null, so GraphQL validation refuses a missing or null value before the action runs", [
    [FILE, "StringLiteral", "''", "\"Stryker was here!\""],
    [FILE, "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
];
