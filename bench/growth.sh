#!/usr/bin/env bash
# Benchmark of `agekit serve` as its SQLite database grows: one server, valid load alone in
# windows one after the other (each of distinct payloads, so every one is stored), the
# database's size and the window's rate and p99 after each; then one more window with 2,000
# connections trickling their heads, on the grown database. The attack benchmark gives each
# phase a fresh database; this one shows what a large one changes. Every loop is bounded by
# BENCH_SECONDS and stops by itself. Exits non-zero when a valid notification is not
# answered 200. See docs/benchmarks.md.
#
# Settings (environment): BENCH_WINDOWS (6), BENCH_SECONDS (8) per window, BENCH_CONNECTIONS
# (32), BENCH_TRICKLE (2000) connections.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/lib.sh
. "$BENCH_DIR/lib.sh"

WINDOWS=${BENCH_WINDOWS:-6}
SECONDS_PER_WINDOW=${BENCH_SECONDS:-8}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
TRICKLE=${BENCH_TRICKLE:-2000}
CLIENT="nice -n 19"

require_tools
python_env "cryptography"
build_agekit

WORK=$(mktemp -d "${TMPDIR:-/tmp}/agekit-bench-growth.XXXXXX")
SERVER_PID=""
TRICKLE_PID=""
cleanup() {
    [ -z "$TRICKLE_PID" ] || stop_pid "$TRICKLE_PID"
    [ -z "$SERVER_PID" ] || stop_pid "$SERVER_PID"
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PORT=$(free_port)
URL=http://127.0.0.1:$PORT
printf '{"localTesting": true, "http": {"maxConnectionsPerAddress": 512}}\n' >"$WORK/agekit.json"
"$AGEKIT" simulate ca --ca-dir "$WORK/data/ca" >/dev/null
PER_WINDOW=$((SECONDS_PER_WINDOW * 7000))
say "generating $((PER_WINDOW * (WINDOWS + 1))) valid payloads"
"$PY" "$BENCH_DIR/serve/gen_payloads.py" --ca "$WORK/data/ca" --count $((PER_WINDOW * (WINDOWS + 1))) \
    --environment LocalTesting --mix TEST,SUBSCRIBED,RESCIND_CONSENT --out "$WORK/valid.jsonl" >/dev/null
# One file per window, and in it one per wrk thread, as post_notifications.lua reads them.
split -l "$PER_WINDOW" -d -a 2 "$WORK/valid.jsonl" "$WORK/window-"
for file in "$WORK"/window-??; do awk -v out="$file" '{ print > (out "." ((NR - 1) % 2)) }' "$file"; done
# The payload files are written back to disk for many seconds after they are made: done
# first, so that the servers' syncs do not queue behind it.
sync

"$AGEKIT" serve --config "$WORK/agekit.json" --listen "127.0.0.1:$PORT" --data-dir "$WORK/data" \
    >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
wait_ready "$URL/healthz" "$SERVER_PID" || { cat "$WORK/server.log" >&2; die "agekit serve did not start"; }

FAILED=0
window() { # INDEX LABEL: one window of valid load; prints its line
    local file line stored seconds
    file=$WORK/window-$(printf '%02d' "$1")
    $CLIENT wrk -t2 -c"$CONNECTIONS" -d"$((SECONDS_PER_WINDOW + 30))s" --timeout 30s --latency \
        -s "$BENCH_DIR/serve/post_notifications.lua" "$URL/v2/notifications" -- \
        "$file" 2 "$WORK/done-$1" "$SECONDS_PER_WINDOW" >"$WORK/window-$1.txt" 2>&1 || true
    line=$(grep '^result ' "$WORK/window-$1.txt" || true)
    [ -n "$line" ] || { cat "$WORK/window-$1.txt" >&2; die "wrk printed no result for window $1"; }
    [ "$(field other "$line")" = 0 ] || { say "window $1: $(field other "$line") not answered 200"; FAILED=1; }
    stored=$(field stored "$line"); seconds=$(field seconds "$line")
    printf '%-8s %10s %10s %10s %12s %10s  %s\n' "$2" "$(du -m "$WORK/data/agekit.sqlite" | cut -f1)" \
        "$(du -m "$WORK/data/agekit.sqlite-wal" 2>/dev/null | cut -f1)" \
        "$(awk -v n="$stored" -v s="$seconds" 'BEGIN {printf "%.0f", n / s}')" "$(field p99_ms "$line")" \
        "$(field max_ms "$line")" "${3:-}"
}

say ""
say "$(nproc) cores; $(wrk --version 2>&1 | head -n 1 | cut -d' ' -f1-2); agekit release build"
printf '%-8s %10s %10s %10s %12s %10s  %s\n' window "db MB" "wal MB" "stored/s" "p99 ms" "max ms" ""
for index in $(seq 0 $((WINDOWS - 1))); do window "$index" "$index"; done
$CLIENT "$PY" "$BENCH_DIR/attack/trickle.py" "$PORT" "$TRICKLE" 40 5 $((SECONDS_PER_WINDOW + 6)) \
    >"$WORK/trickle.txt" 2>&1 &
TRICKLE_PID=$!
sleep 4
window "$WINDOWS" trickle
wait "$TRICKLE_PID" || true
TRICKLE_PID=""
say "trickle: $(tail -n 1 "$WORK/trickle.txt")"
exit "$FAILED"
