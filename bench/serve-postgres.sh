#!/usr/bin/env bash
# Benchmark of two `agekit serve` instances on one PostgreSQL: durable notifications/s in
# total and latency, with one wrk process per instance on loopback, at the same time. Exits
# non-zero when the stored notifications do not match the 200 "stored" answers, or when any
# answer is not a 200 "stored". See docs/benchmarks.md ("PostgreSQL, two instances").
#
# PostgreSQL: a throwaway cluster (scripts/postgres-cluster, fsync on, synchronous_commit on)
# with the settings of BENCH_PG_SETTINGS applied by ALTER SYSTEM and a restart; or, when
# AGEKIT_BENCH_POSTGRES_URL is set (a libpq URL), that server as it is: the script only
# creates its schemas there and drops them at the end.
#
# Settings (environment): BENCH_SECONDS (10) per run; BENCH_BATCH_SIZE (16) writes per commit; BENCH_POOL_SIZES ("1 2 4 8") pool
# sizes per instance, one run each (a fresh schema per run); BENCH_REPEAT (1) runs per size;
# BENCH_CONNECTIONS (32) wrk connections per instance (one wrk thread each); BENCH_BODIES
# (60000) distinct payloads per instance; BENCH_MIX (TEST,SUBSCRIBED,RESCIND_CONSENT);
# BENCH_PG_SETTINGS (see PG_SETTINGS below; "" keeps the defaults); BENCH_PG_SOCKET (0; 1: the
# instances reach the throwaway cluster by its Unix socket instead of TCP on 127.0.0.1);
# BENCH_PG_WARM_SEGMENTS (64) WAL segments created and recycled before the runs (see below);
# BENCH_KEEP_LOGS (0; 1 keeps both instances' whole request logs, and the throwaway cluster's log, in the results); BENCH_PERF (0; 1 records `perf record -a -g` during each run and writes the CPU share by
# thread name).
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/lib.sh
. "$BENCH_DIR/lib.sh"

RUN_SECONDS=${BENCH_SECONDS:-10}
POOL_SIZES=${BENCH_POOL_SIZES:-1 2 4 8}
REPEAT=${BENCH_REPEAT:-1}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
BODIES=${BENCH_BODIES:-60000}
MIX=${BENCH_MIX:-TEST,SUBSCRIBED,RESCIND_CONSENT}
# What a dedicated database server would set (durability untouched: fsync, synchronous_commit
# and full_page_writes stay on): buffers that hold the working set, a WAL buffer that never
# fills between flushes, checkpoints spaced by time rather than forced by WAL volume, and lz4
# instead of pglz for TOAST compression (each notification stores its 8 KB signed payload:
# pglz spent 29 % of the PostgreSQL backends' CPU trying to compress it).
PG_SETTINGS=${BENCH_PG_SETTINGS-shared_buffers=1GB wal_buffers=64MB max_wal_size=8GB min_wal_size=1GB checkpoint_timeout=15min checkpoint_completion_target=0.9 default_toast_compression=lz4}
PERF=${BENCH_PERF:-0}
WARM_SEGMENTS=${BENCH_PG_WARM_SEGMENTS:-64}
SOCKET=${BENCH_PG_SOCKET:-0}
LIMIT=$((RUN_SECONDS + 60))   # wrk's own bound; a run normally ends by itself long before

require_tools psql
[ "$PERF" = 0 ] || command -v perf >/dev/null || die "BENCH_PERF=1 needs perf"

python_env cryptography   # the payload generator
build_agekit

WORK=$(mktemp -d "${TMPDIR:-/tmp}/agekit-bench-pg.XXXXXX")
chmod 755 "$WORK"
RESULTS=$BENCH_DIR/results/serve-postgres-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$RESULTS"
PIDS=()          # agekit serve instances of the current run
WRK_PIDS=()
PERF_PID=""
OWN_CLUSTER=0
PG_STATE=$WORK/postgres-cluster
SCHEMAS=()       # created on an outside server, dropped at the end

