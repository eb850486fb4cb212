"""Hebei's payments: the base by who won and how, the fans per payer, and the kongs at the end of the hand.

Source 003 ("番数计算" and "杠分计算"); the open points are decided in docs/rule-systems.md "Hebei".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.win_seats import WINDS, WinSeats

Deltas = dict[str, int]


def base_shares(seats: WinSeats) -> dict[str, int]:
    """What each payer pays as the base (the winner's base is their sum):

    - 庄家自摸：每人-4 番，庄家+12 番
    - 闲家自摸：庄家-4番，其余二家-2 番，胡家+8番
    - 庄家点炮（the dealer wins on a discard）：放炮人-8 番，庄家+8番
    - 闲家点炮：庄家放炮-6 番，胡家+6番；闲家放炮-5 番，胡家+5 番
    """
    if seats.self_drawn:
        if seats.winner_deals:
            return {w: 4 for w in seats.others()}
        return {w: 4 if w == seats.dealer else 2 for w in seats.others()}
    assert seats.discarder is not None
    if seats.winner_deals:
        return {seats.discarder: 8}
    return {seats.discarder: 6 if seats.discarder == seats.dealer else 5}


def win_deltas(seats: WinSeats, fans: int) -> Deltas:
    """The win's changes: each payer pays its base share and the fans (per payer: docs/rule-systems.md);
    only the discarder pays on a discard win (点炮…只有放炮家输分)."""
    out = dict.fromkeys(WINDS, 0)
    for payer, share in base_shares(seats).items():
        out[payer] -= share + fans
        out[seats.seat] += share + fans
    return out


class KongKind(StrEnum):
    MELDED = "melded"  # 放杠: a discard made the kong; its discarder pays 3
    ADDED = "added"  # 明杠 on one's own pung (加杠): 1 from each other player (our decision)
    CONCEALED = "concealed"  # 暗杠: 2 from each other player


@dataclass(frozen=True, slots=True)
class Kong:
    seat: str
    kind: KongKind
    source: str | None = None  # the discarder of a melded kong


KONG_PAY = {KongKind.MELDED: 3, KongKind.ADDED: 1, KongKind.CONCEALED: 2}


def kong_deltas(kongs: tuple[Kong, ...]) -> Deltas:
    """The kongs' changes at the end of a won hand (多个杠可累计); a drawn hand pays none (荒庄时，不计杠分)."""
    out = dict.fromkeys(WINDS, 0)
    for kong in kongs:
        payers = (kong.source,) if kong.kind is KongKind.MELDED else tuple(w for w in WINDS if w != kong.seat)
        for payer in payers:
            assert payer is not None
            out[payer] -= KONG_PAY[kong.kind]
            out[kong.seat] += KONG_PAY[kong.kind]
    return out


def hand_deltas(seats: WinSeats | None, fans: int, kongs: tuple[Kong, ...]) -> Deltas:
    """A hand's changes at its end: the win's and the kongs'; a drawn hand (``seats`` None) pays nothing,
    its kongs included (荒庄，本局所有杠分无效)."""
    if seats is None:
        return dict.fromkeys(WINDS, 0)
    win, kong = win_deltas(seats, fans), kong_deltas(kongs)
    return {w: win[w] + kong[w] for w in WINDS}
