import { createHereClient } from '../../apps/api/src/integrations/here/client';
import { createRoutingService } from '../../apps/api/src/modules/routing/service';
import { startHereFake } from '../../apps/api/test/fakes/here';
import { measure, type BenchServer, type Figure } from '../lib';

/**
 * Routing answered from the PostgreSQL cache (docs/routing.md): a 20-stop truck route asked
 * once of the local HERE fake, then asked again and again — the answer every user and instance
 * gets for 10 minutes. Measured at the routing service (cache read + JSON), target p95 < 20 ms.
 */
export async function routingCase(server: BenchServer): Promise<Figure[]> {
  const fake = await startHereFake();
  try {
    const here = createHereClient({ apiKey: fake.apiKey, routerUrl: fake.routerUrl, autosuggestUrl: fake.autosuggestUrl, tilesUrl: fake.tilesUrl, timeoutMs: 10_000 });
    const routing = createRoutingService({ db: server.database.db, here, estimateSpeedMph: 50 });
    const stops = Array.from({ length: 20 }, (_, i) => ({ lat: 30 + i * 0.6, lng: -97 + (i % 4) * 0.5 }));
    const req = { stops, routingMode: 'PRACTICAL' as const, trailer: true };
    const first = await routing.route(req);
    if (first.source !== 'HERE') throw new Error('the fake did not route');
    const calls = fake.requests.length;
    const r = await measure(300, async () => {
      const a = await routing.route(req);
      if (a.routes.length !== 3) throw new Error('unexpected answer');
    });
    if (fake.requests.length !== calls) throw new Error('the cache was missed');
    return [{ case: 'routing: 20-stop route from the PostgreSQL cache', engine: server.engine, ...r, target: 'p95 < 20 ms' }];
  } finally {
    await fake.close();
  }
}
