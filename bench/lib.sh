# Shared by the serve benchmarks: sourced after BENCH_DIR is set. Defines ROOT, SERVE_DIR,
# VENV and PY, and the helpers below.
ROOT=$(cd "$BENCH_DIR/.." && pwd)
SERVE_DIR=$BENCH_DIR/serve
VENV=$BENCH_DIR/.venv
PY=$VENV/bin/python

say() { printf '%s\n' "$*"; }
die() { printf '%s: %s\n' "${0#"$ROOT"/}" "$*" >&2; exit 2; }

require_tools() { # NAME...: each on PATH, with /usr/bin/time, wrk and curl always
    command -v wrk >/dev/null || die "wrk is missing (Debian package 'wrk')"
    command -v curl >/dev/null || die "curl is missing"
    [ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian package 'time')"
    local tool
    for tool in "$@"; do command -v "$tool" >/dev/null || die "$tool is missing"; done
}

python_env() { # MODULES: creates bench/.venv with bench/serve/requirements.txt unless MODULES import
    if [ ! -x "$PY" ]; then
        say "creating $VENV"
        python3 -m venv "$VENV"
    fi
    if ! "$PY" -c "import $1" 2>/dev/null \
        || ! cmp -s "$SERVE_DIR/requirements.txt" "$VENV/.bench-serve-requirements"; then
        say "installing $SERVE_DIR/requirements.txt into $VENV"
        "$PY" -m pip install --quiet --upgrade pip
        "$PY" -m pip install --quiet -r "$SERVE_DIR/requirements.txt"
        cp "$SERVE_DIR/requirements.txt" "$VENV/.bench-serve-requirements"
    fi
}

build_agekit() { # sets AGEKIT; an AGEKIT already set to a binary is used as it is (bench/compare.sh)
    if [ -n "${AGEKIT:-}" ] && [ -x "$AGEKIT" ]; then
        say "using $AGEKIT"
        return
    fi
    say "building agekit (release)"
    (cd "$ROOT" && swift build -c release --package-path Server --product agekit 2>&1 | tail -n 1)
    AGEKIT=$(cd "$ROOT" && swift build -c release --package-path Server --show-bin-path)/agekit
    [ -x "$AGEKIT" ] || die "no agekit binary at $AGEKIT"
}

free_port() {
    "$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_ready() { # URL PID: until URL answers, for 30 s at most, while PID runs
    for _ in $(seq 1 300); do
        curl -sf -o /dev/null "$1" && return 0
        kill -0 "$2" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

stop_pid() { # PID: SIGTERM, 30 s to exit, then SIGKILL
    local pid=$1
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 300); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
}

cpu_seconds() { # PID...: user + system CPU seconds of the processes and their descendants
    "$PY" - "$@" <<'PYEOF'
import os, sys
ticks, parents = {}, {}
for entry in os.listdir("/proc"):
    if entry.isdigit():
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
wanted = {int(pid) for pid in sys.argv[1:]}
changed = True
while changed:
    changed = False
    for pid, parent in parents.items():
        if parent in wanted and pid not in wanted:
            wanted.add(pid)
            changed = True
print(f"{sum(ticks.get(pid, 0) for pid in wanted) / os.sysconf('SC_CLK_TCK'):.2f}")
PYEOF
}

field() { # NAME LINE: the value of NAME=value in LINE
    sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"
}

sync_median_ms() { # DIR BYTES: median time of 100 writes of BYTES each followed by fdatasync
    "$PY" - "$1" "$2" <<'PYEOF'
import os, sys, time
path = os.path.join(sys.argv[1], "fsync-probe")
fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
samples = []
for _ in range(100):
    os.write(fd, b"x" * int(sys.argv[2]))
    started = time.perf_counter()
    os.fdatasync(fd)
    samples.append(time.perf_counter() - started)
os.close(fd)
os.unlink(path)
samples.sort()
print(f"{samples[50] * 1000:.2f}")
PYEOF
}

openssl_reference() { # one line: P-256 verifications per second on one core
    command -v openssl >/dev/null || return 0
    say "reference: $(openssl speed -seconds 1 ecdsap256 2>/dev/null | awk '/nistp256/ {printf "openssl speed ecdsap256 on one core: %.0f verify/s (%.1f us CPU each)", $NF, 1e6 / $NF}')"
}
