// The names files get: a given name cleaned (control characters, `/` and `\` turned to `_`,
// trimmed, cut to 255 characters), or the last path segment of the address they came from,
// percent-decoded and cleaned the same way; `file` when nothing is left (MAP-073, FILE-002).
const MAX_NAME = 255;

/** A file name as stored: cleaned, at most 255 characters, `file` when nothing is left. */
export function cleanFileName(given: string | undefined): string {
  const name = (given ?? '').replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim();
  return name === '' ? 'file' : name.slice(0, MAX_NAME);
}

/** The last path segment of an address (a URL, or a bare path), decoded and cleaned; `file` when there is none. */
export function fileNameOf(address: string | undefined): string {
  if (!address) return 'file';
  let path: string;
  try {
    path = new URL(address).pathname;
  } catch {
    path = address.split(/[?#]/)[0] ?? '';
  }
  const segment = path.split('/').filter((s) => s !== '').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  return cleanFileName(name);
}
