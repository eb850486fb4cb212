"""40 table devices record a whole 16-hand session at once against one SQLite file, through the real
server (``mcr-tournament serve``: uvicorn on 127.0.0.1, its own process) and httpx; then the same during a busy
moment (issue 23): 8 ``mcr-tournament results import`` processes record session 2 meanwhile (5 tables x 16
hands each, one transaction a line; the devices start once the imports write) and another process computes
the standings again and again.

Each device (a thread with its own keep-alive connection, all starting together) reads its table, then
for every hand previews it (``POST /api/score``) and records it (``POST /api/hands`` with ``version``
and a ``request_id``); one answer in ten is "lost" and the device sends the same request again, as a
phone that lost Wi-Fi would. Afterwards the file is checked: every table has hands 1-16 exactly once
(nothing lost, nothing recorded twice), one ``record`` audit entry per hand, and ``check`` is clean.

Prints the median and 95th percentile latency of each kind of request and of all of them, and issue 23's
targets: the write p95 (40 devices: <= 120 ms on SQLite; busy: <= 300 ms) beside a bare INSERT + COMMIT on
the same store in the same run (the fsync floor), and the standings' seconds per run while busy (<= 0.3 s)
beside the same standings on the quiet store afterwards. All traffic stays on 127.0.0.1; the run is bounded
(40 x 16 hands, 60 s per request at most). With ``MCR_TEST_POSTGRES_URL`` set it runs the same on PostgreSQL
too (schemas of its own, dropped after). ``--only busy`` (or ``--only quiet``) runs one of the two scenarios.
"""

from __future__ import annotations

import json
import os
import random
import socket
import sqlite3
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
from sqlalchemy.engine import Engine, make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from db import open_database  # noqa: E402
from db.models import AuditLog, HandResult, SessionTable  # noqa: E402
from db.read import queries  # noqa: E402
from db.read.check import check  # noqa: E402
from db.read.lookup import find_table, table_numbers  # noqa: E402
from db.service.audit import Actor  # noqa: E402
from db.service.devices import device_links  # noqa: E402
from db.service.players import PlayerInput, import_players  # noqa: E402
from db.service.seats import seat_session  # noqa: E402
from db.service.tournament import create_tournament  # noqa: E402

TABLES = 40
HANDS = 16
IMPORTS = 8  # concurrent `results import` processes in the busy run, each TABLES // IMPORTS tables of session 2
BARE = 50  # bare commits measured for the baseline
LOST_ANSWERS = 0.1  # share of writes whose answer is "lost", so the device sends it again
ACTOR = Actor("bench", "bench")
NOTATIONS = ("123456789m234p55p", "11223344556677m", "1112345678999m5m", "22334455667788p")


def make_file(path: str, busy: bool = False) -> tuple[list[str], dict[int, list[str]]]:
    """A tournament of 160 players, session 1 seated (and session 2 when ``busy``, for the imports); the 40
    tables' tokens of session 1, and session 2's player numbers by table."""
    with open_database(path, create=True) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Web bench", "cmr1998", sessions=2, actor=ACTOR)
            import_players(s, [PlayerInput(str(i), f"Player {i}") for i in range(1, TABLES * 4 + 1)], ACTOR)
            seat_session(s, 1, seed=1, actor=ACTOR)
            if busy:
                seat_session(s, 2, seed=2, actor=ACTOR)
        with db.factory.begin() as s:
            tokens = [link.token for link in device_links(s, 1, actor=ACTOR)]
            second = {t: table_numbers(s, find_table(s, 2, t)) for t in range(1, TABLES + 1)} if busy else {}
        return tokens, second


