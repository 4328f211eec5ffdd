import { afterEach, describe, expect, it } from 'vitest';
import { DueWatch, type DueQueue } from './due-watch';

/**
 * The instance's one look for due jobs (docs/decisions/014-background-jobs.md, "At rest"): a
 * fake database answers each look; the test counts the looks and the wake-ups.
 */
let watch: DueWatch | null = null;
afterEach(async () => {
  await watch?.stop();
  watch = null;
});

function fakeLook(answer: () => DueQueue[]) {
  const looks: number[] = [];
  const asked: string[][] = [];
  return {
    looks,
    asked,
    look: async (queues: string[]) => {
      looks.push(Date.now());
      asked.push(queues);
      return answer();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the look for due jobs', () => {
  it('one statement for every watched queue wakes the workers of the queues with a job due, and no others', async () => {
    const db = fakeLook(() => [
      { name: 'a', dueInMs: -5 },
      { name: 'b', dueInMs: 60_000 },
      { name: 'unwatched', dueInMs: -5 },
    ]);
    const woken: string[] = [];
    watch = new DueWatch({ look: db.look, idleMs: 60_000, onError: (err) => expect.fail(String(err)) });
    watch.watch('a', () => woken.push('a'));
    watch.watch('a', () => woken.push('a2'));
    watch.watch('b', () => woken.push('b'));
    watch.start();
    await sleep(100);
    expect(db.looks).toHaveLength(1);
    expect(db.asked[0]!.sort()).toEqual(['a', 'b']);
    expect(woken.sort()).toEqual(['a', 'a2']);
  });

  it('at rest it looks once per idle interval, and then when the earliest delayed job it saw falls due', async () => {
    let due = 400;
    const started = Date.now();
    const db = fakeLook(() => [{ name: 'q', dueInMs: due - (Date.now() - started) }]);
    const woken: number[] = [];
    watch = new DueWatch({ look: db.look, idleMs: 60_000, onError: (err) => expect.fail(String(err)) });
    watch.watch('q', () => woken.push(Date.now() - started));
    watch.start();
    await sleep(250);
    // Nothing due yet: one look, no wake-up, no look in between.
    expect(db.looks).toHaveLength(1);
    expect(woken).toEqual([]);
    await sleep(500);
    // The second look came at the due time (plus its slack), not after the idle minute, and woke the worker.
    expect(db.looks).toHaveLength(2);
    expect(db.looks[1]! - started).toBeGreaterThanOrEqual(400);
    expect(woken).toHaveLength(1);
    due = Infinity;
  });

  it('a job queued here with a delay brings the next look to its due time without a statement before it', async () => {
    let dueAt = Infinity;
    const db = fakeLook(() => (Date.now() >= dueAt ? [{ name: 'q', dueInMs: 0 }] : []));
    const woken: number[] = [];
    watch = new DueWatch({ look: db.look, idleMs: 60_000, onError: (err) => expect.fail(String(err)) });
    watch.watch('q', () => woken.push(Date.now()));
    watch.start();
    await sleep(50);
    expect(db.looks).toHaveLength(1);
    dueAt = Date.now() + 300;
    watch.dueAt('q', dueAt);
    // A queue no one here works on changes nothing.
    watch.dueAt('other', Date.now());
    await sleep(150);
    expect(db.looks).toHaveLength(1);
    await sleep(400);
    expect(db.looks).toHaveLength(2);
    expect(db.looks[1]!).toBeGreaterThanOrEqual(dueAt);
    expect(woken).toHaveLength(1);
  });

  it('a failed look is reported and the watch goes on', async () => {
    let fail = true;
    const errors: unknown[] = [];
    const db = fakeLook(() => {
      if (fail) throw new Error('database gone');
      return [{ name: 'q', dueInMs: 0 }];
    });
    const woken: number[] = [];
    watch = new DueWatch({ look: db.look, idleMs: 200, onError: (err) => errors.push(err) });
    watch.watch('q', () => woken.push(Date.now()));
    watch.start();
    await sleep(100);
    expect(errors).toHaveLength(1);
    fail = false;
    await sleep(250);
    expect(woken.length).toBeGreaterThanOrEqual(1);
  });
});
