#!/usr/bin/env bash
# Benchmark of `agekit serve` under attack on loopback: the valid notification rate and p99,
# and /healthz p99, alone and under each attack, with the ratio to the rate alone.
#
#   trickle  2,000 connections from 40 addresses (127.0.0.2 and up) sending their request
#            head one byte every 5 s, reopened when closed
#   forged   a flood on a schedule at twice the valid rate alone, of payloads signed by chains of
#            other authorities (half name the server's root as x5c[2], so they pass the
#            cheap check and cost a budgeted verification, half do not)
#   readyz   /readyz as fast as 16 connections can ask
#   slow     4,200 connections from 70 addresses sending a whole head (Content-Length: 100000)
#            and then a body byte every 2 s, beside 4,500 from 90 more trickling their heads: more
#            than http.maxConnections (4,096) in all
#   bomb     BENCH_BOMBS (57) bodies a second of 244 KB each, a payload beside 4,000 arrays 30
#            deep (14 MB/s): the outer JSON body as a CPU amplifier
#   budget   as fast as one client goes (2 threads, 64 connections, from 127.0.0.2, which is not
#            in notifications.appleSources), never-seen forged chains: forged leaves under the
#            server's own intermediate on a warm server, forged intermediates naming its root
#            on a cold one (nothing verified since its start). 2 s into the flood a genuine
#            rotated leaf arrives from 127.0.0.1, which stands for Apple's 17.0.0.0/8: the time
#            to its 200 is reported (target: within 2 s), and the valid rate beside the flood
#            (target: at least 0.50 of the rate alone)
#   churn    BENCH_CHURN (4500) connections from 90 addresses that send a byte of a head and
#            reconnect the moment they are cut, over the default maxConnections (4,096), on the
#            default configuration; beside them honest uploads whose bodies take 0.2, 0.5 and
#            1 s: the share answered (target: at least 0.95 for 1 s) and the evictions a second
#   proxy    every connection from 127.0.0.5, a trusted proxy, default limits: one client holds
#            BENCH_PROXY_SLOW (200) uploads that never send their body, eight honest uploaders
#            post for other clients: the share stored (target 1.00), the slow client's refused
#
# Each phase runs on a server of its own with a fresh database, after the same warm-up of
# valid load (not reported): the phases differ only in the attack, not in how much the
# database holds. Each attack follows a run of the valid load alone, and its ratio is to that
# run; the forged flood is run BENCH_PAIRS times so, and the median ratio reported. After each
# forged phase the same flood goes to bench/attack/refuse401.c instead, a libmicrohttpd
# server that only answers 401: the valid rate beside it is the floor any server on this
# HTTP library and these cores could keep. Then the server's CPU per request: valid ones
# alone, forged ones alone.
# Every loop is bounded by BENCH_SECONDS and stops by itself. Exits non-zero when a valid
# notification is not answered 200. See docs/benchmarks.md.
#
# Settings (environment): BENCH_SECONDS (8) per phase, BENCH_WARMUP (4) seconds before each,
# BENCH_CONNECTIONS (32) for the valid load, BENCH_TRICKLE (2000) connections, BENCH_FORGERS
# (40) authorities, BENCH_PAIRS (3) alone-then-forged pairs, BENCH_ONLY=budget (or bomb, or
# forged, or churn, which runs churn and proxy) for those phases alone.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/lib.sh
. "$BENCH_DIR/lib.sh"

SECONDS_PER_PHASE=${BENCH_SECONDS:-8}
WARMUP_SECONDS=${BENCH_WARMUP:-4}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
TRICKLE=${BENCH_TRICKLE:-2000}
FORGERS=${BENCH_FORGERS:-40}
PAIRS=${BENCH_PAIRS:-3}
BOMBS=${BENCH_BOMBS:-57}
CHURN=${BENCH_CHURN:-4500}
PROXY_SLOW=${BENCH_PROXY_SLOW:-200}
ATTACK_DIR=$BENCH_DIR/attack
# Every client runs at the lowest priority: on cores it shares with the server it takes only
# what the server leaves, the nearest this machine comes to clients on machines of their own
# (valid load and attackers alike, so neither is favoured).
CLIENT="nice -n 19"
SERVE_DIR=$BENCH_DIR/serve

require_tools
python_env "cryptography"
build_agekit

