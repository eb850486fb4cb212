"""Fans of the tile kinds alone (any reading): colours, suits, honours, terminals and rank ranges."""

from __future__ import annotations

from collections.abc import Iterable

from scoring.mcr.fan_rules import HAND_TILES, Found, View
from scoring.mcr.fans import Fan
from scoring.tiles import DRAGONS, GREEN_TILES, REVERSIBLE, TERMINALS_AND_HONORS, WINDS, Tile

__all__ = ["tile_fans"]


def tile_fans(view: View) -> list[Found]:
    """绿一色, 推不倒, 字一色, 清一色, 混一色, 缺一门, 五门齐, 无字, 清幺九, 混幺九, 断幺, 全大, 全中, 全小,
    大于五, 小于五.

    C1: "缺一门 means exactly two of the three suits appear. It is counted alongside 大三元, 小三元, 三风刻,
    一色四同顺, 一色四节高, 一色四步高 whenever that holds; never with 推不倒" (the 推不倒 row of the exclusion
    table). C2: 绿一色 with 发 is also 混一色 here and the table removes it; without 发 it is 清一色, kept.
    """
    return list(map(_HAND_FOUND.__getitem__, _tile_fans(view.kinds)))


# A whole-hand fan's occurrence is the same value in every hand (its tiles are the ``HAND_TILES`` marker):
# one shared ``Found`` per fan.
_HAND_FOUND = {fan: Found(fan, HAND_TILES) for fan in Fan}


def _mask(tiles: Iterable[Tile]) -> int:
    return sum(1 << t for t in set(tiles))


_SUIT = 0x1FF  # the nine kinds of one suit
_GREEN = _mask(GREEN_TILES)
_REVERSIBLE = _mask(REVERSIBLE)
_TERMINALS_AND_HONORS = _mask(TERMINALS_AND_HONORS)
_WINDS = _mask(WINDS) >> 27
_DRAGONS = _mask(DRAGONS) >> 27
_TERMINAL_RANKS = 0b100000001  # ranks 1 and 9


def _ranks(*ranks: int) -> int:
    return _mask(r - 1 for r in ranks)


_UPPER, _MIDDLE, _LOWER = _ranks(7, 8, 9), _ranks(4, 5, 6), _ranks(1, 2, 3)
_UPPER_FOUR, _LOWER_FOUR = _ranks(6, 7, 8, 9), _ranks(1, 2, 3, 4)


def _tile_fans(kinds: int) -> list[Fan]:
    """The fans of the kinds held (bit ``t`` of ``kinds`` for kind ``t``), in the order of the checks."""
    characters, bamboo, dots = kinds & _SUIT, (kinds >> 9) & _SUIT, (kinds >> 18) & _SUIT
    n_suits = (characters != 0) + (bamboo != 0) + (dots != 0)
    honors = kinds >> 27
    fans: list[Fan] = []
    if not kinds & _NOT_GREEN:
        fans.append(Fan.ALL_GREEN)
    if not kinds & _NOT_REVERSIBLE:
        fans.append(Fan.REVERSIBLE_TILES)
    if not n_suits:
        fans.append(Fan.ALL_HONORS)
    elif n_suits == 1:
        fans.append(Fan.HALF_FLUSH if honors else Fan.FULL_FLUSH)
    elif n_suits == 2:
        fans.append(Fan.ONE_VOIDED_SUIT)
    elif honors & _WINDS and honors & _DRAGONS:
        fans.append(Fan.ALL_TYPES)
    if honors:
        if n_suits and not kinds & _NOT_TERMINALS_AND_HONORS:
            fans.append(Fan.ALL_TERMINALS_AND_HONORS)
        return fans
    fans += _WITHOUT_HONORS[characters | bamboo | dots]
    return fans


def _fans_without_honors(ranks: int) -> tuple[Fan, ...]:
    """The rest of the fans of a hand without honours whose suited tiles hold the ranks ``ranks`` (bit r
    for rank r + 1), in the order of the checks: they depend on the ranks alone."""
    fans = [Fan.NO_HONORS]
    if not ranks & ~_TERMINAL_RANKS:
        fans.append(Fan.ALL_TERMINALS)
        if ranks:
            fans.append(Fan.ALL_TERMINALS_AND_HONORS)
    if not ranks & _TERMINAL_RANKS:
        fans.append(Fan.ALL_SIMPLES)
    for rank_set, fan in ((_UPPER, Fan.UPPER_TILES), (_MIDDLE, Fan.MIDDLE_TILES), (_LOWER, Fan.LOWER_TILES),
                          (_UPPER_FOUR, Fan.UPPER_FOUR), (_LOWER_FOUR, Fan.LOWER_FOUR)):
        if not ranks & ~rank_set:
            fans.append(fan)
    return tuple(fans)


_WITHOUT_HONORS = tuple(_fans_without_honors(ranks) for ranks in range(1 << 9))  # one row per set of ranks
_NOT_GREEN, _NOT_REVERSIBLE, _NOT_TERMINALS_AND_HONORS = ~_GREEN, ~_REVERSIBLE, ~_TERMINALS_AND_HONORS
