import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SETTINGS_MESSAGES, type TripSettings, type UserRouteSetting, type tripSettingsForm, type userRouteSettingForm } from '@milepost/contracts/settings-api';
import type { Db } from '../../db/client';
import { globalSettings, userRouteSettings } from '../../db/schema/reference';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import type { ProviderName } from '../telematics';

const settingColumns = {
  id: globalSettings.id,
  homeRadius: globalSettings.homeRadius,
  shopRadius: globalSettings.shopRadius,
  pickupRadius: globalSettings.pickupRadius,
  trailerRadius: globalSettings.trailerRadius,
  deliveryRadius: globalSettings.deliveryRadius,
  samsaraEnabled: globalSettings.samsaraEnabled,
  gleEnabled: globalSettings.gleEnabled,
  type: globalSettings.type,
};
const toSettings = (row: Omit<TripSettings, 'type'> & { type: string }): TripSettings => ({ ...row, type: row.type as TripSettings['type'] });

export async function settingsByType(db: Db, type: string): Promise<TripSettings> {
  const [row] = await db.select(settingColumns).from(globalSettings).where(eq(globalSettings.type, type));
  if (!row) throw new AppError('NOT_FOUND', SETTINGS_MESSAGES.notFound);
  return toSettings(row);
}

/** The providers (Samsara, GLE) whose trip-settings switch a save turned on or off. */
export type SwitchedProviders = ProviderName[];

function switchedProviders(before: { samsaraEnabled: boolean; gleEnabled: boolean } | undefined, after: TripSettings): SwitchedProviders {
  if (after.type !== 'TRIP') return [];
  const was = before ?? { samsaraEnabled: false, gleEnabled: false };
  return [...(was.samsaraEnabled !== after.samsaraEnabled ? (['SAMSARA'] as const) : []), ...(was.gleEnabled !== after.gleEnabled ? (['GLE'] as const) : [])];
}

/** Creates the settings of a type; `switched` names the providers the TRIP settings turn on (none before). */
export async function createSettings(db: Db, input: z.output<typeof tripSettingsForm>): Promise<{ settings: TripSettings; switched: SwitchedProviders }> {
  const [row] = await conflictOnDuplicate(SETTINGS_MESSAGES.alreadyExist, () => db.insert(globalSettings).values(input).returning(settingColumns));
  const settings = toSettings(row!);
  return { settings, switched: switchedProviders(undefined, settings) };
}

/** Saves settings; `switched` names the providers whose TRIP switch the save changed (the Mileage Review's actual source follows them). */
export async function updateSettings(db: Db, id: number, input: z.output<typeof tripSettingsForm>): Promise<{ settings: TripSettings; switched: SwitchedProviders }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ samsaraEnabled: globalSettings.samsaraEnabled, gleEnabled: globalSettings.gleEnabled })
      .from(globalSettings)
      .where(eq(globalSettings.id, id))
      .for('update');
    const [row] = await tx
      .update(globalSettings)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(globalSettings.id, id))
      .returning(settingColumns);
    if (!before || !row) throw new AppError('NOT_FOUND', SETTINGS_MESSAGES.notFound);
    const settings = toSettings(row);
    return { settings, switched: switchedProviders(before, settings) };
  });
}

const routeColumns = {
  id: userRouteSettings.id,
  userId: userRouteSettings.userId,
  trailerType: userRouteSettings.trailerType,
  routingType: userRouteSettings.routingType,
  distanceUnit: userRouteSettings.distanceUnit,
};
const toRoute = (r: { id: number; userId: number; trailerType: string | null; routingType: string; distanceUnit: string }) => r as UserRouteSetting;

/** A user may only read and change their own route settings. */
function assertOwn(actorId: number, userId: number) {
  if (actorId !== userId) throw new AppError('FORBIDDEN', SETTINGS_MESSAGES.otherUser);
}

export async function routeSettingOf(db: Db, actorId: number, userId: number): Promise<UserRouteSetting> {
  assertOwn(actorId, userId);
  const [row] = await db.select(routeColumns).from(userRouteSettings).where(eq(userRouteSettings.userId, userId));
  if (!row) throw new AppError('NOT_FOUND', SETTINGS_MESSAGES.routeSettingNotFound);
  return toRoute(row);
}

export async function createRouteSetting(db: Db, actorId: number, input: z.output<typeof userRouteSettingForm>): Promise<UserRouteSetting> {
  assertOwn(actorId, input.userId);
  // Creating twice (two tabs finding none at once) simply updates the one row.
  const [row] = await db
    .insert(userRouteSettings)
    .values(input)
    .onConflictDoUpdate({
      target: userRouteSettings.userId,
      set: { trailerType: input.trailerType, routingType: input.routingType, distanceUnit: input.distanceUnit, updatedAt: sql`now()` },
    })
    .returning(routeColumns);
  return toRoute(row!);
}

export async function updateRouteSetting(db: Db, actorId: number, id: number, input: z.output<typeof userRouteSettingForm>): Promise<UserRouteSetting> {
  assertOwn(actorId, input.userId);
  const [row] = await db
    .update(userRouteSettings)
    .set({ trailerType: input.trailerType, routingType: input.routingType, distanceUnit: input.distanceUnit, updatedAt: sql`now()` })
    .where(sql`${userRouteSettings.id} = ${id} and ${userRouteSettings.userId} = ${actorId}`)
    .returning(routeColumns);
  if (!row) throw new AppError('NOT_FOUND', SETTINGS_MESSAGES.routeSettingNotFound);
  return toRoute(row);
}