WORK=$(mktemp -d "${TMPDIR:-/tmp}/agekit-bench-attack.XXXXXX")
SERVER_PID=""
BACKGROUND=()
cleanup() {
    for pid in "${BACKGROUND[@]}"; do stop_pid "$pid"; done
    [ -z "$SERVER_PID" ] || stop_pid "$SERVER_PID"
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PORT=$(free_port)
URL=http://127.0.0.1:$PORT
FLOOR_PORT=$(free_port)
"${CC:-clang}" -O2 -o "$WORK/refuse401" "$ATTACK_DIR/refuse401.c" -lmicrohttpd || die "could not build the floor server"
# Every load generator but the trickle shares 127.0.0.1 here, so the per-address limit is
# raised past their connections (the trickle's 40 addresses hold 50 each, under either).
printf '{"localTesting": true, "http": {"maxConnectionsPerAddress": 512}}\n' >"$WORK/agekit.json"
# The budget phases: 127.0.0.1 (the valid load and the probe) plays Apple's addresses.
printf '{"localTesting": true, "http": {"maxConnectionsPerAddress": 512}, "notifications": {"appleSources": ["127.0.0.1/32"]}}\n' \
    >"$WORK/agekit-lanes.json"
# The churn phase: the default configuration. The proxy phase: 127.0.0.5 is a trusted proxy.
printf '{"localTesting": true}\n' >"$WORK/agekit-default.json"
printf '{"localTesting": true, "trustedProxies": ["127.0.0.5/32"]}\n' >"$WORK/agekit-proxy.json"
# The flood of the budget phases comes from another address: wrk's connections bound there.
"${CC:-clang}" -O2 -shared -fPIC -o "$WORK/bind_source.so" "$ATTACK_DIR/bind_source.c" -ldl \
    || die "could not build the source-address shim"
# One local CA for every server, so that the payloads are made once.
"$AGEKIT" simulate ca --ca-dir "$WORK/ca" >/dev/null

start_server() { # PHASE [CONFIG]: a server on a fresh database (the same CA), as SERVER_PID
    local data=$WORK/data-$1
    mkdir -p "$data"
    cp -r "$WORK/ca" "$data/ca"
    "$AGEKIT" serve --config "${2:-$WORK/agekit.json}" --listen "127.0.0.1:$PORT" --data-dir "$data" \
        >"$WORK/server-$1.log" 2>&1 &
    SERVER_PID=$!
    wait_ready "$URL/healthz" "$SERVER_PID" || { cat "$WORK/server-$1.log" >&2; die "agekit serve did not start"; }
}

stop_server() {
    stop_pid "$SERVER_PID"
    SERVER_PID=""
}

# Valid payloads: one file for the warm-ups and one for the phases. Each server's database
# is fresh, so none is a duplicate where it is posted.
PER_PHASE=$((SECONDS_PER_PHASE * 9000))
PER_WARMUP=$((WARMUP_SECONDS * 9000))
say "generating $((PER_PHASE + PER_WARMUP)) valid payloads and $((FORGERS * 25)) forged ones"
"$PY" "$SERVE_DIR/gen_payloads.py" --ca "$WORK/ca" --count $((PER_PHASE + PER_WARMUP)) --environment LocalTesting \
    --mix TEST,SUBSCRIBED,RESCIND_CONSENT --out "$WORK/valid.jsonl" >/dev/null
head -n "$PER_WARMUP" "$WORK/valid.jsonl" >"$WORK/valid-warmup.jsonl"
tail -n +$((PER_WARMUP + 1)) "$WORK/valid.jsonl" >"$WORK/valid-phase.jsonl"
for set in warmup phase; do
    # One file per wrk thread, as post_notifications.lua reads them.
    awk -v out="$WORK/valid-$set.jsonl" '{ print > (out "." ((NR - 1) % 2)) }' "$WORK/valid-$set.jsonl"
done
: >"$WORK/forged.jsonl"
[ "${BENCH_ONLY:-}" = churn ] && FORGERS=0 # the churn phases need valid payloads only
for forger in $(seq 1 "$FORGERS"); do
    "$AGEKIT" simulate ca --ca-dir "$WORK/forger-$forger" >/dev/null
    # Every other forger names the server's root as x5c[2]: past the cheap check, into the budget.
    [ $((forger % 2)) = 0 ] && cp "$WORK/ca/root.pem" "$WORK/forger-$forger/root.pem"
    "$PY" "$SERVE_DIR/gen_payloads.py" --ca "$WORK/forger-$forger" --count 25 --environment LocalTesting \
        --mix RESCIND_CONSENT --jobs 1 --out "$WORK/forger-$forger.jsonl" >/dev/null 2>&1
    cat "$WORK/forger-$forger.jsonl" >>"$WORK/forged.jsonl"
done
# Never-seen forged chains for the budget phases, and a genuine rotated leaf.
for kind in leaves intermediates; do
    [ "${BENCH_ONLY:-}" != churn ] || break
    "$PY" "$ATTACK_DIR/gen_chains.py" "$kind" "$WORK/ca" 16000 "$WORK/forged-$kind.jsonl"
done
"$PY" "$ATTACK_DIR/gen_chains.py" rotate "$WORK/ca" "$WORK/rotated-ca"
"$PY" "$SERVE_DIR/gen_payloads.py" --ca "$WORK/rotated-ca" --count 2 --environment LocalTesting --mix TEST \
    --jobs 1 --out "$WORK/rotated.jsonl" >/dev/null
# JSON bombs: `{"signedPayload":"a.b.c","x":[...]}` with 4,000 arrays 30 deep in x (244 KB).
"$PY" - "$WORK/bombs.jsonl" <<'PYTHON'
import sys
nest = "[" * 30 + "]" * 30
with open(sys.argv[1], "w") as out:
    for variant in range(4):
        out.write('{"signedPayload":"a.b.c%d","x":[' % variant + ",".join([nest] * 4000) + "]}\n")
PYTHON
# The payload files are written back to disk for many seconds after they are made: done
# first, so that the servers' syncs do not queue behind it.
sync

valid_load() { # PHASE [SET] [SECONDS] -> sets VALID_LINE, HEALTHZ_LINE
    local phase=$1 set=${2:-phase} seconds=${3:-$SECONDS_PER_PHASE} mark=$WORK/done-$1-${2:-phase}
    $CLIENT wrk -t1 -c4 -d"${seconds}s" -s "$ATTACK_DIR/paced.lua" "$URL/healthz" -- 10 \
        >"$WORK/healthz-$phase.txt" 2>&1 &
    local healthz=$!
    $CLIENT /usr/bin/time -o "$WORK/valid-$phase-$set.time" -f '%U %S' \
        wrk -t2 -c"$CONNECTIONS" -d"$((seconds + 30))s" --timeout 30s --latency \
        -s "$SERVE_DIR/post_notifications.lua" "$URL/v2/notifications" -- \
        "$WORK/valid-$set.jsonl" 2 "$mark" "$seconds" >"$WORK/valid-$phase-$set.txt" 2>&1 || true
    wait "$healthz" || true
    VALID_LINE=$(grep '^result ' "$WORK/valid-$phase-$set.txt" || true)
    HEALTHZ_LINE=$(grep '^paced ' "$WORK/healthz-$phase.txt" || true)
    [ -n "$VALID_LINE" ] || { cat "$WORK/valid-$phase-$set.txt" >&2; die "wrk printed no result for $phase"; }
}

begin_phase() { # PHASE DESCRIPTION: a fresh server, warmed up
    say "phase $1: $2 (a fresh server, warmed up for ${WARMUP_SECONDS} s first)"
    [ -z "$SERVER_PID" ] || stop_server
    start_server "$1"
    valid_load "$1" warmup "$WARMUP_SECONDS"
}

FAILED=0
declare -A RATE P99 HP99 NOTE
record() { # PHASE NOTE
    local stored seconds other
    stored=$(field stored "$VALID_LINE"); seconds=$(field seconds "$VALID_LINE"); other=$(field other "$VALID_LINE")
    RATE[$1]=$(awk -v n="$stored" -v s="$seconds" 'BEGIN {printf "%.0f", n / s}')
    P99[$1]=$(field p99_ms "$VALID_LINE")
    HP99[$1]=$(field p99_ms "$HEALTHZ_LINE")
    NOTE[$1]=$2
    [ "$other" = 0 ] || { say "$1: $other valid notifications not answered 200"; FAILED=1; }
}

# The machine's busy share (all but idle and I/O wait) between two readings of /proc/stat.
machine_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6}' /proc/stat; }
busy_share() { # BEFORE AFTER (each "busy idle")
    awk -v a="$1" -v b="$2" 'BEGIN {split(a, x, " "); split(b, y, " "); busy = y[1] - x[1]; idle = y[2] - x[2];
        printf "%.0f", 100 * busy / (busy + idle)}'
}
# Cores a client used over a phase, from its /usr/bin/time file.
client_cores() { awk -v s="$2" '{printf "%.2f", ($1 + $2) / s}' "$1"; }

