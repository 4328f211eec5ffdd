import { z } from 'zod';

/** A required, trimmed text with the spec's message. */
export const requiredText = (message: string, max = 200) =>
  z.string({ message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** An optional text: empty becomes null. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** An optional id: empty, null or 0 becomes null. */
export const optionalId = z.preprocess(
  (v) => (v === '' || v === 0 || v === undefined ? null : v),
  z.coerce.number().int().positive().nullable(),
);

export const latitude = z.number({ message: 'Latitude must be a number' }).min(-90).max(90);
export const longitude = z.number({ message: 'Longitude must be a number' }).min(-180).max(180);
