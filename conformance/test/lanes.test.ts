// Lanes: checks of one lane never overlap, at most N lanes run at once, results keep the order.
import { describe, expect, it } from 'vitest';
import { laneOf, runInLanes } from '../src/lanes.js';
import { checksFor } from '../src/registry.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runInLanes', () => {
  const items = Array.from({ length: 24 }, (_, i) => ({ n: i, lane: ['a', 'b', 'c', 'd', 'a', 'a'][i % 6] as string }));

  for (const concurrency of [1, 2, 3, 8]) {
    it(`runs at most ${concurrency} at once, never two of one lane, and answers in the items' order`, async () => {
      const running = new Set<string>();
      let most = 0;
      const order: number[] = [];
      const results = await runInLanes(items, (item) => item.lane, concurrency, async (item) => {
        expect(running.has(item.lane), `two items of lane ${item.lane} at once`).toBe(false);
        running.add(item.lane);
        most = Math.max(most, running.size);
        order.push(item.n);
        await tick(1 + (item.n % 3));
        running.delete(item.lane);
        return item.n * 10;
      });
      expect(results).toEqual(items.map((item) => item.n * 10));
      expect(most).toBeLessThanOrEqual(concurrency);
      if (concurrency > 1) expect(most).toBeGreaterThan(1);
      // Within a lane, items run in their order.
      for (const lane of ['a', 'b', 'c', 'd']) {
        const mine = order.filter((n) => items[n]?.lane === lane);
        expect(mine).toEqual([...mine].sort((x, y) => x - y));
      }
    });
  }

  it('runs one at a time in the items\' order with a concurrency of 1', async () => {
    const order: number[] = [];
    await runInLanes(items, (item) => item.lane, 1, async (item) => {
      order.push(item.n);
      await tick(1);
    });
    expect(order).toEqual(items.map((item) => item.n));
  });

  it('answers an empty list and passes a failure on', async () => {
    expect(await runInLanes([], () => 'a', 4, async () => 1)).toEqual([]);
    await expect(runInLanes([1, 2], () => 'a', 2, async (n) => (n === 2 ? Promise.reject(new Error('boom')) : n))).rejects.toThrow('boom');
  });
});

describe('laneOf', () => {
  it('puts every check that touches the webhook list in the webhooks lane, every integration check in one lane, and the mapping checks (only what they create) in their own', () => {
    const checks = checksFor('server');
    expect(laneOf(checks.find((c) => c.id === 'auth.webhooks-need-architect')!)).toBe('webhooks');
    for (const check of checks.filter((c) => ['app', 'sync', 'events', 'oauth'].includes(c.area))) expect(laneOf(check)).toBe('integrations');
    for (const check of checks.filter((c) => c.area === 'mapping')) expect(laneOf(check)).toBe('mapping');
    for (const check of checks.filter((c) => c.area === 'webhooks')) expect(laneOf(check)).toBe('webhooks');
  });
});
