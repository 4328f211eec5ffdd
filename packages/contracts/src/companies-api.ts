import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';
import { companySortFields } from './list-query';
import { PHONE_INCOMPLETE, isPhoneComplete } from './phone';
import { queryText, requiredText, text, tooLongMessage, typedText, version } from './fields';
import { payRuleUpdate } from './mileage-review-api';

export const COMPANY_MESSAGES = {
  name: 'Company name is required',
  email: 'Valid email is required',
  phone: 'Phone number is required',
  phoneIncomplete: PHONE_INCOMPLETE,
  usDot: 'US DOT number is required',
  usDotDigits: 'A US DOT number has digits only (up to 8)',
  samsaraToken: 'Samsara token is required',
  gleToken: 'GLE token is required',
  duplicate: 'Company with this name already exists.',
  notFound: 'Company not found.',
  stale: 'This company was changed by someone else. Reload to see the latest version.',
} as const;

export const companyListQuery = pageQuery.extend({
  keyword: queryText('Keyword'),
  active: booleanQuery.optional(),
  sort: sortQuery(companySortFields),
});

/** What the API says about a company; tokens appear only as hints such as '•••• 4f2a'. */
export const companyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  usDot: z.string(),
  active: z.boolean(),
  created: z.string(),
  samsaraTokenHint: z.string().nullable(),
  gleTokenHint: z.string().nullable(),
  samsaraEnabled: z.boolean(),
  gleEnabled: z.boolean(),
  version: z.number().int(),
});
export type CompanyRow = z.infer<typeof companyRow>;

export const companyForm = z.object({
  name: requiredText('Company name', 200, COMPANY_MESSAGES.name),
  email: text('Email', 254, COMPANY_MESSAGES.email).pipe(z.email({ message: COMPANY_MESSAGES.email })),
  phone: typedText(
    z.string({ message: COMPANY_MESSAGES.phone }).trim().min(1, { message: COMPANY_MESSAGES.phone, abort: true }).max(32, tooLongMessage('Phone', 32)),
    'Phone',
  ).refine(isPhoneComplete, COMPANY_MESSAGES.phoneIncomplete),
  usDot: z
    .string({ message: COMPANY_MESSAGES.usDot })
    .trim()
    .min(1, COMPANY_MESSAGES.usDot)
    .pipe(z.string().regex(/^\d{1,8}$/, COMPANY_MESSAGES.usDotDigits)),
  samsaraEnabled: z.boolean().optional(),
  gleEnabled: z.boolean().optional(),
});
export type CompanyForm = z.input<typeof companyForm>;

/** PUT /companies/{id}: the version the form was loaded at is required (a stale one is refused with 409). */
/**
 * The company with the version it was shown at, and its pay rule when the form changed it (with the
 * rule's own version): one Save, one transaction (docs/mileage-review.md "Pay rule").
 */
export const companyUpdate = companyForm.extend({ version: version('version is required'), payRule: payRuleUpdate.optional() });

export const companyTokensForm = z.object({
  samsaraToken: requiredText('Samsara token', 500, COMPANY_MESSAGES.samsaraToken),
  gleToken: requiredText('GLE token', 500, COMPANY_MESSAGES.gleToken),
});
export type CompanyTokensForm = z.input<typeof companyTokensForm>;
/** The tokens with the version the company was shown at, required; a stale one is refused with 409. */
export const companyTokensUpdate = companyTokensForm.extend({ version: version('version is required') });

/** The placeholder shown for a stored token: its last four characters. */
export const tokenHint = (token: string) => `•••• ${token.slice(-4)}`;
