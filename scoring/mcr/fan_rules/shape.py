"""Fans of a whole four-sets-and-a-pair division: 碰碰和, 平和, 全带幺, 全带五, 全双刻, 一色双龙会, 三色双龙会."""

from __future__ import annotations

from scoring.mcr.decompose import Form
from scoring.mcr.fan_rules import PAIR, Found, View
from scoring.mcr.fans import Fan
from scoring.tiles import Tile

__all__ = ["division_fans"]

_EVEN_RANKS = (1, 3, 5, 7)  # 0-based ranks of 2 4 6 8


def division_fans(view: View) -> list[Found]:
    """Fans defined on the sets and pair of a regular reading; ``平和`` also for the knitted-straight
    reading, whose knitted straight counts as three chows (FANS.md S5)."""
    pair = view.pair
    if pair is None:
        return []
    sets = view.sets
    fans: list[Fan] = []
    if view.form is Form.KNITTED_STRAIGHT:
        if not view.pungs and pair < 27:
            fans.append(Fan.ALL_CHOWS)
    elif view.form is Form.REGULAR:
        chows = view.chows
        suited_pair = pair < 27
        pair_rank = pair % 9
        if not chows:
            fans.append(Fan.ALL_PUNGS)
            if suited_pair and pair_rank in _EVEN_RANKS and all(
                    s.tile < 27 and s.tile % 9 in _EVEN_RANKS for s in sets):
                fans.append(Fan.ALL_EVEN_PUNGS)
        if len(chows) == 4 and suited_pair:
            fans.append(Fan.ALL_CHOWS)
        # 全带幺 / 全带五: every set and the pair hold a terminal or honour / a five. A chow starting on rank
        # r (0-based) holds r, r + 1, r + 2.
        outside = not suited_pair or pair_rank in (0, 8)
        five = suited_pair and pair_rank == 4
        for s in sets if outside or five else ():  # the pair settles it for most hands
            t = s.tile
            if s.is_chow:
                r = t % 9
                outside = outside and r in (0, 6)
                five = five and r in (2, 3, 4)
            else:
                outside = outside and (t >= 27 or t % 9 in (0, 8))
                five = five and t < 27 and t % 9 == 4
        if outside:
            fans.append(Fan.OUTSIDE_HAND)
        if five:
            fans.append(Fan.ALL_FIVE)
        if len(chows) == 4 and suited_pair and pair_rank == 4:
            fan = _terminal_chows(sorted(s.tile for _, s in chows), pair)
            if fan is not None:
                fans.append(fan)
    if not fans:
        return []
    groups = tuple(s.tiles for s in sets) + ((pair, pair),)
    everything = frozenset(range(len(sets))) | {PAIR}
    return [Found(fan, groups, everything) for fan in fans]


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
