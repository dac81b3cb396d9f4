// The webhook settings screen at /settings/webhooks (issue 5). Served outside /api, before
// authentication and the OpenAPI validator: the page carries no token; it asks the person for
// one and calls /api/webhooks/v2 with it. Three static files beside this module, read once:
//   GET /settings/webhooks      settings-page.html
//   GET /settings/webhooks.js   settings-page.client.js (the page's only script)
//   GET /settings/webhooks.css  settings-page.css
// Content-Security-Policy allows nothing but these same-origin files and same-origin fetches.
import { readFileSync } from 'node:fs';
import { Router, type Response } from 'express';
import type { ServerContext } from '../server-context.js';

export const SETTINGS_PAGE_PATH = '/settings/webhooks';

export const SETTINGS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

interface Asset {
  path: string;
  contentType: string;
  body: Buffer;
}

function asset(path: string, file: string, contentType: string): Asset {
  return { path, contentType, body: readFileSync(new URL(file, import.meta.url)) };
}

function secureHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', SETTINGS_PAGE_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  res.setHeader('Cache-Control', 'no-store');
}

export function settingsPage(_context: ServerContext): Router {
  const assets = [
    asset(SETTINGS_PAGE_PATH, './settings-page.html', 'text/html; charset=utf-8'),
    asset(`${SETTINGS_PAGE_PATH}.js`, './settings-page.client.js', 'text/javascript; charset=utf-8'),
    asset(`${SETTINGS_PAGE_PATH}.css`, './settings-page.css', 'text/css; charset=utf-8'),
  ];
  const router = Router({ strict: true });
  for (const { path, contentType, body } of assets) {
    // GET answers HEAD too.
    router.get(path, (_req, res) => {
      secureHeaders(res);
      res.setHeader('Content-Type', contentType);
      res.send(body);
    });
  }
  return router;
}
