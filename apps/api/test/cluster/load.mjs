// Bounded load for rolling-restart.test.ts, in a process of its own (the test's own event loop
// stays free to restart instances on time). argv[2]: JSON { url, token, rate, connections,
// prefix, companyIds, minSeconds }; runs until a line "stop" on stdin, and at least minSeconds. Each connection
// cycles: list trips, create a recovery reason (a unique name: a write run twice would answer
// 409), list recovery reasons, queue a Samsara sync of the next company. Prints one JSON line:
// autocannon's counts, the answers by status and every write answered 201.
import readline from 'node:readline';
import autocannon from 'autocannon';

const { url, token, rate, connections, prefix, companyIds, minSeconds } = JSON.parse(process.argv[2]);
const started = Date.now();
let writes = 0;
let syncs = 0;
const acknowledged = [];
const failed = [];
const answers = {};
// Every request has the same handler: autocannon may hand a response to the request after the
// one that got it, so each answer is told apart by its body — a created reason names itself.
const onResponse = (status, body) => {
  answers[status] = (answers[status] ?? 0) + 1;
  let data;
  try {
    data = JSON.parse(body).data;
  } catch {
    /* not JSON */
  }
  if (status === 201 && typeof data?.name === 'string' && data.name.startsWith(prefix)) acknowledged.push({ id: data.id, name: data.name });
  else if (status >= 300) failed.push({ status, body: String(body).slice(0, 300) });
};

const instance = autocannon(
  {
    url,
    connections,
    overallRate: rate,
    duration: 600,
    timeout: 30,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      { method: 'GET', path: '/api/v1/trips?page=0&size=20', onResponse },
      { method: 'POST', path: '/api/v1/recovery/reasons', setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: `${prefix} ${++writes}` }) }), onResponse },
      { method: 'GET', path: '/api/v1/recovery/reasons?page=0&size=20', onResponse },
      {
        method: 'POST',
        path: '/api/v1/integrations/sync',
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ companyId: companyIds[syncs++ % companyIds.length], provider: 'SAMSARA' }) }),
        onResponse,
      },
    ],
  },
  (err, result) => {
    if (err) throw err;
    console.log(
      JSON.stringify({
        requests: result.requests.total,
        durationS: result.duration,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        answers,
        latencyP99: result.latency.p99,
        latencyMax: result.latency.max,
        writesSent: writes,
        syncsQueued: syncs,
        acknowledged,
        failed,
      }),
    );
    process.exit(0);
  },
);
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stop') setTimeout(() => instance.stop(), Math.max(0, started + minSeconds * 1000 - Date.now()));
});
