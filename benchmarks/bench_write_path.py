"""The CPU cost of recording one hand (issue 23, "the write path"), from the request to its commit, on a real
SQLite file in a temporary folder opened as the app opens it (WAL, ``synchronous=FULL``, the file guard):

- desk: the service a desk's confirm runs (``referee_app.sheet_vm`` → ``db.service.results.record_hand``) in
  its own ``db.factory.begin()`` transaction, as ``referee_app.runner`` runs it;
- api: what ``POST /api/hands`` runs in our code (``web.api.check_token`` then ``web.api.record``, with a
  ``version`` and a ``request_id``), and the whole request through the Starlette app in-process
  (``TestClient``: routing, the thread pool, JSON; no socket);
- baseline: a bare ``sqlite3`` INSERT of one row and its COMMIT on a file with the same pragmas (WAL,
  ``synchronous=FULL``): the fsync floor every recorded hand pays.

Each figure is the median CPU time (``time.process_time``: this process's CPU, all threads) per recorded hand
over :data:`HANDS` hands (a mix like ``bench_web``'s: draws, totals, one in three wins by its tiles), with the
wall time beside it. ``python benchmarks/bench_write_path.py [--profile desk|api]`` prints a cProfile of that
path instead.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import open_database  # noqa: E402
from db.database import Database  # noqa: E402
from db.service.audit import Actor  # noqa: E402
from db.service.devices import device_links  # noqa: E402
from db.service.lookup import find_table, table_numbers  # noqa: E402
from db.service.outcomes import DrawInput, WinInput  # noqa: E402
from db.service.players import PlayerInput, import_players  # noqa: E402
from db.service.results import record_hand  # noqa: E402
from db.service.seats import seat_session  # noqa: E402
from db.service.tournament import create_tournament  # noqa: E402

HANDS = 300
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


def timed(calls: Iterator[Callable[[], Any]]) -> tuple[float, float]:
    """Median CPU ms and median wall ms of each call."""
    cpu, wall = [], []
    for call in calls:
        c0, w0 = time.process_time(), time.perf_counter()
        call()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return statistics.median(cpu) * 1e3, statistics.median(wall) * 1e3


def table_versions(db: Database) -> dict[int, int]:
    with db.reader() as s:
        return {t: find_table(s, 1, t).version for t in range(1, TABLES + 1)}


def desk_calls(db: Database) -> Iterator[Callable[[], Any]]:
    versions = table_versions(db)
    for table, hand, body in plan(db):
        def call(table: int = table, hand: int = hand, body: dict[str, Any] = body) -> None:
            with db.factory.begin() as s:
                record_hand(s, 1, table, hand, as_input(body), expected_version=versions[table], actor=ACTOR)
                versions[table] += 1
        yield call


def api_calls(db: Database, tokens: list[str]) -> Iterator[Callable[[], Any]]:
    from web import api

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


def http_calls(db: Database, tokens: list[str]) -> Iterator[Callable[[], Any]]:
    from starlette.testclient import TestClient

    from web.app import create_app

    versions = table_versions(db)
    with TestClient(create_app(db)) as client:
        for table, hand, body in plan(db):
            def call(table: int = table, hand: int = hand, body: dict[str, Any] = body) -> None:
                r = client.post("/api/hands", json={**body, "version": versions[table], "request_id": f"t{table}-h{hand}"},
                                headers={"Authorization": f"Bearer {tokens[table - 1]}"})
                assert r.status_code == 200, r.text
                versions[table] = r.json()["version"]
            yield call


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


def measure(tmp: Path, kind: str) -> tuple[float, float]:
    if kind == "baseline":
        return timed(baseline_calls(tmp / "bare.db"))
    db, tokens = fresh(tmp, kind)
    try:
        calls = {"desk": lambda: desk_calls(db), "api": lambda: api_calls(db, tokens),
                 "http": lambda: http_calls(db, tokens)}[kind]()
        return timed(calls)
    finally:
        db.close()


def profile(kind: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db, tokens = fresh(Path(tmp), kind)
        calls = list(desk_calls(db) if kind == "desk" else api_calls(db, tokens))
        prof = cProfile.Profile(time.process_time)
        prof.enable()
        for call in calls:
            call()
        prof.disable()
        db.close()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(45)


LABELS = {"baseline": "bare SQLite INSERT+COMMIT (baseline)", "desk": "desk confirm: record_hand + commit",
          "api": "POST /api/hands: api.check_token + api.record", "http": "POST /api/hands through the app (TestClient)"}


def main() -> None:
    if "--profile" in sys.argv:
        profile(sys.argv[sys.argv.index("--profile") + 1])
        return
    with tempfile.TemporaryDirectory() as tmp:
        figures = {kind: measure(Path(tmp), kind) for kind in ("baseline", "desk", "api", "http")}
    base_cpu, base_wall = figures["baseline"]
    print(f"CPU per recorded hand, median of {HANDS} (SQLite file, WAL, synchronous=FULL):")
    for kind, (cpu, wall) in figures.items():
        ratio = "" if kind == "baseline" else f"  ×{cpu / base_cpu:5.1f} the baseline's CPU"
        print(f"  {LABELS[kind]:46} CPU {cpu:6.2f} ms   wall {wall:6.2f} ms{ratio}")


if __name__ == "__main__":
    main()
