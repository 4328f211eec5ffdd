/**
 * Text PostgreSQL can store: text columns refuse NUL, jsonb refuses NUL and lone surrogates
 * (docs/integrations/telematics.md "Untrusted input": a provider's name with a NUL once stopped the process through pg-boss's error text).
 */
/** A UTF-16 surrogate without its pair (invalid Unicode). */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

/** Strings PostgreSQL can store in text and jsonb: no NUL, no lone surrogate (deeply, for job data and outputs). */
export function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE, '\ufffd');
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)]));
  }
  return value;
}
