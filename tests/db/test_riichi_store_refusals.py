"""What a Riichi tournament's store refuses, and what it keeps final (the review of the rule-system seam, each a
bug of its first version): rule values that would break the game, outcomes and pao the preset lacks, hands after
a sign-off, corrections naming another hand, unhashable types, the bell at a finished game, a damaged export."""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from db.commands.cli import main

AT = {"session": 1, "table": 1}


def cli(db: Path, *argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(["--db", str(db), *argv])
    return code, out.getvalue()


def riichi(tmp_path: Path, profile: str = "riichi-ema2016", *rules: str) -> tuple[Path, list[str]]:
    db = tmp_path / "r.mcr"
    cli(db, "init", "--name", "T", "--sessions", "2", "--profile", profile, *(x for r in rules for x in ("--rule", r)))
    (tmp_path / "p.csv").write_text("number,name\n1,A\n2,B\n3,C\n4,D\n", encoding="utf-8")
    cli(db, "players", "import", str(tmp_path / "p.csv"))
    cli(db, "checkin", "--session", "1", "--present", "1", "2", "3", "4")
    cli(db, "seat", "1")
    seats = json.loads(cli(db, "seating", "1", "--format", "json")[1])[0]["seats"]
    return db, [seats[w] for w in "ESWN"]


def imp(db: Path, *lines: dict[str, Any]) -> str:
    p = db.with_suffix(".jsonl")
    p.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return cli(db, "results", "import", str(p))[1]


@pytest.mark.parametrize("profile,line", [
    ("riichi-ema2016", {"type": "abortive", "reason": "kyuushu", "riichi": []}),
    ("riichi-wrc2022", {"type": "nagashi", "players": ["1"], "tenpai": [], "riichi": []}),
    ("riichi-tenhou", {"type": "chombo", "player": "1"}),
])
def test_a_line_of_an_outcome_the_preset_lacks_is_refused(tmp_path: Path, profile: str, line: dict[str, Any]) -> None:
    db, _ = riichi(tmp_path, profile)
    assert "1 rejected" in imp(db, {**AT, "hand": 1, **line})


def test_pao_on_a_hand_that_is_no_yakuman_is_refused(tmp_path: Path) -> None:
    db, (e, s, w, n) = riichi(tmp_path)
    assert "1 rejected" in imp(db, {**AT, "hand": 1, "type": "ron", "discarder": s, "riichi": [],
                                    "winners": [{"player": e, "han": 1, "fu": 30, "pao": w}]})


def test_a_signed_off_game_sheet_takes_no_new_hand(tmp_path: Path) -> None:
    db, (e, s, w, n) = riichi(tmp_path)
    imp(db, {**AT, "hand": 1, "type": "draw", "tenpai": [], "riichi": []})
    assert cli(db, "results", "sign-off", "--session", "1", "--table", "1", "--reason", "left")[0] == 0
    assert "1 rejected" in imp(db, {**AT, "hand": 2, "type": "draw", "tenpai": [], "riichi": []})


@pytest.mark.parametrize("rule", ["deposit=0", "rounds=20", "time_called=\"sometimes\"", "uma=[50000,0,0,0]",
                                  "start_points=-5", "chombo_points=\"x\""])
def test_a_rule_value_that_breaks_the_game_is_refused_at_settings(tmp_path: Path, rule: str) -> None:
    db, _ = riichi(tmp_path)
    assert cli(db, "settings", "--rule", rule)[0] != 0


def test_an_unhashable_type_is_a_4xx_not_a_500(tmp_path: Path) -> None:
    db, (e, s, w, n) = riichi(tmp_path)
    imp(db, {**AT, "hand": 1, "type": "draw", "tenpai": [], "riichi": []})
    code, out = cli(db, "results", "correct", "--session", "1", "--table", "1", "--hand", "1",
                    "--line", json.dumps({"type": ["ron"]}), "--reason", "x")
    assert "unexpected error" not in out, out


def test_a_correction_whose_line_names_another_hand_is_refused_as_for_mcr(tmp_path: Path) -> None:
    db, (e, s, w, n) = riichi(tmp_path)
    imp(db, {**AT, "hand": 1, "type": "ron", "discarder": e, "riichi": [], "winners": [{"player": s, "han": 1, "fu": 30}]},
        {**AT, "hand": 2, "type": "ron", "discarder": e, "riichi": [], "winners": [{"player": w, "han": 1, "fu": 30}]})
    line = {"session": 1, "table": 1, "hand": 2, "type": "draw", "tenpai": [], "riichi": []}
    code, out = cli(db, "results", "correct", "--session", "1", "--table", "1", "--hand", "1",
                    "--line", json.dumps(line), "--reason", "x")
    assert code != 0, out  # main: "hand 1 corrected" with hand 2's line


def test_the_bell_does_not_call_time_at_a_table_whose_game_is_over(tmp_path: Path) -> None:
    db, seats = riichi(tmp_path)
    imp(db, *({**AT, "hand": k + 1, "type": "ron", "discarder": seats[k % 4], "riichi": [],
               "winners": [{"player": seats[(k + 1) % 4], "han": 1, "fu": 30}]} for k in range(8)))
    cli(db, "clock", "start", "--session", "1")
    code, out = cli(db, "clock", "end", "--session", "1")
    assert "to confirm" not in out, out


def test_an_export_whose_hand_record_is_damaged_is_refused_at_import(tmp_path: Path) -> None:
    db, (e, s, w, n) = riichi(tmp_path)
    imp(db, {**AT, "hand": 1, "type": "draw", "tenpai": [e], "riichi": [s]})
    cli(db, "export", str(tmp_path / "x.json"))
    data = json.loads((tmp_path / "x.json").read_text(encoding="utf-8"))
    data["tables"]["hands"][0]["detail"] = {"type": "ron"}
    (tmp_path / "y.json").write_text(json.dumps(data), encoding="utf-8")
    code, _ = cli(tmp_path / "y.mcr", "import", str(tmp_path / "y.json"))
    listed = cli(tmp_path / "y.mcr", "results", "list")[1]
    assert code != 0 or "unexpected error" not in listed, listed
