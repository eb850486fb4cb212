"""Guangdong 推倒胡's hand types, exclusions, doublings and jokers, each from its line of source 003
(shared/rules/sources/003_aac00ff8d18d197b.txt, "广东麻将规则说明"), quoted in the test's id; the decided
points are docs/rule-systems.md "Guangdong 推倒胡"."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.guangdong.hands import Situation, best_reading, joker_of
from scoring.guangdong.score import answer
from scoring.model import Hand
from scoring.tiles import tile


def scored(hand: str, **situation: Any) -> dict[str, Any]:
    got = answer({"hand": hand, "win": "tsumo", **situation})
    assert got["valid"] is True, got
    return got


def fans(got: dict[str, Any]) -> dict[str, int]:
    return {f["id"]: f["value"] for f in got["fans"]}


# (source line, hand, situation, the hand types with their values); no joker in play unless given
HAND_TYPES = [
    ("【鸡胡】2倍，由四个刻子或顺子加对子组成的胡牌", "123m456m789p123sEE", {}, {"chicken": 2}),
    ("当杠上开花…时，鸡胡为8倍", "[1111m]456m789p123sEE", {"rinshan": True}, {"kong_flower": 8}),
    ("当…抢杠胡…时，鸡胡为8倍", "123m456m789pEE123s", {"win": "ron", "chankan": True}, {"robbing_kong": 8}),
    ("当…海底捞月时，鸡胡为8倍", "123m456m789p123sEE", {"haitei": True}, {"last_tile": 8}),
    ("【碰碰胡】8倍，由四个刻子（或者杠牌）和将牌组成的胡牌", "[1111m]222m333pCCCFF", {}, {"all_pungs": 8}),
    ("【混一色】8倍，由万筒条中某一门花色和字牌组成的胡牌", "123m456m789mEEECC", {}, {"half_flush": 8}),
    ("【抢杠胡】8倍，胡其他人补杠的那张牌，为抢杠胡", "111m222m333pCCC2sF",  # a joker 2s pairs the robbed F
     {"win": "ron", "chankan": True, "joker": "1s"}, {"all_pungs": 8, "robbing_kong": 8}),
    ("【杠上开花】8倍，杠牌后，补张自摸胡牌", "[1111m]222m333pCCCFF", {"rinshan": True},
     {"all_pungs": 8, "kong_flower": 8}),
    ("【杠上炮】8倍，杠牌后，打出的牌造成其他玩家点炮胡牌", "111m222m333pCCCFF", {"win": "ron", "kong_discard": True},
     {"all_pungs": 8, "kong_discard": 8}),
    ("【海底捞月】8倍，摸到牌墙中的最后一张牌胡牌", "111m222m333pCCCFF", {"haitei": True},
     {"all_pungs": 8, "last_tile": 8}),
    ("【清一色】16倍，全部由万筒条中的某一花色组成的胡牌", "123m456m789m123m99m", {}, {"full_flush": 16}),
    ("【七对】16倍，由七个对子组成的胡牌", "1133m5577p22sEEFF", {}, {"seven_pairs": 16}),
    ("【豪华七对】32倍，由七个对子组成的胡牌，且其中有一组四张牌点数一样的牌", "1111m5577p22sEEFF", {},
     {"luxury_seven_pairs": 32}),
    ("【混幺九】32倍，全部由1、9序数牌+字牌组成", "1199m1199sEESSCC", {}, {"mixed_terminals": 32, "seven_pairs": 16}),
    ("【小三元】48倍，…中、发、白，其中2个花色为刻子，另1个花色为对子", "123m456pCCCFFFPP", {},
     {"little_three_dragons": 48}),
    ("【小四喜】48倍，…东、南、西、北中3个花色为刻子，另1个花色为对子", "123pEEESSSWWWNN", {},
     {"little_four_winds": 48, "half_flush": 8}),
    ("【字一色】64倍，全部由字牌的刻子、对子组成的胡牌", "EEESSSWWWCCCFF", {}, {"all_honours": 64}),
    ("【清幺九】64倍，全部由1、9序数牌组成的碰碰胡", "111m999m111p999p11s", {}, {"pure_terminals": 64}),
    ("【天胡】64倍，庄家在发完手牌后，立即胡牌", "123m456m789p123sEE", {"seat": "E", "tenhou": True},
     {"heavenly": 64}),
    ("【地胡】64倍，非庄家在第一轮摸牌就胡牌", "123m456m789p123sEE", {"seat": "S", "chiihou": True},
     {"earthly": 64}),
    ("【十三幺】88倍，有万筒条中的1、9序数牌及东南西北中发白七张字牌，加其中任意一张重复牌", "19m19s19pESWNCFPP", {},
     {"thirteen_orphans": 88}),
    ("【大三元】88倍，包含中、发、白3副刻子的胡牌", "123m55pCCCFFFPPP", {}, {"big_three_dragons": 88}),
    ("【大四喜】88倍，包含东、南、西、北4副刻子的胡牌", "EEESSSWWWNNNCC", {},
     {"big_four_winds": 88, "all_honours": 64}),
]


@pytest.mark.parametrize(("hand", "situation", "expected"), [h[1:] for h in HAND_TYPES],
                         ids=[h[0] for h in HAND_TYPES])
def test_hand_type_of_the_source(hand: str, situation: dict[str, Any], expected: dict[str, int]) -> None:
    got = scored(hand, **situation)
    assert fans(got) == expected
    assert got["points"] == sum(expected.values())


# (source line or decision, hand, a type that is there, the type it leaves out)
EXCLUSIONS = [
    ("【混幺九】…不计碰碰胡", "111m999pEEESSSCC", "mixed_terminals", "all_pungs"),
    ("【字一色】…不计碰碰胡", "EEESSSWWWCCCFF", "all_honours", "all_pungs"),
    ("【清幺九】…不计碰碰胡", "111m999m111p999p11s", "pure_terminals", "all_pungs"),
    ("【清幺九】…不计…混幺九", "111m999m111p999p11s", "pure_terminals", "mixed_terminals"),
    ("【大四喜】…不计碰碰胡", "EEESSSWWWNNN55m", "big_four_winds", "all_pungs"),
    ("decided: 大四喜 holds 小四喜", "EEESSSWWWNNN55m", "big_four_winds", "little_four_winds"),
    ("decided: 大三元 holds 小三元", "123m55pCCCFFFPPP", "big_three_dragons", "little_three_dragons"),
    ("decided: 豪华七对 holds 七对 (source: 不计1根; this system has no 根)", "1111m5577p22sEEFF",
     "luxury_seven_pairs", "seven_pairs"),
    ("decided: 十三幺 holds 混幺九", "19m19s19pESWNCFPP", "thirteen_orphans", "mixed_terminals"),
    ("鸡胡 is a hand of no other type", "[1111m]222m333pCCCFF", "all_pungs", "chicken"),
]


@pytest.mark.parametrize(("hand", "kept", "left_out"), [e[1:] for e in EXCLUSIONS], ids=[e[0] for e in EXCLUSIONS])
def test_exclusion(hand: str, kept: str, left_out: str) -> None:
    got = fans(scored(hand))
    assert kept in got and left_out not in got


def test_big_three_dragons_keeps_all_pungs_the_source_excluding_it_only_for_big_four_winds() -> None:
    assert fans(scored("111m55pCCCFFFPPP")) == {"big_three_dragons": 88, "all_pungs": 8}


def test_big_four_winds_with_a_suited_pair_is_also_a_half_flush() -> None:
    assert fans(scored("EEESSSWWWNNN55m")) == {"big_four_winds": 88, "half_flush": 8}


# ----------------------------------------------------------------------------------------- doublings

def test_self_drawn_doubles_and_a_discard_win_does_not() -> None:
    """Source: "【自摸】2倍"."""
    assert scored("111m222m333pCCCFF")["total"] == 16
    ron = scored("111m222m333pCCCFF", win="ron")
    assert (ron["total"], ron["doublings"]) == (8, [])


def test_no_joker_in_the_hand_doubles() -> None:
    """Source: "【硬胡】2倍，胡牌时，手牌中没有赖子牌"; the joker here is 2s (indicator 1s)."""
    got = scored("111m222m333pCCCFF", joker="1s")
    assert [d["id"] for d in got["doublings"]] == ["self_drawn", "no_joker"]
    assert (got["points"], got["total"]) == (8, 32)


def test_a_joker_in_the_hand_even_read_as_itself_is_not_a_win_without_joker() -> None:
    got = scored("111m222m333pCCC2s2s", joker="1s")  # two 2s jokers: the pair, read as 2s 2s
    assert got["jokers"] == ["2s", "2s"]
    assert [d["id"] for d in got["doublings"]] == ["self_drawn"]


def test_without_jokers_in_play_no_hand_is_doubled_for_having_none() -> None:
    assert [d["id"] for d in scored("111m222m333pCCCFF", joker=None)["doublings"]] == ["self_drawn"]


# ---------------------------------------------------------------------------------------------- jokers

@pytest.mark.parametrize(("indicator", "joker"), [("5p", "6p"), ("9m", "1m"), ("9s", "1s"), ("E", "S"), ("N", "E"),
                                                  ("C", "F"), ("F", "P"), ("P", "C")])
def test_the_joker_is_the_indicator_plus_one(indicator: str, joker: str) -> None:
    """Source: "翻出牌墙中的第一张牌，这张牌点数+1即为本局赖子牌" (9 back to 1; winds and dragons in their order)."""
    assert joker_of(tile(indicator)) == tile(joker)


def test_the_jokers_are_read_as_the_tiles_that_give_the_most() -> None:
    """Source: "赖子牌即为万能牌，可以做其他任意点数的牌": 556p + two jokers could be 567p + 55p (a chicken
    hand) or 555p + 66p (all pungs, more)."""
    got = scored("111m222mCCC556p2s2s", joker="1s")
    assert fans(got) == {"all_pungs": 8}
    assert got["jokers"] == ["5p", "6p"]
    assert got["reading"] == ["1m1m1m", "2m2m2m", "5p5p5p", "CCC", "6p6p"]


def test_jokers_may_stand_in_thirteen_orphans() -> None:
    """Decided (docs/rule-systems.md): the source's joker is wild for any tile, thirteen orphans included."""
    got = scored("19m19s1pESWNCFPP2s", joker="1s")
    assert fans(got) == {"thirteen_orphans": 88}
    assert got["jokers"] == ["9p"]


