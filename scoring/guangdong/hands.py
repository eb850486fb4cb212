"""The hand types of Guangdong push-to-win and the best reading of a hand's jokers.

Source 003, "2、番型": each hand type has a value (鸡胡 2 … 十三幺, 大三元, 大四喜 88); a hand's value is the
sum of its types after the exclusions the source states (不计…) and the ones decided in
docs/rule-systems.md. The shapes are MCR's readings (``scoring.mcr.decompose``) limited to the three this
system has: four sets and a pair (pungs, kongs and concealed chows: no chow may be claimed), seven pairs,
thirteen orphans. A joker (鬼牌) stands for any tile; the reading of the jokers that gives the largest
value is the hand's (the source: "赖子牌即为万能牌").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from itertools import combinations_with_replacement

from scoring.mcr.decompose import Form, Reading, is_complete, meld_sets, readings_of_counts
from scoring.model import Hand
from scoring.tiles import DRAGONS, NUM_KINDS, TERMINALS, WINDS, Tile

__all__ = ["HandType", "Situation", "TypeAward", "Valued", "best_reading", "hand_types", "joker_of"]

_FORMS = (Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS)


class HandType(Enum):
    """A hand type: (id, Chinese name as the source writes it, English name, value)."""

    CHICKEN = ("chicken", "鸡胡", "Chicken Hand", 2)
    ALL_PUNGS = ("all_pungs", "碰碰胡", "All Pungs", 8)
    HALF_FLUSH = ("half_flush", "混一色", "Half Flush", 8)
    ROBBING_KONG = ("robbing_kong", "抢杠胡", "Robbing the Kong", 8)
    KONG_FLOWER = ("kong_flower", "杠上开花", "Win on a Kong's Replacement", 8)
    KONG_DISCARD = ("kong_discard", "杠上炮", "Win on a Discard after a Kong", 8)
    LAST_TILE = ("last_tile", "海底捞月", "Last Tile of the Wall", 8)
    FULL_FLUSH = ("full_flush", "清一色", "Full Flush", 16)
    SEVEN_PAIRS = ("seven_pairs", "七对", "Seven Pairs", 16)
    LUXURY_SEVEN_PAIRS = ("luxury_seven_pairs", "豪华七对", "Luxury Seven Pairs", 32)
    MIXED_TERMINALS = ("mixed_terminals", "混幺九", "Terminals and Honours", 32)
    LITTLE_THREE_DRAGONS = ("little_three_dragons", "小三元", "Little Three Dragons", 48)
    LITTLE_FOUR_WINDS = ("little_four_winds", "小四喜", "Little Four Winds", 48)
    ALL_HONOURS = ("all_honours", "字一色", "All Honours", 64)
    PURE_TERMINALS = ("pure_terminals", "清幺九", "All Terminals", 64)
    HEAVENLY = ("heavenly", "天胡", "Heavenly Hand", 64)
    EARTHLY = ("earthly", "地胡", "Earthly Hand", 64)
    THIRTEEN_ORPHANS = ("thirteen_orphans", "十三幺", "Thirteen Orphans", 88)
    BIG_THREE_DRAGONS = ("big_three_dragons", "大三元", "Big Three Dragons", 88)
    BIG_FOUR_WINDS = ("big_four_winds", "大四喜", "Big Four Winds", 88)

    @property
    def id(self) -> str:
        return self.value[0]

    @property
    def zh(self) -> str:
        return self.value[1]

    @property
    def en(self) -> str:
        return self.value[2]

    @property
    def points(self) -> int:
        return self.value[3]


# Which types a type leaves out (不计…). The source's own, then the ones decided (docs/rule-systems.md).
EXCLUDES: dict[HandType, frozenset[HandType]] = {
    # source: 混幺九 "不计碰碰胡"; 字一色 "不计碰碰胡"; 清幺九 "不计碰碰胡、混幺九"; 大四喜 "不计碰碰胡"
    HandType.MIXED_TERMINALS: frozenset({HandType.ALL_PUNGS}),
    HandType.ALL_HONOURS: frozenset({HandType.ALL_PUNGS}),
    HandType.PURE_TERMINALS: frozenset({HandType.ALL_PUNGS, HandType.MIXED_TERMINALS}),
    # decided: the larger form of a pattern holds the smaller one
    HandType.BIG_FOUR_WINDS: frozenset({HandType.ALL_PUNGS, HandType.LITTLE_FOUR_WINDS}),
    HandType.BIG_THREE_DRAGONS: frozenset({HandType.LITTLE_THREE_DRAGONS}),
    HandType.LUXURY_SEVEN_PAIRS: frozenset({HandType.SEVEN_PAIRS}),
    HandType.THIRTEEN_ORPHANS: frozenset({HandType.MIXED_TERMINALS}),
}

# The ways of winning that are hand types of their own; with them a chicken hand is worth their value
# (source: "当杠上开花、抢杠胡、海底捞月时，鸡胡为8倍").
SITUATION_TYPES = (HandType.ROBBING_KONG, HandType.KONG_FLOWER, HandType.KONG_DISCARD, HandType.LAST_TILE,
                   HandType.HEAVENLY, HandType.EARTHLY)


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand was won (the input object's ``win`` and flags)."""

    self_drawn: bool = True
    robbing_kong: bool = False  # 抢杠胡 (a discard win: the robbed player is the discarder)
    kong_flower: bool = False  # 杠上开花 (self-drawn)
    kong_discard: bool = False  # 杠上炮 (a discard win)
    last_tile: bool = False  # 海底捞月 (self-drawn)
    heavenly: bool = False  # 天胡 (the dealer, self-drawn)
    earthly: bool = False  # 地胡 (not the dealer, first draw)


