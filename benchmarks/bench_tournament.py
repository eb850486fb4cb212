"""The tournament store at 100 and 1000 players x 10 sessions (16 hands per table) on SQLite files.

For each size: seating every session (balanced plan), recording results (mostly totals-only wins and
draws, one full-notation hand per table and session scored by the engine), standings and the table
sheets of a session. Sessions 1-9 are recorded with ``record_result`` in one transaction per session
(the store's own cost per hand); session 10 goes through ``mcr-tournament results import`` (one
transaction, and one fsync, per line: what a scorekeeper's import costs).

Prints wall seconds and CPU seconds (the process's own time: the machine is shared, so wall time also
measures the neighbours), and the ratios between the sizes: the per-hand costs should stay flat and
the standings should grow about like the number of hands (4x players -> about 4x time).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import open_database  # noqa: E402
from db.commands.cli import main as cli_main  # noqa: E402
from db.formats.result_lines import parse_result_line
from db.read import queries  # noqa: E402
from db.service.audit import Actor
from db.service.players import PlayerInput, import_players
from db.service.results import record_result
from db.service.seats import seat_session
from db.service.tournament import create_tournament
from db.storage.database import Database  # noqa: E402

# The sizes; `MCR_BENCH_QUICK=1` runs 100 and 400 for a quicker look.
SIZES = (100, 400) if os.environ.get("MCR_BENCH_QUICK") else (100, 1000)
SESSIONS = 10
HANDS = 16
# Full hands the engine scores (at least 8 fans whatever the winds); the winner discards nothing.
NOTATIONS = (
    "123456789m234p55p",  # pure straight
    "11223344556677m",  # seven shifted pairs
    "1112345678999m5m",  # nine gates
    "22334455667788p",  # seven shifted pairs, all simples
    "1m19s19pEESWNCFP9m",  # thirteen orphans
)


@dataclass
class Clock:
    """Wall and CPU seconds, summed over the timed blocks."""

    wall: float = 0.0
    cpu: float = 0.0
    count: int = 0

    @contextlib.contextmanager
    def time(self, count: int = 1) -> Iterator[None]:
        w0, c0 = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.wall += time.perf_counter() - w0
            self.cpu += time.process_time() - c0
            self.count += count

    def per(self, unit: float = 1000.0) -> tuple[float, float]:
        return self.wall / self.count * unit, self.cpu / self.count * unit


def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, float]:
    """Minimum wall and CPU seconds of ``repeat`` runs (the least disturbed run)."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall = min(wall, time.perf_counter() - w0)
        cpu = min(cpu, time.process_time() - c0)
    return wall, cpu


def session_lines(session: int, tables: list[list[str]], rng: random.Random) -> list[dict[str, Any]]:
    """One session's result lines: hand 3 of every table is a full hand, ~10% draws, the rest totals."""
    lines: list[dict[str, Any]] = []
    for t, four in enumerate(tables, start=1):
        for hand in range(1, HANDS + 1):
            base = {"session": session, "table": t, "hand": hand}
            winner = rng.choice(four)
            others = [p for p in four if p != winner]
            if hand == 3:
                lines.append({**base, "type": "win", "winner": winner, "discarder": rng.choice(others),
                              "notation": NOTATIONS[(t + session) % len(NOTATIONS)], "flowers": rng.randint(0, 2)})
            elif rng.random() < 0.1:
                lines.append({**base, "type": "draw"})
            elif rng.random() < 0.3:
                flowers = rng.randint(0, 3)
                lines.append({**base, "type": "win", "winner": winner, "self_drawn": True,
                              "fan": rng.randint(8, 40) + flowers, "flowers": flowers})
            else:
                lines.append({**base, "type": "win", "winner": winner, "discarder": rng.choice(others),
                              "fan": rng.randint(8, 40)})
    return lines


@dataclass
class Figures:
    players: int
    hands: int
    seat: Clock
    totals: Clock
    full: Clock
    imported: Clock
    standings: tuple[float, float]
    sheets: tuple[float, float]


