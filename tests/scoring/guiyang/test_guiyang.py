"""Guiyang 捉鸡 (issue 33 item 5): the hand types, payments and refusals source 003 states, each with its line in
the test's id, and the organiser's chicken values, which the source leaves open (no default).

The expected changes are written here from the quoted words (the winner's value from each payer), not from
the engine: East wins unless said, the payers are the others.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.guiyang.rules import REQUIRED, missing, rules_problem, rules_with
from scoring.guiyang.score import answer, next_dealer
from scoring.systems import system

# The organiser's chicken values for these tests (the source gives none): distinct, to tell them apart.
RULES = {"chicken": 1, "charging_chicken": 2, "responsible_chicken": 3}


def ask(hand: str, **fields: Any) -> dict[str, Any]:
    return answer({"hand": hand, "rules": RULES, **fields})


def self_drawn(value: int, winner: str = "E") -> dict[str, int]:
    return {w: 3 * value if w == winner else -value for w in ("E", "S", "W", "N")}


def on_discard(value: int, winner: str, discarder: str) -> dict[str, int]:
    return {w: value if w == winner else -value if w == discarder else 0 for w in ("E", "S", "W", "N")}


# (the source's line, the hand self-drawn by East (no 1 of bamboo: no chicken), the type, its value)
TYPES = [
    ("2.平胡：平胡可以自摸胡牌 … 番数为10番", "123m456m789m234p5p5p", "pinghu", 10),
    ("3.大对子：即对对胡，成牌时有4个三张相同的和1个对。番数为30番", "222m555m888p444p3p3p", "daduizi", 30),
    ("3.大对子 … 4个三张相同的 (a claimed pung is one of them)", "[222m][555m]888p444p3p3p", "daduizi", 30),
    ("4.七对：成牌时由7个对子组成。番数为40翻", "223355m778899p4s4s", "qidui", 40),
    ("5.龙七对：成牌时由5个对子和4个相同的牌组成。番数为50番", "22223355m7799p4s4s", "longqidui", 50),
    ("6.清一色：成牌时所有牌都由条、筒、万中的一种组成。番数为50番", "123m456m789m234m5m5m", "qingyise", 50),
    ("7.清大对：成牌时有4个三张相同的和1个对，且所有牌都由条、筒、万中的一种 组成。番数为80番",
     "222m555m888m444m3m3m", "qingdadui", 80),
    ("8.青龙背：成牌时由5个对子和4个相同的牌组成，且所有牌都由条、筒、万中的 一种组成。番数为100番",
     "2222335577m99m4m4m", "qinglongbei", 100),
    ("清七对 (not in the source): 清一色 50 + 七对 40, as 清大对 80 = 50 + 30 and 青龙背 100 = 50 + 50",
     "223355778899m4m4m", "qingqidui", 90),
]


@pytest.mark.parametrize(("line", "hand", "kind", "value"), TYPES, ids=[t[0] for t in TYPES])
def test_each_hand_type_has_the_sources_value(line: str, hand: str, kind: str, value: int) -> None:
    got = ask(hand)
    assert got["valid"], got
    assert [(f["id"], f["value"]) for f in got["fans"]] == [(kind, value)]
    assert got["total"] == value
    assert got["deltas"] == self_drawn(value)  # "自摸胡牌，其他3家都要付"


def test_the_best_reading_counts() -> None:
    """A hand read as chows (清一色 50) and as seven pairs (清七对 90) is the higher."""
    got = ask("223344m556677m9m9m")
    assert [f["id"] for f in got["fans"]] == ["qingqidui"] and got["total"] == 90


def test_a_win_on_a_kong_replacement_adds_ten() -> None:
    """1.杠上胡：杠牌后立即自摸，总番数加10番."""
    got = ask("[5555p]123m456m789m2s2s", rinshan=True)
    assert [(f["id"], f["value"]) for f in got["fans"]] == [("pinghu", 10), ("gangshanghu", 10)]
    assert got["total"] == 20 and got["deltas"] == self_drawn(20)


def test_a_win_on_a_kong_replacement_needs_a_kong() -> None:
    got = ask("123m456m789m234p5p5p", rinshan=True)
    assert not got["valid"] and "kong" in got["error"]["message"]


def test_a_discard_is_paid_by_the_discarder_alone() -> None:
    """自摸胡牌，其他3家都要付；点胡，点炮者单独付."""
    got = ask("222m555m888p444p3p3p", win="ron", seat="S", discarder="N")
    assert got["valid"] and got["deltas"] == on_discard(30, "S", "N")


def test_a_plain_hand_may_not_win_on_a_discard_without_a_kong() -> None:
    """2.平胡：平胡可以自摸胡牌，或在有“豆”情况下允许点胡."""
    got = ask("123m456m789m234p5p5p", win="ron", seat="S", discarder="N")
    assert not got["valid"] and "平胡" in got["error"]["message"]


def test_a_plain_hand_with_its_own_kong_wins_on_a_discard() -> None:
    """2.平胡 … 在有“豆”情况下允许点胡."""
    got = ask("[7777p]123m456m789m5p5p", win="ron", seat="S", discarder="N")
    assert got["valid"] and got["deltas"] == on_discard(10, "S", "N")


@pytest.mark.parametrize(("kind", "extra"), [("concealed", 60), ("added", 30), ("melded", 10)])
def test_a_hot_discard_pays_the_discarders_kong_over(kind: str, extra: int) -> None:
    """4.热炮 … 点热炮者点炮前成的那个豆不算，还需根据该豆的形式付给胡牌者钱（闷豆60番、转弯豆30番、点豆10番），
    此外还需要付点炮的钱。注意：如果听牌者是无豆的平胡依然可以胡."""
    got = ask("123m456m789m234p5p5p", win="ron", seat="S", discarder="N", hot_kong=kind)
    assert got["valid"], got
    assert got["deltas"] == on_discard(10 + extra, "S", "N")
    assert [(p["id"], p["from"], p["to"], p["value"]) for p in got["payments"]] == [("repao", ["N"], "S", extra)]


def test_robbing_a_kong_is_paid_as_self_drawn_by_the_robbed_player_alone() -> None:
    """5.抢杠 … 计算番数时胡牌算自摸，被抢杠者包3家的牌。注意：如果听牌者是无豆的平胡依然可以胡."""
    got = ask("123m456m789m23p5p5p4p", win="ron", seat="S", discarder="N", chankan=True)
    assert got["valid"], got
    assert got["deltas"] == on_discard(30, "S", "N")


def test_robbing_a_kong_on_a_tile_the_winner_holds_is_impossible() -> None:
    got = ask("123m456m789m234p5p5p", win="ron", seat="S", discarder="N", chankan=True)
    assert not got["valid"] and "robbing" in got["error"]["message"]


def test_kongs_are_paid_as_the_source_says_and_add_up() -> None:
    """1.闷豆 … 其他3个玩家每人给闷豆者20番，可叠加; 2.转弯豆 … 其他3个玩家每人给转弯豆者10番，可叠加;
    3.点豆 … 被点豆者给点豆者10番，可叠加."""
    kongs = [{"kind": "concealed", "by": "W"}, {"kind": "concealed", "by": "W"}, {"kind": "added", "by": "N"},
             {"kind": "melded", "by": "S", "discarder": "E"}]
    got = ask("123m456m789m234p5p5p", kongs=kongs)
    win = self_drawn(10)
    expected = {"E": win["E"] - 20 - 20 - 10 - 10, "S": win["S"] - 40 - 10 + 10, "W": win["W"] + 2 * 60 - 10,
                "N": win["N"] - 40 + 30}
    assert got["deltas"] == expected
    assert [p["id"] for p in got["payments"]] == ["mendou", "mendou", "zhuanwandou", "diandou"]


def test_the_108_tiles_have_no_honours() -> None:
    """捉鸡川麻将共有108张牌，其中有条、筒、万各有36张."""
    got = ask("123m456m789m234pEE")
    assert not got["valid"] and "three suits" in got["error"]["message"]


def test_no_chow_may_be_claimed() -> None:
    """2.可行操作：可摸牌，可碰，可杠，可胡；但是不可吃牌."""
    got = ask("[123m]456m789m234p5p5p")
    assert not got["valid"] and "chow" in got["error"]["message"]


def test_not_a_winning_hand() -> None:
    got = ask("123m456m789m234p5p6p")
    assert not got["valid"] and got["error"]["code"] == "not_winning_hand"


# ------------------------------------------------------------------------------ the organiser's chickens


def test_each_chicken_is_paid_by_each_other_player_at_the_organisers_value() -> None:
    """The winner's 幺鸡 (1 of bamboo) are read from its tiles, the others' are given; each is paid `chicken`."""
    got = answer({"hand": "[1111s]123m456m789m5p5p", "win": "tsumo", "chickens": {"W": 2},
                  "rules": {**RULES, "chicken": 5}})
    assert got["valid"], got
    win = self_drawn(10)
    assert got["deltas"] == {"E": win["E"] + 3 * 20 - 10, "S": win["S"] - 20 - 10, "W": win["W"] - 20 + 30,
                             "N": win["N"] - 20 - 10}


def test_the_charging_and_the_responsible_chicken() -> None:
    """冲锋鸡: each other player pays its discarder; 责任鸡: the discarder pays the claimer."""
    charging = ask("123m456m789m234p5p5p", charging_chicken="N")
    assert charging["deltas"] == {w: d + (6 if w == "N" else -2) for w, d in self_drawn(10).items()}
    responsible = ask("123m456m789m234p5p5p", responsible_chicken={"from": "S", "to": "W"})
    assert responsible["deltas"] == {w: d + {"S": -3, "W": 3}.get(w, 0) for w, d in self_drawn(10).items()}


def test_the_first_chicken_is_charging_or_responsible_not_both() -> None:
    got = ask("123m456m789m234p5p5p", charging_chicken="N", responsible_chicken={"from": "S", "to": "W"})
    assert got["error"]["code"] == "invalid_input"


def test_a_chicken_value_of_zero_pays_nothing() -> None:
    got = answer({"hand": "123m456m789m234p5p5p", "charging_chicken": "N",
                  "rules": {**RULES, "charging_chicken": 0}})
    assert got["deltas"] == self_drawn(10) and got["payments"] == []


# ------------------------------------------------------------------------------ the organiser's values


def test_every_chicken_value_is_required_and_has_no_default() -> None:
    names = [n for n, _ in REQUIRED]
    assert names == ["chicken", "charging_chicken", "responsible_chicken"]
    assert all(why.strip() for _, why in REQUIRED)
    assert missing({}) == tuple(names)
    assert missing({"chicken": 1, "charging_chicken": None}) == ("charging_chicken", "responsible_chicken")
    assert missing(RULES) == ()
    with pytest.raises(ValueError, match="missing: responsible_chicken"):
        rules_with({"chicken": 1, "charging_chicken": 2})


def test_a_hand_is_not_scored_before_the_values_are_typed() -> None:
    got = answer({"hand": "123m456m789m234p5p5p", "rules": {"chicken": 1}})
    assert got == {"valid": False, "error": {"code": "rules_missing", "message": got["error"]["message"]}}
    assert "charging_chicken, responsible_chicken" in got["error"]["message"]
    assert answer({"hand": "123m456m789m234p5p5p"})["error"]["code"] == "rules_missing"


@pytest.mark.parametrize(("rules", "problem"), [
    ({}, None), ({"chicken": None}, None), (RULES, None), ({"chicken": 0}, None),
    ({"chicken": -1}, "chicken: must be a whole number from 0 to 1,000,000, not -1"),
    ({"chicken": 10**18}, "chicken: must be a whole number from 0 to 1,000,000, not 1000000000000000000"),
    ({"chicken": 1.5}, "chicken: must be a whole number from 0 to 1,000,000, not 1.5"),
    ({"charging_chicken": True}, "charging_chicken: must be a whole number from 0 to 1,000,000, not true"),
    ({"chickens": 1}, "chickens: not a value of guiyang-zhuoji (its values: chicken, charging_chicken, "
                      "responsible_chicken)"),
])
def test_rules_problem_says_what_is_wrong_not_what_is_missing(rules: dict[str, Any], problem: str | None) -> None:
    assert rules_problem(rules) == problem
    assert system("guiyang-zhuoji").rules_problem(rules) == problem


def test_a_wrong_value_is_refused_before_a_missing_one() -> None:
    got = answer({"hand": "123m456m789m234p5p5p", "rules": {"chicken": -1}})
    assert got["error"]["code"] == "invalid_input" and "chicken: must be" in got["error"]["message"]


def test_the_registered_system() -> None:
    s = system("guiyang-zhuoji")
    assert (s.family, s.profile, s.shape, s.tiles.count, s.tiles.honours) == (
        "guiyang-zhuoji", "guiyang-zhuoji", "game", 108, False)
    assert [n for n, _ in s.missing_rules({"chicken": 2})] == ["charging_chicken", "responsible_chicken"]
    assert s.score_json({"hand": "123m456m789m234p5p5p", "rules": RULES})["total"] == 10
    results = s.session_result((30, -10, -10, -10), (0, 0, 0, 0), (), {})
    assert [(r.raw, r.score) for r in results] == [(30, 4), (-10, 1), (-10, 1), (-10, 1)]


@pytest.mark.parametrize(("dealer", "winners", "expected"), [("E", ("W",), "W"), ("S", ("S",), "S"),
                                                             ("N", ("S", "W"), "S"), ("E", (), "E")])
def test_the_winner_deals_next(dealer: str, winners: tuple[str, ...], expected: str) -> None:
    """3.庄家确定：首局牌，掷骰子决定庄家；首局后，胡牌者接庄 (a drawn hand: the dealer stays, decided)."""
    assert next_dealer(dealer, winners) == expected
