"""``mcr-score --rules riichi-…`` run as a real process: the contract of docs/scoring-cli.md."""

from __future__ import annotations

import json

import pytest

from tests.scoring.test_cli import err, out, run

RULES = ("riichi-ema2016", "riichi-ema2025", "riichi-wrc2022", "riichi-tenhou")
ANSWER_KEYS = {"valid", "han", "fu", "yakuman", "limit", "yaku", "deltas"}


@pytest.mark.parametrize("rules", RULES)
def test_rules_json_answers_one_object_of_the_contract(rules: str) -> None:
    p = run("--rules", rules, "234m567p3s456s555z3s", "--discarder", "N", "--seat", "S", "--json")
    assert p.returncode == 0, err(p)
    obj = json.loads(out(p))
    assert set(obj) == ANSWER_KEYS and obj["valid"] is True
    assert (obj["han"], obj["fu"], obj["yakuman"], obj["limit"]) == (1, 40, 0, None)
    assert obj["yaku"] == [{"id": "haku", "han": 1, "tiles": ["P", "P", "P"]}]
    assert obj["deltas"] == {"E": 0, "S": 1300, "W": 0, "N": -1300}


def test_rules_stream_answers_one_line_per_line_honba_and_deposits_included() -> None:
    lines = [
        {"hand": "234m567p3s406s555z3s", "win": "tsumo", "seat": "E", "riichi": True, "dora": ["4s"],
         "ura": ["2z"], "honba": 1, "deposits": 2},
        {"hand": "[123m1]456p789s11z22z2z", "win": "ron", "seat": "W", "discarder": "E"},
        "not an object",
    ]
    text = "\n".join(json.dumps(x) for x in lines) + "\nnot json\n\n"
    p = run("--rules", "riichi-tenhou", "--stream", stdin=text)
    assert p.returncode == 0, err(p)
    answers = [json.loads(line) for line in out(p).splitlines()]
    assert len(answers) == 5
    first = answers[0]
    assert set(first) == ANSWER_KEYS
    # riichi, tsumo, haku, dora 0s, red 0s = 5 han, a dealer's mangan 4,000 all + 100 each + 2 deposits
    assert (first["han"], first["limit"]) == (5, "mangan")
    assert first["deltas"] == {"E": 12_300 + 2_000, "S": -4_100, "W": -4_100, "N": -4_100}
    assert answers[1] == {"valid": False, "error": {"code": "no_yaku",
                                                    "message": "the hand has no yaku (dora alone do not count)"}}
    assert [a["error"]["code"] for a in answers[2:]] == ["invalid_input", "invalid_json", "invalid_json"]


def test_rules_accepts_red_fives_and_z_honours_only_where_the_preset_has_red_fives() -> None:
    hand = {"hand": "234m567p3s406s555z3s", "win": "tsumo"}
    tenhou = run("--rules", "riichi-tenhou", "--stream", stdin=json.dumps(hand) + "\n")
    ema = run("--rules", "riichi-ema2016", "--stream", stdin=json.dumps(hand) + "\n")
    assert json.loads(out(tenhou))["valid"] is True
    assert json.loads(out(ema))["error"]["code"] == "red_five"


def test_rules_refusal_is_one_line_on_stderr_with_status_1() -> None:
    p = run("--rules", "riichi-wrc2022", "234m567p3s456s555z3s")  # a ron without its discarder
    assert p.returncode == 1 and out(p) == ""
    assert err(p).strip() == "mcr-score: error: a ron needs the discarder's wind, another than the winner's"


def test_rules_breakdown_names_each_yaku_and_the_payments() -> None:
    p = run("--rules", "riichi-tenhou", "--self-drawn", "--riichi", "234m567p3s456s555z3s")
    assert p.returncode == 0, err(p)
    text = out(p)
    assert "Riichi: 1 han" in text and "White dragon (Haku): 1 han  [P P P]" in text
    assert "3 han 40 fu" in text and "E +7800" in text


def test_mcr_score_without_rules_is_unchanged() -> None:
    p = run("[789m2][777s3][234s3]89sEE7s", "--json")
    assert p.returncode == 0 and set(json.loads(out(p))) == {"total", "fans", "meets_minimum"}
    p = run("--rules", "gb", "[789m2][777s3][234s3]89sEE7s", "--json")
    assert p.returncode == 0 and set(json.loads(out(p))) == {"total", "fans", "meets_minimum"}


def test_rules_refusal_speaks_the_environments_language_through_the_catalogue() -> None:
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    exe = shutil.which("mcr-score") or str(Path(sys.executable).parent / "mcr-score")
    if not Path(exe).exists():
        pytest.skip("the mcr-score console script is not installed")
    env = {**os.environ, "LANGUAGE": "zh"}
    p = subprocess.run([exe, "--rules", "riichi-ema2016", "--self-drawn", "234m567p3s406s555z3s"],
                       capture_output=True, env=env, timeout=120)
    assert p.returncode == 1
    assert "本规则没有赤五" in p.stderr.decode("utf-8")


def test_honours_as_letters_or_1z_7z_score_alike() -> None:
    a = run("--rules", "riichi-tenhou", "--self-drawn", "234m567p3s456sPPP3s", "--json")
    b = run("--rules", "riichi-tenhou", "--self-drawn", "234m567p3s456s555z3s", "--json")
    assert a.returncode == 0 and out(a) == out(b)
