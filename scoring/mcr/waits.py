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

from scoring.errors import TileCountError
from scoring.mcr.decompose import Counts, all_counts, concealed_counts, regular_waits, special_waits
from scoring.model import Hand
from scoring.tiles import Tile

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
    """Every kind ``t`` with ``is_complete(counts + t, n_melds)``, found form by form: the four-sets form
    group by group (``regular_waits``, cached per suit), the special forms solved for the missing tile."""
    if sum(counts) != 13 - 3 * n_melds:
        return ()  # no form has that many tiles
    kinds = regular_waits(counts, 4 - n_melds)
    if n_melds <= 1:
        special = special_waits(counts, n_melds)
        if special:
            return tuple(sorted(special.union(kinds)))
    return kinds


def completing_kinds(hand: Hand) -> tuple[Tile, ...]:
    """Tile kinds that complete the 13 tiles into a winning shape, by shape alone (H3)."""
    h = _thirteen(hand)
    return _completing(concealed_counts(h), len(h.melds))


def is_single_wait(counts: Counts, n_melds: int, winning: Tile) -> bool:
    """Is ``winning`` the only kind that completes these 13 − 3 × melds concealed tiles (H3)? That is,
    ``completing_kinds_of(counts, n_melds) == (winning,)``."""
    return _completing(counts, n_melds) == (winning,)


def completing_kinds_of(counts: Counts, n_melds: int) -> tuple[Tile, ...]:
    """``completing_kinds`` on ready-made concealed counts (13 − 3 × melds tiles)."""
    return _completing(counts, n_melds)


def waiting_tiles(hand: Hand) -> tuple[Tile, ...]:
    """Tile kinds the 13-tile ``hand`` waits on, leaving out kinds it already holds all four copies of."""
    held = all_counts(_thirteen(hand))
    return tuple(t for t in completing_kinds(hand) if held[t] < 4)
