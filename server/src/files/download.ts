// Downloads one file from an http(s) URL through an address policy: a time-out on each exchange,
// at most `maxBytes`, up to `maxRedirects` redirects, each target checked by the policy again.
// Used by `POST /api/files/from-url` and by synchronized files (MAP-033, MAP-036, MAP-038). Any
// failure is a DownloadError naming the URL; callers turn it into their own error.
import { Failure } from '../api/failure.js';
import { exchange, ExchangeError } from '../outbound/http-exchange.js';
import type { TargetPolicy } from '../webhooks/target-policy.js';

/** Redirects followed by default. */
export const MAX_REDIRECTS = 3;

/** Longest URL quoted in a message. */
const SHOWN_URL_CHARS = 300;

export interface FileContent {
  contentType: string;
  bytes: Buffer;
}

export interface DownloadOptions {
  /** Absent: public addresses only. */
  policy?: TargetPolicy;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** GET unless given; a redirect is followed with GET. */
  method?: 'GET' | 'POST';
  /** Headers of the first request (a redirect to another origin is followed without them). */
  headers?: Record<string, string>;
}

/**
 * Why a download failed: `invalid` (not an absolute http(s) URL), `refused` (an address the policy
 * refuses), `too-large`, `timeout`, `status` (an HTTP error status, in `status`), `redirects`
 * (too many, or to an invalid address), `network`.
 */
export type DownloadFailureKind = 'invalid' | 'refused' | 'too-large' | 'timeout' | 'status' | 'redirects' | 'network';

/** The failure of a download: 400 `file.error/url-refused`, 413 `file.error/too-large` or 422 `file.error/download-failed`. */
export class DownloadError extends Failure {
  constructor(
    readonly kind: DownloadFailureKind,
    message: string,
    readonly url: string,
    readonly remoteStatus?: number,
    limit?: number,
  ) {
    super(
      kind === 'invalid' || kind === 'refused' ? 'file.error/url-refused' : kind === 'too-large' ? 'file.error/too-large' : 'file.error/download-failed',
      message,
      { field: 'url', url: clip(url), ...(remoteStatus === undefined ? {} : { status: remoteStatus }), ...(limit === undefined ? {} : { limit }) },
      kind === 'invalid' || kind === 'refused' ? 400 : kind === 'too-large' ? 413 : 422,
    );
  }
}

function clip(text: string): string {
  return text.length > SHOWN_URL_CHARS ? `${text.slice(0, SHOWN_URL_CHARS)}...` : text;
}

function shown(url: string): string {
  return JSON.stringify(clip(url));
}

/** Downloads an http(s) file, following at most `maxRedirects` redirects. */
export async function downloadUrl(raw: string, options: DownloadOptions): Promise<FileContent> {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  if (!URL.canParse(raw)) throw new DownloadError('invalid', `The file URL ${shown(raw)} is not an absolute URL.`, raw);
  let url = new URL(raw);
  let method = options.method ?? 'GET';
  let headers: Record<string, string> = { 'user-agent': 'svc-kit-files/1', accept: '*/*', ...options.headers };
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new DownloadError('invalid', `The file URL ${shown(url.href)} is not http or https; it is not downloaded.`, raw);
    }
    let response;
    try {
      response = await exchange({ method, url, headers }, { policy: options.policy, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes });
    } catch (error) {
      if (!(error instanceof ExchangeError)) throw error;
      const why = error.kind === 'too-large' ? `it exceeds ${options.maxBytes} bytes` : error.kind === 'timeout' ? `no complete answer came within ${options.timeoutMs} ms` : error.message.replace(/\.$/, '');
      const kind: DownloadFailureKind = error.kind === 'refused' || error.kind === 'too-large' || error.kind === 'timeout' ? error.kind : 'network';
      throw new DownloadError(kind, `The file ${shown(url.href)} could not be downloaded: ${why}.`, raw, undefined, kind === 'too-large' ? options.maxBytes : undefined);
    }
    const { status } = response;
    if (status >= 300 && status < 400 && typeof response.headers.location === 'string') {
      if (hop >= maxRedirects) throw new DownloadError('redirects', `The file ${shown(raw)} redirects more than ${maxRedirects} times; it is not downloaded.`, raw, status);
      let next: URL;
      try {
        next = new URL(response.headers.location, url);
      } catch {
        throw new DownloadError('redirects', `The file ${shown(url.href)} redirects to an invalid address.`, raw, status);
      }
      // The client's headers (credentials, say) go to the origin it named, not to another one.
      if (next.origin !== url.origin) headers = { 'user-agent': 'svc-kit-files/1', accept: '*/*' };
      url = next;
      method = 'GET';
      continue;
    }
    if (status < 200 || status >= 300) throw new DownloadError('status', `The file ${shown(url.href)} could not be downloaded: HTTP ${status}.`, raw, status);
    const type = response.headers['content-type'];
    return { contentType: typeof type === 'string' && type.trim() !== '' ? type : 'application/octet-stream', bytes: response.body };
  }
}
