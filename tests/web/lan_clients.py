"""Clients of a real ``serve`` on 127.0.0.1 for the budgets' test and benchmark: a player's phone, the
tables writing at a pace, a stranger flooding the players' page, tables looping call and cancel.

The floods run in processes of their own (``python -m tests.web.lan_clients pages|calls …``, their counts as one
JSON line on stdout), so that the phone's and the tables' latencies are the server's, not their own client
threads' turns in one interpreter. Every loop is bounded by a count or a time.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The stranger's own address: the whole of 127.0.0.0/8 is this computer's loopback on Linux, so a client bound
# to 127.0.0.2 reaches the server on 127.0.0.1 as another device would, without leaving the machine.
STRANGER = "127.0.0.2"


def other_address_works(port: int) -> bool:
    """A connection to the server on 127.0.0.1 can come from :data:`STRANGER` (not on macOS or Windows by
    default)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(STRANGER, 0)):
            return True
    except OSError:
        return False


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


@dataclass
class Phone:
    """A player's phone: ``rounds`` times ``/`` and ``/p/NUMBER``, a pause between rounds; a new connection
    each time, as a phone's browser after a while."""

    port: int
    number: str = "5"
    rounds: int = 30
    pause: float = 0.3
    statuses: Counter[int | str] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)

    def run(self) -> Phone:
        for _ in range(self.rounds):
            for path in ("/", f"/p/{self.number}"):
                start = time.perf_counter()
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                    conn.request("GET", path, headers={"Accept-Language": "en"})
                    r = conn.getresponse()
                    r.read()
                    conn.close()
                    self.statuses[r.status] += 1
                except OSError as exc:
                    self.statuses[type(exc).__name__] += 1
                self.latencies.append(time.perf_counter() - start)
            time.sleep(self.pause)
        return self

    def refused(self) -> int:
        return sum(n for status, n in self.statuses.items() if status != 200)


class Table(threading.Thread):
    """A table device at a pace: for each hand a preview and a write (a draw with a ``request_id``), then a
    pause; the writes' latencies and any answer that is not 200."""

    def __init__(self, port: int, token: str, first: int, last: int, pause: float) -> None:
        super().__init__(daemon=True)
        self.port, self.token, self.first, self.last, self.pause = port, token, first, last, pause
        self.latencies: list[float] = []
        self.refused: list[str] = []

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        auth = {"Authorization": f"Bearer {self.token}"}
        for hand in range(self.first, self.last + 1):
            body = json.dumps({"type": "draw", "hand": hand, "request_id": uuid.uuid4().hex})
            conn.request("POST", "/api/score", body=body, headers=auth)
            conn.getresponse().read()
            start = time.perf_counter()
            conn.request("POST", "/api/hands", body=body, headers=auth)
            r = conn.getresponse()
            data = r.read()
            self.latencies.append(time.perf_counter() - start)
            if r.status != 200:
                self.refused.append(f"{r.status} {data[:120]!r}")
            time.sleep(self.pause)
        conn.close()


def next_hand(port: int, token: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/api/table", headers={"Authorization": f"Bearer {token}"})
    hand = int(json.loads(conn.getresponse().read())["next_hand"])
    conn.close()
    return hand


def play(port: int, tokens: list[str], hands: int, pause: float) -> list[Table]:
    """Each table writes its next ``hands`` hands at once with the others, at ``pause``; joined."""
    tables = [Table(port, token, first, first + hands - 1, pause)
              for token, first in ((t, next_hand(port, t)) for t in tokens)]
    for t in tables:
        t.start()
    for t in tables:
        t.join(300)
    return tables


# ------------------------------------------------------------------------------------------------ floods

def flood_pages(port: int, seconds: float, connections: int, source: str, path: str = "/") -> Counter[str]:
    """``connections`` keep-alive connections from ``source`` asking for ``path`` back to back for ``seconds``
    (a dropped connection is opened again): the answers by status."""
    counts: Counter[str] = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def one() -> None:
        conn: http.client.HTTPConnection | None = None
        mine: Counter[str] = Counter()
        while time.monotonic() < stop:
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
                conn.request("GET", path)
                r = conn.getresponse()
                r.read()
                mine[str(r.status)] += 1
            except (OSError, http.client.HTTPException) as exc:
                mine[type(exc).__name__] += 1
                if conn is not None:
                    conn.close()
                conn = None
        with lock:
            counts.update(mine)

    threads = [threading.Thread(target=one, daemon=True) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 60)
    return counts


def flood_calls(port: int, tokens: list[str], seconds: float) -> Counter[str]:
    """Each token loops call and cancel on its own connection for ``seconds``: the answers by request and
    status (``POST 201``, ``DELETE 200``, ``POST 429``…)."""
    counts: Counter[str] = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def one(token: str) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        auth = {"Authorization": f"Bearer {token}"}
        mine: Counter[str] = Counter()
        while time.monotonic() < stop:
            conn.request("POST", "/api/calls", body=json.dumps({"reason": "other", "note": "x" * 200}), headers=auth)
            r = conn.getresponse()
            data = r.read()
            mine[f"POST {r.status}"] += 1
            if r.status == 201:
                conn.request("DELETE", f"/api/calls/{json.loads(data)['id']}", headers=auth)
                r = conn.getresponse()
                r.read()
                mine[f"DELETE {r.status}"] += 1
        conn.close()
        with lock:
            counts.update(mine)

    threads = [threading.Thread(target=one, args=(t,), daemon=True) for t in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 60)
    return counts


def start_flood(kind: str, *args: str) -> subprocess.Popen[str]:
    """A flood in its own process (``kind`` "pages" or "calls"); :func:`flood_result` waits for its counts."""
    return subprocess.Popen([sys.executable, "-m", "tests.web.lan_clients", kind, *args],
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, text=True)


def flood_result(proc: subprocess.Popen[str], timeout: float = 120) -> dict[str, int]:
    out, _ = proc.communicate(timeout=timeout)
    return dict(json.loads(out.strip().splitlines()[-1]))


def main(argv: list[str]) -> None:
    kind, port, seconds = argv[0], int(argv[1]), float(argv[2])
    if kind == "pages":
        counts = flood_pages(port, seconds, int(argv[3]), argv[4], argv[5] if len(argv) > 5 else "/")
    else:
        counts = flood_calls(port, argv[3].split(","), seconds)
    print(json.dumps(dict(counts)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
