-- wrk script: a paced flood. Each connection waits DELAY_MS before each request, so C
-- connections send about C * 1000 / DELAY_MS requests a second whatever the answers. With
-- "rate:N" instead, each wrk thread sends N requests a second on a schedule of its own
-- (each request takes the next free slot, whatever the answers' latency), as long as its
-- connections are enough to have one free when a slot comes.
--
--   wrk -t T -c C -d SECONDS --latency -s paced.lua URL -- DELAY_MS|rate:N [BODIES [close]]
--
-- With BODIES (one JSON body per line) it POSTs them in turn, cycling; without, it GETs URL.
-- With "close" each request asks for its connection to be closed after the answer, so every
-- request pays for a connection of its own.
-- The last line, "paced ...", gives the rate answered, the answers by status, and the
-- requests whose connection was cut without an answer (errors; sent_rate counts them too). Requests are
-- formatted once, in init: formatting a body for every request cost wrk more CPU than the
-- server spent refusing it.

local ffi = require("ffi")
ffi.cdef [[
   typedef struct { long tv_sec; long tv_nsec; } agekit_timespec;
   int clock_gettime(int clock, agekit_timespec *now);
]]
local now_buffer = ffi.new("agekit_timespec")
local function now_ms()
   ffi.C.clock_gettime(1, now_buffer)  -- CLOCK_MONOTONIC
   return tonumber(now_buffer.tv_sec) * 1000 + tonumber(now_buffer.tv_nsec) / 1e6
end

local delay_ms = 10
local interval_ms = nil  -- rate mode: the thread's time between two requests
local next_slot = nil
local requests = {}
local next_request = 1
statuses = {}  -- a global, so that done() can read it with thread:get

function init(args)
   local rate = args[1] and args[1]:match("^rate:(%d+)$")
   if rate then
      interval_ms = 1000 / tonumber(rate)
   else
      delay_ms = tonumber(args[1]) or 10
   end
   local headers = {["Content-Type"] = "application/json"}
   if args[3] == "close" then headers["Connection"] = "close" end
   if args[2] then
      -- BODIES.N, when it exists, is this thread's own (as bench/serve.sh splits them), so
      -- that no two threads send the same body.
      local own = args[2] .. "." .. (thread_id or 0)
      local file = io.open(own) and own or args[2]
      for line in io.lines(file) do
         table.insert(requests, wrk.format("POST", nil, headers, line))
      end
   end
   if #requests == 0 then requests = {wrk.format("GET")} end
   next_request = math.random(1, #requests)
end

function delay()
   if not interval_ms then return delay_ms end
   local now = now_ms()
   -- A slot missed by more than a second is dropped: no burst to catch up.
   next_slot = math.max((next_slot or now) + interval_ms, now - 1000)
   return math.max(0, math.floor(next_slot - now))
end

function request()
   local formatted = requests[next_request]
   next_request = next_request % #requests + 1
   return formatted
end

function response(status)
   statuses[status] = (statuses[status] or 0) + 1
end

local threads = {}
function setup(thread)
   thread:set("thread_id", #threads)
   table.insert(threads, thread)
end

function done(summary, latency, requests)
   local counts = {}
   for _, thread in ipairs(threads) do
      local s = thread:get("statuses")
      for status, count in pairs(s) do counts[status] = (counts[status] or 0) + count end
   end
   local parts = {}
   for status, count in pairs(counts) do table.insert(parts, string.format("s%d=%d", status, count)) end
   table.sort(parts)
   -- A request whose connection the server cut without an answer counts as an error, not a request.
   local e = summary.errors
   local errors = e.connect + e.read + e.write + e.timeout
   io.write(string.format(
      "paced requests=%d rate=%.1f p99_ms=%.3f errors=%d sent_rate=%.1f p50_ms=%.3f p90_ms=%.3f max_ms=%.3f %s\n",
      summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(99) / 1000, errors,
      (summary.requests + errors) / (summary.duration / 1e6), latency:percentile(50) / 1000,
      latency:percentile(90) / 1000, latency.max / 1000, table.concat(parts, " ")))
end
