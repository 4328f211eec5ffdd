/**
 * An HTTP `Retry-After` in milliseconds: seconds, whole or fractional (a telematics provider may send "0.40235"),
 * or an HTTP date. Null when absent or unreadable. Used by every outside service's client
 * (docs/integrations/telematics.md, docs/routing.md#throttles).
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
