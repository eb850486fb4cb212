"""Hebei's fans (番型) and their exclusions, as source 003 lists them (docs/rule-systems.md "Hebei").

Each fan is found by one small function of a reading (``scoring.mcr.decompose``) and the win; the fans
a fan replaces are data (``REPLACES``), each row with the source's words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from scoring.mcr.decompose import Form, Reading
from scoring.model import Hand, MeldKind
from scoring.tiles import Suit, Tile, suit, tile


class HebeiFan(StrEnum):
    CONCEALED = "concealed"  # 门清
    ROBBING_KONG = "robbing_kong"  # 抢杠胡
    KONG_REPLACEMENT = "kong_replacement"  # 杠上开花
    ALL_PUNGS = "all_pungs"  # 碰碰胡
    BIG_CRANE = "big_crane"  # 大吊车
    FULL_FLUSH = "full_flush"  # 青一色
    HALF_FLUSH = "half_flush"  # 混一色
    ALL_HONOURS = "all_honours"  # 清风
    PURE_STRAIGHT = "pure_straight"  # 一条龙
    SEVEN_PAIRS = "seven_pairs"  # 七对
    THIRTEEN_ORPHANS = "thirteen_orphans"  # 十三幺
    LAST_TILE = "last_tile"  # 海底捞月
    HALF_FLUSH_SEVEN_PAIRS = "half_flush_seven_pairs"  # 混七对
    FULL_FLUSH_SEVEN_PAIRS = "full_flush_seven_pairs"  # 青七对
    LUXURY_SEVEN_PAIRS = "luxury_seven_pairs"  # 豪华七对 单豪
    DOUBLE_LUXURY_SEVEN_PAIRS = "double_luxury_seven_pairs"  # 双豪
    TRIPLE_LUXURY_SEVEN_PAIRS = "triple_luxury_seven_pairs"  # 三豪
    MIXED_STRAIGHT = "mixed_straight"  # 花龙
    CATCH_FIVE = "catch_five"  # 捉五


@dataclass(frozen=True, slots=True)
class FanInfo:
    zh: str
    en: str
    value: int


FANS: dict[HebeiFan, FanInfo] = {
    HebeiFan.CONCEALED: FanInfo("门清", "Concealed hand", 2),
    HebeiFan.ROBBING_KONG: FanInfo("抢杠胡", "Robbing the kong", 2),
    HebeiFan.KONG_REPLACEMENT: FanInfo("杠上开花", "Out on a kong's replacement tile", 2),
    HebeiFan.ALL_PUNGS: FanInfo("碰碰胡", "All pungs", 3),
    HebeiFan.BIG_CRANE: FanInfo("大吊车", "Big crane (four melds, single wait)", 2),
    HebeiFan.FULL_FLUSH: FanInfo("青一色", "Full flush", 3),
    HebeiFan.HALF_FLUSH: FanInfo("混一色", "Half flush", 2),
    HebeiFan.ALL_HONOURS: FanInfo("清风", "All honours", 3),
    HebeiFan.PURE_STRAIGHT: FanInfo("一条龙", "Pure straight", 2),
    HebeiFan.SEVEN_PAIRS: FanInfo("七对", "Seven pairs", 2),
    HebeiFan.THIRTEEN_ORPHANS: FanInfo("十三幺", "Thirteen orphans", 10),
    HebeiFan.LAST_TILE: FanInfo("海底捞月", "Last tile of the wall", 2),
    HebeiFan.HALF_FLUSH_SEVEN_PAIRS: FanInfo("混七对", "Half flush seven pairs", 4),
    HebeiFan.FULL_FLUSH_SEVEN_PAIRS: FanInfo("青七对", "Full flush seven pairs", 5),
    HebeiFan.LUXURY_SEVEN_PAIRS: FanInfo("豪华七对（单豪）", "Luxury seven pairs (one four)", 8),
    HebeiFan.DOUBLE_LUXURY_SEVEN_PAIRS: FanInfo("豪华七对（双豪）", "Luxury seven pairs (two fours)", 16),
    HebeiFan.TRIPLE_LUXURY_SEVEN_PAIRS: FanInfo("豪华七对（三豪）", "Luxury seven pairs (three fours)", 32),
    HebeiFan.MIXED_STRAIGHT: FanInfo("花龙", "Mixed straight", 5),
    HebeiFan.CATCH_FIVE: FanInfo("捉五", "Catch the five (4-6 characters on 5)", 5),
}

_LUXURY = (HebeiFan.LUXURY_SEVEN_PAIRS, HebeiFan.DOUBLE_LUXURY_SEVEN_PAIRS, HebeiFan.TRIPLE_LUXURY_SEVEN_PAIRS)
_FLUSH_PAIRS = (HebeiFan.HALF_FLUSH_SEVEN_PAIRS, HebeiFan.FULL_FLUSH_SEVEN_PAIRS)

# A fan -> the fans it replaces. Source 003's words; the luxury rows' flushes are our decision
# (docs/rule-systems.md "Hebei": a luxury hand keeps its flush, 混七对/青七对 already hold 七对).
REPLACES: dict[HebeiFan, frozenset[HebeiFan]] = {
    # 混七对+4 番（即满足混一色，又满足七对，不再计算混一色、七对番数）
    HebeiFan.HALF_FLUSH_SEVEN_PAIRS: frozenset({HebeiFan.HALF_FLUSH, HebeiFan.SEVEN_PAIRS}),
    # 青七对+5 番（即满足青一色，又满足七对，不再计算青一色、七对番数）
    HebeiFan.FULL_FLUSH_SEVEN_PAIRS: frozenset({HebeiFan.FULL_FLUSH, HebeiFan.SEVEN_PAIRS}),
    # 豪华七对单豪/双豪/三豪 …不再计算七对
    **{luxury: frozenset({HebeiFan.SEVEN_PAIRS, *_FLUSH_PAIRS}) for luxury in _LUXURY},
}


@dataclass(frozen=True, slots=True)
class Win:
    """How the hand was won, as far as the fans care."""

    self_drawn: bool
    robbing_kong: bool = False  # chankan
    kong_replacement: bool = False  # rinshan
    last_tile: bool = False  # haitei


Found = dict[HebeiFan, tuple[Tile, ...]]  # each fan with the tiles that make it


def _suits(hand: Hand) -> set[Suit]:
    return {suit(t) for t in hand.all_tiles()}


def _flush(hand: Hand, reading: Reading, win: Win) -> Found:
    suits = _suits(hand)
    every = tuple(sorted(hand.all_tiles()))
    if suits == {Suit.HONORS}:
        return {HebeiFan.ALL_HONOURS: every}  # 清风+3 番（牌组里全为风: 东南西北中发白…）
    suited = suits - {Suit.HONORS}
    if len(suited) != 1:
        return {}
    return {HebeiFan.HALF_FLUSH if Suit.HONORS in suits else HebeiFan.FULL_FLUSH: every}


def _concealed(hand: Hand, reading: Reading, win: Win) -> Found:
    # 门清+2 番（既没有碰、明杠）: a concealed kong keeps the hand concealed
    if any(m.kind is not MeldKind.CONCEALED_KONG for m in hand.melds):
        return {}
    return {HebeiFan.CONCEALED: tuple(sorted(hand.all_tiles()))}


def _way_of_winning(hand: Hand, reading: Reading, win: Win) -> Found:
    assert hand.winning is not None
    flags = ((win.robbing_kong, HebeiFan.ROBBING_KONG), (win.kong_replacement, HebeiFan.KONG_REPLACEMENT),
             (win.last_tile, HebeiFan.LAST_TILE))
    return {fan: (hand.winning,) for on, fan in flags if on}


def _all_pungs(hand: Hand, reading: Reading, win: Win) -> Found:
    if reading.form is not Form.REGULAR or any(s.is_chow for s in reading.sets):
        return {}
    out: Found = {HebeiFan.ALL_PUNGS: tuple(sorted(hand.all_tiles()))}
    if len(hand.melds) == 4:  # 大吊车: 当手中的牌通过碰，杠，最后只剩下一张
        assert reading.pair is not None
        out[HebeiFan.BIG_CRANE] = (reading.pair, reading.pair)
    return out


def _chow_starts(reading: Reading) -> set[Tile]:
    return {s.tile for s in reading.sets if s.is_chow}


def _straights(hand: Hand, reading: Reading, win: Win) -> Found:
    starts = _chow_starts(reading)
    out: Found = {}
    for base in (0, 9, 18):  # 一条龙: one suit's 123 + 456 + 789
        if {base, base + 3, base + 6} <= starts:
            out[HebeiFan.PURE_STRAIGHT] = tuple(range(base, base + 9))
    for a, b, c in ((0, 9, 18), (0, 18, 9), (9, 0, 18), (9, 18, 0), (18, 0, 9), (18, 9, 0)):
        if {a, b + 3, c + 6} <= starts:  # 花龙: 123, 456, 789 in the three suits
            out[HebeiFan.MIXED_STRAIGHT] = (a, a + 1, a + 2, b + 3, b + 4, b + 5, c + 6, c + 7, c + 8)
    return out


_FOUR_M, _FIVE_M = tile("4m"), tile("5m")


def _catch_five(hand: Hand, reading: Reading, win: Win) -> Found:
    # 捉五+5 番（单指四六万砍单）: the winning 5m is the middle of 4-5-6 characters
    if hand.winning == _FIVE_M and _FOUR_M in _chow_starts(reading):
        return {HebeiFan.CATCH_FIVE: (_FOUR_M, _FIVE_M, _FIVE_M + 1)}
    return {}


def _seven_pairs(hand: Hand, reading: Reading, win: Win) -> Found:
    if reading.form is not Form.SEVEN_PAIRS:
        return {}
    every = tuple(sorted(hand.all_tiles()))
    out: Found = {HebeiFan.SEVEN_PAIRS: every}
    fours = tuple(t for t in sorted(set(reading.pairs)) if reading.pairs.count(t) == 2)
    if fours:  # 豪华七对: 牌型中必需有一副(二副、三副)4 张一样的牌
        out[_LUXURY[min(len(fours), 3) - 1]] = tuple(t for t in fours for _ in range(4))
    suits = _suits(hand)
    if len(suits - {Suit.HONORS}) == 1:
        out[HebeiFan.HALF_FLUSH_SEVEN_PAIRS if Suit.HONORS in suits else HebeiFan.FULL_FLUSH_SEVEN_PAIRS] = every
    return out


def _thirteen_orphans(hand: Hand, reading: Reading, win: Win) -> Found:
    if reading.form is not Form.THIRTEEN_ORPHANS:
        return {}
    return {HebeiFan.THIRTEEN_ORPHANS: tuple(sorted(hand.all_tiles()))}


DETECTORS: tuple[Callable[[Hand, Reading, Win], Found], ...] = (
    _concealed, _way_of_winning, _all_pungs, _flush, _straights, _catch_five, _seven_pairs, _thirteen_orphans,
)


def without_replaced(found: Found) -> Found:
    """``found`` less the fans a kept fan replaces; a replaced fan replaces nothing (so a luxury hand's
    flush stays: 青七对 is replaced by 豪华七对 before it can replace 青一色)."""
    kept: Found = {}
    dropped: set[HebeiFan] = set()
    for fan in sorted(found, key=lambda f: -FANS[f].value):
        if fan in dropped:
            continue
        kept[fan] = found[fan]
        dropped |= REPLACES.get(fan, frozenset())
    return {fan: tiles for fan, tiles in found.items() if fan in kept}


def fans_of(hand: Hand, reading: Reading, win: Win) -> Found:
    """The fans one reading of a winning hand takes."""
    found: Found = {}
    for detect in DETECTORS:
        found.update(detect(hand, reading, win))
    return without_replaced(found)