def import_files(folder: Path, second: dict[int, list[str]]) -> list[Path]:
    """:data:`IMPORTS` JSON-lines files, each the 16 hands of its share of session 2's tables."""
    rng = random.Random(2)
    per = TABLES // IMPORTS
    files = []
    for k in range(IMPORTS):
        lines = []
        for table in range(k * per + 1, (k + 1) * per + 1):
            for hand in range(1, HANDS + 1):
                if rng.random() < 0.25:
                    lines.append({"session": 2, "table": table, "hand": hand, "type": "draw"})
                    continue
                winner, discarder = rng.sample(second[table], 2)
                lines.append({"session": 2, "table": table, "hand": hand, "type": "win", "winner": winner,
                              "discarder": discarder, "fan": rng.randint(8, 40)})
        path = folder / f"import-{k + 1}.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
        files.append(path)
    return files


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(path: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    """``serve`` in its own process, its console written to ``log`` (a pipe nobody reads could fill and stop it)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "web.cli", "--db", str(path), "--station", "bench", "serve",
                                 "--port", str(port)], env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/table", timeout=2)
            return proc
        except httpx.TransportError:
            if proc.poll() is not None:
                raise RuntimeError(log.read_text(errors="replace") or "the server stopped") from None
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


def bare_commit_ms(target: str, folder: Path) -> float:
    """The baseline: the median wall time of one bare INSERT + COMMIT of a small row on the same store (SQLite:
    a file beside the tournament's, WAL, synchronous=FULL; PostgreSQL: a table in the run's schema)."""
    times = []
    if "://" not in target:
        con = sqlite3.connect(folder / "bare.db", isolation_level=None)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        con.execute("CREATE TABLE bare (id INTEGER PRIMARY KEY, a INTEGER, b TEXT)")
        for i in range(BARE):
            t0 = time.perf_counter()
            con.execute("BEGIN IMMEDIATE")
            con.execute("INSERT INTO bare (a, b) VALUES (?, ?)", (i, "session 1 table 1 hand 1"))
            con.execute("COMMIT")
            times.append(time.perf_counter() - t0)
        con.close()
    else:
        engine: Engine = create_engine(target)
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE bare (id SERIAL PRIMARY KEY, a INTEGER, b TEXT)"))
        for i in range(BARE):
            t0 = time.perf_counter()
            with engine.begin() as conn:
                conn.execute(text("INSERT INTO bare (a, b) VALUES (:a, :b)"), {"a": i, "b": "session 1 table 1 hand 1"})
            times.append(time.perf_counter() - t0)
        engine.dispose()
    return statistics.median(times) * 1000


def standings_loop(target: str, stop: str, out: str, runs: int | None = None) -> None:
    """Another program's standings (a desk's page, the hall): computed again and again until the file ``stop``
    exists (or ``runs`` times); the wall seconds of each run go to ``out`` as JSON."""
    times: list[float] = []
    with open_database(target, writable=False) as db:
        Path(out).with_suffix(".ready").touch()
        while (runs is None and not Path(stop).exists()) or (runs is not None and len(times) < runs):
            t0 = time.perf_counter()
            with db.reader() as s:
                queries.standings(s)
            times.append(time.perf_counter() - t0)
    Path(out).write_text(json.dumps(times), encoding="utf-8")


def start_standings(target: str, folder: Path, runs: int | None = None) -> tuple[subprocess.Popen[bytes], Path]:
    out = folder / f"standings-{time.monotonic_ns()}.json"
    proc = subprocess.Popen([sys.executable, __file__, "--standings-loop", target, str(folder / "stop"), str(out)]
                            + ([str(runs)] if runs is not None else []), env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 60
    while not out.with_suffix(".ready").exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the standings loop did not start")
        time.sleep(0.05)
    return proc, out


def imports_writing(target: str, imports: list[subprocess.Popen[bytes]]) -> None:
    """Wait until the imports write (their processes started and recorded a first line each, about): the
    devices then come in during the imports, not during 8 interpreters starting at once."""
    with open_database(target, writable=False) as db:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and all(p.poll() is None for p in imports):
            with db.reader() as s:
                done = s.scalar(select(func.count()).select_from(HandResult).join(
                    SessionTable, SessionTable.id == HandResult.table_id).where(SessionTable.session == 2))
            if (done or 0) >= IMPORTS:
                return
            time.sleep(0.1)


def run(target: str, label: str, folder: Path, busy: bool = False) -> dict[str, float]:
    """The whole run against ``target`` (a file path or a database URL holding no tournament yet): the write
    p95 in ms, and when ``busy`` the standings' median seconds per run during it and on the quiet store."""
    folder.mkdir(parents=True, exist_ok=True)
    tokens, second = make_file(target, busy)
    files = import_files(folder, second) if busy else []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    port = free_port()
    server = start_server(target, port, folder / "server.log")
    loop: subprocess.Popen[bytes] | None = None
    imports: list[subprocess.Popen[bytes]] = []
    try:
        if busy:
            loop, loop_out = start_standings(target, folder)
        devices = [Device(f"http://127.0.0.1:{port}", token, seed) for seed, token in enumerate(tokens)]
        start = threading.Barrier(len(devices) + 1)
        threads = [threading.Thread(target=d.play, args=(start,)) for d in devices]
        for t in threads:
            t.start()
        t_imports = time.perf_counter()
        imports = [subprocess.Popen([sys.executable, "-m", "web.cli", "--db", target, "--station", f"import {k + 1}",
                                     "results", "import", str(f)], env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT) for k, f in enumerate(files)]
        if busy:
            imports_writing(target, imports)
        start.wait()
        t0 = time.perf_counter()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        import_failures = []
        for proc in imports:
            output = proc.communicate(timeout=600)[0].decode(errors="replace")
            if proc.returncode != 0:
                import_failures.append(output.strip().splitlines()[-1:] or [f"exit {proc.returncode}"])
        busy_wall = time.perf_counter() - t_imports
    finally:
        (folder / "stop").touch()
        if loop is not None:
            loop.wait(timeout=120)
        for proc in imports:
            if proc.poll() is None:
                proc.kill()
        server.terminate()
        server.wait(timeout=30)
    with open_database(target, writable=False) as db, db.reader() as s:
        problems = check(s)
        per_table: dict[int, list[int]] = defaultdict(list)
        for table_no, hand_no in s.execute(select(SessionTable.table_no, HandResult.hand_no)
                                           .join(SessionTable, SessionTable.id == HandResult.table_id)
                                           .where(SessionTable.session == 1)):
            per_table[table_no].append(hand_no)
        imported = s.scalar(select(func.count()).select_from(HandResult).join(
            SessionTable, SessionTable.id == HandResult.table_id).where(SessionTable.session == 2))
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
    title = f"{label}, busy: + {IMPORTS} imports of session 2 and a standings loop" if busy else label
    print(f"\n-- {title}")
    print(f"{TABLES} devices x {HANDS} hands: {wall:.1f} s wall, {len(everything)} requests "
          f"({len(everything) / wall:.0f}/s), {sum(d.retries for d in devices)} retried writes")
    print(f"hands recorded {found}/{expected}: lost {lost}, duplicated {duplicated}; record audit entries "
          f"{records}; check: {problems or 'clean'}; device errors: {len(errors)}")
    if busy:
        print(f"imports: {imported}/{expected} hands of session 2 in {busy_wall:.1f} s, "
              f"{len(import_failures)} failed {import_failures[:2]}")
    for line in errors[:5]:
        print("  ", line)
    if errors:  # what the server's console said about it
        said = [line for line in (folder / "server.log").read_text(errors="replace").splitlines()
                if "!!!" in line or "while open" in line or "rror" in line]
        for line in said[:5]:
            print("   serve:", line)
    for kind in sorted(latency) + ["all requests"]:
        values = everything if kind == "all requests" else latency[kind]
        print(f"  {kind:26} n={len(values):5}  median {statistics.median(values) * 1000:7.1f} ms   "
              f"p95 {percentile(values, 0.95) * 1000:7.1f} ms")
    writes = latency["POST /api/hands"] + latency["POST /api/hands (retry)"]
    figures = {"write_p95_ms": percentile(writes, 0.95) * 1000}
    if busy:
        busy_runs = json.loads(loop_out.read_text(encoding="utf-8"))
        quiet_proc, quiet_out = start_standings(target, folder, runs=5)
        quiet_proc.wait(timeout=300)
        quiet_runs = json.loads(quiet_out.read_text(encoding="utf-8"))
        figures["standings_s"] = statistics.median(busy_runs)
        figures["standings_max_s"] = max(busy_runs)
        figures["standings_quiet_s"] = statistics.median(quiet_runs)
        figures["standings_runs"] = len(busy_runs)
    return figures


