/**
 * The HERE fake as a process of its own, for the end-to-end suite:
 *   node --import tsx apps/api/test/fakes/here-server.ts <port>
 * then start Milepost with HERE_API_KEY=fake-here-key and HERE_ROUTER_URL,
 * HERE_AUTOSUGGEST_URL, HERE_TILES_URL as printed. Switch behaviour with
 *   curl -X POST http://127.0.0.1:<port>/__control -d '{"mode":"no-route"}'
 */
import { startHereFake } from './here';

const fake = await startHereFake({ port: Number(process.argv[2] ?? 0) });
console.log(JSON.stringify({ url: fake.url, ...fake.env() }));
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
