"""``mcr-score --rules sichuan-xuezhan`` run as a real process: one hand, --json and --stream (issue 33)."""

from __future__ import annotations

import json

import pytest

from scoring.systems import system
from tests.scoring.test_cli import err, out, run

RULES = ("--rules", "sichuan-xuezhan")


def test_one_hand_as_json_is_the_systems_answer() -> None:
    p = run(*RULES, "--json", "--void", "p", "--seat", "W", "--discarder", "S", "[222m][555m][888m][555s]2s2s")
    assert p.returncode == 0, err(p)
    got = json.loads(out(p))
    assert got == system("sichuan-xuezhan").score_json(
        {"hand": "[222m][555m][888m][555s]2s2s", "win": "ron", "seat": "W", "discarder": "S", "void": "p"})
    assert [f["id"] for f in got["fans"]] == ["jiangdui", "jingoudiao"]
    assert (got["total"], got["deltas"]) == (4, {"E": 0, "S": -8, "W": 8, "N": 0})


def test_one_hand_breakdown_names_each_fan_in_chinese_and_english() -> None:
    p = run(*RULES, "--self-drawn", "--kong", "[5555s]123m456m789m1s1s")
    assert p.returncode == 0, err(p)
    text = out(p)
    assert "杠上花 Win on a Kong's Replacement: 1  [1s]" in text and "根 Root: 1  [5s 5s 5s 5s]" in text
    assert "Total: 2 fan (paid 2: 5 from each payer)" in text  # 2^2 + 1: 自摸加底
    assert "Payments: E +15  S -5  W -5  N -5" in text


def test_a_refused_hand_is_one_line_with_the_reason() -> None:
    p = run(*RULES, "--void", "s", "123m456m789m1112s2s")
    assert p.returncode == 1 and out(p) == ""
    assert err(p).strip() == "mcr-score: error: the hand holds its void suit (s): it may not win"


def test_stream_answers_one_json_line_per_line() -> None:
    lines = [{"hand": "11223344556677m", "win": "ron", "seat": "N", "discarder": "E"},
             {"hand": "123m456p789s1112s2s"}, "not json", {"hand": "123m456m789m1112s2s", "rules": {"cap": 4}}]
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    p = run(*RULES, "--stream", stdin=text)
    assert p.returncode == 0, err(p)
    answers = [json.loads(line) for line in out(p).splitlines()]
    assert len(answers) == 4
    assert answers[0]["valid"] and [f["id"] for f in answers[0]["fans"]] == ["qingyise", "qidui"]
    assert answers[0]["deltas"] == {"E": -8, "S": 0, "W": 0, "N": 8}
    assert answers[1]["error"]["code"] == "three_suits"
    assert answers[2]["error"]["code"] == "invalid_json"
    assert answers[3]["valid"] and answers[3]["total"] == 0


def test_the_breakdown_in_chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "zh")
    p = run(*RULES, "--self-drawn", "--kong", "[5555s]123m456m789m1s1s")
    assert p.returncode == 0, err(p)
    assert "合计 2 番（按 2 番计：每位付分者付 5）" in out(p) and "点数变化：E +15  S -5  W -5  N -5" in out(p)
