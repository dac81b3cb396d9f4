// Text values (`svc/text`, `svc/url`, `svc/email`): strings as they are, numbers and booleans as
// their text; URLs must be absolute, e-mail addresses must have one `@`. An empty value clears.
import { isEmpty, ValueError } from './value-error.js';

const MAX_TEXT = 1_000_000;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function toText(value: unknown): string | null {
  if (isEmpty(value)) return null;
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  if (text === undefined || text.length > MAX_TEXT) throw new ValueError(`a text (a string of at most ${MAX_TEXT} characters)`, value);
  return text;
}

export function toUrl(value: unknown): string | null {
  if (isEmpty(value)) return null;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!URL.canParse(text) || text.length > 8192) throw new ValueError('an absolute URL such as https://example.org/page', value);
  return text;
}

export function toEmail(value: unknown): string | null {
  if (isEmpty(value)) return null;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!EMAIL.test(text) || text.length > 1000) throw new ValueError('an e-mail address such as jane@example.org', value);
  return text;
}
