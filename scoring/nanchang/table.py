"""Nanchang's 算子 table as source 003 gives it, one row per hand type, and the payments of one win.

Each row holds the source's cells as written (a payment per payer, the winner taking their sum):

- ``self_drawn``: a non-dealer self-drawn (自摸), (each other non-dealer, the dealer);
- ``dealer_self_drawn``: the dealer self-drawn (庄家自摸), each;
- ``from_non_dealer``: a non-dealer wins on a non-dealer's discard (捉闲放炮), (the discarder, the dealer,
  the other non-dealer);
- ``from_dealer``: a non-dealer wins on the dealer's discard (捉庄放炮), (the dealer, each other non-dealer).

The source gives no cell for the dealer winning on a discard; ``dealer_on_discard`` derives it from the
row's own cells (docs/rule-systems.md "Nanchang").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.win_seats import WINDS, WinSeats


class HandType(StrEnum):
    PING_HU = "ping_hu"  # 平胡
    DE_GUO = "de_guo"  # 德国
    XIAO_QI_DUI = "xiao_qi_dui"  # 小七对
    DA_QI_DUI = "da_qi_dui"  # 大七对
    DE_GUO_QI_XING = "de_guo_qi_xing"  # 德国小七对, also called 德国七星
    DE_GUO_DA_QI_DUI = "de_guo_da_qi_dui"  # 德国大七对 (同上: as 德国七星)
    LAN = "lan"  # 烂
    DE_GUO_SHI_SAN_LAN = "de_guo_shi_san_lan"  # 德国十三烂


@dataclass(frozen=True, slots=True)
class Row:
    zh: str
    en: str
    self_drawn: tuple[int, int]  # (each other non-dealer, the dealer)
    dealer_self_drawn: int  # each
    from_non_dealer: tuple[int, int, int]  # (the discarder, the dealer, the other non-dealer)
    from_dealer: tuple[int, int]  # (the dealer, each other non-dealer)

    @property
    def dealer_on_discard(self) -> tuple[int, int]:
        """(the discarder, each other player) when the dealer wins on a discard: the source has no cell.
        Each payer pays what the row asks of a payer in the same place: the discarder pays as a discarder
        paying a dealer does (``from_dealer``'s dealer, which is also ``dealer_self_drawn``), the others as
        a non-discarder facing the dealer (``from_non_dealer``'s dealer)."""
        return self.from_dealer[0], self.from_non_dealer[1]


TABLE: dict[HandType, Row] = {
    HandType.PING_HU: Row("平胡", "Ping hu (plain hand)", (2, 4), 4, (2, 2, 1), (4, 1)),
    HandType.DE_GUO: Row("德国", "De guo", (9, 13), 13, (9, 4, 2), (13, 2)),
    HandType.XIAO_QI_DUI: Row("小七对", "Xiao qi dui (small seven pairs)", (4, 8), 8, (4, 4, 2), (8, 2)),
    HandType.DA_QI_DUI: Row("大七对", "Da qi dui (big seven pairs)", (8, 16), 16, (8, 8, 4), (16, 4)),
    HandType.DE_GUO_QI_XING: Row("德国七星", "De guo qi xing (de guo small seven pairs)", (21, 37), 37,
                                 (21, 16, 8), (37, 8)),
    HandType.DE_GUO_DA_QI_DUI: Row("德国大七对", "De guo da qi dui (de guo big seven pairs)", (21, 37), 37,
                                   (21, 16, 8), (37, 8)),
    HandType.LAN: Row("烂", "Lan (loose tiles)", (4, 8), 8, (4, 4, 2), (8, 2)),
    HandType.DE_GUO_SHI_SAN_LAN: Row("德国十三烂", "De guo shi san lan (de guo thirteen loose tiles)", (13, 21),
                                     21, (13, 8, 4), (21, 4)),
}


def payments(row: Row, seats: WinSeats) -> dict[str, int]:
    """What each payer pays the winner."""
    others = seats.others()
    if seats.self_drawn:
        if seats.winner_deals:
            return {w: row.dealer_self_drawn for w in others}
        each, dealer = row.self_drawn
        return {w: dealer if w == seats.dealer else each for w in others}
    if seats.winner_deals:
        discarder, each = row.dealer_on_discard
    elif seats.discarder == seats.dealer:
        discarder, each = row.from_dealer
    else:
        discarder, dealer, other = row.from_non_dealer
        return {w: discarder if w == seats.discarder else dealer if w == seats.dealer else other for w in others}
    return {w: discarder if w == seats.discarder else each for w in others}


def deltas(hand_type: HandType, winner_deals: bool, self_drawn: bool, discarder_deals: bool) -> dict[str, int]:
    """The four seats' changes, the winner at "E" when it deals, else at "S" (the dealer "E"); the discarder
    is the dealer or the seat after the winner. The pure form of the table (``payments`` for real seats).

    >>> deltas(HandType.PING_HU, False, True, False)
    {'E': -4, 'S': 8, 'W': -2, 'N': -2}
    """
    seat = "E" if winner_deals else "S"
    discarder = None if self_drawn else ("E" if discarder_deals else WINDS[(WINDS.index(seat) + 1) % 4])
    if discarder_deals and (self_drawn or winner_deals):
        raise ValueError("the discarder deals only on a discard to a non-dealer")
    seats = WinSeats(seat=seat, dealer="E", discarder=discarder)
    return changes(TABLE[hand_type], seats)


def changes(row: Row, seats: WinSeats) -> dict[str, int]:
    """The four winds' changes of one win."""
    pay = payments(row, seats)
    return {w: sum(pay.values()) if w == seats.seat else -pay.get(w, 0) for w in WINDS}
