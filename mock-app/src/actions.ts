// The record of custom action calls: each call's action, args, row key, start and end, outcome,
// and whether another action call was in progress while it ran (a service must call actions one at
// a time, APP-075). Tests and conformance checks read it through `MockApp.actionCalls`.

export interface ActionCall {
  action: string;
  /** The args the request carried (`action.args`), as received. */
  args: Record<string, string>;
  /** The row key the action's `keyArg` carried (trimmed), or undefined when it has none or the request did not carry it. */
  key: string | undefined;
  /** Time the call was received and answered (ms since the epoch); `finishedAt` undefined while it runs. */
  startedAt: number;
  finishedAt: number | undefined;
  /** The HTTP status answered (undefined while it runs). */
  status: number | undefined;
  /** True when another action call was in progress at some time during this one. */
  overlapped: boolean;
}

export class ActionLog {
  readonly calls: ActionCall[] = [];
  private readonly running = new Set<ActionCall>();

  /** Records the start of a call (marking it and every call in progress as overlapped when there are any). */
  start(action: string, args: Record<string, string>, key: string | undefined, now = Date.now()): ActionCall {
    const call: ActionCall = { action, args, key, startedAt: now, finishedAt: undefined, status: undefined, overlapped: this.running.size > 0 };
    for (const other of this.running) other.overlapped = true;
    this.running.add(call);
    this.calls.push(call);
    return call;
  }

  finish(call: ActionCall, status: number, now = Date.now()): void {
    call.finishedAt = now;
    call.status = status;
    this.running.delete(call);
  }

  clear(): void {
    this.calls.length = 0;
  }
}
