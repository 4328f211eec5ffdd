import type { Db } from '../client';
import { companyPayRules } from '../schema/mileage-review';
import { companyProviders, settingsProviders, truckProviderLinks } from '../schema/telematics';
import { users } from '../schema/access';
import { companies, dispatchers, drivers, globalSettings, recoveryReasons, shops, teams, trucks } from '../schema/reference';

/** Freight towns across the US, with coordinates, for home locations and shops. */
export const DEMO_PLACES = [
  ['Chicago, IL, United States', 41.878113, -87.629799],
  ['Dallas, TX, United States', 32.776665, -96.796989],
  ['Atlanta, GA, United States', 33.748997, -84.387985],
  ['Memphis, TN, United States', 35.149532, -90.048981],
  ['Indianapolis, IN, United States', 39.768402, -86.158066],
  ['Columbus, OH, United States', 39.961178, -82.998795],
  ['Kansas City, MO, United States', 39.099728, -94.578568],
  ['Denver, CO, United States', 39.739235, -104.99025],
  ['Phoenix, AZ, United States', 33.448376, -112.074036],
  ['Los Angeles, CA, United States', 34.052235, -118.243683],
  ['Salt Lake City, UT, United States', 40.76078, -111.891045],
  ['Nashville, TN, United States', 36.162663, -86.781601],
  ['Charlotte, NC, United States', 35.227085, -80.843124],
  ['Jacksonville, FL, United States', 30.332184, -81.655647],
  ['Houston, TX, United States', 29.760427, -95.369804],
  ['Laredo, TX, United States', 27.530567, -99.480324],
  ['Oklahoma City, OK, United States', 35.46756, -97.516426],
  ['Omaha, NE, United States', 41.256538, -95.934502],
  ['Minneapolis, MN, United States', 44.977753, -93.265015],
  ['Detroit, MI, United States', 42.331429, -83.045753],
  ['Harrisburg, PA, United States', 40.273191, -76.886701],
  ['Newark, NJ, United States', 40.735657, -74.172363],
  ['Louisville, KY, United States', 38.252666, -85.758453],
  ['St. Louis, MO, United States', 38.627003, -90.199402],
  ['Reno, NV, United States', 39.529633, -119.813805],
] as const;

const FIRST = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Carlos',
  'Aisha',
  'Dmitri',
  'Jamal',
  'Rosa',
  'Tyrone',
  'Emily',
  'Luis',
  'Bohdan',
  'Sandra',
  'Kevin',
  'Nadia',
  'Victor',
  'Grace',
  'Oscar',
  'Tanya',
];
const LAST = ['Walker', 'Garcia', 'Johnson', 'Nguyen', 'Petrov', 'Brown', 'Lopez', 'Okafor', 'Smith', 'Kowalski', 'Hughes', 'Ramirez', 'Bennett', 'Karimov', 'Foster', 'Reyes'];

/**
 * Companies, teams, dispatchers, trucks with US home locations, drivers, shops, reasons and trip
 * settings. The demo companies run Samsara and GLE with stored demo GPS history but hold no
 * token: the demo has no account with either, so nothing calls them (the scheduled sync skips a
 * provider without a token) and no failed sync shows offline; an admin who enters a real token
 * starts real syncs (docs/integrations/telematics.md#demo-data).
 */
