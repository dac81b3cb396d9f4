// Equivalent or out-of-reach survivors of the value codec, the entity writer, the schema writer and the catalogue (server/src/model/): see index.ts.
import { withReason, type Explanation } from './explanation.js';

export const MODEL: readonly Explanation[] = [
  // model/catalog.ts: lookups whose other path gives the same answer
  ...withReason('a field without a relation is never asked for its ends: inverse() answers undefined for it either way, and ends() is only called with a relation id', [
    ["server/src/model/catalog.ts", "ConditionalExpression", "!field.relationId", "false"],
  ]),
  ...withReason('a relation field is always among the ends of its own relation, so the list exists', [
    ["server/src/model/catalog.ts", "OptionalChaining", "this.relationEnds.get(field.relationId)?.find", "this.relationEnds.get(field.relationId).find"],
  ]),
  ...withReason('the workspace row exists from the first start of the server', [["server/src/model/catalog.ts", "OptionalChaining", "rows[0]?.version", "rows[0].version"]]),
  ...withReason('performance only: the catalog is read again (or its version asked for again, in the same transaction) where the cached one would do; no answer changes', [
    ["server/src/model/catalog.ts", "LogicalOperator", "knownVersion ?? (await workspaceVersion(q))", "knownVersion && (await workspaceVersion(q))"],
    ["server/src/model/catalog.ts", "ConditionalExpression", "!this.current || this.current.version !== version", "true"],
  ]),
  // model/schema-writer.ts: positions and relation ends
  ...withReason("positions only need to grow and be unique per table: a Database or field numbered from the other counter (or the field counter under another name) still lists in creation order with a storage key of its own", [
    ["server/src/model/schema-writer.ts", "ConditionalExpression", "table === 'types'", "true"],
    ["server/src/model/schema-writer.ts", "StringLiteral", "'fields'", "\"\""],
  ]),
  ...withReason("every reader of a relation end takes anything but 'b' for the 'a' end (entity-writer, query paths, sync protection, webhook effects)", [
    ["server/src/model/schema-writer.ts", "StringLiteral", "'a'", "\"\""],
  ]),
  // model/value-codec.ts: checks whose absence another check of the same value makes up for
  ...withReason("a value that is no object has no start and end (or latitude and longitude): reading them gives undefined, refused the same way", [
    ["server/src/model/value-codec.ts", "LogicalOperator", "typeof value !== 'object' || value === null || Array.isArray(value)", "(typeof value !== 'object' || value === null) && Array.isArray(value)"],
    ["server/src/model/value-codec.ts", "ConditionalExpression", "typeof value !== 'object' || value === null", "false"],
    ["server/src/model/value-codec.ts", "ConditionalExpression", "typeof value !== 'object'", "false"],
    ["server/src/model/value-codec.ts", "LogicalOperator", "typeof value !== 'object' || value === null", "typeof value !== 'object' && value === null"],
  ]),
  ...withReason("a date or timestamp with more around it does not parse as one (new Date / Date.parse give NaN), so it is refused without the anchors too", [
    ["server/src/model/value-codec.ts", "Regex", "/^\\d{4}-\\d{2}-\\d{2}$/", "/\\d{4}-\\d{2}-\\d{2}$/"],
    ["server/src/model/value-codec.ts", "Regex", "/^\\d{4}-\\d{2}-\\d{2}$/", "/^\\d{4}-\\d{2}-\\d{2}/"],
  ]),
  ...withReason("the message of an error the codec throws and catches itself, to answer its own value-invalid", [["server/src/model/value-codec.ts", "StringLiteral", "'date'", "\"\""]]),
  ...withReason("a location that is no object has no latitude: Number(undefined) is NaN, refused the same way", [
    ["server/src/model/value-codec.ts", "ConditionalExpression", "typeof value !== 'object' || value === null || Array.isArray(value)", "false"],
  ]),
  ...withReason("values are stored as JSON: a stored decimal is a number already, so Number() of it changes nothing", [["server/src/model/value-codec.ts", "StringLiteral", "'svc/decimal'", "\"\""]]),
  ...withReason("a timestamp with more around it does not parse (Date.parse gives NaN), so it is refused without the anchors too", [
    ["server/src/model/value-codec.ts", "Regex", "/^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})$/", "/\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})$/"],
    ["server/src/model/value-codec.ts", "Regex", "/^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})$/", "/^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})/"],
  ]),
  ...withReason("null clears the field before the codec runs, so a value here is never undefined and its JSON never missing", [
    ["server/src/model/value-codec.ts", "LogicalOperator", "shown && shown.length > 80", "shown || shown.length > 80"],
  ]),
  // model/entity-writer.ts: messages of internal errors
  ...withReason("the message of an internal error the catalog never lets happen (a link field without a relation, a relation's target type gone within one transaction)", [
    ["server/src/model/entity-writer.ts", "StringLiteral", "`${field.name} is not a relation`", "``"],
    ["server/src/model/entity-writer.ts", "StringLiteral", "`${field.fieldType} vanished`", "``"],
  ]),
];
