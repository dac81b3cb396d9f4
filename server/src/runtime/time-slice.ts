// Cooperative scheduling: long work (a large answer read, shaped or written) gives the event loop
// back every few milliseconds, so one client's heavy request never stalls another client's small
// one (spec/service.openapi.yaml, "Shared load").
import { setImmediate as nextTurn } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';

/** The longest stretch of synchronous work between two turns of the event loop. */
export const SLICE_MS = 8;

export class TimeSlice {
  private started = performance.now();

  /** Yields to the event loop when this slice has run SLICE_MS or more; else answers at once. */
  async maybeYield(): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return;
    await nextTurn();
    this.started = performance.now();
  }
}
