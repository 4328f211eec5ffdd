-- wrk's report for bench/load.ts: one line, "milepost-wrk " and JSON (wrk's own Lua API:
-- done(summary, latency, requests); latency in microseconds). docs/trips-query-plans.md,
-- "A load generator that stays out of the way".
--
-- The first request of each connection is sent after `warm` ms (the script's arguments, after
-- `--`: connections and warm): Node 20's libuv accepts one new connection per turn of the event
-- loop, so under load the first requests of a burst of fresh connections wait for their accept,
-- which measures connection set-up, not serving (docs/trips-query-plans.md "Where the ratio
-- stops"). wrk asks delay() before every request; the first `connections` asks are the first
-- requests, sent before any answer can arrive.
local firsts, warm, asked = 0, 0, 0

init = function(args)
  firsts = tonumber(args[1]) or 0
  warm = tonumber(args[2]) or 0
end

delay = function()
  asked = asked + 1
  if asked <= firsts then return warm end
  return 0
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'milepost-wrk {"requests":%d,"durationMicros":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f,"non2xx":%d,"errors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write, e.timeout))
end
