// `/files/<ref>` for synchronized files: when the Entity's file URL is that of a file stored for a
// source that synchronized the Entity, the stored content is answered (with its content type and
// name); any other file keeps the answer of the inner source (a redirect to its URL).
import { Readable } from 'node:stream';
import type { Queryable } from '../db/database.js';
import type { FileSource } from './file-source.js';
import { storedFileOf } from './synced-store.js';

export function withIntegrationFiles(db: Queryable, inner: FileSource): FileSource {
  return {
    async locate(ref) {
      const answer = await inner.locate(ref);
      if (answer.kind !== 'redirect') return answer;
      const stored = await storedFileOf(db, ref.entityId, answer.url);
      if (!stored) return answer;
      return { kind: 'content', name: stored.name, contentType: stored.contentType, body: Readable.from([stored.content]) };
    },
  };
}
