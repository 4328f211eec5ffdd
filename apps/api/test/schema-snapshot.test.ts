import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import * as access from '../src/db/schema/access';
import * as ifta from '../src/db/schema/ifta';
import * as mileageReview from '../src/db/schema/mileage-review';
import * as platform from '../src/db/schema/platform';
import * as reference from '../src/db/schema/reference';
import * as routing from '../src/db/schema/routing';
import * as telematics from '../src/db/schema/telematics';
import * as tripStatistics from '../src/db/schema/trip-statistics';
import * as trips from '../src/db/schema/trips';

/**
 * The newest snapshot in drizzle/meta is the schema of src/db/schema (apps/api/drizzle/README.md):
 * `npm run db:generate` then diffs a schema change against today's tables, not against an older
 * state, and a schema change without its migration's snapshot fails here.
 */
const drizzleDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

describe('drizzle schema snapshot', () => {
  it('the newest snapshot in drizzle/meta matches src/db/schema and belongs to the newest migration', async () => {
    const snapshots = readdirSync(path.join(drizzleDir, 'meta'))
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort();
    const newest = snapshots.at(-1)!;
    const journal = JSON.parse(readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
    expect(newest.slice(0, 4)).toBe(journal.entries.at(-1)!.tag.slice(0, 4));
    const kept = JSON.parse(readFileSync(path.join(drizzleDir, 'meta', newest), 'utf8')) as DrizzleSnapshotJSON;
    const current = generateDrizzleJson(
      { ...access, ...ifta, ...mileageReview, ...platform, ...reference, ...routing, ...telematics, ...tripStatistics, ...trips },
      kept.id,
      undefined,
      'snake_case',
    );
    expect(await generateMigration(kept, current)).toEqual([]);
  });
});
