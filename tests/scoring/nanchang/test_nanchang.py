"""Nanchang's 算子 table (source 003, issue 33 item 4): every cell checked against the source's line.

The expected changes are written here from the quoted words, not from ``scoring.nanchang.table``: the
winner is South when a non-dealer wins and East when the dealer does; East deals; a non-dealer's discard
comes from West (the seat after the winner), so the third, "the other non-dealer", is North.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.nanchang.score import answer
from scoring.nanchang.table import HandType, deltas
from scoring.systems import system


def non_dealer_self_drawn(each: int, dealer: int) -> dict[str, int]:
    return {"E": -dealer, "S": 2 * each + dealer, "W": -each, "N": -each}


def dealer_self_drawn(each: int) -> dict[str, int]:
    return {"E": 3 * each, "S": -each, "W": -each, "N": -each}


def from_non_dealer(discarder: int, dealer: int, other: int) -> dict[str, int]:
    return {"E": -dealer, "S": discarder + dealer + other, "W": -discarder, "N": -other}


def from_dealer(dealer: int, each: int) -> dict[str, int]:
    return {"E": -dealer, "S": dealer + 2 * each, "W": -each, "N": -each}


# (hand type, winner deals, self-drawn, discarder deals), the source's words, its total, the changes
CELLS = [
    (HandType.PING_HU, "自摸闲家2个庄家4个2+2+4=8个", 8, False, True, False, non_dealer_self_drawn(2, 4)),
    (HandType.PING_HU, "庄家自摸每家4个4+4+4=12个", 12, True, True, False, dealer_self_drawn(4)),
    (HandType.PING_HU, "捉闲放炮的闲家2个庄家2个闲家1个2+2+1=5个", 5, False, False, False, from_non_dealer(2, 2, 1)),
    (HandType.PING_HU, "捉庄放炮的庄家4个闲家每家1个4+1+1=6个", 6, False, False, True, from_dealer(4, 1)),
    (HandType.DE_GUO, "自摸闲家每家9个庄家13个9+9+13=31个", 31, False, True, False, non_dealer_self_drawn(9, 13)),
    (HandType.DE_GUO, "庄家自摸每家13个13+13+13=39个", 39, True, True, False, dealer_self_drawn(13)),
    (HandType.DE_GUO, "捉闲放炮的闲家9个闲家2个庄家4个9+2+4=15个", 15, False, False, False, from_non_dealer(9, 4, 2)),
    (HandType.DE_GUO, "捉庄放炮的庄家13个闲家每家2个13+2+2=17个", 17, False, False, True, from_dealer(13, 2)),
    (HandType.XIAO_QI_DUI, "小7对：自摸闲家每家4个庄家8个4+4+8=16个", 16, False, True, False,
     non_dealer_self_drawn(4, 8)),
    (HandType.XIAO_QI_DUI, "庄家自摸每家8个8+8+8=24个", 24, True, True, False, dealer_self_drawn(8)),
    (HandType.XIAO_QI_DUI, "捉闲小7对放炮的闲家4个庄家4个闲家2个4+4+2=10个", 10, False, False, False,
     from_non_dealer(4, 4, 2)),
    (HandType.XIAO_QI_DUI, "捉庄小7对放炮的庄家8个闲家每家2个8+2+2=12个", 12, False, False, True, from_dealer(8, 2)),
    (HandType.DA_QI_DUI, "大7对：自摸闲家每家8个庄家16个8+8+16=32个", 32, False, True, False,
     non_dealer_self_drawn(8, 16)),
    (HandType.DA_QI_DUI, "庄家自摸每家16个 16+16+16=48", 48, True, True, False, dealer_self_drawn(16)),
    (HandType.DA_QI_DUI, "捉闲大7对放炮的闲家8个庄家8个闲家4个8+8+4=20个", 20, False, False, False,
     from_non_dealer(8, 8, 4)),
    (HandType.DA_QI_DUI, "捉庄大7对放炮的庄家16个闲家每家4个16+4+4=24个", 24, False, False, True, from_dealer(16, 4)),
    (HandType.DE_GUO_QI_XING, "德国小7对（也称为德国7星）： 自摸闲家每家21个庄家37个37+21+21=79个", 79, False, True, False,
     non_dealer_self_drawn(21, 37)),
    (HandType.DE_GUO_QI_XING, "庄家自摸闲家每家37个37+37+37=111", 111, True, True, False, dealer_self_drawn(37)),
    (HandType.DE_GUO_QI_XING, "捉闲放炮的闲家21个庄家16个闲家8个21+16+8=45个", 45, False, False, False,
     from_non_dealer(21, 16, 8)),
    (HandType.DE_GUO_QI_XING, "捉庄放炮得庄家37个闲家每家8个37+8+8=53个", 53, False, False, True, from_dealer(37, 8)),
    (HandType.DE_GUO_DA_QI_DUI, "（德国大7对同上）: 自摸 37+21+21=79个", 79, False, True, False,
     non_dealer_self_drawn(21, 37)),
    (HandType.DE_GUO_DA_QI_DUI, "（德国大7对同上）: 庄家自摸 37+37+37=111", 111, True, True, False, dealer_self_drawn(37)),
    (HandType.DE_GUO_DA_QI_DUI, "（德国大7对同上）: 捉闲 21+16+8=45个", 45, False, False, False, from_non_dealer(21, 16, 8)),
    (HandType.DE_GUO_DA_QI_DUI, "（德国大7对同上）: 捉庄 37+8+8=53个", 53, False, False, True, from_dealer(37, 8)),
    (HandType.LAN, "烂 自摸闲家每家4个庄家8个4+4+8=16", 16, False, True, False, non_dealer_self_drawn(4, 8)),
    (HandType.LAN, "庄家自摸每家8个8+8+8=24个", 24, True, True, False, dealer_self_drawn(8)),
    (HandType.LAN, "捉闲放炮得闲家4个庄家4个闲家2个4+4+2=10个", 10, False, False, False, from_non_dealer(4, 4, 2)),
    (HandType.LAN, "捉庄放炮得庄家8个闲家每家2个8+2+2=12个", 12, False, False, True, from_dealer(8, 2)),
    (HandType.DE_GUO_SHI_SAN_LAN, "德国13烂： 自摸闲家每家13个庄家21个13+13+21=47个", 47, False, True, False,
     non_dealer_self_drawn(13, 21)),
    (HandType.DE_GUO_SHI_SAN_LAN, "庄家自摸每家21个 21+21+21=63个", 63, True, True, False, dealer_self_drawn(21)),
    (HandType.DE_GUO_SHI_SAN_LAN, "捉闲放炮得闲家13个庄家8个闲家4个13+8+4=25个", 25, False, False, False,
     from_non_dealer(13, 8, 4)),
    (HandType.DE_GUO_SHI_SAN_LAN, "捉庄放炮得庄家21个闲家每家4个21+4+4=29个", 29, False, False, True,
     from_dealer(21, 4)),
]


@pytest.mark.parametrize(("hand_type", "words", "total", "winner_deals", "self_drawn", "discarder_deals",
                          "expected"), [pytest.param(*c, id=f"{c[0].value}: {c[1]}") for c in CELLS])
def test_every_cell_of_the_table_pays_as_the_source_says(hand_type: HandType, words: str, total: int,
                                                          winner_deals: bool, self_drawn: bool,
                                                          discarder_deals: bool, expected: dict[str, int]) -> None:
    assert max(expected.values()) == total  # the source's own sum
    assert deltas(hand_type, winner_deals, self_drawn, discarder_deals) == expected


def test_the_table_has_every_cell_of_every_hand_type() -> None:
    assert {(c[0], c[3], c[4], c[5]) for c in CELLS} == {
        (t, *case) for t in HandType for case in ((False, True, False), (True, True, False), (False, False, False),
                                                  (False, False, True))}


@pytest.mark.parametrize(("hand_type", "expected"), [
    (HandType.PING_HU, {"E": 8, "S": -4, "W": -2, "N": -2}),
    (HandType.DE_GUO, {"E": 21, "S": -13, "W": -4, "N": -4}),
    (HandType.DE_GUO_QI_XING, {"E": 69, "S": -37, "W": -16, "N": -16}),
])
def test_the_dealer_on_a_discard_a_cell_the_source_lacks_pays_as_each_payer_pays_in_its_place(
        hand_type: HandType, expected: dict[str, int]) -> None:
    """docs/rule-systems.md "Nanchang": the discarder pays what a discarder pays a dealer (捉庄放炮's dealer),
    the others what a non-discarder pays facing the dealer (捉闲放炮's dealer)."""
    assert deltas(hand_type, True, False, False) == expected


def test_the_json_answer_follows_the_seats_and_the_dealer() -> None:
    got = answer({"hand_type": "德国", "win": "ron", "seat": "N", "discarder": "S", "dealer": "S"})
    assert got == {"valid": True, "fans": [{"id": "de_guo", "zh": "德国", "en": "De guo", "value": 17, "tiles": []}],
                   "total": 17, "deltas": {"E": -2, "S": -13, "W": -2, "N": 17}}
    assert answer({"hand_type": "xiao_qi_dui", "win": "tsumo", "seat": "W", "dealer": "N"})["deltas"] == {
        "E": -4, "S": -4, "W": 16, "N": -8}


@pytest.mark.parametrize("request_", [{"hand_type": "七对"}, {"win": "tsumo"}, {"hand_type": "lan", "win": "ron"},
                                      {"hand_type": "lan", "seat": "X"}, []])
def test_a_bad_request_is_refused_with_one_line(request_: Any) -> None:
    got = answer(request_)
    assert got["valid"] is False and got["error"]["code"] == "invalid_input" and "\n" not in got["error"]["message"]


def test_nanchang_is_registered_on_the_seam() -> None:
    nanchang = system("nanchang")
    assert (nanchang.family, nanchang.shape, nanchang.tiles.count) == ("nanchang", "game", 136)
    assert nanchang.score_json({"hand_type": "ping_hu"})["deltas"] == {"E": 12, "S": -4, "W": -4, "N": -4}
