"""The store of the Chinese systems (docs/rule-systems.md "At the table"): the session's length and its time
call, the prevailing wind after the dealer has gone round, several winners in Hebei and Guiyang ordered from
the discarder, and the profiles whose numbers the organiser types before any session starts (issue 33 item 5)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from db.commands.cli import main

PLAYERS = "number,name\n1,Aki\n2,Ben\n3,Cho\n4,Dee\n"


def _run(db: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", str(db), *argv])
    return code, out.getvalue(), err.getvalue()


def _cli(db: Path, *argv: str) -> str:
    code, out, err = _run(db, *argv)
    assert code == 0, (argv, out, err)
    return out


def _table(tmp_path: Path, profile: str, *init: str) -> tuple[Path, list[str]]:
    db = tmp_path / "t.mcr"
    _cli(db, "init", "--name", "Club night", "--profile", profile, *init)
    (tmp_path / "p.csv").write_text(PLAYERS, encoding="utf-8")
    _cli(db, "players", "import", str(tmp_path / "p.csv"))
    return db, []


def _seat(db: Path) -> list[str]:
    _cli(db, "seat", "1")
    t = json.loads(_cli(db, "seating", "1", "--format", "json"))[0]
    return [str(t["seats"][w]) for w in "ESWN"]


def _import(db: Path, tmp_path: Path, lines: list[dict[str, Any]]) -> tuple[int, str, str]:
    path = tmp_path / "lines.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return _run(db, "results", "import", str(path))


def _hands(db: Path) -> list[dict[str, Any]]:
    return [r for r in json.loads(_cli(db, "results", "list", "--format", "json")) if "hand" in r]


def test_a_nanchang_session_ends_after_its_hands_and_the_wind_turns_after_the_dealer_went_round(
        tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "nanchang", "--hands-per-session", "6")
    e, s, w, n = _seat(db)
    # non-dealers win: the dealer moves E -> S -> W -> N -> E (the south wind round) -> S
    winners = [s, w, n, e, s, w]
    lines = [{"session": 1, "table": 1, "hand": k, "type": "tsumo", "winner": p, "hand_type": "平胡"}
             for k, p in enumerate(winners, start=1)]
    assert _import(db, tmp_path, lines)[0] == 0
    assert [(h["round"], h["dealer"]) for h in _hands(db)] == [
        ("E1", e), ("E2", s), ("E3", w), ("E4", n), ("S1", e), ("S2", s)]
    code, _out, err = _import(db, tmp_path, [{"session": 1, "table": 1, "hand": 7, "type": "draw"}])
    assert code != 0 and "hand" in err  # a seventh hand in a session of six is refused
    assert len(_hands(db)) == 6


def test_time_called_makes_the_hand_in_play_the_last(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "hebei")
    e, s, _w, _n = _seat(db)
    draw = {"session": 1, "table": 1, "type": "draw"}
    assert _import(db, tmp_path, [{**draw, "hand": 1}, {"session": 1, "table": 1, "type": "time_called",
                                                       "after_hand": 2}, {**draw, "hand": 2}])[0] == 0
    code, _out, err = _import(db, tmp_path, [{**draw, "hand": 3}])
    assert code != 0 and "game is over after hand 2" in err
    assert "provisional" not in _cli(db, "standings")  # every table's session is over


def test_several_hebei_winners_on_one_discard_are_kept_from_the_discarder_and_each_paid_alone(
        tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "hebei")
    e, s, w, n = _seat(db)
    # N discards; E and S win (listed S first): from N the order of play is E, then S. 门清 + 碰碰胡 = 5 fans each;
    # E deals (+8 from the discarder), S does not and wins from a non-dealer (+5)
    hand = "111m222p333s444m55p"
    line = {"session": 1, "table": 1, "hand": 1, "type": "ron", "discarder": n,
            "winners": [{"player": s, "hand": hand}, {"player": e, "hand": hand}]}
    assert _import(db, tmp_path, [line])[0] == 0
    (h,) = _hands(db)
    assert [x["player"] for x in h["winners"]] == [e, s]
    assert h["deltas"] == {e: 8 + 5, s: 5 + 5, w: 0, n: -23}
    assert [(b["kind"], b.get("player")) for b in h["breakdown"]] == [("win", e), ("win", s)]


def test_guiyang_starts_no_session_until_the_organiser_types_its_numbers(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "guiyang-zhuoji")
    settings = json.loads(_cli(db, "settings"))
    assert [m["name"] for m in settings["missing_rules"]] == ["chicken", "charging_chicken", "responsible_chicken"]
    assert all("source 003" in m["why"] for m in settings["missing_rules"][:1])
    code, _out, err = _run(db, "seat", "1")
    assert code != 0 and "chicken, charging_chicken, responsible_chicken" in err and "settings --rule" in err
    assert len(err.strip().splitlines()) == 1
    code, _out, err = _run(db, "clock", "start", "--session", "1")
    assert code != 0 and "has not set" in err
    _cli(db, "settings", "--rule", "chicken=1")
    assert [m["name"] for m in json.loads(_cli(db, "settings"))["missing_rules"]] == [
        "charging_chicken", "responsible_chicken"]  # values typed one at a time add up
    _cli(db, "settings", "--rule", "charging_chicken=2", "--rule", "responsible_chicken=1")
    assert "missing_rules" not in json.loads(_cli(db, "settings"))
    e, s, w, n = _seat(db)
    # S self-draws a plain hand (平胡 10) holding one 幺鸡 (1 from each other player); W was counted two more
    line = {"session": 1, "table": 1, "hand": 1, "type": "tsumo", "winner": s, "tiles": "123s234m456m789p55p",
            "chickens": {w: 2}}
    assert _import(db, tmp_path, [line])[0] == 0
    (h,) = _hands(db)
    assert h["deltas"] == {s: 30 + 3 - 2, e: -10 - 1 - 2, w: -10 - 1 + 6, n: -10 - 1 - 2}
    assert h["dealer"] == e and h["winner"] == s


@pytest.mark.parametrize("profile", ["guangdong-jipinghu"])
def test_jipinghu_scores_a_win_by_the_organisers_fan_after_they_are_typed(tmp_path: Path, profile: str) -> None:
    db, _ = _table(tmp_path, profile)
    names = [m["name"] for m in json.loads(_cli(db, "settings"))["missing_rules"]]
    assert names[0] == "fan_jihu" and len(names) == 12
    _cli(db, "settings", *(x for k, name in enumerate(names) for x in ("--rule", f"{name}={min(k, 3)}")))
    e, s, w, n = _seat(db)
    # 清一色 + 对对胡: 番 3 + 2 = 5 (as typed above), paid at the cap of 3: 1 × 2^3 = 8 from the discarder
    line = {"session": 1, "table": 1, "hand": 1, "type": "ron", "discarder": w,
            "winners": [{"player": n, "hand_type": ["qingyise", "duiduihu"]}]}
    code, _out, err = _import(db, tmp_path, [line])
    assert code == 0, err
    (h,) = _hands(db)
    assert h["deltas"] == {e: 0, s: 0, w: -8, n: 8}
    assert h["winners"][0]["total"] == 5
