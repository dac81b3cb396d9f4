// Routes of files: the files API (`POST /api/files` multipart upload, `POST /api/files/from-url`,
// `GET /api/files/<secret>`) and, outside /api and without a token, `GET /files/<ref>` (the
// signed download addresses of GraphQL `File.url`).
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../generated/service/types.js';
import { Failure } from '../api/failure.js';
import { allows, forbidden, operationAccess } from '../auth/access-levels.js';
import type { Caller } from '../commands/context.js';
import type { ServerContext } from '../server-context.js';
import { downloadUrl } from './download.js';
import { createFileEntity, fileBySecret, type NewFile } from './entities.js';
import { storedFileUrls, type FileSource } from './file-source.js';
import { DEFAULT_FILE_LIMITS, type FileLimits } from './limits.js';
import { readUpload } from './multipart.js';
import { cleanFileName, fileNameOf } from './names.js';
import { parseRef, verifyFileUrl } from './signed-urls.js';
import { withIntegrationFiles } from './synced-file-source.js';

type Schemas = components['schemas'];
type ErrorBody = Schemas['ErrorBody'];
type FromUrl = Schemas['FileFromUrl'];

/** Headers a client may not set on a download: the exchange sets them from the request it makes. */
const MANAGED_HEADERS: ReadonlySet<string> = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'upgrade', 'te', 'trailer', 'keep-alive', 'expect']);

function asyncRoute(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

function limitsOf(context: ServerContext): FileLimits {
  return context.fileLimits ?? DEFAULT_FILE_LIMITS;
}

function callerOf(res: Response): Caller {
  return (res.locals as { caller: Caller }).caller;
}

/** What the upload parser read for the route (res.locals). */
interface UploadLocals {
  upload?: NewFile;
}

/**
 * Mounted on /api/files after authentication and before the JSON guard of /api (app.ts): reads the
 * multipart body of `POST /api/files` (refusing a token below the operation's level first, so that
 * nothing is read for it) and hands the validator `{file: ""}` as the body, the file kept in
 * res.locals for the route. Any other request passes untouched.
 */
export function fileUploadParser(context: ServerContext) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || req.path !== '/') return next();
    readRequestUpload(context, req, res).then(() => next(), next);
  };
}

async function readRequestUpload(context: ServerContext, req: Request, res: Response): Promise<void> {
  const caller = callerOf(res);
  const needed = operationAccess('POST', '/api/files');
  if (needed !== 'none' && needed !== 'by-command' && !allows(caller.accessLevel, needed)) throw forbidden(needed, caller.accessLevel, 'POST /api/files');
  if (!req.is('multipart/form-data')) {
    throw new Failure(
      'request.error/unsupported-media-type',
      `Send the file as multipart/form-data with a part named "file" (got ${req.headers['content-type'] ?? 'no content type'}).`,
      { contentType: req.headers['content-type'] ?? '' },
      415,
    );
  }
  const file = await readUpload(req, limitsOf(context).maxBytes);
  (res.locals as UploadLocals).upload = { name: cleanFileName(file.filename), contentType: file.contentType, bytes: file.bytes };
  req.body = { file: '' };
}

function fromUrlHeaders(given: FromUrl['headers']): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given ?? {})) {
    if (MANAGED_HEADERS.has(name.toLowerCase())) {
      throw new Failure('request.error/invalid-body', `The header "${name}" cannot be set on a download; the server sets it.`, { field: `/headers/${name}`, errors: [] });
    }
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

export function fileRoutes(context: ServerContext, source: FileSource = withIntegrationFiles(context.db, storedFileUrls(context.db, context.catalogs))): Router {
  const router = Router();
  router.post(
    '/api/files',
    asyncRoute(async (_req, res) => {
      const upload = (res.locals as UploadLocals).upload;
      // Stryker disable next-line ConditionalExpression: out of reach: the parser above reads every upload that gets here
      if (!upload) throw new Failure('request.error/invalid-body', 'The body has no part named "file".', { field: 'file', errors: [] });
      res.status(200).json(await createFileEntity(context.db, context.catalogs, callerOf(res), upload));
    }),
  );
  router.post(
    '/api/files/from-url',
    asyncRoute(async (req, res) => {
      const body = req.body as FromUrl;
      const limits = limitsOf(context);
      const headers = fromUrlHeaders(body.headers);
      const content = await downloadUrl(body.url, {
        policy: context.appPolicy,
        timeoutMs: limits.timeoutMs,
        maxBytes: limits.maxBytes,
        maxRedirects: limits.maxRedirects,
        method: body.method === undefined ? 'GET' : (body.method.toUpperCase() as 'GET' | 'POST'),
        headers,
      });
      const name = body.name === undefined ? fileNameOf(body.url) : cleanFileName(body.name);
      res.status(200).json(await createFileEntity(context.db, context.catalogs, callerOf(res), { name, contentType: content.contentType, bytes: content.bytes }));
    }),
  );
  router.get(
    '/api/files/:secret',
    asyncRoute(async (req, res) => {
      const secret = typeof req.params['secret'] === 'string' ? req.params['secret'] : '';
      const file = await fileBySecret(context.db, context.catalogs, secret);
      // The secret is a capability: the answer names the argument, never its value (it would land in logs).
      if (!file) throw new Failure('file.error/not-found', 'No stored file has that secret.', { field: 'secret' }, 404);
      // attachment() sets a type from the name's extension: the stored content type comes after.
      res.status(200).attachment(file.name).type(file.contentType).setHeader('X-Content-Type-Options', 'nosniff');
      res.send(file.bytes);
    }),
  );
  router.get(
    '/files/:ref',
    asyncRoute(async (req, res) => {
      const text = typeof req.params['ref'] === 'string' ? req.params['ref'] : '';
      const expires = Number(req.query['expires']);
      const signature = typeof req.query['signature'] === 'string' ? req.query['signature'] : '';
      const ref = parseRef(text);
      const refuse = (status: number, body: ErrorBody) => void res.status(status).json(body);
      const verdict = ref && Number.isSafeInteger(expires) ? verifyFileUrl(context.urlSigningKey, text, expires, signature) : 'bad-signature';
      if (verdict === 'bad-signature') {
        refuse(403, { name: 'file.error/signature-invalid', message: 'This file address is not signed by this server (or was altered); request the file field again for a fresh address.', data: { field: 'signature' } });
        return;
      }
      if (verdict === 'expired') {
        // Stryker disable all: a validly signed address expires only after 60 minutes; no check waits for it (server/test covers it)
        refuse(403, {
          name: 'file.error/url-expired',
          message: `This file address expired at ${new Date(expires).toISOString()}; request the file field again for a fresh address.`,
          data: { field: 'expires', expiredAt: new Date(expires).toISOString() },
        });
        return;
      }
      // Stryker restore all: here, before a statement (a comment that closes a block attaches to no node, and the disable would run on to the end of the file)
      const found = await source.locate(ref as NonNullable<typeof ref>);
      switch (found.kind) {
        case 'redirect':
          res.redirect(302, found.url);
          return;
        // Stryker disable next-line ConditionalExpression,StringLiteral: files of integration apps, downloaded by the sync checks (sync.values-files)
        case 'content':
          // attachment() sets a type from the name's extension: the stored content type comes after.
          res.status(200).attachment(found.name).type(found.contentType);
          found.body.pipe(res);
          return;
        case 'missing':
          refuse(404, { name: 'file.error/not-found', message: 'The file this address names is no longer stored in its Entity.', data: { field: 'ref' } });
          return;
      }
    }),
  );
  return router;
}
