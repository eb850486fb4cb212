"""Random legal winning hands and consistent win situations, seeded, for property tests and benchmarks.

Every hand is a complete winning shape by construction (4 sets + pair with chows, pungs, melded,
concealed and promoted kongs; seven pairs; thirteen orphans; honors-and-knitted; knitted straight + set +
pair; nine gates), no tile kind appears more than four times, and the situation never contradicts the
hand (see ``scoring.mcr.validate``).

>>> import random
>>> from scoring.notation import parse_hand
>>> g = random_winning_hand(random.Random(7))
>>> parse_hand(g.notation) == g.hand
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from scoring.mcr.decompose import KNITTED_PATTERNS
from scoring.model import Hand, Meld, MeldKind, WinContext, Wind
from scoring.notation import format_hand
from scoring.tiles import GREEN_TILES, HONORS, NUM_KINDS, TERMINALS, TERMINALS_AND_HONORS, Tile

__all__ = ["FORMS", "GeneratedHand", "generate_hands", "random_context", "random_winning_hand"]

# Relative frequency of each form; ordinary hands dominate, as at a real table.
FORMS: dict[str, int] = {
    "regular": 80,
    "seven_pairs": 7,
    "thirteen_orphans": 3,
    "honors_and_knitted": 3,
    "knitted_straight": 4,
    "nine_gates": 1,
    "all_honors_pungs": 2,
    "one_suit": 6,
    "all_green": 1,
    "seven_shifted_pairs": 1,
    "terminal": 2,
    "even_pungs": 1,
}
_WINDS = tuple(Wind)


@dataclass(frozen=True, slots=True)
class GeneratedHand:
    hand: Hand
    ctx: WinContext
    notation: str
    form: str


Pool = tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...]]  # chow starts, pung tiles, pair tiles
_ANY: Pool = (tuple(s * 9 + r for s in range(3) for r in range(7)), tuple(range(NUM_KINDS)),
              tuple(range(NUM_KINDS)))
_HONORS_ONLY: Pool = ((), HONORS, HONORS)
_GREEN: Pool = ((10,), tuple(sorted(GREEN_TILES)), tuple(sorted(GREEN_TILES)))
# Terminal chows (123, 789), terminal pungs and a pair of 5 or a terminal: the "two dragons" families.
_TERMINAL: Pool = ((0, 6, 9, 15, 18, 24), TERMINALS, TERMINALS + (4, 13, 22))
_EVEN: Pool = ((), tuple(s * 9 + r for s in range(3) for r in (1, 3, 5, 7)),
               tuple(s * 9 + r for s in range(3) for r in (1, 3, 5, 7)))


def _one_suit(suit: int) -> Pool:
    tiles = tuple(range(suit * 9, suit * 9 + 9))
    return tiles[:7], tiles, tiles + HONORS[:1]


def _pick_set(rng: random.Random, counts: list[int], pool: Pool) -> tuple[str, Tile] | None:
    """A chow or pung from ``pool`` that still fits in ``counts`` (each kind at most 4), or None."""
    chow_starts, pung_tiles, _ = pool
    for _ in range(30):
        if chow_starts and rng.random() < 0.6:
            start = rng.choice(chow_starts)
            if all(counts[start + d] < 4 for d in range(3)):
                return "chow", start
        else:
            t = rng.choice(pung_tiles)
            if counts[t] <= 1:
                return "pung", t
    return None


def _declare(rng: random.Random, kind: str, t: Tile, counts: list[int], kong_chance: float = 0.3) -> Meld:
    """Turn a chow/pung into a declared meld; pungs sometimes become kongs when the fourth copy is free."""
    if kind == "chow":
        return Meld(MeldKind.CHOW, t, rng.choice((0, 1, 2, 3)))
    if counts[t] == 3 and rng.random() < kong_chance:
        counts[t] += 1  # the fourth copy
        roll = rng.random()
        if roll < 0.4:
            return Meld(MeldKind.CONCEALED_KONG, t, 0)
        if roll < 0.75:
            return Meld(MeldKind.MELDED_KONG, t, rng.randint(1, 3))
        return Meld(MeldKind.PROMOTED_KONG, t, rng.randint(5, 7))
    return Meld(MeldKind.PUNG, t, rng.choice((0, 1, 2, 3)))


def _regular(rng: random.Random, pool: Pool = _ANY) -> Hand | None:
    counts = [0] * NUM_KINDS
    sets: list[tuple[str, Tile]] = []
    for _ in range(4):
        picked = _pick_set(rng, counts, pool)
        if picked is None:
            return None
        kind, t = picked
        for x in ((t, t + 1, t + 2) if kind == "chow" else (t, t, t)):
            counts[x] += 1
        sets.append(picked)
    pair_choices = [t for t in pool[2] if counts[t] <= 2]
    if not pair_choices:
        return None
    pair = rng.choice(pair_choices)
    counts[pair] += 2
    declared_wanted = rng.choice((0, 0, 1, 1, 2, 2, 3, 4))
    melds: list[Meld] = []
    concealed: list[Tile] = [pair, pair]
    for i, (kind, t) in enumerate(sets):
        # A kong is always declared; otherwise the first ``declared_wanted`` sets are.
        if i < declared_wanted:
            melds.append(_declare(rng, kind, t, counts))
        elif kind == "pung" and counts[t] == 3 and rng.random() < 0.12:
            melds.append(_declare(rng, kind, t, counts, kong_chance=1.0))
        else:
            concealed.extend((t, t + 1, t + 2) if kind == "chow" else (t, t, t))
    rng.shuffle(melds)
    return _finish(rng, melds, concealed)


def _finish(rng: random.Random, melds: list[Meld], concealed: list[Tile]) -> Hand:
    """Choose the winning tile among the concealed tiles; the rest stand, sorted."""
    win = concealed.pop(rng.randrange(len(concealed)))
    return Hand(tuple(melds), tuple(sorted(concealed)), win)


def _seven_pairs(rng: random.Random) -> Hand:
    kinds = rng.sample(range(NUM_KINDS), 7)
    if rng.random() < 0.15:  # two pairs of one kind (四归一 in seven pairs)
        kinds[6] = kinds[0]
    return _finish(rng, [], [t for t in kinds for _ in (0, 1)])


def _thirteen_orphans(rng: random.Random) -> Hand:
    tiles = list(TERMINALS_AND_HONORS) + [rng.choice(TERMINALS_AND_HONORS)]
    return _finish(rng, [], tiles)


def _honors_and_knitted(rng: random.Random) -> Hand:
    pool = list(rng.choice(KNITTED_PATTERNS)) + list(HONORS)
    return _finish(rng, [], rng.sample(pool, 14))


def _knitted_straight(rng: random.Random) -> Hand | None:
    counts = [0] * NUM_KINDS
    knitted = rng.choice(KNITTED_PATTERNS)
    for t in knitted:
        counts[t] += 1
    picked = _pick_set(rng, counts, _ANY)
    if picked is None:
        return None
    kind, t = picked
    set_tiles = (t, t + 1, t + 2) if kind == "chow" else (t, t, t)
    for x in set_tiles:
        counts[x] += 1
    pair = rng.choice([x for x in range(NUM_KINDS) if counts[x] <= 2])
    concealed = list(knitted) + [pair, pair]
    melds: list[Meld] = []
    if rng.random() < 0.3:
        melds.append(_declare(rng, kind, t, counts))
    else:
        concealed.extend(set_tiles)
    return _finish(rng, melds, concealed)


def _nine_gates(rng: random.Random) -> Hand:
    base = rng.randrange(3) * 9
    thirteen = [base + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
    return Hand((), tuple(thirteen), base + rng.randrange(9))


def _seven_shifted_pairs(rng: random.Random) -> Hand | None:
    start = rng.randrange(3) * 9 + rng.randrange(3)
    return _finish(rng, [], [start + r for r in range(7) for _ in (0, 1)])


# Each form's maker: a hand, or None to try again (the same random draws, in the same order, as one chain of
# ifs made them: a seed gives the same hands)
_FORM_MAKERS: dict[str, Callable[[random.Random], Hand | None]] = {
    "regular": _regular,
    "all_honors_pungs": lambda rng: _regular(rng, _HONORS_ONLY),
    "one_suit": lambda rng: _regular(rng, _one_suit(rng.randrange(3))),
    "terminal": lambda rng: _regular(rng, _TERMINAL),
    "even_pungs": lambda rng: _regular(rng, _EVEN),
    "all_green": lambda rng: _regular(rng, _GREEN),
    "seven_shifted_pairs": _seven_shifted_pairs,
    "seven_pairs": _seven_pairs,
    "thirteen_orphans": _thirteen_orphans,
    "honors_and_knitted": _honors_and_knitted,
    "knitted_straight": _knitted_straight,
    "nine_gates": _nine_gates,
}


def random_winning_hand_only(rng: random.Random, form: str | None = None) -> tuple[Hand, str]:
    """A legal winning hand of ``form`` (chosen by ``FORMS`` weights when None) and the form's name."""
    if form is None:
        form = rng.choices(list(FORMS), weights=list(FORMS.values()))[0]
    make = _FORM_MAKERS.get(form)
    if make is None:
        raise ValueError(f"unknown hand form {form!r}; forms: {', '.join(FORMS)}")
    while True:
        hand = make(rng)
        if hand is not None:
            return hand, form


