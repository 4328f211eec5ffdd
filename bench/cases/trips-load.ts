import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { roles, users } from '../../apps/api/src/db/schema/access';
import type { BenchServer, Figure } from '../lib';
import { loadAgainstDatabase, ownerHeaders } from '../load';
import { generate } from './trips';

/**
 * The default trips page (docs/trips-query-plans.md "The default page under load", "The API's own cost") (`GET /trips?page=0&size=50`) at a
 * million trips, under load, next to the same queries run straight against the database
 * (bench/load.ts, docs/trips-query-plans.md). PostgreSQL only:
 * `BENCH_ENGINES=postgres npm run bench -- trips-load`; `BENCH_TRIPS=100000` for a quicker run
 * (the default view counts nothing past 20 000 trips, so its page costs the same);
 * `BENCH_DATABASE_CPUS=1` with PostgreSQL on a CPU of its own, the database the limit
 * (docs/trips-query-plans.md "The database as the limit").
 */
const PAGE = '/trips?page=0&size=50';
const TRIPS = Number(process.env.BENCH_TRIPS ?? 1_000_000);

type Rows<T> = { rows: T[] };

export async function tripsLoadCase(server: BenchServer): Promise<Figure[]> {
  if (server.engine !== 'postgres') {
    console.log('  PostgreSQL only (the issue measures one instance on PostgreSQL)');
    return [];
  }
  const { db } = server.database;
  const have = ((await db.execute(sql`select count(*)::int as n from trips`)) as unknown as Rows<{ n: number }>).rows[0]!.n;
  if (have === 0) await generate(server);
  else if (have !== TRIPS) throw new Error(`the database holds ${have} trips, not ${TRIPS}`);

  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  await db
    .insert(users)
    .values({ email: 'bench-load@example.test', firstName: 'Bench', lastName: 'Load', roleId: owner!.id, passwordHash: await hashPassword('bench-password-1') })
    .onConflictDoNothing();
  const headers = await ownerHeaders(server, 'bench-load@example.test');
  return loadAgainstDatabase(server, { label: `GET ${PAGE}, ${TRIPS.toLocaleString('en-US')} trips`, path: PAGE, headers });
}
