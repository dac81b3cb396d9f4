// Substitution of `{{url}}` (the mock app's base address) in every text of a scenario value.
const URL_PLACEHOLDER = /\{\{url\}\}/g;

/** A copy of `value` with `{{url}}` replaced by `url` in every string (keys included). */
export function substituteUrl<T>(value: T, url: string): T {
  return replaceStrings(value, (text) => text.replace(URL_PLACEHOLDER, url)) as T;
}

function replaceStrings(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, replace));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [replace(k), replaceStrings(v, replace)]));
  }
  return value;
}
