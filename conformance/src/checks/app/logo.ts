/**
 * GET /logo (optional: 404/405 skip) answers 200 with `image/svg+xml` and an SVG document, 204
 * (no logo), or 302 with the logo's address in Location.
 */
import { describeRequest, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { appGet } from './client.js';
import { PATHS, skipIfNotImplemented } from './session.js';

const SVG_TYPE = /^image\/svg\+xml\s*(;|$)/i;
const SVG_ROOT = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;

export default defineCheck({
  id: 'app.logo',
  name: 'GET /logo answers 200 image/svg+xml with an SVG document, 204, or 302 with a Location',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-029'],
  target: 'app',
  async run(ctx) {
    const what = 'GET /logo';
    const res = await appGet(ctx, PATHS.logo);
    skipIfNotImplemented(res, 'GET /logo');
    if (res.status === 204) return;
    if (res.status === 302) {
      const location = res.headers['location'] ?? '';
      let url: URL | undefined;
      try {
        url = new URL(location, `${ctx.baseUrl}/`);
      } catch {
        url = undefined;
      }
      if (location === '' || url === undefined || !['http:', 'https:'].includes(url.protocol)) {
        fail(`${what}: a 302 carries the logo's http(s) address in Location, got ${JSON.stringify(res.headers['location'] ?? null)}`, res);
      }
      return;
    }
    if (res.status !== 200) fail(`${what}: expected status 200, 204 or 302 from ${describeRequest(res)}, got ${res.status}`, res);
    const type = res.headers['content-type'] ?? '';
    if (!SVG_TYPE.test(type)) fail(`${what}: a 200 answers Content-Type image/svg+xml, got ${JSON.stringify(type || '(none)')}`, res);
    if (!SVG_ROOT.test(res.text)) fail(`${what}: the body is not an SVG document (no <svg> root element)`, res);
  },
});
