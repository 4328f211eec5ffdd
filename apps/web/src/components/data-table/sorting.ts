import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';

/**
 * Sort state <-> the API's `sort=<field>,<asc|desc>` parameter (also the URL's `sort` search
 * param). Column ids are the server's sort field names.
 */
export function sortingToParam(sorting: SortingState): string | undefined {
  const first = sorting[0];
  return first ? `${first.id},${first.desc ? 'desc' : 'asc'}` : undefined;
}

export function paramToSorting(param: string | undefined): SortingState {
  if (!param) return [];
  const [id = '', dir = 'asc'] = param.split(',');
  return id ? [{ id, desc: dir === 'desc' }] : [];
}

/**
 * A validated `sort` search param: `<field>,<asc|desc>` with a field from `fields`;
 * anything else (a stale link, a hand-edited URL) falls back to no sort.
 */
export function sortSearchParam<const F extends readonly string[]>(fields: F) {
  return z
    .string()
    .refine((value) => {
      const [field = '', dir = ''] = value.split(',');
      return fields.includes(field) && (dir === 'asc' || dir === 'desc');
    })
    .optional()
    .catch(undefined);
}

/** A validated id search param (a linked truck, driver…): a positive whole number, else absent. */
export const idSearchParam = z.coerce.number().int().positive().optional().catch(undefined);

/** A validated date search param in the wire format MM/DD/YYYY HH:mm:ss, else absent. */
export const wireDateSearchParam = z
  .string()
  .regex(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)
  .optional()
  .catch(undefined);

/** A validated keyword search param: trimmed, at most 200 characters, empty means absent. */
export const keywordSearchParam = z
  .string()
  .trim()
  .max(200)
  .transform((value) => value || undefined)
  .optional()
  .catch(undefined);
