/**
 * Renders a recorded request as a copy-pasteable curl line (POSIX shell). With the run's secrets
 * (secrets.ts: given, or the active ones of the check that builds the line) every token, account
 * value or webhook secret in the URL, a header or the body is written as the shell expression that
 * yields it (`-H 'Authorization: Token '"$SVC_TOKEN"`), so the line holds no secret and runs as
 * printed with the environment set.
 */
import { activeSecrets, type Secrets } from './secrets.js';

export interface HttpRequest {
  method: string;
  url: string;
  /** Headers exactly as sent by the client (Authorization included). */
  headers: Record<string, string>;
  body?: string;
  /** A multipart/form-data body (instead of `body`): its parts, file contents given by size. */
  form?: FormPartRecord[];
}

/** One part of a multipart body as recorded: a file part names its file and size, a text part holds its value. */
export interface FormPartRecord {
  name: string;
  filename?: string;
  contentType?: string;
  size: number;
  value?: string;
}

const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** Quotes a string for a POSIX shell: `'...'`, with `'` written as `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** ANSI-C quoting (`$'...'`, bash/zsh/ksh) for strings holding control characters. */
function ansiCQuote(value: string): string {
  let out = "$'";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/** A printf format (single-quoted) that prints `value` exactly, NUL bytes included. */
function printfFormat(value: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const ch = String.fromCharCode(byte);
    if (ch === '%') out += '%%';
    else if (ch === '\\') out += '\\\\';
    else if (byte < 0x20 || byte === 0x7f) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else if (byte >= 0x80) out += `\\${byte.toString(8)}`;
    else out += ch;
  }
  return shellQuote(out);
}

function quoteArg(value: string): string {
  return CONTROL_CHARS.test(value) ? ansiCQuote(value) : shellQuote(value);
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());
}

/** A shell word for `value`, each known secret in it as its shell expression. */
function word(value: string, secrets: Secrets | undefined, quote: (literal: string) => string = quoteArg): string {
  return secrets === undefined ? quote(value) : secrets.shellWord(value, quote);
}

/**
 * A body with NUL bytes (which no shell argument can hold) that also holds a secret: printed by
 * `printf '%s\000%s' 'part' 'part'`, each part between NULs a word of its own.
 */
function printfParts(body: string, secrets: Secrets): string {
  const parts = body.split('\u0000');
  return `printf ${shellQuote(parts.map(() => '%s').join('\\000'))} ${parts.map((part) => word(part, secrets)).join(' ')}`;
}

export function toCurl(request: HttpRequest, secrets: Secrets | undefined = activeSecrets()): string {
  const parts: string[] = ['curl', '-sS', '-i', '-X', request.method.toUpperCase(), word(request.url, secrets, shellQuote)];
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push('-H', word(`${name}: ${value}`, secrets));
  }
  if (request.form !== undefined) {
    // The file parts' contents are not in the line: a file of that name and size stands for each.
    for (const part of request.form) {
      const type = part.contentType === undefined ? '' : `;type=${part.contentType}`;
      if (part.filename === undefined) parts.push('--form-string', word(`${part.name}=${part.value ?? ''}`, secrets));
      else parts.push('-F', word(`${part.name}=@${part.filename}${type}`, secrets));
    }
    return parts.join(' ');
  }
  if (request.body === undefined) return parts.join(' ');
  // curl would add `Content-Type: application/x-www-form-urlencoded`; the client sent none.
  if (!hasHeader(request.headers, 'content-type')) parts.push('-H', shellQuote('Content-Type:'));
  if (request.body.includes('\u0000')) {
    const printf = secrets?.holds(request.body) === true ? printfParts(request.body, secrets) : `printf ${printfFormat(request.body)}`;
    return `${printf} | ${parts.join(' ')} --data-binary @-`;
  }
  parts.push('--data-raw', word(request.body, secrets));
  return parts.join(' ');
}
