// Routes of the GraphQL read API: `POST /api/graphql/space/<space>` (GraphQL over HTTP),
// `GET /api/graphql/space/<space>/schema.graphql` (the Space's SDL) and `GET /api/graphql` (the
// endpoint of every Space). The signed download
// addresses of `File.url` (`GET /files/<ref>`) are served by the files module (files/routes.ts).
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../generated/service/types.js';
import type { ServerContext } from '../server-context.js';
import { sendAnswer } from '../http/json-stream.js';
import { runGraphqlRequest, type Admit, type GraphqlEnv, type GraphqlRequest } from './execute.js';
import type { Caller } from '../commands/context.js';
import { admitHeavy, HEAVY_GRAPHQL_COST } from '../http/heavy-requests.js';
import { SpaceSchemaCache } from './schema-cache.js';
import { spacePathName } from './naming.js';
import { graphqlMediaType, statusFor } from './media-type.js';

type ErrorBody = components['schemas']['ErrorBody'];
type GraphqlEndpoints = components['schemas']['GraphqlEndpoints'];

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
      const mediaType = graphqlMediaType(req.headers.accept);
      const answer = await runGraphqlRequest(env, pathName(req), req.body as GraphqlRequest, admit, caller);
      // undefined: the client left while the request waited for its slot.
      // Stryker disable next-line ConditionalExpression: out of reach: a client that left while its request waited reads nothing
      if (answer) await sendAnswer(context, res, statusFor(mediaType, answer.status), answer.body, mediaType);
    }),
  );
  router.get(
    '/api/graphql',
    asyncRoute(async (_req, res) => {
      const { rows } = await context.db.query<{ name: string }>('SELECT name FROM spaces ORDER BY name');
      const base = context.baseUrl();
      const body: GraphqlEndpoints = {
        spaces: rows.map(({ name }) => {
          const path = `/api/graphql/space/${encodeURIComponent(spacePathName(name))}`;
          return { name, url: `${base}${path}`, schema: `${base}${path}/schema.graphql` };
        }),
      };
      await sendAnswer(context, res, 200, body);
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
