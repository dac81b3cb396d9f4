// The document store on each storage: Yjs updates in document_updates, reads of documents that
// exist without updates, a bounded number of statements, compaction, and concurrent writers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { recording } from '../src/db/recording.js';
import { decodeContent, encodeContent } from '../src/documents/formats.js';
import { readDocumentContents } from '../src/documents/read.js';
import { DEFAULT_COMPACTION, NO_COMPACTION, readDocuments, storageOf, writeDocuments } from '../src/documents/store.js';
import { openDatabase, storages } from './storages.js';

const md = (text: string) => decodeContent(text, 'md');

describe.each(storages)('document store on $name', (storage) => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(storage);
    await migrate(db);
  });
  afterAll(() => db?.close());

  const write = (secret: string, text: string, policy = DEFAULT_COMPACTION) => db.transaction((tx) => writeDocuments(tx, [{ secret, doc: md(text) }], policy));
  const read = async (secret: string) => {
    const doc = (await readDocuments(db, [secret])).get(secret);
    return doc ? encodeContent(doc, 'md') : undefined;
  };

  it('reads a document row without updates (as an Entity creates it) as an empty document', async () => {
    const secret = randomUUID();
    await db.query('INSERT INTO documents (secret, created_at) VALUES ($1, $2)', [secret, new Date().toISOString()]);
    expect(await readDocumentContents(db, [secret], 'json')).toEqual(new Map([[secret, { doc: { type: 'doc', content: [] } }]]));
    await write(secret, 'now with text');
    expect(await read(secret)).toBe('now with text\n');
  });

  it('creates a document on its first write and replaces its content on the next', async () => {
    const secret = randomUUID();
    expect(await read(secret)).toBeUndefined();
    await write(secret, '# One\n\nfirst');
    expect(await read(secret)).toBe('# One\n\nfirst\n');
    await write(secret, '# One\n\nsecond');
    expect(await read(secret)).toBe('# One\n\nsecond\n');
  });

  it('leaves unknown secrets out of bulk reads and answers under the secrets as given', async () => {
    const secret = randomUUID();
    await write(secret, 'known');
    const unknown = randomUUID();
    const contents = await readDocumentContents(db, [secret.toUpperCase(), unknown], 'plain-text');
    expect([...contents]).toEqual([[secret.toUpperCase(), 'known']]);
  });

  it('reads and writes any number of documents with a fixed number of statements', async () => {
    const rec = recording(db);
    const secrets = Array.from({ length: 60 }, () => randomUUID());
    const stats = await rec.transaction((tx) => writeDocuments(tx, secrets.map((secret, i) => ({ secret, doc: md(`doc ${i}`) }))));
    expect(stats).toEqual({ documents: 60, changed: 60, compacted: 0 });
    expect(rec.statements.length).toBe(3);
    rec.reset();
    const contents = await readDocumentContents(rec, secrets, 'plain-text');
    expect(rec.statements.length).toBe(1);
    expect(secrets.map((s) => contents.get(s))).toEqual(secrets.map((_, i) => `doc ${i}`));
  });

  it('applies several writes to one secret of a batch in order, and stores nothing for a write that changes nothing', async () => {
    const secret = randomUUID();
    await db.transaction((tx) => writeDocuments(tx, [{ secret, doc: md('a') }, { secret, doc: md('b') }, { secret, doc: md('c') }]));
    expect(await read(secret)).toBe('c\n');
    const before = await storageOf(db, secret);
    const stats = await write(secret, 'c');
    expect(stats.changed).toBe(0);
    expect(await storageOf(db, secret)).toEqual(before);
  });

  it('compacts updates when they pile up, with the same content as without compaction', async () => {
    const compacted = randomUUID();
    const kept = randomUUID();
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} of some length, enough to weigh a little.`);
    for (let edit = 0; edit < 12; edit++) {
      const text = paragraphs.map((p, i) => (i === edit ? `${p} Edited ${edit}.` : p)).join('\n\n');
      await write(compacted, text, { maxUpdates: 5, maxSizeRatio: Infinity });
      await write(kept, text, NO_COMPACTION);
    }
    expect(await read(compacted)).toBe(await read(kept));
    const small = await storageOf(db, compacted);
    const large = await storageOf(db, kept);
    expect(large.updates).toBe(12);
    expect(small.updates).toBeLessThanOrEqual(5);
    // Small edits diff into small updates: merging them saves rows, not bytes (the encodings of
    // one state differ by a few bytes with the writers' random client ids), and never adds any.
    expect(small.bytes).toBeLessThanOrEqual(large.bytes * 1.05);
    // Full replacements pile up bytes: the size rule compacts them.
    const replaced = randomUUID();
    for (let i = 0; i < 6; i++) await write(replaced, `${i}`.repeat(2000));
    expect((await storageOf(db, replaced)).updates).toBeLessThanOrEqual(2);
    expect(await read(replaced)).toBe(`${'5'.repeat(2000)}\n`);
  });

  it('serializes concurrent writers of one document: each succeeds and one content wins whole', async () => {
    for (const fresh of [false, true]) {
      const secret = randomUUID();
      if (!fresh) await write(secret, 'start');
      const texts = Array.from({ length: 8 }, (_, i) => Array.from({ length: 5 }, (_, j) => `writer ${i} paragraph ${j}`).join('\n\n'));
      const results = await Promise.allSettled(texts.map((text) => write(secret, text)));
      expect(results.map((r) => r.status)).toEqual(texts.map(() => 'fulfilled'));
      const final = await read(secret);
      expect(texts.map((t) => `${t}\n`)).toContain(final);
    }
  });
});
