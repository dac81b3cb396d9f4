// The engine's Entities to GraphQL objects keyed by response key: ranges and location as
// stringified JSON, files with signed download addresses, rich text read from the document store
// once per format for the whole response (never per row).
import { GraphQLError } from 'graphql';
import { Failure } from '../api/failure.js';
import type { Entity } from '../api/spec-types.js';
import type { Queryable } from '../db/database.js';
import { readDocumentContents } from '../documents/read.js';
import { RICH_TEXT_SECRET } from '../model/field-types.js';
import { HIDDEN_ID, RICH_TEXT_FORMATS, type Output, type RichTextFormat } from './compile.js';
import type { FileUrlSigner } from '../files/signed-urls.js';

export type GraphqlObject = Record<string, unknown>;

interface PendingText {
  secret: string;
  target: GraphqlObject;
  key: string;
}

export class Materializer {
  private readonly pending = new Map<RichTextFormat, PendingText[]>();

  constructor(private readonly signer: FileUrlSigner) {}

  objects(entities: readonly Entity[], output: Output): GraphqlObject[] {
    return entities.map((entity) => this.object(entity, output));
  }

  /**
   * Fills the rich text placeholders: one bulk read per format used. A read that fails leaves a
   * GraphQL error in each of its fields (graphql-js reports an Error value as a field error).
   */
  async readDocuments(tx: Queryable): Promise<void> {
    for (const [field, items] of this.pending) {
      const format = RICH_TEXT_FORMATS[field];
      let contents: Map<string, unknown>;
      try {
        contents = await readDocumentContents(tx, [...new Set(items.map((i) => i.secret))], format);
        // Stryker disable all: the document store fails only when its storage does (no client can make it)
      } catch (error) {
        if (!(error instanceof Failure)) throw error;
        for (const item of items) item.target[item.key] = new GraphQLError(error.message, { extensions: { code: error.name } });
        continue;
        // Stryker restore all
      }
      for (const item of items) {
        const content = contents.get(item.secret);
        item.target[item.key] = content === undefined ? null : typeof content === 'string' ? content : JSON.stringify(content);
      }
    }
    this.pending.clear();
  }

  private object(entity: Entity, output: Output): GraphqlObject {
    const out: GraphqlObject = {};
    for (const entry of output.entries) {
      const value = entity[entry.key];
      switch (entry.kind) {
        case 'value':
          out[entry.key] = entry.json && value !== null && value !== undefined ? stringifyJsonValue(value) : (value ?? null);
          break;
        case 'null':
          out[entry.key] = null;
          break;
        case 'files': {
          // Stryker disable next-line ArrayDeclaration: a files value is always a list (empty when there are none)
          const files = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
          const entityId = String(entity[HIDDEN_ID]);
          out[entry.key] = files.map((file, index) => {
            const signed = this.signer.sign({ entityId, fieldId: entry.fieldId, index });
            const parts: Record<string, unknown> = { name: file['file/name'] ?? null, url: signed.url, urlExpiresAt: signed.expiresAt };
            return Object.fromEntries(entry.sub.map(([key, field]) => [key, parts[field] ?? null]));
          });
          break;
        }
        case 'richText': {
          const secret = richTextSecret(value);
          if (secret === undefined) {
            out[entry.key] = null;
            break;
          }
          const target: GraphqlObject = {};
          for (const [key, field] of entry.sub) {
            if (field === 'secret') {
              target[key] = secret;
              continue;
            }
            const list = this.pending.get(field) ?? [];
            list.push({ secret, target, key });
            this.pending.set(field, list);
          }
          out[entry.key] = target;
          break;
        }
        case 'object':
          // Stryker disable next-line ArrayDeclaration: a collection's value is always a list
          if (entry.many) out[entry.key] = Array.isArray(value) ? this.objects(value as Entity[], entry.output) : [];
          else out[entry.key] = value && typeof value === 'object' ? this.object(value as Entity, entry.output) : null;
          break;
      }
    }
    return out;
  }
}

/** The secret of a rich text value (`{Collaboration~Documents/secret}`) or of a comment (a UUID). */
function richTextSecret(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const secret = (value as Record<string, unknown>)[RICH_TEXT_SECRET];
    if (typeof secret === 'string') return secret;
  }
  return undefined;
}

/** Ranges as `{"start":..,"end":..}`, a location as `{"longitude":..,"latitude":..,"fullAddress":..}`. */
export function stringifyJsonValue(value: unknown): string {
  // Stryker disable next-line LogicalOperator: a JSON value here is a range or a location object, never null or a list
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    // Stryker disable next-line LogicalOperator,StringLiteral: a range holds both keys, a location neither; falling through stringifies the same keys (above)
    if ('start' in v || 'end' in v) return JSON.stringify({ start: v['start'], end: v['end'] });
    // Stryker disable next-line LogicalOperator,StringLiteral: a location holds both keys; falling through stringifies the same keys (above)
    if ('latitude' in v || 'longitude' in v) {
      return JSON.stringify({ longitude: v['longitude'], latitude: v['latitude'], ...(v['fullAddress'] === undefined ? {} : { fullAddress: v['fullAddress'] }) });
    }
  }
  return JSON.stringify(value);
}