# The machine's speed drifts by up to 1.4 times within minutes, so each attack is compared
# with a run of the valid load alone just before it, seconds apart, on a fresh server too.
run_alone() { # NAME
    begin_phase "$1" "valid load only"
    local cpu_before ticks_before
    cpu_before=$(cpu_seconds "$SERVER_PID")
    ticks_before=$(machine_ticks)
    valid_load "$1"
    BUSY[$1]=$(busy_share "$ticks_before" "$(machine_ticks)")
    CPU_VALID[$1]=$(awk -v a="$cpu_before" -v b="$(cpu_seconds "$SERVER_PID")" -v n="$(field answered "$VALID_LINE")" \
        'BEGIN {printf "%.0f", (b - a) * 1e6 / n}')
    record "$1" ""
    BASE=$1
}

run_trickle() { # NAME
    begin_phase "$1" "$TRICKLE trickling connections"
    $CLIENT "$PY" "$ATTACK_DIR/trickle.py" "$PORT" "$TRICKLE" 40 5 $((SECONDS_PER_PHASE + 6)) >"$WORK/trickle.txt" 2>&1 &
    BACKGROUND+=($!)
    sleep 4
    valid_load "$1"
    wait "${BACKGROUND[-1]}" || true
    record "$1" "$(tail -n 1 "$WORK/trickle.txt")"
    PAIR[$1]=$BASE
}

