// `GET /api/schema` (public API): the workspace schema as `svc.schema/query` answers it, with an
// ETag that is a digest of the answer, so `If-None-Match` with the current one gets a 304.
import { createHash } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { WorkspaceSchema } from '../api/spec-types.js';
import { sendAnswer } from '../http/json-stream.js';
import type { ServerContext } from '../server-context.js';
import type { Catalog } from './catalog.js';
import { schemaView } from './schema-view.js';

interface Tagged {
  view: WorkspaceSchema;
  etag: string;
}

/** The view and ETag of each catalog read, without and with descriptions (a catalog is read again only when the schema changed). */
const tagged = [new WeakMap<Catalog, Tagged>(), new WeakMap<Catalog, Tagged>()] as const;

function taggedView(catalog: Catalog, withDescription: boolean): Tagged {
  const cache = tagged[withDescription ? 1 : 0];
  let found = cache.get(catalog);
  if (!found) {
    const view = schemaView(catalog, { withDescription });
    found = { view, etag: `"${createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 27)}"` };
    cache.set(catalog, found);
  }
  return found;
}

/** Whether an `If-None-Match` header names `etag` (a list, weak tags and `*` included). */
export function noneMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export function schemaRoutes(context: ServerContext): Router {
  const router = Router();
  router.get('/api/schema', (req: Request, res: Response, next: NextFunction) => {
    context.db
      .read((q) => context.catalogs.get(q))
      .then(async (catalog) => {
        const { view, etag } = taggedView(catalog, String(req.query['with-description']) === 'true');
        res.setHeader('ETag', etag);
        if (noneMatchHolds(req.headers['if-none-match'], etag)) {
          res.status(304).end();
          return;
        }
        await sendAnswer(context, res, 200, view);
      })
      .catch(next);
  });
  return router;
}
