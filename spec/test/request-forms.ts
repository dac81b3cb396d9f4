// The request forms an OpenAPI document of the kit shows: every example of a request body (of the
// media type, of its schema and of each schema it may be, a discriminator's commands included),
// and, for `svc.entity/query`, every example of a query part (a filter, an ordering, a select form)
// put into a whole query. spec/test/tools.test.ts sends each through Prism.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

interface SchemaObject {
  $ref?: string;
  example?: unknown;
  examples?: unknown[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  items?: SchemaObject;
  discriminator?: { mapping?: Record<string, string> };
}
interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface ParameterObject {
  $ref?: string;
  name: string;
  in: string;
  example?: unknown;
  schema?: SchemaObject;
}
interface OperationObject {
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { $ref?: string; content?: Record<string, MediaTypeObject> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject | ParameterObject[]>>;
  components: { schemas: Record<string, SchemaObject> };
}

/** One request: where it goes and the body to send (JSON, or the fields of a multipart form). */
export interface RequestForm {
  label: string;
  method: string;
  path: string;
  mediaType: string;
  body: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** `$ref`s followed in a row before a document is taken as broken (a cycle of references). */
const MAX_REF_HOPS = 16;

export function loadDocument(file: string): OpenApiDocument {
  return parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

/** The object a local `$ref` points at (followed until it is no reference). */
export function resolve<T extends { $ref?: string }>(doc: OpenApiDocument, node: T): T {
  let current: T = node;
  for (let hops = 0; current.$ref !== undefined; hops++) {
    if (hops >= MAX_REF_HOPS || !current.$ref.startsWith('#/')) throw new Error(`cannot resolve ${node.$ref}`);
    const target = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (target === undefined || target === null || typeof target !== 'object') throw new Error(`dangling reference ${current.$ref}`);
    current = target as T;
  }
  return current;
}

/** The examples of a schema and, one level of `anyOf`/`oneOf`/discriminator down, of each schema it may be. */
export function schemaExamples(doc: OpenApiDocument, schema: SchemaObject, depth = 2, fallbackName = 'schema'): { name: string; value: unknown }[] {
  const name = schema.$ref?.split('/').pop() ?? fallbackName;
  const own = resolve(doc, schema);
  const out: { name: string; value: unknown }[] = [];
  if (own.example !== undefined) out.push({ name, value: own.example });
  for (const [i, value] of (own.examples ?? []).entries()) out.push({ name: `${name}[${i}]`, value });
  if (depth > 0) {
    const branches = [...(own.anyOf ?? []), ...(own.oneOf ?? []), ...Object.values(own.discriminator?.mapping ?? {}).map(($ref) => ({ $ref }))];
    const seen = new Set<string>();
    for (const [i, branch] of branches.entries()) {
      if (branch.$ref !== undefined && seen.has(branch.$ref)) continue;
      if (branch.$ref !== undefined) seen.add(branch.$ref);
      out.push(...schemaExamples(doc, branch, depth - 1, `${name} branch ${i}`));
    }
  }
  return out;
}

function pathWithExamples(doc: OpenApiDocument, path: string, parameters: ParameterObject[]): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const parameter = parameters.map((p) => resolve(doc, p)).find((p) => p.in === 'path' && p.name === name);
    const value = parameter?.example ?? (parameter?.schema ? resolve(doc, parameter.schema).example : undefined);
    if (value === undefined) throw new Error(`${path}: the path parameter ${name} has no example`);
    return encodeURIComponent(String(value));
  });
}

/** Every request body example of the document, one form per example (duplicates dropped). */
export function requestBodyForms(doc: OpenApiDocument): RequestForm[] {
  const forms: RequestForm[] = [];
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters ?? []) as ParameterObject[];
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const operation = value as OperationObject;
      if (!operation.requestBody) continue;
      const body = resolve(doc, operation.requestBody);
      const url = pathWithExamples(doc, path, [...shared, ...(operation.parameters ?? [])]);
      for (const [mediaType, media] of Object.entries(body.content ?? {})) {
        const examples = [
          ...Object.entries(media.examples ?? {}).map(([name, e]) => ({ name, value: e.value })),
          ...(media.example !== undefined ? [{ name: 'example', value: media.example }] : []),
          ...(media.schema ? schemaExamples(doc, media.schema) : []),
        ];
        for (const { name, value } of examples) {
          const key = `${method} ${url} ${mediaType} ${JSON.stringify(value)}`;
          if (value === undefined || seen.has(key)) continue;
          seen.add(key);
          forms.push({ label: `${method.toUpperCase()} ${path} ${name}`, method: method.toUpperCase(), path: url, mediaType, body: value });
        }
      }
    }
  }
  return forms;
}

/**
 * Where an example of a query part goes in a query: the component schemas of `Query` a client
 * writes, each with the place its examples take (the left-hand sides of a comparison are compared
 * with `true`, an aggregate is selected under an alias).
 */
export const QUERY_PARTS: Record<string, (example: unknown) => Record<string, unknown>> = {
  Query: (e) => e as Record<string, unknown>,
  Select: (e) => ({ 'q/select': e }),
  SelectList: (e) => ({ 'q/select': e }),
  AliasSelect: (e) => ({ 'q/select': e }),
  AggregateExpr: (e) => ({ 'q/select': { total: e } }),
  Expr: (e) => ({ 'q/where': e }),
  ComparisonExpr: (e) => ({ 'q/where': e }),
  LogicalExpr: (e) => ({ 'q/where': e }),
  MembershipExpr: (e) => ({ 'q/where': e }),
  TextExpr: (e) => ({ 'q/where': e }),
  NullOrEmptyExpr: (e) => ({ 'q/where': e }),
  NullExpr: (e) => ({ 'q/where': ['=', e, true] }),
  CountExpr: (e) => ({ 'q/where': ['>', e, 0] }),
  RangePartExpr: (e) => ({ 'q/where': ['<', e, '2026-01-01'] }),
  OrderBy: (e) => ({ 'q/order-by': e }),
  OrderItem: (e) => ({ 'q/order-by': [e] }),
};

/** Each example of a query part as a whole `svc.entity/query` command on `/api/commands`. */
export function queryPartForms(doc: OpenApiDocument): RequestForm[] {
  return Object.entries(QUERY_PARTS).flatMap(([name, place]) => {
    const schema = doc.components.schemas[name];
    if (!schema) throw new Error(`the query part ${name} is no component schema`);
    const examples = [...(schema.example !== undefined ? [schema.example] : []), ...(schema.examples ?? [])];
    if (examples.length === 0) throw new Error(`the query part ${name} has no example`);
    return examples.map((example, i) => ({
      label: `query part ${name}${examples.length > 1 ? `[${i}]` : ''}`,
      method: 'POST',
      path: '/api/commands',
      mediaType: 'application/json',
      body: { command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Tasks', 'q/select': ['svc/id'], 'q/limit': 1, ...place(example) } } },
    }));
  });
}
