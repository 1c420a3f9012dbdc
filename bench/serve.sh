#!/usr/bin/env bash
# Benchmark of `agekit serve`: durable notifications/s and latency with wrk on loopback,
# against a Python peer receiver (FastAPI, uvicorn, Apple's app-store-server-library,
# SQLite), then /healthz alone. Exits non-zero when the stored notifications do not match the
# 200 answers, or when any answer is not a 200. See docs/benchmarks.md.
#
# Settings (environment): BENCH_SECONDS (10) per notification run, BENCH_AGEKIT_BODIES (150000)
# and BENCH_PEER_BODIES (20000) distinct payloads at most, BENCH_THREADS (2) and
# BENCH_CONNECTIONS (64) for wrk, BENCH_PEER_WORKERS (2) uvicorn workers, BENCH_HEALTHZ_SECONDS (5),
# BENCH_MIX (TEST,SUBSCRIBED,RESCIND_CONSENT) the notification types cycled through,
# BENCH_PACED_RUNS (5) runs of BENCH_PACED_SECONDS (8) paced at half the saturated rate.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/lib.sh
. "$BENCH_DIR/lib.sh"

RUN_SECONDS=${BENCH_SECONDS:-10}
AGEKIT_BODIES=${BENCH_AGEKIT_BODIES:-150000}
PEER_BODIES=${BENCH_PEER_BODIES:-20000}
THREADS=${BENCH_THREADS:-2}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
PEER_WORKERS=${BENCH_PEER_WORKERS:-2}
HEALTHZ_SECONDS=${BENCH_HEALTHZ_SECONDS:-5}
MIX=${BENCH_MIX:-TEST,SUBSCRIBED,RESCIND_CONSENT}
PACED_RUNS=${BENCH_PACED_RUNS:-5}
PACED_SECONDS=${BENCH_PACED_SECONDS:-8}
LIMIT=$((RUN_SECONDS + 60))   # wrk's own bound; a run normally ends by itself long before

require_tools
python_env "appstoreserverlibrary, fastapi, uvicorn, cryptography"

# --- agekit ----------------------------------------------------------------------------------
build_agekit

WORK=$(mktemp -d "${TMPDIR:-/tmp}/agekit-bench-serve.XXXXXX")
RESULTS=$BENCH_DIR/results/serve-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$RESULTS"
SERVER_PID=""

