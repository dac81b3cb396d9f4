/**
 * fast-check arbitraries for requests to the command API: hostile bodies for
 * robustness properties, and command arrays for the envelope properties.
 */
import fc from 'fast-check';

/** A request body together with the Content-Type it is sent with (`null`: no Content-Type). */
export interface RawBody {
  kind: 'json-value' | 'not-json' | 'command' | 'wrong-content-type';
  contentType: string | null;
  body: string;
}

const KNOWN_COMMANDS = [
  'svc.entity/query',
  'svc.entity/create',
  'svc.entity/update',
  'svc.entity/delete',
  'svc.entity/add-collection-items',
  'svc.entity/remove-collection-items',
  'svc.command/batch',
  'svc.schema/query',
  'svc.schema/batch',
] as const;

/** Database names: random, unknown, or the user type (never written to, see `argsArbitrary`). */
const typeName = fc.oneof(fc.string({ maxLength: 20 }), fc.constant('Nope/Nope'), fc.constant('svc/user'));

const queryArbitrary = fc.record(
  {
    'q/from': typeName,
    'q/select': fc.oneof(fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constant('svc/id'), fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })),
    'q/where': fc.oneof(
      fc.tuple(fc.constantFrom('=', '>', 'q/and', 'q/in', '!=', 'q/contains'), fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 1 })),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    'q/order-by': fc.jsonValue({ maxDepth: 3 }),
    'q/limit': fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.jsonValue({ maxDepth: 1 })),
  },
  { requiredKeys: ['q/from'] },
);

/**
 * Semi-structured args: the keys commands read, with hostile values. Writes
 * (create, update, delete, collection items) never name `svc/user`, so a run
 * cannot change the users of the target workspace.
 */
function argsArbitrary(command: string): fc.Arbitrary<unknown> {
  const writes = command !== 'svc.entity/query' && command !== 'svc.schema/query';
  const type = writes ? fc.oneof(fc.string({ maxLength: 20 }), fc.constant('Nope/Nope')).filter((t) => t !== 'svc/user') : typeName;
  return fc.oneof(
    fc.record(
      {
        type,
        entity: fc.jsonValue({ maxDepth: 2 }),
        query: writes ? fc.jsonValue({ maxDepth: 2 }) : queryArbitrary,
        params: fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }).map((k) => `$${k}`), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), fc.jsonValue({ maxDepth: 1 })),
        field: fc.oneof(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })),
        items: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );
}

export const commandObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.oneof(fc.constantFrom(...KNOWN_COMMANDS), fc.string({ maxLength: 30 })), fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 10 })), { nil: undefined }))
  .chain(([command, correlationId]) =>
    fc.option(argsArbitrary(command), { nil: undefined }).map((args) => {
      const body: Record<string, unknown> = { command };
      if (args !== undefined) body['args'] = args;
      if (correlationId !== undefined) body['correlationId'] = correlationId;
      return body;
    }),
  );

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const JSON_TYPE = 'application/json';

export const hostileBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.jsonValue().map((value): RawBody => ({ kind: 'json-value', contentType: JSON_TYPE, body: JSON.stringify(value) })),
  fc
    .oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary-ascii', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1)))
    .filter((text) => !isJson(text))
    .map((body): RawBody => ({ kind: 'not-json', contentType: JSON_TYPE, body })),
  fc
    .oneof(commandObject, fc.array(commandObject, { minLength: 1, maxLength: 3 }))
    .map((value): RawBody => ({ kind: 'command', contentType: JSON_TYPE, body: JSON.stringify(value) })),
  fc
    .tuple(
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/octet-stream', null),
      fc.oneof(commandObject.map((c) => JSON.stringify(c)), fc.constant('command=svc.schema/query')),
    )
    .map(([contentType, body]): RawBody => ({ kind: 'wrong-content-type', contentType, body })),
);

export type ArrayItemKind = 'schema-query' | 'unknown-type';

/** An array of 1..10 commands whose outcome is known: schema queries succeed, creates of unknown Databases fail. */
export const knownOutcomeCommands: fc.Arbitrary<Array<Record<string, unknown>>> = fc
  .array(fc.record({ kind: fc.constantFrom<ArrayItemKind>('schema-query', 'unknown-type'), correlationId: fc.uuid() }), { minLength: 1, maxLength: 10 })
  .map((items) =>
    items.map(({ kind, correlationId }, index) =>
      kind === 'schema-query'
        ? { command: 'svc.schema/query', correlationId }
        : { command: 'svc.entity/create', args: { type: `Nope/Probe${index}`, entity: {} }, correlationId },
    ),
  );
