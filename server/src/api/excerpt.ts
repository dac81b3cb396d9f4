/** A value as JSON for an error message, cut to `max` characters: a message quotes the bad value, never all of a long one. */
export function excerpt(value: unknown, max = 80): string {
  const text = String(JSON.stringify(value));
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
