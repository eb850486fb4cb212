"""Two small Chinese systems' tournaments in real SQLite files, built with the ``mcr-tournament`` commands
(init, players import, seat, results import; the result lines of docs/rule-systems.md "At the table"): four
players in two teams, one session of one table, time called after the last hand so that the session has its
result. The outputs' tests (tests/reports/test_chinese_outputs.py) read them back.

- Guangdong (``guangdong-tuidaohu``): E's self-drawn all pungs with horses; a double win on W's discard (S's
  seven pairs + half flush, N's big four winds + all honours) with E's concealed kong; a draw with W's melded
  kong off S.
- Sichuan (``sichuan-xuezhan``): a hand of three wins (E's concealed kong, W's self-drawn pure
  seven pairs, then S and N on E's discard, typed as fan), and a hand with a melded kong, a self-drawn win and
  the end of the wall (N ready, S a flower pig, E not ready: E's kong refunded).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.reports.game_event import run, seats

PLAYERS = """number,name,team
11,李明 Li Ming,Canton
12,Bob Brown,Pearl
13,陈伟 Chen Wei,Canton
14,Dora Diaz,Pearl
"""


def guangdong_lines(p: tuple[str, str, str, str]) -> list[dict[str, Any]]:
    e, s, w, n = p
    at = {"session": 1, "table": 1}
    return [
        {**at, "hand": 1, "type": "tsumo", "winner": e, "tiles": "111m222p333s444m55z", "horses": {e: ["1m"], w: ["2p"]}},
        {**at, "hand": 2, "type": "ron", "discarder": w,
         "winners": [{"player": s, "hand": "11m22m33m44m55m66m77z"}, {"player": n, "hand": "111z222z333z444z55z"}],
         "kongs": [{"player": e, "kind": "concealed"}]},
        {**at, "hand": 3, "type": "draw", "kongs": [{"player": w, "kind": "melded", "discarder": s}]},
        {**at, "type": "time_called", "after_hand": 3},
    ]


def sichuan_lines(p: tuple[str, str, str, str]) -> list[dict[str, Any]]:
    e, s, w, n = p
    at = {"session": 1, "table": 1}
    return [
        {**at, "hand": 1, "type": "hand", "void": {w: "s", e: "p"},
         "events": [{"type": "kong", "player": e, "kind": "concealed"},
                    {"type": "tsumo", "winner": w, "tiles": "11m22m33m44m55m66m77m"},
                    {"type": "ron", "discarder": e, "winners": [{"player": s, "fan": 1}, {"player": n, "fan": 2}]}]},
        {**at, "hand": 2, "type": "hand",
         "events": [{"type": "kong", "player": e, "kind": "melded", "discarder": s},
                    {"type": "tsumo", "winner": w, "fan": 0},
                    {"type": "wall_end", "ready": [{"player": n, "hand": "1112345678999m"}], "pigs": [s]}]},
        {**at, "type": "time_called", "after_hand": 2},
    ]


def build(folder: Path, profile: str) -> Path:
    """The tournament's file in ``folder``, its one session played and over (time called)."""
    db = folder / f"{profile}.mcr"
    run(db, "init", "--name", f"{profile} Open 公开赛", "--sessions", "1", "--profile", profile, "--date", "2026-12-01")
    (folder / "players.csv").write_text(PLAYERS, encoding="utf-8")
    run(db, "players", "import", str(folder / "players.csv"))
    run(db, "seat", "1")
    at = seats(db, 1)[1]
    lines = guangdong_lines(at) if profile == "guangdong-tuidaohu" else sichuan_lines(at)
    path = folder / "lines.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    run(db, "results", "import", str(path))
    return db
