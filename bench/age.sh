#!/bin/sh
# Age gating benchmark (not a test): the cost of one feature decision and the simulated
# system's throughput, from a release build. Usage: bench/age.sh [ITERATIONS]
set -eu
cd "$(dirname "$0")/.."
swift build -c release --package-path Server --product agekit >&2
exec Server/.build/release/agekit age bench --iterations "${1:-50000000}"
