// Equivalent or out-of-reach survivors of the files module (server/src/files/): see index.ts.
import { withReason, type Explanation } from './explanation.js';

export const FILES: readonly Explanation[] = [
  ...withReason(
    "out of reach: a validly signed address expires only after 60 minutes; no check waits for it (server/test covers it)",
    [
    ["server/src/files/routes.ts", "BlockStatement", "{ // Stryker disable all: a validly signed address expires only after 60 minutes; no chec…", "{}"],
    ["server/src/files/signed-urls.ts", "StringLiteral", "'expired'", "\"\""],
    ["server/src/files/signed-urls.ts", "ConditionalExpression", "expires > now", "true"],
    ],
  ),
  ...withReason(
    "out of reach: the server signs an address only for an Entity holding the file field, an Entity never changes its Database, and its data is never null",
    [
    ["server/src/files/file-source.ts", "ConditionalExpression", "row.type_id !== field.typeId", "false"],
    ["server/src/files/file-source.ts", "OptionalChaining", "row.data?.[field.key]", "row.data[field.key]"],
    ],
  ),
  ...withReason(
    "out of reach: the server signs addresses only for file fields, and no command changes a field's type (schema.field/ has create, delete, rename, set-meta)",
    [
    ["server/src/files/file-source.ts", "ConditionalExpression", "field.fieldType !== 'file/file'", "false"],
    ],
  ),
  {
    file: 'server/src/files/signed-urls.ts',
    mutator: 'StringLiteral',
    original: "'valid'",
    replacement: '""',
    reason: 'the route refuses only the verdicts bad-signature and expired; any other serves the file, as valid does',
  },
  ...withReason("split always answers at least one item: the fallback is never used", [
    ["server/src/files/names.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
];
