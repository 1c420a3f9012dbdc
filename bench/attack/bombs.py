#!/usr/bin/env python3
"""Sends RATE request bodies a second to a server, each on a connection of its own, on a fixed
schedule whatever the answers (wrk cannot keep to a schedule when the server cuts connections:
it reconnects at once). The bodies are the lines of BODIES, in turn. Runs for SECONDS, then
prints "paced requests=ANSWERED rate=... errors=CUT sent_rate=... sNNN=..." as paced.lua does:
a body answered with a status counts as a request, one whose connection was cut as an error.

Usage: bombs.py PORT RATE SECONDS BODIES
"""

import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

port, rate, seconds, bodies_path = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
with open(bodies_path, "rb") as source:
    requests = [
        b"POST /v2/notifications HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
        + b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(line.rstrip(b"\n"))
        + line.rstrip(b"\n")
        for line in source
        if line.strip()
    ]
lock = threading.Lock()
statuses = {}
cut = 0


def send(request):
    global cut
    status = None
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(request)
            answer = connection.recv(64)
            if answer.startswith(b"HTTP/1."):
                status = int(answer[9:12])
    except OSError:
        pass
    with lock:
        if status is None:
            cut += 1
        else:
            statuses[status] = statuses.get(status, 0) + 1


started = time.monotonic()
sent = 0
with ThreadPoolExecutor(max_workers=32) as pool:
    while True:
        now = time.monotonic() - started
        if now >= seconds:
            break
        due = int(now * rate) + 1
        while sent < due:
            pool.submit(send, requests[sent % len(requests)])
            sent += 1
        time.sleep(max(0.0, due / rate - (time.monotonic() - started)))
elapsed = time.monotonic() - started
answered = sum(statuses.values())
counts = " ".join("s%d=%d" % (status, count) for status, count in sorted(statuses.items()))
print(
    "paced requests=%d rate=%.1f errors=%d sent_rate=%.1f %s"
    % (answered, answered / elapsed, cut, sent / elapsed, counts)
)
