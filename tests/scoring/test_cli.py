"""mcr-score run as a real process, as a user or a program driving --stream would."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.mcr.fans import Fan
from scoring.mcr.generate import generate_hands


def _command() -> list[str]:
    exe = shutil.which("mcr-score") or str(Path(sys.executable).parent / "mcr-score")
    return [exe] if Path(exe).exists() else [sys.executable, "-m", "scoring.cli"]


def run(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    return subprocess.run([*_command(), *args], input=data, capture_output=True, timeout=120)


def out(p: subprocess.CompletedProcess[bytes]) -> str:
    return p.stdout.decode("utf-8")


def err(p: subprocess.CompletedProcess[bytes]) -> str:
    return p.stderr.decode("utf-8")


def assert_result_shape(obj: dict) -> None:
    assert set(obj) == {"total", "fans", "meets_minimum"}
    assert isinstance(obj["total"], int) and isinstance(obj["meets_minimum"], bool)
    ids = [f["id"] for f in obj["fans"]]
    assert len(ids) == len(set(ids)), "a repeated fan is one entry with its count"
    for f in obj["fans"]:
        assert set(f) == {"id", "zh", "en", "points", "count"}
        fan = Fan(f["id"])
        assert (f["zh"], f["en"], f["points"]) == (fan.zh, fan.en, fan.points)
        assert isinstance(f["count"], int) and f["count"] >= 1
    assert obj["total"] == sum(f["points"] * f["count"] for f in obj["fans"])
    without_flowers = sum(f["points"] * f["count"] for f in obj["fans"] if f["id"] != "FLOWER_TILES")
    assert obj["meets_minimum"] == (without_flowers >= 8)


def assert_error_shape(obj: dict) -> None:
    assert set(obj) == {"error"}
    assert set(obj["error"]) == {"code", "message"}
    assert obj["error"]["code"] and obj["error"]["message"]


# ------------------------------------------------------------------------------------------ one hand


def test_breakdown_in_english_and_chinese() -> None:
    p = run("1122335577889m9m")  # FANS.md H1: 一色双龙会 + 门前清 = 66
    assert p.returncode == 0, err(p)
    text = out(p)
    assert "Pure Terminal Chows" in text and "Concealed Hand" in text
    assert "66" in text and "Meets the 8-fan minimum" in text
    p = run("1122335577889m9m", "--lang", "zh")
    assert p.returncode == 0, err(p)
    assert "一色双龙会" in out(p) and "门前清" in out(p) and "66" in out(p)


def test_honours_typed_as_1z_to_7z() -> None:
    """``mcr-score`` reads 1z–7z (Tenhou order) and writes NOTATION.md's letters back."""
    a = run("[789m2][777s3][234s3]89s11z7s", "--json")
    b = run("[789m2][777s3][234s3]89sEE7s", "--json")
    assert a.returncode == 0, err(a)
    assert json.loads(out(a)) == json.loads(out(b))
    assert "11z" not in out(a)


def test_json_output() -> None:
    p = run("1122335577889m9m", "--json", "--flowers", "3")
    assert p.returncode == 0, err(p)
    assert out(p).count("\n") == 1
    obj = json.loads(out(p))
    assert_result_shape(obj)
    counts = {f["id"]: f["count"] for f in obj["fans"]}
    assert counts == {"PURE_TERMINAL_CHOWS": 1, "CONCEALED_HAND": 1, "FLOWER_TILES": 3}
    assert obj["total"] == 69 and obj["meets_minimum"] is True


def test_situation_flags_reach_the_engine() -> None:
    p = run("[1111m][8888p1]23s345pCC4s", "--self-drawn", "--kong", "--json")
    assert p.returncode == 0, err(p)
    ids = {f["id"] for f in json.loads(out(p))["fans"]}
    assert "OUT_WITH_REPLACEMENT_TILE" in ids and "SELF_DRAWN" not in ids


def test_below_minimum_is_reported_not_an_error() -> None:
    p = run("[234m1][567p1][345s1]66s12m3m", "--lang", "en")  # 平和 + 边张 = 3
    assert p.returncode == 0, err(p)
    assert "Below the 8-fan minimum" in out(p)


def test_not_a_winning_hand_is_an_error() -> None:
    p = run("1357m2468s1357pE9m")
    assert p.returncode == 1
    assert "mcr-score: error: not a winning hand: 1357m2468s1357pE9m" in err(p) and "Traceback" not in err(p)


def test_parse_error_names_position_and_exits_1() -> None:
    p = run("[789m2][777s3][234s3]89xEE7s")
    assert p.returncode == 1
    assert '"89x" at 22: unknown suit letter "x"' in err(p)
    assert "^" in err(p) and "Traceback" not in err(p)
    assert out(p) == ""


