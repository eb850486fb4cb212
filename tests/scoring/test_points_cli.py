"""``mcr-score --rules hebei|nanchang`` run as a real process: one win, --json and --stream (docs/scoring-cli.md)."""

from __future__ import annotations

import json

from tests.scoring.test_cli import err, out, run


def test_hebei_json_answers_the_issues_object_with_the_deltas_by_wind() -> None:
    p = run("--rules", "hebei", "123s789s46m11p555p5m", "--seat", "S", "--discarder", "E", "--json")
    assert p.returncode == 0, err(p)
    obj = json.loads(out(p))
    assert {"valid", "fans", "total", "deltas"} <= set(obj) and obj["valid"] is True
    assert [(f["id"], f["zh"], f["value"]) for f in obj["fans"]] == [("concealed", "门清", 2), ("catch_five", "捉五", 5)]
    assert obj["total"] == 6 + 7 and obj["deltas"] == {"E": -13, "S": 13, "W": 0, "N": 0}


def test_hebei_one_hand_options_make_the_input_object() -> None:
    p = run("--rules", "hebei", "[1111m]234m567p789s5p5p", "--self-drawn", "--kong", "--seat", "W", "--dealer", "W",
            "--json")
    obj = json.loads(out(p))
    assert [f["id"] for f in obj["fans"]] == ["concealed", "kong_replacement"]
    assert obj["deltas"] == {"E": -10, "S": -10, "W": 3 * 8 + 3 * 2, "N": -10}  # 4 + 4 fans each; the kong 2 each


def test_hebei_breakdown_and_a_refusal_in_one_line() -> None:
    p = run("--rules", "hebei", "[EEE1]123m345p678s5m5m", "--self-drawn", "--lang", "en")
    assert p.returncode == 0 and "+12" in out(p) and "Payments: E +12  S -4  W -4  N -4" in out(p)
    bad = run("--rules", "hebei", "[123m1]456p789s234s5m5m", "--self-drawn")
    assert bad.returncode == 1 and out(bad) == "" and len(err(bad).strip().splitlines()) == 1
    assert "chow" in err(bad)


def test_the_stream_answers_one_line_per_line_for_each_system() -> None:
    lines = [{"hand": "19m19s19pESWNCFPP", "win": "ron", "seat": "N", "discarder": "E",
              "kongs": [{"seat": "W", "kind": "melded", "from": "S"}]}, "not json", [1]]
    p = run("--rules", "hebei", "--stream",
            stdin="".join((json.dumps(x) if not isinstance(x, str) else x) + "\n" for x in lines))
    answers = [json.loads(line) for line in out(p).splitlines()]
    assert answers[0]["deltas"] == {"E": -18, "S": -3, "W": 3, "N": 18}
    assert [a.get("error", {}).get("code") for a in answers] == [None, "invalid_json", "invalid_input"]
    q = run("--rules", "nanchang", "--stream", stdin='{"hand_type":"德国十三烂","win":"ron","seat":"S","discarder":"E"}\n')
    assert json.loads(out(q))["deltas"] == {"E": -21, "S": 29, "W": -4, "N": -4}


def test_nanchang_takes_the_hand_type_as_its_argument() -> None:
    p = run("--rules", "nanchang", "ping_hu", "--self-drawn", "--seat", "S", "--json")
    assert json.loads(out(p))["deltas"] == {"E": -4, "S": 8, "W": -2, "N": -2}


def test_a_refusal_is_said_in_the_readers_language() -> None:
    import os
    import subprocess

    from tests.scoring.test_cli import _command

    p = subprocess.run([*_command(), "--rules", "hebei", "[123m1]456p789s234s5m5m", "--self-drawn"],
                       capture_output=True, timeout=60, env={**os.environ, "LANGUAGE": "zh"})
    assert p.returncode == 1 and "河北麻将不能吃牌" in p.stderr.decode("utf-8")