@dataclass(frozen=True, slots=True)
class TypeAward:
    type: HandType
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Valued:
    """A reading of the hand, its jokers read as ``jokers``, with its hand types."""

    reading: Reading
    jokers: tuple[Tile, ...]
    types: tuple[TypeAward, ...]
    chicken: bool  # no pattern type: only the ways of winning (or 鸡胡 itself) count

    @property
    def points(self) -> int:
        return sum(a.type.points for a in self.types)


def joker_of(indicator: Tile) -> Tile:
    """The joker: the indicator + 1 (source: "这张牌点数+1即为本局赖子牌"), 9 back to 1 in its suit, the winds
    E→S→W→N→E and the dragons 中→发→白→中 (docs/rule-systems.md)."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator in WINDS:
        return WINDS[(WINDS.index(indicator) + 1) % 4]
    return DRAGONS[(DRAGONS.index(indicator) + 1) % 3]


def _all_tiles(r: Reading) -> tuple[Tile, ...]:
    return tuple(t for g in r.groups() for t in g)


def _pungs(r: Reading, of: tuple[Tile, ...]) -> int:
    return sum(1 for s in r.sets if s.is_pung and s.tile in of)


def _pattern_types(r: Reading) -> list[TypeAward]:
    """The types the tiles make (not the ways of winning), before exclusions."""
    tiles = _all_tiles(r)
    everything = tuple(sorted(tiles))
    suits = {t // 9 for t in tiles if t < 27}
    honours = any(t >= 27 for t in tiles)
    out: list[TypeAward] = []
    if r.form is Form.THIRTEEN_ORPHANS:
        out.append(TypeAward(HandType.THIRTEEN_ORPHANS, everything))
    if r.form is Form.SEVEN_PAIRS:
        luxury = len(set(r.pairs)) < 7  # four alike in the hand: two of its pairs (never a kong: no melds)
        out.append(TypeAward(HandType.LUXURY_SEVEN_PAIRS if luxury else HandType.SEVEN_PAIRS, everything))
    if r.form is Form.REGULAR and all(s.is_pung for s in r.sets):
        out.append(TypeAward(HandType.ALL_PUNGS, everything))
    if len(suits) == 1:
        out.append(TypeAward(HandType.HALF_FLUSH if honours else HandType.FULL_FLUSH, everything))
    if not suits:
        out.append(TypeAward(HandType.ALL_HONOURS, everything))
    elif all(t in TERMINALS or t >= 27 for t in tiles):
        if honours:
            out.append(TypeAward(HandType.MIXED_TERMINALS, everything))
        elif r.form is Form.REGULAR:  # source: "全部由1、9序数牌组成的碰碰胡"
            out.append(TypeAward(HandType.PURE_TERMINALS, everything))
    if r.form is Form.REGULAR:
        out.extend(_honour_sets(r))
    return out


def _honour_sets(r: Reading) -> list[TypeAward]:
    out = []
    for group, big, little in ((DRAGONS, HandType.BIG_THREE_DRAGONS, HandType.LITTLE_THREE_DRAGONS),
                               (WINDS, HandType.BIG_FOUR_WINDS, HandType.LITTLE_FOUR_WINDS)):
        n = _pungs(r, group)
        tiles = tuple(t for s in r.sets if s.is_pung and s.tile in group for t in s.tiles)
        if n == len(group):
            out.append(TypeAward(big, tiles))
        elif n == len(group) - 1 and r.pair in group:
            assert r.pair is not None
            out.append(TypeAward(little, tiles + (r.pair, r.pair)))
    return out


def _situation_types(s: Situation, winning: Tile) -> list[TypeAward]:
    flags = (s.robbing_kong, s.kong_flower, s.kong_discard, s.last_tile, s.heavenly, s.earthly)
    return [TypeAward(t, (winning,)) for t, on in zip(SITUATION_TYPES, flags, strict=True) if on]


def hand_types(r: Reading, s: Situation, winning: Tile, jokers: tuple[Tile, ...] = ()) -> Valued:
    """The reading's hand types after the exclusions; a hand of no pattern type is a chicken hand (鸡胡 2,
    or the ways of winning alone when it has any)."""
    patterns = _pattern_types(r)
    left_out = {x for a in patterns for x in EXCLUDES.get(a.type, ())}
    kept = [a for a in patterns if a.type not in left_out]
    ways = _situation_types(s, winning)
    chicken = not kept
    if chicken and not ways:
        kept = [TypeAward(HandType.CHICKEN, tuple(sorted(_all_tiles(r))))]
    return Valued(r, jokers, tuple(kept + ways), chicken)


def _readings(concealed: list[int], hand: Hand) -> Iterator[Reading]:
    melds = meld_sets(hand)
    if not is_complete(tuple(concealed), len(melds)):
        return
    for r in readings_of_counts(tuple(concealed), melds):
        if r.form in _FORMS:
            yield r


def _candidates(concealed: list[int], in_melds: list[int], joker: Tile) -> tuple[Tile, ...]:
    """The tiles a joker is worth reading as: itself, those of the suits the other tiles have, the honours
    and every terminal. A joker read in a suit no other tile has is never worth more: an honour in its place
    keeps the shape (a pung or pair of honours instead; no natural tile of that suit can be in a chow with
    it) and adds no suit; only thirteen orphans need a missing suit, through its terminals."""
    suits = {t // 9 for t in range(27) if concealed[t] or in_melds[t]}
    return tuple(t for t in range(NUM_KINDS) if t >= 27 or t in TERMINALS or t // 9 in suits or t == joker)


def joker_readings(hand: Hand, joker: Tile | None, prune: bool = True) -> Iterator[tuple[Reading, tuple[Tile, ...]]]:
    """Every reading of the hand with its jokers (the joker's tiles among the standing tiles and the winning
    tile) read as any tile (``prune``: any tile worth it), no kind more than four times in all, with what
    the jokers were read as."""
    concealed = [0] * NUM_KINDS
    for t in (*hand.standing, *(() if hand.winning is None else (hand.winning,))):
        concealed[t] += 1
    n = concealed[joker] if joker is not None else 0
    if joker is not None:
        concealed[joker] = 0
    in_melds = [0] * NUM_KINDS
    for m in hand.melds:
        for t in m.tiles:
            in_melds[t] += 1
    kinds = _candidates(concealed, in_melds, joker) if prune and joker is not None else range(NUM_KINDS)
    for read_as in combinations_with_replacement(kinds, n):
        counts = list(concealed)
        for t in read_as:
            counts[t] += 1
        if any(counts[t] + in_melds[t] > 4 for t in set(read_as)):
            continue
        for r in _readings(counts, hand):
            yield r, read_as


def best_reading(hand: Hand, joker: Tile | None, s: Situation, prune: bool = True) -> Valued | None:
    """The reading of the hand (and of its jokers) with the largest value; None when no reading wins. A
    chicken hand is best only when the hand has no pattern type in any reading (each is worth 8 or more).
    Ties keep the first found (jokers read as the lowest tiles), so the answer is the same every time."""
    assert hand.winning is not None
    best: Valued | None = None
    for r, read_as in joker_readings(hand, joker, prune):
        v = hand_types(r, s, hand.winning, read_as)
        if best is None or (v.points, _as_themselves(v, joker)) > (best.points, _as_themselves(best, joker)):
            best = v
    return best


def _as_themselves(v: Valued, joker: Tile | None) -> int:
    """How many jokers the reading takes at face value (of equal readings, the one nearest the tiles)."""
    return v.jokers.count(joker) if joker is not None else 0
