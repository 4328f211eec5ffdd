import { z } from 'zod';
import { idParam } from './fields';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type Paged } from './list-query';

/** A page of a list (declared with the paging values in list-query.ts). */
export type { Paged };

export { idParam };

/** Every successful response is wrapped as `{ data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** One error contract for every failure. */
export const errorBody = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A whole number in a query string: digits only ("12"), or a number. */
const wholeQueryNumber = (name: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ message: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(min, min === 0 ? `${name} must be 0 or more` : `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`),
  );

export const pageQuery = z.object({
  page: wholeQueryNumber('page', 0, PAGE_MAX).default(0),
  size: wholeQueryNumber('size', 1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const sortDirection = z.enum(['asc', 'desc']);

/**
 * Builds the `sort` query parameter for a list: accepts one or several `field,dir` values
 * (dir defaults to asc), and rejects fields the list cannot sort on.
 */
export function sortQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  const one = z
    .string()
    .max(100, 'sort must be at most 100 characters')
    .transform((raw, ctx) => {
      const [field = '', dir = 'asc'] = raw.split(',').map((s) => s.trim());
      if (!(fields as readonly string[]).includes(field)) {
        ctx.addIssue({ code: 'custom', message: `Cannot sort by '${field}'. Sortable fields: ${fields.join(', ')}` });
        return z.NEVER;
      }
      const d = dir.toLowerCase();
      if (d !== 'asc' && d !== 'desc') {
        ctx.addIssue({ code: 'custom', message: `Sort direction must be asc or desc` });
        return z.NEVER;
      }
      return { field: field as F[number], direction: d as 'asc' | 'desc' };
    });
  return z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(one));
}

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    /** True when totalElements is the database's estimate (very large results only). */
    totalIsEstimate: z.boolean().optional(),
  });

export const booleanQuery = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true');
