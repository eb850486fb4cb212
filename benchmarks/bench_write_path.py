"""The CPU cost of recording one hand (issue 23, "the write path"), from the request to its commit, on a real
SQLite file in a temporary folder opened as the app opens it (WAL, ``synchronous=FULL``, the file guard):

- desk: the service a desk's confirm runs (``referee_app.pages.sheet_vm`` → ``db.service.results.record_hand``) in
  its own ``db.factory.begin()`` transaction, as ``referee_app.base.runner`` runs it;
- api: what ``POST /api/hands`` runs in our code (``web.api.api.check_token`` then ``web.api.api.record``, with a
  ``version`` and a ``request_id``), and the whole request as uvicorn hands it to the app (an ASGI call
  in-process: middleware, routing, the thread pool, the JSON answer; no socket, no HTTP parsing);
- baseline: a bare ``sqlite3`` INSERT of one row and its COMMIT on a file with the same pragmas (WAL,
  ``synchronous=FULL``): the fsync floor every recorded hand pays.

Each figure is the median CPU time (``time.process_time``: this process's CPU, all threads) per recorded hand
over :data:`HANDS` hands, the four taking turns by 20 hands (a mix like ``bench_web``'s: draws, totals, one in three wins by its tiles), with the
wall time beside it. ``python benchmarks/bench_write_path.py [--profile desk|api|app]`` prints a cProfile of that
path instead.
"""

from __future__ import annotations

import asyncio
import cProfile
import json
import pstats
import random
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import open_database  # noqa: E402
from db.read.lookup import find_table, table_numbers  # noqa: E402
from db.service.audit import Actor  # noqa: E402
from db.service.devices import device_links  # noqa: E402
from db.service.outcomes import DrawInput, WinInput  # noqa: E402
from db.service.players import PlayerInput, import_players  # noqa: E402
from db.service.results import record_hand  # noqa: E402
from db.service.seats import seat_session  # noqa: E402
from db.service.tournament import create_tournament  # noqa: E402
from db.storage.database import Database  # noqa: E402

HANDS = 300
CHUNK = 20  # calls of one kind in a row
TABLES = 40  # 160 players, as bench_web; hands go round the tables (300 hands: 7-8 per table)
ACTOR = Actor("bench", "bench")
NOTATIONS = ("123456789m234p55p", "11223344556677m", "1112345678999m5m", "22334455667788p")


def make_file(path: Path) -> list[str]:
    """A tournament of 160 players, session 1 seated; the 40 tables' device tokens."""
    with open_database(path, create=True, backups=False) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Write bench", "cmr1998", sessions=2, actor=ACTOR)
            import_players(s, [PlayerInput(str(i), f"Player {i}") for i in range(1, TABLES * 4 + 1)], ACTOR)
            seat_session(s, 1, seed=1, actor=ACTOR)
        with db.factory.begin() as s:
            return [link.token for link in device_links(s, 1, actor=ACTOR)]


def result_body(rng: random.Random, hand: int, numbers: list[str]) -> dict[str, Any]:
    """A device's body for ``hand`` (bench_web's mix)."""
    roll = rng.random()
    if roll < 0.25:
        return {"type": "draw", "hand": hand}
    winner, discarder = rng.sample(numbers, 2)
    body: dict[str, Any] = {"type": "win", "hand": hand, "winner": winner}
    if roll < 0.4:
        body["self_drawn"] = True
    else:
        body["discarder"] = discarder
    if rng.random() < 0.3:
        body["notation"] = rng.choice(NOTATIONS)
    else:
        body["fan"] = rng.randint(8, 40)
    return body


def as_input(body: dict[str, Any]) -> WinInput | DrawInput:
    if body["type"] == "draw":
        return DrawInput()
    return WinInput(body["winner"], body.get("discarder"), body.get("self_drawn", False), body.get("fan"),
                    None, body.get("notation"))


def plan(db: Database) -> list[tuple[int, int, dict[str, Any]]]:
    """(table, hand, body) of every hand to record, round the tables."""
    rng = random.Random(23)
    with db.reader() as s:
        numbers = {t: table_numbers(s, find_table(s, 1, t)) for t in range(1, TABLES + 1)}
    out = []
    for i in range(HANDS):
        table, hand = i % TABLES + 1, i // TABLES + 1
        out.append((table, hand, result_body(rng, hand, numbers[table])))
    return out


