// File Entities (`svc/file`): a stored file is an Entity with `svc/name`, `svc/secret`,
// `svc/content-type` and `svc/content-length`, read with the command API like any other, linked
// from a Database through the Files extension's collection `Files/Files`; its content is a row of
// `files` (store.ts), found by the secret.
import { randomUUID } from 'node:crypto';
import type { Entity } from '../api/spec-types.js';
import type { Caller } from '../commands/context.js';
import type { Database } from '../db/database.js';
import { loadCatalog, type CatalogCache } from '../model/catalog.js';
import { insertEntity } from '../model/entity-writer.js';
import { FILE_TYPE } from '../model/field-types.js';
import { ensureFileType } from '../model/schema-writer.js';
import { contentBySecret, insertContent } from './store.js';

export interface NewFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface ServedFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** Longest secret looked up (a secret is a UUID; a longer one names no file). */
const MAX_SECRET = 200;

/** Stores a file: its Entity (the type made on first use) and its content, in one transaction. */
export async function createFileEntity(db: Database, catalogs: CatalogCache, caller: Caller, file: NewFile): Promise<Entity> {
  return db.transaction(async (tx) => {
    let catalog = await catalogs.get(tx);
    if (!catalog.byName.has(FILE_TYPE)) {
      await ensureFileType(tx);
      catalog = await loadCatalog(tx);
    }
    const secret = randomUUID();
    const entity = await insertEntity(
      tx,
      catalog,
      FILE_TYPE,
      { 'svc/name': file.name, 'svc/secret': secret, 'svc/content-type': file.contentType, 'svc/content-length': file.bytes.length },
      caller.userId,
      undefined,
      { writeReadOnly: true },
    );
    await insertContent(tx, { id: entity['svc/id'] as string, secret, bytes: file.bytes });
    return entity;
  });
}

/** The file a secret names (any letter case), while its Entity exists. */
export async function fileBySecret(db: Database, catalogs: CatalogCache, secret: string): Promise<ServedFile | undefined> {
  if (secret.length > MAX_SECRET) return undefined;
  return db.read(async (q) => {
    const found = await contentBySecret(q, secret.toLowerCase());
    if (!found) return undefined;
    const type = (await catalogs.get(q)).byName.get(FILE_TYPE);
    const value = (name: string): unknown => {
      const key = type?.fieldsByName.get(name)?.key;
      return key ? found.data[key] : undefined;
    };
    const name = value('svc/name');
    const contentType = value('svc/content-type');
    return {
      name: typeof name === 'string' && name !== '' ? name : 'file',
      contentType: typeof contentType === 'string' && contentType !== '' ? contentType : 'application/octet-stream',
      bytes: found.bytes,
    };
  });
}
