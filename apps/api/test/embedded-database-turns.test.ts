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

  /**
   * Runs `statement` for 400 ms (and at least 50 times) with a 5 ms timer set before the loop;
   * returns how many statements had run when the timer fired, and how many ran in all. Counted in
   * statements, not milliseconds, so a busy machine that pauses the process does not change it.
   */
  async function timerDuringLoop(statement: () => Promise<unknown>): Promise<{ firedAfter: number; total: number }> {
    let total = 0;
    let firedAfter = -1;
    const timer = sleep(5).then(() => (firedAfter = total));
    const until = Date.now() + 400;
    while (Date.now() < until || total < 50) {
      await statement();
      total++;
    }
    await timer;
    return { firedAfter, total };
  }

  it('a timer set before a loop of statements fires during the loop, not after it', async () => {
    const { firedAfter, total } = await timerDuringLoop(() => database.db.execute(sql`select 1`));
    expect(firedAfter).toBeGreaterThanOrEqual(0);
    expect(firedAfter).toBeLessThan(total);
  });

  it('and during a loop of transactions (a job computing trip after trip)', async () => {
    const { firedAfter, total } = await timerDuringLoop(() => database.db.transaction(async (tx) => void (await tx.execute(sql`select 1`))));
    expect(firedAfter).toBeGreaterThanOrEqual(0);
    expect(firedAfter).toBeLessThan(total);
  });
});
