// Routes of the GraphQL read API: `POST /api/graphql/space/<space>` (GraphQL over HTTP),
// `GET /api/graphql/space/<space>/schema.graphql` (the Space's SDL), and, outside /api and
// without a token, `GET /files/<ref>` (the signed download addresses of File.url).
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../generated/service/types.js';
import type { ServerContext } from '../server-context.js';
import { sendAnswer } from '../http/json-stream.js';
import { runGraphqlRequest, type Admit, type GraphqlEnv, type GraphqlRequest } from './execute.js';
import type { Caller } from '../commands/context.js';
import { admitHeavy, HEAVY_GRAPHQL_COST } from '../http/heavy-requests.js';
import { withIntegrationFiles } from '../integrations/files/file-source.js';
import { storedFileUrls, type FileSource } from './file-source.js';
import { parseRef, verifyFileUrl } from './file-urls.js';
import { SpaceSchemaCache } from './schema-cache.js';

type ErrorBody = components['schemas']['ErrorBody'];

function asyncRoute(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

function pathName(req: Request): string {
  const space = req.params['space'];
  return typeof space === 'string' ? space : '';
}

export function graphqlRoutes(context: ServerContext): Router {
  const env: GraphqlEnv = { context, schemas: new SpaceSchemaCache() };
  const router = Router();
  router.post(
    '/api/graphql/space/:space',
    asyncRoute(async (req, res) => {
      const caller = (res.locals as { caller: Caller }).caller;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: out of reach: which requests wait for a slot shows only under concurrent heavy load, which a conformance run does not make (server/test/shared-load.test.ts)
      const admit: Admit = async (cost) => (cost > HEAVY_GRAPHQL_COST ? admitHeavy(context.heavyRequests, res, caller) : () => undefined);
      const answer = await runGraphqlRequest(env, pathName(req), req.body as GraphqlRequest, admit);
      // undefined: the client left while the request waited for its slot.
      // Stryker disable next-line ConditionalExpression: out of reach: a client that left while its request waited reads nothing
      if (answer) await sendAnswer(context, res, answer.status, answer.body);
    }),
  );
  router.get(
    '/api/graphql/space/:space/schema.graphql',
    asyncRoute(async (req, res) => {
      const space = pathName(req);
      const found = await context.db.transaction(async (tx) => env.schemas.get(tx, await context.catalogs.get(tx), space));
      if (!found) {
        const body: ErrorBody = { name: 'graphql.error/space-not-found', message: `There is no Space "${space}" (spaces in a Space name are written as "_" in the path).`, data: { space } };
        res.status(404).json(body);
        return;
      }
      res.status(200).type('text/plain; charset=utf-8').send(found.sdl);
    }),
  );
  return router;
}

/**
 * Routes served outside /api without a token (signed file downloads). By default a file is the
 * content stored for it when an integration downloaded it, else a redirect to its `file/url`.
 */
export function publicFileRoutes(context: ServerContext, source: FileSource = withIntegrationFiles(context.db, storedFileUrls(context.db, context.catalogs))): Router {
  const router = Router();
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
