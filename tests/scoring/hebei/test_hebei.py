"""Hebei (source 003, issue 33 item 2): one test per hand type and per exclusion the source states, its line
quoted in the test's id; then the base, the fans per payer, the kongs, the dealer and the refusals."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from scoring.hebei.score import answer
from scoring.hebei.settle import Kong, KongKind, hand_deltas
from scoring.systems import system
from scoring.win_seats import WinSeats, next_dealer

TSUMO_E: dict[str, Any] = {"win": "tsumo", "seat": "E"}  # the dealer self-drawn: base +12
RON_S_FROM_W: dict[str, Any] = {"win": "ron", "seat": "S", "discarder": "W"}  # a non-dealer's discard: +5


def fans(hand: str, **situation: Any) -> dict[str, int]:
    got = answer({"hand": hand, **(situation or TSUMO_E)})
    assert got["valid"], got
    return {f["id"]: f["value"] for f in got["fans"]}


FAN_TABLE = [
    pytest.param("123m456m789p234s5p5p", {}, {"concealed": 2}, id="门清+2 番（既没有碰、明杠）"),
    pytest.param("[1111m]234m567p789s5p5p", {}, {"concealed": 2},
                 id="门清: a concealed kong is neither 碰 nor 明杠"),
    pytest.param("[EEE1]234m567p789s5p5p", {}, {}, id="门清 not with a 碰"),
    pytest.param("[8888p1]234m567p789s5m5m", {}, {}, id="门清 not with a 明杠"),
    pytest.param("123m456m789p234s5p5p", {**RON_S_FROM_W, "chankan": True}, {"concealed": 2, "robbing_kong": 2},
                 id="抢杠胡+2 番"),
    pytest.param("[1111m]234m567p789s5p5p", {**TSUMO_E, "rinshan": True}, {"concealed": 2, "kong_replacement": 2},
                 id="杠上开花+2 番"),
    pytest.param("[EEE1]111m999p555s3p3p", {}, {"all_pungs": 3},
                 id="碰碰胡+3 番（由刻子或者杠子所组成的牌形称为碰碰胡）"),
    pytest.param("[EEE1][111m1][9999p2][555s3]3p3p", {}, {"all_pungs": 3, "big_crane": 2},
                 id="大吊车+2 番（当手中的牌通过碰，杠，最后只剩下一张…）"),
    pytest.param("[111m1]234m456m789m6m6m", {}, {"full_flush": 3},
                 id="青一色+3 番（由万子，筒子，条子中的一种花色，组成的胡牌牌形称为青一色）"),
    pytest.param("[EEE1]123m345m789m5m5m", {}, {"half_flush": 2},
                 id="混一色+2 番（混一色是在清一色的基础上带有风牌）"),
    pytest.param("[CCC1]123m345m789m5m5m", {}, {"half_flush": 2},
                 id="混一色: a dragon is a 风牌 too (清风: 全为风: 东南西北中发白)"),
    pytest.param("[EEE1][SSS1]WWWCCCPP", {}, {"all_honours": 3, "all_pungs": 3},
                 id="清风+3 番（牌组里全为风: 东南西北中发白，按照规则规定的牌型胡牌）"),
    pytest.param("[EEE1]123m456m789m5p5p", {}, {"pure_straight": 2},
                 id="一条龙+2 番（一色牌够“一到九顺序相连” 必须为“123”＋“456”＋“789”的形式）"),
    pytest.param("1133m5577p99sEECC", {}, {"concealed": 2, "seven_pairs": 2},
                 id="七对+2 番（为两两样的小对总共七对后开胡，不得吃、碰、杠）"),
    pytest.param("19m19s19pESWNCFPC", {}, {"concealed": 2, "thirteen_orphans": 10},
                 id="十三幺+10 番（…再加上中、发、白中的任意一张）"),
    pytest.param("[EEE1]123m345p678s5m5m", {**TSUMO_E, "haitei": True}, {"last_tile": 2},
                 id="海底捞月+2 番（最后一张牌正好为要胡的牌）"),
    pytest.param("1133557799mEECC", {}, {"concealed": 2, "half_flush_seven_pairs": 4},
                 id="混七对+4 番（即满足混一色，又满足七对，不再计算混一色、七对番数）"),
    pytest.param("11335577992244m", {}, {"concealed": 2, "full_flush_seven_pairs": 5},
                 id="青七对+5 番（即满足青一色，又满足七对，不再计算青一色、七对番数）"),
    pytest.param("1111m3355p77s99sEE", {}, {"concealed": 2, "luxury_seven_pairs": 8},
                 id="豪华七对单豪+8 番（…必需有一副4 张一样的牌，不再计算七对）"),
    pytest.param("11113333m55p77sEE", {}, {"concealed": 2, "double_luxury_seven_pairs": 16},
                 id="双豪+16 番（…必需有二副4 张一样的牌，不再计算七对）"),
    pytest.param("111133335555m77s", {}, {"concealed": 2, "triple_luxury_seven_pairs": 32},
                 id="三豪+32 番（…必需有三副4 张一样的牌，不再计算七对）"),
    pytest.param("123m456s789p234m5p5p", {}, {"concealed": 2, "mixed_straight": 5},
                 id="花龙+5番（3 种花色的3副顺子连接成1-9序数牌，必须为“123”＋“456”＋“789”的形式）"),
    pytest.param("[EEE1]123s789s46m11p5m", {}, {"catch_five": 5}, id="捉五+5 番（单指四六万砍单）"),
    pytest.param("[EEE1]123s789s46p11m5p", {}, {}, id="捉五: 单指四六万, not dots"),
    pytest.param("[EEE1]123s789s45m11p6m", {}, {}, id="捉五: the 5 must be the winning tile between 4 and 6"),
    pytest.param("[EEE1]123m345p678s5m5m", {}, {}, id="胡牌的基础牌型: 11、123、123、123、111 with no fan"),
]


@pytest.mark.parametrize(("hand", "situation", "expected"), FAN_TABLE)
def test_each_fan_of_source_003_is_found_with_its_value(hand: str, situation: dict[str, Any],
                                                        expected: dict[str, int]) -> None:
    assert fans(hand, **situation) == expected


# Our decisions on what the source leaves open (docs/rule-systems.md "Hebei").
DECISIONS = [
    pytest.param("11113355779999m", {}, {"concealed": 2, "double_luxury_seven_pairs": 16, "full_flush": 3},
                 id="a luxury hand in one suit keeps 青一色 (豪华 replaces 七对, so 青七对 is not formed)"),
    pytest.param("1111m3355779999m", {}, {"concealed": 2, "double_luxury_seven_pairs": 16, "full_flush": 3},
                 id="the same written in another order"),
    pytest.param("19m19s19pESWNCFP1m", {}, {"concealed": 2, "thirteen_orphans": 10},
                 id="十三幺: the pair may be any of the thirteen (the line's 中、发、白 only is a slip)"),
    pytest.param("EESSWWNNCCFFPP", {}, {"concealed": 2, "seven_pairs": 2, "all_honours": 3},
                 id="清风 with 七对: both count (the source excludes neither)"),
]


@pytest.mark.parametrize(("hand", "situation", "expected"), DECISIONS)
def test_the_decisions_on_what_the_source_leaves_open(hand: str, situation: dict[str, Any],
                                                      expected: dict[str, int]) -> None:
    assert fans(hand, **situation) == expected


def test_a_fan_carries_the_tiles_that_make_it() -> None:
    got = answer({"hand": "[EEE1]123s789s46m11p5m", **TSUMO_E})
    assert got["fans"] == [{"id": "catch_five", "zh": "捉五", "en": "Catch the five (4-6 characters on 5)",
                            "value": 5, "tiles": ["4m", "5m", "6m"]}]


def test_the_best_reading_is_kept() -> None:
    # seven pairs (门清 2 + 青七对 5) beats 123m 123m 789m 789m 55m (门清 2 + 青一色 3)
    assert fans("1122335577889m9m", **TSUMO_E) == {"concealed": 2, "full_flush_seven_pairs": 5}


BASE = [
    pytest.param({"win": "tsumo", "seat": "E"}, {"E": 12, "S": -4, "W": -4, "N": -4},
                 id="基础分庄家自摸：每人-4 番，庄家+12 番"),
    pytest.param({"win": "tsumo", "seat": "W"}, {"E": -4, "S": -2, "W": 8, "N": -2},
                 id="闲家自摸：庄家-4番，其余二家-2 番，胡家+8番"),
    pytest.param({"win": "ron", "seat": "E", "discarder": "N"}, {"E": 8, "S": 0, "W": 0, "N": -8},
                 id="庄家点炮：放炮人-8 番，庄家+8番"),
    pytest.param({"win": "ron", "seat": "S", "discarder": "E"}, {"E": -6, "S": 6, "W": 0, "N": 0},
                 id="闲家点炮：庄家放炮-6 番，胡家+6番"),
    pytest.param({"win": "ron", "seat": "S", "discarder": "N"}, {"E": 0, "S": 5, "W": 0, "N": -5},
                 id="闲家放炮-5 番，胡家+5 番（只有放炮家输分）"),
    pytest.param({"win": "tsumo", "seat": "S", "dealer": "S"}, {"E": -4, "S": 12, "W": -4, "N": -4},
                 id="the dealer is whoever deals, not East: 庄家自摸"),
    pytest.param({"win": "ron", "seat": "E", "discarder": "W", "dealer": "W"}, {"E": 6, "S": 0, "W": -6, "N": 0},
                 id="the dealer is whoever deals: 庄家放炮-6"),
]


@pytest.mark.parametrize(("situation", "expected"), BASE)
def test_the_base_points_by_who_won_and_how(situation: dict[str, Any], expected: dict[str, int]) -> None:
    got = answer({"hand": "[EEE1]123m345p678s5m5m", **situation})  # no fan
    assert (got["fans"], got["deltas"], got["total"]) == ([], expected, max(expected.values()))


def test_the_fans_are_paid_by_each_payer_on_top_of_its_base_share() -> None:
    # 门清 2 + 捉五 5 = 7 fans; non-dealer W self-drawn: the dealer 4 + 7, the others 2 + 7
    got = answer({"hand": "123s789s46m11p555p5m", "win": "tsumo", "seat": "W"})
    assert [f["id"] for f in got["fans"]] == ["concealed", "catch_five"]
    assert (got["base"], got["total"]) == (8, 15)
    assert got["deltas"] == {"E": -11, "S": -9, "W": 29, "N": -9}
    on_discard = answer({"hand": "123s789s46m11p555p5m", "win": "ron", "seat": "W", "discarder": "E"})
    assert on_discard["deltas"] == {"E": -13, "S": 0, "W": 13, "N": 0}  # only the discarder: 6 + 7


def test_the_winners_kongs_are_read_from_the_hand_and_paid_at_the_end() -> None:
    # West wins; concealed kong of 1m (2 from each), melded kong of 8p from 上家 South (3 from South),
    # added kong of white dragons (1 from each)
    got = answer({"hand": "[1111m][8888p1][PPPP5]23s11p4s", "win": "tsumo", "seat": "W"})
    assert got["kong_deltas"] == {"E": -3, "S": -6, "W": 12, "N": -3}
    assert got["deltas"] == {"E": -4 - 3, "S": -2 - 6, "W": 8 + 12, "N": -2 - 3}


@pytest.mark.parametrize(("offer", "source"), [(1, "N"), (2, "W"), (3, "S")])
def test_a_melded_kongs_offer_digit_names_its_discarder(offer: int, source: str) -> None:
    got = answer({"hand": f"[8888p{offer}]234m567p789s5m5m", "win": "tsumo", "seat": "E"})
    assert got["kong_deltas"] == {w: 3 if w == "E" else -3 if w == source else 0 for w in "ESWN"}


def test_the_other_players_kongs_are_given_in_the_input() -> None:
    """放杠 3 from the discarder; 明杠 (added) 1, 暗杠 2 from each other player; 多个杠可累计."""
    got = answer({"hand": "[EEE1]123m345p678s5m5m", "win": "ron", "seat": "E", "discarder": "S",
                  "kongs": [{"seat": "S", "kind": "melded", "from": "N"}, {"seat": "W", "kind": "added"},
                            {"seat": "N", "kind": "concealed"}, {"seat": "N", "kind": "concealed"}]})
    assert got["kong_deltas"] == {"E": -1 - 2 - 2, "S": 3 - 1 - 2 - 2, "W": 3 - 2 - 2, "N": -3 - 1 + 12}
    assert got["deltas"] == {"E": 8 - 5, "S": -8 - 2, "W": -1, "N": 8}
    assert sum(got["deltas"].values()) == 0


def test_a_drawn_hand_pays_no_kong() -> None:
    """荒庄时，不计杠分 (and 荒庄…本局所有杠分无效)."""
    kongs = (Kong("S", KongKind.CONCEALED), Kong("W", KongKind.MELDED, "E"))
    assert hand_deltas(None, 0, kongs) == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert hand_deltas(WinSeats("N"), 0, kongs) == {"E": -4 - 2 - 3, "S": -2 + 6, "W": -2 - 2 + 3, "N": 8 - 2}


@pytest.mark.parametrize(("dealer", "winners", "expected"), [
    pytest.param("E", ("E",), "E", id="庄家胡牌，则庄家继续做庄"),
    pytest.param("E", ("W",), "S", id="闲家胡牌，则庄家的下一家坐庄"),
    pytest.param("N", ("E",), "E", id="按东南西北轮流做庄: after North, East"),
    pytest.param("S", (), "S", id="荒庄，则庄家继续坐庄"),
    pytest.param("W", ("N", "W"), "W", id="一炮多响 with the dealer among the winners: the dealer stays"),
    pytest.param("W", ("N", "S"), "N", id="一炮多响 without the dealer: the next deals"),
])
def test_the_next_dealer_follows_the_outcome(dealer: str, winners: tuple[str, ...], expected: str) -> None:
    assert next_dealer(dealer, winners) == expected


REFUSED = [
    pytest.param({"hand": "[123m1]456p789s234s5m5m"}, "invalid_hand", id="不能吃牌: a claimed chow"),
    pytest.param({"hand": "123m456p789s5m5m13p9p"}, "not_winning_hand", id="not a winning shape"),
    pytest.param({"hand": "123m456p789s5m5m13p"}, "tile_count", id="13 tiles: a waiting hand"),
    pytest.param({"hand": "11111m456p789s5m9p9p"}, "too_many_copies", id="five copies"),
    pytest.param({"hand": "123m456m789p234s5p5p", "chankan": True}, "situation", id="robbing a kong self-drawn"),
    pytest.param({"hand": "123m456m789p234s5p5p", "rinshan": True}, "situation", id="a replacement tile with no kong"),
    pytest.param({"hand": "123m456m789p234s5p5p", "win": "ron", "discarder": "S", "haitei": True}, "situation",
                 id="海底捞月 on a discard"),
    pytest.param({"hand": "123m456m789p234s5p5p", "win": "ron"}, "invalid_input", id="a discard with no discarder"),
    pytest.param({"hand": "123m456m789p234s5p5p", "kongs": [{"seat": "E", "kind": "added"}]}, "invalid_input",
                 id="the winner's kongs are in the hand"),
    pytest.param({"hand": "123m456m789p234s5p5p", "kongs": [{"seat": "S", "kind": "melded"}]}, "invalid_input",
                 id="a melded kong needs from"),
    pytest.param({"hand": 5}, "invalid_input", id="hand not text"),
]


@pytest.mark.parametrize(("request_", "code"), REFUSED)
def test_a_hand_that_may_not_win_so_is_refused_with_a_code(request_: dict[str, Any], code: str) -> None:
    got = answer(request_)
    assert got["valid"] is False and got["error"]["code"] == code, got
    assert got["error"]["message"] and "\n" not in got["error"]["message"]


def test_the_problems_are_the_catalogues_english() -> None:
    from scoring.hebei.hand import PROBLEMS
    from texts.hands import HAND_PROBLEMS

    assert {r: HAND_PROBLEMS.get(r) for r in PROBLEMS} == PROBLEMS


def test_hebei_is_registered_on_the_seam() -> None:
    hebei = system("hebei")
    assert (hebei.family, hebei.profile, hebei.shape, hebei.tiles.count, hebei.tiles.flowers) == (
        "hebei", "hebei", "game", 136, 0)
    assert hebei.score_json({"hand": "[EEE1]123m345p678s5m5m"})["total"] == 12
    assert hebei.rules_problem({}) is None and hebei.rules_problem({"horses": 2}) is not None
    results = hebei.session_result((30, 30, -20, -40), (0, 0, 0, 0), (), {})
    assert [(r.raw, r.place, r.score) for r in results] == [
        (Fraction(30), 1, Fraction(3)), (Fraction(30), 1, Fraction(3)), (Fraction(-20), 3, Fraction(1)),
        (Fraction(-40), 4, Fraction(0))]