stop_servers() {
    local pid
    for pid in "${PIDS[@]}"; do stop_pid "$pid"; done
    PIDS=()
}
cleanup() {
    set +e
    local pid schema
    for pid in "${WRK_PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    if [ -n "$PERF_PID" ]; then kill -INT "$PERF_PID" 2>/dev/null || true; wait "$PERF_PID" 2>/dev/null || true; fi
    stop_servers
    if [ "$OWN_CLUSTER" = 1 ]; then
        if [ "${BENCH_KEEP_LOGS:-0}" = 1 ] && [ -n "${RESULTS:-}" ]; then cp "$PG_DIR/server.log" "$RESULTS/postgres.log" 2>/dev/null; fi
        AGEKIT_PG_STATE=$PG_STATE "$ROOT/scripts/postgres-cluster" stop || true
    else
        for schema in "${SCHEMAS[@]}"; do
            psql "$PG_URL" -qAtc "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1 || true
        done
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start_agekit() { # PORT STORE_URL LOG
    # The local CA plays Apple (Sandbox payloads): configured as an Apple root, see serve.sh.
    "$AGEKIT" simulate ca --ca-dir "$AGEKIT_DATA/ca" >/dev/null
    AGEKIT_APPLE_ROOTS="$AGEKIT_DATA/ca/root.pem" "$AGEKIT" serve --listen "127.0.0.1:$1" --data-dir "$AGEKIT_DATA" --store "$2" >"$3" 2>&1 &
    local pid=$!
    PIDS+=("$pid")
    wait_ready "http://127.0.0.1:$1/readyz" "$pid" || { cat "$3" >&2; die "agekit serve on port $1 did not start"; }
}

machine_cpu() { # busy and total CPU seconds of the whole machine so far
    awk '/^cpu / {busy = $2 + $3 + $4 + $7 + $8 + $9; total = busy + $5 + $6; printf "%.2f %.2f", busy / 100, total / 100}' /proc/stat
}

pg() { psql "$PG_URL" -X -qAt -v ON_ERROR_STOP=1 "$@"; }

wal_stats() { # commits, WAL records, WAL bytes, WAL flushes (pg_stat_wal.wal_sync)
    pg -F ' ' -c "SELECT (SELECT sum(xact_commit) FROM pg_stat_database), wal_records, wal_bytes, wal_sync FROM pg_stat_wal"
}

# --- PostgreSQL ------------------------------------------------------------------------------
if [ -n "${AGEKIT_BENCH_POSTGRES_URL:-}" ]; then
    PG_URL=$AGEKIT_BENCH_POSTGRES_URL
    POSTMASTER=""
    say "PostgreSQL: the server of AGEKIT_BENCH_POSTGRES_URL, settings left as they are"
else
    say "starting a throwaway PostgreSQL cluster"
    OWN_CLUSTER=1
    PG_URL=$(AGEKIT_PG_STATE=$PG_STATE "$ROOT/scripts/postgres-cluster" start)
    PG_DIR=$(cat "$PG_STATE")
    PG_BIN=$(AGEKIT_PG_STATE=$PG_STATE "$ROOT/scripts/postgres-cluster" tools)
    if [ -n "$PG_SETTINGS" ]; then
        for setting in $PG_SETTINGS; do
            pg -c "ALTER SYSTEM SET ${setting%%=*} = '${setting#*=}'"
        done
        as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
        as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -m fast -w -t 60 restart >/dev/null \
            || { cat "$PG_DIR/server.log" >&2; die "PostgreSQL did not restart with: $PG_SETTINGS"; }
    fi
    POSTMASTER=$(head -n 1 "$PG_DIR/data/postmaster.pid")
    # A fresh cluster has no WAL segment to recycle: at these write rates it creates and
    # zero-fills a new 16 MB segment about every 0.4 s, and every commit waits meanwhile (a
    # stall of all in-flight requests, at that period). A server that has been running
    # writes into recycled segments; so do the runs here: segments are created now, and a
    # checkpoint before each run recycles them.
    say "warming PostgreSQL's WAL: $WARM_SEGMENTS segments to recycle"
    pg -c "CREATE TABLE bench_wal_warmup (a INT)" >/dev/null
    for _ in $(seq 1 "$WARM_SEGMENTS"); do
        pg -c "INSERT INTO bench_wal_warmup VALUES (1)" -c "SELECT pg_switch_wal()" >/dev/null
    done
    pg -c "DROP TABLE bench_wal_warmup" -c "CHECKPOINT" >/dev/null
fi
pg -c "SELECT 1" >/dev/null || die "cannot reach PostgreSQL"
STORE_BASE=$PG_URL
if [ "$SOCKET" = 1 ]; then
    [ "$OWN_CLUSTER" = 1 ] || die "BENCH_PG_SOCKET=1 needs the throwaway cluster"
    STORE_BASE="postgresql://postgres@/postgres?host=$PG_DIR&port=$(cat "$PG_DIR/port")"
    say "the instances connect through the cluster's Unix socket"
fi
case "$STORE_BASE" in *\?*) STORE_BASE="$STORE_BASE&" ;; *) STORE_BASE="$STORE_BASE?" ;; esac