def report(label: str, quiet: dict[str, float] | None, busy: dict[str, float] | None, bare_ms: float) -> None:
    """Issue 23's targets, each beside its baseline from the same run (those of the scenarios run)."""
    def verdict(value: float, target: float) -> str:
        return "met" if value <= target else f"NOT met (x{value / target:.1f} the target)"

    sqlite = label == "SQLite"
    print(f"\n== issue 23 targets on {label} (baseline: a bare INSERT + COMMIT there, median {bare_ms:.2f} ms)")
    if quiet is not None:
        w40 = quiet["write_p95_ms"]
        print(f"  40 devices at once: write p95 {w40:7.1f} ms = x{w40 / bare_ms:6.1f} the bare commit; target <= 120 ms"
              + (f" on SQLite: {verdict(w40, 120)}" if sqlite else " (set for SQLite)"))
    if busy is None:
        return
    wbusy = busy["write_p95_ms"]
    print(f"  busy:               write p95 {wbusy:7.1f} ms = x{wbusy / bare_ms:6.1f} the bare commit; target <= 300 ms:"
          f" {verdict(wbusy, 300)}")
    st, quiet_st = busy["standings_s"], busy["standings_quiet_s"]
    print(f"  busy: standings {st:.3f} s per run (median of {busy['standings_runs']:.0f}, worst {busy['standings_max_s']:.3f} s)"
          f" = x{st / quiet_st:.1f} the same standings on the quiet store ({quiet_st:.3f} s); target <= 0.3 s:"
          f" {verdict(st, 0.3)}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--standings-loop":
        standings_loop(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]) if len(sys.argv) > 5 else None)
        return
    only = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--only" else None
    if only not in (None, "quiet", "busy"):
        sys.exit("usage: bench_web.py [--only quiet|busy]")
    with_quiet, with_busy = only in (None, "quiet"), only in (None, "busy")
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bare = bare_commit_ms(str(folder / "x.mcr"), folder)
        quiet = run(str(folder / "quiet" / "bench.mcr"), "one SQLite file", folder / "quiet") if with_quiet else None
        busy = run(str(folder / "busy" / "bench.mcr"), "one SQLite file", folder / "busy", busy=True) \
            if with_busy else None
        report("SQLite", quiet, busy, bare)
    base = os.environ.get("MCR_TEST_POSTGRES_URL")
    if base:  # the same on PostgreSQL, in schemas of its own that are dropped afterwards
        admin = create_engine(base)
        schemas = [f"bench_web_{os.getpid()}_{k}" for k in ("bare", "quiet", "busy")]
        with admin.begin() as conn:
            for schema in schemas:
                conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        try:
            urls = [make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
                    .render_as_string(hide_password=False) for schema in schemas]
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp)
                bare = bare_commit_ms(urls[0], folder)
                quiet = run(urls[1], "PostgreSQL", folder / "quiet") if with_quiet else None
                busy = run(urls[2], "PostgreSQL", folder / "busy", busy=True) if with_busy else None
                report("PostgreSQL", quiet, busy, bare)
        finally:
            with admin.begin() as conn:
                for schema in schemas:
                    conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            admin.dispose()
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
