// The files of synchronized rows as the app links them: an http(s) URL, downloaded by the files
// module (files/download.ts) under the app policy and the integration bounds, or
// `app://resource?...`, fetched through the app's `resource` endpoint with every query parameter
// of the address in `params` (APP-064, MAP-053). Any failure is an AppCallError naming the URL.
import { downloadUrl, DownloadError, type FileContent } from '../../files/index.js';
import type { ServerContext } from '../../server-context.js';
import type { AppClient } from '../app/client.js';
import { AppCallError, clip } from '../app/errors.js';
import type { AccountRecord, SourceRecord } from '../types.js';

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

/** Downloads an http(s) file a row links, through the app policy and the integration bounds. */
export async function downloadLinkedFile(context: ServerContext, raw: string): Promise<FileContent> {
  const settings = context.integrationSettings;
  if (URL.canParse(raw) && !['http:', 'https:'].includes(new URL(raw).protocol)) {
    throw new AppCallError({ operation: OPERATION, message: `The file URL ${shown(raw)} is not http, https or app://resource; it is not downloaded.`, data: { url: raw } });
  }
  try {
    return await downloadUrl(raw, { policy: context.appPolicy, timeoutMs: settings.timeoutMs, maxBytes: settings.maxFileBytes, headers: { 'user-agent': 'svc-kit-integrations/1' } });
  } catch (error) {
    if (!(error instanceof DownloadError)) throw error;
    throw new AppCallError({ operation: OPERATION, ...(error.remoteStatus === undefined ? {} : { appStatus: error.remoteStatus }), message: error.message, data: { url: raw } });
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
