// GET <url>/files/...: the scenario's files, served as plain downloads (what rows link to).
import { Router } from 'express';
import type { MockContext } from '../context.js';

export function fileRoutes(context: MockContext): Router {
  const router = Router();
  router.use((req, res, next) => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? context.files.get(req.path) : undefined;
    if (!file) {
      next();
      return;
    }
    res.status(200);
    res.setHeader('content-type', file.contentType);
    res.setHeader('content-length', String(file.bytes.length));
    res.end(req.method === 'HEAD' ? undefined : file.bytes);
  });
  return router;
}
