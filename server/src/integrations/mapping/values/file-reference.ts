// File references (MAP-033..038, MAP-053): a file field's value is one URL (`text`) or several
// (`array[text]`: a JSON array or its JSON text). The key is the URL's `__file-key` query
// parameter when it has one, else the URL (fileKeyOf, the one rule the files a sync stored are
// found by); `app://resource?...` addresses carry every query
// parameter in `resource` (the app's `resource` endpoint gets them as `params`).
import { fileNameOf } from '../../../files/names.js';
import { fileKeyOf } from '../../../files/synced-store.js';
import type { FileReference } from '../../types.js';
import { parseJsonText } from './json-text.js';
import { isEmpty, ValueError } from './value-error.js';

const EXPECTED = 'a file URL (http, https, or app://resource?url=<url>&...)';
const EXPECTED_MANY = 'file URLs: a JSON array of URLs (http, https, or app://resource?...), its JSON text, or one URL';
const MAX_URL = 8192;
const MAX_FILES = 100;

export { fileNameOf };

export function toFileReference(value: unknown): FileReference {
  if (typeof value !== 'string') throw new ValueError(EXPECTED, value);
  const url = value.trim();
  // Stryker disable next-line StringLiteral: URL.canParse refuses the empty text, as any other text that is no URL, with the same error: comparing with another text than '' changes nothing
  if (url === '' || url.length > MAX_URL || !URL.canParse(url)) throw new ValueError(EXPECTED, value);
  const parsed = new URL(url);
  const app = parsed.protocol === 'app:';
  if (!app && parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ValueError(EXPECTED, value);
  if (app && (parsed.hostname.toLowerCase() !== 'resource' || (parsed.pathname !== '' && parsed.pathname !== '/'))) throw new ValueError(EXPECTED, value);
  const params = Object.fromEntries(parsed.searchParams);
  return {
    url,
    key: fileKeyOf(url),
    name: fileNameOf(app ? params.url : url),
    ...(app ? { resource: params } : {}),
  };
}

/** The files of a value, without repeats of a key; at most one for a single file field. */
export function toFileReferences(value: unknown, multi: boolean): FileReference[] {
  if (isEmpty(value)) return [];
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'string' && value.trim().startsWith('[')) {
    const parsed = parseJsonText(value.trim(), EXPECTED_MANY, value);
    if (!Array.isArray(parsed)) throw new ValueError(EXPECTED_MANY, value);
    items = parsed;
  } else items = [value];
  if (items.length > MAX_FILES) throw new ValueError(`at most ${MAX_FILES} ${EXPECTED_MANY}`, value);
  const files = new Map<string, FileReference>();
  for (const item of items) {
    if (isEmpty(item)) continue;
    const file = toFileReference(item);
    if (!files.has(file.key)) files.set(file.key, file);
  }
  const all = [...files.values()];
  return multi ? all : all.slice(0, 1);
}