run_forged() { # NAME: a flood at twice the rate of the alone run before it
    local target=$((RATE[$BASE] * 2)) cpu_before cpu_mixed flood_rate
    # On a schedule: each of the 2 threads sends half the aim a second, over 256 connections
    # so that one is free whenever a slot comes, whatever the answers' latency.
    begin_phase "$1" "a flood on a schedule of $target forged requests/s (2 threads, 256 connections)"
    $CLIENT /usr/bin/time -o "$WORK/$1-flood.time" -f '%U %S' \
        wrk -t2 -c256 -d"${SECONDS_PER_PHASE}s" -s "$ATTACK_DIR/paced.lua" "$URL/v2/notifications" -- \
        "rate:$((target / 2))" "$WORK/forged.jsonl" >"$WORK/$1-flood.txt" 2>&1 &
    BACKGROUND+=($!)
    cpu_before=$(cpu_seconds "$SERVER_PID")
    valid_load "$1"
    cpu_mixed=$(awk -v a="$cpu_before" -v b="$(cpu_seconds "$SERVER_PID")" 'BEGIN {printf "%.3f", b - a}')
    wait "${BACKGROUND[-1]}" || true
    record "$1" "$(grep '^paced ' "$WORK/$1-flood.txt")"
    PAIR[$1]=$BASE
    flood_rate=$(field rate "$(grep '^paced ' "$WORK/$1-flood.txt")")
    FLOOD[$1]=$flood_rate
    # What a forged request cost the server beside valid ones: the phase's server CPU less
    # the valid requests' at their cost alone, over the forged requests answered.
    FORGED_MIXED[$1]=$(awk -v cpu="$cpu_mixed" -v n="$(field answered "$VALID_LINE")" -v v="${CPU_VALID[$BASE]}" \
        -v f="$flood_rate" -v s="$(field seconds "$VALID_LINE")" 'BEGIN {printf "%.0f", (cpu - n * v / 1e6) * 1e6 / (f * s)}')
    ATTACKER[$1]=$(client_cores "$WORK/$1-flood.time" "$SECONDS_PER_PHASE")
}

run_floor() { # NAME: the same flood, sent instead to a server that only answers 401
    local target=$((RATE[$BASE] * 2)) floor cpu_before flood_rate
    begin_phase "$1" "the same flood at $target/s, sent to a libmicrohttpd server that answers a constant 401"
    "$WORK/refuse401" "$FLOOR_PORT" &
    floor=$!
    BACKGROUND+=("$floor")
    sleep 0.3
    $CLIENT wrk -t2 -c256 -d"${SECONDS_PER_PHASE}s" -s "$ATTACK_DIR/paced.lua" "http://127.0.0.1:$FLOOR_PORT/v2/notifications" \
        -- "rate:$((target / 2))" "$WORK/forged.jsonl" >"$WORK/$1-flood.txt" 2>&1 &
    BACKGROUND+=($!)
    cpu_before=$(cpu_seconds "$floor")
    valid_load "$1"
    wait "${BACKGROUND[-1]}" || true
    flood_rate=$(field rate "$(grep '^paced ' "$WORK/$1-flood.txt")")
    FLOOR_COST[$1]=$(awk -v a="$cpu_before" -v b="$(cpu_seconds "$floor")" -v f="$flood_rate" \
        -v s="$(field seconds "$VALID_LINE")" 'BEGIN {printf "%.0f", (b - a) * 1e6 / (f * s)}')
    stop_pid "$floor"
    record "$1" "$(grep '^paced ' "$WORK/$1-flood.txt")"
    PAIR[$1]=$BASE
}

