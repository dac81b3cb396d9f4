// Equivalent or out-of-reach survivors of the GraphQL schema of a Space (mutations/schema.ts, space-model.ts, naming.ts, schema-builder.ts, schema-cache.ts): see index.ts.
import { withReason, type Explanation } from './explanation.js';

export const GRAPHQL_SCHEMA: readonly Explanation[] = [
  ...withReason(
    "no field of <T>Input reads as an ID: svc/id is a system field, left out of <T>Input, and no user field type maps to ID",
    [
      ["server/src/graphql/mutations/schema.ts", "ConditionalExpression", "input.field.scalar === 'ID'", "false"],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "'ID'", "\"\""],
    ],
  ),
  ...withReason(
    "wording of a description that stays a non-empty text (or a case falling through to a neighbour's text with the same type and arguments): the README leaves the wording to the server (Mutations 8); graphql.mutation-descriptions checks that each text is there",
    [
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "`\\`${sourceName(input.field)}\\``", "``"],
      ["server/src/graphql/mutations/schema.ts", "ConditionalExpression", "case 'scalar': return input.field.json ? `Value of ${name}, as stringified JSON (the form…", "case 'scalar':"],
      ["server/src/graphql/mutations/schema.ts", "ConditionalExpression", "case 'create': return action.batch ? { type: result, args: data(input, 'create'), descrip…", "case 'create':"],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "'create'", "\"\""],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "'update'", "\"\""],
      ["server/src/graphql/mutations/schema.ts", "ObjectLiteral", "{ append: 'Appends the Markdown to', prepend: 'Puts the Markdown before the content of', …", "{}"],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "'Appends the Markdown to'", "\"\""],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "'Puts the Markdown before the content of'", "\"\""],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "'Replaces with the Markdown the content of'", "\"\""],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "`\\`${name.replace(/Batch$/, '')}\\``", "``"],
      ["server/src/graphql/mutations/schema.ts", "Regex", "/Batch$/", "/Batch/"],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "''", "\"Stryker was here!\""],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "`\\`${sourceName(action.field)}\\``", "``"],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "`\\`${sourceName(action.field)}\\``", "``"],
      ["server/src/graphql/mutations/schema.ts", "ConditionalExpression", "action.kind === 'link'", "true"],
      ["server/src/graphql/mutations/schema.ts", "ConditionalExpression", "action.kind === 'link'", "false"],
      ["server/src/graphql/mutations/schema.ts", "EqualityOperator", "action.kind === 'link'", "action.kind !== 'link'"],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "'link'", "\"\""],
      ["server/src/graphql/mutations/schema.ts", "ConditionalExpression", "case 'add': return { type: result, args: targetArgs(), description: action.field.many ? `…", "case 'add':"],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "'a user'", "\"\""],
      ["server/src/graphql/mutations/schema.ts", "ConditionalExpression", "t.label === 'user'", "true"],
      ["server/src/graphql/mutations/schema.ts", "ConditionalExpression", "t.label === 'user'", "false"],
      ["server/src/graphql/mutations/schema.ts", "EqualityOperator", "t.label === 'user'", "t.label !== 'user'"],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "'user'", "\"\""],
      ["server/src/graphql/mutations/schema.ts", "StringLiteral", "`a ${t.label}`", "``"],
    ],
  ),
  { file: "server/src/graphql/schema-builder.ts", mutator: "ConditionalExpression", original: "f.kind === 'scalar' || f.kind === 'absent'", replacement: "true", reason: "filterInput is called on filterable fields only (scalar, absent, object) and returns for an object above: what reaches this test is a scalar or absent field" },
  { file: "server/src/graphql/schema-builder.ts", mutator: "StringLiteral", original: "'Only where the filter selects Entities (a relation value of a mutation); refused inside …", replacement: "\"\"", reason: "wording of the orderBy, limit and offset descriptions of <T>Filter, which stay non-empty texts (descriptions are the server's wording)" },
  { file: "server/src/graphql/space-model.ts", mutator: "ConditionalExpression", original: "field.storage === 'link'", replacement: "true", reason: "a value field's type (a primitive, file or rich text type) is never an enum or workflow type, so looking it up adds no option type" },
  { file: "server/src/graphql/space-model.ts", mutator: "StringLiteral", original: "'option'", replacement: "\"\"", reason: "the label of an option type shows only in the wording of filter argument descriptions (`Filter on the option's ...`), which stay non-empty" },
  ...withReason(
    "the system fields skipped here are all in the svc/ namespace, which fieldModel leaves out as well (graphql.field-kinds checks that a svc/ field is not exposed)",
    [
      ["server/src/graphql/space-model.ts", "ConditionalExpression", "field.storage === 'system' || SYSTEM_FIELD_NAMES[field.name] !== undefined", "false"],
      ["server/src/graphql/space-model.ts", "LogicalOperator", "field.storage === 'system' || SYSTEM_FIELD_NAMES[field.name] !== undefined", "field.storage === 'system' && SYSTEM_FIELD_NAMES[field.name] !== undefined"],
      ["server/src/graphql/space-model.ts", "ConditionalExpression", "field.storage === 'system'", "false"],
      ["server/src/graphql/space-model.ts", "StringLiteral", "'system'", "\"\""],
      ["server/src/graphql/space-model.ts", "ConditionalExpression", "SYSTEM_FIELD_NAMES[field.name] !== undefined", "false"],
    ],
  ),
  {
    file: "server/src/graphql/mutations/schema.ts",
    mutator: "ConditionalExpression",
    original: "action.kind === 'create' || action.kind === 'update'",
    replacement: "true",
    reason: "the test only drops actions of a Database without <T>Input, which has no rich text field (rich text is an input), so its only batch actions are createBatch and updateBatch",
  },
];
