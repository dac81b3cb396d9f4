// Equivalent or out-of-reach survivors of the app schema mapping and the value conversions (server/src/integrations/mapping/): see index.ts.
import { withReason, type Explanation } from './explanation.js';

export const MAPPING: readonly Explanation[] = [
  // integrations/mapping: the app contract (spec/app.openapi.yaml, SchemaResponse) refuses these schema answers first
  ...withReason(
    "out of reach: behind the app contract, which refuses a schema answer that is no object of types, a type's fields that are no object or lack id or name, a field that is no object, a name, type or subType that is no string, ignore or readonly that is no boolean, a format or relation that is no object, and a cardinality outside its enum, before the mapping reads it",
    [
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof format === 'object' && !Array.isArray(format)", "true"],
    ["server/src/integrations/mapping/check-schema.ts", "LogicalOperator", "typeof format === 'object' && !Array.isArray(format)", "typeof format === 'object' || !Array.isArray(format)"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof format === 'object'", "true"],
    ["server/src/integrations/mapping/check-schema.ts", "BlockStatement", "{ if (field[key] !== undefined && typeof field[key] !== 'boolean') throw new SchemaProble…", "{}"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "`\\`${key}\\` must be a boolean.`", "``"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "field[key] !== undefined && typeof field[key] !== 'boolean'", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'ignore'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'readonly'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "fields === null", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'the schema has no object of fields for this type.'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "ArrayDeclaration", "['id', 'name']", "[]"],
    ["server/src/integrations/mapping/check-schema.ts", "BlockStatement", "{ if (!Object.hasOwn(fields, required)) throw new SchemaProblem(required, `every type mus…", "{}"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "`every type must have the fields \"id\" and \"name\"; \"${required}\" is missing.`", "``"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "!Object.hasOwn(fields, required)", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'`name` must be a string.'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "field.name !== undefined && typeof field.name !== 'string'", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "field.name !== undefined", "true"],
    ["server/src/integrations/mapping/check-schema.ts", "EqualityOperator", "field.name !== undefined", "field.name === undefined"],
    ["server/src/integrations/mapping/check-schema.ts", "BlockStatement", "{ throw new Failure('integration.error/app-failed', \"The app's schema must be an object o…", "{}"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof schema !== 'object' || schema === null || Array.isArray(schema)", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "LogicalOperator", "typeof schema !== 'object' || schema === null || Array.isArray(schema)", "(typeof schema !== 'object' || schema === null) && Array.isArray(schema)"],
    ["server/src/integrations/mapping/check-schema.ts", "LogicalOperator", "typeof schema !== 'object' || schema === null", "typeof schema !== 'object' && schema === null"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof schema !== 'object' || schema === null", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof schema !== 'object'", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "schema === null", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'integration.error/app-failed'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "\"The app's schema must be an object of types (type id to its fields).\"", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "ObjectLiteral", "{ operation: 'schema' }", "{}"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'schema'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "BlockStatement", "{ throw new SchemaProblem(id, '`relation` must be an object {cardinality, targetType, tar…", "{}"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof relation !== 'object' || relation === null || Array.isArray(relation)", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof relation !== 'object' || relation === null || Array.isArray(relation)", "(typeof relation !== 'object' || relation === null) && Array.isArray(relation)"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof relation !== 'object' || relation === null", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof relation !== 'object' || relation === null", "typeof relation !== 'object' && relation === null"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof relation !== 'object'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "relation === null", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'`relation` must be an object {cardinality, targetType, targetFieldId, name?, targetName?…", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "BlockStatement", "{ throw new SchemaProblem(id, '`relation.cardinality` must be many-to-one, many-to-many o…", "{}"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof cardinality !== 'string' || !CARDINALITIES.has(cardinality)", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof cardinality !== 'string' || !CARDINALITIES.has(cardinality)", "typeof cardinality !== 'string' && !CARDINALITIES.has(cardinality)"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof cardinality !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'`relation.cardinality` must be many-to-one, many-to-many or one-to-one.'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof targetType !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof targetFieldId !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "`\\`relation.${key}\\` must be a string.`", "``"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "text !== undefined && typeof text !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'a schema field must be an object {name, type, ...}.'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof field !== 'object' || field === null || Array.isArray(field)", "(typeof field !== 'object' || field === null) && Array.isArray(field)"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof field !== 'object' || field === null || Array.isArray(field)", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof field !== 'object' || field === null", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof field !== 'object' || field === null", "typeof field !== 'object' && field === null"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof field !== 'object'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "field === null", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'`type` must be one of id, text, number, date, array[text].'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof field.type !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'`subType` must be a string.'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "field.subType !== undefined && typeof field.subType !== 'string'", "false"],
    ],
  ),
  // integrations/mapping/values/dates.ts: checks another step of the parse makes up for
  ...withReason("toDay matches the day pattern against the first 10 characters only: a 10-character string that matches it starts and ends with the match", [
    ["server/src/integrations/mapping/values/dates.ts", "Regex", "/^(\\d{4})-(\\d{2})-(\\d{2})$/", "/(\\d{4})-(\\d{2})-(\\d{2})$/"],
    ["server/src/integrations/mapping/values/dates.ts", "Regex", "/^(\\d{4})-(\\d{2})-(\\d{2})$/", "/^(\\d{4})-(\\d{2})-(\\d{2})/"],
  ]),
  ...withReason("a month outside 1 to 12 has no entry in MONTH_DAYS: the day is compared with undefined, which is false, so it is refused the same way", [
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "month < 1 || month > 12", "false"],
    ["server/src/integrations/mapping/values/dates.ts", "LogicalOperator", "month < 1 || month > 12", "month < 1 && month > 12"],
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "month < 1", "false"],
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "month > 12", "false"],
  ]),
  ...withReason("an offset Z (or z) that falls through to the arithmetic has no digits: Number('') is 0 hours and 0 minutes, the same shift", [
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "offset.toUpperCase() === 'Z'", "false"],
    ["server/src/integrations/mapping/values/dates.ts", "MethodExpression", "offset.toUpperCase()", "offset.toLowerCase()"],
    ["server/src/integrations/mapping/values/dates.ts", "StringLiteral", "'Z'", "\"\""],
  ]),
  ...withReason("an offset of two digits has no minutes: Number('') is 0 either way", [
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "digits.length > 2", "true"],
    ["server/src/integrations/mapping/values/dates.ts", "EqualityOperator", "digits.length > 2", "digits.length >= 2"],
  ]),
  ...withReason("a missing hour, minute or second is Number('') = 0 as well as Number('00'), and an empty fraction pads to 000 as '0' does: the same timestamp", [
    ["server/src/integrations/mapping/values/dates.ts", "StringLiteral", "'00'", "\"\""],
    ["server/src/integrations/mapping/values/dates.ts", "StringLiteral", "'0'", "\"\""],
  ]),
  ...withReason("a value that is no string fails the day pattern whichever text stands for it", [
    ["server/src/integrations/mapping/values/dates.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("a 10-character text is a day the pattern took already: reading it as a timestamp too succeeds", [
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "text.length > 10", "true"],
    ["server/src/integrations/mapping/values/dates.ts", "EqualityOperator", "text.length > 10", "text.length >= 10"],
  ]),
  // integrations/mapping/values/location.ts: spellings another step reads the same
  ...withReason("the seconds mark is optional in the coordinate pattern: seconds written with a typographic double prime read the same with the mark dropped", [
    ["server/src/integrations/mapping/values/location.ts", "StringLiteral", "'\"'", "\"\""],
  ]),
  ...withReason("the coordinate pattern always captures the degrees of one of its two forms", [
    ["server/src/integrations/mapping/values/location.ts", "ConditionalExpression", "degrees === undefined", "false"],
  ]),
  ...withReason("multiplying and dividing by 1 or -1 give the same number", [
    ["server/src/integrations/mapping/values/location.ts", "ArithmeticOperator", "(d + m / 60 + s / 3600) * (negative || hemisphere === 'S' || hemisphere === 'W' ? -1 : 1)", "(d + m / 60 + s / 3600) / (negative || hemisphere === 'S' || hemisphere === 'W' ? -1 : 1)"],
  ]),
  ...withReason("-0 - 0 is -0, which JSON writes 0: the stored location is the same", [
    ["server/src/integrations/mapping/values/location.ts", "ArithmeticOperator", "latitude + 0", "latitude - 0"],
    ["server/src/integrations/mapping/values/location.ts", "ArithmeticOperator", "longitude + 0", "longitude - 0"],
  ]),
  ...withReason("the first coordinate reads only the first 8 groups of what it is given: a longer slice gives the same coordinate", [
    ["server/src/integrations/mapping/values/location.ts", "ArithmeticOperator", "1 + GROUPS", "1 - GROUPS"],
  ]),
  ...withReason("an axis named otherwise is still not 'latitude': the pair is read in the same order", [
    ["server/src/integrations/mapping/values/location.ts", "StringLiteral", "'longitude'", "\"\""],
    ["server/src/integrations/mapping/values/location.ts", "StringLiteral", "'latitude'", "\"\""],
  ]),
  ...withReason("a JSON text that starts with { parses to an object, or fails to parse", [
    ["server/src/integrations/mapping/values/location.ts", "ConditionalExpression", "!isPlainObject(parsed)", "false"],
  ]),
  // integrations/mapping/values: converters where another step gives the same answer
  ...withReason("an icon is looked up by its exact name: no emoji name is empty, longer than 100 characters or holds other characters, so the bound and the pattern only save a lookup that finds nothing; and isSingleEmoji's match equals the whole text only when it is the one match", [
    ["server/src/integrations/mapping/values/icon.ts", "ConditionalExpression", "found.length === 1", "true"],
    ["server/src/integrations/mapping/values/icon.ts", "ConditionalExpression", "text === '' || text.length > MAX_ALIAS", "false"],
    ["server/src/integrations/mapping/values/icon.ts", "LogicalOperator", "text === '' || text.length > MAX_ALIAS", "text === '' && text.length > MAX_ALIAS"],
    ["server/src/integrations/mapping/values/icon.ts", "ConditionalExpression", "text === ''", "false"],
    ["server/src/integrations/mapping/values/icon.ts", "StringLiteral", "''", "\"Stryker was here!\""],
    ["server/src/integrations/mapping/values/icon.ts", "ConditionalExpression", "text.length > MAX_ALIAS", "false"],
    ["server/src/integrations/mapping/values/icon.ts", "EqualityOperator", "text.length > MAX_ALIAS", "text.length >= MAX_ALIAS"],
    ["server/src/integrations/mapping/values/icon.ts", "Regex", "/^[\\w+-]+$/", "/[\\w+-]+$/"],
    ["server/src/integrations/mapping/values/icon.ts", "Regex", "/^[\\w+-]+$/", "/^[\\w+-]+/"],
  ]),
  ...withReason("the error's class name shows in no message", [
    ["server/src/integrations/mapping/values/value-error.ts", "StringLiteral", "'ValueError'", "\"\""],
  ]),
  ...withReason("an absent value clears the field before any converter runs, and a value parsed from JSON always has a JSON text", [
    ["server/src/integrations/mapping/values/value-error.ts", "StringLiteral", "'nothing'", "\"\""],
    ["server/src/integrations/mapping/values/value-error.ts", "BlockStatement", "{ text = String(value); }", "{}"],
  ]),
  ...withReason("a value that is no string stands for a text that is no URL and no e-mail address, whichever text it is", [
    ["server/src/integrations/mapping/values/text.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("a JSON text that starts with [ parses to an array, or fails to parse", [
    ["server/src/integrations/mapping/values/multi-select.ts", "ConditionalExpression", "!Array.isArray(parsed)", "false"],
  ]),
  ...withReason("every caller refuses what no JSON text parses to (undefined) with the same ValueError, and never asks about null (cleared before)", [
    ["server/src/integrations/mapping/values/json-text.ts", "BlockStatement", "{ throw new ValueError(expected, original); }", "{}"],
    ["server/src/integrations/mapping/values/json-text.ts", "ConditionalExpression", "value !== null", "true"],
  ]),
  // integrations/mapping/convert-row.ts
  ...withReason("out of reach: behind the app contract, whose DataRow is an object and whose __syncAction is exactly REMOVE or SET (spec/app.openapi.yaml): no other row or action reaches the converter", [
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "''", "\"Stryker was here!\""],
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "typeof value === 'string'", "true"],
    ["server/src/integrations/mapping/convert-row.ts", "MethodExpression", "value.trim()", "value"],
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "action === 'SET' || action === 'REMOVE'", "true"],
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "'SET or REMOVE'", "\"\""],
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "`a row must be a JSON object; got ${shown(row)}`", "``"],
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "!isPlainObject(row)", "false"],
    ["server/src/integrations/mapping/convert-row.ts", "BlockStatement", "{ throw rowInvalid(type, key, '__syncAction', error instanceof ValueError ? error.message…", "{}"],
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "'__syncAction'", "\"\""],
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "'is not SET or REMOVE'", "\"\""],
  ]),
  ...withReason("the sync engine only asks whether a row's action is REMOVE (apply-page.ts): any other word for SET applies the row the same way", [
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "'SET'", "\"\""],
  ]),
  // integrations/mapping: people and enum options
  ...withReason("the people values come from toName and toNames, which give trimmed, non-empty strings only", [
    ["server/src/integrations/mapping/users.ts", "MethodExpression", "values.filter((v) => typeof v === 'string' && v !== '')", "values"],
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "typeof v === 'string' && v !== ''", "true"],
    ["server/src/integrations/mapping/users.ts", "LogicalOperator", "typeof v === 'string' && v !== ''", "typeof v === 'string' || v !== ''"],
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "typeof v === 'string'", "true"],
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "v !== ''", "true"],
    ["server/src/integrations/mapping/users.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("with no value wanted the loop asks nothing and the answer is empty either way", [
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "wanted.length === 0", "false"],
  ]),
  ...withReason("svc/user exists from the first start of the server with its fields user/email and user/name", [
    ["server/src/integrations/mapping/users.ts", "OptionalChaining", "users?.keys", "users.keys"],
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "!users || !key", "false"],
    ["server/src/integrations/mapping/users.ts", "LogicalOperator", "!users || !key", "!users && !key"],
  ]),
  ...withReason("performance only: without the chunks every round asks for all the values at once, and finds the same users", [
    ["server/src/integrations/mapping/users.ts", "MethodExpression", "wanted.slice(i, i + CHUNK)", "wanted"],
  ]),
  ...withReason("with no option to insert nothing is inserted, and the ids answered are only read for the names that were missing (none)", [
    ["server/src/integrations/mapping/enum-options.ts", "ConditionalExpression", "options.length === 0", "false"],
    ["server/src/integrations/mapping/enum-options.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
  ]),
  ...withReason("the enum type was created a statement before, and every Entity row holds a data object", [
    ["server/src/integrations/mapping/enum-options.ts", "OptionalChaining", "(await typeFields(tx, name))?.keys", "(await typeFields(tx, name)).keys"],
    ["server/src/integrations/mapping/enum-options.ts", "OptionalChaining", "row.data?.[rankKey]", "row.data[rankKey]"],
    ["server/src/integrations/mapping/enum-options.ts", "OptionalChaining", "row.data?.[nameKey]", "row.data[nameKey]"],
    ["server/src/integrations/mapping/enum-options.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("out of reach: the mapping creates an enum type an administrator deleted again before any row of the run is written (MAP-062), so only a deletion racing the run itself meets a select whose enum type is gone", [
    ["server/src/integrations/mapping/enum-options.ts", "BlockStatement", "{ throw new Failure( 'integration.error/row-invalid', `The options of \"${select.field}\" c…", "{}"],
    ["server/src/integrations/mapping/enum-options.ts", "LogicalOperator", "!type || (type.kind !== 'enum' && type.kind !== 'workflow') || !type.keys.has(NAME_FIELD)", "(!type || type.kind !== 'enum' && type.kind !== 'workflow') && !type.keys.has(NAME_FIELD)"],
    ["server/src/integrations/mapping/enum-options.ts", "ConditionalExpression", "!type || (type.kind !== 'enum' && type.kind !== 'workflow') || !type.keys.has(NAME_FIELD)", "false"],
    ["server/src/integrations/mapping/enum-options.ts", "ConditionalExpression", "!type || (type.kind !== 'enum' && type.kind !== 'workflow')", "false"],
    ["server/src/integrations/mapping/enum-options.ts", "LogicalOperator", "!type || (type.kind !== 'enum' && type.kind !== 'workflow')", "!type && type.kind !== 'enum' && type.kind !== 'workflow'"],
    ["server/src/integrations/mapping/enum-options.ts", "ConditionalExpression", "type.kind !== 'enum' && type.kind !== 'workflow'", "false"],
    ["server/src/integrations/mapping/enum-options.ts", "StringLiteral", "'integration.error/row-invalid'", "\"\""],
    ["server/src/integrations/mapping/enum-options.ts", "StringLiteral", "`The options of \"${select.field}\" cannot be resolved: \"${select.enumType}\" is not an enum…", "``"],
    ["server/src/integrations/mapping/enum-options.ts", "ObjectLiteral", "{ field: select.field, type: select.enumType }", "{}"],
  ]),
];