@pytest.mark.parametrize(("args", "message"), [
    (("[3333s]3s456m789m111p5s",), "5 copies of 3s"),
    (("[789m2][777s3][234s3]89sEE7s", "--kong"), "抢杠和"),
    (("[789m2][777s3][234s3]89sEE7s", "--self-drawn", "--kong"), "杠上开花"),
    (("[789m2][777s3][234s3]89sEE7s", "--flowers", "9"), "9 flowers"),
    (("[789m2][777s3][234s3]89sEE7s", "--seat", "X"), "invalid choice"),
    ((), "give a hand"),
    (("1m", "--stream"), "--stream reads hands from stdin"),
])
def test_input_errors_exit_1(args: tuple[str, ...], message: str) -> None:
    p = run(*args)
    assert p.returncode == 1
    assert message in err(p)
    assert "Traceback" not in err(p)


def test_waits() -> None:
    p = run("--waits", "1112345678999m")
    assert p.returncode == 0, err(p)
    assert out(p).startswith("Waits on 9 tiles: 1m")
    p = run("--waits", "1112345678999m", "--json")
    assert json.loads(out(p))["waits"] == [f"{r}m" for r in range(1, 10)]
    p = run("--waits", "[789m2][777s3][234s3]89sEE", "--lang", "zh")
    assert p.returncode == 0 and "七条" in out(p)


def test_thirteen_tiles_without_waits_flag_says_it_is_waiting() -> None:
    p = run("[789m2][777s3][234s3]89sEE")
    assert p.returncode == 0, err(p)
    assert "waiting hand" in out(p) and "7s" in out(p)


def test_waits_on_a_winning_hand_is_an_error() -> None:
    p = run("--waits", "[789m2][777s3][234s3]89sEE7s")
    assert p.returncode == 1 and "13-tile hand" in err(p)


# ------------------------------------------------------------------------------------------ --stream

GARBAGE = [
    "",
    "   ",
    "not json",
    "[1, 2]",
    '"a string"',
    "42",
    "null",
    '{"a": ',
    "{}",
    '{"notation": 5}',
    '{"notation": "[123m"}',
    '{"notation": "E5x"}',
    '{"notation": "1m"}',
    '{"notation": "[3333s]3s456m789m111p5s"}',
    '{"notation": "2344s234678pFFF4s", "self_drawn": 1}',
    '{"notation": "2344s234678pFFF4s", "self_drawn": "true"}',
    '{"notation": "2344s234678pFFF4s", "fourth_tile": true}',
    '{"notation": "2344s234678pFFF4s", "flowers": true}',
    '{"notation": "2344s234678pFFF4s", "flowers": 2.5}',
    '{"notation": "2344s234678pFFF4s", "flowers": 9}',
    '{"notation": "2344s234678pFFF4s", "flowers": -1}',
    '{"notation": "2344s234678pFFF4s", "seat_wind": "east"}',
    '{"notation": "2344s234678pFFF4s", "prevalent_wind": 0}',
    '{"notation": "2344s234678pFFF4s", "kong_related": true}',
    '{"notation": "2344s234678pFFF4s", "kong_related": true, "self_drawn": true}',
    '{"notation": "\\u2028[1"}',
    "[" * 100000,
]
EXPECTED_CODES = ["invalid_json"] * 3 + ["invalid_input"] * 4 + ["invalid_json"] + ["invalid_input"] * 2 + [
    "parse_error", "parse_error", "parse_error", "too_many_copies", "invalid_input", "invalid_input",
    "situation", "invalid_input", "invalid_input", "flowers", "flowers", "invalid_input", "invalid_input",
    "situation", "situation", "parse_error", "invalid_json"]


def test_stream_garbage_gets_one_error_line_each() -> None:
    assert len(GARBAGE) == len(EXPECTED_CODES)
    raw = ("\n".join(GARBAGE) + "\n").encode("utf-8") + b"\xff\xfe\x00bad utf8\n" + b'{"notation": "1m"}'
    p = run("--stream", stdin=raw)
    assert p.returncode == 0 and p.stderr == b""
    lines = out(p).split("\n")
    assert lines[-1] == "" and len(lines) - 1 == len(GARBAGE) + 2  # the last line had no newline
    objs = [json.loads(line) for line in lines[:-1]]
    for obj in objs:
        assert_error_shape(obj)
    assert [o["error"]["code"] for o in objs] == [*EXPECTED_CODES, "invalid_json", "parse_error"]


def test_stream_hundreds_of_generated_hands_mixed_with_garbage() -> None:
    rng = random.Random(5)
    hands = generate_hands(400, seed=11)
    lines: list[str] = []
    kinds: list[str] = []
    for g in hands:
        c = g.ctx
        obj = {"notation": g.notation, "self_drawn": c.self_drawn, "fourth_tile": c.fourth_tile,
               "kong_related": c.kong_related, "last_tile_of_wall": c.last_tile_of_wall,
               "seat_wind": c.seat_wind.value, "prevalent_wind": c.prevalent_wind.value, "flowers": c.flowers,
               "id": "ignored"}
        lines.append(json.dumps(obj, ensure_ascii=False))
        kinds.append("hand")
        if rng.random() < 0.2:
            lines.append(rng.choice(GARBAGE))
            kinds.append("garbage")
    lines.append(lines[0])  # a repeat, answered from the cache
    kinds.append("hand")
    p = run("--stream", stdin="\r\n".join(lines) + "\r\n")
    assert p.returncode == 0
    assert p.stderr == b""
    answers = out(p).split("\n")[:-1]
    assert len(answers) == len(lines)
    for kind, answer in zip(kinds, answers, strict=True):
        obj = json.loads(answer)
        if kind == "hand":
            assert "error" not in obj, (answer,)
            assert_result_shape(obj)
        else:
            assert_error_shape(obj)
    assert answers[-1] == answers[0]