def build_event(path: Path, players: int, sessions: int, *, name: str = "Bench Open",
                player_name: str = "Player {i}") -> int:
    """A played tournament for the other benchmarks: these seatings and result lines, one transaction per
    session, no automatic backups. Returns the number of hands recorded."""
    rng = random.Random(players)
    actor = Actor("bench", "bench")
    hands = 0
    with open_database(path, create=True, backups=False) as db:
        with db.factory.begin() as s:
            create_tournament(s, name, sessions=sessions, actor=actor)
            import_players(s, [PlayerInput(str(i), player_name.format(i=i), f"Team {(i - 1) // 4}")
                               for i in range(1, players + 1)], actor)
        for k in range(1, sessions + 1):
            with db.factory.begin() as s:
                tables = seat_session(s, k, actor=actor)
                for obj in session_lines(k, tables, rng):
                    record_result(s, parse_result_line(obj), actor=actor)
                    hands += 1
    return hands


def run(players: int, folder: Path) -> Figures:
    path = folder / f"bench-{players}.sqlite"
    rng = random.Random(players)
    seat, totals, full, imported = Clock(), Clock(), Clock(), Clock()
    actor = Actor("bench", "bench")
    with open_database(path, create=True) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Bench Open", sessions=SESSIONS, actor=actor)
            import_players(s, [PlayerInput(str(i), f"Player {i}", f"Team {(i - 1) // 4}")
                               for i in range(1, players + 1)], actor)
        for k in range(1, SESSIONS + 1):
            with seat.time(), db.factory.begin() as s:
                tables = seat_session(s, k, actor=actor)
            lines = session_lines(k, tables, rng)
            if k < SESSIONS:
                with db.factory.begin() as s:
                    for obj in lines:
                        line = parse_result_line(obj)
                        with (full if "notation" in obj else totals).time():
                            record_result(s, line, actor=actor)
            else:
                _import(db, path, folder, lines, imported)
        with db.reader() as s:
            hands = len(queries.results(s))
        standings = best_of(3, lambda: _read(db, queries.standings))
        sheets = best_of(3, lambda: _read(db, lambda s: queries.table_sheets(s, SESSIONS)))
    return Figures(players, hands, seat, totals, full, imported, standings, sheets)


def _read(db: Database, query: Callable[[Any], Any]) -> None:
    with db.reader() as s:
        query(s)


def _import(db: Database, path: Path, folder: Path, lines: list[dict[str, Any]], clock: Clock) -> None:
    """The last session through the command line, as a scorekeeper imports a file."""
    jsonl = folder / "session.jsonl"
    jsonl.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with clock.time(len(lines)), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(["--db", str(path), "--station", "bench", "results", "import", str(jsonl)])
    if code != 0 or f"{len(lines)} recorded" not in out.getvalue():
        raise SystemExit(f"import failed: {out.getvalue()} {err.getvalue()}")


def main(sizes: tuple[int, ...] = SIZES) -> None:
    print(f"{SESSIONS} sessions x {HANDS} hands per table, SQLite file (WAL, synchronous=FULL); "
          "ms are per hand, seconds wall (CPU)")
    results: dict[int, Figures] = {}
    with tempfile.TemporaryDirectory(prefix="mcr-bench-") as tmp:
        for players in sizes:
            f = results[players] = run(players, Path(tmp))
            print(f"{players:4d} players, {f.hands:6d} hands:"
                  f"  seat {f.seat.wall:5.2f} s ({f.seat.cpu:5.2f})"
                  f"  totals {f.totals.per()[0]:5.2f} ms ({f.totals.per()[1]:5.2f})"
                  f"  full hands {f.full.per()[0]:5.2f} ms ({f.full.per()[1]:5.2f})"
                  f"  import {f.imported.per()[0]:5.2f} ms ({f.imported.per()[1]:5.2f})"
                  f"  standings {f.standings[0]:5.3f} s ({f.standings[1]:5.3f})"
                  f"  table sheets of a session {f.sheets[0]:5.3f} s ({f.sheets[1]:5.3f})", flush=True)
    small, big = results[sizes[0]], results[sizes[-1]]
    scale = big.hands / small.hands
    print(f"{sizes[-1]}/{sizes[0]} players ({scale:.1f}x the hands):"
          f"  per-hand totals x{big.totals.per()[1] / small.totals.per()[1]:.2f}"
          f"  full x{big.full.per()[1] / small.full.per()[1]:.2f}"
          f"  import x{big.imported.per()[1] / small.imported.per()[1]:.2f} (CPU; 1.00 = flat)"
          f"  standings x{big.standings[1] / small.standings[1]:.2f}"
          f"  sheets x{big.sheets[1] / small.sheets[1]:.2f} (CPU; {scale:.1f} = linear)")


if __name__ == "__main__":
    main()
