-- wrk script for scripts/serve-bench.sh: POSTs the body in $BODY_FILE with Content-Type JSON, and at the end
-- prints one line of figures: requests/s, latency percentiles (µs), errors.
local file = io.open(os.getenv("BODY_FILE"), "rb")
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status
    + summary.errors.timeout
  io.write(string.format(
    "RESULT requests=%d rps=%.0f p50_us=%d p99_us=%d p999_us=%d max_us=%d errors=%d non2xx=%d\n",
    summary.requests, summary.requests / seconds, latency:percentile(50), latency:percentile(99),
    latency:percentile(99.9), latency.max, errors, summary.errors.status))
end