def test_jokers_may_also_be_read_as_honours_for_a_larger_hand() -> None:
    got = scored("222s222m333pCCCFF", joker="1s")  # three 2s jokers: FPP makes 小三元 beside the pungs
    assert fans(got) == {"all_pungs": 8, "little_three_dragons": 48}
    assert got["jokers"] == ["F", "P", "P"]


def test_a_joker_is_never_won_on_a_discard() -> None:
    """Source: "赖子牌不能打出"."""
    got = answer({"hand": "111m222m333pCCCF2s", "win": "ron", "joker": "1s"})
    assert got["valid"] is False and got["error"]["code"] == "situation"


# --------------------------------------------------------------------------------- who may win how

@pytest.mark.parametrize("how", [{"win": "ron"}, {"win": "ron", "kong_discard": True}])
def test_a_chicken_hand_may_not_win_on_a_discard(how: dict[str, Any]) -> None:
    """Source: "鸡只能自摸、抢杠胡、不能点炮胡" (杠上炮 is a discard too)."""
    got = answer({"hand": "123m456m789p123sEE", **how})
    assert got["valid"] is False
    assert got["error"]["code"] == "situation" and "鸡胡" in got["error"]["message"]


def test_no_chow_may_be_claimed() -> None:
    """Source: "可以碰、杠，不可以吃"."""
    got = answer({"hand": "[123m]456m789p123sEE", "win": "tsumo"})
    assert got["valid"] is False and got["error"]["code"] == "situation"


