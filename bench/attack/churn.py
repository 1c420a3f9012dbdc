#!/usr/bin/env python3
"""Honest uploads beside an attack, on loopback; prints one `churn` or `proxy` line per kind.

churn PORT BODIES SECONDS CROWD ADDRESSES
    CROWD connections from ADDRESSES addresses (127.0.2.1 and up) that send one byte of a
    head and are reopened the moment the server cuts them, for SECONDS. Beside them, from
    127.0.3.x, honest uploads of valid notifications (lines of BODIES) whose bodies arrive in
    five parts over 0.2, 0.5 and 1 s, four uploaders for each duration, one upload after
    another: how many were answered (any status: what is measured is that the connection was
    not cut) and how many stored (200).

proxy PORT BODIES SECONDS SLOW
    Every connection from 127.0.0.5, a trusted proxy. One client (X-Forwarded-For 203.0.113.9)
    opens SLOW uploads that send their head and then nothing; beside it, eight uploaders post
    valid notifications for clients 17.1.x.y, one after another, for SECONDS: how many of the
    slow client's were refused 429 at once, and how many honest ones were stored.

Every loop stops by itself after SECONDS; the file-descriptor limit is raised to its hard limit.
"""

import resource
import selectors
import socket
import sys
import threading
import time

DURATIONS = (0.2, 0.5, 1.0)


def raise_descriptor_limit():
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def head(length, forwarded_for=None):
    forwarded = f"X-Forwarded-For: {forwarded_for}\r\n" if forwarded_for else ""
    return (
        "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\n{forwarded}Content-Length: {length}\r\n\r\n"
    ).encode()


def status_of(sock, deadline):
    """The status of the answer, or None when the connection ends without one."""
    data = b""
    while b"\r\n" not in data and time.time() < deadline:
        sock.settimeout(max(0.01, deadline - time.time()))
        try:
            chunk = sock.recv(4096)
        except OSError:
            return None
        if not chunk:
            return None
        data += chunk
    parts = data.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


def upload(port, source, body, seconds, forwarded_for=None):
    """Posts `body` in five parts over `seconds`; returns the status or None."""
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    except OSError:
        return None
    with sock:
        try:
            sock.sendall(head(len(body), forwarded_for))
            step = len(body) // 5 + 1
            for start in range(0, len(body), step):
                if seconds:
                    time.sleep(seconds / 5)
                sock.sendall(body[start : start + step])
        except OSError:
            return status_of(sock, time.time() + 1)
        return status_of(sock, time.time() + 30)


class Bodies:
    """Valid notification bodies, each handed out once."""

    def __init__(self, path):
        with open(path, "rb") as lines:
            self.lines = [line.rstrip(b"\n") for line in lines if line.strip()]
        self.lock = threading.Lock()

    def next(self):
        with self.lock:
            return self.lines.pop() if self.lines else None


def crowd(port, count, addresses, end, stop, opened):
    """Keeps `count` connections open, each reopened at once when the server cuts it."""
    selector = selectors.DefaultSelector()

    def open_one(address):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.bind((address, 0))
            sock.connect_ex(("127.0.0.1", port))
        except OSError:
            sock.close()
            return
        selector.register(sock, selectors.EVENT_WRITE, address)
        opened[0] += 1

    for index in range(count):
        open_one(f"127.0.2.{1 + index % addresses}")
    while time.time() < end and not stop.is_set():
        for key, events in selector.select(timeout=0.1):
            sock, address = key.fileobj, key.data
            if events & selectors.EVENT_WRITE:
                try:
                    sock.send(b"P")
                    selector.modify(sock, selectors.EVENT_READ, address)
                    continue
                except OSError:
                    pass
            else:
                try:
                    if sock.recv(4096):
                        continue
                except BlockingIOError:
                    continue
                except OSError:
                    pass
            selector.unregister(sock)
            sock.close()
            open_one(address)
    for key in list(selector.get_map().values()):
        key.fileobj.close()


def churn(port, bodies, seconds, count, addresses):
    end = time.time() + seconds
    stop, opened = threading.Event(), [0]
    flood = threading.Thread(target=crowd, args=(port, count, addresses, end + 35, stop, opened))
    flood.start()
    time.sleep(3)  # the crowd at full size before the first upload
    results = {duration: [] for duration in DURATIONS}

    def uploader(duration, number):
        source = f"127.0.3.{1 + number}"
        while time.time() < end:
            body = bodies.next()
            if body is None:
                return
            results[duration].append(upload(port, source, body, duration))

    threads = [
        threading.Thread(target=uploader, args=(duration, index * 4 + n))
        for index, duration in enumerate(DURATIONS)
        for n in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stop.set()
    flood.join()
    for duration in DURATIONS:
        statuses = results[duration]
        answered = sum(1 for status in statuses if status is not None)
        stored = sum(1 for status in statuses if status == 200)
        share = answered / len(statuses) if statuses else 0
        print(
            f"churn upload_s={duration} uploads={len(statuses)} answered={answered} stored={stored} "
            f"answered_share={share:.3f} crowd={count} addresses={addresses} opened={opened[0]}",
            flush=True,
        )


def proxy(port, bodies, seconds, slow):
    end = time.time() + seconds
    held, refused, cut = [], 0, 0
    for _ in range(slow):
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.5", 0))
            sock.sendall(head(2000, "203.0.113.9") + b'{"signedPayload":"')
        except OSError:
            cut += 1
            continue
        sock.settimeout(0.05)
        try:
            data = sock.recv(4096)
            if b" 429 " in data.split(b"\r\n", 1)[0]:
                refused += 1
                sock.close()
                continue
            if not data:
                cut += 1
                sock.close()
                continue
        except socket.timeout:
            pass
        except OSError:
            cut += 1
            continue
        held.append(sock)
    results = []

    def honest(number):
        index = 0
        while time.time() < end:
            body = bodies.next()
            if body is None:
                return
            index += 1
            results.append(upload(port, "127.0.0.5", body, 0, f"17.1.{number}.{index % 250}"))

    threads = [threading.Thread(target=honest, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for sock in held:
        sock.close()
    stored = sum(1 for status in results if status == 200)
    share = stored / len(results) if results else 0
    print(
        f"proxy slow={slow} slow_held={len(held)} slow_refused_429={refused} slow_cut={cut} "
        f"honest={len(results)} stored={stored} stored_share={share:.3f}",
        flush=True,
    )


def main():
    raise_descriptor_limit()
    mode, port, bodies, seconds = sys.argv[1], int(sys.argv[2]), Bodies(sys.argv[3]), float(sys.argv[4])
    if mode == "churn":
        churn(port, bodies, seconds, int(sys.argv[5]), int(sys.argv[6]))
    elif mode == "proxy":
        proxy(port, bodies, seconds, int(sys.argv[5]))
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
