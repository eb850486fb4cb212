"""Guangdong 鸡平胡 (issue 33 item 5): what source 003 states (番 doubles, the cap 爆胡 of 3 番, 十三幺 past it
and alone, the losers pay), each with its line in the test's id, and the hand types' 番, which the organiser
types (no default).

The expected payments are written here from the quoted words: base × 2^番 from each payer.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.jipinghu.rules import REQUIRED, HandType, missing, rules_problem, rules_with
from scoring.jipinghu.score import answer
from scoring.systems import system
from scoring.win_seats import next_dealer

# The organiser's 番 for these tests (the source gives none): each type its own number.
FANS = {"fan_jihu": 0, "fan_pinghu": 1, "fan_duiduihu": 2, "fan_hunyise": 2, "fan_qingyise": 4, "fan_ziyise": 5,
        "fan_hunyaojiu": 5, "fan_xiaosanyuan": 4, "fan_dasanyuan": 6, "fan_xiaosixi": 5, "fan_dasixi": 7,
        "fan_shisanyao": 10}


def ask(hand_type: object, **fields: Any) -> dict[str, Any]:
    rules = {**FANS, **fields.pop("rules", {})}
    return answer({"hand_type": hand_type, "rules": rules, **fields})


def self_drawn(each: int, winner: str = "E") -> dict[str, int]:
    return {w: 3 * each if w == winner else -each for w in ("E", "S", "W", "N")}


@pytest.mark.parametrize("kind", list(HandType), ids=[k.value for k in HandType])
def test_each_type_is_paid_at_the_organisers_fan(kind: HandType) -> None:
    """番的定义: 番是2倍的意思 (each 番 doubles); the type's 番 is the organiser's."""
    fan = FANS[f"fan_{kind.value}"]
    got = ask(kind.value)
    assert got["valid"], got
    assert [(f["id"], f["value"]) for f in got["fans"]] == [(kind.value, fan)]
    paid = fan if kind is HandType.THIRTEEN_ORPHANS else min(fan, 3)
    assert (got["total"], got["paid"], got["points"]) == (fan, paid, 2 ** paid)
    assert got["deltas"] == self_drawn(2 ** paid)


def test_a_fan_doubles() -> None:
    """1 、番的定义 广东鸡平胡麻将的特色就在“番”，番是2倍的意思."""
    assert [ask("pinghu", rules={"fan_pinghu": n})["points"] for n in (0, 1, 2, 3)] == [1, 2, 4, 8]


def test_the_cap_is_three_fan() -> None:
    """3 、番的牌型规则设定 爆胡为3番; 爆胡（封顶），意思即为多少番为顶，不再叠加番数进行计算."""
    got = ask(["hunyise", "duiduihu"], rules={"fan_hunyise": 3, "fan_duiduihu": 3})
    assert (got["total"], got["paid"], got["points"]) == (6, 3, 8)


def test_thirteen_orphans_passes_the_cap() -> None:
    """特殊牌除外，比如十三幺，可突破爆胡限制."""
    got = ask("十三幺")
    assert (got["total"], got["paid"], got["points"]) == (10, 10, 1024)


def test_thirteen_orphans_adds_no_other_type() -> None:
    """这些特殊牌型不再叠加其他番种."""
    got = ask(["shisanyao", "hunyaojiu"])
    assert got["error"]["code"] == "invalid_input" and "十三幺" in got["error"]["message"]


def test_the_types_of_one_hand_add_up_under_the_cap() -> None:
    got = ask(["pinghu", "hunyise"], rules={"fan_pinghu": 1, "fan_hunyise": 1})
    assert (got["total"], got["paid"], got["points"]) == (2, 2, 4)


def test_self_drawn_is_paid_by_the_three_others() -> None:
    """例如 … 玩家A自摸 … 玩家A奖励的游戏币＝600×4×3 … 失败玩家B、C、D各消耗的游戏币＝600×4."""
    got = ask("duiduihu", seat="S", rules={"base": 4})
    assert got["deltas"] == self_drawn(4 * 4, "S")


def test_a_discard_is_paid_by_the_discarder() -> None:
    """失败玩家的游戏币将消耗： X* N+A ；胜利玩家游戏币将奖励： X*P*N－A (P: the losing players, the discarder)."""
    got = ask("duiduihu", win="ron", seat="W", discarder="S")
    assert got["deltas"] == {"E": 0, "S": -4, "W": 4, "N": 0}


def test_a_chicken_hand_is_entered_alone() -> None:
    got = ask(["jihu", "pinghu"])
    assert got["error"]["code"] == "invalid_input" and "鸡胡" in got["error"]["message"]


@pytest.mark.parametrize("pair", [["pinghu", "duiduihu"], ["qingyise", "hunyise"], ["dasanyuan", "xiaosanyuan"],
                                  ["dasixi", "xiaosixi"], ["ziyise", "hunyise"], ["xiaosanyuan", "xiaosixi"]])
def test_types_one_hand_cannot_have_together_are_refused(pair: list[str]) -> None:
    got = ask(pair)
    assert got["error"]["code"] == "invalid_input" and "cannot go together" in got["error"]["message"]


@pytest.mark.parametrize("value", ["xx", [], ["pinghu", "pinghu"], 3, None])
def test_an_unknown_or_repeated_type_is_refused(value: object) -> None:
    assert ask(value)["error"]["code"] == "invalid_input"


def test_the_organiser_may_change_the_cap_and_the_base() -> None:
    got = ask("qingyise", rules={"cap": 4, "base": 2})
    assert (got["paid"], got["points"]) == (4, 32)


# ------------------------------------------------------------------------------ the organiser's values


def test_every_types_fan_is_required_and_has_no_default() -> None:
    names = [n for n, _ in REQUIRED]
    assert names == [f"fan_{k.value}" for k in HandType]
    assert all("番" in why for _, why in REQUIRED)
    assert missing({}) == tuple(names)
    assert missing({**FANS, "fan_pinghu": None}) == ("fan_pinghu",)
    assert missing(FANS) == ()
    assert rules_with(FANS).cap == 3 and rules_with(FANS).base == 1  # the source's cap; a base of 1
    with pytest.raises(ValueError, match="missing: fan_jihu"):
        rules_with({})


def test_a_hand_is_not_scored_before_the_values_are_typed() -> None:
    got = answer({"hand_type": "pinghu", "rules": {"fan_pinghu": 1}})
    assert got["valid"] is False and got["error"]["code"] == "rules_missing"
    assert "fan_jihu, fan_duiduihu" in got["error"]["message"] and "fan_pinghu" not in got["error"]["message"]
    assert answer({"hand_type": "pinghu"})["error"]["code"] == "rules_missing"


@pytest.mark.parametrize(("rules", "problem"), [
    ({}, None), ({"fan_pinghu": None}, None), (FANS, None), ({"cap": 5, "base": 10}, None),
    ({"fan_pinghu": -1}, "fan_pinghu: must be a whole number from 0 to 30, not -1"),
    ({"fan_shisanyao": 200}, "fan_shisanyao: must be a whole number from 0 to 30, not 200"),
    ({"cap": 1000}, "cap: must be a whole number from 1 to 30, not 1000"),
    ({"base": 10**7}, "base: must be a whole number from 1 to 1,000,000, not 10000000"),
    ({"cap": 0}, "cap: must be a whole number from 1 to 30, not 0"),
    ({"base": "1"}, 'base: must be a whole number from 1 to 1,000,000, not "1"'),
    ({"fan_pinhu": 1}, None),
])
def test_rules_problem_says_what_is_wrong_not_what_is_missing(rules: dict[str, Any], problem: str | None) -> None:
    got = rules_problem(rules)
    if "fan_pinhu" in rules:
        assert got is not None and got.startswith("fan_pinhu: not a value of guangdong-jipinghu")
    else:
        assert got == problem
    assert system("guangdong-jipinghu").rules_problem(rules) == got


def test_the_registered_system() -> None:
    s = system("guangdong-jipinghu")
    assert (s.family, s.profile, s.shape, s.tiles.count) == ("guangdong-jipinghu", "guangdong-jipinghu", "game", 136)
    assert [n for n, _ in s.missing_rules({**FANS, "fan_dasixi": None})] == ["fan_dasixi"]
    assert s.score_json({"hand_type": "平胡", "rules": FANS})["points"] == 2


@pytest.mark.parametrize(("dealer", "winners", "expected"), [
    ("E", ("E",), "E"), ("E", (), "E"), ("E", ("W",), "S"), ("N", ("S",), "E"), ("S", ("W", "S"), "S")])
def test_the_dealer_rotation(dealer: str, winners: tuple[str, ...], expected: str) -> None:
    """四、庄家 1、如果庄家胡牌或和牌（流局）则下盘依然由该庄家做庄。 2、如果非庄家胡牌则下一盘由庄家的下家玩家做庄;
    一炮多响 … 如果一炮多响包括庄家在内胡牌，下一轮庄家继续当庄."""
    assert next_dealer(dealer, winners) == expected
