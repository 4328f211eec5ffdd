import { z } from 'zod';
import { DECIMAL, ID_MAX } from './list-query';

/**
 * The field types every contract schema is built from, so each rule holds everywhere at once
 * (docs/decisions/009-input-types.md): ids are positive 32-bit integers, texts are trimmed, have
 * a maximum length and never carry a NUL character (PostgreSQL cannot store one) nor, but for
 * the line breaks and tabs of a multi-line note, any other control character; numbers in a
 * text are read in plain decimal notation only.
 */

const DIGITS = /^\d+$/;

/**
 * One id: a whole number from 1 to 2 147 483 647. In paths and query strings it arrives as a
 * digit string ("42"); `true`, `[1]`, "0x10", "1e3", "4.0" or " 7" are not ids.
 */
export const id = (message = `Must be a whole number from 1 to ${ID_MAX}`) =>
  z.preprocess((v) => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v), z.number({ message }).int(message).min(1, message).max(ID_MAX, message));

/** An optional id: empty, null or 0 becomes null. */
export const optionalId = (message?: string) => z.preprocess((v) => (v === '' || v === 0 || v === undefined ? null : v), id(message).nullable());

/** The `version` a form was loaded at (optimistic concurrency). */
export const version = (message = 'version must be a whole number from 1 to 2147483647') => z.number({ message }).int(message).min(1, message).max(ID_MAX, message);

/** `:id` in a path. */
export const idParam = z.object({ id: id(`id must be a whole number from 1 to ${ID_MAX}`) });

/** True when a text has no NUL character (PostgreSQL cannot store one). */
export const hasNoNul = (v: string) => !v.includes(String.fromCharCode(0));

/** Longest first or last name of a person (users, dispatchers, drivers synced from a provider). */
export const PERSON_NAME_MAX = 100;

/** The message of the maximum length, the same for every text. */
export const tooLongMessage = (field: string, max: number) => `${field} must be at most ${max} characters`;
export const nulMessage = (field: string) => `${field} must not contain a NUL character`;

/** The message of a control character: none at all on one line, none but line breaks and tabs in a note. */
export const controlMessage = (field: string, lines: TextLines = 'one') =>
  lines === 'one' ? `${field} must not contain line breaks, tabs or other control characters` : `${field} must not contain control characters other than line breaks and tabs`;

/**
 * Control characters no name, number or address a person types carries: C0 and C1 controls,
 * DEL, the line and paragraph separators and the byte order mark (the set the provider data is
 * cleaned of, apps/api/src/modules/telematics/edge.ts). A line break in a name splits a row of
 * a CSV export for a careless reader, and a formula may ride on it (docs/decisions/009-input-types.md).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
/** The same but for the line breaks (CR, LF) and tabs a multi-line note may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

/** One line (names, numbers, addresses) or many (a note typed in a multi-line box). */
export type TextLines = 'one' | 'many';

/** What a typed text may hold: never a NUL (its own message: PostgreSQL cannot store one), and no other control character but a note's line breaks and tabs. */
const typedCharacters = (field: string, lines: TextLines) => (v: string, ctx: z.RefinementCtx) => {
  if (!hasNoNul(v)) ctx.addIssue({ code: 'custom', message: nulMessage(field) });
  else if ((lines === 'one' ? CONTROL_CHARACTER : CONTROL_CHARACTER_BUT_LINES).test(v)) ctx.addIssue({ code: 'custom', message: controlMessage(field, lines) });
};

/** Refines a text schema the shared fields are not built on (a phone, a search) by the same rule. */
export const typedText = <T extends z.ZodString>(schema: T, field: string, lines: TextLines = 'one') => schema.superRefine(typedCharacters(field, lines));

/** A text as typed, not trimmed (passwords, tokens): at most `max` characters, no NUL. */
export const rawText = (field: string, max: number, message?: string) =>
  z
    .string(message ? { message } : undefined)
    .max(max, tooLongMessage(field, max))
    .refine(hasNoNul, nulMessage(field));

/** A trimmed text that may be empty: at most `max` characters, no NUL, no control character (but a note's line breaks and tabs). */
export const text = (field: string, max: number, message?: string, lines: TextLines = 'one') =>
  typedText(
    z
      .string(message ? { message } : undefined)
      .trim()
      .max(max, tooLongMessage(field, max)),
    field,
    lines,
  );

/** A required, trimmed text on one line; `message` (the spec's text) when missing or blank. */
export const requiredText = (field: string, max: number, message = `${field} is required`, tooLong = tooLongMessage(field, max)) =>
  typedText(z.string({ message }).trim().min(1, message).max(max, tooLong), field);

/** An optional text: empty becomes null. */
export const optionalText = (field: string, max: number, lines: TextLines = 'one') =>
  text(field, max, undefined, lines)
    .nullish()
    .transform((v) => v || null);

/** A search keyword or similar filter in a query string. */
export const queryText = (field: string, max = 100) => text(field, max).optional();

/**
 * A text read as a number only in plain decimal notation (DECIMAL, list-query.ts); any other
 * text ("0x10", "1e1", " 7", "", "Infinity") is returned as it was, for the schema to refuse as
 * not a number. `Number()` alone reads "0x10" as 16, "1e1" as 10 and "" as 0.
 */
export const decimalText = (v: string): number | string => (DECIMAL.test(v) ? Number(v) : v);

/** A number in a query string or form: a decimal text is read, anything else refused by `schema`. */
export const decimalNumber = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' ? decimalText(v) : v), schema);

/** A number within bounds, with one message for a missing or wrong one. */
export const boundedNumber = (field: string, opts: { min: number; max: number; int?: boolean; message?: string }) => {
  const message = opts.message ?? `${field} must be a number from ${opts.min} to ${opts.max}`;
  const n = z
    .number({ message })
    .min(opts.min, opts.message ?? message)
    .max(opts.max, opts.message ?? message);
  return opts.int ? n.int(message) : n;
};

export const latitude = z.number({ message: 'Latitude must be a number' }).min(-90).max(90);
export const longitude = z.number({ message: 'Longitude must be a number' }).min(-180).max(180);
