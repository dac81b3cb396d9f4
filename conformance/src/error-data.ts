/**
 * What `data` each error name of the spec carries (spec/service.openapi.yaml, `ErrorName`: the
 * table's `data` column, which conformance/test/error-data.test.ts keeps this in step with): `key`
 * must be there, `key?` may be, `key: value` must be there with that value (`<index>` stands for a
 * number).
 */
import type { components } from '../../generated/service/types.js';

type ErrorName = components['schemas']['ErrorName'];

export const ERROR_DATA: Readonly<Record<ErrorName, readonly string[]>> = {
  'request.error/malformed-json': ['position?'],
  'request.error/invalid-body': ['field', 'errors'],
  'request.error/invalid-parameter': ['field'],
  'request.error/body-too-large': ['limit'],
  'request.error/unsupported-media-type': ['contentType'],
  'auth.error/unauthorized': [],
  'auth.error/forbidden': ['required', 'held', 'command?'],
  'route.error/not-found': ['method', 'path'],
  'route.error/method-not-allowed': ['method', 'path'],
  'rate.error/too-many-requests': ['retryAfter', 'requests?', 'seconds?'],
  'server.error/internal': [],
  'command.error/unknown-command': ['command'],
  'command.error/batch-failed': ['index', 'error'],
  'entity.error/schema-type-not-found': ['type'],
  'entity.error/schema-field-not-found': ['type', 'field'],
  'entity.error/query-limit-expr-not-found': [],
  'entity.error/query-primitive-field-expr-invalid': ['field'],
  'entity.error/query-operator-invalid': ['operator', 'expr'],
  'entity.error/query-param-not-found': ['param'],
  'entity.error/query-value-invalid': ['field', 'value', 'expected'],
  'entity.error/query-result-too-large': ['field', 'limit'],
  'entity.error/value-invalid': ['field', 'expected'],
  'entity.error/field-readonly': ['field'],
  'entity.error/not-a-collection': ['field'],
  'entity.error/entity-not-found': ['type', 'id'],
  'entity.error/duplicate-id': ['id'],
  'entity.error/conflict-field-invalid': ['field', 'type', 'fieldType'],
  'schema.error/type-exists': ['name'],
  'schema.error/field-exists': ['holderType', 'name'],
  'schema.error/type-not-found': ['name'],
  'schema.error/field-not-found': ['holderType', 'name'],
  'schema.error/definition-invalid': ['field'],
  'schema.error/type-has-entities': ['name', 'field', 'count'],
  'schema.error/type-has-related-fields': ['name', 'field', 'fields'],
  'schema.error/field-has-values': ['holderType', 'name', 'field'],
  'document.error/not-found': ['secret'],
  'document.error/format-unsupported': ['field: format'],
  'document.error/content-invalid': ['field'],
  'document.error/too-large': ['limit', 'format', 'field?', 'secret?', 'index?'],
  'graphql.error/space-not-found': ['space'],
  'file.error/signature-invalid': ['field: signature'],
  'file.error/url-expired': ['field: expires', 'expiredAt'],
  'file.error/not-found': ['field'],
  'file.error/too-large': ['field', 'limit'],
  'file.error/url-refused': ['field: url', 'url'],
  'file.error/download-failed': ['field: url', 'url', 'status?'],
  'webhook.error/not-found': ['id'],
  'webhook.error/type-not-found': ['field: type'],
  'webhook.error/url-refused': ['field: url'],
  'integration.error/account-not-found': ['id'],
  'integration.error/source-not-found': ['id'],
  'integration.error/sync-not-found': ['id'],
  'integration.error/app-url-refused': ['field: appUrl'],
  'integration.error/account-type-unknown': ['field: accountType'],
  'integration.error/type-unknown': ['field: types', 'type'],
  'integration.error/account-invalid': ['operation', 'appStatus'],
  'integration.error/filter-invalid': ['operation', 'appStatus', 'field: filter'],
  'integration.error/app-failed': ['operation', 'appStatus?'],
  'integration.error/account-cleanup-failed': ['operation', 'appStatus?'],
  'integration.error/oauth-state-invalid': ['field: state'],
  'integration.error/row-invalid': ['type', 'key?', 'field?'],
  'integration.error/sync-running': ['id'],
  'integration.error/action-unknown': ['field: actionId', 'id', 'known'],
  'integration.error/entity-not-synchronized': ['field: entities/<index>', 'id'],
  'integration.error/action-args-invalid': ['field: args/<id>', 'arg', 'placeholder?', 'near?'],
};

/** What `data` lacks of what the spec gives an error of this name, or holds empty (none for names the spec does not list). */
export function dataProblems(name: string, data: Readonly<Record<string, unknown>>): string[] {
  const keys = (ERROR_DATA as Readonly<Record<string, readonly string[] | undefined>>)[name] ?? [];
  const problems: string[] = [];
  for (const key of keys) {
    if (key.endsWith('?')) continue;
    const [field, value] = key.split(': ') as [string, string | undefined];
    if (!(field in data) || data[field] === undefined) problems.push(`data.${field} is missing`);
    else if (data[field] === '') problems.push(`data.${field} is empty`);
    else if (value !== undefined && !value.includes('<') && data[field] !== value) problems.push(`data.${field} is ${JSON.stringify(data[field])}, not ${JSON.stringify(value)}`);
  }
  return problems;
}
