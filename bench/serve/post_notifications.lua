-- wrk script: POST /v2/notifications, each request a different body, in file order.
--
--   wrk -t T -c C -d LIMIT --latency -s post_notifications.lua URL -- BODIES T DONE_MARK SECONDS
--
-- BODIES holds one JSON body per line. Thread i (0-based) reads BODIES.i when that file
-- exists (serve.sh splits the bodies so, and no thread reads another's lines); otherwise it
-- sends lines i+1, i+1+T, ... of BODIES. Either way no body is sent twice. A thread stops
-- sending new bodies once its lines run out or SECONDS have passed (whole seconds,
-- os.time), waits for the answers to the ones in flight (a connection that comes free
-- meanwhile stays idle), then stops. The last thread to stop appends to DONE_MARK and
-- interrupts wrk, so the duration wrk reports is the time the run took, not LIMIT; LIMIT
-- only bounds a run that cannot finish (then "in_flight" counts the notifications sent but
-- never answered).
--
-- The last line, "result ...", counts answers: stored, duplicate, other (non-200 or not
-- recognised) and the latency percentiles of all requests.

local threads = {}
local counter = 0

function setup(thread)
   thread:set("id", counter)
   counter = counter + 1
   table.insert(threads, thread)
end

-- Per-thread state. Counters are globals so that done() can read them with thread:get.
local file = nil
local own_file = false
local exhausted = false
local deadline = nil
local statuses = {}
local samples = {}
local nthreads = 1
local me = 0
local mark = nil
local finished = false
-- wrk calls request() once on thread 0's state before the run, to count pipelined requests,
-- and never sends that request: answer that call without consuming a body.
local probed = true
g_issued, g_answered, g_stored, g_duplicate, g_other, g_filler = 0, 0, 0, 0, 0, 0
g_statuses, g_samples, g_timed_out = "", "", 0

function init(args)
   nthreads = tonumber(args[2]) or 1
   mark = args[3]
   deadline = os.time() + (tonumber(args[4]) or 10)
   me = id or 0
   probed = me ~= 0
   file = io.open(args[1] .. "." .. me, "rb")
   own_file = file ~= nil
   if not own_file then
      file = assert(io.open(args[1], "rb"))
      -- skip the lines of the threads before this one
      for _ = 1, me do file:read("*l") end
   end
end

local function next_body()
   if exhausted then return nil end
   if os.time() >= deadline then
      exhausted = true
      g_timed_out = 1
      return nil
   end
   local line = file:read("*l")
   while line ~= nil and #line == 0 do line = file:read("*l") end
   if line == nil then
      exhausted = true
      return nil
   end
   if not own_file then
      for _ = 2, nthreads do file:read("*l") end
   end
   return line
end

-- Ends this thread's run once its bodies are done and every one sent has its answer.
local function finish_when_answered()
   if not exhausted or g_answered < g_issued or finished then return end
   finished = true
   wrk.thread:stop()
   if mark then
      -- system() makes wrk ignore SIGINT until its shell exits, and another thread may be
      -- in system() too when the signal comes: it is sent every 20 ms until wrk is gone
      -- (at most 50 times), or a lost one would leave wrk running until LIMIT.
      os.execute("echo " .. me .. " >> '" .. mark .. "'; if [ $(wc -l < '" .. mark .. "') -ge " ..
         nthreads .. " ]; then p=$PPID; (for i in $(seq 50); do sleep 0.02; kill -INT $p 2>/dev/null || exit 0; done) & fi")
   end
end

-- Once the bodies are done, a connection that comes free gets an empty request: wrk writes
-- nothing and waits for an answer that never comes, so the latency figures hold
-- notifications only. (A delay() function would idle it as well, but then wrk sends every
-- request through a timer: two more epoll changes and a loop turn each.) The request is
-- built by hand: one concatenation, the load generator's CPU is taken from the server's.
local request_head = nil

function request()
   if not probed then
      probed = true
      return wrk.format("GET", "/healthz")
   end
   local body = next_body()
   if body then
      g_issued = g_issued + 1
      if request_head == nil then
         request_head = "POST /v2/notifications HTTP/1.1\r\nHost: " .. wrk.host .. ":" .. wrk.port ..
            "\r\nContent-Type: application/json\r\nContent-Length: "
      end
      return request_head .. #body .. "\r\n\r\n" .. body
   end
   g_filler = g_filler + 1
   -- wrk reads every ready answer before it asks for the next requests: when all of this
   -- thread's answers came in one turn, none is left to end the run in response().
   finish_when_answered()
   return ""
end

function response(status, headers, body)
   -- Every answer is a notification's: the probe is never sent, an idle connection sends nothing.
   g_answered = g_answered + 1
   if status == 200 and string.find(body, '"status":"stored"', 1, true) then
      g_stored = g_stored + 1
   elseif status == 200 and string.find(body, '"status":"duplicate"', 1, true) then
      g_duplicate = g_duplicate + 1
   else
      g_other = g_other + 1
      statuses[status] = (statuses[status] or 0) + 1
      local parts = {}
      for code, n in pairs(statuses) do table.insert(parts, code .. ":" .. n) end
      g_statuses = table.concat(parts, " ")
      if #samples < 3 then
         table.insert(samples, status .. " " .. string.sub(body or "", 1, 200))
         g_samples = table.concat(samples, "\n")
      end
   end
   finish_when_answered()
end

function done(summary, latency, requests)
   local t = { issued = 0, answered = 0, stored = 0, duplicate = 0, other = 0, filler = 0, timed_out = 0 }
   local statuses_all, samples_all = {}, {}
   for _, thread in ipairs(threads) do
      for key, _ in pairs(t) do
         t[key] = t[key] + (thread:get("g_" .. key) or 0)
      end
      local s = thread:get("g_statuses")
      if s and #s > 0 then table.insert(statuses_all, s) end
      local m = thread:get("g_samples")
      if m and #m > 0 then table.insert(samples_all, m) end
   end
   local e = summary.errors
   local ending = "bodies_exhausted"
   if t.timed_out > 0 then ending = "seconds_elapsed" end
   if t.issued > t.answered then ending = "cut_by_limit" end
   io.write(string.format(
      "result sent=%d answered=%d stored=%d duplicate=%d other=%d filler=%d in_flight=%d " ..
      "seconds=%.3f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f " ..
      "socket_errors=%d timeouts=%d ending=%s\n",
      t.issued, t.answered, t.stored, t.duplicate, t.other, t.filler, t.issued - t.answered,
      summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
      latency:percentile(99) / 1000, latency.max / 1000, e.connect + e.read + e.write, e.timeout, ending))
   if t.other > 0 then
      io.write("non-200 answers by status: " .. table.concat(statuses_all, " ") .. "\n")
      io.write("first ones:\n" .. table.concat(samples_all, "\n") .. "\n")
   end
end