run_readyz() { # NAME
    begin_phase "$1" "/readyz from 16 connections"
    $CLIENT wrk -t1 -c16 -d"${SECONDS_PER_PHASE}s" -s "$ATTACK_DIR/paced.lua" "$URL/readyz" -- 0 \
        >"$WORK/readyz-flood.txt" 2>&1 &
    BACKGROUND+=($!)
    valid_load "$1"
    wait "${BACKGROUND[-1]}" || true
    record "$1" "$(grep '^paced ' "$WORK/readyz-flood.txt")"
    PAIR[$1]=$BASE
}

run_slow() { # NAME
    begin_phase "$1" "4,200 slow bodies from 70 addresses and 4,500 slow heads from 90 more"
    $CLIENT "$PY" "$ATTACK_DIR/trickle.py" "$PORT" 4200 70 2 $((SECONDS_PER_PHASE + 12)) body 2 >"$WORK/slow-body.txt" 2>&1 &
    BACKGROUND+=($!)
    $CLIENT "$PY" "$ATTACK_DIR/trickle.py" "$PORT" 4500 90 2 $((SECONDS_PER_PHASE + 12)) head 80 >"$WORK/slow-head.txt" 2>&1 &
    BACKGROUND+=($!)
    sleep 8
    valid_load "$1"
    wait "${BACKGROUND[-1]}" "${BACKGROUND[-2]}" || true
    record "$1" "bodies: $(tail -n 1 "$WORK/slow-body.txt"); heads: $(tail -n 1 "$WORK/slow-head.txt")"
    PAIR[$1]=$BASE
}

run_bomb() { # NAME
    begin_phase "$1" "$BOMBS JSON bombs/s of 244 KB (a payload beside 4,000 arrays 30 deep)"
    # Each bomb on a connection of its own, on schedule: a bomb past 64 KB is cut, and wrk
    # reconnects at once instead of keeping to its rate.
    $CLIENT "$PY" "$ATTACK_DIR/bombs.py" "$PORT" "$BOMBS" "$SECONDS_PER_PHASE" "$WORK/bombs.jsonl" \
        >"$WORK/$1-bombs.txt" 2>&1 &
    BACKGROUND+=($!)
    valid_load "$1"
    wait "${BACKGROUND[-1]}" || true
    record "$1" "$(grep '^paced ' "$WORK/$1-bombs.txt")"
    PAIR[$1]=$BASE
}

run_budget() { # NAME leaves|intermediates warm|cold
    local name=$1 kind=$2 start=$3
    say "phase $name: forged $kind as fast as one client goes from 127.0.0.2, on a $start server; Apple's rotated leaf 2 s in"
    [ -z "$SERVER_PID" ] || stop_server
    start_server "$name" "$WORK/agekit-lanes.json"
    [ "$start" = cold ] || valid_load "$name" warmup "$WARMUP_SECONDS"
    AGEKIT_BIND_SOURCE=127.0.0.2 LD_PRELOAD=$WORK/bind_source.so $CLIENT \
        /usr/bin/time -o "$WORK/$name-flood.time" -f '%U %S' wrk -t2 -c64 -d"$((SECONDS_PER_PHASE + 2))s" -s "$ATTACK_DIR/paced.lua" "$URL/v2/notifications" -- 0 \
        "$WORK/forged-$kind.jsonl" >"$WORK/$name-flood.txt" 2>&1 &
    BACKGROUND+=($!)
    sleep 2
    # Apple's new chain, from 127.0.0.1: posted again after each 503 until its 200, for 5 s at most.
    PROBE[$name]=$("$PY" - "$PORT" "$(head -n 1 "$WORK/rotated.jsonl")" <<'PYTHON'
import http.client, sys, time
started = time.monotonic()
statuses = []
while time.monotonic() - started < 5:
    connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=5)
    connection.request("POST", "/v2/notifications", sys.argv[2], {"Content-Type": "application/json"})
    statuses.append(connection.getresponse().status)
    connection.close()
    if statuses[-1] == 200:
        break
    time.sleep(0.1)
print("status=%d ms=%.0f attempts=%d" % (statuses[-1], (time.monotonic() - started) * 1000, len(statuses)))
PYTHON
)
    valid_load "$name"
    wait "${BACKGROUND[-1]}" || true
    record "$name" "$(grep '^paced ' "$WORK/$name-flood.txt"); Apple's rotated leaf: ${PROBE[$name]}"
    PAIR[$name]=$BASE
    ATTACKER[$name]=$(client_cores "$WORK/$name-flood.time" "$((SECONDS_PER_PHASE + 2))")
}

