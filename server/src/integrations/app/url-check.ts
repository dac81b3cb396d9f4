// Checks an app's base address before it is stored or called: http or https, and a host that is
// (or resolves to) an address the server's app policy allows. The webhook policy's refusal becomes
// 400 `integration.error/app-url-refused` naming the field `appUrl`.
import { Failure } from '../../api/failure.js';
import { TargetPolicy } from '../../webhooks/target-policy.js';

const PUBLIC_ONLY = new TargetPolicy();

/** The address without trailing slashes (how it is stored), once the policy accepts it. */
export async function checkAppUrl(policy: TargetPolicy | undefined, appUrl: string): Promise<string> {
  try {
    await (policy ?? PUBLIC_ONLY).checkUrl(appUrl);
  } catch (error) {
    if (error instanceof Failure && error.name === 'webhook.error/url-refused') {
      const message = error.message.replace(/^"url"/, '"appUrl"');
      throw new Failure('integration.error/app-url-refused', message, { field: 'appUrl', appUrl }, 400);
    }
    throw error;
  }
  const url = new URL(appUrl);
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new Failure('integration.error/app-url-refused', '"appUrl" must be the app\'s base address, without query, fragment or credentials.', { field: 'appUrl', appUrl }, 400);
  }
  return appUrl.replace(/\/+$/, '');
}
