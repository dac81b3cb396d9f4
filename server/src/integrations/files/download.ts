// Fetches the content of one file a row links (MAP-033, MAP-036, MAP-038): an http(s) URL through
// the app policy (time-out, at most settings.maxFileBytes, up to 3 redirects, each target checked
// by the policy again), or `app://resource?...` through the app's `resource` endpoint with every
// query parameter of the address in `params` (APP-064, MAP-053). Any failure is an AppCallError
// naming the URL.
import type { ServerContext } from '../../server-context.js';
import type { AppClient } from '../app/client.js';
import { AppCallError, clip } from '../app/errors.js';
import { exchange, ExchangeError } from '../app/http-exchange.js';
import type { AccountRecord, SourceRecord } from '../types.js';

export const MAX_REDIRECTS = 3;

export interface FileContent {
  contentType: string;
  bytes: Buffer;
}

const OPERATION = 'file';

function shown(url: string): string {
  return JSON.stringify(clip(url, 300));
}

/** Whether a file URL names an app resource (`app://resource?...`, also written `app://resource/?...`). */
export function isAppResource(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === 'app:' && parsed.hostname.toLowerCase() === 'resource' && (parsed.pathname === '' || parsed.pathname === '/');
}

/** Every query parameter of an `app://resource?...` address (the last one of a repeated name). */
export function resourceParams(url: string): Record<string, string> {
  return URL.canParse(url) ? Object.fromEntries(new URL(url).searchParams) : {};
}

/** Downloads an http(s) file, following at most MAX_REDIRECTS redirects. */
export async function downloadUrl(context: ServerContext, raw: string): Promise<FileContent> {
  const settings = context.integrationSettings;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppCallError({ operation: OPERATION, message: `The file URL ${shown(raw)} is not an absolute URL.`, data: { url: raw } });
  }
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new AppCallError({ operation: OPERATION, message: `The file URL ${shown(url.href)} is not http, https or app://resource; it is not downloaded.`, data: { url: raw } });
    }
    let response;
    try {
      response = await exchange({ method: 'GET', url, headers: { 'user-agent': 'svc-kit-integrations/1', accept: '*/*' } }, { policy: context.appPolicy, timeoutMs: settings.timeoutMs, maxBytes: settings.maxFileBytes });
    } catch (error) {
      if (!(error instanceof ExchangeError)) throw error;
      const why = error.kind === 'too-large' ? `it exceeds ${settings.maxFileBytes} bytes` : error.kind === 'timeout' ? `no complete answer came within ${settings.timeoutMs} ms` : error.message.replace(/\.$/, '');
      throw new AppCallError({ operation: OPERATION, message: `The file ${shown(url.href)} could not be downloaded: ${why}.`, data: { url: raw } });
    }
    const { status } = response;
    if (status >= 300 && status < 400 && typeof response.headers.location === 'string') {
      if (hop >= MAX_REDIRECTS) {
        throw new AppCallError({ operation: OPERATION, appStatus: status, message: `The file ${shown(raw)} redirects more than ${MAX_REDIRECTS} times; it is not downloaded.`, data: { url: raw } });
      }
      try {
        url = new URL(response.headers.location, url);
      } catch {
        throw new AppCallError({ operation: OPERATION, appStatus: status, message: `The file ${shown(url.href)} redirects to an invalid address.`, data: { url: raw } });
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      throw new AppCallError({ operation: OPERATION, appStatus: status, message: `The file ${shown(url.href)} could not be downloaded: HTTP ${status}.`, data: { url: raw } });
    }
    const type = response.headers['content-type'];
    return { contentType: typeof type === 'string' && type.trim() !== '' ? type : 'application/octet-stream', bytes: response.body };
  }
}

/** Fetches an `app://resource?...` file through the app's `resource` endpoint. */
export async function fetchResource(
  context: ServerContext,
  client: AppClient,
  args: { source: SourceRecord; account: AccountRecord; url: string; params?: Record<string, string> },
): Promise<FileContent> {
  const params = args.params ?? resourceParams(args.url);
  try {
    return await client.resource({ types: args.source.types, account: args.account.fields, filter: args.source.filter, params }, context.integrationSettings.maxFileBytes);
  } catch (error) {
    if (!(error instanceof AppCallError)) throw error;
    throw new AppCallError({
      operation: error.operation,
      appStatus: error.appStatus,
      appMessage: error.appMessage,
      tryLater: error.tryLater,
      message: `The file ${shown(args.url)} could not be fetched: ${error.message}`,
      data: { url: args.url },
    });
  }
}