def random_context(rng: random.Random, hand: Hand) -> WinContext:
    """A situation consistent with ``hand`` (no combination that ``scoring.mcr.validate`` rejects)."""
    win = hand.winning
    assert win is not None, "a waiting hand has no win situation"
    self_drawn = rng.random() < 0.35
    fourth_tile = win not in hand.standing and rng.random() < 0.12
    if self_drawn:
        kong_related = any(m.kind.is_kong for m in hand.melds) and rng.random() < 0.3
    else:
        in_hand = win in hand.standing or any(win in m.tiles for m in hand.melds)
        kong_related = not in_hand and rng.random() < 0.1
    return WinContext(
        self_drawn=self_drawn,
        fourth_tile=fourth_tile,
        kong_related=kong_related,
        last_tile_of_wall=rng.random() < 0.06,
        seat_wind=rng.choice(_WINDS),
        prevalent_wind=rng.choice(_WINDS),
        flowers=rng.choice((0, 0, 0, 0, 1, 1, 2, 3, 4, 8)),
    )


def random_winning_hand(rng: random.Random, form: str | None = None) -> GeneratedHand:
    hand, form = random_winning_hand_only(rng, form)
    return GeneratedHand(hand, random_context(rng, hand), format_hand(hand), form)


def iter_hands(seed: int = 0) -> Iterator[GeneratedHand]:
    rng = random.Random(seed)
    while True:
        yield random_winning_hand(rng)


def generate_hands(count: int, seed: int = 0) -> list[GeneratedHand]:
    """``count`` hands from ``seed`` (the same seed always gives the same hands).

    >>> [g.notation for g in generate_hands(3, seed=1)] == [g.notation for g in generate_hands(3, seed=1)]
    True
    """
    it = iter_hands(seed)
    return [next(it) for _ in range(count)]


def _main() -> None:  # pragma: no cover - a quick look: python -m scoring.mcr.generate
    for g in generate_hands(20):
        print(g.form.ljust(20), g.notation)


if __name__ == "__main__":  # pragma: no cover
    _main()
