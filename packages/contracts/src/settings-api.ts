import { z } from 'zod';
import { decimalText, id } from './fields';
import { DISTANCE_UNITS, ROUTING_TYPES, TRAILER_TYPES } from './route-settings';

export const SETTINGS_MESSAGES = {
  notFound: 'Settings not found.',
  alreadyExist: 'Settings of this type already exist.',
  routeSettingNotFound: 'Route settings not found.',
  otherUser: 'You can only read and change your own route settings.',
} as const;

export const GLOBAL_SETTING_TYPES = ['TRIP'] as const;
export const globalSettingTypeQuery = z.object({ type: z.enum(GLOBAL_SETTING_TYPES).default('TRIP') });

/** The largest radius, in miles. */
export const MAX_RADIUS_MILES = 1000;
/**
 * Every radius must be present (a save carries every field); the form's empty input ('') reads
 * as 0. A negative one is refused with the spec's message, a huge one with its own.
 */
const radius = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? 0 : typeof v === 'string' ? decimalText(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} radius is required` : `${label} radius must be a number`) })
      .min(0, `${label} radius must be positive`)
      .max(MAX_RADIUS_MILES, `${label} radius must be at most ${MAX_RADIUS_MILES.toLocaleString('en-US')} miles`),
  );

export const tripSettingsForm = z.object({
  homeRadius: radius('Home'),
  shopRadius: radius('Shop'),
  pickupRadius: radius('Pickup'),
  trailerRadius: radius('Trailer'),
  deliveryRadius: radius('Delivery'),
  samsaraEnabled: z.boolean({ message: 'samsaraEnabled is required' }),
  gleEnabled: z.boolean({ message: 'gleEnabled is required' }),
  type: z.enum(GLOBAL_SETTING_TYPES).default('TRIP'),
});
export type TripSettingsForm = z.input<typeof tripSettingsForm>;

export const tripSettings = z.object({
  id: z.number().int(),
  homeRadius: z.number(),
  shopRadius: z.number(),
  pickupRadius: z.number(),
  trailerRadius: z.number(),
  deliveryRadius: z.number(),
  samsaraEnabled: z.boolean(),
  gleEnabled: z.boolean(),
  type: z.enum(GLOBAL_SETTING_TYPES),
});
export type TripSettings = z.infer<typeof tripSettings>;

export const userRouteSettingForm = z.object({
  userId: id(),
  trailerType: z.preprocess((v) => (v === '' ? null : v), z.enum(TRAILER_TYPES).nullable()).default(null),
  routingType: z.enum(ROUTING_TYPES),
  distanceUnit: z.enum(DISTANCE_UNITS),
});
export type UserRouteSettingForm = z.input<typeof userRouteSettingForm>;

export const userRouteSetting = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  trailerType: z.enum(TRAILER_TYPES).nullable(),
  routingType: z.enum(ROUTING_TYPES),
  distanceUnit: z.enum(DISTANCE_UNITS),
});
export type UserRouteSetting = z.infer<typeof userRouteSetting>;