budget_summary() { # PHASE: its line of the summary
    local bound
    # As for the forged flood: its generator shares the server's cores.
    bound=$(awk -v a="${ATTACKER[$1]}" -v n="$(nproc)" 'BEGIN {printf "%.2f", 1 - a / n}')
    say "budget, $1: valid kept $(ratio "$1") of the rate alone beside the flood (target 0.50); the flood's generator took ${ATTACKER[$1]} of $(nproc) cores, so a server that spent nothing on it would keep at most $bound: $(awk -v r="$(ratio "$1")" -v b="$bound" 'BEGIN {printf "%.2f", r / b}') of that. Apple's rotated leaf ${PROBE[$1]} (target: 200 within 2000 ms)"
}

declare -A BUSY CPU_VALID PAIR FLOOD FORGED_MIXED ATTACKER FLOOR_COST PROBE
ratio() { awk -v a="${RATE[$1]}" -v b="${RATE[${PAIR[$1]:-$1}]}" 'BEGIN {printf "%.2f", a / b}'; }
measure_costs() { # the server CPU of a forged request and of a bomb alone, on the last server
    say "phase cost: forged requests alone"
    cpu_before=$(cpu_seconds "$SERVER_PID")
    $CLIENT wrk -t2 -c32 -d"${SECONDS_PER_PHASE}s" -s "$ATTACK_DIR/paced.lua" "$URL/v2/notifications" -- 0 \
        "$WORK/forged.jsonl" >"$WORK/forged-alone.txt" 2>&1 || true
    forged_line=$(grep '^paced ' "$WORK/forged-alone.txt")
    cpu_forged=$(awk -v a="$cpu_before" -v b="$(cpu_seconds "$SERVER_PID")" -v n="$(field requests "$forged_line")" \
        'BEGIN {printf "%.0f", (b - a) * 1e6 / n}')
    say "phase cost: forged requests alone, each on a connection of its own"
    cpu_before=$(cpu_seconds "$SERVER_PID")
    $CLIENT wrk -t1 -c8 -d"${SECONDS_PER_PHASE}s" -s "$ATTACK_DIR/paced.lua" "$URL/v2/notifications" -- 0 \
        "$WORK/forged.jsonl" close >"$WORK/forged-closed.txt" 2>&1 || true
    cpu_forged_closed=$(awk -v a="$cpu_before" -v b="$(cpu_seconds "$SERVER_PID")" \
        -v n="$(field requests "$(grep '^paced ' "$WORK/forged-closed.txt")")" 'BEGIN {printf "%.0f", (b - a) * 1e6 / n}')
    say "phase cost: JSON bombs alone, as fast as 8 connections go"
    cpu_before=$(cpu_seconds "$SERVER_PID")
    # Unpaced: at 57 a second the server's idle work would weigh more than the bombs.
    $CLIENT wrk -t1 -c8 -d"${SECONDS_PER_PHASE}s" -s "$ATTACK_DIR/paced.lua" "$URL/v2/notifications" -- 0 \
        "$WORK/bombs.jsonl" >"$WORK/bombs-alone.txt" 2>&1 || true
    bomb_line=$(grep '^paced ' "$WORK/bombs-alone.txt")
    # A bomb past 64 KB is cut without an answer: wrk counts it as an error, not a request.
    cpu_bomb=$(awk -v a="$cpu_before" -v b="$(cpu_seconds "$SERVER_PID")" \
        -v n="$(($(field requests "$bomb_line") + $(field errors "$bomb_line")))" 'BEGIN {printf "%.0f", (b - a) * 1e6 / n}')
}

bomb_summary() {
    say "JSON bombs: $(field sent_rate "$(grep '^paced ' "$WORK/bomb0-bombs.txt")")/s, each on a connection of its own, kept $(ratio bomb0) of the valid rate alone (target 0.70); a bomb, its connection cut, cost $cpu_bomb us of server CPU alone ($bomb_line) against $cpu_forged_closed us for a forged request on a connection of its own and $cpu_forged us on a kept-alive one (target: no more)"
}

evictions() { # the connection_evicted count of the running server
    curl -s "$URL/metrics" | awk '/^agekit_transport_refusals_total\{code="connection_evicted"\}/ {print $2}' | grep . || echo 0
}

