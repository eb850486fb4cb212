"""``mcr-tournament`` for a Riichi tournament (issue 32 "Contracts"): init with a profile and the organiser's rule
values, results import / correct / list, and the standings JSON, each in its documented shape."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from db.commands.cli import main


def _cli(db: Path, *argv: str, ok: bool = True) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", str(db), *argv])
    assert (code == 0) == ok, (argv, out.getvalue(), err.getvalue())
    return out.getvalue(), err.getvalue()


@pytest.fixture
def event(tmp_path: Path) -> tuple[Path, list[str]]:
    """An EMA 2016 tournament of 4 players seated at table 1; the seat numbers E, S, W, N."""
    db = tmp_path / "riichi.mcr"
    _cli(db, "init", "--name", "Riichi Open", "--sessions", "2", "--profile", "riichi-ema2016")
    (tmp_path / "p.csv").write_text("number,name\n1,Aki\n2,Ben\n3,Cho\n4,Dee\n", encoding="utf-8")
    _cli(db, "players", "import", str(tmp_path / "p.csv"))
    _cli(db, "seat", "1")
    seats = json.loads(_cli(db, "seating", "1", "--format", "json")[0])[0]["seats"]
    return db, [seats[w] for w in "ESWN"]


def _import(db: Path, lines: list[dict[str, Any]], ok: bool = True) -> tuple[str, str]:
    path = db.parent / "lines.jsonl"
    path.write_text("".join(json.dumps({"session": 1, "table": 1, **x}) + "\n" for x in lines), encoding="utf-8")
    return _cli(db, "results", "import", str(path), ok=ok)


def test_standings_json_gives_the_score_in_thousands_and_each_sessions_raw_uma_penalty_and_score(
        event: tuple[Path, list[str]]) -> None:
    db, (e, s, w, n) = event
    _import(db, [{"hand": 1, "type": "ron", "discarder": s, "riichi": [n], "winners": [{"player": n, "han": 3, "fu": 40}]},
                 {"hand": 2, "type": "chombo", "player": w}])
    rows = json.loads(_cli(db, "standings", "--format", "json")[0])
    assert [list(r) for r in rows][0] == ["rank", "number", "name", "team", "score", "sessions"]
    by = {r["number"]: r for r in rows}
    assert by[n]["score"] == 20.2  # 35,200: +5.2 and first's uma +15
    assert by[n]["sessions"] == [{"session": 1, "table": 1, "seat": "N", "raw": 35_200, "uma": 15.0, "penalty": 0.0,
                                  "score": 20.2}]
    # 30,000, tied second with East: they share (5 - 5) / 2 = 0 uma; the chombo -20 after it
    assert by[w]["sessions"][0]["penalty"] == -20.0 and by[w]["score"] == -20.0 and by[e]["score"] == 0.0
    assert by[s]["score"] == -20.2  # 24,800: -5.2 and fourth's uma -15


def test_results_list_json_gives_each_hand_its_round_dealer_honba_deposits_deltas_and_scores(
        event: tuple[Path, list[str]]) -> None:
    db, (e, s, w, n) = event
    _import(db, [{"hand": 1, "type": "draw", "tenpai": [e], "riichi": [w]},
                 {"hand": 2, "type": "tsumo", "winner": s, "han": 2, "fu": 30, "riichi": []}])
    items = json.loads(_cli(db, "results", "list", "--format", "json")[0])
    assert items[1] == {"session": 1, "table": 1, "hand": 2, "round": "E1", "dealer": e, "honba": 1, "deposits": 1,
                        "type": "tsumo", "winner": s, "han": 2, "fu": 30, "yakuman": 0, "limit": None, "riichi": [],
                        "deltas": {e: -1_000 - 100, s: 2_000 + 300 + 1_000, w: -500 - 100, n: -500 - 100},
                        "scores": {e: 33_000 - 1_100, s: 29_000 + 3_300, w: 28_000 - 600, n: 29_000 - 600}}


def test_a_correction_through_the_cli_replays_the_later_hands(event: tuple[Path, list[str]]) -> None:
    db, (e, s, w, n) = event
    _import(db, [{"hand": 1, "type": "ron", "discarder": s, "riichi": [], "winners": [{"player": w, "han": 1, "fu": 30}]},
                 {"hand": 2, "type": "ron", "discarder": e, "riichi": [], "winners": [{"player": n, "han": 1, "fu": 30}]}])
    assert json.loads(_cli(db, "results", "list", "--format", "json")[0])[1]["round"] == "E2"
    _cli(db, "results", "correct", "--session", "1", "--table", "1", "--hand", "1", "--reason", "the dealer won",
         "--line", json.dumps({"type": "ron", "discarder": s, "riichi": [], "winners": [{"player": e, "han": 1, "fu": 30}]}))
    second = json.loads(_cli(db, "results", "list", "--format", "json")[0])[1]
    assert (second["round"], second["honba"]) == ("E1", 1)
    assert second["deltas"][e] == -1_000 - 300  # the same 1 han 30 fu from East, now with 1 honba on it


def test_a_bad_line_is_refused_in_one_line_naming_its_field_and_nothing_is_recorded(
        event: tuple[Path, list[str]]) -> None:
    db, (e, s, w, n) = event
    _, err = _import(db, [{"hand": 1, "type": "ron", "discarder": s, "riichi": [], "winners": [{"player": w, "han": 2}]},
                          {"hand": 1, "type": "ron", "discarder": "99", "riichi": [], "winners": []},
                          {"hand": 1, "type": "tsumo", "winner": w, "han": 1, "fu": 30, "dora": ["1m"], "riichi": []}],
                     ok=False)
    assert err.splitlines() == [
        'lines.jsonl line 1: "fu": missing',
        f'lines.jsonl line 2: "discarder": player 99 is not seated at table 1 (session 1: {e}, {s}, {w}, {n})',
        'lines.jsonl line 3: "dora": only a hand scored from its tiles takes the situation of the win']
    assert json.loads(_cli(db, "results", "list", "--format", "json")[0]) == []


def test_init_takes_the_organisers_rule_values_and_refuses_one_the_preset_does_not_have(tmp_path: Path) -> None:
    db = tmp_path / "t.mcr"
    _cli(db, "init", "--name", "T", "--profile", "riichi-tenhou", "--rule", "uma=[30000,10000,-10000,-30000]",
         "--rule", "red_fives=false")
    rules = json.loads(_cli(db, "settings")[0])["rules"]
    assert rules == {"uma": [30_000, 10_000, -10_000, -30_000], "red_fives": False}
    _, err = _cli(tmp_path / "u.mcr", "init", "--name", "U", "--profile", "riichi-ema2016", "--rule", "uma=[1,2]",
                  ok=False)
    assert err.strip() == 'mcr-tournament: "rule": uma: [1, 2] is not a value it takes (profile riichi-ema2016)'
    assert not (tmp_path / "u.mcr").exists()
    _, err = _cli(tmp_path / "m.mcr", "init", "--name", "M", "--rule", "red_fives=true", ok=False)
    assert "red_fives: not a value of cmr1998" in err
