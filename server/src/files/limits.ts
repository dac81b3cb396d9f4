// Bounds of the files API (spec/service.openapi.yaml, "/api/files"): the largest file taken by an
// upload or a download, the time-out of one download exchange, the redirects followed. Tests
// lower them.
export interface FileLimits {
  /** Largest file uploaded or downloaded (25 MiB). */
  maxBytes: number;
  /** Time-out of one exchange of `from-url`, the answer's body included (30 s). */
  timeoutMs: number;
  /** Redirects `from-url` follows (3). */
  maxRedirects: number;
}

export const DEFAULT_FILE_LIMITS: FileLimits = {
  maxBytes: 25 * 1024 * 1024,
  timeoutMs: 30_000,
  maxRedirects: 3,
};

export function fileLimits(input: Partial<FileLimits> = {}): FileLimits {
  return { ...DEFAULT_FILE_LIMITS, ...input };
}
