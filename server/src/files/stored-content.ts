// How file content is kept in a table (`files`, `integration_files`): its size, its SHA-256 (hex)
// and the bytes as base64 text (pg-mem keeps bytea badly).
import { createHash } from 'node:crypto';

export interface ContentColumns {
  size: number;
  sha256: string;
  content: string;
}

/** The columns that hold `bytes`. */
export function contentColumns(bytes: Buffer): ContentColumns {
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), content: bytes.toString('base64') };
}

/** The bytes of a stored `content` column. */
export function contentBytes(content: string): Buffer {
  return Buffer.from(content, 'base64');
}
