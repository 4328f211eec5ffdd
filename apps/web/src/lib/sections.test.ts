import { describe, expect, it } from 'vitest';
import { SECTIONS, homePath, section } from './sections';

const granted = (...names: string[]) => names.map((name) => ({ name, enabled: true }));

describe('home path', () => {
  it('is the first section the user may view, in the spec order, else /trips', () => {
    expect(SECTIONS.map((s) => s.path)).toEqual([
      '/trips',
      '/routes',
      '/reports',
      '/mileage-review',
      '/trucks',
      '/dispatchers',
      '/shops',
      '/companies',
      '/system',
      '/users',
      '/roles',
    ]);
    expect(homePath(granted('CAN_SHOW_USERS', 'CAN_SHOW_REPORTS'))).toBe('/reports');
    expect(homePath(granted('CAN_SHOW_TRUCK_PAGE'))).toBe('/trucks');
    expect(homePath(granted('CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_SHOW_TRUCKS'))).toBe('/mileage-review');
    expect(homePath(granted('CAN_SHOW_ROLE_PAGE'))).toBe('/roles');
    expect(homePath([])).toBe('/trips');
  });
});

describe('section', () => {
  it('gives a screen its path, title and the permissions that open it', () => {
    expect(section('trucks')).toMatchObject({ path: '/trucks', title: 'Trucks', anyOf: ['CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE'] });
  });
});
