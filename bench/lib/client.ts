// A minimal client of the command API (`POST /api/commands`) for the benchmarks: Node's global
// fetch, a time-out on every request, failures thrown with the error name and message.
import type { components } from '../../generated/service/types.js';

type Schemas = components['schemas'];
export type Command = Schemas['Command'];
export type CommandResponse = Schemas['CommandResponse'];
export type CommandResult = Schemas['CommandResult'];
export type Entity = Schemas['Entity'];

export class CommandError extends Error {
  constructor(
    message: string,
    readonly errorName: string,
  ) {
    super(message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCommandResponse(value: unknown): value is CommandResponse {
  return isRecord(value) && typeof value.success === 'boolean' && 'result' in value;
}

export class CommandClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs = 90_000,
  ) {}

  /** Sends one command; answers its `result`, or throws a CommandError when it failed. */
  async run(command: Command): Promise<CommandResult> {
    const response = await fetch(`${this.baseUrl}/api/commands`, {
      method: 'POST',
      headers: { authorization: `Token ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    if (response.status !== 200) throw new CommandError(`${command.command}: HTTP ${response.status}: ${text.slice(0, 300)}`, `http-${response.status}`);
    const body: unknown = JSON.parse(text);
    if (!isCommandResponse(body)) throw new CommandError(`${command.command}: not a command response: ${text.slice(0, 300)}`, 'bench/bad-response');
    if (body.success) return body.result;
    const { name, message, data } = body.result;
    throw new CommandError(`${command.command} failed: ${name}: ${message} ${JSON.stringify(data).slice(0, 300)}`, name);
  }

  /** Runs `svc.command/batch`; answers the inner results (all succeeded, or the batch throws). */
  async batch(commands: Command[]): Promise<CommandResult[]> {
    const result = await this.run({ command: 'svc.command/batch', args: { commands } });
    if (!Array.isArray(result)) throw new CommandError('svc.command/batch: the result is not an array', 'bench/bad-response');
    return result.map((inner, i) => {
      if (!isCommandResponse(inner) || !inner.success) throw new CommandError(`inner command ${i} failed: ${JSON.stringify(inner).slice(0, 300)}`, 'bench/bad-response');
      return inner.result;
    });
  }

  /** Runs `svc.entity.batch/create`; answers the new Entities' ids, in order. */
  async batchCreate(type: string, entities: Schemas['EntityInput'][]): Promise<string[]> {
    const result = await this.run({ command: 'svc.entity.batch/create', args: { type, entities } });
    if (!Array.isArray(result) || result.length !== entities.length) throw new CommandError('svc.entity.batch/create: the result is not an array of the new Entities', 'bench/bad-response');
    return result.map(entityId);
  }

  /** Runs `svc.entity/query`; answers the Entities. */
  async query(args: Schemas['QueryCommand']['args']): Promise<Entity[]> {
    const result = await this.run({ command: 'svc.entity/query', args });
    if (!Array.isArray(result)) throw new CommandError('svc.entity/query: the result is not an array', 'bench/bad-response');
    return result.filter(isRecord) as Entity[];
  }
}

/** The `svc/id` of an Entity result, or an error. */
export function entityId(result: CommandResult): string {
  const value: unknown = result;
  const id = isRecord(value) ? value['svc/id'] : undefined;
  if (typeof id !== 'string') throw new Error(`not an Entity: ${JSON.stringify(result).slice(0, 200)}`);
  return id;
}