export async function seedDemoReference(tx: Db): Promise<void> {
  const companyRows = await tx
    .insert(companies)
    .values([
      {
        name: 'Prairie Freight Lines',
        email: 'dispatch@prairiefreight.example',
        phone: '+1 (312) 555-0141',
        usDot: '2847561',
      },
      { name: 'Lone Star Carriers', email: 'ops@lonestarcarriers.example', phone: '+1 (214) 555-0177', usDot: '3012984' },
      { name: 'Blue Ridge Transport', email: 'office@blueridgetransport.example', phone: '+1 (404) 555-0112', usDot: '1938470' },
    ])
    .returning({ id: companies.id });
  // Prairie runs Samsara and GLE, Lone Star Samsara, Blue Ridge neither; no tokens.
  await tx.insert(companyProviders).values([
    { companyId: companyRows[0]!.id, provider: 'SAMSARA', enabled: true },
    { companyId: companyRows[0]!.id, provider: 'GLE', enabled: true },
    { companyId: companyRows[1]!.id, provider: 'SAMSARA', enabled: true },
  ]);
  // Lone Star pays the lower of routed and GPS miles within 2 % (docs/mileage-review.md); the others the default.
  await tx.insert(companyPayRules).values({ companyId: companyRows[1]!.id, payBasis: 'LOWER', tolerancePct: 2 });

  const teamRows = await tx
    .insert(teams)
    .values([{ name: 'Midwest Desk' }, { name: 'Southwest Desk' }, { name: 'Night Shift' }])
    .returning({ id: teams.id });
  await tx.insert(dispatchers).values(
    ['Hannah Price', 'Marcus Bell', 'Priya Shah', 'Tom Becker', 'Elena Cruz', 'Andre Wallace', 'Sofia Marin', 'Greg Olsen'].map((n, i) => {
      const [firstName, lastName] = n.split(' ') as [string, string];
      return { firstName, lastName, teamId: teamRows[i % teamRows.length]!.id, active: i !== 7 };
    }),
  );

  const truckRows = await tx
    .insert(trucks)
    .values(
      Array.from({ length: 50 }, (_, i) => {
        const [homeLocation, homeLatitude, homeLongitude] = DEMO_PLACES[i % DEMO_PLACES.length]!;
        const unit = String(1001 + i);
        return {
          unitNumber: unit,
          vinNumber: `1XKYD49X${String(i).padStart(2, '0')}J${(482910 + i * 37).toString().slice(0, 6)}`,
          samsaraVin: `3AKJHHDR${String(i).padStart(2, '0')}S${(730215 + i * 53).toString().slice(0, 6)}`,
          licencePlate: `${['IL', 'TX', 'GA', 'TN', 'IN'][i % 5]}-${(48210 + i * 7).toString(36).toUpperCase()}`,
          homeLocation,
          homeLatitude,
          homeLongitude,
          companyId: companyRows[i % companyRows.length]!.id,
          active: i % 17 !== 16,
        };
      }),
    )
    .returning({ id: trucks.id, unitNumber: trucks.unitNumber });
  // The trucks' ids at Samsara and GLE, as a sync would have linked them (table truck_provider_links).
  await tx.insert(truckProviderLinks).values(
    truckRows.flatMap((t, i) => [
      { truckId: t.id, provider: 'SAMSARA', externalId: String(281474976710 + i * 13) },
      { truckId: t.id, provider: 'GLE', externalId: `GLE-${t.unitNumber}` },
    ]),
  );

  const dispatcherUsers = await tx.select({ id: users.id }).from(users);
  await tx.insert(drivers).values(
    Array.from({ length: 80 }, (_, i) => ({
      firstName: FIRST[i % FIRST.length]!,
      lastName: LAST[(i * 7) % LAST.length]!,
      phone: `+1 (${300 + (i % 600)}) 555-${String(1000 + i).slice(-4)}`,
      // Team drivers: most trucks have one driver, some have two; a few drivers wait for a truck.
      truckId: i < 72 ? truckRows[i % truckRows.length]!.id : null,
      assignedUserId: dispatcherUsers.length ? dispatcherUsers[i % dispatcherUsers.length]!.id : null,
      active: i % 23 !== 22,
    })),
  );

  await tx.insert(shops).values([
    { name: 'Rush Truck Center', location: 'Dallas, TX, United States', latitude: 32.776665, longitude: -96.796989 },
    { name: 'TA Truck Service', location: 'Indianapolis, IN, United States', latitude: 39.768402, longitude: -86.158066 },
    { name: 'Speedco', location: 'Memphis, TN, United States', latitude: 35.149532, longitude: -90.048981 },
    { name: 'Love’s Truck Care', location: 'Oklahoma City, OK, United States', latitude: 35.46756, longitude: -97.516426 },
    { name: 'Peterbilt of Atlanta', location: 'Atlanta, GA, United States', latitude: 33.748997, longitude: -84.387985 },
  ]);
  await tx
    .insert(recoveryReasons)
    .values(['Truck breakdown', 'Driver out of hours', 'Accident', 'Load refused by receiver', 'Weather closure', 'Reefer failure'].map((name) => ({ name })));
  const [settings] = await tx
    .insert(globalSettings)
    .values({ type: 'TRIP', homeRadius: 2, shopRadius: 1, pickupRadius: 1, trailerRadius: 0.5, deliveryRadius: 1 })
    .returning({ id: globalSettings.id });
  // Both telematics switches of the TRIP settings on (table settings_providers).
  await tx.insert(settingsProviders).values([
    { settingsId: settings!.id, provider: 'SAMSARA', enabled: true },
    { settingsId: settings!.id, provider: 'GLE', enabled: true },
  ]);
}
