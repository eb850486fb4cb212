"""Who won, how, and who paid: the seats of one win in the Chinese points systems (Hebei, Nanchang).

The ``mcr-score --rules`` input of these systems is Riichi's (docs/scoring-cli.md): ``win`` "tsumo" or
"ron", ``seat`` the winner's wind, ``discarder`` the discarder's wind on a ron, plus ``dealer``, the wind of
the player dealing this hand (default East). The seats are fixed winds and the dealer moves round them
(source 003: 按东南西北轮流做庄), so, unlike Riichi, the dealer is not always East.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

WINDS = ("E", "S", "W", "N")


class InputError(Exception):
    """A request that is JSON but not a valid input object (answered with code ``invalid_input``)."""


@dataclass(frozen=True, slots=True)
class WinSeats:
    """One win's seats; ``discarder`` is None on a self-drawn win."""

    seat: str
    dealer: str = "E"
    discarder: str | None = None

    @property
    def self_drawn(self) -> bool:
        return self.discarder is None

    @property
    def winner_deals(self) -> bool:
        return self.seat == self.dealer

    def others(self) -> tuple[str, ...]:
        """The three other winds, in turn order after the winner."""
        i = WINDS.index(self.seat)
        return tuple(WINDS[(i + k) % 4] for k in (1, 2, 3))


def _wind(obj: dict[str, Any], name: str, default: str | None) -> str | None:
    value = obj.get(name, default)
    if value is not None and value not in WINDS:
        raise InputError(f'"{name}" must be "E", "S", "W" or "N", not {json.dumps(value)}')
    return value


def win_seats(obj: dict[str, Any]) -> WinSeats:
    """The seats of an input object; raises ``InputError`` for a missing or contradictory one."""
    win = obj.get("win", "tsumo")
    if win not in ("tsumo", "ron"):
        raise InputError(f'"win" must be "tsumo" or "ron", not {json.dumps(win)}')
    seat = _wind(obj, "seat", "E")
    dealer = _wind(obj, "dealer", "E")
    discarder = _wind(obj, "discarder", None)
    assert seat is not None and dealer is not None
    if win == "ron" and discarder is None:
        raise InputError('a win by discard ("win": "ron") needs "discarder", the discarder\'s wind')
    if win == "tsumo" and discarder is not None:
        raise InputError('a self-drawn win ("win": "tsumo") has no "discarder"')
    if discarder == seat:
        raise InputError(f'the winner ({seat}) cannot be the discarder')
    return WinSeats(seat=seat, dealer=dealer, discarder=discarder)


def next_dealer(dealer: str, winners: tuple[str, ...]) -> str:
    """The next hand's dealer (source 003: 庄家胡牌，则庄家继续做庄，闲家胡牌，则庄家的下一家坐庄。荒庄，则庄家
    继续坐庄). ``winners`` is empty on a drawn hand; with several winners on one discard the dealer stays when
    one of them is the dealer (docs/rule-systems.md).

    >>> next_dealer("E", ("E",)), next_dealer("E", ("W",)), next_dealer("N", ("S",)), next_dealer("S", ())
    ('E', 'S', 'E', 'S')
    """
    if not winners or dealer in winners:
        return dealer
    return WINDS[(WINDS.index(dealer) + 1) % 4]


def answer_error(code: str, message: str) -> dict[str, Any]:
    """The answer to a hand that may not win this way, or to a bad request."""
    return {"valid": False, "error": {"code": code, "message": message}}
