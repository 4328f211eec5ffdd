import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SETTINGS_MESSAGES, type TripSettings, type UserRouteSetting, type tripSettingsForm, type userRouteSettingForm } from '@milepost/contracts/settings-api';
import type { Db } from '../../db/client';
import { globalSettings, userRouteSettings } from '../../db/schema/reference';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import { saveSettingsSwitches, settingsProviderFields, type ProviderName } from '../telematics';

const settingColumns = {
  id: globalSettings.id,
  homeRadius: globalSettings.homeRadius,
  shopRadius: globalSettings.shopRadius,
  pickupRadius: globalSettings.pickupRadius,
  trailerRadius: globalSettings.trailerRadius,
  deliveryRadius: globalSettings.deliveryRadius,
  type: globalSettings.type,
};
type SettingsRow = { [K in keyof typeof settingColumns]: (typeof globalSettings.$inferSelect)[K] };

/**
 * The wire answer: the row's radii and type with its provider switches in between, in the spec's
 * field names — the switches live in the telematics module (settings_providers).
 */
async function toSettings(db: Pick<Db, 'select' | 'insert'>, { type, ...radii }: SettingsRow): Promise<TripSettings> {
  const switches = (await settingsProviderFields(db, [radii.id])).get(radii.id)!;
  return { ...radii, ...switches, type: type as TripSettings['type'] };
}

export async function settingsByType(db: Db, type: string): Promise<TripSettings> {
  const [row] = await db.select(settingColumns).from(globalSettings).where(eq(globalSettings.type, type));
  if (!row) throw new AppError('NOT_FOUND', SETTINGS_MESSAGES.notFound);
  return toSettings(db, row);
}

/** The telematics providers whose trip-settings switch a save turned on or off. */
export type SwitchedProviders = ProviderName[];

/** The row's own fields of a settings form (its switches go to the telematics module). */
const ownFields = (input: z.output<typeof tripSettingsForm>) => ({
  homeRadius: input.homeRadius,
  shopRadius: input.shopRadius,
  pickupRadius: input.pickupRadius,
  trailerRadius: input.trailerRadius,
  deliveryRadius: input.deliveryRadius,
  type: input.type,
});

/** Creates the settings of a type; `switched` names the providers the TRIP settings turn on (none before). */
export async function createSettings(db: Db, input: z.output<typeof tripSettingsForm>): Promise<{ settings: TripSettings; switched: SwitchedProviders }> {
  return conflictOnDuplicate(SETTINGS_MESSAGES.alreadyExist, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(globalSettings).values(ownFields(input)).returning(settingColumns);
      const changed = await saveSettingsSwitches(tx, row!.id, input);
      const settings = await toSettings(tx, row!);
      return { settings, switched: settings.type === 'TRIP' ? changed : [] };
    }),
  );
}

/** Saves settings; `switched` names the providers whose TRIP switch the save changed (the Mileage Review's actual source follows them). */
export async function updateSettings(db: Db, id: number, input: z.output<typeof tripSettingsForm>): Promise<{ settings: TripSettings; switched: SwitchedProviders }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(globalSettings)
      .set({ ...ownFields(input), updatedAt: sql`now()` })
      .where(eq(globalSettings.id, id))
      .returning(settingColumns);
    if (!row) throw new AppError('NOT_FOUND', SETTINGS_MESSAGES.notFound);
    const changed = await saveSettingsSwitches(tx, id, input);
    const settings = await toSettings(tx, row);
    return { settings, switched: settings.type === 'TRIP' ? changed : [] };
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
