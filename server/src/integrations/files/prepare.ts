// The files of one page of rows (MAP-033..038, spec/integrations.md "Values: Files"). Before the
// page's transaction, `prepareFiles` downloads every file whose key the source has no file for
// yet (each key once) and stores it: a stored file is kept even when the page then fails, so a
// retry does not download it again; a known key delivered with a new URL keeps its file (MAP-035).
// `fileValues` answers the values of the Entities' file fields.
import type { ServerContext } from '../../server-context.js';
import { accountClient } from '../accounts/service.js';
import type { AppClient } from '../app/client.js';
import { insertFile, storedKeys, type FileContent } from '../../files/index.js';
import type { AccountRecord, FileReference, SourceRecord } from '../types.js';
import { downloadLinkedFile, fetchResource, isAppResource } from './resource.js';

/** One file reference of the page, in the order given. */
export interface PreparedFile {
  /** `__file-key` of the URL, else the URL (the reference's `key`). */
  key: string;
  /** The URL as delivered. */
  url: string;
  name: string;
  /** Whether this reference's file was downloaded (and stored) by this call; false for a known key or a repeat. */
  downloaded: boolean;
}

export interface FileValue {
  'file/name': string;
  'file/url': string;
}

async function fetchContent(context: ServerContext, client: () => AppClient, args: { source: SourceRecord; account: AccountRecord; ref: FileReference }): Promise<FileContent> {
  const { ref } = args;
  if (isAppResource(ref.url)) return fetchResource(context, client(), { source: args.source, account: args.account, url: ref.url, params: ref.resource });
  return downloadLinkedFile(context, ref.url);
}

/**
 * Downloads and stores what is not stored yet (outside any transaction; one file at a time, so at
 * most one file is held in memory). Throws an AppCallError naming the URL when a file cannot be
 * fetched (the page is then not applied).
 */
export async function prepareFiles(context: ServerContext, args: { source: SourceRecord; account: AccountRecord; refs: FileReference[] }): Promise<PreparedFile[]> {
  const { source, account, refs } = args;
  const known = await storedKeys(context.db, source.id, refs.map((r) => r.key));
  let client: AppClient | undefined;
  const appClientOnce = () => (client ??= accountClient(context, account));
  const prepared: PreparedFile[] = [];
  for (const ref of refs) {
    let downloaded = false;
    if (!known.has(ref.key)) {
      const content = await fetchContent(context, appClientOnce, { source, account, ref });
      await insertFile(context.db, { sourceId: source.id, key: ref.key, url: ref.url, name: ref.name, contentType: content.contentType, bytes: content.bytes });
      known.add(ref.key);
      downloaded = true;
    }
    prepared.push({ key: ref.key, url: ref.url, name: ref.name, downloaded });
  }
  return prepared;
}

/** The values of the Entities' file fields, in the order of `prepared`: `{file/name, file/url}` with the URL as delivered. */
export function fileValues(prepared: PreparedFile[]): FileValue[] {
  return prepared.map((file) => ({ 'file/name': file.name, 'file/url': file.url }));
}
