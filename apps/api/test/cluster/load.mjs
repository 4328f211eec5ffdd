// Bounded load for rolling-restart.test.ts: autocannon, in a process of its own (the test's own
// event loop stays free to restart instances on time). argv[2]: JSON { url, token, rate,
// connections, prefix, companyIds, minSeconds }; runs until a line "stop" on stdin, and at least
// minSeconds. `rate` requests a second over `connections` kept-alive connections, each cycling:
// list trips, create a recovery reason (a unique name: a write run twice would answer 409), list
// recovery reasons, queue a Samsara sync of the next company. Prints one JSON line: autocannon's
// counts, the answers by status, every write answered 201 and every answer that was not a 2xx.
import autocannon from 'autocannon';
import readline from 'node:readline';

const { url, token, rate, connections, prefix, companyIds, minSeconds } = JSON.parse(process.argv[2]);
const started = Date.now();
const acknowledged = [];
const failed = [];
let writes = 0;
let syncs = 0;

const headers = { authorization: `Bearer ${token}` };
const json = { ...headers, 'content-type': 'application/json' };
const noteFailure = (method, path) => (status, body) => {
  if (status >= 300) failed.push({ request: `${method} ${path}`, status, body: String(body).slice(0, 300) });
};
const get = (path) => ({ method: 'GET', path, headers, onResponse: noteFailure('GET', path) });
const requests = [
  get('/api/v1/trips?page=0&size=20'),
  {
    method: 'POST',
    path: '/api/v1/recovery/reasons',
    headers: json,
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: `${prefix} ${++writes}` }) }),
    onResponse: (status, body) => {
      if (status !== 201) return noteFailure('POST', '/api/v1/recovery/reasons')(status, body);
      const { id, name } = JSON.parse(body).data;
      acknowledged.push({ id, name });
    },
  },
  get('/api/v1/recovery/reasons?page=0&size=20'),
  {
    method: 'POST',
    path: '/api/v1/integrations/sync',
    headers: json,
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ companyId: companyIds[syncs++ % companyIds.length], provider: 'SAMSARA' }) }),
    onResponse: noteFailure('POST', '/api/v1/integrations/sync'),
  },
];

const errorsSeen = [];
const instance = autocannon({ url, connections, overallRate: rate, duration: 3600, timeout: 30, requests }, (err, result) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  const answers = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  console.log(
    JSON.stringify({
      requests: result.requests.total,
      sent: result.requests.sent,
      durationS: (Date.now() - started) / 1000,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      mismatches: result.mismatches,
      answers,
      latencyP99: result.latency.p99,
      latencyMax: result.latency.max,
      writesSent: writes,
      syncsQueued: syncs,
      acknowledged,
      failed,
      errorsSeen,
    }),
  );
  process.exit(0);
});
instance.on('reqError', (err) => errorsSeen.push(err.code ?? err.message));

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stop') setTimeout(() => instance.stop(), Math.max(0, started + minSeconds * 1000 - Date.now()));
});
