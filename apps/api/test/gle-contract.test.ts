import { describe, expect, it } from 'vitest';
import { gleProvider, placeTime } from '../src/modules/telematics/gle';
import { ProviderError, type CurrentPage } from '../src/modules/telematics/provider';
import { GLE_SAMPLE_200, GLE_SAMPLE_401, GLE_SAMPLE_403 } from './fakes/gle';
import { FAST_RETRY } from './harness';

/**
 * GLE's adapter over GreenLight ELD's published sample answers (test/fixtures/providers/gle,
 * README there names the source), served byte for byte: what Milepost reads from them.
 */
const reply = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function pages(client: ReturnType<typeof gleProvider>): Promise<CurrentPage[]> {
  const out: CurrentPage[] = [];
  for await (const page of client.current!()) out.push(page);
  return out;
}

describe('GLE contract: the published samples', () => {
  // The sample's time is 2024-04-06T08:53:52 with no offset; received 4 hours and a minute later,
  // as a US Eastern (UTC-4 in April) wall clock would be.
  const receivedAt = Date.parse('2024-04-06T12:54:52Z');

  it('reads the 200 sample: vehicle 403 (unit 424, its VIN), driver 849 split into first and last name, the position placed at its local offset', async () => {
    const asked: string[] = [];
    const client = gleProvider({
      token: 't',
      baseUrl: 'https://api.greenlighteld.com/logger/external',
      retry: FAST_RETRY,
      now: () => receivedAt,
      fetch: async (input) => {
        asked.push(String(input instanceof Request ? input.url : input));
        return reply(200, GLE_SAMPLE_200)();
      },
    });
    const [first, ...rest] = await pages(client);
    expect(first!.vehicles).toEqual([{ id: '403', name: '424', vin: '3AKJHHDR5JSHU5802' }]);
    expect(first!.drivers).toEqual([{ id: '849', firstName: 'AHADI', lastName: 'MALAK', vehicleId: '403' }]);
    expect(first!.positions).toEqual([
      { vehicleId: '403', time: Date.parse('2024-04-06T12:53:52Z'), reportedTime: Date.parse('2024-04-06T08:53:52Z'), lat: 40.353963, lng: -76.725971 },
    ]);
    // The sample says `next: 1` and `current: 0`: asked for page 1, the same sample answers page 0 again, and the round stops there.
    expect(asked).toEqual([
      'https://api.greenlighteld.com/logger/external/vehicles/current?page=0&size=100',
      'https://api.greenlighteld.com/logger/external/vehicles/current?page=1&size=100',
    ]);
    expect(rest).toHaveLength(1);
    expect(client.report.summary()).toBe(
      'GLE sent times without an offset 4 hours behind the moment they were received; Milepost read them as local times and moved them 4 hours later. GLE sent page 0 of the vehicles again; the round stopped there.',
    );
  });

  it.each([
    [401, GLE_SAMPLE_401, "GLE refused the company's token (401 invalid_token)."],
    [403, GLE_SAMPLE_403, "GLE refused the company's token (403 forbidden)."],
  ])('reads the %s sample as a refused token, not retried', async (status, body, message) => {
    let calls = 0;
    const client = gleProvider({ token: 't', baseUrl: 'https://gle.test', retry: FAST_RETRY, fetch: async () => (calls++, reply(status, body)()) });
    const err = await pages(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ kind: 'unauthorized', status, message });
    expect(calls).toBe(1);
  });

  it('places times: UTC as sent, a whole number of hours (± 10 min) moved, never in the future nor hours old', () => {
    const now = Date.parse('2026-07-01T15:00:00Z');
    const min = 60_000;
    expect(placeTime(now - 2 * min, now, false)).toEqual({ time: now - 2 * min, shiftHours: 0 });
    // Eastern summer time sent without its offset: 4 h behind, 9 minutes old.
    expect(placeTime(now - 4 * 60 * min - 9 * min, now, false)).toEqual({ time: now - 9 * min, shiftHours: 4 });
    // A wall clock ahead of UTC (Europe): 2 h ahead, 1 minute old.
    expect(placeTime(now + 2 * 60 * min - min, now, false)).toEqual({ time: now - min, shiftHours: -2 });
    // 4 h 30 min is no whole number of hours: read as UTC, and too old to be a new position.
    expect(placeTime(now - 270 * min, now, false)).toBe('stale');
    // 30 minutes ahead is no whole number of hours either: in the future.
    expect(placeTime(now + 30 * min, now, false)).toBe('future');
    // A time that carries its offset is taken as it says.
    expect(placeTime(now - 4 * 60 * min, now, true)).toBe('stale');
  });
});