# --- machine ---------------------------------------------------------------------------------
FSYNC_DIR=$WORK
[ "$OWN_CLUSTER" = 1 ] && FSYNC_DIR=$PG_DIR
FSYNC_MS=$(sync_median_ms "$FSYNC_DIR" 8192)
{
    say "machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), $(uname -sr)"
    say "load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg); fdatasync of 8 KiB next to the database: median $FSYNC_MS ms"
    say "$(wrk --version 2>&1 | head -n 1 | cut -d' ' -f1-2), $(swift --version 2>&1 | head -n 1)"
    say "PostgreSQL: $(pg -c 'SHOW server_version')"
    say "settings: $(pg -F '=' -c "SELECT name, current_setting(name) FROM pg_settings WHERE name IN
        ('fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method', 'commit_delay', 'commit_siblings',
         'shared_buffers', 'wal_buffers', 'max_wal_size', 'checkpoint_timeout', 'wal_writer_delay', 'max_connections',
         'default_toast_compression')
        ORDER BY name" | tr '\n' ' ')"
    openssl_reference
} | tee "$RESULTS/machine.txt"
for setting in fsync synchronous_commit; do
    [ "$(pg -c "SHOW $setting")" = on ] || say "WARNING: $setting is not on: the figures are not durable ones"
done

# wrk: the notification script, plus a dump of its latency quantiles (every 0.1 % up to 99 %,
# every 0.01 % above; this wrk gives no access to the raw histogram from Lua), so the two
# processes' distributions can be merged, weighted by their request counts.
cat >"$WORK/post_with_quantiles.lua" <<'LUAEOF'
dofile(os.getenv("BENCH_SCRIPT"))
local script_done = done
function done(summary, latency, requests)
   script_done(summary, latency, requests)
   local out = assert(io.open(os.getenv("BENCH_QUANTILES"), "w"))
   out:write(string.format("n %d\n", summary.requests))
   for i = 1, 990 do out:write(string.format("%.2f %d\n", i / 10, latency:percentile(i / 10))) end
   for i = 9901, 9999 do out:write(string.format("%.2f %d\n", i / 100, latency:percentile(i / 100))) end
   out:write(string.format("100.00 %d\n", latency.max))   -- percentile(100) answers 0 in wrk 4.1
   out:close()
end
LUAEOF

AGEKIT_DATA=$WORK/agekit
BODIES_A=$WORK/bodies-a.jsonl
BODIES_B=$WORK/bodies-b.jsonl

# The bodies are signed by the local test CA that `agekit serve` creates in its data
# directory on first start: start it once on a scratch SQLite file for that, before any run.
seed_port=$(free_port)
"$AGEKIT" simulate ca --ca-dir "$AGEKIT_DATA/ca" >/dev/null
AGEKIT_APPLE_ROOTS="$AGEKIT_DATA/ca/root.pem" "$AGEKIT" serve --listen "127.0.0.1:$seed_port" --data-dir "$AGEKIT_DATA" --store "sqlite:$WORK/seed.sqlite" \
    >"$WORK/agekit-seed.log" 2>&1 &
seed_pid=$!
PIDS+=("$seed_pid")   # stopped by the exit trap if anything fails meanwhile
wait_ready "http://127.0.0.1:$seed_port/readyz" "$seed_pid" || { cat "$WORK/agekit-seed.log" >&2; die "agekit serve did not start"; }
kill -TERM "$seed_pid"
wait "$seed_pid" || true
PIDS=()
say "generating $((2 * BODIES)) signed notifications (Sandbox; cycling $MIX), half for each instance"
"$PY" "$SERVE_DIR/gen_payloads.py" --ca "$AGEKIT_DATA/ca" --count "$((2 * BODIES))" --mix "$MIX" --out "$WORK/bodies.jsonl"
awk 'NR % 2 == 1' "$WORK/bodies.jsonl" >"$BODIES_A"
awk 'NR % 2 == 0' "$WORK/bodies.jsonl" >"$BODIES_B"
rm -f "$WORK/bodies.jsonl"
# Write the ~1 GB of bodies out before the runs: left to the kernel, its writeback landed
# about 30 s later, inside a run, and stalled every commit's fsync for a few hundred ms.
sync
FAILED=0
SUMMARY_LINES=()

