// Files the mock app serves itself (scenario `files`): by path at `GET <url>/files/...`, and
// through the `resource` endpoint by the file's address (`params.url`) or its id (`params.id`).
import type { ScenarioFile } from './scenario-types.js';

export interface StoredFile {
  path: string;
  bytes: Buffer;
  contentType: string;
  id?: string;
}

export class FileStore {
  private readonly byPath = new Map<string, StoredFile>();
  private readonly origin: string;

  constructor(files: Record<string, ScenarioFile>, baseUrl: string) {
    this.origin = new URL(baseUrl).origin;
    for (const [path, file] of Object.entries(files)) {
      const bytes = file.base64 !== undefined ? Buffer.from(file.base64, 'base64') : Buffer.from(file.content ?? '', 'utf8');
      this.byPath.set(path, { path, bytes, contentType: file.contentType ?? 'application/octet-stream', id: file.id });
    }
  }

  get(path: string): StoredFile | undefined {
    return this.byPath.get(path);
  }

  /** The file a `resource` request names: `params.url` (an address of this app, or a path) first, else `params.id`. */
  find(params: Record<string, string>): StoredFile | undefined {
    if (params.url !== undefined) {
      let url: URL | undefined;
      try {
        url = new URL(params.url, `${this.origin}/`);
      } catch {
        url = undefined;
      }
      if (url && url.origin === this.origin) {
        const found = this.byPath.get(url.pathname);
        if (found) return found;
      }
    }
    if (params.id !== undefined) return [...this.byPath.values()].find((f) => f.id === params.id);
    return undefined;
  }
}
