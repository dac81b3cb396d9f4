// Routes of /api/documents: read and write one document, and the batch commands `get-documents`
// and `create-or-update-documents`. Requests arrive validated against the spec (app.ts), except
// for what `documentRequestGuard` settles before validation: the body (parsed here with a larger
// limit than the rest of /api) and an unknown `format` (400 `document.error/format-unsupported`).
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../generated/service/types.js';
import { Failure } from '../api/failure.js';
import type { ServerContext } from '../server-context.js';
import { decodeContent, encodeContent, isWriteFormat, READ_FORMATS, WRITE_FORMATS, type ReadFormat, type WriteFormat } from './formats.js';
import { DOCUMENT_BODY_LIMIT_BYTES, DOCUMENT_LIMIT_BYTES, tooLarge } from './limits.js';
import { readDocuments, writeDocuments, type DocumentWriteInput } from './store.js';

type Schemas = components['schemas'];
type DocumentCommand = Schemas['DocumentCommand'];
type DocumentWrite = Schemas['DocumentWrite'];
type Document = Schemas['Document'];

function formatUnsupported(format: unknown, allowed: readonly string[]): Failure {
  return new Failure(
    'document.error/format-unsupported',
    `format must be one of ${allowed.join(', ')} here; got ${JSON.stringify(format)}.`,
    { field: 'format', allowed: [...allowed] },
    400,
  );
}

function notFound(secret: string): Failure {
  return new Failure('document.error/not-found', `No document has the secret ${secret}.`, { secret, field: 'secret' }, 404);
}

/**
 * Mounted on /api/documents before the JSON parser of /api (app.ts): parses bodies up to
 * DOCUMENT_BODY_LIMIT_BYTES (a 1 MB markdown document does not fit the 1 MiB of /api), and
 * refuses an unknown `format` with the error name of the documents API.
 */
export function documentRequestGuard(): Router {
  const router = Router();
  router.use((req: Request, _res: Response, next: NextFunction) => {
    const format = req.query['format'];
    if (format === undefined || !['GET', 'PUT', 'POST'].includes(req.method)) return next();
    const allowed: readonly string[] = req.method === 'PUT' ? WRITE_FORMATS : READ_FORMATS;
    if (typeof format !== 'string' || !allowed.includes(format)) return next(formatUnsupported(format, allowed));
    next();
  });
  router.use(express.json({ limit: DOCUMENT_BODY_LIMIT_BYTES, strict: false, type: ['application/json', 'application/*+json'] }));
  // A JSON null is no command: the request validator's discriminator cannot read one.
  router.post('/commands', (req: Request, _res: Response, next: NextFunction) => {
    if (req.body === null) return next(new Failure('request.error/invalid-body', 'Invalid request: the body must be a command object {command, args}; got null.', { field: 'body', errors: [] }, 400));
    next();
  });
  return router;
}

/** Reads content of a batch, naming the offending element in errors. */
function decodeAll(args: ReadonlyArray<{ secret: string; content: Schemas['DocumentContent'] }>, format: WriteFormat): DocumentWriteInput[] {
  return args.map(({ secret, content }, index) => {
    try {
      return { secret: secret.toLowerCase(), doc: decodeContent(content, format, secret) };
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      throw new Failure(error.name, `args[${index}] (${secret}): ${error.message}`, { ...error.data, field: `/args/${index}/content`, index, secret }, error.status);
    }
  });
}

export function documentRoutes(context: ServerContext): Router {
  const router = Router();
  const { db } = context;

  router.get('/api/documents/:secret', async (req: Request<{ secret: string }>, res: Response) => {
    const secret = req.params.secret;
    const format = (req.query['format'] ?? 'md') as ReadFormat;
    const doc = (await readDocuments(db, [secret.toLowerCase()])).get(secret.toLowerCase());
    if (!doc) throw notFound(secret);
    const body: Document = { secret, content: encodeContent(doc, format) };
    res.json(body);
  });

  router.put('/api/documents/:secret', async (req: Request<{ secret: string }>, res: Response) => {
    const secret = req.params.secret;
    const format = (req.query['format'] ?? 'md') as WriteFormat;
    const { content } = req.body as DocumentWrite;
    // Conversion runs before the transaction: the lock is held only for the store's work.
    const doc = decodeContent(content, format, secret);
    await db.transaction((tx) => writeDocuments(tx, [{ secret: secret.toLowerCase(), doc }]));
    res.json(true);
  });

  router.post('/api/documents/commands', async (req: Request, res: Response) => {
    const command = req.body as DocumentCommand;
    const format = (req.query['format'] ?? 'md') as string;
    if (command.command === 'get-documents') {
      const secrets = command.args.map((a) => a.secret);
      const docs = await readDocuments(db, secrets.map((s) => s.toLowerCase()));
      const body: Document[] = [];
      for (const secret of secrets) {
        const doc = docs.get(secret.toLowerCase());
        if (!doc) throw notFound(secret);
        body.push({ secret, content: encodeContent(doc, format as ReadFormat) });
      }
      res.json(body);
      return;
    }
    if (!isWriteFormat(format)) throw formatUnsupported(format, WRITE_FORMATS);
    const writes = decodeAll(command.args, format);
    if (command.command === 'create-or-append-documents') {
      // Each document's blocks, then the new ones; a new secret gets the new content alone.
      await db.transaction(async (tx) => {
        // A secret named twice gets both appends, in order.
        const current = await readDocuments(tx, writes.map((w) => w.secret));
        const appended = writes.map(({ secret, doc }) => {
          const before = current.get(secret);
          const after = before ? before.type.create(before.attrs, before.content.append(doc.content)) : doc;
          // An append may not grow a document past what one write may hold (its JSON form).
          const bytes = Buffer.byteLength(JSON.stringify(after.toJSON()));
          if (bytes > DOCUMENT_LIMIT_BYTES.json) throw tooLarge(bytes, 'json', secret);
          current.set(secret, after);
          return { secret, doc: after };
        });
        await writeDocuments(tx, appended);
      });
      res.json(true);
      return;
    }
    await db.transaction((tx) => writeDocuments(tx, writes));
    res.json(true);
  });

  return router;
}
