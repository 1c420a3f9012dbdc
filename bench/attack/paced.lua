-- wrk script: a paced flood. Each connection waits DELAY_MS before each request, so C
-- connections send about C * 1000 / DELAY_MS requests a second whatever the answers.
--
--   wrk -t T -c C -d SECONDS --latency -s paced.lua URL -- DELAY_MS [BODIES]
--
-- With BODIES (one JSON body per line) it POSTs them in turn, cycling; without, it GETs URL.
-- The last line, "paced ...", gives the rate sent and the answers by status.

local delay_ms = 10
local bodies = {}
local next_body = 1
statuses = {}  -- a global, so that done() can read it with thread:get

function init(args)
   delay_ms = tonumber(args[1]) or 10
   if args[2] then
      for line in io.lines(args[2]) do table.insert(bodies, line) end
   end
   next_body = math.random(1, math.max(1, #bodies))
end

function delay() return delay_ms end

function request()
   if #bodies == 0 then return wrk.format("GET") end
   local body = bodies[next_body]
   next_body = next_body % #bodies + 1
   return wrk.format("POST", nil, {["Content-Type"] = "application/json"}, body)
end

function response(status)
   statuses[status] = (statuses[status] or 0) + 1
end

local threads = {}
function setup(thread) table.insert(threads, thread) end

function done(summary, latency, requests)
   local counts = {}
   for _, thread in ipairs(threads) do
      local s = thread:get("statuses")
      for status, count in pairs(s) do counts[status] = (counts[status] or 0) + count end
   end
   local parts = {}
   for status, count in pairs(counts) do table.insert(parts, string.format("s%d=%d", status, count)) end
   table.sort(parts)
   io.write(string.format("paced requests=%d rate=%.1f p99_ms=%.3f %s\n", summary.requests,
      summary.requests / (summary.duration / 1e6), latency:percentile(99) / 1000, table.concat(parts, " ")))
end