run_one() { # POOL RUN_INDEX
    local pool=$1 index=$2 schema=bench_pool$1_run$2_$$
    local name="pool${pool}-run${index}"
    pg -c "CREATE SCHEMA $schema"
    [ "$OWN_CLUSTER" = 0 ] || pg -c "CHECKPOINT" >/dev/null
    [ "$OWN_CLUSTER" = 1 ] || SCHEMAS+=("$schema")
    local store="${STORE_BASE}schema=$schema&pool_size=$pool&batch_size=${BENCH_BATCH_SIZE:-16}"
    local port_a port_b
    port_a=$(free_port)
    start_agekit "$port_a" "$store" "$WORK/agekit-a.log"
    port_b=$(free_port)
    start_agekit "$port_b" "$store" "$WORK/agekit-b.log"
    say ""
    say "== run $name: two agekit serve instances (127.0.0.1:$port_a, 127.0.0.1:$port_b), pool_size=$pool each, schema $schema"

    local cpu_a0 cpu_b0 pg0 machine0 wal0
    cpu_a0=$(cpu_seconds "${PIDS[0]}"); cpu_b0=$(cpu_seconds "${PIDS[1]}")
    pg0=0; [ -z "$POSTMASTER" ] || pg0=$(cpu_seconds "$POSTMASTER")
    wal0=$(wal_stats)
    # start both wrk processes early in a second: the script's deadline counts whole seconds
    sleep "$("$PY" -c 'import time; print(f"{1.02 - time.time() % 1:.3f}")')"
    machine0=$(machine_cpu)
    say "wrk -t1 -c$CONNECTIONS --latency, twice at once (one per instance): POST /v2/notifications for ${RUN_SECONDS} s"
    WRK_PIDS=()
    local side port bodies
    for side in a b; do
        if [ "$side" = a ]; then port=$port_a; bodies=$BODIES_A; else port=$port_b; bodies=$BODIES_B; fi
        rm -f "$WORK/done-$side"
        BENCH_SCRIPT=$SERVE_DIR/post_notifications.lua BENCH_QUANTILES=$WORK/quantiles-$side \
            /usr/bin/time -f '%U %S' -o "$WORK/wrk-cpu-$side" \
            wrk -t1 -c"$CONNECTIONS" -d"${LIMIT}s" --timeout 30s --latency -s "$WORK/post_with_quantiles.lua" \
            "http://127.0.0.1:$port" -- "$bodies" 1 "$WORK/done-$side" "$RUN_SECONDS" >"$RESULTS/wrk-$name-$side.txt" 2>&1 &
        WRK_PIDS+=("$!")
    done
    if [ "$PERF" = 1 ]; then
        sleep 1
        perf record -a -g -o "$RESULTS/perf-$name.data" -- sleep "$((RUN_SECONDS - 2))" >"$WORK/perf.log" 2>&1 &
        PERF_PID=$!
    fi
    local pid
    for pid in "${WRK_PIDS[@]}"; do wait "$pid" || true; done
    WRK_PIDS=()
    local machine1
    machine1=$(machine_cpu)
    if [ -n "$PERF_PID" ]; then wait "$PERF_PID" || true; PERF_PID=""; fi

    local cpu_a1 cpu_b1 pg1 wal1
    cpu_a1=$(cpu_seconds "${PIDS[0]}"); cpu_b1=$(cpu_seconds "${PIDS[1]}")
    pg1=0; [ -z "$POSTMASTER" ] || pg1=$(cpu_seconds "$POSTMASTER")
    wal1=$(wal_stats)
    curl -s "http://127.0.0.1:$port_a/metrics" >"$RESULTS/metrics-$name-a.txt" || true
    curl -s "http://127.0.0.1:$port_b/metrics" >"$RESULTS/metrics-$name-b.txt" || true
    stop_servers
    if [ "${BENCH_KEEP_LOGS:-0}" = 1 ]; then
        cp "$WORK/agekit-a.log" "$RESULTS/agekit-full-$name-a.log"
        cp "$WORK/agekit-b.log" "$RESULTS/agekit-full-$name-b.log"
    fi
    tail -n 3 "$WORK/agekit-a.log" >"$RESULTS/agekit-log-$name-a.txt" || true
    tail -n 3 "$WORK/agekit-b.log" >"$RESULTS/agekit-log-$name-b.txt" || true

    local line_a line_b rows
    line_a=$(grep '^result ' "$RESULTS/wrk-$name-a.txt" || true)
    line_b=$(grep '^result ' "$RESULTS/wrk-$name-b.txt" || true)
    [ -n "$line_a" ] && [ -n "$line_b" ] || { cat "$RESULTS/wrk-$name-"*.txt >&2; die "a wrk printed no result in $name"; }
    grep -hE '^(non-200|first ones)' -A3 "$RESULTS/wrk-$name-a.txt" "$RESULTS/wrk-$name-b.txt" || true
    rows=$(pg -c "SELECT count(*) FROM $schema.notifications")

    local line
    line=$("$PY" - "$line_a" "$line_b" "$WORK/quantiles-a" "$WORK/quantiles-b" "$rows" \
        "$cpu_a0 $cpu_a1 $cpu_b0 $cpu_b1 $pg0 $pg1 $machine0 $machine1" \
        "$(tail -n 1 "$WORK/wrk-cpu-a") $(tail -n 1 "$WORK/wrk-cpu-b")" "$wal0" "$wal1" "$pool" "$name" "$POSTMASTER" <<'PYEOF'
import sys
def parse(line):
    return {k: v for k, v in (item.split("=", 1) for item in line.split()[1:])}
a, b = parse(sys.argv[1]), parse(sys.argv[2])
sides = []
for path in sys.argv[3:5]:
    try:
        lines = [text.split() for text in open(path)]
        sides.append((int(lines[0][1]), [(float(p), int(v)) for p, v in lines[1:]]))
    except (OSError, IndexError, ValueError):
        pass
def percentile(p):
    # smallest latency at which the weighted share of both distributions reaches p
    total = sum(n for n, _ in sides)
    if total == 0 or len(sides) != 2:
        return float("nan")
    def share(x):
        return sum(n * max([q for q, v in points if v <= x], default=0.0) for n, points in sides) / total
    for x in sorted({v for _, points in sides for _, v in points}):
        if share(x) >= p - 1e-9:
            return x / 1000
    return float("nan")
rows = int(sys.argv[5])
ca0, ca1, cb0, cb1, pg0, pg1, m0busy, m0total, m1busy, m1total = map(float, sys.argv[6].split())
wa_u, wa_s, wb_u, wb_s = map(float, sys.argv[7].split())
w0, w1 = [list(map(int, s.split())) for s in (sys.argv[8], sys.argv[9])]
stored = int(a["stored"]) + int(b["stored"])
answered = int(a["answered"]) + int(b["answered"])
rate = int(a["stored"]) / float(a["seconds"]) + int(b["stored"]) / float(b["seconds"])
per = lambda seconds: seconds / max(answered, 1) * 1e6
commits, records, wal_bytes, syncs = (w1[i] - w0[i] for i in range(4))
ok = (rows == stored and all(int(r[k]) == 0 for r in (a, b) for k in ("other", "duplicate", "in_flight")))
fields = {
    "run": sys.argv[11], "pool": sys.argv[10], "durable_per_s": f"{rate:.0f}",
    "combined_p50_ms": f"{percentile(50):.2f}", "combined_p99_ms": f"{percentile(99):.2f}",
    "worse_p99_ms": f"{max(float(a['p99_ms']), float(b['p99_ms'])):.2f}",
    "max_ms": f"{max(float(a['max_ms']), float(b['max_ms'])):.2f}",
    "stored": stored, "rows": rows, "seconds": f"{max(float(a['seconds']), float(b['seconds'])):.2f}",
    "rate_a": f"{int(a['stored']) / float(a['seconds']):.0f}", "rate_b": f"{int(b['stored']) / float(b['seconds']):.0f}",
    "agekit_cpu_us": f"{per(ca1 - ca0 + cb1 - cb0):.0f}",
    "postgres_cpu_us": f"{per(pg1 - pg0):.0f}" if sys.argv[12] else "n/a",
    "wrk_cpu_us": f"{per(wa_u + wa_s + wb_u + wb_s):.0f}",
    "machine_busy_us": f"{per(m1busy - m0busy):.0f}",
    "machine_busy_share": f"{(m1busy - m0busy) / max(m1total - m0total, 0.01):.2f}",
    "commits_per_wal_flush": f"{commits / max(syncs, 1):.1f}",
    "wal_kb_per_notification": f"{wal_bytes / max(stored, 1) / 1024:.1f}",
    "ok": "yes" if ok else "NO",
}
print(" ".join(f"{k}={v}" for k, v in fields.items()))
PYEOF
)
    say "$line" | tee -a "$RESULTS/runs.txt"
    SUMMARY_LINES+=("$line")
    local other_a other_b
    other_a=$(field other "$line_a"); other_b=$(field other "$line_b")
    if [ "$(field ok "$line")" != yes ]; then
        say "MISMATCH $name: $rows rows stored, $(field stored "$line") answered 200 stored;" \
            "a: $line_a; b: $line_b"
        FAILED=1
    else
        say "check $name: $rows notifications in the store = $(field stored "$line") answers 200 stored; no other answer"
    fi
    if [ "$PERF" = 1 ] && [ -f "$RESULTS/perf-$name.data" ]; then
        perf report -i "$RESULTS/perf-$name.data" --no-children --sort comm --stdio 2>/dev/null \
            | grep -E '^ +[0-9]' | head -n 25 >"$RESULTS/perf-$name-by-thread.txt" || true
        say "perf, share of all samples by thread name ($RESULTS/perf-$name-by-thread.txt):"
        head -n 12 "$RESULTS/perf-$name-by-thread.txt" || true
    fi
    # The run's tables are not needed any more. Left in place, autovacuum works through them
    # during the next runs: CPU per notification rose run after run (333 to 390 µs over five).
    pg -c "DROP SCHEMA $schema CASCADE" >/dev/null
}

