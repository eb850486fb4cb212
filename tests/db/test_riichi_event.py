"""A whole Riichi event run headless through ``mcr-tournament`` (issue 32): 8 players in 4 teams, check-in, two
sessions seated by the app, hands entered as result lines (tiles and totals, riichi, draws, a
chombo, a time call), the standings with the uma, the teams, the check, and the export restored into a new
file giving the same standings."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

from db.commands.cli import main

PLAYERS = "number,name,team\n1,Aki,Red\n2,Ben,Red\n3,Cho,Blue\n4,Dee,Blue\n5,Eva,Gold\n6,Fay,Gold\n7,Gus,Jade\n8,Hal,Jade\n"


def _cli(db: Path, *argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", str(db), *argv])
    assert code == 0, (argv, out.getvalue(), err.getvalue())
    return out.getvalue()


def _session_lines(session: int, seating: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Table 1 plays a whole hanchan (E1 ... S4) with every kind of line; table 2 ends by the time call."""
    lines: list[dict[str, Any]] = []
    for t in seating:
        e, s, w, n = (t["seats"][x] for x in "ESWN")
        at = {"session": session, "table": t["table"]}
        if t["table"] == 1:
            hands: list[dict[str, Any]] = [
                {"type": "ron", "discarder": s, "riichi": [n], "winners": [
                    {"player": n, "hand": "123m456p789s2345s5s", "dora": ["4z"]}]},
                {"type": "tsumo", "winner": w, "tiles": "22334455m667788p", "riichi": []},
                {"type": "draw", "tenpai": [e, w], "riichi": [e]},
                {"type": "chombo", "player": s},
                {"type": "ron", "discarder": e, "riichi": [], "winners": [{"player": s, "limit": "mangan"}]},
                {"type": "ron", "discarder": w, "riichi": [], "winners": [{"player": n, "han": 2, "fu": 40}]},
                {"type": "ron", "discarder": n, "riichi": [], "winners": [{"player": e, "han": 1, "fu": 30}]},
                {"type": "tsumo", "winner": s, "han": 3, "fu": 30, "riichi": [s]},
                {"type": "ron", "discarder": s, "riichi": [], "winners": [{"player": w, "han": 4, "fu": 30}]},
                {"type": "ron", "discarder": e, "riichi": [], "winners": [{"player": n, "han": 1, "fu": 30}]},
                {"type": "ron", "discarder": s, "riichi": [], "winners": [{"player": e, "han": 2, "fu": 30}]},
            ]
        else:
            hands = [{"type": "ron", "discarder": w, "riichi": [], "winners": [{"player": e, "han": 3, "fu": 40}]},
                     {"type": "draw", "tenpai": [], "riichi": [s]}]
        for k, h in enumerate(hands, start=1):
            lines.append({**at, "hand": k, **h})
        if t["table"] == 2:
            lines.append({**at, "type": "time_called", "after_hand": 2})
            lines.append({**at, "hand": 3, "type": "tsumo", "winner": n, "yakuman": 1, "riichi": []})
    return lines


def test_a_riichi_event_of_8_players_and_2_sessions_runs_headless_to_standings_with_uma(tmp_path: Path) -> None:
    db = tmp_path / "riichi.mcr"
    _cli(db, "init", "--name", "Riichi Open", "--sessions", "2", "--profile", "riichi-ema2016")
    (tmp_path / "players.csv").write_text(PLAYERS, encoding="utf-8")
    _cli(db, "players", "import", str(tmp_path / "players.csv"))
    for session in (1, 2):
        _cli(db, "checkin", "--session", str(session), "--present", *map(str, range(1, 9)))
        _cli(db, "seat", str(session))
        seating = json.loads(_cli(db, "seating", str(session), "--format", "json"))
        path = tmp_path / f"s{session}.jsonl"
        path.write_text("".join(json.dumps(x) + "\n" for x in _session_lines(session, seating)), encoding="utf-8")
        assert "0 rejected" in _cli(db, "results", "import", str(path))
        for t in seating:
            _cli(db, "results", "sign-off", "--session", str(session), "--table", str(t["table"]))
    assert _cli(db, "check").strip() == "check: no problems"
    rows = json.loads(_cli(db, "standings", "--format", "json"))
    assert len(rows) == 8 and all(len(r["sessions"]) == 2 for r in rows)
    for r in rows:
        assert r["score"] == round(sum(x["score"] for x in r["sessions"]), 1)
        for x in r["sessions"]:
            assert x["score"] == round((x["raw"] - 30_000) / 1000 + x["uma"] + x["penalty"], 1)
    # each table's uma adds up to 0 and its scores to its chombos; the ranking follows the score
    assert sorted(x["uma"] for r in rows for x in r["sessions"] if x["session"] == 1) == [-15, -15, -5, -5, 5, 5, 15,
                                                                                            15]
    assert round(sum(r["score"] for r in rows), 1) == -40.0  # two chombos of 20, one per session
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)
    teams = json.loads(_cli(db, "standings", "--teams", "--format", "json"))
    assert len(teams) == 4
    _cli(db, "export", str(tmp_path / "event.json"))
    copy = tmp_path / "copy.mcr"
    _cli(copy, "import", str(tmp_path / "event.json"))
    assert json.loads(_cli(copy, "standings", "--format", "json")) == rows
    assert _cli(copy, "results", "list", "--format", "json") == _cli(db, "results", "list", "--format", "json")
