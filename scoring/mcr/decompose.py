"""Every reading of a winning hand: the ways its tiles form a legal MCR winning shape (FANS.md H1).

A *reading* is one way to see the 14 tiles (plus the fourth tile of each kong):

- ``REGULAR``: four sets and a pair. Declared melds are fixed sets; the concealed tiles (standing tiles and
  the winning tile) are split into chows and pungs plus the pair in every possible way.
- ``SEVEN_PAIRS``: seven pairs of concealed tiles, no melds. Four identical concealed tiles count as two
  pairs (the reference calculator and common practice; the hand then also takes 四归一).
- ``THIRTEEN_ORPHANS``: the 13 terminals and honours, one of them twice.
- ``HONORS_AND_KNITTED``: 全不靠 / 七星不靠: 14 different tiles, the suited ones from one knitted pattern
  (147, 258, 369 in three different suits), the rest honours.
- ``KNITTED_STRAIGHT``: a complete knitted straight (the nine tiles of one pattern, concealed) as three
  "chows", plus one set (concealed or one declared meld) and a pair (FANS.md S5).

Which set absorbs the winning tile matters for 暗刻 and for the wait fans; the engine settles it per reading
(see ``scoring.mcr.fan_rules.concealment``), so a reading here is only the division of the tiles.

Everything is computed on tile-count tuples and memoised, so the readings of a hand shape are found once.

>>> from scoring.notation import parse_hand
>>> [r.describe() for r in readings(parse_hand("1122335577889m9m"))]
['seven pairs: 11m 22m 33m 55m 77m 88m 99m', '4 sets + pair: 123m 123m 789m 789m 55m']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from functools import cache, lru_cache
from itertools import chain, product, repeat
from operator import mul

from scoring.model import Hand, MeldKind
from scoring.tiles import NUM_KINDS, TERMINALS_AND_HONORS, Tile, name

__all__ = [
    "KNITTED_PATTERNS", "Form", "Reading", "SetKind", "TileSet", "all_counts", "concealed_counts", "divisions",
    "is_complete", "meld_sets", "readings", "readings_of_counts", "regular_waits", "set_divisions",
    "special_waits", "tile_set",
]

Counts = tuple[int, ...]


class SetKind(IntEnum):
    CHOW = 0
    PUNG = 1
    KONG = 2


@dataclass(frozen=True, slots=True)
class TileSet:
    """A set of a reading. ``tile`` is the lowest tile of a chow, the repeated tile otherwise.

    ``declared``: it is one of the hand's melds (chow, pung or kong, concealed kongs included).
    ``concealed``: not exposed — concealed kongs and every set formed from the standing tiles. (A pung that
    a discarded winning tile completes is made exposed later, per reading, by the engine.)

    ``tiles``, ``is_chow`` and ``is_pung`` (a kong counts as a pung for every pung fan) are filled in once at
    creation: the detectors read them for every set of every reading. The engine uses one shared instance
    per distinct set (``tile_set``).
    """

    kind: SetKind
    tile: Tile
    declared: bool = False
    concealed: bool = True
    tiles: tuple[Tile, ...] = field(init=False, repr=False, compare=False)
    is_chow: bool = field(init=False, repr=False, compare=False)
    is_pung: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        t = self.tile
        chow = self.kind is SetKind.CHOW
        tiles = (t, t + 1, t + 2) if chow else (t,) * (4 if self.kind is SetKind.KONG else 3)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "is_chow", chow)
        object.__setattr__(self, "is_pung", not chow)

    def __str__(self) -> str:
        t = self.tiles
        if t[0] >= 27:
            return "".join(name(x) for x in t)
        return "".join(str(x % 9 + 1) for x in t) + name(t[0])[1]


@cache
def tile_set(kind: SetKind, tile: Tile, declared: bool = False, concealed: bool = True) -> TileSet:
    """The shared ``TileSet`` of these values (at most 3 × 34 × 4 of them): no new object per reading."""
    return TileSet(kind, tile, declared, concealed)


class Form(StrEnum):
    REGULAR = "4 sets + pair"
    SEVEN_PAIRS = "seven pairs"
    THIRTEEN_ORPHANS = "thirteen orphans"
    HONORS_AND_KNITTED = "honors and knitted tiles"
    KNITTED_STRAIGHT = "knitted straight + set + pair"


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the hand. ``sets`` lists the declared melds first (in hand order), then the concealed
    sets in ascending order. ``pair`` is the pair of a regular or knitted-straight reading, ``pairs`` the seven
    pairs, ``knitted`` the suited tiles of a knitted form (the nine of a knitted straight, or the 7–9 suited
    tiles of 全不靠), ``singles`` the single tiles of the orphan forms (displayed one by one)."""

    form: Form
    sets: tuple[TileSet, ...] = ()
    pair: Tile | None = None
    pairs: tuple[Tile, ...] = ()
    knitted: tuple[Tile, ...] = ()
    singles: tuple[Tile, ...] = ()

    def groups(self) -> tuple[tuple[Tile, ...], ...]:
        """The tile groups for display: sets, then the pair(s) (single tiles for the orphan forms)."""
        out: list[tuple[Tile, ...]] = [(t,) for t in self.singles]
        if self.form is Form.KNITTED_STRAIGHT:
            out.extend(tuple(self.knitted[i:i + 3]) for i in range(0, 9, 3))
        out.extend(s.tiles for s in self.sets)
        if self.pair is not None:
            out.append((self.pair, self.pair))
        out.extend((p, p) for p in self.pairs)
        return tuple(out)

    def describe(self) -> str:
        parts = [_group_text(g) for g in self.groups()]
        return f"{self.form.value}: " + " ".join(parts)


