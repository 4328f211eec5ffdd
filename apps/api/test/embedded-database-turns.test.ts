import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { usePostgres } from './harness';

/**
 * The embedded database answers inside this process (src/db/client.ts `givesTurns`): a job's long
 * loop of statements must still let timers, requests and signals run between its statements.
 */
// The embedded database only (the PostgreSQL run of the suite would repeat it as it is).
describe.runIf(!usePostgres())('the embedded database lets the event loop turn between statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database.close();
  });

  async function timerLateness(loop: () => Promise<void>): Promise<{ lateMs: number; loopMs: number }> {
    const started = Date.now();
    let firedAt = 0;
    const timer = sleep(5).then(() => (firedAt = Date.now()));
    await loop();
    const loopMs = Date.now() - started;
    await timer;
    return { lateMs: firedAt - started - 5, loopMs };
  }

  it('a timer set before a loop of statements fires during the loop, not after it', async () => {
    const { lateMs, loopMs } = await timerLateness(async () => {
      const until = Date.now() + 400;
      while (Date.now() < until) await database.db.execute(sql`select 1`);
    });
    expect(loopMs).toBeGreaterThanOrEqual(400);
    expect(lateMs).toBeLessThan(100);
  });

  it('and during a loop of transactions (a job computing trip after trip)', async () => {
    const { lateMs, loopMs } = await timerLateness(async () => {
      const until = Date.now() + 400;
      while (Date.now() < until) await database.db.transaction(async (tx) => void (await tx.execute(sql`select 1`)));
    });
    expect(loopMs).toBeGreaterThanOrEqual(400);
    expect(lateMs).toBeLessThan(100);
  });
});
