// Bounded load for rolling-restart.test.ts, in a process of its own (the test's own event loop
// stays free to restart instances on time). argv[2]: JSON { url, token, rate, connections,
// prefix, companyIds, minSeconds }; runs until a line "stop" on stdin, and at least minSeconds.
// Requests start at a steady `rate` per second over at most `connections` kept-alive connections,
// cycling: list trips, create a recovery reason (a unique name: a write run twice would answer
// 409), list recovery reasons, queue a Samsara sync of the next company. Prints one JSON line:
// the counts, the answers by status and every write answered 201.
//
// Not autocannon: nginx closes its idle client connections each time it reloads (when an
// instance leaves or rejoins its upstream): kept-alive ones between requests, and a new one it
// accepted whose request it has not read yet. A request written in that instant meets a reset
// before any answer, never having reached an instance. Browsers send such a request again on a
// new connection, as Node's docs advise (http.ClientRequest reusedSocket), and RFC 9110 §9.2.2
// lets a client retry an idempotent request whose connection failed before any answer;
// autocannon counts it as an error, or on a closed connection drops it uncounted and then pairs
// later answers with the wrong requests. This client resends exactly that case — a reset with
// nothing of an answer, at most twice — and accounts for every request. It resends a write too:
// each carries a unique name, so a write that had in fact run would answer 409 the second time
// and fail the test; a resend cannot hide a double write.
import http from 'node:http';
import readline from 'node:readline';

const { url, token, rate, connections, prefix, companyIds, minSeconds } = JSON.parse(process.argv[2]);
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const started = Date.now();
const counts = { sent: 0, answered: 0, non2xx: 0, errors: 0, timeouts: 0, resent: 0, skipped: 0 };
const answers = {};
const latencies = [];
const acknowledged = [];
const failed = [];
const errorsSeen = [];
let writes = 0;
let syncs = 0;
let inFlight = 0;

const cycle = [
  () => ({ method: 'GET', path: '/api/v1/trips?page=0&size=20' }),
  () => ({ method: 'POST', path: '/api/v1/recovery/reasons', body: { name: `${prefix} ${++writes}` } }),
  () => ({ method: 'GET', path: '/api/v1/recovery/reasons?page=0&size=20' }),
  () => ({ method: 'POST', path: '/api/v1/integrations/sync', body: { companyId: companyIds[syncs++ % companyIds.length], provider: 'SAMSARA' } }),
];

/** One attempt: resolves with the answer, or with the error and whether it may be sent again. */
function attempt({ method, path, body }) {
  return new Promise((resolve) => {
    const text = body ? JSON.stringify(body) : undefined;
    const req = http.request({ host: target.hostname, port: target.port, method, path, agent, timeout: 30_000, headers: { authorization: `Bearer ${token}`, ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}) } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode, body: data }));
      res.on('error', (err) => resolve({ error: err.code ?? err.message }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
    req.on('error', (err) => resolve({ error: err.code ?? err.message, again: !answered && ['ECONNRESET', 'EPIPE'].includes(err.code) }));
    req.end(text);
  });
}

async function one(request) {
  inFlight++;
  counts.sent++;
  const t0 = Date.now();
  let r = await attempt(request);
  for (let resends = 0; r.again && resends < 2; resends++) {
    counts.resent++;
    r = await attempt(request);
  }
  inFlight--;
  if (r.error) {
    counts.errors++;
    if (r.error === 'TIMEOUT') counts.timeouts++;
    errorsSeen.push(`${request.method} ${request.path}: ${r.error}`);
    return;
  }
  counts.answered++;
  latencies.push(Date.now() - t0);
  answers[r.status] = (answers[r.status] ?? 0) + 1;
  if (r.status >= 300) {
    counts.non2xx++;
    failed.push({ status: r.status, body: r.body.slice(0, 300) });
  } else if (r.status === 201 && request.body?.name) {
    const { id, name } = JSON.parse(r.body).data;
    acknowledged.push({ id, name });
  }
}

let next = 0;
let running = true;
const pending = new Set();
const ticker = setInterval(() => {
  // Steady: as many requests started as `rate` allows since the start, never more than `connections` at once.
  const due = Math.floor(((Date.now() - started) / 1000) * rate);
  while (running && counts.sent + counts.skipped < due) {
    if (inFlight >= connections) {
      counts.skipped++;
      continue;
    }
    const p = one(cycle[next++ % cycle.length]());
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }
}, 10);

async function finish() {
  running = false;
  clearInterval(ticker);
  const durationS = (Date.now() - started) / 1000;
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      ...counts,
      requests: counts.answered,
      durationS,
      answers,
      latencyP99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
      latencyMax: latencies.at(-1) ?? 0,
      writesSent: writes,
      syncsQueued: syncs,
      acknowledged,
      failed,
      errorsSeen,
    }),
  );
  process.exit(0);
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stop') setTimeout(() => void finish(), Math.max(0, started + minSeconds * 1000 - Date.now()));
});
