/**
 * Lanes: which checks may run side by side. Checks of one lane run one after the other, in the
 * catalogue's order; lanes run at the same time (`--concurrency`). A lane groups the checks that
 * read or change something the target holds for the whole workspace and that another check's
 * writes would disturb: the webhook list (a check may assert that nothing was added), the
 * integration accounts, sources and users of the sync checks. Everything else a check creates
 * lives in its own Space, so areas that share nothing run apart.
 */
import type { Check } from './check.js';

/** The lane of each area that does not share the `core` lane (spec/CONVENTIONS.md areas). */
const AREA_LANES: Readonly<Record<string, string>> = {
  app: 'integrations',
  sync: 'integrations',
  events: 'integrations',
  oauth: 'integrations',
  // The mapping checks read and write only the accounts, sources, Spaces and users they create
  // (unique names and e-mails), never a list of the whole workspace: a lane of their own.
  mapping: 'mapping',
  webhooks: 'webhooks',
  documents: 'documents',
  comments: 'documents',
  graphql: 'graphql',
};

export function laneOf(check: Pick<Check, 'area' | 'lane'>): string {
  return check.lane ?? AREA_LANES[check.area] ?? 'core';
}

/**
 * Runs `work` over `items` with at most `concurrency` at a time, never two of one lane at once;
 * with a concurrency of 1, one after the other in their order. Otherwise a free worker takes the
 * next item of the free lane with the most items left (the longest lane starts first). Results
 * come back in the order of `items`.
 */
export async function runInLanes<T, R>(
  items: readonly T[],
  lane: (item: T) => string,
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  if (concurrency <= 1) {
    // One at a time: the items' own order.
    const results: R[] = [];
    for (const item of items) results.push(await work(item));
    return results;
  }
  const queues = new Map<string, number[]>();
  items.forEach((item, index) => {
    const name = lane(item);
    const queue = queues.get(name);
    if (queue === undefined) queues.set(name, [index]);
    else queue.push(index);
  });
  const busy = new Set<string>();
  const results = new Array<R>(items.length);
  const next = (): { name: string; index: number } | undefined => {
    let best: { name: string; queue: number[] } | undefined;
    for (const [name, queue] of queues) {
      if (busy.has(name) || queue.length === 0) continue;
      if (best === undefined || queue.length > best.queue.length) best = { name, queue };
    }
    const index = best?.queue.shift();
    return best === undefined || index === undefined ? undefined : { name: best.name, index };
  };
  await new Promise<void>((resolve, reject) => {
    let running = 0;
    let left = items.length;
    if (left === 0) {
      resolve();
      return;
    }
    const start = (): void => {
      while (running < concurrency) {
        const taken = next();
        if (taken === undefined) return;
        const { name, index } = taken;
        busy.add(name);
        running += 1;
        work(items[index] as T).then(
          (result) => {
            results[index] = result;
            busy.delete(name);
            running -= 1;
            left -= 1;
            if (left === 0) resolve();
            else start();
          },
          reject,
        );
      }
    };
    start();
  });
  return results;
}
