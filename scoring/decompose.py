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
(see ``scoring.fan_rules.concealment``), so a reading here is only the division of the tiles.

Everything is computed on tile-count tuples and memoised, so the readings of a hand shape are found once.

>>> from scoring.notation import parse_hand
>>> [r.describe() for r in readings(parse_hand("1122335577889m9m"))]
['seven pairs: 11m 22m 33m 55m 77m 88m 99m', '4 sets + pair: 123m 123m 789m 789m 55m']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import lru_cache

from scoring.model import Hand, MeldKind
from scoring.tiles import NUM_KINDS, TERMINALS_AND_HONORS, Tile, name

__all__ = [
    "KNITTED_PATTERNS", "Form", "Reading", "SetKind", "TileSet", "all_counts", "concealed_counts", "divisions",
    "is_complete", "readings",
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
    """

    kind: SetKind
    tile: Tile
    declared: bool = False
    concealed: bool = True

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is SetKind.CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind is SetKind.KONG else 3)

    @property
    def is_chow(self) -> bool:
        return self.kind is SetKind.CHOW

    @property
    def is_pung(self) -> bool:
        """Pung or kong: a kong counts as a pung for every pung fan."""
        return self.kind is not SetKind.CHOW

    def __str__(self) -> str:
        t = self.tiles
        if t[0] >= 27:
            return "".join(name(x) for x in t)
        return "".join(str(x % 9 + 1) for x in t) + name(t[0])[1]


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

Division = tuple[tuple[tuple[SetKind, Tile], ...], Tile]  # (concealed sets ascending, pair)


def _set_key(s: tuple[SetKind, Tile]) -> tuple[Tile, Tile, Tile]:
    kind, t = s
    return (t, t + 1, t + 2) if kind is SetKind.CHOW else (t, t, t)


@lru_cache(maxsize=65536)
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
    found: set[Division] = set()
    _divide(list(counts), n_sets, True, 0, [], found)
    return tuple(sorted(found, key=lambda d: (tuple(_set_key(s) for s in d[0]), d[1])))


def _divide(c: list[int], n_sets: int, need_pair: bool, start: int, acc: list[tuple[SetKind, Tile]],
            found: set[Division], pair: Tile = -1) -> None:
    # The lowest remaining tile must belong to the pair, a pung or a chow starting on it: each division is
    # reached exactly once per choice sequence. No kind below ``start`` is left in ``c``. (``_divisible`` is
    # the same search stopping at the first division; a shared generator measured ~10% slower there.)
    i = start
    while i < NUM_KINDS and not c[i]:
        i += 1
    if i == NUM_KINDS:
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
    return sum(c) == 14 and all(n % 2 == 0 for n in c)


def _is_thirteen_orphans(c: Counts) -> bool:
    return sum(c) == 14 and all(c[t] >= 1 for t in _ORPHANS) and all(
        n == 0 for t, n in enumerate(c) if t not in _ORPHANS)


def _knitted_pattern_of(c: Counts) -> tuple[Tile, ...] | None:
    """The knitted pattern whose nine tiles are all in ``c`` (at most one can be, with 14 tiles)."""
    for pattern in KNITTED_PATTERNS:
        for t in pattern:  # a plain loop: this runs for every candidate of every wait check
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
    if sum(c) != 14 or any(n > 1 for n in c):
        return False
    suited = {t for t, n in enumerate(c) if n and t < 27}
    return any(suited <= p for p in _KNITTED_SETS)


@lru_cache(maxsize=65536)
def _readings_of(counts: Counts, melds: tuple[TileSet, ...]) -> tuple[Reading, ...]:
    out: list[Reading] = []
    n_melds = len(melds)
    if n_melds == 0:
        if _is_seven_pairs(counts):
            pairs = tuple(t for t, n in enumerate(counts) for _ in range(n // 2))
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
            for sets, pair in divisions(tuple(_without(counts, pattern)), 1 - n_melds):
                ts = melds + tuple(TileSet(k, t) for k, t in sets)
                out.append(Reading(Form.KNITTED_STRAIGHT, sets=ts, pair=pair, knitted=pattern))
    for sets, pair in divisions(counts, 4 - n_melds):
        ts = melds + tuple(TileSet(k, t) for k, t in sets)
        out.append(Reading(Form.REGULAR, sets=ts, pair=pair))
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
        out.append(TileSet(kind, m.tile, declared=True, concealed=concealed))
    return tuple(out)


def readings(hand: Hand) -> tuple[Reading, ...]:
    """Every reading of a winning hand (14 tiles, kongs counted as three), special forms first, then the
    regular divisions in ascending order. Empty when the tiles form no winning shape."""
    return _readings_of(concealed_counts(hand), meld_sets(hand))


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
        if pattern is not None and _divisible(_without(counts, pattern), 1 - n_melds, True, 0):
            return True
    return _divisible(list(counts), 4 - n_melds, True, 0)


def _divisible(c: list[int], n_sets: int, need_pair: bool, start: int) -> bool:
    """Is there at least one division of ``c`` into ``n_sets`` sets and a pair? ``divisions`` without
    collecting them: the same search (``_divide``), stopping at the first division found. No tile kind
    below ``start`` is left in ``c``."""
    i = start
    while i < NUM_KINDS and not c[i]:
        i += 1
    if i == NUM_KINDS:
        return n_sets == 0 and not need_pair
    found = False
    if need_pair and c[i] >= 2:
        c[i] -= 2
        found = _divisible(c, n_sets, False, i)
        c[i] += 2
    if found or n_sets == 0:
        return found
    if c[i] >= 3:
        c[i] -= 3
        found = _divisible(c, n_sets - 1, need_pair, i)
        c[i] += 3
    if not found and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        found = _divisible(c, n_sets - 1, need_pair, i)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    return found