@pytest.mark.parametrize(("situation", "code"), [
    ({"win": "tsumo", "chankan": True}, "situation"),
    ({"win": "ron", "rinshan": True}, "situation"),
    ({"win": "ron", "chankan": True, "kong_discard": True}, "situation"),
    ({"win": "tsumo", "seat": "S", "tenhou": True}, "situation"),
    ({"win": "ron", "seat": "S"}, "situation"),
    ({"win": "ron", "seat": "S", "discarder": "S"}, "situation"),
    ({"win": "tsumo", "rinshan": True}, "situation"),  # no kong among the melds
    ({"win": "ron", "chankan": True, "hand": "111m222m333pCCCF1m"}, "situation"),  # 1m held: cannot be robbed
    ({"win": "maybe"}, "invalid_input"),
    ({"joker": "0m"}, "invalid_input"),
    ({"base": 0}, "invalid_input"),
    ({"horses": {"E": ["1m", "2m", "3m"]}, "seat": "E"}, "invalid_input"),
])
def test_a_contradictory_or_malformed_request_is_refused_in_one_line(situation: dict[str, Any], code: str) -> None:
    got = answer({"hand": "111m222m333pCCCFF", **situation})
    assert got["valid"] is False and got["error"]["code"] == code, got
    assert "\n" not in got["error"]["message"]


def test_a_hand_that_does_not_win_is_said_so() -> None:
    got = answer({"hand": "123m456m789p124sEE", "win": "tsumo"})
    assert got == {"valid": False, "error": {"code": "not_winning_hand", "message": got["error"]["message"]}}


def _random_hand_with_jokers(rng: random.Random) -> tuple[Hand, int]:
    """A random winning hand (four sets and a pair, or seven pairs) with 1–3 of its tiles made jokers."""
    kinds = rng.sample(range(34), 3) + rng.sample(range(27, 34), 2)
    tiles: list[int] = []
    if rng.random() < 0.2:
        for t in rng.sample(range(34), 7):
            tiles += [t, t]
    else:
        for _ in range(4):
            t = rng.choice(kinds)
            chow = t < 27 and t % 9 < 7 and rng.random() < 0.5
            tiles += [t, t + 1, t + 2] if chow else [t] * 3
        p = rng.choice(kinds)
        tiles += [p, p]
    joker = rng.choice([t for t in range(34) if tiles.count(t) == 0])
    for i in rng.sample(range(14), rng.randint(1, 3)):
        tiles[i] = joker
    if any(tiles.count(t) > 4 for t in tiles):
        return _random_hand_with_jokers(rng)
    return Hand((), tuple(sorted(tiles[:13])), tiles[13]), joker


def test_the_jokers_best_reading_skips_no_tile_worth_trying() -> None:
    """The engine reads a joker only as the tiles of the hand's suits, the honours and the terminals: on
    random hands it finds the same value as trying every tile."""
    rng = random.Random(33)
    for _ in range(25):
        hand, joker = _random_hand_with_jokers(rng)
        pruned = best_reading(hand, joker, Situation())
        full = best_reading(hand, joker, Situation(), prune=False)
        assert (pruned and pruned.points) == (full and full.points), hand
        # of equal readings, as many jokers taken at face value (the tie-break)
        assert (pruned and pruned.jokers.count(joker)) == (full and full.jokers.count(joker)), hand
