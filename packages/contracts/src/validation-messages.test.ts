import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { companyForm } from './companies-api';
import { tripSettingsForm } from './settings-api';
import { payableMileageForm, tripFieldsInput, tripInput } from './trips-api';
import { truckForm } from './trucks-api';
import { userForm } from './users-api';

/**
 * Each refused rule says its own message (docs/product/shell.md "Drawers and forms"): one valid form per schema, one
 * field changed per row, and the exact message that must come back on that field — never the
 * message of another rule (a too-long name is not "required", a huge radius not "positive").
 */
const user = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '+1 (312) 555-0199', roleId: 2 };
const settings = {
  homeRadius: 10,
  shopRadius: 10,
  pickupRadius: 10,
  trailerRadius: 10,
  deliveryRadius: 10,
  samsaraEnabled: false,
  gleEnabled: false,
  type: 'TRIP',
};
const mileage = { tripId: 7, payableMileage: null, emptyMiles: 10, loadedMiles: 100, version: 3 };
const trip = {
  truckId: 1,
  driverId: 2,
  dispatcherId: null,
  identifierType: 'LOAD_NUMBER',
  identifierValue: 'L-1',
  tripStatus: 'UPCOMING',
  pickupDateTime: '03/02/2026 09:00:00',
  startDateTime: null,
  endDateTime: null,
  startOdometer: 1000,
  endOdometer: 1200,
  emptyMiles: 10,
  loadedMiles: 190,
  notes: null,
  recoveryReasonId: null,
};
const stop = { address: 'Chicago, IL', latitude: 41.88, longitude: -87.63, stopType: 'PICKUP', loadStatus: 'LOADED', orderIndex: 0 };
const truck = {
  vinNumber: '1FUJGLDR0CLBP8834',
  unitNumber: 'T-1',
  samsaraVin: '1FUJGLDR0CLBP8834',
  homeLocation: 'Chicago, IL',
  licencePlate: 'IL 1234',
};
const company = { name: 'Acme', email: 'ops@acme.com', phone: '+1 (312) 555-0199', usDot: '1234567' };

type Row = [rule: string, schema: z.ZodType, base: Record<string, unknown>, change: Record<string, unknown>, field: string, message: string];

