import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import type { CompanyRow } from '@milepost/contracts/companies-api';
import type { Database } from '../src/db/client';
import { companyProviders } from '../src/db/schema/telematics';
import { openProviderTokens } from '../src/modules/telematics/company-providers';
import { providerFor } from '../src/modules/telematics/registry';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn, createTripSettings } from './factories';

/**
 * Migration 0024 (docs/decisions/022-provider-links.md): each provider's switch and sealed token move from columns of
 * `companies` to rows of `company_providers`, in place. A company written the old way reads the
 * same through the companies API (the spec's samsaraEnabled, gleTokenHint, … on the wire), and its
 * sealed token still opens for the sync.
 */
let ctx: TestContext;
let token: string;
const ids: Record<string, number> = {};

// The tokens were sealed with this key (the app's own key is made after the seed; the registry is given this one).
const box = createSecretBox('a-test-key-for-migration-0024-!!');

async function seedOldCompanies(database: Database) {
  const one = async (text: string, values: unknown[]) => ((await database.executeSql(text, values)).rows[0] as { id: number }).id;
  ids.both = await one(
    `insert into companies (name, email, phone, us_dot, samsara_enabled, gle_enabled, samsara_token_encrypted, samsara_token_hint, gle_token_encrypted, gle_token_hint)
     values ('Both Co', 'ops@both.test', '+1 (312) 555-0100', '1', true, false, $1, '•••• 4f2a', $2, '•••• 9c1d') returning id`,
    [box.seal('samsara-old-4f2a'), box.seal('gle-old-9c1d')],
  );
  ids.none = await one(`insert into companies (name, email, phone, us_dot) values ('None Co', 'ops@none.test', '+1 (312) 555-0101', '2') returning id`, []);
}

beforeAll(async () => {
  ctx = await createTestContext({}, { before: { tag: '0024_company_providers', seed: seedOldCompanies } });
  await createTripSettings(ctx.db, { type: 'TRIP', pickupRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });
  token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
});
afterAll(() => ctx.close());

const company = async (id: number) => {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1/companies/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CompanyRow }).data;
};

describe('migration 0024: company providers', () => {
  it('moves switches, sealed tokens and hints in place; the wire fields read as before', async () => {
    expect(await company(ids.both!)).toMatchObject({ samsaraEnabled: true, gleEnabled: false, samsaraTokenHint: '•••• 4f2a', gleTokenHint: '•••• 9c1d' });
    expect(await company(ids.none!)).toMatchObject({ samsaraEnabled: false, gleEnabled: false, samsaraTokenHint: null, gleTokenHint: null });
    const rows = await ctx.db.select().from(companyProviders).orderBy(companyProviders.companyId, companyProviders.provider);
    expect(rows.map((r) => `${r.companyId} ${r.provider} ${r.enabled}`)).toEqual([`${ids.both} GLE false`, `${ids.both} SAMSARA true`]);
  });

  it('keeps the sealed tokens usable: the sync opens them, and a switched-off provider stays off', async () => {
    expect(await openProviderTokens(ctx.db, box, ids.both!)).toEqual({ samsaraToken: 'samsara-old-4f2a', gleToken: 'gle-old-9c1d' });
    expect(await openProviderTokens(ctx.db, box, ids.none!)).toEqual({ samsaraToken: null, gleToken: null });
    const telematics = { ...ctx.deps.telematics, secretBox: box };
    expect((await providerFor(telematics, ids.both!, 'SAMSARA')).enabled).toBe(true);
    expect(await providerFor(telematics, ids.both!, 'GLE')).toEqual({ enabled: false, reason: 'GLE is switched off for this company.' });
    expect(await providerFor(telematics, ids.none!, 'SAMSARA')).toEqual({ enabled: false, reason: 'Samsara is switched off for this company.' });
  });
});

describe('the companies module', () => {
  it('names no telematics provider: switches, tokens and hints go through the telematics registry (PROVIDER_WIRE)', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const dir = new URL('../src/modules/companies/', import.meta.url);
    const files = await readdir(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(await readFile(new URL(file, dir), 'utf8'), file).not.toMatch(/samsara|\bgle/i);
  });
});