for pool in $POOL_SIZES; do
    for index in $(seq 1 "$REPEAT"); do
        run_one "$pool" "$index"
    done
done

# --- summary ---------------------------------------------------------------------------------
"$PY" - "${SUMMARY_LINES[@]}" <<'PYEOF' | tee "$RESULTS/summary.txt"
import sys
runs = [dict(item.split("=", 1) for item in line.split()) for line in sys.argv[1:]]
print()
print(f"{'run':<14}{'durable/s':>10}{'p50 ms':>8}{'p99 ms':>8}{'worse p99':>10}{'stored':>9}"
      f"{'agekit CPU':>12}{'PG CPU':>9}{'wrk CPU':>9}{'machine':>9}{'commits/flush':>15}")
for r in runs:
    print(f"{r['run']:<14}{int(r['durable_per_s']):>10,}{float(r['combined_p50_ms']):>8.2f}"
          f"{float(r['combined_p99_ms']):>8.2f}{float(r['worse_p99_ms']):>10.2f}{int(r['stored']):>9,}"
          f"{r['agekit_cpu_us']:>9} us{r['postgres_cpu_us']:>6} us{r['wrk_cpu_us']:>6} us"
          f"{r['machine_busy_us']:>6} us{r['commits_per_wal_flush']:>15}")
print("(durable/s: the two instances' 200 stored answers / duration, summed; p50, p99: of both wrk")
print(" distributions merged; CPU: user + system time per notification of both agekit processes, of the")
print(" PostgreSQL server's processes, of both wrk, and of the whole machine, other jobs included)")
print()
for r in runs:
    rate, p99 = int(r["durable_per_s"]), max(float(r["combined_p99_ms"]), float(r["worse_p99_ms"]))
    verdict = lambda ok: "met" if ok else "MISSED"
    print(f"{r['run']}: >= 4,000 durable/s: {rate:,} -> {verdict(rate >= 4000)}; "
          f"p99 <= 25 ms: {p99:.2f} -> {verdict(p99 <= 25)}; stored = acknowledged: {r['ok']}")
PYEOF
say "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$RESULTS/summary.txt"
say "raw output: $RESULTS"
if [ "$FAILED" != 0 ]; then
    say "FAILED: the store does not match the answers"
    exit 1
fi
