import { sql } from 'drizzle-orm';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { eq } from 'drizzle-orm';
import { measure, type BenchServer, type Figure } from '../lib';

const USERS = 100_000;
const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Aziz',
  'Dilnoza',
  'Oleksandr',
  'Nguyen',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Karimov',
  'Tashkentov',
  'Kowalski',
  'Okafor',
];
const KEYWORDS = ['smith', 'maria', 'jo', 'garcia 4', 'robert brown', 'user1234', 'ez', 'okafor', 'nobody-matches-this', 'a'];
const SORTS = ['', 'id,desc', 'firstName,asc', 'firstName,desc', 'lastName,asc', 'lastName,desc', 'phone,asc', 'role,asc', 'role,desc', 'active,desc', 'created,desc'];

/** 100 000 users generated in SQL; a page of 50 with a keyword search and any sort. */
export async function usersCase(server: BenchServer): Promise<Figure[]> {
  const { db } = server.database;
  const allRoles = await db.select({ id: roles.id }).from(roles);
  const roleIds = `{${allRoles.map((r) => r.id).join(',')}}`;
  const first = `{${FIRST.join(',')}}`;
  const last = `{${LAST.join(',')}}`;
  await db.execute(sql`
    insert into users (email, first_name, last_name, phone, role_id, active, created_at, updated_at)
    select 'user' || g || '@fleet' || (g % 97) || '.example',
           (${first}::text[])[1 + g % ${FIRST.length}],
           -- last names independent of first names, with some double-barrelled ones
           (${last}::text[])[1 + (g / ${FIRST.length}) % ${LAST.length}]
             || case when g % 7 = 0 then '-' || (${last}::text[])[1 + (g / 5) % ${LAST.length}] else '' end,
           case when g % 4 = 0 then null else '+1 (312) 555-' || lpad((g % 10000)::text, 4, '0') end,
           (${roleIds}::int[])[1 + g % ${allRoles.length}],
           g % 10 <> 0,
           now() - make_interval(mins => g),
           now()
    from generate_series(1, ${USERS}) g`);
  // As autovacuum would have done on a live table.
  await db.execute(sql`vacuum analyze users`);

  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  await db
    .insert(users)
    .values({ email: 'bench-admin@example.test', firstName: 'Bench', lastName: 'Admin', roleId: owner!.id, passwordHash: await hashPassword('bench-password-1') });
  const login = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-admin@example.test', password: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;

  const cases: string[] = [];
  for (const k of KEYWORDS) for (const s of SORTS) cases.push(`keyword=${encodeURIComponent(k)}${s ? `&sort=${s}` : ''}`);
  const get = async (i: number) => {
    const res = await fetch(`${server.url}/api/v1/users?size=50&${cases[i % cases.length]}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`users: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const keywordRun = await measure(cases.length * 3, get, 10);
  const noKeyword = await measure(SORTS.length * 10, async (i) => {
    const res = await fetch(`${server.url}/api/v1/users?size=50&page=${i % 7}${SORTS[i % SORTS.length] ? `&sort=${SORTS[i % SORTS.length]}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`users: ${res.status}`);
    await res.arrayBuffer();
  });
  return [
    { case: `GET /users, ${USERS.toLocaleString('en-US')} users, page of 50, keyword + any sort`, engine: server.engine, ...keywordRun, target: 'p95 < 50 ms' },
    { case: `GET /users, ${USERS.toLocaleString('en-US')} users, page of 50, no keyword, any sort`, engine: server.engine, ...noKeyword, target: 'p95 < 50 ms' },
  ];
}