run_churn() { # NAME
    say "phase $1: $CHURN reconnecting connections from 90 addresses, default configuration; honest uploads of 0.2, 0.5 and 1 s"
    [ -z "$SERVER_PID" ] || stop_server
    start_server "$1" "$WORK/agekit-default.json"
    local before after seconds=$((SECONDS_PER_PHASE * 2))
    before=$(evictions)
    $CLIENT "$PY" "$ATTACK_DIR/churn.py" churn "$PORT" "$WORK/valid-phase.jsonl" "$seconds" "$CHURN" 90 \
        >"$WORK/$1.txt" 2>&1 || { cat "$WORK/$1.txt" >&2; die "the churn phase failed"; }
    after=$(evictions)
    CHURN_EVICTIONS=$(awk -v a="$before" -v b="$after" -v s="$((seconds + 3))" 'BEGIN {printf "%.0f", (b - a) / s}')
    grep '^churn ' "$WORK/$1.txt" >"$WORK/churn-lines.txt" || { cat "$WORK/$1.txt" >&2; die "churn printed nothing"; }
    curl -sf "$URL/healthz" >/dev/null || { say "$1: /healthz did not answer after the churn"; FAILED=1; }
    stop_server
}

run_proxy() { # NAME
    say "phase $1: through a trusted proxy, one client holding $PROXY_SLOW bodies that never come, eight honest uploaders"
    [ -z "$SERVER_PID" ] || stop_server
    start_server "$1" "$WORK/agekit-proxy.json"
    $CLIENT "$PY" "$ATTACK_DIR/churn.py" proxy "$PORT" "$WORK/valid-phase.jsonl" "$SECONDS_PER_PHASE" "$PROXY_SLOW" \
        >"$WORK/$1.txt" 2>&1 || { cat "$WORK/$1.txt" >&2; die "the proxy phase failed"; }
    PROXY_LINE=$(grep '^proxy ' "$WORK/$1.txt") || { cat "$WORK/$1.txt" >&2; die "proxy printed nothing"; }
    stop_server
}

churn_summary() {
    while read -r line; do
        say "churn: uploads of $(field upload_s "$line") s: $(field answered "$line") of $(field uploads "$line") answered ($(field answered_share "$line"); target 0.95 for 1 s), $(field stored "$line") stored; the crowd opened $(field opened "$line") connections"
    done <"$WORK/churn-lines.txt"
    say "churn: $CHURN_EVICTIONS evictions a second"
    local one_second
    one_second=$(field answered_share "$(grep 'upload_s=1.0 ' "$WORK/churn-lines.txt")")
    awk -v s="${one_second:-0}" 'BEGIN {exit !(s >= 0.95)}' || { say "churn: uploads of 1 s under 0.95 answered"; FAILED=1; }
    say "proxy: the slow client held $(field slow_held "$PROXY_LINE") of $(field slow "$PROXY_LINE") (the limit is 64), $(field slow_refused_429 "$PROXY_LINE") refused 429, $(field slow_cut "$PROXY_LINE") cut; honest clients: $(field stored "$PROXY_LINE") of $(field honest "$PROXY_LINE") stored ($(field stored_share "$PROXY_LINE"); target 1.00)"
}

if [ "${BENCH_ONLY:-}" = churn ]; then
    # The churn and proxy phases alone: BENCH_ONLY=churn bench/attack.sh
    run_churn churn0
    run_proxy proxy0
    churn_summary
    exit "$FAILED"
fi
if [ "${BENCH_ONLY:-}" = bomb ]; then
    # The bomb phase and the costs alone: BENCH_ONLY=bomb bench/attack.sh
    run_alone alone0
    run_bomb bomb0
    measure_costs
    bomb_summary
    exit "$FAILED"
fi
if [ "${BENCH_ONLY:-}" = budget ]; then
    # The budget phases alone: BENCH_ONLY=budget bench/attack.sh
    run_alone alone0
    run_budget leaves0 leaves warm
    run_alone alone1
    run_budget chains0 intermediates cold
    printf '%-8s %12s %14s %16s %8s  %s\n' phase "valid/s" "valid p99 ms" "healthz p99 ms" ratio attack
    for phase in alone0 leaves0 alone1 chains0; do
        printf '%-8s %12s %14s %16s %8s  %s\n' "${phase%%[0-9]*}" "${RATE[$phase]}" "${P99[$phase]}" "${HP99[$phase]}" \
            "$(ratio "$phase")" "${NOTE[$phase]}"
    done
    for phase in leaves0 chains0; do budget_summary "$phase"; done
    exit "$FAILED"
fi
# BENCH_ONLY=forged: the forged pairs alone (what bench/compare.sh measures; a build from before
# the budget's settings can run it).
ONLY_FORGED=$([ "${BENCH_ONLY:-}" = forged ] && echo 1 || echo 0)
PHASES="alone0"
run_alone alone0
if [ "$ONLY_FORGED" = 0 ]; then
    run_trickle trickle0
    PHASES="$PHASES trickle0"