def test_stream_answers_each_line_before_the_next_arrives() -> None:
    """A program can talk to the stream line by line: every answer is flushed at once."""
    proc = subprocess.Popen([*_command(), "--stream"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        assert proc.stdin is not None and proc.stdout is not None
        for line in ('{"notation": "[123m"}', "oops"):
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            assert_error_shape(answer)
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_stream_output_is_compact_utf8() -> None:
    p = run("--stream", stdin='{"notation": "2344s234678pFFF4s", "kong_related": true}\n')
    line = out(p).strip()
    assert line.startswith('{"error":{"code":"situation","message":"robbing the kong (抢杠和)')


def test_scoring_package_stays_light() -> None:
    code = ("import sys, scoring, scoring.cli, scoring.notation, scoring.mcr.validate, scoring.mcr.explain; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'sqlalchemy', 'reportlab', 'db', "
            "'reports', 'referee_app')]; print(bad)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"


def test_json_flag_and_stream_give_the_same_object() -> None:
    g = generate_hands(1, seed=3)[0]
    c = g.ctx
    args = [g.notation, "--json", "--seat", c.seat_wind.value, "--prevailing", c.prevalent_wind.value,
            "--flowers", str(c.flowers)]
    args += [flag for flag, on in (("--self-drawn", c.self_drawn), ("--last-tile", c.fourth_tile),
                                   ("--kong", c.kong_related), ("--last-of-wall", c.last_tile_of_wall)) if on]
    single = run(*args)
    assert single.returncode == 0, err(single)
    line = json.dumps({"notation": g.notation, "self_drawn": c.self_drawn, "fourth_tile": c.fourth_tile,
                       "kong_related": c.kong_related, "last_tile_of_wall": c.last_tile_of_wall,
                       "seat_wind": c.seat_wind.value, "prevalent_wind": c.prevalent_wind.value,
                       "flowers": c.flowers})
    streamed = run("--stream", stdin=line + "\n")
    assert out(single) == out(streamed)


def test_stream_answer_text_is_json_dumps_of_the_result_object() -> None:
    # The --stream answer is assembled from per-fan pieces (explain.result_json_text); it must be exactly
    # the compact json.dumps of result_to_json, for every fan, repeated fans, flowers and both verdicts.
    from scoring.mcr.engine import score_hand
    from scoring.mcr.explain import result_json_text, result_to_json
    from scoring.mcr.result import AwardedFan, ScoreResult

    every_fan = ScoreResult(total=sum(f.points for f in Fan), meets_minimum=True,
                            fans=tuple(AwardedFan(f, 1 + f.number % 3) for f in Fan))
    results = [every_fan, ScoreResult(total=3, fans=(), meets_minimum=False)]
    results += [score_hand(g.hand, g.ctx) for g in generate_hands(300, seed=5)]
    for r in results:
        expected = json.dumps(result_to_json(r), ensure_ascii=False, separators=(",", ":"))
        assert result_json_text(r) == expected
        assert "\x85" not in expected and "\u2028" not in expected and "\u2029" not in expected


def test_stream_answer_counted_from_the_fans_found_is_the_result_s_json() -> None:
    # engine.score_json_text (the --stream answer) skips the result objects; it must give the text of the
    # result for every hand: repeated fans, flowers, both verdicts, every form.
    from scoring.mcr.engine import score_hand, score_json_text
    from scoring.mcr.explain import result_json_text
    from scoring.mcr.generate import FORMS, random_winning_hand

    rng = random.Random(12)
    hands = generate_hands(1500, seed=6) + [random_winning_hand(rng, form) for form in FORMS for _ in range(40)]
    for g in hands:
        assert score_json_text(g.hand, g.ctx) == result_json_text(score_hand(g.hand, g.ctx)), g.notation


def test_stream_flowers_count_in_the_total_not_the_minimum() -> None:
    from scoring.cli import stream_line

    # 6 fans + 2 flowers = 8: listed and totalled, still below the 8-fan minimum (W4).
    out = json.loads(stream_line('{"notation": "[EEE]123456m777s9p9p", "flowers": 2}'))
    assert out["total"] == 8 and out["meets_minimum"] is False
    flowers = [f for f in out["fans"] if f["id"] == "FLOWER_TILES"]
    assert flowers == [{"id": "FLOWER_TILES", "zh": "花牌", "en": "Flower Tiles", "points": 1, "count": 2}]
    # Chicken hand exactly at the minimum, with flowers on top.
    out = json.loads(stream_line('{"notation": "[234m][678s][345p]45mEE6m", "flowers": 3}'))
    assert out["total"] == 11 and out["meets_minimum"] is True
    assert [f["id"] for f in out["fans"]] == ["CHICKEN_HAND", "FLOWER_TILES"]
