// Equivalent or out-of-reach survivors of the app schema mapping and the value conversions (server/src/integrations/mapping/): see index.ts.
import { withReason, type Explanation } from './explanation.js';

export const MAPPING: readonly Explanation[] = [
  // integrations/mapping/field-kinds.ts: one-to-many is a deviation real apps send, which the service tolerates
  ...withReason(
    "out of reach: one-to-many is not a cardinality of the app contract but a deviation the reference server tolerates (APP-085, SHOULD); the suite's app keeps to the contract, and server/test/integrations-deviations.test.ts covers the tolerance",
    [
      ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'one-to-many'", "\"\""],
      ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "cardinality === 'one-to-many'", "false"],
    ],
  ),
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
    ["server/src/integrations/mapping/users.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
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
  // integrations/mapping/options.ts
  ...withReason("out of reach: behind the app contract, whose SchemaField.options is an array of objects (SelectOption or WorkflowOption) with a string name and, when given, a string color and icon: options that are null or no array, an option that is no object, and a name, color or icon that is no string (null included) are refused before optionsOf reads them; the keys 'color' and 'icon' show only in the message of that refusal", [
    ["server/src/integrations/mapping/options.ts", "ConditionalExpression", "value === null", "false"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "`option ${index + 1}: \\`${key}\\` must be a string.`", "``"],
    ["server/src/integrations/mapping/options.ts", "ConditionalExpression", "typeof value !== 'string'", "false"],
    ["server/src/integrations/mapping/options.ts", "ConditionalExpression", "given === null", "false"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "'`options` must be an array of {name, icon?, color?'", "\"\""],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "', default?, final?, type?}.'", "\"\""],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "'}.'", "\"\""],
    ["server/src/integrations/mapping/options.ts", "ConditionalExpression", "!Array.isArray(given)", "false"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "`option ${index + 1} must be an object {name, ...}.`", "``"],
    ["server/src/integrations/mapping/options.ts", "ConditionalExpression", "typeof raw !== 'object' || raw === null || Array.isArray(raw)", "false"],
    ["server/src/integrations/mapping/options.ts", "ConditionalExpression", "typeof raw !== 'object' || raw === null", "false"],
    ["server/src/integrations/mapping/options.ts", "ConditionalExpression", "typeof raw !== 'object'", "false"],
    ["server/src/integrations/mapping/options.ts", "ConditionalExpression", "raw === null", "false"],
    ["server/src/integrations/mapping/options.ts", "LogicalOperator", "typeof raw !== 'object' || raw === null || Array.isArray(raw)", "(typeof raw !== 'object' || raw === null) && Array.isArray(raw)"],
    ["server/src/integrations/mapping/options.ts", "LogicalOperator", "typeof raw !== 'object' || raw === null", "typeof raw !== 'object' && raw === null"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "''", "\"Stryker was here!\""],
    ["server/src/integrations/mapping/options.ts", "ConditionalExpression", "typeof option.name === 'string'", "true"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "'color'", "\"\""],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "'icon'", "\"\""],
  ]),
  ...withReason("the wording of an option rule's message: the schema is refused all the same with the same name and data (type, field), and the message still names the type and the field; MAP-060 names no option rule among the keys a message must name (the option's number in the messages of lines 28 and 41 too, which the contract keeps out of reach)", [
    ["server/src/integrations/mapping/options.ts", "ArithmeticOperator", "index + 1", "index - 1"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "`option ${index + 1} needs a non-empty \\`name\\`.`", "``"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "`the option \"${name}\" is listed twice.`", "``"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "`option \"${name}\": \\`${flag}\\` must be a boolean.`", "``"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "`option \"${name}\": \\`type\\` must be one of ${WORKFLOW_STATES.join(', ')} (got ${JSON.stri…", "``"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "', '", "\"\""],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "`workflow options need exactly one option with \\`default: true\\` (found ${defaults}).`", "``"],
    ["server/src/integrations/mapping/options.ts", "StringLiteral", "'workflow options need at least one option with `final: true`.'", "\"\""],
  ]),
  // integrations/mapping/check-schema.ts
  ...withReason("a whole type at fault: its data member field, set to undefined, is left out of the error's JSON (the same data), and the message names a field \"undefined\" besides the type and the rule, wording beyond what MAP-060 asks", [
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "problem.field === undefined", "false"],
  ]),
  ...withReason("out of reach: behind the app contract, whose Format is one of four objects: a null format is refused before the mapping reads it", [
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "format === null", "false"],
  ]),
  ...withReason("`allowed` holds format names only (strings): includes() of a name that is no string is false either way", [
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof name !== 'string'", "false"],
  ]),
  ...withReason("the wording of a refusal's message beyond MAP-060: the schema is refused with the same name and data (type, field), and the message still names the type, the field and the rule at fault (`format`)", [
    ["server/src/integrations/mapping/check-schema.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "allowed.length === 0", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "' | '", "\"\""],
  ]),
  ...withReason("out of reach: the admin API refuses an empty type id (IntegrationSourceInput.types items have minLength 1) and a source's types are only those; the type id \"__proto__\" is refused here with the same data whatever the message says (MAP-060 names no rule for type ids)", [
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeId === ''", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "''", "\"Stryker was here!\""],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'a type id must be a non-empty string other than \"__proto__\".'", "\"\""],
  ]),
  ...withReason("only a relation kind has a targetAppType (keyFields.get(undefined) is undefined), and a relation kind comes from a field whose relation is an object", [
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "kind.kind === 'relation'", "true"],
    ["server/src/integrations/mapping/check-schema.ts", "OptionalChaining", "field.relation?.targetFieldId", "field.relation.targetFieldId"],
    ["server/src/integrations/mapping/check-schema.ts", "OptionalChaining", "field.relation?.targetType", "field.relation.targetType"],
  ]),
  ...withReason("the two steps throw nothing but SchemaProblem on a schema inside the app contract (toIcon, the only helper that reads a value, never throws)", [
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "error instanceof SchemaProblem", "true"],
  ]),
  // integrations/mapping/convert-row.ts
  ...withReason("out of reach: rowInvalid is given no field only for a row that is no JSON object, which the app contract (DataRow: an object) refuses first", [
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "field === undefined", "false"],
  ]),
  ...withReason("a data member set to undefined is left out of the error's JSON: the same data", [
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "key === undefined", "false"],
  ]),
  ...withReason("Number.isFinite is false for anything that is no number (it does not convert): the typeof test adds nothing", [
    ["server/src/integrations/mapping/convert-row.ts", "LogicalOperator", "typeof raw === 'number' && Number.isFinite(raw)", "typeof raw === 'number' || Number.isFinite(raw)"],
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "typeof raw === 'number'", "true"],
    ["server/src/integrations/mapping/convert-row.ts", "LogicalOperator", "typeof v === 'number' && Number.isFinite(v)", "typeof v === 'number' || Number.isFinite(v)"],
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "typeof v === 'number'", "true"],
  ]),
  ...withReason("a relation key is never blank: a blank value is empty and cleared before (isEmpty), and blank items of a list are dropped before", [
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "v.trim() !== ''", "true"],
    ["server/src/integrations/mapping/convert-row.ts", "MethodExpression", "v.trim()", "v"],
  ]),
  ...withReason("items is an array already: the value when it is one, [value], or what a JSON text that starts with [ parses to (parseJsonText throws otherwise)", [
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "'keys of the target type: a JSON array of strings'", "\"\""],
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "!Array.isArray(items)", "false"],
  ]),
  ...withReason("the avatar's files come from toFileReferences(value, false), at most one, and an undefined multi is as false: keeping every file of at most one, or the first, is the same", [
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "case 'avatar': out.files.push({ field: mapping.field, multi: false, files: toFileReferenc…", "case 'avatar':"],
    ["server/src/integrations/mapping/convert-row.ts", "BooleanLiteral", "false", "true"],
  ]),
  ...withReason("a converted row whose rich text list (line 140) starts with an item that names no field: where rich text is written, a field the Database lacks (undefined) is skipped; the other lists of that line hold items that are read at once and fail the run", [
    ["server/src/integrations/mapping/convert-row.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
  ]),
  ...withReason("the converters throw nothing but ValueError, and call nothing that throws on a value parsed from JSON", [
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "`cannot be converted (${error instanceof Error ? error.message : String(error)})`", "``"],
  ]),
  ...withReason("the key field is always in the type's mapping: `id` (which the app contract requires of every type) or the field of type id", [
    ["server/src/integrations/mapping/convert-row.ts", "OptionalChaining", "keyMapping?.kind", "keyMapping.kind"],
  ]),

  // integrations/mapping/materialize.ts
  ...withReason("an icon or avatar mapping names the mixin field, which no run loses (no mixin is ever uninstalled): when it is not there, the field is not among the Database's, so ownFields (kept to the Database's field names) drops it either way, and a run that installs the mixin again adds it back; and stillThere asked about an icon or avatar mapping with its case label changed answers undefined (false), after which materializeField installs the mixin again (installMixins skips an installed one) and answers the same mapping", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "mapping.kind === 'icon' || mapping.kind === 'avatar'", "false"],
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "mapping.kind === 'icon'", "false"],
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "mapping.kind === 'avatar'", "false"],
    ["server/src/integrations/mapping/materialize.ts", "LogicalOperator", "mapping.kind === 'icon' || mapping.kind === 'avatar'", "mapping.kind === 'icon' && mapping.kind === 'avatar'"],
    ["server/src/integrations/mapping/materialize.ts", "StringLiteral", "'icon'", "\"\""],
    ["server/src/integrations/mapping/materialize.ts", "StringLiteral", "'avatar'", "\"\""],
  ]),
  ...withReason("no field name is '' or 'Stryker was here!', nor undefined, and own holds field names: deleting those from own changes nothing (line 71: the key field of a mapping that is no relation, or a relation's unset field); line 165: deletedInSourceField is set a few lines below before it is read; line 237: the placeholder field name of a relation whose target type is outside the source is never read (the link pass skips a relation whose target type has no mapping, and rows write only its key field)", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "mapping.kind === 'relation'", "true"],
    ["server/src/integrations/mapping/materialize.ts", "MethodExpression", "[mapping.keyField, mapping.field].filter((n) => n !== '')", "[mapping.keyField, mapping.field]"],
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "n !== ''", "true"],
    ["server/src/integrations/mapping/materialize.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("line 70: namesOf answering a name no field has changes nothing; line 165: ownFields is set when the mapping is answered, before it is read; line 166: ownFields keeps the names of the Database's fields only, and every field name has a namespace (`<ns>/<name>`), so 'Stryker was here' is dropped", [
    ["server/src/integrations/mapping/materialize.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
  ]),
  ...withReason("a run marks one field as the title (titleFieldOf answers one id) and only that field asks titleMeta with isTitle: hasTitle set once it is created is read by no later field of the run", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "spec.meta?.['ui/title?'] === true", "false"],
    ["server/src/integrations/mapping/materialize.ts", "StringLiteral", "'ui/title?'", "\"\""],
    ["server/src/integrations/mapping/materialize.ts", "BooleanLiteral", "true", "false"],
  ]),
  ...withReason("kept(work, name) without a type is asked about icon and avatar mappings only (a select's enumType is always set, so the avatar case falling through to the select case asks the same); when stillThere answers false for them instead of true, materializeField installs the mixin again (installMixins skips an installed one) and answers the same mapping, its mixin field in own again", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "type === undefined", "false"],
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "case 'avatar': return this.kept(work, previous.field);", "case 'avatar':"],
  ]),
  ...withReason("stillThere's answer without a previous mapping is never read: every caller asks `previous &&` (or previousAction?.kind === 'sync-action') first", [
    ["server/src/integrations/mapping/materialize.ts", "BooleanLiteral", "false", "true"],
  ]),
  ...withReason("without a previous mapping `existing` is undefined, so `existing?.kind === 'domain'` is false already", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "previous !== undefined", "true"],
  ]),
  ...withReason("performance only: the catalog loaded again in the same transaction holds the same fields of the reused Database", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "reused && existing", "false"],
  ]),
  ...withReason("only a select mapping has an enumType: previousEnums.get of another field's id answers undefined, as when it is left out", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "m.kind === 'select'", "true"],
  ]),
  ...withReason("deleting undefined from own changes nothing", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "previousFlag", "true"],
  ]),
  ...withReason("work.previous[__syncAction] is undefined or a sync-action mapping (classifyField gives that id no other kind), and stillThere(undefined) is false", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "previousAction?.kind === 'sync-action'", "true"],
  ]),
  ...withReason("for the same relation the recomputed mapping equals the previous one (its key field kept, its relation field reused by materializeRelations when still there, created again when not, as for the previous mapping); they differ only when a later schema changes a relation's target type or cardinality, which the spec leaves open (MAP-064 names a changed name, type or subType and a relation gained or lost); 'relation' emptied on line 198 gives the same as its test made true (sync.mapping-relations kills it on lines 71 and 277)", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "previous.kind !== 'relation' || kind.kind !== 'relation'", "true"],
    ["server/src/integrations/mapping/materialize.ts", "StringLiteral", "'relation'", "\"\""],
  ]),
  ...withReason("unreachable: materializeType skips __syncAction, so materializeField never classifies a sync-action field", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "case 'sync-action': throw new Error(`${SYNC_ACTION_FIELD} is materialized with its Databa…", "case 'sync-action':"],
    ["server/src/integrations/mapping/materialize.ts", "StringLiteral", "'sync-action'", "\"\""],
    ["server/src/integrations/mapping/materialize.ts", "StringLiteral", "`${SYNC_ACTION_FIELD} is materialized with its Database`", "``"],
  ]),
  ...withReason("loadCatalog().byName.get(undefined) is undefined: without a previous enum none is reused either way", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "previousEnum !== undefined", "true"],
  ]),
  ...withReason("a mapping that is no relation has no targetAppType: works.get(undefined) is undefined and the loop goes on", [
    ["server/src/integrations/mapping/materialize.ts", "ConditionalExpression", "mapping.kind !== 'relation'", "false"],
  ]),
  ...withReason("a relation mapping comes from a field whose relation is an object", [
    ["server/src/integrations/mapping/materialize.ts", "OptionalChaining", "field.relation?.name", "field.relation.name"],
    ["server/src/integrations/mapping/materialize.ts", "OptionalChaining", "field.relation?.targetName", "field.relation.targetName"],
  ]),
  // integrations/mapping: small look-ups and value converters
  ...withReason("out of reach: typeFields is asked for svc/user, which exists from the first start, and for the enum type of a select, which the mapping created in the run (only an administrator's deletion racing the run removes it, see enum-options.ts)", [
    ["server/src/integrations/mapping/type-lookup.ts", "ConditionalExpression", "!type", "false"],
  ]),
  ...withReason("the schema writer gives every value field the storage key f<position>: the test passes whichever way it is written", [
    ["server/src/integrations/mapping/type-lookup.ts", "ConditionalExpression", "f.storage_key && /^f\\d+$/.test(f.storage_key)", "true"],
    ["server/src/integrations/mapping/type-lookup.ts", "LogicalOperator", "f.storage_key && /^f\\d+$/.test(f.storage_key)", "f.storage_key || /^f\\d+$/.test(f.storage_key)"],
    ["server/src/integrations/mapping/type-lookup.ts", "Regex", "/^f\\d+$/", "/f\\d+$/"],
    ["server/src/integrations/mapping/type-lookup.ts", "Regex", "/^f\\d+$/", "/^f\\d+/"],
  ]),
  ...withReason("differs only for a name that ends in an unpaired high surrogate, which is no Unicode text (UTF-8, and so PostgreSQL, cannot hold it): a name of at most the maximum length is otherwise kept whole either way", [
    ["server/src/integrations/mapping/names.ts", "ConditionalExpression", "text.length <= max", "false"],
    ["server/src/integrations/mapping/names.ts", "EqualityOperator", "text.length <= max", "text.length < max"],
  ]),
  ...withReason("out of reach: a tie-breaker only for enum options of one rank, which the sync never gives (0 to n-1, then one more than the highest); for an administrator's ties V8 sorts fewer than 64 items by binary insertion, which compares a later item with earlier ones only, where both answer positive", [
    ["server/src/integrations/mapping/enum-options.ts", "ArithmeticOperator", "a.index - b.index", "a.index + b.index"],
  ]),
  ...withReason("URL.canParse('') is false: the empty URL is refused by the next test of the same line", [
    ["server/src/integrations/mapping/values/file-reference.ts", "ConditionalExpression", "url === ''", "false"],
  ]),
  ...withReason("fetchResource reads the same parameters from the URL when the reference carries none (files/download.ts resourceParams)", [
    ["server/src/integrations/mapping/values/file-reference.ts", "ObjectLiteral", "{ resource: params }", "{}"],
  ]),
  ...withReason("an empty value (null, absent, empty or blank) becomes a list of one empty item, which the loop drops: no file either way", [
    ["server/src/integrations/mapping/values/file-reference.ts", "ConditionalExpression", "isEmpty(value)", "false"],
  ]),
  ...withReason("a JSON text that starts with [ parses to an array, or fails to parse", [
    ["server/src/integrations/mapping/values/file-reference.ts", "ConditionalExpression", "!Array.isArray(parsed)", "false"],
  ]),
  ...withReason("half of the sentence saying what a location field takes: the other half still says it (a location, latitude and longitude)", [
    ["server/src/integrations/mapping/values/location.ts", "StringLiteral", "'a location: \"latitude, longitude\" in decimal degrees, degrees-minutes-seconds with hemis…", "\"\""],
    ["server/src/integrations/mapping/values/location.ts", "StringLiteral", "'or a JSON object {\"latitude\", \"longitude\", \"fullAddress\"}'", "\"\""],
  ]),
  ...withReason("Number() drops the white space around a numeric text that trim() drops (both: WhiteSpace and LineTerminator)", [
    ["server/src/integrations/mapping/values/numbers.ts", "MethodExpression", "value.trim()", "value"],
  ]),
  // integrations/mapping/field-kinds.ts
  ...withReason("the error's class name shows in no message", [
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'SchemaProblem'", "\"\""],
  ]),
  ...withReason("the wording of a refusal's message beyond MAP-060: the schema is refused with the same name and data (type, field), and the message still names the type, the field and the rule at fault (`format`, the row key, `id`, the title, `subType`): line 39, a field that takes no format refused with the other format sentence; lines 81-82, the field's type and subType described in the row key's message; lines 114 and 121, the separator of the list of the fields found (each field is still named); lines 148-149, the list of the subTypes of the type", [
    ["server/src/integrations/mapping/field-kinds.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
    ["server/src/integrations/mapping/field-kinds.ts", "BlockStatement", "{ return field.subType ? `type \"${String(field.type)}\" with subType \"${String(field.subTy…", "{}"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "`type \"${String(field.type)}\" with subType \"${String(field.subType)}\"`", "``"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "`type \"${String(field.type)}\" without subType`", "``"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "', '", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "TABLE[field.type] ?? {}", "TABLE[field.type] && {}"],
    ["server/src/integrations/mapping/field-kinds.ts", "ArrowFunction", "(s) => (s === '' ? '(none)' : s)", "() => undefined"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "s === ''", "true"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "s === ''", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "EqualityOperator", "s === ''", "s !== ''"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "''", "\"Stryker was here!\""],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'(none)'", "\"\""],
  ]),
  ...withReason("decodeContent reads a format other than json and html as markdown; the size limit it would look up for md (4 MiB) is beyond any text a row may hold (1,000,000 UTF-16 units, at most 3,000,000 bytes)", [
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'md'", "\"\""],
  ]),
  ...withReason("out of reach: behind the app contract, whose Relation gives name, targetName and kind as strings", [
    ["server/src/integrations/mapping/field-kinds.ts", "BlockStatement", "{ if (text !== undefined && typeof text !== 'string') throw new SchemaProblem(id, `\\`rela…", "{}"],
    ["server/src/integrations/mapping/field-kinds.ts", "ObjectLiteral", "{ name, targetName, kind }", "{}"],
  ]),
  ...withReason("match is only ever compared with 'email' (users.ts, convert-row.ts): any other word matches by user/name", [
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'name'", "\"\""],
  ]),
  ...withReason("out of reach: behind the app contract, which makes every field of a type an object (SchemaField); classifyField refuses one that is not too", [
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof f === 'object' && f !== null", "typeof f === 'object' || f !== null"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof f === 'object' && f !== null", "true"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof f === 'object'", "true"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "f !== null", "true"],
  ]),
  ...withReason("with two fields of type id the second is refused all the same, by classifyField (only the row key may have type id), with the same type and field; only which of several problems of one schema is named can differ, which the spec leaves open", [
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "ids.length > 1", "false"],
  ]),
  ...withReason("the message still names __syncAction, the field at fault and the key MAP-060 asks it to name; the rest is wording", [
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "`the reserved field ${SYNC_ACTION_FIELD} must have type \"text\", no subType and no relatio…", "``"],
  ]),
  ...withReason("classifyField's answer for __syncAction is read only by checkFields' format check (no format allowed either way) and its select and relation tests, which it passes either way; materializeType skips the field", [
    ["server/src/integrations/mapping/field-kinds.ts", "ObjectLiteral", "{ kind: 'sync-action' }", "{}"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'sync-action'", "\"\""],
  ]),
  ...withReason("keyFieldOf makes the only field of type id the row key and refuses a second one: no other field has type id here, and the app contract's types other than id all have rows of the table (so TABLE[field.type] is always set past this point)", [
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "`only the row key may have type \"id\"; the key of this type is \"${keyField}\".`", "``"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "field.type === 'id'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'id'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "!TABLE[field.type]", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "`unknown type \"${field.type}\"; known: id, text, number, date, array[text].`", "``"],
    ["server/src/integrations/mapping/field-kinds.ts", "OptionalChaining", "TABLE[field.type]?.[field.subType ?? '']", "TABLE[field.type][field.subType ?? '']"],
  ]),
];
