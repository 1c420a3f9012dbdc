#!/bin/sh
# Scenario explorer benchmark (not a test): the full default sweep of `agekit explore` (every
# axis, the built-in configuration) on one core, with the HTML and JSON reports written.
# Prints the cell count, the wall time, the HTML and JSON sizes, against the targets of
# 5 s and 5 MB. Usage: bench/explore.sh [DATE] (the sweep's "today"; default the real today)
set -eu
cd "$(dirname "$0")/.."
swift build -c release --package-path Server --product agekit >&2
agekit=$(swift build -c release --package-path Server --show-bin-path)/agekit
out=bench/results/explore
mkdir -p "$out"
dates=""
[ $# -gt 0 ] && dates="--date $1,2026-06-04,2027-01-01,2027-05-06,2027-07-01"
command -v taskset >/dev/null || { echo "taskset is missing (Debian package util-linux)" >&2; exit 2; }
start=$(date +%s.%N)
# shellcheck disable=SC2086
taskset -c 0 "$agekit" explore $dates --html "$out/report.html" --json "$out/report.json" >"$out/summary.txt"
end=$(date +%s.%N)
html=$(stat -c %s "$out/report.html")
json=$(stat -c %s "$out/report.json")
seconds=$(echo "$end - $start" | bc -l 2>/dev/null || python3 -c "print($end - $start)")
cells=$(sed -n 's/^Cells: *//p' "$out/summary.txt")
printf 'cells           %s\n' "$cells"
printf 'wall time       %.2f s (target under 5 s, one core)\n' "$seconds"
printf 'HTML            %s bytes (%.2f MB, target under 5 MB)\n' "$html" "$(python3 -c "print($html / 1e6)")"
printf 'JSON            %s bytes (%.2f MB)\n' "$json" "$(python3 -c "print($json / 1e6)")"
cat "$out/summary.txt"
