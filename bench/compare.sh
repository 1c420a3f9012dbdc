#!/usr/bin/env bash
# A benchmark run side by side on two builds: the working tree's and BASE (a commit), in turns
# (base then new, new then base, ...), so that both see the same machine within minutes. Prints each
# run's figure and the ratio new / base of each pair, with their median and spread.
#
#   bench/compare.sh BASE serve|verify|attack [PAIRS]     e.g. bench/compare.sh b41ff36 serve 3
#
# BASE_AGEKIT=PATH uses a release binary of BASE built before instead of building it again.
#
# serve: durable notifications/s (bench/serve.sh); verify: warm verifications/s
# (bench/verify.sh); attack: the valid rate under the forged flood, as a ratio to the run alone
# (bench/attack.sh with one pair, BENCH_ONLY=forged: builds from before the budget's settings run it). Every run is bounded by the benchmark's own settings.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
BASE=${1:?usage: bench/compare.sh BASE serve|verify|attack [PAIRS]}
KIND=${2:?usage: bench/compare.sh BASE serve|verify|attack [PAIRS]}
PAIRS=${3:-3}
say() { echo "== $*" >&2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/agekit-compare.XXXXXX")
cleanup() {
    git -C "$ROOT" worktree remove --force "$WORK/base" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT
if [ -n "${BASE_AGEKIT:-}" ]; then
    # A release binary of BASE built before (one build serves several comparisons).
    [ -x "$BASE_AGEKIT" ] || { echo "BASE_AGEKIT=$BASE_AGEKIT is not an executable" >&2; exit 2; }
    BASE_BIN=$BASE_AGEKIT
else
    say "building $BASE (release) in a worktree of its own"
    git -C "$ROOT" worktree add --detach "$WORK/base" "$BASE" >/dev/null 2>&1
    # The server is the package in Server/ since the repository split in two; at the root before.
    base_package=.
    [ -f "$WORK/base/Server/Package.swift" ] && base_package=Server
    (cd "$WORK/base" && swift build -c release --package-path "$base_package" --product agekit 2>&1 | tail -n 1) >&2
    BASE_BIN=$(cd "$WORK/base" && swift build -c release --package-path "$base_package" --show-bin-path)/agekit
fi
say "building the working tree (release)"
(cd "$ROOT" && swift build -c release --package-path Server --product agekit 2>&1 | tail -n 1) >&2
NEW_BIN=$(cd "$ROOT" && swift build -c release --package-path Server --show-bin-path)/agekit

figure() { # BINARY: one run of the benchmark; prints its figure
    local log=$WORK/run.log
    case $KIND in
    serve)
        AGEKIT=$1 bash "$BENCH_DIR/serve.sh" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
        awk '/^agekit serve +[0-9]/ {gsub(",", "", $3); print $3; exit}' "$log"
        ;;
    verify)
        AGEKIT=$1 bash "$BENCH_DIR/verify.sh" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
        awk '/^notification \(\+ nested\)/ {print $5; exit}' "$log"
        ;;
    attack)
        AGEKIT=$1 BENCH_PAIRS=1 BENCH_ONLY=forged bash "$BENCH_DIR/attack.sh" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
        grep -m1 -oE 'valid kept under the forged flood: [0-9.]+' "$log" | grep -oE '[0-9.]+$'
        ;;
    *) echo "unknown benchmark $KIND" >&2; exit 2 ;;
    esac
}

ratios=""
for pair in $(seq 1 "$PAIRS"); do
    # Which build goes first alternates: a run leaves work behind (the disk writing back its
    # database), which the next run pays for.
    if [ $((pair % 2)) = 1 ]; then
        say "pair $pair of $PAIRS: $BASE, then the working tree"
        base=$(figure "$BASE_BIN")
        new=$(figure "$NEW_BIN")
    else
        say "pair $pair of $PAIRS: the working tree, then $BASE"
        new=$(figure "$NEW_BIN")
        base=$(figure "$BASE_BIN")
    fi
    ratio=$(awk -v n="$new" -v b="$base" 'BEGIN {printf "%.3f", n / b}')
    echo "$KIND pair $pair: base $base, new $new, new/base $ratio"
    ratios="$ratios $ratio"
done
echo "$ratios" | tr ' ' '\n' | grep . | sort -n | awk -v kind="$KIND" -v base="$BASE" '
    {v[NR] = $1} END {
        median = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%s, working tree against %s: new/base median %.3f, from %.3f to %.3f over %d pairs\n",
            kind, base, median, v[1], v[NR], NR }'
