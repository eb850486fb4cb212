"""A small Riichi (EMA 2016) tournament in a real SQLite file, built with the ``mcr-tournament`` commands:
eight players in four teams, two sessions of two tables, every game over (time called), with a ron, a
yakuman tsumo, a draw with tenpai, a ron scored from its tiles (yaku named), a chombo and a tsumo from tiles.
The outputs' tests (tests/reports/test_game_outputs.py) read it back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from db.read import queries
from db.storage.store import open_database
from reports.cli import main

PLAYERS = """number,name,team,country,ema_number
1,Alice Ang,Kyoto,GB,04000001
2,Bob Brown,Osaka,NL,04000002
3,陈伟 Chen Wei,Kyoto,CN,
4,Dora Diaz,Nara,ES,04000004
5,Eve Eng,Osaka,DK,04000005
6,Frank Fu,Nara,FR,04000006
7,高玲 Gao Ling,Kobe,CN,
8,Hugo Hall,Kobe,DE,04000008
"""


def run(db: Path, *argv: str) -> None:
    assert main(["--db", str(db), *argv]) == 0, argv


def seats(db: Path, session: int) -> dict[int, tuple[str, str, str, str]]:
    """Each table's player numbers at the starting seats E, S, W, N."""
    with open_database(db) as database, database.factory() as s:
        return {t.table: tuple(p.number for p in t.players)  # type: ignore[misc]
                for t in queries.seating(s, session)}


def long_game(session: int, table: int, p: tuple[str, str, str, str]) -> list[dict[str, Any]]:
    """Six hands and the time called after the fifth: EMA plays one more hand, so the game ends after it."""
    e, s, w, n = p
    at = {"session": session, "table": table}
    return [
        {**at, "hand": 1, "type": "ron", "discarder": s, "riichi": [n], "winners": [{"player": n, "han": 3, "fu": 40}]},
        {**at, "hand": 2, "type": "tsumo", "winner": w, "yakuman": 1, "riichi": []},
        {**at, "hand": 3, "type": "draw", "tenpai": [n, w], "riichi": [w]},
        {**at, "hand": 4, "type": "ron", "discarder": e, "riichi": [],
         "winners": [{"player": s, "hand": "234m567p678s22p55s5s", "dora": ["1m"]}]},
        {**at, "hand": 5, "type": "chombo", "player": n},
        {**at, "hand": 6, "type": "tsumo", "winner": w, "tiles": "123456789m11p456s", "riichi": [w]},
        {**at, "type": "time_called", "after_hand": 5},
    ]


def short_game(session: int, table: int, p: tuple[str, str, str, str]) -> list[dict[str, Any]]:
    """Two hands, the time called after the first."""
    e, s, w, _n = p
    at = {"session": session, "table": table}
    return [
        {**at, "hand": 1, "type": "ron", "discarder": s, "riichi": [e], "winners": [{"player": e, "han": 2, "fu": 30}]},
        {**at, "hand": 2, "type": "tsumo", "winner": w, "han": 4, "fu": 30, "riichi": [w]},
        {**at, "type": "time_called", "after_hand": 1},
    ]


def build(folder: Path) -> Path:
    """The tournament's file in ``folder``: both sessions seated and played."""
    db = folder / "riichi.mcr"
    run(db, "init", "--name", "Riichi Open 立直公开赛", "--sessions", "2", "--profile", "riichi-ema2016",
        "--date", "2026-11-29")
    (folder / "players.csv").write_text(PLAYERS, encoding="utf-8")
    run(db, "players", "import", str(folder / "players.csv"))
    lines: list[dict[str, Any]] = []
    for k in (1, 2):
        run(db, "seat", str(k))
        at = seats(db, k)
        lines += long_game(k, 1, at[1]) + short_game(k, 2, at[2])
    path = folder / "lines.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    run(db, "results", "import", str(path))
    return db
