-- wrk script for the reload-under-load run of scripts/serve-bench.sh: as post.lua, and every response must be a
-- 200 whose Placement-Rules-Version is one of $VERSIONS (comma-separated); the others are counted and printed.
local file = io.open(os.getenv("BODY_FILE"), "rb")
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
local allowed = {}
for version in string.gmatch(os.getenv("VERSIONS"), "[^,]+") do allowed[version] = true end
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  torn = 0
  seen = {}
end

function response(status, headers, body)
  local version = headers["Placement-Rules-Version"]
  if status ~= 200 or not allowed[version] then torn = torn + 1 end
  if version then seen[version] = true end
end

function done(summary, latency, requests)
  local torn, versions = 0, {}
  for _, thread in ipairs(threads) do
    torn = torn + thread:get("torn")
    for version in pairs(thread:get("seen")) do versions[version] = true end
  end
  local names = {}
  for version in pairs(versions) do table.insert(names, version) end
  table.sort(names)
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "RESULT requests=%d rps=%.0f p50_us=%d p99_us=%d p999_us=%d errors=%d non2xx=%d unpublished=%d versions=%s\n",
    summary.requests, summary.requests / seconds, latency:percentile(50), latency:percentile(99),
    latency:percentile(99.9), summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.status + summary.errors.timeout, summary.errors.status, torn, table.concat(names, ",")))
end
