/**
 * What a run skipped and where pagination stopped early, for the sync status
 * ("3 records skipped: 2 GPS fixes outside the trip window, 1 vehicle without an id.").
 */
export class SyncReport {
  private readonly skipped = new Map<string, number>();
  private readonly stops: string[] = [];
  skip(reason: string, n = 1) {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + n);
  }
  stop(reason: string) {
    if (!this.stops.includes(reason) && this.stops.length < 5) this.stops.push(reason);
  }
  get skippedCount(): number {
    let n = 0;
    for (const c of this.skipped.values()) n += c;
    return n;
  }
  summary(): string | null {
    const parts: string[] = [];
    const n = this.skippedCount;
    if (n) {
      const reasons = [...this.skipped].map(([reason, c]) => `${c} ${c === 1 ? reason : plural(reason)}`);
      parts.push(`${n} ${n === 1 ? 'record' : 'records'} skipped: ${reasons.join(', ')}.`);
    }
    parts.push(...this.stops);
    return parts.length ? parts.join(' ') : null;
  }
}

/** "GPS fix with …" → "GPS fixes with …", "vehicle without …" → "vehicles without …". */
function plural(reason: string): string {
  const [first, ...rest] = reason.split(' ');
  const word = first === 'GPS' ? `GPS ${rest.shift() === 'fix' ? 'fixes' : ''}` : first!.endsWith('s') ? first! : `${first}s`;
  return [word, ...rest].join(' ');
}
