import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { COMPANY_MESSAGES, type CompanyRow, type companyForm, type companyListQuery, type companyTokensUpdate, type companyUpdate } from '@milepost/contracts/companies-api';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/reference';
import { refreshCompanyReviews, writePayRule } from '../mileage-review';
import { companyProviderFields, openProviderTokens, saveProviderSwitches, sealProviderTokens, type CompanyProviderFields } from '../telematics';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import { likePattern, orderBy, toPage } from '../../platform/paging';
import type { SecretBox } from '../../platform/secret-box';
import { setActiveAtVersion } from '../../platform/status';

/**
 * The company's own columns; each telematics provider's switch and token hint (never the sealed
 * token) come from the telematics module in the spec's wire fields (companyProviderFields).
 */
const rowColumns = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  usDot: companies.usDot,
  active: companies.active,
  createdAt: companies.createdAt,
  version: companies.version,
};
type OwnRow = { createdAt: Date } & Omit<CompanyRow, 'created' | keyof CompanyProviderFields>;

/** Company rows with their providers' fields (one query for the page). */
async function toRows(db: Db, own: OwnRow[]): Promise<CompanyRow[]> {
  const providers = await companyProviderFields(
    db,
    own.map((c) => c.id),
  );
  return own.map(({ createdAt, ...c }) => ({ ...c, ...providers.get(c.id)!, created: createdAt.toISOString() }));
}

export async function listCompanies(db: Db, q: z.output<typeof companyListQuery>): Promise<Paged<CompanyRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) {
    const like = likePattern(q.keyword);
    filters.push(or(ilike(companies.name, like), ilike(companies.email, like), ilike(companies.usDot, like)));
  }
  if (q.active !== undefined) filters.push(eq(companies.active, q.active));
  const where = and(...filters);
  const rows = db
    .select(rowColumns)
    .from(companies)
    .where(where)
    .orderBy(
      ...orderBy(
        q.sort,
        { id: companies.id, name: companies.name, email: companies.email, phone: companies.phone, usDot: companies.usDot, active: companies.active, created: companies.createdAt },
        companies.id,
      ),
    )
    .limit(q.size)
    .offset(q.page * q.size)
    .then((l) => toRows(db, l));
  const total = db
    .select({ n: count() })
    .from(companies)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

export async function getCompany(db: Db, id: number): Promise<CompanyRow> {
  const own = await db.select(rowColumns).from(companies).where(eq(companies.id, id));
  if (!own.length) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
  return (await toRows(db, own))[0]!;
}

export async function createCompany(db: Db, input: z.output<typeof companyForm>): Promise<CompanyRow> {
  const { name, email, phone, usDot } = input;
  const id = await conflictOnDuplicate(COMPANY_MESSAGES.duplicate, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(companies).values({ name, email, phone, usDot }).returning({ id: companies.id });
      await saveProviderSwitches(tx, row!.id, input);
      return row!.id;
    }),
  );
  return getCompany(db, id);
}

/**
 * Saves the company and, when the form changed it, its pay rule, in one transaction: a stale
 * company or a stale rule (409) saves neither. Answers the row and the rule's new version (the
 * caller queues the rule's recompute, as PUT /companies/{id}/pay-rule does).
 */
export async function updateCompany(db: Db, actorId: number, id: number, input: z.output<typeof companyUpdate>): Promise<{ row: CompanyRow; ruleVersion: number | null }> {
  let switched = false;
  let ruleVersion: number | null = null;
  await conflictOnDuplicate(COMPANY_MESSAGES.duplicate, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select({ version: companies.version }).from(companies).where(eq(companies.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
      if (input.version !== current.version) throw new AppError('STALE_VERSION', COMPANY_MESSAGES.stale);
      const { name, email, phone, usDot, payRule } = input;
      switched = await saveProviderSwitches(tx, id, input);
      if (payRule) ruleVersion = await writePayRule(tx, actorId, id, payRule);
      await tx
        .update(companies)
        .set({
          name,
          email,
          phone,
          usDot,
          updatedAt: sql`now()`,
          version: sql`${companies.version} + 1`,
        })
        .where(eq(companies.id, id));
    }),
  );
  // Whether the company runs an integration decides its trips' review (docs/mileage-review.md).
  if (switched) await refreshCompanyReviews(db, id);
  return { row: await getCompany(db, id), ruleVersion };
}

/**
 * Replaces every integration token, sealed with AES-256-GCM by the telematics module; only hints
 * are kept readable. A stale `version` is refused with 409 and changes nothing.
 */
export async function changeCompanyTokens(db: Db, box: SecretBox, id: number, input: z.output<typeof companyTokensUpdate>): Promise<CompanyRow> {
  const rows = await db.transaction(async (tx) => {
    const bumped = await tx
      .update(companies)
      .set({ updatedAt: sql`now()`, version: sql`${companies.version} + 1` })
      .where(and(eq(companies.id, id), eq(companies.version, input.version)))
      .returning({ id: companies.id });
    if (bumped.length) await sealProviderTokens(tx, box, id, input);
    return bumped;
  });
  if (!rows.length) {
    const [exists] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
    throw exists ? new AppError('STALE_VERSION', COMPANY_MESSAGES.stale) : new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
  }
  return getCompany(db, id);
}

/** The plaintext tokens, for the telematics integrations only; never for an API answer. */
export async function companyTokens(db: Db, box: SecretBox, id: number) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  if (!row) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
  return openProviderTokens(db, box, id);
}

/** Activates or deactivates a company at the version it was shown at; a stale one is refused with 409. */
export async function changeCompanyStatus(db: Db, id: number, input: { active: boolean; version: number }): Promise<CompanyRow> {
  await setActiveAtVersion(db, companies, id, input, { notFound: COMPANY_MESSAGES.notFound, stale: COMPANY_MESSAGES.stale });
  return getCompany(db, id);
}
