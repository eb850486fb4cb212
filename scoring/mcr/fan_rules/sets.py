"""Fans made of sets: combinations of two to four chows or pungs, honour pungs, and single pungs.

Every combination the definitions allow is reported here; the set-combination principles of source 001
§1.3.7 (不重复 / 不拆移 / 不相同 / 套算一次, FANS.md H2) choose which of them count, in
``scoring.mcr.exclusions.apply_set_combination_principles``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from operator import attrgetter, itemgetter

from scoring.mcr.decompose import TileSet
from scoring.mcr.fan_rules import PAIR, Found, View
from scoring.mcr.fans import Fan
from scoring.model import Wind
from scoring.tiles import DRAGONS, WINDS, Tile

__all__ = ["chow_combination_fans", "pung_combination_fans", "single_pung_fans"]


def _suit(t: Tile) -> int:
    return t // 9


def _rank(t: Tile) -> int:
    return t % 9  # 0-based


@cache
def _two_chows(a: Tile, b: Tile) -> Fan | None:
    """一般高 / 喜相逢 / 连六 / 老少副 for chows starting on ``a`` and ``b``."""
    if _suit(a) != _suit(b):
        return Fan.MIXED_DOUBLE_CHOW if _rank(a) == _rank(b) else None
    if a == b:
        return Fan.PURE_DOUBLE_CHOW
    if abs(a - b) == 3:
        return Fan.SHORT_STRAIGHT
    if {_rank(a), _rank(b)} == {0, 6}:
        return Fan.TWO_TERMINAL_CHOWS
    return None


@cache
def _three_chows(a: Tile, b: Tile, c: Tile) -> Fan | None:
    """Three chows starting on ``a <= b <= c``."""
    suits = {_suit(a), _suit(b), _suit(c)}
    ranks = sorted((_rank(a), _rank(b), _rank(c)))
    if len(suits) == 3:
        if ranks[0] == ranks[1] == ranks[2]:
            return Fan.MIXED_TRIPLE_CHOW
        if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
            return Fan.MIXED_SHIFTED_CHOWS
        if ranks == [0, 3, 6]:
            return Fan.MIXED_STRAIGHT
        return None
    if len(suits) != 1:
        return None
    if a == b == c:
        return Fan.PURE_TRIPLE_CHOW
    if _rank(a) == 0 and b == a + 3 and c == a + 6:
        return Fan.PURE_STRAIGHT
    if (b - a == c - b) and b - a in (1, 2):
        return Fan.PURE_SHIFTED_CHOWS
    return None


@cache
def _four_chows(a: Tile, b: Tile, c: Tile, d: Tile) -> Fan | None:
    if not _suit(a) == _suit(b) == _suit(c) == _suit(d):
        return None
    if a == b == c == d:
        return Fan.QUADRUPLE_CHOW
    step = b - a
    if step in (1, 2) and c - b == step and d - c == step:
        return Fan.FOUR_PURE_SHIFTED_CHOWS
    return None


def _combination_fans(sets: tuple[tuple[int, TileSet], ...],
                      judges: tuple[Judge, Judge, Judge]) -> list[Found]:
    """Every group of two, three and four of ``sets`` (index, set) that ``judges`` name a fan for. The
    judges take the sets' tiles ascending and are memoised (a few thousand distinct groups exist)."""
    n = len(sets)
    if n < 2:
        return []
    out: list[Found] = []
    two, three, four = judges
    for pair in combinations(sets, 2):
        a, b = pair[0][1].tile, pair[1][1].tile
        fan = two(a, b) if a <= b else two(b, a)
        if fan is not None:
            out.append(_found(fan, pair))
    if n > 2:
        for trio in combinations(sets, 3):
            fan = three(*sorted(map(_TILE, map(_SET, trio))))
            if fan is not None:
                out.append(_found(fan, trio))
        if n > 3:
            for quad in combinations(sets, 4):
                fan = four(*sorted(map(_TILE, map(_SET, quad))))
                if fan is not None:
                    out.append(_found(fan, quad))
    return out


def chow_combination_fans(view: View) -> list[Found]:
    """Every chow combination fan of the reading, each with the chows that make it."""
    return _combination_fans(view.chows, _CHOW_JUDGES)


