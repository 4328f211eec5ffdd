-- wrk's report for bench/load.ts: one line, "milepost-wrk " and JSON (wrk's own Lua API:
-- done(summary, latency, requests); latency in microseconds). docs/trips-query-plans.md,
-- "A load generator that stays out of the way".
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'milepost-wrk {"requests":%d,"durationMicros":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f,"non2xx":%d,"errors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write, e.timeout))
end
