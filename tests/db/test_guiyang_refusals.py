"""Every refusal of a Guiyang 捉鸡 or 鸡平胡 result line is the store's, in the user's language (docs/rule-systems.md
"At the table"): the chickens that cannot be counted so (db/messages.py guiyang_*), the tiles and situations the
engine refuses (texts/hands.py hand.guiyang_*), 鸡平胡's hand types that cannot go together (jipinghu_*) and the
organiser's values still missing, named by their labels."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from db import Database, open_database
from db.errors import InputError
from db.messages import MESSAGES
from db.read.game_state import need_rules
from db.read.lookup import settings
from db.service.games import preview_game_line, record_game_line
from tests.db.test_chinese_store import _cli, _run, _seat, _table

RULES = ("--rule", "chicken=1", "--rule", "charging_chicken=2", "--rule", "responsible_chicken=1")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def guiyang(tmp_path: Path) -> Iterator[tuple[Database, list[str]]]:
    path, _ = _table(tmp_path, "guiyang-zhuoji", *RULES)
    seats = _seat(path)
    database = open_database(str(path))
    try:
        yield database, seats
    finally:
        database.close()


def _refusal(db: Database, line: dict[str, Any]) -> InputError:
    """The refusal of ``line`` as hand 1 of table 1, the same when previewed and when recorded."""
    with db.factory.begin() as s, pytest.raises(InputError) as previewed:
        preview_game_line(s, 1, 1, 1, line)
    with db.factory.begin() as s, pytest.raises(InputError) as recorded:
        record_game_line(s, 1, 1, 1, line)
    assert previewed.value.code == recorded.value.code
    return recorded.value


def _chinese(said: str) -> None:
    """Said in Chinese: no English word of the engine's left in it (only player numbers and codes)."""
    assert CJK.search(said) and not re.search(r"\b(the|chicken|winner|claimed|discarded)\b", said), said


PLAIN = "123s234m456m789p55p"  # a 平胡 holding one 幺鸡


@pytest.mark.parametrize(("code", "extra"), [
    ("guiyang_winner_chickens", lambda e, s, w, n: {"chickens": {s: 1}}),
    ("guiyang_responsible_self", lambda e, s, w, n: {"responsible_chicken": {"from": w, "to": w}}),
    ("guiyang_first_chicken_twice", lambda e, s, w, n: {"charging_chicken": e,
                                                         "responsible_chicken": {"from": w, "to": n}}),
])
def test_a_guiyang_chicken_that_cannot_be_is_refused_in_the_users_language(guiyang, code, extra) -> None:
    db, (e, s, w, n) = guiyang
    line = {"type": "tsumo", "winner": s, "tiles": PLAIN, **extra(e, s, w, n)}
    refused = _refusal(db, line)
    assert refused.code == code
    assert refused.in_language("en") == str(refused) and not CJK.search(str(refused))
    _chinese(refused.in_language("zh"))


def test_a_later_winners_chickens_are_refused_too(guiyang) -> None:
    """Two winners on one discard: the second one's 幺鸡 are read from its tiles as the first one's."""
    db, (e, s, w, n) = guiyang
    line = {"type": "ron", "discarder": e, "chickens": {n: 1}, "winners": [
        {"player": s, "hand": "11m22m33m44m55m66m99s"}, {"player": n, "hand": "22p33p44p66p77p88p99s"}]}
    assert _refusal(db, line).code == "guiyang_winner_chickens"


@pytest.mark.parametrize(("reason", "line"), [
    ("guiyang_rinshan_without_kong", lambda e, s, w, n: {"type": "tsumo", "winner": s, "tiles": PLAIN,
                                                          "rinshan": True}),
    ("guiyang_self_drawn_only", lambda e, s, w, n: {"type": "ron", "discarder": e, "winners": [
        {"player": s, "hand": "[2222m]33m444p55p678p", "rinshan": True}]}),
    ("guiyang_plain_on_discard", lambda e, s, w, n: {"type": "ron", "discarder": e, "winners": [
        {"player": s, "hand": PLAIN}]}),
])
def test_a_guiyang_hand_the_engine_refuses_is_said_in_the_users_language(guiyang, reason, line) -> None:
    """The engine's refusals by reason (scoring/guiyang/score.py PROBLEMS) reach the user through the catalogue:
    the preview says the problem, the record refuses the hand with it."""
    db, seats = guiyang
    obj = line(*seats)
    with db.factory.begin() as s:
        problem = preview_game_line(s, 1, 1, 1, obj).problem
    assert problem is not None and problem.context == f"hand.{reason}"
    _chinese(problem.in_language("zh"))
    with db.factory.begin() as s, pytest.raises(InputError) as recorded:
        record_game_line(s, 1, 1, 1, obj)
    assert recorded.value.code == "hand_invalid"
    _chinese(recorded.value.in_language("zh"))


def test_the_missing_values_are_named_by_their_labels_in_the_users_language(tmp_path: Path) -> None:
    path, _ = _table(tmp_path, "guiyang-zhuoji", "--rule", "chicken=1")
    code, _out, err = _run(path, "seat", "1")  # the command line: English
    assert code != 0
    assert ("not set The charging chicken (冲锋鸡) · charging_chicken; The responsible chicken (责任鸡) · "
            "responsible_chicken yet") in err
    database = open_database(str(path))
    try:
        with database.factory.begin() as s, pytest.raises(InputError) as refused:
            need_rules(settings(s))
    finally:
        database.close()
    assert "冲锋鸡 · charging_chicken；责任鸡 · responsible_chicken" in refused.value.in_language("zh")


@pytest.mark.parametrize(("types", "code"), [
    (["pinghu", "pinghu"], "jipinghu_type_twice"),
    (["jihu", "hunyise"], "jipinghu_chicken_alone"),
    (["shisanyao", "hunyise"], "jipinghu_special_alone"),
    (["pinghu", "duiduihu"], "jipinghu_chows_and_pungs"),
    (["qingyise", "ziyise"], "jipinghu_pure_and_honours"),
    (["ziyise", "hunyise"], "jipinghu_honours_and_suits"),
    (["dasanyuan", "xiaosanyuan"], "jipinghu_larger_holds"),
    (["xiaosanyuan", "dasixi"], "jipinghu_dragons_and_winds"),
])
def test_jipinghu_hand_types_that_cannot_go_together_are_refused_in_the_users_language(tmp_path: Path, types,
                                                                                        code) -> None:
    path, _ = _table(tmp_path, "guangdong-jipinghu")
    names = [m["name"] for m in json.loads(_cli(path, "settings"))["missing_rules"]]
    _cli(path, "settings", *(x for name in names for x in ("--rule", f"{name}=1")))
    e, s, w, n = _seat(path)
    database = open_database(str(path))
    try:
        refused = _refusal(database, {"type": "tsumo", "winner": s, "hand_type": types})
    finally:
        database.close()
    assert refused.code == code and refused.field == "hand_type"
    assert not CJK.search(str(MESSAGES[code]))
    _chinese(refused.in_language("zh"))
    assert "cannot go together" not in refused.in_language("zh") and "alone" not in refused.in_language("zh")
