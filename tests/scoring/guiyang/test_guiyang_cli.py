"""``mcr-score --rules guiyang-zhuoji`` run as a real process: one hand (the organiser's values by ``--rule``),
--json and --stream (issue 33 item 5)."""

from __future__ import annotations

import json

import pytest

from scoring.systems import system
from tests.scoring.test_cli import err, out, run

RULES = ("--rules", "guiyang-zhuoji")
VALUES = ("--rule", "chicken=1", "--rule", "charging_chicken=2", "--rule", "responsible_chicken=3")
OBJ_RULES = {"chicken": 1, "charging_chicken": 2, "responsible_chicken": 3}


def test_one_hand_as_json_is_the_systems_answer() -> None:
    p = run(*RULES, *VALUES, "--json", "--seat", "S", "--discarder", "N", "222m555m888p444p1s1s")
    assert p.returncode == 0, err(p)
    got = json.loads(out(p))
    assert got == system("guiyang-zhuoji").score_json(
        {"hand": "222m555m888p444p1s1s", "win": "ron", "seat": "S", "discarder": "N", "dealer": "E",
         "rinshan": False, "chankan": False, "rules": OBJ_RULES})
    assert got["fans"][0]["id"] == "daduizi" and got["total"] == 30
    # 30 from the discarder, and each other player pays the winner's two chickens (1s) at 1
    assert got["deltas"] == {"E": -2, "S": 36, "W": -2, "N": -32}


def test_one_hand_without_the_organisers_values_is_refused_with_their_names() -> None:
    p = run(*RULES, "--self-drawn", "123m456m789m234p5p5p")
    assert p.returncode == 1 and out(p) == ""
    assert "the organiser has not set chicken, charging_chicken, responsible_chicken" in err(p)


def test_the_breakdown_lists_the_hand_the_kong_and_the_chickens() -> None:
    p = run(*RULES, *VALUES, "--self-drawn", "--kong", "[1111s]123m456m789m5p5p")
    assert p.returncode == 0, err(p)
    lines = out(p).splitlines()
    assert lines[:3] == ["  Plain Hand: +10", "  Win on a Kong's Replacement: +10", "  Chicken: S,W,N → E +4"]
    assert "total: 20" in lines and "Payments: E +72  S -24  W -24  N -24" in lines


def test_a_bad_rule_option_is_one_line() -> None:
    p = run(*RULES, "--rule", "chicken", "123m456m789m234p5p5p")
    assert p.returncode == 1 and "argument --rule: write NAME=VALUE, e.g. chicken=1" in err(p)


def test_stream_answers_one_json_line_per_line() -> None:
    lines = [{"hand": "123m456m789m234p5p5p", "rules": OBJ_RULES},
             {"hand": "123m456m789m234p5p5p", "rules": {"chicken": 1}},
             {"hand": "123m456m789m234p5p5p", "win": "ron", "seat": "S", "discarder": "N", "rules": OBJ_RULES},
             "not json",
             {"hand": "123m456m789m234p5p5p", "charging_chicken": "W", "rules": OBJ_RULES}]
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    p = run(*RULES, "--stream", stdin=text)
    assert p.returncode == 0, err(p)
    answers = [json.loads(line) for line in out(p).splitlines()]
    assert len(answers) == 5
    assert answers[0]["valid"] and answers[0]["deltas"] == {"E": 30, "S": -10, "W": -10, "N": -10}
    assert answers[1]["error"]["code"] == "rules_missing"
    assert answers[2]["error"]["code"] == "situation"  # 平胡 without 豆 on a discard
    assert answers[3]["error"]["code"] == "invalid_json"
    assert answers[4]["deltas"] == {"E": 28, "S": -12, "W": -4, "N": -12}


def test_the_breakdown_in_chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "zh")
    p = run(*RULES, *VALUES, "--self-drawn", "223355m778899p4s4s")
    assert p.returncode == 0, err(p)
    assert "  七对: +40" in out(p)
