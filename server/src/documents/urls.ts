// Which link and image addresses a document may hold. Documents written by one user are read by
// others (as HTML too), so every input format goes through these checks: `javascript:`, `data:`,
// `vbscript:` and any other scheme outside the list are dropped on the way in.

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['http', 'https']);
const MAX_URL_LENGTH = 8192;

function allowed(url: string, schemes: ReadonlySet<string>): boolean {
  if (url.length === 0 || url.length > MAX_URL_LENGTH) return false;
  // Control characters and whitespace inside a scheme fool some browsers ("java\tscript:").
  if (/[\u0000-\u001f\u007f]/.test(url)) return false;
  const scheme = /^([^:/?#]*):/.exec(url.trim());
  if (!scheme) return true; // relative: path, query or fragment
  // Stryker disable next-line StringLiteral: the group of a match is always a string (possibly empty)
  return schemes.has((scheme[1] ?? '').toLowerCase());
}

/** A link target that may be stored: http(s), mailto, tel, or relative. */
export function isSafeLinkUrl(url: string): boolean {
  return allowed(url, LINK_SCHEMES);
}

/** An image source that may be stored: http(s) or relative. */
export function isSafeImageUrl(url: string): boolean {
  return allowed(url, IMAGE_SCHEMES);
}
