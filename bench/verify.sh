#!/usr/bin/env bash
# Verification throughput on one core, three ways on the same real Apple vectors:
#   1. agekit bench verify (cold: no chain cache; warm: chain cache on),
#   2. Apple's official Python library (app-store-server-library, offline checks),
#   3. openssl speed ecdsap256: one raw P-256 verification, the physical bound per JWS.
# Prints all three and the ratios. Usage: bench/verify.sh [VECTORS_DIR] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."

vectors="${1:-}"
if [ -z "$vectors" ]; then
    for candidate in ../shared/vectors/apple-real ../../shared/vectors/apple-real; do
        if [ -f "$candidate/index.json" ]; then vectors="$candidate"; break; fi
    done
fi
if [ -z "$vectors" ] || [ ! -d "$vectors" ]; then
    echo "usage: bench/verify.sh VECTORS_DIR [SECONDS] (no vectors found next to the package)" >&2
    exit 2
fi
seconds="${2:-3}"
results="bench/results"
mkdir -p "$results"

if [ -n "${AGEKIT:-}" ] && [ -x "$AGEKIT" ]; then
    agekit=$AGEKIT  # a given binary (bench/compare.sh)
else
    echo "== building agekit (release)" >&2
    swift build -c release --package-path Server --product agekit >&2
    agekit="$(swift build -c release --package-path Server --show-bin-path)/agekit"
fi

echo "== agekit bench verify ($seconds CPU-s per measurement)" >&2
"$agekit" bench verify --vectors "$vectors" --seconds "$seconds" --json > "$results/agekit.json"

echo "== Apple's Python library" >&2
if [ ! -x bench/.venv/bin/python ]; then
    python3 -m venv bench/.venv
    bench/.venv/bin/pip install --quiet "app-store-server-library==3.1.2"
fi
bench/.venv/bin/python bench/python_verify.py "$vectors" "$seconds" > "$results/python.json"

echo "== openssl speed -seconds 3 ecdsap256 ecdsap384 (one core)" >&2
openssl speed -seconds 3 ecdsap256 ecdsap384 2>/dev/null \
    | awk '/nistp256/ {p256 = $NF} /nistp384/ {p384 = $NF} END {print "{\"verify_per_s\": " p256 ", \"p384_verify_per_s\": " p384 "}"}' \
    > "$results/openssl.json"

python3 - "$results" <<'PY'
import json, sys
directory = sys.argv[1]
agekit = json.load(open(f"{directory}/agekit.json"))
python = json.load(open(f"{directory}/python.json"))["per_s"]
speed = json.load(open(f"{directory}/openssl.json"))
openssl, p384 = speed["verify_per_s"], speed["p384_verify_per_s"]
kinds = agekit["kinds"]
note = kinds["notification"]
raw_us = 1e6 / openssl
print(f"vectors: {agekit['vectors']}, {agekit['seconds']} CPU-s per measurement, one thread each, rates per CPU-second")
print()
print(f"{'payload':<26}{'agekit cold/s':>14}{'agekit warm/s':>14}{'python/s':>10}{'cold x':>8}{'warm x':>8}")
rows = [
    ("notification (+ nested)", note, python["notification_with_nested"]),
    ("notification vs outer only", note, python["notification"]),
    ("transaction", kinds["transaction"], python["transaction"]),
    ("renewal-info", kinds["renewal-info"], python["renewal-info"]),
]
for name, ours, theirs in rows:
    print(f"{name:<26}{ours['cold_per_s']:>14.0f}{ours['warm_per_s']:>14.0f}{theirs:>10.1f}"
          f"{ours['cold_per_s'] / theirs:>8.1f}{ours['warm_per_s'] / theirs:>8.1f}")
print()
print(f"openssl speed ecdsap256: {openssl:.0f} verify/s = {raw_us:.1f} µs per raw P-256 verification")
print(f"openssl speed ecdsap384: {p384:.0f} verify/s: a cold chain check (two P-384 signatures, Apple's"
      f" intermediate and root) costs at least {2e6 / p384:.0f} µs, so cold is bounded near {p384 / 2:.0f}/s per JWS")
for name in ("notification", "transaction", "renewal-info"):
    per_jws = 1e6 / (kinds[name]["warm_per_s"] * kinds[name]["jws_per_payload"])
    print(f"warm cost per JWS ({name}): {per_jws:.1f} µs = {per_jws / raw_us:.2f} x one raw verification")
PY
