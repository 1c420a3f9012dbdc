#!/usr/bin/env bash
# What the ledger keeps per notification, and what `agekit prune` gives back: posts N
# RESCIND_CONSENT notifications (each forwarded to a local sink that answers 200), then
# reads SQLite's dbstat before and after pruning delivered outbox rows and payloads.
# Usage: bench/retention.sh [N]   (default 500; needs sqlite3 with dbstat, python3)
set -euo pipefail
cd "$(dirname "$0")/.."
agekit="${AGEKIT:-Server/.build/debug/agekit}"
count="${1:-500}"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT

python3 - "$work/sink.port" <<'PY' &
import http.server, sys
class Sink(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200); self.send_header("Content-Length", "0"); self.end_headers()
    def log_message(self, *args): pass
server = http.server.HTTPServer(("127.0.0.1", 0), Sink)
open(sys.argv[1], "w").write(str(server.server_port))
server.serve_forever()
PY
while [ ! -s "$work/sink.port" ]; do sleep 0.1; done
cat > "$work/agekit.json" <<JSON
{"localTesting": true, "retention": {"intervalMinutes": 0},
 "apps": [{"bundleId": "com.example.agekit", "environments": ["LocalTesting"],
           "forwarding": {"url": "http://127.0.0.1:$(cat "$work/sink.port")/events", "secret": "retention-bench-secret-0123"}}]}
JSON
"$agekit" serve --config "$work/agekit.json" --data-dir "$work/data" --listen 127.0.0.1:0 > "$work/serve.out" 2>/dev/null &
until grep -q "listening on" "$work/serve.out" 2>/dev/null; do sleep 0.1; done
url="$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.out" | head -1)"
for i in $(seq 1 "$count"); do
  "$agekit" simulate rescind --app-transaction-id "AT-$i" --ca-dir "$work/data/ca" --to "$url" > /dev/null
done
sleep 3  # the last deliveries
sizes() {
  sqlite3 "$work/data/agekit.sqlite" \
    "SELECT name, SUM(pgsize) - SUM(unused) FROM dbstat WHERE name IN
       ('notifications', 'events', 'outbox', 'parked_revocations', 'app_transactions', 'signing_headers')
     GROUP BY name ORDER BY name" |
    awk -F'|' -v n="$count" '{ printf "  %-20s %9d B  %6.0f B per notification\n", $1, $2, $2 / n }'
}
echo "after $count notifications:"; sizes
"$agekit" events status --config "$work/agekit.json" --data-dir "$work/data" | sed 's/^/  outbox /'
"$agekit" prune --delivered-older-than 0 --payloads-older-than 0 --config "$work/agekit.json" --data-dir "$work/data" |
  sed 's/^/  /'
echo "after agekit prune --delivered-older-than 0 --payloads-older-than 0:"; sizes
