/**
 * Runs autocannon in its own process (so the server process's CPU time counts the server only)
 * and prints one JSON line: requests, req/s, latency percentiles from every response, non-2xx.
 * Usage (from bench/cases/trips-load.ts): node bench/autocannon-child.mjs '{"url":…,"connections":10,"duration":10,"headers":{…}}'
 */
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
const times = [];
// Counted from here: loading autocannon is not the load generator's work per request.
const cpuAtStart = process.cpuUsage();
const instance = autocannon({ url: opts.url, connections: opts.connections, duration: opts.duration, headers: opts.headers, timeout: 30 });
instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
instance.on('done', (result) => {
  times.sort((a, b) => a - b);
  const at = (p) => (times.length ? times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] : NaN);
  process.stdout.write(
    `${JSON.stringify({
      requests: result.requests.total,
      perSecond: result.requests.total / (result.duration || opts.duration),
      p50: at(50),
      p95: at(95),
      p99: at(99),
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      // The load generator's own CPU (µs, user + system): what the machine spent on the callers.
      cpuMicros: (({ user, system }) => user + system)(process.cpuUsage(cpuAtStart)),
    })}\n`,
  );
});
