// The OAuth endpoints of the app (authorize and access_token, versions 1 and 2) and the external
// system's authorization pages they send the user to (`/__external/oauth1|oauth2/authorize`).
import { Router } from 'express';
import type { Request, Response } from 'express';
import type { AppSchemas } from '../contract.js';
import type { MockContext } from '../context.js';
import type { OAuthResult } from '../oauth.js';
import { gate, sendError } from './common.js';

function answer<T>(res: Response, result: OAuthResult<T>): void {
  if (result.ok) res.json(result.value);
  else sendError(res, result.status, result.message);
}

function query(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

export function oauthRoutes(context: MockContext): Router {
  const router = Router();
  router.post('/oauth1/v1/authorize', async (req, res) => {
    if ((await gate(context, 'oauth1-authorize', res)).answered) return;
    const body = req.body as AppSchemas['OAuth1AuthorizeRequest'];
    answer(res, context.oauth.authorize1(body.callback_uri));
  });
  router.post('/oauth1/v1/access_token', async (req, res) => {
    if ((await gate(context, 'oauth1-access-token', res)).answered) return;
    const body = req.body as AppSchemas['OAuth1AccessTokenRequest'];
    answer(res, context.oauth.accessToken1(body.fields, body.oauth_verifier));
  });
  router.post('/oauth2/v1/authorize', async (req, res) => {
    if ((await gate(context, 'oauth2-authorize', res)).answered) return;
    const body = req.body as AppSchemas['OAuth2AuthorizeRequest'];
    answer(res, context.oauth.authorize2(body.callback_uri, body.state));
  });
  router.post('/oauth2/v1/access_token', async (req, res) => {
    if ((await gate(context, 'oauth2-access-token', res)).answered) return;
    const body = req.body as AppSchemas['OAuth2AccessTokenRequest'];
    answer(res, context.oauth.accessToken2(body.fields, body.code));
  });
  return router;
}

/** The external system's authorization pages (not part of the app contract): they approve at once, or deny on `decision=deny`. */
export function externalOAuthPages(context: MockContext): Router {
  const router = Router();
  const redirect = (res: Response, result: OAuthResult<string>) => {
    if (result.ok) res.redirect(302, result.value);
    else res.status(result.status).type('text/plain').send(result.message);
  };
  router.get('/__external/oauth1/authorize', (req, res) => {
    redirect(res, context.oauth.externalAuthorize1(query(req, 'oauth_token'), query(req, 'decision') === 'deny'));
  });
  router.get('/__external/oauth2/authorize', (req, res) => {
    redirect(res, context.oauth.externalAuthorize2(query(req, 'state'), query(req, 'redirect_uri'), query(req, 'decision') === 'deny'));
  });
  return router;
}
