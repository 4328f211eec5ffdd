import { describe, expect, it } from 'vitest';
import { readSearch } from '@/lib/search-params';
import { tripsSearchParams } from './trips-search';

describe('the /trips URL state', () => {
  it('reads every filter; bad params become undefined, absent ones stay absent, unknown ones are dropped', () => {
    expect(readSearch(tripsSearchParams, {})).toEqual({});
    expect(Object.keys(readSearch(tripsSearchParams, {}))).toEqual([]);
    const read = readSearch(tripsSearchParams, {
      view: 'map',
      loadNumber: ' L-1 ',
      trailerNumber: 'x'.repeat(51),
      truckId: 12,
      truckLabel: 'T 12',
      driverId: 'abc',
      periodType: 'DAILY',
      fromDate: '03/02/2026 00:00:00',
      sort: 'nope,asc',
      showRoute: true,
      extra: 'dropped',
    });
    expect(read).toStrictEqual({
      view: 'map',
      loadNumber: 'L-1',
      trailerNumber: undefined,
      truckId: 12,
      truckLabel: 'T 12',
      driverId: undefined,
      periodType: undefined,
      fromDate: '03/02/2026 00:00:00',
      sort: undefined,
      showRoute: true,
    });
    expect(readSearch(tripsSearchParams, { periodType: 'CUSTOM', sort: 'loadNumber,desc' })).toStrictEqual({ periodType: 'CUSTOM', sort: 'loadNumber,desc' });
  });
});
