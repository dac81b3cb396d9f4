/**
 * Live progress of a run. On a terminal: each result line as it comes, under it one status line
 * redrawn in place (`[12/122] auth.wrong-token  10 passed, 1 failed  0:07`), every second while a
 * check runs. Elsewhere (CI logs, pipes): the result lines only, one per check, no control codes.
 */
import type { Check } from './check.js';
import { OUTCOME_LABEL, formatResult, type Style } from './report.js';
import type { CheckResult } from './runner.js';

export interface ProgressOptions {
  stream: NodeJS.WriteStream;
  total: number;
  idWidth: number;
  style: Style;
  /** Redraw the status line (a terminal); default: stream.isTTY. */
  live?: boolean;
}

const CLEAR_LINE = '\r\u001b[2K';

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export class Progress {
  private done = 0;
  private readonly tally = new Map<string, number>();
  /** Checks running now (lanes run side by side), with when each started. */
  private readonly running = new Map<string, number>();
  private readonly started = performance.now();
  private timer: NodeJS.Timeout | undefined;
  private readonly live: boolean;

  constructor(private readonly options: ProgressOptions) {
    this.live = options.live ?? options.stream.isTTY === true;
  }

  onStart = (check: Check): void => {
    this.running.set(check.id, performance.now());
    if (!this.live) return;
    this.draw();
    this.timer ??= setInterval(() => this.draw(), 1000);
    this.timer.unref();
  };

  onResult = (result: CheckResult): void => {
    this.done += 1;
    const label = OUTCOME_LABEL[result.outcome];
    this.tally.set(label, (this.tally.get(label) ?? 0) + 1);
    this.running.delete(result.id);
    const line = formatResult(result, this.options.idWidth, this.options.style);
    this.options.stream.write(`${this.live ? CLEAR_LINE : ''}${line}\n`);
    if (this.live) this.draw();
  };

  /** Removes the status line (call before the summary). */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (this.live) this.options.stream.write(CLEAR_LINE);
  }

  /** The status line's text (without control codes). */
  status(): string {
    const counts = [...this.tally.entries()].map(([label, n]) => `${n} ${label.toLowerCase()}`).join(', ');
    const running = [...this.running].map(([id, since]) => `  ${id} ${clock(performance.now() - since)}`).join('');
    return `[${this.done}/${this.options.total}]${running}  ${counts}  elapsed ${clock(performance.now() - this.started)}`;
  }

  private draw(): void {
    const width = this.options.stream.columns ?? 100;
    this.options.stream.write(`${CLEAR_LINE}${this.options.style.dim(this.status().slice(0, Math.max(20, width - 1)))}`);
  }
}
