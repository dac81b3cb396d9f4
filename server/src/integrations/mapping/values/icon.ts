// Icons (MAP-018, MAP-019): a native emoji is kept; an alias (`:rocket:` or `rocket`) becomes its
// emoji; any other value leaves the icon unset. Never an error.
import emojiRegex from 'emoji-regex';
import { get as emojiByName } from 'node-emoji';

const MAX_ALIAS = 100;

/** True when `text` is exactly one emoji (sequences and modifiers included). */
export function isSingleEmoji(text: string): boolean {
  const found = text.match(emojiRegex());
  return found !== null && found.length === 1 && found[0] === text;
}

export function toIcon(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || text.length > MAX_ALIAS) return null;
  if (isSingleEmoji(text)) return text;
  const alias = text.replace(/^:(.+):$/, '$1');
  if (!/^[\w+-]+$/.test(alias)) return null;
  const emoji = emojiByName(alias);
  return emoji !== undefined && isSingleEmoji(emoji) ? emoji : null;
}