const rows: Row[] = [
  ['a 300-character last name is too long', userForm, user, { lastName: 'L'.repeat(300) }, 'lastName', 'Last name must be at most 100 characters'],
  ['a blank last name is required', userForm, user, { lastName: '   ' }, 'lastName', 'Last name is required'],
  ['a half-typed user phone is incomplete', userForm, user, { phone: '+1 (312) 55' }, 'phone', 'Phone number is incomplete'],
  ['a half-typed +998 phone is incomplete', userForm, user, { phone: '+998 (90) 123-45-6' }, 'phone', 'Phone number is incomplete'],
  ['a radius of 99999999999 is too large', tripSettingsForm, settings, { homeRadius: 99999999999 }, 'homeRadius', 'Home radius must be at most 1,000 miles'],
  ['a typed radius of 99999999999 is too large', tripSettingsForm, settings, { pickupRadius: '99999999999' }, 'pickupRadius', 'Pickup radius must be at most 1,000 miles'],
  ['a negative radius must be positive', tripSettingsForm, settings, { shopRadius: -1 }, 'shopRadius', 'Shop radius must be positive'],
  ['a radius that is not a number says so', tripSettingsForm, settings, { deliveryRadius: 'abc' }, 'deliveryRadius', 'Delivery radius must be a number'],
  ['loaded miles 1000000 are too large', payableMileageForm, mileage, { loadedMiles: '1000000' }, 'loadedMiles', 'At most 100,000 miles'],
  ['loaded miles in exponent notation are not a number', payableMileageForm, mileage, { loadedMiles: '1e5' }, 'loadedMiles', 'Must be a number'],
  ['loaded miles 1000000 are too large', payableMileageForm, mileage, { loadedMiles: 1_000_000 }, 'loadedMiles', 'At most 100,000 miles'],
  ['loaded miles abc are not a number', payableMileageForm, mileage, { loadedMiles: 'abc' }, 'loadedMiles', 'Must be a number'],
  ['loaded miles 0x10 are not a number (decimal notation only, not 16)', payableMileageForm, mileage, { loadedMiles: '0x10' }, 'loadedMiles', 'Must be a number'],
  ['empty miles Infinity are not a number', tripFieldsInput, trip, { emptyMiles: 'Infinity' }, 'emptyMiles', 'Must be a number'],
  [
    'a payable mileage over 100,000 (loaded + empty) is refused',
    payableMileageForm,
    mileage,
    { emptyMiles: 60_000, loadedMiles: 60_000 },
    'loadedMiles',
    'Loaded + empty miles (the payable mileage) must be at most 100,000 miles',
  ],
  [
    'a trip whose loaded + empty miles pass 100,000 is refused',
    tripFieldsInput,
    trip,
    { emptyMiles: '50000.1', loadedMiles: 50_000 },
    'loadedMiles',
    'Loaded + empty miles (the payable mileage) must be at most 100,000 miles',
  ],
  ['negative empty miles are refused', payableMileageForm, mileage, { emptyMiles: -5 }, 'emptyMiles', 'Miles cannot be negative'],
  ['negative trip miles are refused', tripFieldsInput, trip, { loadedMiles: '-1' }, 'loadedMiles', 'Miles cannot be negative'],
  ['a negative start odometer is refused', tripFieldsInput, trip, { startOdometer: -1, endOdometer: null }, 'startOdometer', 'An odometer reading cannot be negative'],
  ['a huge odometer is too large', tripFieldsInput, trip, { endOdometer: 1e9 }, 'endOdometer', 'At most 100,000,000 miles'],
  ['an end odometer below the start is refused (form)', tripFieldsInput, trip, { endOdometer: 999 }, 'endOdometer', 'End odometer must not be less than start odometer'],
  [
    'an end odometer below the start is refused (API body)',
    tripInput,
    { ...trip, tripStops: [stop] },
    { endOdometer: 999 },
    'endOdometer',
    'End odometer must not be less than start odometer',
  ],
  ['a 16-character VIN is refused', truckForm, truck, { vinNumber: '1FUJGLDR0CLBP883' }, 'vinNumber', 'A VIN has 17 letters and digits (no I, O or Q)'],
  ['an 18-character VIN is refused', truckForm, truck, { samsaraVin: '1FUJGLDR0CLBP88345' }, 'samsaraVin', 'A VIN has 17 letters and digits (no I, O or Q)'],
  ['a VIN with an O is refused', truckForm, truck, { vinNumber: '1FUJGLDROCLBP8834' }, 'vinNumber', 'A VIN has 17 letters and digits (no I, O or Q)'],
  ['a VIN with an I is refused', truckForm, truck, { vinNumber: 'IFUJGLDR0CLBP8834' }, 'vinNumber', 'A VIN has 17 letters and digits (no I, O or Q)'],
  ['a VIN with a Q is refused', truckForm, truck, { vinNumber: '1FUJGLDR0CLBP883Q' }, 'vinNumber', 'A VIN has 17 letters and digits (no I, O or Q)'],
  ['a VIN with a dash is refused', truckForm, truck, { vinNumber: '1FUJGLDR0-LBP8834' }, 'vinNumber', 'A VIN has 17 letters and digits (no I, O or Q)'],
  ['a blank VIN is required', truckForm, truck, { vinNumber: ' ' }, 'vinNumber', 'VIN Number is required'],
  ['a US DOT number with letters is refused', companyForm, company, { usDot: '12A45' }, 'usDot', 'A US DOT number has digits only (up to 8)'],
  ['a US DOT number with a dash is refused', companyForm, company, { usDot: '123-45' }, 'usDot', 'A US DOT number has digits only (up to 8)'],
  ['a blank US DOT number is required', companyForm, company, { usDot: '' }, 'usDot', 'US DOT number is required'],
  ['a half-typed company phone is incomplete', companyForm, company, { phone: '+1 (312) 555' }, 'phone', 'Phone number is incomplete'],
  ['a blank company phone is required', companyForm, company, { phone: '' }, 'phone', 'Phone number is required'],
];

function messagesOn(schema: z.ZodType, value: unknown, field: string): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

describe('validation says which rule was broken', () => {
  it.each([
    ['user', userForm, user],
    ['trip settings', tripSettingsForm, settings],
    ['mileage report', payableMileageForm, mileage],
    ['trip', tripFieldsInput, trip],
    ['trip API body', tripInput, { ...trip, tripStops: [stop] }],
    ['truck', truckForm, truck],
    ['company', companyForm, company],
  ] as const)('the valid %s form passes', (_name, schema, base) => {
    expect(schema.safeParse(base).error?.issues).toBeUndefined();
  });

  it.each(rows)('%s', (_rule, schema, base, change, field, message) => {
    expect(messagesOn(schema, { ...base, ...change }, field)).toEqual([message]);
  });

  it('accepts what the rules allow: an end odometer equal to the start, a lower-case VIN, an 8-digit US DOT, a 1,000-mile radius', () => {
    expect(tripFieldsInput.safeParse({ ...trip, endOdometer: 1000 }).success).toBe(true);
    expect(truckForm.parse({ ...truck, vinNumber: '1fujgldr0clbp8834' }).vinNumber).toBe('1FUJGLDR0CLBP8834');
    expect(companyForm.safeParse({ ...company, usDot: '12345678' }).success).toBe(true);
    expect(tripSettingsForm.safeParse({ ...settings, homeRadius: 1000 }).success).toBe(true);
    expect(payableMileageForm.parse({ ...mileage, emptyMiles: 0, loadedMiles: '100000' }).loadedMiles).toBe(100_000);
  });
});
