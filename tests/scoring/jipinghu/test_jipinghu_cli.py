"""``mcr-score --rules guangdong-jipinghu`` run as a real process: one hand by type (the organiser's 番 by
``--rule``), --json and --stream (issue 33 item 5)."""

from __future__ import annotations

import json

from scoring.systems import system
from tests.scoring.jipinghu.test_jipinghu import FANS
from tests.scoring.test_cli import err, out, run

RULES = ("--rules", "guangdong-jipinghu")
VALUES = tuple(x for name, fan in FANS.items() for x in ("--rule", f"{name}={fan}"))


def test_one_hand_as_json_is_the_systems_answer() -> None:
    p = run(*RULES, *VALUES, "--json", "--seat", "N", "--discarder", "W", "hunyise+duiduihu")
    assert p.returncode == 0, err(p)
    got = json.loads(out(p))
    assert got == system("guangdong-jipinghu").score_json(
        {"hand_type": ["hunyise", "duiduihu"], "win": "ron", "seat": "N", "discarder": "W", "rules": FANS})
    assert (got["total"], got["paid"], got["points"]) == (4, 3, 8)  # 2 + 2, capped at 3 (爆胡)
    assert got["deltas"] == {"E": 0, "S": 0, "W": -8, "N": 8}


def test_the_breakdown_names_each_type_and_the_cap() -> None:
    p = run(*RULES, *VALUES, "--self-drawn", "清一色")
    assert p.returncode == 0, err(p)
    text = out(p)
    assert "清一色 Pure One Suit: 4" in text and "Total: 4 fan (paid 3: 8 from each payer)" in text
    assert "Payments: E +24  S -8  W -8  N -8" in text


def test_one_hand_without_the_organisers_values_is_refused_with_their_names() -> None:
    p = run(*RULES, "--rule", "fan_pinghu=1", "--self-drawn", "pinghu")
    assert p.returncode == 1 and out(p) == ""
    assert "the organiser has not set fan_jihu, fan_duiduihu" in err(p)


def test_stream_answers_one_json_line_per_line() -> None:
    lines = [{"hand_type": "shisanyao", "rules": FANS}, {"hand_type": "pinghu"},
             {"hand_type": ["shisanyao", "ziyise"], "rules": FANS}, "{",
             {"hand_type": "jihu", "win": "ron", "seat": "S", "discarder": "E", "rules": {**FANS, "base": 5}}]
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    p = run(*RULES, "--stream", stdin=text)
    assert p.returncode == 0, err(p)
    answers = [json.loads(line) for line in out(p).splitlines()]
    assert len(answers) == 5
    assert answers[0]["paid"] == 10 and answers[0]["deltas"]["E"] == 3 * 1024
    assert answers[1]["error"]["code"] == "rules_missing"
    assert answers[2]["error"]["code"] == "invalid_input"
    assert answers[3]["error"]["code"] == "invalid_json"
    assert answers[4]["deltas"] == {"E": -5, "S": 5, "W": 0, "N": 0}