fi
FORGED_PHASES=""
for pair in $(seq 1 "$PAIRS"); do
    run_alone "alone$pair"
    run_forged "forged$pair"
    run_floor "floor$pair"
    PHASES="$PHASES alone$pair forged$pair floor$pair"
    FORGED_PHASES="$FORGED_PHASES forged$pair"
done
if [ "$ONLY_FORGED" = 0 ]; then
    run_alone "alone$((PAIRS + 1))"
    run_readyz readyz0
    run_alone "alone$((PAIRS + 2))"
    run_bomb bomb0
    run_alone "alone$((PAIRS + 3))"
    run_slow slow0
    run_alone "alone$((PAIRS + 4))"
    run_budget leaves0 leaves warm
    run_alone "alone$((PAIRS + 5))"
    run_budget chains0 intermediates cold
    PHASES="$PHASES alone$((PAIRS + 1)) readyz0 alone$((PAIRS + 2)) bomb0 alone$((PAIRS + 3)) slow0"
    PHASES="$PHASES alone$((PAIRS + 4)) leaves0 alone$((PAIRS + 5)) chains0"
    run_churn churn0
    run_proxy proxy0
    measure_costs
fi

median() { tr ' ' '\n' | grep . | sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
say ""
say "$(nproc) cores; $(wrk --version 2>&1 | head -n 1 | cut -d' ' -f1-2); agekit release build"
say "ratio: the valid rate to that of the alone run just before"
printf '%-8s %12s %14s %16s %8s  %s\n' phase "valid/s" "valid p99 ms" "healthz p99 ms" ratio attack
for phase in $PHASES; do
    printf '%-8s %12s %14s %16s %8s  %s\n' "${phase%%[0-9]*}" "${RATE[$phase]}" "${P99[$phase]}" "${HP99[$phase]}" \
        "$(ratio "$phase")" "${NOTE[$phase]}"
done
ratios="" bounded="" mixed=""
for phase in $FORGED_PHASES; do
    base=${PAIR[$phase]}
    # The flood's own generator runs on the server's cores: even a server that spent nothing on
    # forged requests would keep at most the share of the machine it leaves.
    bound=$(awk -v a="${ATTACKER[$phase]}" -v n="$(nproc)" 'BEGIN {printf "%.2f", 1 - a / n}')
    say "$phase: flood ${FLOOD[$phase]}/s, $(awk -v f="${FLOOD[$phase]}" -v a="${RATE[$base]}" 'BEGIN {printf "%.2f", f / a}') times the valid rate alone (aim 2); its generator took ${ATTACKER[$phase]} of $(nproc) cores, so a server that spent nothing on forged requests would keep at most $bound of a CPU-bound rate: the ratio $(ratio "$phase") is $(awk -v r="$(ratio "$phase")" -v b="$bound" 'BEGIN {printf "%.2f", r / b}') of that"
    ratios="$ratios $(ratio "$phase")"
    bounded="$bounded $(awk -v r="$(ratio "$phase")" -v b="$bound" 'BEGIN {printf "%.2f", r / b}')"
    mixed="$mixed ${FORGED_MIXED[$phase]}"
    floor=floor${phase#forged}
    floors="${floors:-} $(ratio "$floor")"
    floor_costs="${floor_costs:-} ${FLOOR_COST[$floor]}"
    of_floor="${of_floor:-} $(awk -v r="$(ratio "$phase")" -v f="$(ratio "$floor")" 'BEGIN {printf "%.2f", r / f}')"
done
say "valid kept under the forged flood:$ratios (median $(echo "$ratios" | median); target 0.70); against the generator's bound:$bounded"
say "with the flood sent to the constant-401 server instead (the floor: the flood's traffic alone, at$floor_costs us of its CPU a request):$floors (median $(echo "$floors" | median)); agekit keeps$of_floor of that (median $(echo "$of_floor" | median))"
busy=""; valid_cpu=""
for phase in $PHASES; do
    [ -z "${BUSY[$phase]:-}" ] || { busy="$busy ${BUSY[$phase]}"; valid_cpu="$valid_cpu ${CPU_VALID[$phase]}"; }
done
say "the machine was busy alone:$busy %"
[ "$ONLY_FORGED" = 1 ] && exit "$FAILED"
say "server CPU per request: valid$valid_cpu us alone; forged $cpu_forged us alone ($forged_line), about$mixed us beside valid ones"
bomb_summary
for phase in leaves0 chains0; do budget_summary "$phase"; done
churn_summary
exit "$FAILED"
