"""40 table devices record a whole 16-hand session at once against one SQLite file, through the real
server (``mcr-tournament serve``: uvicorn on 127.0.0.1, its own process) and httpx.

Each device (a thread with its own keep-alive connection, all starting together) reads its table, then
for every hand previews it (``POST /api/score``) and records it (``POST /api/hands`` with ``version``
and a ``request_id``); one answer in ten is "lost" and the device sends the same request again, as a
phone that lost Wi-Fi would. Afterwards the file is checked: every table has hands 1-16 exactly once
(nothing lost, nothing recorded twice), one ``record`` audit entry per hand, and ``check`` is clean.

Prints the median and 95th percentile latency of each kind of request and of all of them. All traffic
stays on 127.0.0.1; the run is bounded (40 x 16 hands, 60 s per request at most). With
``MCR_TEST_POSTGRES_URL`` set it runs the same on PostgreSQL too (a schema of its own, dropped after).
"""

from __future__ import annotations

import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from db import open_database  # noqa: E402
from db.check import check  # noqa: E402
from db.models import AuditLog, HandResult, SessionTable  # noqa: E402
from db.service.audit import Actor  # noqa: E402
from db.service.devices import device_links  # noqa: E402
from db.service.players import PlayerInput, import_players  # noqa: E402
from db.service.seats import seat_session  # noqa: E402
from db.service.tournament import create_tournament  # noqa: E402

TABLES = 40
HANDS = 16
LOST_ANSWERS = 0.1  # share of writes whose answer is "lost", so the device sends it again
ACTOR = Actor("bench", "bench")
NOTATIONS = ("123456789m234p55p", "11223344556677m", "1112345678999m5m", "22334455667788p")


def make_file(path: str) -> list[str]:
    """A tournament of 160 players, session 1 seated; the 40 tables' tokens."""
    with open_database(path, create=True) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Web bench", "cmr1998", sessions=2, actor=ACTOR)
            import_players(s, [PlayerInput(str(i), f"Player {i}") for i in range(1, TABLES * 4 + 1)], ACTOR)
            seat_session(s, 1, seed=1, actor=ACTOR)
        with db.factory.begin() as s:
            return [link.token for link in device_links(s, 1, actor=ACTOR)]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(path: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "web.cli", "--db", str(path), "--station", "bench", "serve",
                             "--port", str(port)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/table", timeout=2)
            return proc
        except httpx.TransportError:
            if proc.poll() is not None:
                raise RuntimeError(proc.stdout.read().decode() if proc.stdout else "the server stopped") from None
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start within 60 s")


class Device:
    def __init__(self, base: str, token: str, seed: int) -> None:
        self.client = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=60)
        self.rng = random.Random(seed)
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.retries = 0
        self.errors: list[str] = []

    def call(self, kind: str, method: str, path: str, body: Any = None) -> httpx.Response:
        t0 = time.perf_counter()
        r = self.client.request(method, path, json=body)
        self.latency[kind].append(time.perf_counter() - t0)
        return r

    def result(self, hand: int, numbers: list[str]) -> dict[str, Any]:
        roll = self.rng.random()
        if roll < 0.25:
            return {"type": "draw", "hand": hand}
        winner, discarder = self.rng.sample(numbers, 2)
        body: dict[str, Any] = {"type": "win", "hand": hand, "winner": winner}
        if roll < 0.4:
            body["self_drawn"] = True
        else:
            body["discarder"] = discarder
        if self.rng.random() < 0.3:
            body["notation"] = self.rng.choice(NOTATIONS)
        else:
            body["fan"] = self.rng.randint(8, 40)
        return body

    def play(self, start: threading.Barrier) -> None:
        start.wait()
        table = self.call("GET /api/table", "GET", "/api/table").json()
        numbers = [p["number"] for p in table["players"]]
        version = table["version"]
        for hand in range(1, HANDS + 1):
            body = self.result(hand, numbers)
            preview = self.call("POST /api/score", "POST", "/api/score", body)
            if preview.status_code != 200:
                self.errors.append(f"score {table['table']}/{hand}: {preview.text}")
            write = {**body, "version": version, "request_id": f"t{table['table']}-h{hand}"}
            r = self.call("POST /api/hands", "POST", "/api/hands", write)
            if self.rng.random() < LOST_ANSWERS:  # the answer never arrived: send it again
                self.retries += 1
                again = self.call("POST /api/hands (retry)", "POST", "/api/hands", write)
                if again.content != r.content:
                    self.errors.append(f"retry of {table['table']}/{hand} answered differently")
            if r.status_code != 200:
                self.errors.append(f"hands {table['table']}/{hand}: {r.status_code} {r.text}")
                return
            version = r.json()["version"]
        self.client.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run(target: str, label: str) -> None:
    """The whole run against ``target`` (a file path or a database URL holding no tournament yet)."""
    tokens = make_file(target)
    port = free_port()
    server = start_server(target, port)
    try:
        devices = [Device(f"http://127.0.0.1:{port}", token, seed) for seed, token in enumerate(tokens)]
        start = threading.Barrier(len(devices))
        threads = [threading.Thread(target=d.play, args=(start,)) for d in devices]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
    finally:
        server.terminate()
        server.wait(timeout=30)
    with open_database(target, writable=False) as db, db.reader() as s:
        problems = check(s)
        per_table: dict[int, list[int]] = defaultdict(list)
        for table_no, hand_no in s.execute(select(SessionTable.table_no, HandResult.hand_no)
                                           .join(SessionTable, SessionTable.id == HandResult.table_id)):
            per_table[table_no].append(hand_no)
        records = s.scalar(select(func.count()).select_from(AuditLog).where(
            AuditLog.action == "record", AuditLog.station.like("table % device"), AuditLog.referee == "device"))
    expected = TABLES * HANDS
    found = sum(len(set(h)) for h in per_table.values())
    lost = expected - sum(len(set(h) & set(range(1, HANDS + 1))) for h in per_table.values())
    duplicated = sum(len(h) - len(set(h)) for h in per_table.values()) + max(0, (records or 0) - found)
    errors = [e for d in devices for e in d.errors]
    latency: dict[str, list[float]] = defaultdict(list)
    for d in devices:
        for kind, values in d.latency.items():
            latency[kind] += values
    everything = [v for values in latency.values() for v in values]
    print(f"{TABLES} devices x {HANDS} hands on {label}: {wall:.1f} s wall, {len(everything)} requests "
          f"({len(everything) / wall:.0f}/s), {sum(d.retries for d in devices)} retried writes")
    print(f"hands recorded {found}/{expected}: lost {lost}, duplicated {duplicated}; record audit entries "
          f"{records}; check: {problems or 'clean'}; device errors: {len(errors)}")
    for line in errors[:5]:
        print("  ", line)
    for kind in sorted(latency) + ["all requests"]:
        values = everything if kind == "all requests" else latency[kind]
        print(f"  {kind:26} n={len(values):5}  median {statistics.median(values) * 1000:7.1f} ms   "
              f"p95 {percentile(values, 0.95) * 1000:7.1f} ms")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run(str(Path(tmp) / "bench.mcr"), "one SQLite file")
    base = os.environ.get("MCR_TEST_POSTGRES_URL")
    if base:  # the same on PostgreSQL, in a schema of its own that is dropped afterwards
        schema = f"bench_web_{os.getpid()}"
        admin = create_engine(base)
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        try:
            url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
            run(url.render_as_string(hide_password=False), "PostgreSQL")
        finally:
            with admin.begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            admin.dispose()


if __name__ == "__main__":
    main()
