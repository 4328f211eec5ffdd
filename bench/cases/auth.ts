import { hashPassword } from '../../apps/api/src/platform/crypto';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { eq } from 'drizzle-orm';
import { measure, type BenchServer, type Figure } from '../lib';

/** Sign-in (argon2id verify dominates, by design) and GET /me (one query per request). */
export async function authCase(server: BenchServer): Promise<Figure[]> {
  const { db } = server.database;
  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  const password = 'bench-password-1';
  await db.insert(users).values({ email: 'bench@example.test', firstName: 'Bench', lastName: 'User', roleId: owner!.id, passwordHash: await hashPassword(password) });

  const signIn = async () => {
    const res = await fetch(`${server.url}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.test', password }),
    });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
    return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  };
  const login = await measure(40, async () => void (await signIn()));
  const token = await signIn();
  const me = await measure(
    300,
    async () => {
      const res = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`me: ${res.status}`);
      await res.arrayBuffer();
    },
    20,
  );
  return [
    { case: 'POST /authenticate (argon2id 19 MiB, t=2)', engine: server.engine, ...login },
    { case: 'GET /me', engine: server.engine, ...me },
  ];
}