stop_server() {
    [ -n "$SERVER_PID" ] || return 0
    stop_pid "$SERVER_PID"
    SERVER_PID=""
}
cleanup() {
    stop_server
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start_agekit() { # PORT DATA_DIR LOG
    # The local CA plays Apple here (the peer verifies Sandbox payloads): configured as an
    # Apple root, it is trusted for Sandbox too, not only for LocalTesting and Xcode.
    "$AGEKIT" simulate ca --ca-dir "$2/ca" >/dev/null
    AGEKIT_APPLE_ROOTS="$2/ca/root.pem" "$AGEKIT" serve --listen "127.0.0.1:$1" --data-dir "$2" >"$3" 2>&1 &
    SERVER_PID=$!
    wait_ready "http://127.0.0.1:$1/healthz" "$SERVER_PID" || { cat "$3" >&2; die "agekit serve did not start"; }
}

start_peer() { # PORT DB LOG
    PEER_DB=$2 PEER_ROOT=$AGEKIT_DATA/ca/root.pem "$VENV/bin/uvicorn" app:app \
        --app-dir "$SERVE_DIR/python_peer" --host 127.0.0.1 --port "$1" --workers "$PEER_WORKERS" \
        --no-access-log --log-level warning >"$3" 2>&1 &
    SERVER_PID=$!
    wait_ready "http://127.0.0.1:$1/healthz" "$SERVER_PID" || { cat "$3" >&2; die "the Python peer did not start"; }
}

count_rows() { # DB
    "$PY" - "$1" <<'PYEOF'
import sqlite3, sys
connection = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
print(connection.execute("SELECT count(*) FROM notifications").fetchone()[0])
PYEOF
}

FAILED=0
run_notifications() { # NAME URL BODIES DB -> sets RESULT_LINE
    local name=$1 url=$2 bodies=$3 out=$RESULTS/wrk-$1.txt mark=$WORK/done-$1
    rm -f "$mark"
    local cpu_before wrk_cpu
    cpu_before=$(cpu_seconds "$SERVER_PID")
    say "wrk -t$THREADS -c$CONNECTIONS --latency: POST /v2/notifications to $name for ${RUN_SECONDS} s (at most $(wc -l <"$bodies") distinct payloads)"
    /usr/bin/time -f '%U %S' -o "$WORK/wrk-cpu-$name" \
        wrk -t"$THREADS" -c"$CONNECTIONS" -d"${LIMIT}s" --timeout 30s --latency \
        -s "$SERVE_DIR/post_notifications.lua" "$url" -- "$bodies" "$THREADS" "$mark" "$RUN_SECONDS" >"$out" 2>&1 || true
    RESULT_LINE=$(grep '^result ' "$out" || true)
    [ -n "$RESULT_LINE" ] || { cat "$out" >&2; die "wrk printed no result for $name"; }
    wrk_cpu=$(awk '{printf "%.2f", $1 + $2}' "$WORK/wrk-cpu-$name")
    RESULT_LINE="$RESULT_LINE server_cpu_s=$(awk -v a="$cpu_before" -v b="$(cpu_seconds "$SERVER_PID")" 'BEGIN {printf "%.2f", b - a}') wrk_cpu_s=$wrk_cpu"
    say "$RESULT_LINE" >>"$out"
    grep -E '^(non-200|first ones)' -A3 "$out" || true
}

check_stored() { # NAME DB
    local stored other duplicate in_flight rows
    stored=$(field stored "$RESULT_LINE"); other=$(field other "$RESULT_LINE")
    duplicate=$(field duplicate "$RESULT_LINE"); in_flight=$(field in_flight "$RESULT_LINE")
    rows=$(count_rows "$2")
    if [ "$rows" != "$stored" ] || [ "$other" != 0 ] || [ "$duplicate" != 0 ] || [ "$in_flight" != 0 ]; then
        say "MISMATCH $1: $rows rows stored, $stored answered 200 stored, $duplicate duplicate, $other other, $in_flight unanswered"
        FAILED=1
    else
        say "check $1: $rows notifications in the store = $stored answers 200 stored; no other answer"
    fi
}

# --- machine ---------------------------------------------------------------------------------
FSYNC_MS=$(sync_median_ms "$WORK" 4096)
{
    say "machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), $(uname -sr)"
    say "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg); fdatasync of 4 KiB in $WORK: median $FSYNC_MS ms"
    say "$(wrk --version 2>&1 | head -n 1 | cut -d' ' -f1-2), $("$PY" --version), $(swift --version 2>&1 | head -n 1)"
    openssl_reference
} | tee "$RESULTS/machine.txt"

# --- agekit serve ----------------------------------------------------------------------------
AGEKIT_DATA=$WORK/agekit
AGEKIT_PORT=$(free_port)
start_agekit "$AGEKIT_PORT" "$AGEKIT_DATA" "$WORK/agekit.log"
say "agekit serve on 127.0.0.1:$AGEKIT_PORT, data in a temporary directory"

BODIES=$WORK/bodies.jsonl
TOTAL_BODIES=$(( AGEKIT_BODIES > PEER_BODIES ? AGEKIT_BODIES : PEER_BODIES ))
say "generating $TOTAL_BODIES signed notifications (Sandbox; cycling $MIX)"
"$PY" "$SERVE_DIR/gen_payloads.py" --ca "$AGEKIT_DATA/ca" --count "$TOTAL_BODIES" --mix "$MIX" --out "$BODIES"
AGEKIT_FILE=$BODIES
if [ "$AGEKIT_BODIES" -lt "$TOTAL_BODIES" ]; then AGEKIT_FILE=$WORK/bodies-agekit.jsonl; head -n "$AGEKIT_BODIES" "$BODIES" >"$AGEKIT_FILE"; fi
PEER_FILE=$BODIES
if [ "$PEER_BODIES" -lt "$TOTAL_BODIES" ]; then PEER_FILE=$WORK/bodies-peer.jsonl; head -n "$PEER_BODIES" "$BODIES" >"$PEER_FILE"; fi
# One file per wrk thread (FILE.0, FILE.1, ...), read by that thread alone: striding through
# one shared file made each thread read every line.
split_per_thread() { # FILE
    awk -v t="$THREADS" -v f="$1" '{ print > (f "." ((NR - 1) % t)) }' "$1"
}
split_per_thread "$AGEKIT_FILE"
[ "$PEER_FILE" = "$AGEKIT_FILE" ] || split_per_thread "$PEER_FILE"
# Write the bodies out now: left to the kernel, their writeback lands inside a run and
# stalls commits' fsyncs.
sync

run_notifications agekit "http://127.0.0.1:$AGEKIT_PORT" "$AGEKIT_FILE"
AGEKIT_LINE=$RESULT_LINE
curl -s "http://127.0.0.1:$AGEKIT_PORT/metrics" >"$RESULTS/agekit-metrics.txt" || true
stop_server
tail -n 3 "$WORK/agekit.log" >"$RESULTS/agekit-log-tail.txt" || true
check_stored agekit "$AGEKIT_DATA/agekit.sqlite"

# --- agekit paced at half its saturated rate -------------------------------------------------
# Each connection keeps to a schedule whatever the answers (bench/attack/paced.lua), so a stall
# shows in the latency instead of slowing the load down; each run on a fresh server and store.
PACED_RATE=$(awk -v n="$(field stored "$AGEKIT_LINE")" -v s="$(field seconds "$AGEKIT_LINE")" \
    'BEGIN {printf "%d", n / s / 2}')
say "paced: $PACED_RUNS runs of ${PACED_SECONDS} s at $PACED_RATE/s (half the saturated rate), $CONNECTIONS connections"
: >"$RESULTS/paced.txt"
for run in $(seq 1 "$PACED_RUNS"); do
    mkdir -p "$WORK/paced-$run"
    cp -r "$AGEKIT_DATA/ca" "$WORK/paced-$run/ca"
    start_agekit "$AGEKIT_PORT" "$WORK/paced-$run" "$WORK/agekit-paced.log"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${PACED_SECONDS}s" --timeout 10s --latency -s "$BENCH_DIR/attack/paced.lua" \
        "http://127.0.0.1:$AGEKIT_PORT/v2/notifications" -- "rate:$((PACED_RATE / THREADS))" "$AGEKIT_FILE" \
        >"$RESULTS/wrk-paced-$run.txt" 2>&1 || true
    stop_server
    rm -rf "$WORK/paced-$run"
    line=$(grep '^paced ' "$RESULTS/wrk-paced-$run.txt") || { cat "$RESULTS/wrk-paced-$run.txt" >&2; die "wrk printed no paced line"; }
    say "$line" >>"$RESULTS/paced.txt"
    say "  run $run: $(field rate "$line")/s answered, p50 $(field p50_ms "$line") ms, p90 $(field p90_ms "$line") ms, p99 $(field p99_ms "$line") ms, max $(field max_ms "$line") ms, errors $(field errors "$line")"
done
PACED_MET=$(awk '{for (i = 1; i <= NF; i++) if ($i ~ /^p99_ms=/ && substr($i, 8) + 0 <= 10) n++} END {print n + 0}' "$RESULTS/paced.txt")

# --- the Python peer -------------------------------------------------------------------------
PEER_PORT=$(free_port)
start_peer "$PEER_PORT" "$WORK/peer.sqlite" "$WORK/peer.log"
say "Python peer (FastAPI, uvicorn --workers $PEER_WORKERS) on 127.0.0.1:$PEER_PORT"
run_notifications python "http://127.0.0.1:$PEER_PORT" "$PEER_FILE"
PEER_LINE=$RESULT_LINE
stop_server
cp "$WORK/peer.log" "$RESULTS/peer.log" 2>/dev/null || true
check_stored python "$WORK/peer.sqlite"

# --- /healthz alone on agekit ----------------------------------------------------------------
start_agekit "$AGEKIT_PORT" "$AGEKIT_DATA" "$WORK/agekit-healthz.log"
say "wrk -t$THREADS -c$CONNECTIONS --latency: GET /healthz on agekit for ${HEALTHZ_SECONDS} s"
HEALTHZ_CPU_BEFORE=$(cpu_seconds "$SERVER_PID")
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${HEALTHZ_SECONDS}s" --latency "http://127.0.0.1:$AGEKIT_PORT/healthz" \
    >"$RESULTS/wrk-healthz.txt" 2>&1 || true
HEALTHZ_CPU=$(awk -v a="$HEALTHZ_CPU_BEFORE" -v b="$(cpu_seconds "$SERVER_PID")" 'BEGIN {printf "%.2f", b - a}')
stop_server
HEALTHZ_RPS=$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$RESULTS/wrk-healthz.txt")
HEALTHZ_ERRORS=$(grep -E 'Socket errors|Non-2xx' "$RESULTS/wrk-healthz.txt" || true)
[ -n "$HEALTHZ_RPS" ] || { cat "$RESULTS/wrk-healthz.txt" >&2; die "wrk printed no rate for /healthz"; }

# --- summary ---------------------------------------------------------------------------------
"$PY" - "$AGEKIT_LINE" "$PEER_LINE" "$HEALTHZ_RPS" "$RESULTS/wrk-healthz.txt" "$CONNECTIONS" "$PEER_WORKERS" "$HEALTHZ_CPU" "$HEALTHZ_SECONDS" <<'PYEOF' | tee "$RESULTS/summary.txt"
import os, re, sys
def parse(line):
    return {k: v for k, v in (item.split("=", 1) for item in line.split()[1:])}
agekit, peer = parse(sys.argv[1]), parse(sys.argv[2])
healthz_rps = float(sys.argv[3])
healthz_text = open(sys.argv[4]).read()
def percentile(p):
    m = re.search(rf"^\s*{p}%\s+([\d.]+)(us|ms|s)\s*$", healthz_text, re.M)
    if not m:
        return float("nan")
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
connections, workers = sys.argv[5], sys.argv[6]
healthz_cpu_us = float(sys.argv[7]) / max(healthz_rps * float(sys.argv[8]), 1) * 1e6
def rate(r):
    return int(r["stored"]) / float(r["seconds"])
a, p = rate(agekit), rate(peer)
print()
def cpu_us(r, key):
    return float(r[key]) / max(int(r["answered"]), 1) * 1e6
print(f"{'receiver':<34}{'durable/s':>11}{'p50 ms':>9}{'p99 ms':>9}{'stored':>9}{'seconds':>9}"
      f"{'server CPU':>12}{'wrk CPU':>10}")
for name, r in ((f"agekit serve", agekit), (f"Python peer ({workers} uvicorn workers)", peer)):
    print(f"{name:<34}{rate(r):>11,.0f}{float(r['p50_ms']):>9.2f}{float(r['p99_ms']):>9.2f}"
          f"{int(r['stored']):>9,}{float(r['seconds']):>9.2f}"
          f"{cpu_us(r, 'server_cpu_s'):>9,.0f} us{cpu_us(r, 'wrk_cpu_s'):>7,.0f} us")
print("(CPU: user + system time per notification, of the server's processes and of wrk)")
# The load is a closed loop on the same cores as wrk: the most it could reach is all cores
# busy at the measured CPU per notification. Past that, only less CPU per notification helps.
cores = os.cpu_count() or 1
spent_us = cpu_us(agekit, "server_cpu_s") + cpu_us(agekit, "wrk_cpu_s")
busy = (float(agekit["server_cpu_s"]) + float(agekit["wrk_cpu_s"])) / (float(agekit["seconds"]) * cores)
print(f"agekit's ceiling here: {cores} cores / {spent_us:,.0f} us per notification (server and wrk)"
      f" = {cores * 1e6 / max(spent_us, 1):,.0f}/s with every core busy; they were {busy:.0%} busy")
print(f"ratio agekit / Python peer: {a / p:.1f}x")
print(f"GET /healthz on agekit: {healthz_rps:,.0f} req/s (p50 {percentile(50):.2f} ms, p99 {percentile(99):.2f} ms,"
      f" server CPU {healthz_cpu_us:.1f} us per request)")
print()
def verdict(ok):
    return "met" if ok else "MISSED"
print(f"target >= 8,000 durable notifications/s: {a:,.0f} -> {verdict(a >= 8000)}")
print(f"target p99 <= 15 ms at {connections} connections: {float(agekit['p99_ms']):.2f} ms -> {verdict(float(agekit['p99_ms']) <= 15)}")
print(f"target >= 10x the Python peer: {a / p:.1f}x -> {verdict(a / p >= 10)}")
print(f"target /healthz >= 80,000 req/s: {healthz_rps:,.0f} -> {verdict(healthz_rps >= 80000)}")
PYEOF
say "target paced p99 <= 10 ms at half the saturated rate ($PACED_RATE/s): $PACED_MET of $PACED_RUNS runs -> $([ "$PACED_MET" = "$PACED_RUNS" ] && echo met || echo MISSED)" | tee -a "$RESULTS/summary.txt"
[ -z "$HEALTHZ_ERRORS" ] || say "healthz: $HEALTHZ_ERRORS"
say "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$RESULTS/summary.txt"
say "raw output: $RESULTS"
if [ "$FAILED" != 0 ]; then
    say "FAILED: the store does not match the answers"
    exit 1
fi
