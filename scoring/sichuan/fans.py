"""The Sichuan fans: stable ids, their Chinese and English names and values, and one small detector each.

A detector reads one reading of the hand (``scoring.mcr.decompose.Reading``, regular or seven pairs) and the
tile counts; the exclusions are data (``EXCLUDES``); docs/rule-systems.md gives each value's source.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from scoring.mcr.decompose import Form, Reading
from scoring.tiles import Tile, rank


class Fan(StrEnum):
    PLAIN = "pinghu"
    ALL_PUNGS = "duiduihu"
    PURE_SUIT = "qingyise"
    SEVEN_PAIRS = "qidui"
    DRAGON_SEVEN_PAIRS = "longqidui"
    PURE_PUNGS = "qingdui"
    PUNGS_258 = "jiangdui"
    TERMINALS = "daiyaojiu"
    GOLDEN_HOOK = "jingoudiao"
    ROOT = "gen"
    KONG_DRAW = "gangshanghua"
    KONG_DISCARD = "gangshangpao"
    ROBBING_KONG = "qianggang"
    LAST_TILE = "haidi"
    HEAVENLY = "tianhu"
    EARTHLY = "dihu"
    SELF_DRAWN = "zimo"


@dataclass(frozen=True, slots=True)
class FanInfo:
    zh: str
    en: str
    value: int  # fan (番): each one doubles the payment


INFO: dict[Fan, FanInfo] = {
    Fan.PLAIN: FanInfo("平胡", "Plain Hand", 0),
    Fan.ALL_PUNGS: FanInfo("对对胡", "All Pungs", 1),
    Fan.PURE_SUIT: FanInfo("清一色", "Pure Suit", 2),
    Fan.SEVEN_PAIRS: FanInfo("七对", "Seven Pairs", 2),
    Fan.DRAGON_SEVEN_PAIRS: FanInfo("龙七对", "Dragon Seven Pairs", 3),
    Fan.PURE_PUNGS: FanInfo("清对", "Pure All Pungs", 3),
    Fan.PUNGS_258: FanInfo("将对", "All 2-5-8 Pungs", 3),
    Fan.TERMINALS: FanInfo("带幺九", "Terminal in Each Set", 2),
    Fan.GOLDEN_HOOK: FanInfo("金钩钓", "Golden Hook", 1),
    Fan.ROOT: FanInfo("根", "Root", 1),
    Fan.KONG_DRAW: FanInfo("杠上花", "Win on a Kong's Replacement", 1),
    Fan.KONG_DISCARD: FanInfo("杠上炮", "Win on a Kong's Discard", 1),
    Fan.ROBBING_KONG: FanInfo("抢杠", "Robbing the Kong", 1),
    Fan.LAST_TILE: FanInfo("海底", "Last Tile", 1),
    Fan.HEAVENLY: FanInfo("天胡", "Heavenly Hand", 5),
    Fan.EARTHLY: FanInfo("地胡", "Earthly Hand", 5),
    Fan.SELF_DRAWN: FanInfo("自摸", "Self-Drawn", 1),
}

# "X implies Y, so Y is not counted": the combined hand's value already holds the other's.
EXCLUDES: dict[Fan, frozenset[Fan]] = {
    Fan.PURE_PUNGS: frozenset({Fan.PURE_SUIT, Fan.ALL_PUNGS}),  # 清对 = 清一色 + 对对胡
    Fan.PUNGS_258: frozenset({Fan.ALL_PUNGS}),  # 将对 is an all-pungs hand of 2, 5, 8
    Fan.DRAGON_SEVEN_PAIRS: frozenset({Fan.SEVEN_PAIRS}),  # 龙七对 is seven pairs with four of a kind
}
HAND_TYPES = frozenset({Fan.ALL_PUNGS, Fan.PURE_SUIT, Fan.SEVEN_PAIRS, Fan.DRAGON_SEVEN_PAIRS, Fan.PURE_PUNGS,
                        Fan.PUNGS_258, Fan.TERMINALS, Fan.GOLDEN_HOOK})


@dataclass(frozen=True, slots=True)
class Shape:
    """What the detectors read: one reading, the hand's tile counts (kongs' four tiles included) and whether
    every set was declared (金钩钓 holds one tile)."""

    reading: Reading
    counts: tuple[int, ...]
    all_declared: bool


def _groups(s: Shape) -> tuple[tuple[Tile, ...], ...]:
    return s.reading.groups()


def _all_pungs(s: Shape) -> bool:
    return s.reading.form is Form.REGULAR and all(x.is_pung for x in s.reading.sets)


def _pure_suit(s: Shape) -> bool:
    return len({t // 9 for t, n in enumerate(s.counts) if n}) == 1


def _seven_pairs(s: Shape) -> bool:
    return s.reading.form is Form.SEVEN_PAIRS


def _dragon_seven_pairs(s: Shape) -> bool:
    return _seven_pairs(s) and 4 in s.counts


def _pungs_258(s: Shape) -> bool:
    return _all_pungs(s) and all(rank(g[0]) in (2, 5, 8) for g in _groups(s))


def _terminals(s: Shape) -> bool:
    return s.reading.form is Form.REGULAR and all(any(rank(t) in (1, 9) for t in g) for g in _groups(s))


def _golden_hook(s: Shape) -> bool:
    return _all_pungs(s) and s.all_declared


SHAPE_DETECTORS: dict[Fan, Callable[[Shape], bool]] = {
    Fan.ALL_PUNGS: _all_pungs,
    Fan.PURE_SUIT: _pure_suit,
    Fan.SEVEN_PAIRS: _seven_pairs,
    Fan.DRAGON_SEVEN_PAIRS: _dragon_seven_pairs,
    Fan.PURE_PUNGS: lambda s: _all_pungs(s) and _pure_suit(s),
    Fan.PUNGS_258: _pungs_258,
    Fan.TERMINALS: _terminals,
    Fan.GOLDEN_HOOK: _golden_hook,
}


def roots(s: Shape) -> int:
    """根: each kind of which the hand holds all four tiles (a kong or not); 龙七对's own four is in its value."""
    return s.counts.count(4) - (1 if _dragon_seven_pairs(s) else 0)


def shape_fans(s: Shape) -> tuple[Fan, ...]:
    """The hand types of one reading, exclusions applied; 平胡 when there is none."""
    found = {f for f, detect in SHAPE_DETECTORS.items() if detect(s)}
    for f in tuple(found):
        found -= EXCLUDES.get(f, frozenset())
    return tuple(f for f in Fan if f in found) or (Fan.PLAIN,)
