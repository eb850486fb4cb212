"""Fans of a whole four-sets-and-a-pair division: 碰碰和, 平和, 全带幺, 全带五, 全双刻, 一色双龙会, 三色双龙会."""

from __future__ import annotations

from scoring.decompose import Form
from scoring.fan_rules import PAIR, Found, View
from scoring.fans import Fan
from scoring.tiles import Tile, is_terminal_or_honor

__all__ = ["division_fans"]

_EVEN_RANKS = (1, 3, 5, 7)  # 0-based ranks of 2 4 6 8


def division_fans(view: View) -> list[Found]:
    """Fans defined on the sets and pair of a regular reading; ``平和`` also for the knitted-straight
    reading, whose knitted straight counts as three chows (FANS.md S5)."""
    pair = view.pair
    if pair is None:
        return []
    sets = view.sets
    groups = tuple(s.tiles for s in sets) + ((pair, pair),)
    everything = frozenset(range(len(sets))) | {PAIR}
    out: list[Found] = []
    if view.form is Form.KNITTED_STRAIGHT:
        if all(s.is_chow for s in sets) and pair < 27:
            out.append(Found(Fan.ALL_CHOWS, groups, everything))
        return out
    if view.form is not Form.REGULAR:
        return out

    def add(fan: Fan) -> None:
        out.append(Found(fan, groups, everything))

    chows = [s for s in sets if s.is_chow]
    if not chows:
        add(Fan.ALL_PUNGS)
        if pair < 27 and pair % 9 in _EVEN_RANKS and all(s.tile < 27 and s.tile % 9 in _EVEN_RANKS for s in sets):
            add(Fan.ALL_EVEN_PUNGS)
    if len(chows) == 4 and pair < 27:
        add(Fan.ALL_CHOWS)
    if all(any(is_terminal_or_honor(t) for t in g) for g in groups):
        add(Fan.OUTSIDE_HAND)
    if all(any(t < 27 and t % 9 == 4 for t in g) for g in groups):
        add(Fan.ALL_FIVE)
    if len(chows) == 4 and pair < 27 and pair % 9 == 4:
        fan = _terminal_chows(sorted(s.tile for s in chows), pair)
        if fan is not None:
            add(fan)
    return out


def _terminal_chows(starts: list[Tile], pair: Tile) -> Fan | None:
    """一色双龙会 / 三色双龙会: 123 and 789 chows around a pair of 5s."""
    if any(t % 9 not in (0, 6) for t in starts):
        return None
    pair_suit = pair // 9
    suits = [t // 9 for t in starts]
    if all(s == pair_suit for s in suits) and sorted(t % 9 for t in starts) == [0, 0, 6, 6]:
        return Fan.PURE_TERMINAL_CHOWS
    others = sorted({0, 1, 2} - {pair_suit})
    if sorted(starts) == sorted(o * 9 + r for o in others for r in (0, 6)):
        return Fan.THREE_SUITED_TERMINAL_CHOWS
    return None
