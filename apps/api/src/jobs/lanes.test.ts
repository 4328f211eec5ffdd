import { describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { LaneDispatcher, type Lane } from './lanes';

/** Queues in memory standing in for pg-boss's fetch; each job runs until the test releases it. */
function harness(waiting: Record<string, number>, slots: number, lanes: Lane[]) {
  const queues = new Map(Object.entries(waiting).map(([q, n]) => [q, Array.from({ length: n }, (_, i) => ({ id: `${q}-${i}`, name: q, data: {}, expireInSeconds: 60 }))]));
  const running: { lane: Lane; release: () => void }[] = [];
  let most = 0;
  const dispatcher = new LaneDispatcher<object>({
    boss: { fetch: (async (q: string, o: { batchSize: number }) => (queues.get(q) ?? []).splice(0, o.batchSize)) as unknown as Pick<PgBoss, 'fetch'>['fetch'] },
    lanes,
    slots,
    idleMs: 20,
    run: (lane) =>
      new Promise<void>((release) => {
        running.push({ lane, release });
        most = Math.max(most, running.length);
      }),
    onError: (err) => {
      throw err;
    },
  });
  // Waits (polling, generously) until `check` holds, then a little more: a slot the dispatcher should not fill stays empty.
  const settle = async (check: () => boolean = () => true) => {
    const end = Date.now() + 10_000;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
  };
  const by = (pred: (l: Lane) => boolean) => running.filter((r) => pred(r.lane)).length;
  const finish = (pred: (l: Lane) => boolean) => {
    const i = running.findIndex((r) => pred(r.lane));
    running.splice(i, 1)[0]!.release();
  };
  return { dispatcher, settle, by, finish, most: () => most, left: (q: string) => queues.get(q)!.length };
}

const lanes: Lane[] = [
  { queue: 'samsara', group: 'SAMSARA', cap: 8 },
  { queue: 'samsara-retry', group: 'SAMSARA', cap: 2 },
  { queue: 'gle', group: 'GLE', cap: 8 },
  { queue: 'gle-retry', group: 'GLE', cap: 2 },
];

describe('LaneDispatcher', () => {
  it('runs at most `slots` jobs; one provider never takes the last slot while another has work; a retry lane keeps to its cap', async () => {
    const h = harness({ samsara: 30, 'samsara-retry': 10, gle: 30, 'gle-retry': 0 }, 8, lanes);
    h.dispatcher.start();
    await h.settle(() => h.by(() => true) === 8);
    expect(h.by(() => true)).toBe(8);
    expect(h.by((l) => l.queue === 'samsara-retry')).toBeLessThanOrEqual(2);
    expect(h.by((l) => l.group === 'GLE')).toBeGreaterThanOrEqual(1);
    // Every Samsara job hangs: the GLE jobs still go through their slot, one after the other.
    for (let i = 0; i < 10; i++) {
      h.finish((l) => l.group === 'GLE');
      await h.settle(() => h.by(() => true) === 8);
      expect(h.by(() => true)).toBe(8);
      expect(h.by((l) => l.group === 'GLE')).toBeGreaterThanOrEqual(1);
    }
    expect(h.left('gle')).toBeLessThan(30 - 10);
    expect(h.most()).toBe(8);
    await h.dispatcher.stop(10);
  });

  it('a provider alone may use every slot but one per other provider, and the retry lane stays within its cap', async () => {
    const h = harness({ samsara: 0, 'samsara-retry': 20, gle: 0, 'gle-retry': 0 }, 8, lanes);
    h.dispatcher.start();
    await h.settle(() => h.by(() => true) === 2);
    expect(h.by((l) => l.queue === 'samsara-retry')).toBe(2);
    const h2 = harness({ samsara: 20, 'samsara-retry': 0, gle: 0, 'gle-retry': 0 }, 8, lanes);
    h2.dispatcher.start();
    await h2.settle(() => h2.by(() => true) === 7);
    expect(h2.by((l) => l.queue === 'samsara')).toBe(7);
    await h.dispatcher.stop(10);
    await h2.dispatcher.stop(10);
  });
});
