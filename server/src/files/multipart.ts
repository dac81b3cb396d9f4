// Reads the file of a `multipart/form-data` upload (`POST /api/files`): the content of the part
// named `file` (a file part: one with a filename), at most `maxBytes`. Other parts are read and
// dropped, each bounded too; a body with no such part, or one that is not multipart, is refused
// naming what is wrong.
import type { Request } from 'express';
import busboy from 'busboy';
import { Failure } from '../api/failure.js';
import { nearestName } from '../api/near-names.js';

/** The part that holds the file (the public API's name). */
export const FILE_PART = 'file';

/** Parts, fields and header pairs of one upload: far above what a client sends, low enough to bound the work. */
const LIMITS = { files: 10, fields: 20, parts: 30, fieldSize: 64 * 1024, headerPairs: 100 } as const;

/** Part names quoted in a message. */
const SHOWN_PARTS = 10;

export interface UploadedFile {
  /** The part's filename, as sent. */
  filename: string;
  /** The part's Content-Type (`application/octet-stream` when it gave none). */
  contentType: string;
  bytes: Buffer;
}

export function tooLarge(maxBytes: number, field: string): Failure {
  return new Failure('file.error/too-large', `The file is larger than the limit of ${maxBytes} bytes; it is not stored.`, { field, limit: maxBytes }, 413);
}

function unreadable(detail: string): Failure {
  return new Failure('request.error/invalid-body', `The multipart/form-data body cannot be read: ${detail}.`, { field: 'body', errors: [] });
}

function missing(parts: string[], textFile: boolean): Failure {
  if (textFile) {
    return new Failure('request.error/invalid-body', `The part "${FILE_PART}" is a text field; send the file as a file part (a Content-Disposition with a filename).`, { field: FILE_PART, errors: [] });
  }
  const near = parts.map((p) => (nearestName(p, [FILE_PART]) === FILE_PART ? p : undefined)).find((p) => p !== undefined);
  const given = parts.length === 0 ? 'no parts' : `the parts ${parts.slice(0, SHOWN_PARTS).map((p) => JSON.stringify(p)).join(', ')}${parts.length > SHOWN_PARTS ? ', ...' : ''}`;
  return new Failure(
    'request.error/invalid-body',
    `The body has no part named "${FILE_PART}" (it has ${given}${near === undefined ? '' : `; did you mean "${FILE_PART}" for "${near}"?`}). Send the file's content in a part named "${FILE_PART}".`,
    { field: FILE_PART, errors: [], ...(near === undefined ? {} : { near }) },
  );
}

/** Reads the upload of a request whose Content-Type is multipart/form-data. */
export function readUpload(req: Request, maxBytes: number): Promise<UploadedFile> {
  return new Promise<UploadedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Filenames as browsers and fetch send them: UTF-8 (busboy reads Latin-1 by default).
      // One byte over the limit, so that a file of exactly the limit is whole (busboy stops at it).
      // The filename as sent (busboy would cut it to its last path segment): `/` and `\` become `_` (names.ts).
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', preservePath: true, limits: { ...LIMITS, fileSize: maxBytes + 1 } });
    } catch (error) {
      reject(unreadable(error instanceof Error ? error.message.replace(/\.$/, '') : 'no boundary'));
      return;
    }
    const parts: string[] = [];
    let found: UploadedFile | undefined;
    let textFile = false;
    let fileSeen = false;
    // The file part's content, read to its end (the parser may close before the stream ends).
    let reading: Promise<void> = Promise.resolve();
    let settled = false;
    const settle = (outcome: { file: UploadedFile } | { error: Failure }) => {
      if (settled) return;
      settled = true;
      if ('error' in outcome) {
        // The rest of the body is read and dropped, so that the client gets the answer.
        req.unpipe(parser);
        req.resume();
        reject(outcome.error);
      } else resolve(outcome.file);
    };
    parser.on('file', (name, stream, info) => {
      parts.push(name);
      // A broken body fails the parser too: the streams' own errors are settled there.
      stream.on('error', () => undefined);
      if (name !== FILE_PART || fileSeen) {
        stream.resume();
        return;
      }
      fileSeen = true;
      const chunks: Buffer[] = [];
      reading = new Promise<void>((done) => {
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => settle({ error: tooLarge(maxBytes, FILE_PART) }));
        stream.on('close', done);
        stream.on('end', () => {
          const size = chunks.reduce((n, c) => n + c.length, 0);
          if (size > maxBytes || stream.truncated) settle({ error: tooLarge(maxBytes, FILE_PART) });
          else if (!settled) found = { filename: info.filename ?? '', contentType: info.mimeType || 'application/octet-stream', bytes: Buffer.concat(chunks) };
          done();
        });
      });
    });
    parser.on('field', (name) => {
      parts.push(name);
      if (name === FILE_PART) textFile = true;
    });
    parser.on('error', (error: unknown) => settle({ error: unreadable(error instanceof Error ? error.message.replace(/\.$/, '') : 'broken body') }));
    parser.on('close', () => void reading.then(() => settle(found ? { file: found } : { error: missing(parts, textFile) })));
    req.on('error', () => settle({ error: unreadable('the connection broke') }));
    req.pipe(parser);
  });
}
