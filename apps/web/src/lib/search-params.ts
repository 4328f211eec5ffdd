import { ID_MAX, WIRE_DATE_TIME_PATTERN } from '@milepost/contracts/list-query';
import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * Readers of the URL's search params for every route's `validateSearch`. The route tree loads
 * with every screen, the sign-in screen too, so these are plain functions, not zod schemas
 * (docs/decisions/013-first-screen-loads-fast.md). Each reader is lenient: a value it does not
 * accept (a stale link, a hand-edited URL) reads as absent, and the screen shows its default.
 */

/** One param: the value the router parsed from the URL (a string, number, boolean…) → the value, or undefined. */
export type ParamReader<T> = (value: unknown) => T;

const hasNul = (value: string) => value.includes(String.fromCharCode(0));

/**
 * A text without NUL, of at most `max` characters when given. Trimmed by default, and then empty
 * means absent; `trim: false` keeps it as given (a picked option's label, a link's token).
 */
export function textParam({ max = Number.POSITIVE_INFINITY, trim = true }: { max?: number; trim?: boolean } = {}): ParamReader<string | undefined> {
  return (value) => {
    if (typeof value !== 'string') return undefined;
    const text = trim ? value.trim() : value;
    if (text.length > max || hasNul(text)) return undefined;
    return trim && text === '' ? undefined : text;
  };
}

/** A search keyword: trimmed, at most 200 characters, empty means absent. */
export const keywordParam = textParam({ max: 200 });

/** An id (a linked truck, driver…): a whole number from 1 to ID_MAX, as a number or a digit string. */
export const idParam: ParamReader<number | undefined> = (value) => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= ID_MAX ? n : undefined;
};

/** One of `values`, else absent. */
export function oneOfParam<const V extends readonly string[]>(values: V): ParamReader<V[number] | undefined> {
  return (value) => (typeof value === 'string' && values.includes(value) ? (value as V[number]) : undefined);
}

/** true or false, else absent. */
export const booleanParam: ParamReader<boolean | undefined> = (value) => (typeof value === 'boolean' ? value : undefined);

/** A date-time in the wire format MM/DD/YYYY HH:mm:ss, else absent. */
export const wireDateParam: ParamReader<string | undefined> = (value) => (typeof value === 'string' && WIRE_DATE_TIME_PATTERN.test(value) ? value : undefined);

/** `<field>,<asc|desc>` with a field from `fields` (a list's sort fields from contracts), else absent (no sort). */
export function sortParam(fields: readonly string[]): ParamReader<string | undefined> {
  return (value) => {
    if (typeof value !== 'string') return undefined;
    const [field = '', dir = ''] = value.split(',');
    return fields.includes(field) && (dir === 'asc' || dir === 'desc') ? value : undefined;
  };
}

/** A reader that never gives undefined: `fallback` stands for an absent or unknown value. */
export function withDefault<T>(read: ParamReader<T | undefined>, fallback: T): ParamReader<T> {
  return (value) => read(value) ?? fallback;
}

type Readers = Record<string, ParamReader<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] };
type OptionalKeys<R extends Readers> = { [K in keyof R]: undefined extends ReturnType<R[K]> ? K : never }[keyof R];

/** What a route's search reads as: params whose reader may give undefined are optional. */
export type SearchOf<R extends Readers> = Flat<{ [K in OptionalKeys<R>]?: ReturnType<R[K]> } & { [K in Exclude<keyof R, OptionalKeys<R>>]: ReturnType<R[K]> }>;

/**
 * A route's `validateSearch` from one reader per param. Params the URL does not have stay absent
 * (unless their reader has a default); other params of the URL are dropped. Links and navigations
 * may leave any param out.
 */
export function searchReader<R extends Readers>(readers: R) {
  return (search: Partial<SearchOf<R>> & SearchSchemaInput): SearchOf<R> => readSearch(readers, search);
}

/** The search params `raw` (as the router parsed them from the URL) read by `readers`. */
export function readSearch<R extends Readers>(readers: R, raw: Record<string, unknown>): SearchOf<R> {
  const out: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(readers)) {
    const value = read(raw[key]);
    if (key in raw || value !== undefined) out[key] = value;
  }
  return out as SearchOf<R>;
}