@cache
def _two_pungs(a: Tile, b: Tile) -> Fan | None:
    if a < 27 and b < 27:
        return Fan.DOUBLE_PUNG if _rank(a) == _rank(b) and _suit(a) != _suit(b) else None
    if a in DRAGONS and b in DRAGONS:
        return Fan.TWO_DRAGONS_PUNGS
    return None


@cache
def _three_pungs(a: Tile, b: Tile, c: Tile) -> Fan | None:
    """Three pungs of ``a < b < c``."""
    if c < 27:
        if len({_suit(a), _suit(b), _suit(c)}) == 3:
            ranks = sorted((_rank(a), _rank(b), _rank(c)))
            if ranks[0] == ranks[2]:
                return Fan.TRIPLE_PUNG
            if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
                return Fan.MIXED_SHIFTED_PUNGS
            return None
        if _suit(a) == _suit(c) and b == a + 1 and c == b + 1:
            return Fan.PURE_SHIFTED_PUNGS
        return None
    if all(t in WINDS for t in (a, b, c)):
        return Fan.BIG_THREE_WINDS
    if all(t in DRAGONS for t in (a, b, c)):
        return Fan.BIG_THREE_DRAGONS
    return None


@cache
def _four_pungs(a: Tile, b: Tile, c: Tile, d: Tile) -> Fan | None:
    if d < 27 and _suit(a) == _suit(d) and b == a + 1 and c == b + 1 and d == c + 1:
        return Fan.FOUR_PURE_SHIFTED_PUNGS
    if all(x in WINDS for x in (a, b, c, d)):
        return Fan.BIG_FOUR_WINDS
    return None


def pung_combination_fans(view: View) -> list[Found]:
    """Every pung combination fan, including 小四喜 / 小三元 which also use the pair."""
    pungs = view.pungs
    out = _combination_fans(pungs, _PUNG_JUDGES)
    pair = view.pair
    if pair is not None and pair >= 27:
        little: tuple[tuple[tuple[Tile, ...], int, Fan], ...] = (
            (WINDS, 3, Fan.LITTLE_FOUR_WINDS), (DRAGONS, 2, Fan.LITTLE_THREE_DRAGONS))
        for honors, n, little_fan in little:
            if pair in honors:
                honor_pungs = [(i, s) for i, s in pungs if s.tile in honors]
                if len(honor_pungs) == n:
                    found = _found(little_fan, honor_pungs)
                    out.append(Found(little_fan, (*found.tiles, (pair, pair)), found.sets | {PAIR}))
    return out


def single_pung_fans(view: View) -> list[Found]:
    """箭刻, 圈风刻, 门风刻 and 幺九刻, one occurrence per pung (or kong)."""
    if not view.pungs:
        return []
    out: list[Found] = []
    prevalent = _WIND_TILE[view.ctx.prevalent_wind]
    seat = _WIND_TILE[view.ctx.seat_wind]
    for i, s in view.pungs:
        t = s.tile
        tiles = (s.tiles,)
        if t in DRAGONS:
            out.append(Found(Fan.DRAGON_PUNG, tiles, frozenset({i})))
            continue  # source 001, 箭刻: this pung does not also count 幺九刻
        if t == prevalent:
            out.append(Found(Fan.PREVALENT_WIND, tiles, frozenset({i})))
        if t == seat:
            out.append(Found(Fan.SEAT_WIND, tiles, frozenset({i})))
        if t >= 27 or t % 9 in (0, 8):
            out.append(Found(Fan.PUNG_OF_TERMINALS_OR_HONORS, tiles, frozenset({i})))
    return out


_WIND_TILE = {w: 27 + w.offset for w in Wind}
_INDEX, _SET = itemgetter(0), itemgetter(1)  # of an (index, set) pair
_TILE, _TILES = attrgetter("tile"), attrgetter("tiles")  # of a set
Judge = Callable[..., Fan | None]  # the fan of 2, 3 or 4 sets given their tiles in ascending order
_CHOW_JUDGES: tuple[Judge, Judge, Judge] = (_two_chows, _three_chows, _four_chows)
_PUNG_JUDGES: tuple[Judge, Judge, Judge] = (_two_pungs, _three_pungs, _four_pungs)


def _found(fan: Fan, group: Sequence[tuple[int, TileSet]]) -> Found:
    # The sets' tiles ascending by their first tile: sorting the tile tuples themselves gives that order
    # (two sets of one group never share a first tile unless they are the same set).
    return Found(fan, tuple(sorted(map(_TILES, map(_SET, group)))), frozenset(map(_INDEX, group)))