def timed(kinds: dict[str, Iterator[Callable[[], Any]]]) -> dict[str, tuple[float, float]]:
    """Median CPU ms and median wall ms of each kind's calls, the kinds taking turns by :data:`CHUNK` calls
    (so that they share the machine's noise)."""
    cpu: dict[str, list[float]] = {k: [] for k in kinds}
    wall: dict[str, list[float]] = {k: [] for k in kinds}
    for _ in range(HANDS // CHUNK):
        for kind, calls in kinds.items():
            for _ in range(CHUNK):
                call = next(calls)
                c0, w0 = time.process_time(), time.perf_counter()
                call()
                cpu[kind].append(time.process_time() - c0)
                wall[kind].append(time.perf_counter() - w0)
    return {k: (statistics.median(cpu[k]) * 1e3, statistics.median(wall[k]) * 1e3) for k in kinds}


def table_versions(db: Database) -> dict[int, int]:
    with db.reader() as s:
        return {t: find_table(s, 1, t).version for t in range(1, TABLES + 1)}


def desk_calls(db: Database) -> Iterator[Callable[[], Any]]:
    versions = table_versions(db)
    for table, hand, body in plan(db):
        def call(table: int = table, hand: int = hand, body: dict[str, Any] = body) -> None:
            with db.factory.begin() as s:
                record_hand(s, 1, table, hand, as_input(body), expected_version=versions[table])  # as sheet_vm: no actor
                versions[table] += 1
        yield call


def api_calls(db: Database, tokens: list[str]) -> Iterator[Callable[[], Any]]:
    from web.api import api

    versions = table_versions(db)
    for table, hand, body in plan(db):
        def call(table: int = table, hand: int = hand, body: dict[str, Any] = body) -> None:
            raw = json.dumps({**body, "version": versions[table], "request_id": f"t{table}-h{hand}"}).encode()
            token = tokens[table - 1]
            api.check_token(db, token)
            status, answer = api.record(db, token, raw)
            assert status == 200, answer
            versions[table] = answer["version"]
        yield call


def app_calls(db: Database, tokens: list[str]) -> Iterator[Callable[[], Any]]:
    """The whole request as uvicorn hands it to the app: an ASGI call on an event loop that runs in its own
    thread for the whole run, as uvicorn's does (so the thread pool's workers are reused, not started per
    request): the security headers, the request cap, routing, the token check and the write in the thread
    pool, the JSON answer."""
    from web.api.app import create_app

    app = create_app(db)
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()

    async def serve() -> None:  # the root task, as uvicorn's server is
        await stop.wait()

    runner = threading.Thread(target=loop.run_until_complete, args=(serve(),))
    runner.start()
    versions = table_versions(db)
    try:
        for table, hand, body in plan(db):
            def call(table: int = table, hand: int = hand, body: dict[str, Any] = body) -> None:
                raw = json.dumps({**body, "version": versions[table], "request_id": f"t{table}-h{hand}"}).encode()
                post = asgi_post(app, "/api/hands", tokens[table - 1], raw)
                status, answer = asyncio.run_coroutine_threadsafe(post, loop).result()
                assert status == 200, answer
                versions[table] = json.loads(answer)["version"]
            yield call
    finally:
        loop.call_soon_threadsafe(stop.set)
        runner.join()
        loop.close()


async def asgi_post(app: Any, path: str, token: str, raw: bytes) -> tuple[int, bytes]:
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(raw)).encode()), (b"authorization", f"Bearer {token}".encode())],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8765)}
    sent = False
    status, body = 0, b""

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.sleep(3600)
        sent = True
        return {"type": "http.request", "body": raw, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, body
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            body += message.get("body", b"")

    await app(scope, receive, send)
    return status, body


def baseline_calls(path: Path) -> Iterator[Callable[[], Any]]:
    """A bare INSERT + COMMIT of one row, WAL and synchronous=FULL (the fsync floor)."""
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, a INTEGER, b TEXT)")
    try:
        for i in range(HANDS):
            def call(i: int = i) -> None:
                con.execute("BEGIN IMMEDIATE")
                con.execute("INSERT INTO t (a, b) VALUES (?, ?)", (i, "session 1 table 1 hand 1"))
                con.execute("COMMIT")
            yield call
    finally:
        con.close()


def fresh(tmp: Path, name: str) -> tuple[Database, list[str]]:
    path = tmp / f"{name}.mcr"
    tokens = make_file(path)
    return open_database(path, backups=False), tokens


def profile(kind: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db, tokens = fresh(Path(tmp), kind)
        calls = {"desk": lambda: desk_calls(db), "api": lambda: api_calls(db, tokens),
                 "app": lambda: app_calls(db, tokens)}[kind]()
        prof = cProfile.Profile(time.process_time)
        prof.enable()
        for call in calls:
            call()
        prof.disable()
        db.close()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(45)


LABELS = {"baseline": "bare SQLite INSERT+COMMIT (baseline)", "desk": "desk confirm: record_hand + commit",
          "api": "POST /api/hands: api.check_token + api.record", "app": "POST /api/hands through the app (ASGI)"}


def main() -> None:
    if "--profile" in sys.argv:
        profile(sys.argv[sys.argv.index("--profile") + 1])
        return
    with tempfile.TemporaryDirectory() as tmp:
        dbs = {kind: fresh(Path(tmp), kind) for kind in ("desk", "api", "app")}
        try:
            figures = timed({"baseline": baseline_calls(Path(tmp) / "bare.db"), "desk": desk_calls(dbs["desk"][0]),
                             "api": api_calls(*dbs["api"]), "app": app_calls(*dbs["app"])})
        finally:
            for db, _tokens in dbs.values():
                db.close()
    base_cpu, base_wall = figures["baseline"]
    print(f"CPU per recorded hand, median of {HANDS} (SQLite file, WAL, synchronous=FULL):")
    for kind, (cpu, wall) in figures.items():
        ratio = "" if kind == "baseline" else f"  ×{cpu / base_cpu:5.1f} the baseline's CPU"
        print(f"  {LABELS[kind]:46} CPU {cpu:6.2f} ms   wall {wall:6.2f} ms{ratio}")


if __name__ == "__main__":
    main()
