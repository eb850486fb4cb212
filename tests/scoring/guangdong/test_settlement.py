"""Guangdong 推倒胡's settlement of one hand into the four winds' changes: the win, kongs and horses (source
003: "杠牌直接输赢", "买马"), each expected value worked out by hand from the rules, not from the engine.
Who pays a discard win and the cap are decided in docs/rule-systems.md. Also the rule system's adapter."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from scoring.guangdong.score import answer
from scoring.guangdong.settle import horse_offset
from scoring.systems import system
from scoring.tiles import tile

ALL_PUNGS = "111m222m333pCCCFF"  # 碰碰胡 8, no joker in play: self-drawn 16, on a discard 8


def deltas(**request: Any) -> dict[str, int]:
    got = answer({"hand": ALL_PUNGS, **request})
    assert got["valid"] is True, got
    return got["deltas"]


def test_self_drawn_each_other_player_pays_the_total_times_the_base() -> None:
    """"番型计算公式=（番型1+番型2+...）X翻倍X底分": 8 × 2 (自摸) × base 3 = 48 from each."""
    assert deltas(win="tsumo", seat="S", base=3) == {"E": -48, "S": 144, "W": -48, "N": -48}


def test_a_discard_win_is_paid_by_the_discarder_alone() -> None:
    """Decided: the discarder pays the total × base; the others pay nothing."""
    assert deltas(win="ron", seat="S", discarder="N", base=2) == {"E": 0, "S": 16, "W": 0, "N": -16}


def test_robbing_a_kong_is_paid_by_the_robbed_player_as_a_discarder() -> None:
    got = answer({"hand": "123m456m789pEE123s", "win": "ron", "seat": "W", "discarder": "E", "chankan": True})
    assert got["deltas"] == {"E": -8, "S": 0, "W": 8, "N": 0}  # a chicken hand robbing a kong: 8


def test_no_deltas_without_the_seats() -> None:
    assert "deltas" not in answer({"hand": ALL_PUNGS, "win": "tsumo"})


@pytest.mark.parametrize(("kong", "expected"), [
    ({"kind": "melded", "by": "E", "discarder": "W"}, {"E": 6, "S": 0, "W": -6, "N": 0}),  # 点杠 3 × base
    ({"kind": "added", "by": "E"}, {"E": 6, "S": -2, "W": -2, "N": -2}),  # 补杠 1 × base from each
    ({"kind": "concealed", "by": "N"}, {"E": -4, "S": -4, "W": -4, "N": 12}),  # 暗杠 2 × base from each
], ids=["点杠，收取放杠者3倍低分", "补杠，收取其他玩家1倍低分", "暗杠，收取其他玩家2倍低分"])
def test_kongs_are_paid_at_once_in_bases(kong: dict[str, Any], expected: dict[str, int]) -> None:
    win = {"E": 0, "S": 16, "W": -16, "N": 0}  # S wins 8 × base 2 on W's discard
    got = deltas(win="ron", seat="S", discarder="W", base=2, kongs=[kong])
    assert got == {w: win[w] + expected[w] for w in win}


@pytest.mark.parametrize(("horse", "offset"), [("1m", 0), ("5p", 0), ("9s", 0), ("E", 0), ("2m", 1), ("6s", 1),
                                               ("S", 1), ("C", 1), ("3p", 2), ("7m", 2), ("W", 2), ("F", 2),
                                               ("4s", 3), ("8p", 3), ("N", 3), ("P", 3)])
def test_a_horse_lands_where_the_source_counts_it(horse: str, offset: int) -> None:
    """"赢家筒条万1、5、9 东风 下家筒条万2、6、南风、红中 对家筒条万3、7、西风、发财 上家筒条万4、8、北风、白板"."""
    assert horse_offset(tile(horse)) == offset


def test_horses_count_from_the_winner_and_win_or_lose_one_share_with_the_player_hit() -> None:
    """S self-drawn, 16 from each. E's 1m hits S (the winner): E wins 16 from W and from N (and from himself,
    nothing). W's C hits W (下家 of S), a loser: W pays S 16 more. N's 4p hits E (上家 of S): N pays S what E
    paid, 16. "杠牌不计入马牌": the concealed kong of E (2 from each) is paid once."""
    got = deltas(win="tsumo", seat="S", horses={"E": ["1m"], "W": ["C"], "N": ["4p"]},
                 kongs=[{"kind": "concealed", "by": "E"}])
    base = {"E": -16 + 32, "S": 48 + 16 + 16, "W": -16 - 16 - 16, "N": -16 - 16 - 16}
    kong = {"E": 6, "S": -2, "W": -2, "N": -2}
    assert got == {w: base[w] + kong[w] for w in base}


def test_a_horse_on_a_player_who_neither_won_nor_paid_counts_nothing() -> None:
    """On W's discard S wins 8; E's 3m lands on N (opposite S), who paid nothing."""
    assert deltas(win="ron", seat="S", discarder="W", horses={"E": ["3m"]}) == {"E": 0, "S": 8, "W": -8, "N": 0}


def test_with_several_winners_on_one_discard_horses_count_from_the_discarder() -> None:
    """"一炮多响时，从放炮者开始": W discards, S is one of the winners. W's own horse 1m hits W (the
    discarder): W pays S 8 more. Counted from S it would hit S and win W a share from himself: nothing."""
    several = deltas(win="ron", seat="S", discarder="W", multiple_winners=True, horses={"W": ["1m"], "E": ["2p"]})
    # E's 2p: from W, the next player is N, who neither won nor paid here
    assert several == {"E": 0, "S": 16, "W": -16, "N": 0}
    alone = deltas(win="ron", seat="S", discarder="W", horses={"W": ["1m"], "E": ["2p"]})
    # from S: W's 1m hits S (W wins 8 from W: nothing); E's 2p hits W, the discarder: E pays S 8
    assert alone == {"E": -8, "S": 16, "W": -8, "N": 0}


def test_the_cap_bounds_a_hands_total() -> None:
    """Decided: no cap unless the organiser sets one; it bounds the total (sum × doublings) before the base."""
    got = answer({"hand": "19m19s19pESWNCFPP", "win": "tsumo", "seat": "E", "cap": 100, "base": 2})
    assert (got["points"], got["total"]) == (88, 100)
    assert got["deltas"] == {"E": 600, "S": -200, "W": -200, "N": -200}


# ------------------------------------------------------------------------------------- the adapter

def test_the_system_is_registered_with_its_tiles_and_shape() -> None:
    gd = system("guangdong-tuidaohu")
    assert (gd.family, gd.profile, gd.shape) == ("guangdong", "guangdong-tuidaohu", "game")
    assert (gd.tiles.count, gd.tiles.honours, gd.tiles.flowers) == (136, True, 0)
    assert gd.score_json({"hand": ALL_PUNGS})["total"] == 16


@pytest.mark.parametrize(("rules", "problem"), [
    ({}, None), ({"base": 5, "cap": None, "horses": 2}, None), ({"cap": 256, "horses": 1}, None),
    ({"base": 0}, "base"), ({"base": 10**7}, "base"), ({"cap": 10**7}, "cap"), ({"cap": "none"}, "cap"), ({"horses": 3}, "horses"), ({"table_points": 1}, "table_points"),
])
def test_the_organisers_values_are_checked(rules: dict[str, Any], problem: str | None) -> None:
    got = system("guangdong-tuidaohu").rules_problem(rules)
    assert got is None if problem is None else got is not None and got.startswith(problem)


def test_the_session_result_is_mcrs_table_points_by_the_session_score() -> None:
    """Issue 33: source 003 gives no session result; the score is the raw value, tied players share."""
    got = system("guangdong-tuidaohu").session_result((40, -8, -16, -16), (0, 0, 0, 0), (), {})
    assert [r.score for r in got] == [4, 2, Fraction(1, 2), Fraction(1, 2)]
    assert [r.raw for r in got] == [40, -8, -16, -16] and [r.place for r in got] == [1, 2, 3, 3]
