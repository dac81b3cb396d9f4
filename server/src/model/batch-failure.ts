// Batch commands: a failure about one Entity of `entities` names its position (`data.index`)
// and says so in its message, so that a client finds the Entity among a thousand.
import { Failure } from '../api/failure.js';

/** `error` naming the Entity at `index` of the batch; other errors, and failures already naming one, unchanged. */
export function atIndex(error: unknown, index: number | undefined): unknown {
  if (index === undefined || !(error instanceof Failure) || error.data['index'] !== undefined) return error;
  return new Failure(error.name, `entities[${index}]: ${error.message}`, { ...error.data, index }, error.status);
}
