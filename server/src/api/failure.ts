// The one error type of the server: a named failure with a message a person can act on.
// Command handlers throw it (it becomes `{success: false, result}`); HTTP handlers throw it with a
// status (it becomes `{name, message, data}`, or the envelope on /api/commands).
import type { CommandError, ErrorData, ErrorName } from './spec-types.js';

export class Failure extends Error {
  override readonly name: ErrorName;
  readonly data: ErrorData;
  readonly status: number;

  constructor(name: ErrorName, message: string, data: ErrorData = {}, status = 400) {
    super(message);
    this.name = name;
    this.data = data;
    this.status = status;
  }

  toResult(): CommandError {
    return { name: this.name, message: this.message, data: this.data };
  }
}
