"""What a 13-tile hand waits on.

Two questions, two answers:

- ``completing_kinds`` — the shape question of FANS.md H3: which tile kinds would complete the 13 tiles in any
  winning form (4 sets + pair, seven pairs, thirteen orphans, the knitted forms), *regardless of how many
  copies are visible or held*. A kind the hand already holds four of still counts here: ``4444567m`` waits
  on 4m and 7m by shape, so winning on 7m is not a single wait (source 001, 边张 note).
- ``waiting_tiles`` — the practical question (GUI, ``mcr-score --waits``): the kinds that can actually still
  arrive. A kind of which the hand (melds included) already holds all four copies is left out, because a
  fifth copy does not exist.

>>> from scoring.notation import parse_hand
>>> waiting_tiles(parse_hand("1112345678999m"))
(0, 1, 2, 3, 4, 5, 6, 7, 8)
>>> [completing_kinds(parse_hand("[123p][456s]4444567m")), waiting_tiles(parse_hand("[123p][456s]4444567m"))]
[(3, 6), (6,)]
"""

from __future__ import annotations

from functools import lru_cache

from scoring.decompose import KNITTED_PATTERNS, Counts, all_counts, concealed_counts, is_complete
from scoring.errors import TileCountError
from scoring.model import Hand
from scoring.tiles import NUM_KINDS, TERMINALS_AND_HONORS, Tile

_ORPHANS = frozenset(TERMINALS_AND_HONORS)

__all__ = ["completing_kinds", "completing_kinds_of", "is_single_wait", "waiting_tiles"]


def _thirteen(hand: Hand) -> Hand:
    if hand.winning is not None:
        raise TileCountError("a winning hand has 14 tiles; waits are asked of the 13 tiles before the win "
                             "(leave out the winning tile)", reason="winning_hand")
    if len(hand.melds) > 4 or len(hand.standing) != 13 - 3 * len(hand.melds):
        raise TileCountError(f"{len(hand.standing)} standing tiles after {len(hand.melds)} melds, expected "
                             f"{13 - 3 * len(hand.melds)} for a waiting hand", reason="waiting_tile_count",
                             tiles=len(hand.standing), melds=len(hand.melds), expected=13 - 3 * len(hand.melds))
    return hand


@lru_cache(maxsize=65536)
def _completing(counts: Counts, n_melds: int) -> tuple[Tile, ...]:
    out = []
    c = list(counts)
    for t in _candidates(counts, n_melds):
        c[t] += 1
        if is_complete(tuple(c), n_melds):
            out.append(t)
        c[t] -= 1
    return tuple(out)


def _candidates(counts: Counts, n_melds: int) -> list[Tile]:
    """Kinds that could possibly complete the hand (pruning only; the exact test is ``is_complete``).

    Sets and pairs need a held tile of the same kind or a held tile at most two ranks away; seven pairs
    needs a held kind. Thirteen orphans and the knitted forms can use tiles not next to anything, so hands
    that may take those forms try the terminals/honours or every kind.
    """
    held = [t for t in range(NUM_KINDS) if counts[t]]
    if n_melds == 0 and max(counts) <= 1:
        return list(range(NUM_KINDS))  # 全不靠 / 七星不靠 waits
    cand: set[Tile] = set()
    for t in held:
        if t >= 27:
            cand.add(t)
            continue
        base = t - t % 9
        cand.update(k for k in range(max(base, t - 2), min(base + 8, t + 2) + 1))
    if n_melds == 0 and all(t in _ORPHANS for t in held):
        cand.update(_ORPHANS)
    if n_melds <= 1:
        for pattern in KNITTED_PATTERNS:
            if sum(1 for t in pattern if counts[t]) >= 8:
                cand.update(pattern)
    return sorted(cand)


def completing_kinds(hand: Hand) -> tuple[Tile, ...]:
    """Tile kinds that complete the 13 tiles into a winning shape, by shape alone (H3)."""
    h = _thirteen(hand)
    return _completing(concealed_counts(h), len(h.melds))


@lru_cache(maxsize=65536)
def is_single_wait(counts: Counts, n_melds: int, winning: Tile) -> bool:
    """Is ``winning`` the only kind that completes these 13 − 3 × melds concealed tiles (H3)? The same answer
    as ``completing_kinds_of(counts, n_melds) == (winning,)``, but it stops at the first other completing kind
    (the engine asks this of every hand it scores)."""
    candidates = _candidates(counts, n_melds)
    if winning not in candidates:
        return False
    c = list(counts)
    for t in (*(t for t in candidates if t != winning), winning):
        c[t] += 1
        complete = is_complete(tuple(c), n_melds)
        c[t] -= 1
        if complete != (t == winning):
            return False
    return True


def completing_kinds_of(counts: Counts, n_melds: int) -> tuple[Tile, ...]:
    """``completing_kinds`` on ready-made concealed counts (13 − 3 × melds tiles)."""
    return _completing(counts, n_melds)


def waiting_tiles(hand: Hand) -> tuple[Tile, ...]:
    """Tile kinds the 13-tile ``hand`` waits on, leaving out kinds it already holds all four copies of."""
    held = all_counts(_thirteen(hand))
    return tuple(t for t in completing_kinds(hand) if held[t] < 4)
