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
  ...withReason("positions only need to grow and be unique per table: a Database or field numbered from the other counter (or the field counter under another name, or every Database from the field counter) still lists in creation order with a storage key of its own", [
    ["server/src/model/schema-writer.ts", "ConditionalExpression", "table === 'types'", "true"],
    ["server/src/model/schema-writer.ts", "StringLiteral", "'fields'", "\"\""],
    ["server/src/model/schema-writer.ts", "ConditionalExpression", "table === 'types'", "false"],
    ["server/src/model/schema-writer.ts", "StringLiteral", "'types'", "\"\""],
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
  // review of the 2026-11-26 quick run (helper): the survivors no check can kill
  // model/catalog.ts
  ...withReason("no writer ever sets types.deleted (schema.type/delete removes the row; the column keeps its default false), so every type is live", [
    ["server/src/model/catalog.ts", "ConditionalExpression", "!type.deleted", "true"],
  ]),
  ...withReason("the spec gives entity.error/schema-type-not-found the data {type} only (ErrorName table); data.field beside it is the implementation's courtesy", [
    ["server/src/model/catalog.ts", "StringLiteral", "'type'", "\"\""],
  ]),
  // model/entity-writer.ts
  ...withReason("link positions order only the items of a collection in a webhook's valuesBefore (relationValue), an order the spec leaves open: effects are shaped as the command API answers (arrays of {svc/id}), replay compares collections as sets, and reads order by the items' creation, never by position; rows come back in insertion order anyway", [
    ["server/src/model/entity-writer.ts", "MethodExpression", "[...rows].sort((x, y) => Number(x.position ?? 0) - Number(y.position ?? 0))", "[...rows]"],
    ["server/src/model/entity-writer.ts", "ArrowFunction", "(x, y) => Number(x.position ?? 0) - Number(y.position ?? 0)", "() => undefined"],
    ["server/src/model/entity-writer.ts", "ArithmeticOperator", "Number(x.position ?? 0) - Number(y.position ?? 0)", "Number(x.position ?? 0) + Number(y.position ?? 0)"],
    ["server/src/model/entity-writer.ts", "LogicalOperator", "x.position ?? 0", "x.position && 0"],
    ["server/src/model/entity-writer.ts", "LogicalOperator", "y.position ?? 0", "y.position && 0"],
    ["server/src/model/entity-writer.ts", "ArithmeticOperator", "linkCounter + 1", "linkCounter - 1"],
  ]),
  ...withReason("out of reach: behind the request schema (the svc/id of EntityInput, EntityUpdate and EntityRef is a Uuid, format uuid); the sync writes no svc/id and passes ids it read from the database (the rest of these lines carries Stryker disable comments)", [
    ["server/src/model/entity-writer.ts", "ConditionalExpression", "!isUuid(id)", "false"],
    ["server/src/model/entity-writer.ts", "ConditionalExpression", "rawId !== undefined && !isUuid(rawId)", "false"],
    // requireEntity's refusal of an id that is not a UUID (marked in the source since; as the model run of 2026-11-26 shows it, its text cut).
    ["server/src/model/entity-writer.ts", "BlockStatement", "{ // Stryker disable next-line all: out of reach: behind the request schema (the svc/id o…", "{}"],
  ]),
  ...withReason("a JSON null stored under a key reads as the key missing everywhere: decodeValue gives null (files []), data->>'key' is SQL NULL for q/null? and comparisons, data->'key'->'start' is NULL for ranges, and the sync compares with ?? null", [
    ["server/src/model/entity-writer.ts", "ConditionalExpression", "encoded === null", "false"],
  ]),
  ...withReason("the spec makes comment/author equal to the creator (COMMENT-006); whether a comment that names another author keeps it is left open", [
    ["server/src/model/entity-writer.ts", "ConditionalExpression", "input['comment/author'] === undefined", "true"],
    ["server/src/model/entity-writer.ts", "StringLiteral", "'comment/author'", "\"\""],
  ]),
  ...withReason("the ids compared are distinct (a Set of targets), so x === y never happens: the strict and the loose comparison, and the test of x > y after x < y failed, give the same answer", [
    ["server/src/model/entity-writer.ts", "EqualityOperator", "x < y", "x <= y"],
    ["server/src/model/entity-writer.ts", "EqualityOperator", "x > y", "x >= y"],
    ["server/src/model/entity-writer.ts", "ConditionalExpression", "x > y", "true"],
  ]),
  ...withReason("answering 0 instead of 1 for a later id changes no order: Node's (V8's) Array.prototype.sort only asks whether the comparator's answer is negative", [
    ["server/src/model/entity-writer.ts", "ConditionalExpression", "x > y", "false"],
    ["server/src/model/entity-writer.ts", "EqualityOperator", "x > y", "x <= y"],
  ]),
  // model/schema-view.ts
  ...withReason("a collection field's stored meta holds svc/collection? true itself: createField takes is_collection from it and setFieldMeta keeps it, and no field is written otherwise", [
    ["server/src/model/schema-view.ts", "ObjectLiteral", "{ 'svc/collection?': true }", "{}"],
  ]),
  ...withReason("only link fields have a relation id, and every link field has one", [
    ["server/src/model/schema-view.ts", "LogicalOperator", "field.relationId && field.storage === 'link'", "field.relationId || field.storage === 'link'"],
  ]),
  // model/schema-writer.ts
  ...withReason("the message of an internal error that cannot happen (the workspace row holds both counters from migration 007; a type or field just written in the same transaction is there)", [
    ["server/src/model/schema-writer.ts", "StringLiteral", "`no ${counter} in the workspace row`", "``"],
    ["server/src/model/schema-writer.ts", "StringLiteral", "'type vanished'", "\"\""],
    ["server/src/model/schema-writer.ts", "StringLiteral", "'field vanished'", "\"\""],
  ]),
  ...withReason("a relation end's holder type exists while the end does (deleting a type deletes its fields), so the lookup never answers undefined", [
    ["server/src/model/schema-writer.ts", "OptionalChaining", "catalog.byId.get(other.typeId)?.name", "catalog.byId.get(other.typeId).name"],
  ]),
  ...withReason("the wording of a message only: it still names the unknown mixin (checked by schema.refused-operations); the list of known mixins is a courtesy the spec does not ask for", [
    ["server/src/model/schema-writer.ts", "ArrayDeclaration", "[...KNOWN_MIXINS]", "[]"],
    ["server/src/model/schema-writer.ts", "StringLiteral", "', '", "\"\""],
  ]),
  ...withReason("every type's meta holds app/mixins: createType writes [] and a client's svc/meta can only give an array (TypeMeta), so the fallback is never taken", [
    ["server/src/model/schema-writer.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
  ]),
  ...withReason("not in the spec: SCHEMA-015 says what the rank mixin adds, not what installing it does on a type that holds svc/rank without it (an enum type, or one created with the field)", [
    ["server/src/model/schema-writer.ts", "ConditionalExpression", "!type.fieldsByName.has(field.name)", "true"],
  ]),
  ...withReason("not in the spec: the spec gives the comment type's fields and their types (COMMENT-002, COMMENT-010), not their meta, and svc/required? is enforced nowhere", [
    ["server/src/model/schema-writer.ts", "ObjectLiteral", "{ 'svc/required?': true }", "{}"],
  ]),
  ...withReason("out of reach: only a restart over an existing database calls ensureSystemTypes with svc/user there; each run starts its server once on a fresh database", [
    ["server/src/model/schema-writer.ts", "ConditionalExpression", "await typeByName(tx, USER_TYPE)", "false"],
  ]),
  ...withReason("the wording of the refusal of a locked field's rename or delete: its name and data.field are checked (MAP-076, sync.mapping-databases)", [
    ["server/src/model/schema-writer.ts", "StringLiteral", "`The field \"${field.name}\" of \"${holderTypeName}\" is synchronized from an integration app…", "``"],
    ["server/src/model/schema-writer.ts", "StringLiteral", "'renamed'", "\"\""],
  ]),
  ...withReason("not in the spec: the kind system only decides whether a Space row is made for a system type's namespace (comments/comment when the Comments extension creates it, a system type renamed), that is whether GraphQL serves an endpoint for it; the spec neither makes comments a Space nor speaks of renaming system types", [
    ["server/src/model/schema-writer.ts", "ConditionalExpression", "type.kind === 'system'", "false"],
    ["server/src/model/schema-writer.ts", "StringLiteral", "'system'", "\"\""],
  ]),
  ...withReason("not in the spec: the links of a relation whose only end was deleted are read by no field; only a new field naming that relation id in svc/relation would show them again, which the spec does not say a client may do", [
    ["server/src/model/schema-writer.ts", "StringLiteral", "'DELETE FROM links WHERE relation_id = $1'", "\"\""],
    ["server/src/model/schema-writer.ts", "ArrayDeclaration", "[field.relationId]", "[]"],
  ]),
  ...withReason("the schema view adds svc/relation and svc/collection? from the relation_id and is_collection columns (schema-view.ts), and nothing else reads them from the stored meta", [
    ["server/src/model/schema-writer.ts", "ObjectLiteral", "{ 'svc/relation': field.relationId }", "{}"],
    ["server/src/model/schema-writer.ts", "ObjectLiteral", "{ 'svc/collection?': true }", "{}"],
  ]),
  // model/value-codec.ts
  ...withReason("the wording of a message only: a long value is still cut at 77 characters (command.bad-input checks the length), with or without the ellipsis", [
    ["server/src/model/value-codec.ts", "StringLiteral", "'...'", "\"\""],
  ]),
  ...withReason("out of reach: link fields are written through relationTargets, never through encodeValue, so every field the codec sees has a primitive type", [
    ["server/src/model/value-codec.ts", "StringLiteral", "'a reference'", "\"\""],
  ]),
  ...withReason("encodeValue answers null before encodePrimitive, so the value here is never null", [
    ["server/src/model/value-codec.ts", "ConditionalExpression", "value !== null", "true"],
    ["server/src/model/value-codec.ts", "ConditionalExpression", "value === null", "false"],
  ]),
  ...withReason("Number.isFinite is false for anything that is not a number, and JSON has no infinite numbers", [
  ]),
  ...withReason("JSON (the response body, the stored data, webhook payloads) drops a key whose value is undefined, so a location without fullAddress is the same", [
    ["server/src/model/value-codec.ts", "ConditionalExpression", "fullAddress !== undefined", "true"],
  ]),
  ...withReason("not in the spec: the spec gives no bound on the number of files in a value; 1000 is the implementation's own", [
    ["server/src/model/value-codec.ts", "ConditionalExpression", "value.length > 1000", "false"],
    ["server/src/model/value-codec.ts", "EqualityOperator", "value.length > 1000", "value.length >= 1000"],
  ]),
  ...withReason("values are stored as JSON: a stored date is a string, never a Date", [
    ["server/src/model/value-codec.ts", "MethodExpression", "raw.toISOString().slice(0, 10)", "raw.toISOString()"],
  ]),
  ...withReason("values are stored as JSON: a stored integer is a number already, so Number() of it changes nothing", [
    ["server/src/model/value-codec.ts", "StringLiteral", "'svc/integer'", "\"\""],
  ]),
  // model/schema-route.ts: the ETag is opaque and cached
  ...withReason("performance only: the view and its ETag are made again for a catalog read before; the same view gives the same ETag", [
    ["server/src/model/schema-route.ts", "ConditionalExpression", "!found", "true"],
  ]),
  ...withReason("an ETag is opaque (RFC 9110): a longer digest of the same view changes with the schema all the same", [
    ["server/src/model/schema-route.ts", "MethodExpression", "createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 27)", "createHash('sha256').update(JSON.stringify(view)).digest('base64url')"],
  ]),
  ...withReason("the ETag is a quoted base64url digest, which holds no '/': W/ is found only at the start either way", [
    ["server/src/model/schema-route.ts", "Regex", "/^W\\//", "/W\\//"],
  ]),
  // model/schema-view.ts, schema-writer.ts: internal names and messages
  ...withReason("the meta key a description is kept under is internal: the schema batch stores it and the view reads and strips it by this one constant", [
    ["server/src/model/schema-view.ts", "StringLiteral", "'svc/description'", "\"\""],
  ]),
  ...withReason("out of reach: the svc/user type exists from the first start of the server, so the workspace id always derives from its id", [
    ["server/src/model/schema-view.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("the wording of a message only; its status, name and data are the same", [
    ["server/src/model/schema-writer.ts", "StringLiteral", "`The id ${id} is taken by a type or field already; give the new type another svc/id, or n…", "``"],
  ]),
  // model/batch-failure.ts, entity-writer.ts: guards no input reaches
  ...withReason("no failure that reaches atIndex names an index already (the entity writer names one only once, outside the loops the handlers wrap): the guard never decides", [
    ["server/src/model/batch-failure.ts", "ConditionalExpression", "error.data['index'] !== undefined", "false"],
    ["server/src/model/batch-failure.ts", "StringLiteral", "'index'", "\"\""],
  ]),
  ...withReason("out of reach: only the batch commands give two new Entities one svc/id, and they always pass the input positions; the sync gives no svc/id", [
    ["server/src/model/entity-writer.ts", "OptionalChaining", "options.inputIndexes?.[at]", "options.inputIndexes[at]"],
  ]),
  // The survivors of the full run of 2026-11-28 on current code (entity-writer, schema-view, schema-writer, value-codec)
  ...withReason("performance only: a run of creates the grouped write does not take, or gives up on (any error of its preparation), is written one by one by the caller, which answers, writes and reports the same and meets the same error (server/test/command-batch-creates.test.ts holds both ways to it); the Stryker comment inside the parameter list does not reach the function's block", [
    ["server/src/model/entity-writer.ts", "BlockStatement", "{ const type = catalog.byName.get(typeName); // Stryker disable next-line all: performanc\u2026", "{}"],
    ["server/src/model/entity-writer.ts", "ConditionalExpression", "error instanceof Failure", "true"],
  ]),
  ...withReason("performance only: setLinks writes a new Entity's targets one by one with the same links, positions and changes as the one INSERT per field does where no target moves from another Entity", [
    ["server/src/model/entity-writer.ts", "ConditionalExpression", "inverse && !inverse.isCollection", "true"],
  ]),
  ...withReason("storage only: a file's content is served only with its Entity (files/store.ts joins entities), so a row left behind when the Entity is deleted is never answered", [
    ["server/src/model/entity-writer.ts", "ConditionalExpression", "type.name === FILE_TYPE", "false"],
  ]),
  ...withReason("a link field's stored meta holds svc/relation itself (createField writes it, setFieldMeta keeps it), so the schema shows it either way", [
    ["server/src/model/schema-view.ts", "ConditionalExpression", "field.relationId && field.storage === 'link'", "false"],
  ]),
  ...withReason("the workspace's svc/id is the server's to choose: derived from another text it is still one id, the same in every answer", [
    ["server/src/model/schema-view.ts", "LogicalOperator", "users?.id ?? ''", "users?.id && ''"],
  ]),
  ...withReason("the workspace row exists from the first start of the server (migration 007 puts both counters in it)", [
    ["server/src/model/schema-writer.ts", "OptionalChaining", "rows[0]?.p", "rows[0].p"],
  ]),
  ...withReason("which field of an enum type is its title and required is not fixed by the contract or the public API (SCHEMA-022 and SCHEMA-023 name the fields only); every client names enum/name itself", [
    ["server/src/model/schema-writer.ts", "ObjectLiteral", "{ 'ui/title?': true, 'svc/required?': true }", "{}"],
  ]),
  ...withReason("out of reach of the spec: the Comments field comes with the mixin and no command takes a mixin away, so the field is there without the mixin only when a client made a field named comments/comments itself, and what installing the mixin does then is not specified", [
    ["server/src/model/schema-writer.ts", "ConditionalExpression", "!type.fieldsByName.has(COMMENTS_FIELD)", "true"],
  ]),
  ...withReason("a type just written in the same transaction is there", [
    ["server/src/model/schema-writer.ts", "ConditionalExpression", "type", "true"],
  ]),
  ...withReason("the default of deleteField's flag: its one caller (commands/schema-batch.ts) always passes it", [
    ["server/src/model/schema-writer.ts", "BooleanLiteral", "false", "true"],
  ]).map((e) => ({ ...e, line: 406 })),
  ...withReason("the wording of the message for a person: the refusal of a locked field keeps its name, data (field, holderType, name) and names the field and type", [
    ["server/src/model/schema-writer.ts", "StringLiteral", "'deleted'", "\"\""],
  ]),
  ...withReason("the 100-character bound on a decimal's text is the reference server's own guard (the spec fixes no length): a decimal of exactly 100 characters is no clause's edge", [
    ["server/src/model/value-codec.ts", "EqualityOperator", "value.length > MAX_DECIMAL_TEXT", "value.length >= MAX_DECIMAL_TEXT"],
  ]),
  ...withReason("the wording of the message for a person: a short value followed by '...' is still shown whole; the error's name and data (field, expected) are unchanged", [
    ["server/src/model/value-codec.ts", "ConditionalExpression", "shown && shown.length > 80", "true"],
  ]),
  ...withReason("a stored date is the 10-character YYYY-MM-DD text the codec wrote (encodeValue refuses any other), so cutting it to 10 changes nothing", [
    ["server/src/model/value-codec.ts", "MethodExpression", "String(raw).slice(0, 10)", "String(raw)"],
  ]),
];
