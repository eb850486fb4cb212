"""The hand being built in the tile picker, as a value, and what a click does to it: the one home of the
picker's rules (the meld modes, four copies, room for the winning tile), shared by MCR's hand entry
(``hand_vm``) and Riichi's (``riichi_vm``). Pure: no Qt, no scoring, only the hand's model.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scoring import tiles as T
from scoring.model import Hand, Meld, MeldKind


class Mode(StrEnum):
    """What a click on a tile in the picker does."""

    TILE = "tile"  # add a standing tile (the 14th tile becomes the winning tile)
    CHOW = "chow"  # add the chow starting at the tile
    PUNG = "pung"
    KONG = "kong"  # melded kong
    CONCEALED_KONG = "concealed_kong"
    WIN = "win"  # set the winning tile


MODE_KIND = {
    Mode.CHOW: MeldKind.CHOW, Mode.PUNG: MeldKind.PUNG,
    Mode.KONG: MeldKind.MELDED_KONG, Mode.CONCEALED_KONG: MeldKind.CONCEALED_KONG,
}


# The red fives of Riichi (0m 0s 0p) in the picker and in the tile rows: ids after the 34 kinds, each
# standing for the five of its suit (what it scores as) drawn from its own face (``0m.svg``…)
RED_FIVES: dict[int, int] = {34: 4, 35: 13, 36: 22}  # picker id -> the five's kind (5m, 5s, 5p)
RED_OF_FIVE: dict[int, int] = {five: red for red, five in RED_FIVES.items()}


def face_name(t: int) -> str:
    """A tile's name in the notation, red fives as ``0m``/``0s``/``0p``: the face file it is drawn from."""
    five = RED_FIVES.get(t)
    return T.name(t) if five is None else "0" + T.name(five)[1]


def kind(t: int) -> int:
    """The kind a tile counts as (a red five is a five)."""
    return RED_FIVES.get(t, t)


@dataclass(frozen=True, slots=True)
class Tiles:
    """The tiles entered so far: melds, standing tiles in the order clicked, the winning tile."""

    melds: tuple[Meld, ...] = ()
    standing: tuple[int, ...] = ()
    winning: int | None = None

    def hand(self) -> Hand:
        return Hand(melds=self.melds, standing=tuple(sorted(self.standing)), winning=self.winning)


def tile_count(melds: tuple[Meld, ...], standing: tuple[int, ...], winning: int | None) -> int:
    """Tiles toward the 14 of a winning hand (a kong counts as a set of three)."""
    return 3 * len(melds) + len(standing) + (winning is not None)


def copies(s: Tiles) -> tuple[int, ...]:
    """How many of each tile kind the hand holds (the picker's badges)."""
    counts = [0] * T.NUM_KINDS
    for t in s.hand().all_tiles():
        counts[t] += 1
    return tuple(counts)


def can_add(s: Tiles, counts: tuple[int, ...], t: int, mode: Mode) -> bool:
    """Whether clicking ``t`` in ``mode`` makes sense (the picker greys out the rest)."""
    n = tile_count(s.melds, s.standing, s.winning)
    if mode is Mode.WIN:
        return counts[t] < 4 or s.winning == t
    if mode is Mode.TILE:
        return counts[t] < 4 and n < 14
    if n + 3 > (13 if s.winning is None else 14):
        # a meld leaves room for the winning tile: claimed melds never hold it, so one that made the 14th
        # tile before it was a dead end (the phone's rule too: tests/fixtures/hand_entry_cases.json)
        return False
    if mode is Mode.CHOW:
        return t < 27 and t % 9 <= 6 and all(counts[t + i] < 4 for i in range(3))
    need = 3 if mode is Mode.PUNG else 4
    return counts[t] + need <= 4


def clicked(s: Tiles, t: int, mode: Mode) -> Tiles:
    """The tiles after a click on ``t`` in ``mode`` (``can_add`` said yes)."""
    if mode is Mode.WIN:
        return replace(s, winning=t)
    if mode is Mode.TILE:
        if tile_count(s.melds, s.standing, s.winning) == 13 and s.winning is None:
            return replace(s, winning=t)  # the 14th tile clicked is the winning tile
        return replace(s, standing=s.standing + (t,))
    return replace(s, melds=s.melds + (Meld(MODE_KIND[mode], t, 0 if mode is Mode.CONCEALED_KONG else 1),))


def without_meld(s: Tiles, i: int) -> Tiles:
    return replace(s, melds=s.melds[:i] + s.melds[i + 1:])


def without_standing(s: Tiles, t: int) -> Tiles | None:
    """The tiles without one standing ``t``; None when there is none."""
    standing = list(s.standing)
    if t not in standing:
        return None
    standing.remove(t)
    return replace(s, standing=tuple(standing))


def without_last(s: Tiles) -> Tiles | None:
    """The tiles without the last tile or meld entered (the winning tile first); None when empty."""
    if s.winning is not None:
        return replace(s, winning=None)
    if s.standing:
        return replace(s, standing=s.standing[:-1])
    if s.melds:
        return without_meld(s, len(s.melds) - 1)
    return None