def _group_text(g: tuple[Tile, ...]) -> str:
    if g[0] >= 27:
        return "".join(name(x) for x in g)
    suits = {name(x)[1] for x in g}
    if len(suits) == 1:
        return "".join(str(x % 9 + 1) for x in g) + name(g[0])[1]
    return "".join(name(x) for x in g)


# The six knitted patterns: ranks 147, 258, 369 in the three suits, each suit used once.
KNITTED_PATTERNS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(sorted(suit * 9 + r for suit, start in zip(perm, (0, 1, 2), strict=True) for r in (start, start + 3, start + 6)))
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
_KNITTED_SETS = tuple(frozenset(p) for p in KNITTED_PATTERNS)
_ORPHANS = frozenset(TERMINALS_AND_HONORS)
_HALF = bytes(n // 2 for n in range(256))  # a count byte -> its number of pairs

Division = tuple[tuple[tuple[SetKind, Tile], ...], Tile]  # (concealed sets ascending, pair)


def _set_key(s: tuple[SetKind, Tile]) -> tuple[Tile, Tile, Tile]:
    kind, t = s
    return (t, t + 1, t + 2) if kind is SetKind.CHOW else (t, t, t)


SetDivision = tuple[tuple[TileSet, ...], Tile]  # a division with shared concealed ``TileSet``s, pair


def divisions(counts: Counts, n_sets: int) -> tuple[Division, ...]:
    """All ways to split ``counts`` into ``n_sets`` chows/pungs and one pair, each division once, sorted by
    their sets (ascending by tiles, a pung before the chow starting on the same tile).

    >>> c = [0] * 34
    >>> for t in (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3): c[t] += 1
    >>> for sets, pair in divisions(tuple(c), 3): print([f"{k.name} {t}" for k, t in sets], pair)
    ['PUNG 0', 'PUNG 1', 'PUNG 2'] 3
    ['CHOW 0', 'CHOW 0', 'CHOW 0'] 3
    ['CHOW 0', 'CHOW 1', 'CHOW 1'] 0
    """
    return tuple((tuple((s.kind, s.tile) for s in sets), pair)
                 for sets, pair in set_divisions(counts, n_sets))


# Sets and the pair never cross a suit (or the honours), and a group of n tiles holds n // 3 sets and the
# pair exactly when n % 3 == 2. So the divisions of a hand are the product of the divisions of its four
# groups, each found once per group's tile counts and shared by every hand with that group. Listed group
# by group (characters, bamboo, dots, honours), each group's divisions in ascending order, the product is
# in ascending order too: every group gives the same number of sets to every division.
_GROUPS = ((0, 9), (9, 18), (18, 27), (27, NUM_KINDS))


def set_divisions(counts: Counts, n_sets: int) -> tuple[SetDivision, ...]:
    """``divisions`` with the sets as shared concealed ``TileSet``s (what readings are built from)."""
    if sum(counts) != 3 * n_sets + 2:
        return ()
    m = _group_divisions(0, counts[:9])
    s = _group_divisions(9, counts[9:18]) if m else ()
    p = _group_divisions(18, counts[18:27]) if s else ()
    h = _group_divisions(27, counts[27:]) if p else ()
    if not h:
        return ()  # a group cannot be divided
    # Every group divides, so each holds 0 or 2 tiles beyond its sets, 2 in all modulo 3: one group holds
    # the pair, or all four hold one (no division). A group without the pair gives -1 as its pair.
    if len(m) == len(s) == len(p) == len(h) == 1:  # the usual case: one way to divide each group
        (a, pa), (b, pb), (c, pc), (d, pd) = m[0], s[0], p[0], h[0]
        return ((a + b + c + d, max(pa, pb, pc, pd)),) if min(pa, pb, pc, pd) < 0 else ()
    if min(m[0][1], s[0][1], p[0][1], h[0][1]) >= 0:
        return ()
    return tuple((a + b + c + d, max(pa, pb, pc, pd))
                 for (a, pa), (b, pb), (c, pc), (d, pd) in product(m, s, p, h))


@lru_cache(maxsize=1 << 16)  # a few thousand group shapes occur in play
def _group_divisions(base: Tile, group: Counts) -> tuple[SetDivision, ...]:
    """Every division of one group's tiles (``group[i]`` tiles of kind ``base + i``) into sets and, when
    ``sum(group) % 3 == 2``, the pair (-1 when the group holds no pair), ascending. Empty: not divisible."""
    return tuple((tuple(tile_set(k, base + r) for k, r in sets), -1 if pair < 0 else base + pair)
                 for sets, pair in _shape_divisions(group))


@lru_cache(maxsize=1 << 16)
def _shape_divisions(group: Counts) -> tuple[Division, ...]:
    """``_group_divisions`` by ranks (0-based), the same for every suit: found once per shape."""
    n = sum(group)
    if n % 3 == 1:
        return ()
    need_pair = n % 3 == 2
    base = 0 if len(group) == 9 else 27  # a suit, or the honours (no chows)
    c = [0] * (base + len(group) + 2)  # two kinds beyond the group: a chow's test looks there
    c[base:base + len(group)] = group
    found: set[Division] = set()
    _divide(c, (n - 2 * need_pair) // 3, need_pair, base, [], found)
    ordered = sorted(found, key=lambda d: (tuple(_set_key(s) for s in d[0]), d[1]))
    return tuple((tuple((k, t - base) for k, t in sets), pair - base if pair >= 0 else -1)
                 for sets, pair in ordered)


_RANKS = range(9)


@lru_cache(maxsize=1 << 16)
def _shape(group: Counts) -> tuple[int, bool]:
    """One group's tile count modulo 3, and whether its tiles divide into sets (and the pair when that is
    2). The same for every suit; the honours (7 kinds) make no chows."""
    rem = sum(group) % 3
    if rem == 1:
        return rem, False
    if len(group) != 9:
        mods = [x % 3 for x in group]
        return rem, 1 not in mods and mods.count(2) == rem // 2
    if rem == 0:
        return rem, _sets_only(list(group))
    # The pair's rank r: a chow on rank i holds ranks summing to 3i + 3, a pung 3i, the pair 2r, so the
    # sum of all ranks is 2r modulo 3, and r is twice that sum modulo 3. Only every third rank is tried.
    for i in range(2 * sum(map(mul, _RANKS, group)) % 3, 9, 3):
        if group[i] >= 2:
            c = list(group)
            c[i] -= 2
            if _sets_only(c):
                return rem, True
    return rem, False


def _sets_only(c: list[int]) -> bool:
    """Do a suit's counts divide into chows and pungs? The lowest rank's tiles lie in pungs or in chows
    starting there, and three equal chows hold the tiles of three pungs: so ``c[i] % 3`` chows start at
    each rank in turn, the rest are pungs (exact, no search)."""
    for i in range(7):
        r = c[i] % 3
        if r:
            if c[i + 1] < r or c[i + 2] < r:
                return False
            c[i + 1] -= r
            c[i + 2] -= r
    return c[7] % 3 == 0 and c[8] % 3 == 0


def _group_complete(base: Tile, group: Counts) -> bool:
    """Can one group's tiles be divided (sets, plus the pair when ``sum % 3 == 2``)?"""
    return _shape(group)[1]


@lru_cache(maxsize=1 << 16)
def _group_waits(base: Tile, group: Counts) -> tuple[Tile, ...]:
    """The kinds of this group whose one more tile makes the group divisible (a fifth copy included)."""
    return tuple(base + r for r in _shape_waits(group))


@lru_cache(maxsize=1 << 16)
def _shape_waits(group: Counts) -> tuple[int, ...]:
    """``_group_waits`` by ranks (0-based), the same for every suit."""
    out = []
    g = list(group)
    suited = len(g) == 9
    for i in range(len(g)):
        # The new tile joins a pair, pung or chow with held tiles: its own kind or (suits) two ranks around.
        if not (g[i] or suited and any(g[max(i - 2, 0):i + 3])):
            continue
        g[i] += 1
        if _shape(tuple(g))[1]:
            out.append(i)
        g[i] -= 1
    return tuple(out)


def regular_waits(counts: Counts, n_sets: int) -> tuple[Tile, ...]:
    """The kinds completing ``counts`` (``3 * n_sets + 1`` tiles) into ``n_sets`` sets and a pair, ascending.

    The added tile goes to one group; every other group must already be divisible, and exactly one group
    of the result holds the pair: either one group is a tile short of its pair (count % 3 == 1) and the
    others hold none, or two groups hold a pair (count % 3 == 2) and the tile completes a set in one of them.
    """
    if sum(counts) != 3 * n_sets + 1:
        return ()
    groups = (counts[:9], counts[9:18], counts[18:27], counts[27:])
    (r0, d0), (r1, d1), (r2, d2), (r3, d3) = map(_shape, groups)
    rems = (r0, r1, r2, r3)
    ones = rems.count(1)
    if ones == 1 and 2 not in rems:
        targets: tuple[int, ...] = (rems.index(1),)
    elif ones == 0 and rems.count(2) == 2:
        targets = tuple(k for k in range(4) if rems[k] == 2)
    else:
        return ()
    divisible = (d0, d1, d2, d3)
    undivisible = divisible.count(False)
    out: tuple[Tile, ...] = ()
    for k in targets:
        if undivisible == (not divisible[k]):  # every other group divides
            out += _group_waits(_GROUPS[k][0], groups[k])
    return out


def _divide(c: list[int], n_sets: int, need_pair: bool, start: int, acc: list[tuple[SetKind, Tile]],
            found: set[Division], pair: Tile = -1) -> None:
    # The lowest remaining tile must belong to the pair, a pung or a chow starting on it: each division is
    # reached exactly once per choice sequence. No kind below ``start`` is left in ``c``. (Whether a group
    # divides at all is ``_shape``'s question, answered without a search.)
    i = start
    end = len(c)
    while i < end and not c[i]:
        i += 1
    if i == end:
        if n_sets == 0 and not need_pair:
            found.add((tuple(sorted(acc, key=_set_key)), pair))
        return
    if need_pair and c[i] >= 2:
        c[i] -= 2
        _divide(c, n_sets, False, i, acc, found, i)
        c[i] += 2
    if n_sets == 0:
        return
    if c[i] >= 3:
        c[i] -= 3
        acc.append((SetKind.PUNG, i))
        _divide(c, n_sets - 1, need_pair, i, acc, found, pair)
        acc.pop()
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        acc.append((SetKind.CHOW, i))
        _divide(c, n_sets - 1, need_pair, i, acc, found, pair)
        acc.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


def concealed_counts(hand: Hand) -> Counts:
    """Counts of the standing tiles plus the winning tile (when there is one)."""
    c = [0] * NUM_KINDS
    for t in hand.standing:
        c[t] += 1
    if hand.winning is not None:
        c[hand.winning] += 1
    return tuple(c)


def all_counts(hand: Hand) -> Counts:
    """Counts of every tile of the hand: melds (all four tiles of a kong), standing tiles, winning tile."""
    c = list(concealed_counts(hand))
    for m in hand.melds:
        for t in m.tiles:
            c[t] += 1
    return tuple(c)


def _is_seven_pairs(c: Counts) -> bool:
    # Counts are at most 5 (a fifth copy when asking for waits): no odd count is 1, 3 or 5.
    return 1 not in c and 3 not in c and 5 not in c and sum(c) == 14


def _is_thirteen_orphans(c: Counts) -> bool:
    return bool(c[0] and c[8] and c[27]) and sum(c) == 14 and all(c[t] >= 1 for t in _ORPHANS) and all(
        n == 0 for t, n in enumerate(c) if t not in _ORPHANS)


def _knitted_pattern_of(c: Counts) -> tuple[Tile, ...] | None:
    """The knitted pattern whose nine tiles are all in ``c`` (at most one can be, with 14 tiles)."""
    if not (c[0] and c[3] and c[6] or c[1] and c[4] and c[7] or c[2] and c[5] and c[8]):
        return None  # every pattern holds 147, 258 or 369 of the characters
    for pattern in KNITTED_PATTERNS:
        for t in pattern:
            if not c[t]:
                break
        else:
            return pattern
    return None


def _without(c: Counts, tiles: tuple[Tile, ...]) -> list[int]:
    """``c`` less one of each of ``tiles`` (the knitted straight, before dividing the rest)."""
    rest = list(c)
    for t in tiles:
        rest[t] -= 1
    return rest


def _is_honors_and_knitted(c: Counts) -> bool:
    if sum(c) != 14 or max(c) > 1:
        return False
    suited = {t for t, n in enumerate(c) if n and t < 27}
    return any(suited <= p for p in _KNITTED_SETS)


def readings_of_counts(counts: Counts, melds: tuple[TileSet, ...]) -> tuple[Reading, ...]:
    """``readings`` of the concealed tile counts around the declared melds (``meld_sets``)."""
    out: list[Reading] = []
    n_melds = len(melds)
    if n_melds == 0:
        if _is_seven_pairs(counts):
            pairs = tuple(chain.from_iterable(map(repeat, range(NUM_KINDS), bytes(counts).translate(_HALF))))
            out.append(Reading(Form.SEVEN_PAIRS, pairs=pairs))
        if _is_thirteen_orphans(counts):
            pair = next(t for t in TERMINALS_AND_HONORS if counts[t] == 2)
            singles = tuple(t for t in TERMINALS_AND_HONORS if t != pair)
            out.append(Reading(Form.THIRTEEN_ORPHANS, pair=pair, singles=singles))
        if _is_honors_and_knitted(counts):
            suited = tuple(t for t, n in enumerate(counts) if n and t < 27)
            singles = tuple(t for t, n in enumerate(counts) if n)
            out.append(Reading(Form.HONORS_AND_KNITTED, knitted=suited, singles=singles))
    if n_melds <= 1:
        pattern = _knitted_pattern_of(counts)
        if pattern is not None:
            for sets, pair in set_divisions(tuple(_without(counts, pattern)), 1 - n_melds):
                out.append(Reading(Form.KNITTED_STRAIGHT, sets=melds + sets, pair=pair, knitted=pattern))
    for sets, pair in set_divisions(counts, 4 - n_melds):
        out.append(Reading(Form.REGULAR, sets=melds + sets, pair=pair))
    return tuple(out)


_MELD_SET = {
    MeldKind.CHOW: (SetKind.CHOW, False),
    MeldKind.PUNG: (SetKind.PUNG, False),
    MeldKind.MELDED_KONG: (SetKind.KONG, False),
    MeldKind.PROMOTED_KONG: (SetKind.KONG, False),  # K3: a promoted kong is a melded kong
    MeldKind.CONCEALED_KONG: (SetKind.KONG, True),
}


def meld_sets(hand: Hand) -> tuple[TileSet, ...]:
    """The hand's declared melds as reading sets."""
    out = []
    for m in hand.melds:
        kind, concealed = _MELD_SET[m.kind]
        out.append(tile_set(kind, m.tile, True, concealed))
    return tuple(out)


def readings(hand: Hand) -> tuple[Reading, ...]:
    """Every reading of a winning hand (14 tiles, kongs counted as three), special forms first, then the
    regular divisions in ascending order. Empty when the tiles form no winning shape."""
    return readings_of_counts(concealed_counts(hand), meld_sets(hand))


@lru_cache(maxsize=65536)
def is_complete(counts: Counts, n_melds: int) -> bool:
    """Do these concealed tiles (``14 - 3 * n_melds`` of them) plus ``n_melds`` melds form a winning shape?

    Shape only: a fifth copy of a tile is accepted here (wait analysis, FANS.md H3, needs that).
    """
    if n_melds == 0 and (_is_seven_pairs(counts) or _is_thirteen_orphans(counts)
                         or _is_honors_and_knitted(counts)):
        return True
    if n_melds <= 1:
        pattern = _knitted_pattern_of(counts)
        if pattern is not None and _divisible_by_groups(tuple(_without(counts, pattern)), 1 - n_melds):
            return True
    return _divisible_by_groups(counts, 4 - n_melds)


def _divisible_by_groups(counts: Counts, n_sets: int) -> bool:
    """Is there a division of ``counts`` into ``n_sets`` sets and a pair? Each group on its own (cached)."""
    if sum(counts) != 3 * n_sets + 2:
        return False
    pairs = 0
    for lo, hi in _GROUPS:
        group = counts[lo:hi]
        rem = sum(group) % 3
        if rem == 1:
            return False
        pairs += rem == 2
        if pairs > 1 or not _group_complete(lo, group):
            return False
    return pairs == 1


@lru_cache(maxsize=1 << 14)
def _knitted_held(suit: Counts) -> tuple[int, int, int]:
    """How many of the ranks 147, 258 and 369 one suit holds (a knitted pattern takes one of them)."""
    held = [n > 0 for n in suit]
    return held[0] + held[3] + held[6], held[1] + held[4] + held[7], held[2] + held[5] + held[8]


def special_waits(counts: Counts, n_melds: int) -> set[Tile]:
    """The kinds completing ``counts`` (``13 - 3 * n_melds`` concealed tiles) into a special form: seven
    pairs, thirteen orphans, 全不靠 (no melds) or a knitted straight + set + pair (at most one meld). The
    forms' definitions are those of ``is_complete``, solved for the one missing tile."""
    out: set[Tile] = set()
    if n_melds == 0:
        if counts.count(1) + counts.count(3) + counts.count(5) == 1:  # seven pairs: the one odd kind
            out.add(next(t for t, n in enumerate(counts) if n % 2))
        if not any(counts[1:8]) and not any(counts[10:17]) and not any(counts[19:26]):
            missing = [t for t in TERMINALS_AND_HONORS if not counts[t]]
            if len(missing) <= 1:
                out.update(missing or TERMINALS_AND_HONORS)
        if max(counts) <= 1:
            suited = {t for t in range(27) if counts[t]}
            for p in _KNITTED_SETS:
                if suited <= p:
                    out.update(t for t in range(27, NUM_KINDS) if not counts[t])
                    out.update(t for t in p if not counts[t])
    if n_melds <= 1 and (max(_knitted_held(counts[:9])) + max(_knitted_held(counts[9:18]))
                         + max(_knitted_held(counts[18:27]))) >= 8:
        for pattern in KNITTED_PATTERNS:
            missing = [t for t in pattern if not counts[t]]
            if not missing:
                out.update(regular_waits(tuple(_without(counts, pattern)), 1 - n_melds))
            elif len(missing) == 1:
                rest = _without(counts, pattern)
                rest[missing[0]] += 1
                if _divisible_by_groups(tuple(rest), 1 - n_melds):
                    out.add(missing[0])
    return out
