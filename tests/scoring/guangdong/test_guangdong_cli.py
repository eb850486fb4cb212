"""``mcr-score --rules guangdong-tuidaohu`` run as a real process: the contract of docs/scoring-cli.md."""

from __future__ import annotations

import json

from tests.scoring.test_cli import err, out, run

RULES = "guangdong-tuidaohu"
ANSWER_KEYS = {"valid", "fans", "doublings", "points", "total", "jokers", "reading", "deltas"}


def test_one_hand_with_json_answers_one_object_of_the_contract() -> None:
    p = run("--rules", RULES, "--self-drawn", "--seat", "S", "--joker", "1s", "111m222mCCC556p2s2s", "--json")
    assert p.returncode == 0, err(p)
    obj = json.loads(out(p))
    assert set(obj) == ANSWER_KEYS and obj["valid"] is True
    assert obj["fans"] == [{"id": "all_pungs", "zh": "碰碰胡", "en": "All Pungs", "value": 8,
                            "tiles": ["1m", "1m", "1m", "2m", "2m", "2m", "5p", "5p", "5p", "6p", "6p", "C", "C", "C"]}]
    assert (obj["total"], obj["jokers"], obj["deltas"]) == (16, ["5p", "6p"], {"E": -16, "S": 48, "W": -16, "N": -16})


def test_one_hand_breakdown_names_each_type_the_doublings_and_the_payments() -> None:
    p = run("--rules", RULES, "--discarder", "W", "--seat", "S", "--kong", "--base", "2", "--joker", "1s",
            "111m222m333pCCC2sF")
    assert p.returncode == 0, err(p)
    text = out(p)
    assert "碰碰胡 All Pungs: 8" in text and "抢杠胡 Robbing the Kong: 8" in text
    assert "Total: 16" in text and "S +32" in text and "W -32" in text


def test_a_chicken_hand_on_a_discard_is_refused_with_its_reason() -> None:
    p = run("--rules", RULES, "--discarder", "W", "123m456m789p123sEE")
    assert p.returncode == 1 and out(p) == ""
    assert "鸡胡" in err(p) and "Traceback" not in err(p)


def test_stream_answers_one_line_per_line() -> None:
    lines = [json.dumps({"hand": "111m222m333pCCCFF", "win": "tsumo", "seat": "E", "joker": "9p"}),
             "not json",
             json.dumps({"hand": "123m456m789p123sEE", "win": "ron", "seat": "E", "discarder": "N"})]
    p = run("--rules", RULES, "--stream", stdin="\n".join(lines) + "\n")
    assert p.returncode == 0, err(p)
    answers = [json.loads(line) for line in out(p).splitlines()]
    assert len(answers) == 3
    assert answers[0]["total"] == 32 and answers[0]["deltas"] == {"E": 96, "S": -32, "W": -32, "N": -32}
    assert answers[1]["error"]["code"] == "invalid_json"
    assert answers[2]["valid"] is False and answers[2]["error"]["code"] == "situation"


def test_a_double_win_with_horses_and_a_kong_settles_as_worked_out_from_the_rules() -> None:
    """One discard by N, two winners (一炮多响): E with 清一色 and S with 碰碰胡, jokers 2s (indicator 1s), base 2.
    Each winner's line carries its own win; the kong once. Worked out by hand:

    - E: 123m456m789m123m99m, no joker in the hand: 16 × 2 (硬胡) = 32, × base 2 = 64 from N.
    - S: [FFFF]111p222p333s + C with a joker read as C: all pungs 8, a joker in the hand (no 硬胡), on a
      discard: 8, × base 2 = 16 from N.
    - Horses count from the discarder N: E's 1m hits N (the discarder): E pays each winner what N paid them
      (64 to E himself: nothing; 16 to S). W's 2p hits E (the next after N): W wins one share with E, 64 from N;
      and in S's line E is no party: nothing.
    - S's melded kong of F from W's discard earlier in the hand: W pays S 3 × 2 = 6.
    """
    common = {"win": "ron", "discarder": "N", "multiple_winners": True, "joker": "1s", "base": 2,
              "horses": {"E": ["1m"], "W": ["2p"]}}
    lines = [json.dumps({"hand": "123m456m789m123m99m", "seat": "E", **common}),
             json.dumps({"hand": "[FFFF]111p222p333s2sC", "seat": "S", **common,
                         "kongs": [{"kind": "melded", "by": "S", "discarder": "W"}]})]
    p = run("--rules", RULES, "--stream", stdin="\n".join(lines) + "\n")
    assert p.returncode == 0, err(p)
    e, s = (json.loads(line) for line in out(p).splitlines())
    assert (e["total"], s["total"]) == (32, 8)
    hand = {w: e["deltas"][w] + s["deltas"][w] for w in "ESWN"}
    expected = {"E": 64 - 16, "S": 16 + 16 + 6, "W": 64 - 6, "N": -64 - 16 - 64}
    assert hand == expected and sum(hand.values()) == 0


def test_refusals_are_the_catalogues_templates_and_said_in_the_readers_language() -> None:
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    import pytest

    from scoring.guangdong.score import PROBLEMS
    from texts.hands import HAND_PROBLEMS

    assert {r: HAND_PROBLEMS.get(r) for r in PROBLEMS} == PROBLEMS
    exe = shutil.which("mcr-score") or str(Path(sys.executable).parent / "mcr-score")
    if not Path(exe).exists():
        pytest.skip("the mcr-score console script is not installed")
    p = subprocess.run([exe, "--rules", RULES, "--discarder", "W", "123m456m789p123sEE"], capture_output=True,
                       env={**os.environ, "LANGUAGE": "zh"}, timeout=120)
    assert p.returncode == 1
    assert "鸡胡的牌只能自摸或抢杠和牌" in p.stderr.decode("utf-8")
