"""Fan detectors: small pure functions, one module per family, each looking at one reading of a hand.

Every detector takes a ``View`` (a reading plus how the hand was won) and returns ``Found`` occurrences:
the fan, the tiles that make it, and which sets of the reading it uses. Detectors report every fan whose
definition the reading satisfies; ``scoring.exclusions`` then removes what the rules do not let count
together. Families:

- ``sets``: fans made of two to four sets (一般高 … 一色四步高, 双同刻 … 大四喜) and of single pungs
  (箭刻, 圈风刻, 门风刻, 幺九刻);
- ``shape``: fans of the whole division (碰碰和, 平和, 全带幺, 全带五, 全双刻, the two 双龙会);
- ``suits``: colours, suits, terminals and ranks of all tiles (清一色 … 无字, 清幺九, 断幺, 全大 …);
- ``concealment``: kongs, concealed pungs, 门前清 / 不求人 / 全求人, 四归一;
- ``situation``: how the hand was won (自摸, 和绝张, 妙手回春 …) and the wait (边张, 嵌张, 单钓将);
- ``special``: the special forms (七对, 十三幺, 全不靠 …, 组合龙, 九莲宝灯).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain, repeat
from typing import NamedTuple

from scoring.decompose import Counts, Form, Reading, TileSet
from scoring.fans import Fan
from scoring.model import WinContext
from scoring.tiles import Tile

__all__ = ["PAIR", "Found", "View"]

PAIR = 9  # the set index that stands for the pair in ``Found.sets``


class Found(NamedTuple):
    """One occurrence of a fan: ``tiles`` are the groups making it, ``sets`` the reading's set indexes used
    (``PAIR`` for the pair); empty ``sets`` means the fan belongs to the whole hand. (An immutable named
    tuple rather than a frozen dataclass: every reading makes several, and a tuple is made in a third of the
    time.)"""

    fan: Fan
    tiles: tuple[tuple[Tile, ...], ...]
    sets: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class View:
    """A reading seen with its situation.

    ``exposed[i]``: set ``i`` is not concealed — a declared chow, pung or melded kong, or (discard win) the
    concealed pung the winning tile completed. ``unique_wait``: exactly one tile kind completes the 13 tiles
    (H3). ``fourth_tile``: 和绝张 applies (the flag, or three copies in the winner's own melds, W2).
    ``nine_gates``: the 13 tiles before the win were 1112345678999 of one suit (S3).

    Filled in at creation, for the detectors: ``chows`` and ``pungs`` (kongs included) as (set index, set)
    in set order, ``tiles`` (every tile of the hand, ascending) and ``kinds`` (bit ``t`` set when the hand
    holds kind ``t``).
    """

    reading: Reading
    ctx: WinContext
    winning: Tile
    counts: Counts
    exposed: tuple[bool, ...]
    unique_wait: bool
    fourth_tile: bool
    nine_gates: bool
    chows: tuple[tuple[int, TileSet], ...] = field(init=False, repr=False, compare=False)
    pungs: tuple[tuple[int, TileSet], ...] = field(init=False, repr=False, compare=False)
    tiles: tuple[Tile, ...] = field(init=False, repr=False, compare=False)
    kinds: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        chows = []
        pungs = []
        for i, s in enumerate(self.reading.sets):
            (chows if s.is_chow else pungs).append((i, s))
        tiles, kinds = hand_tiles(self.counts)
        set_field = object.__setattr__
        set_field(self, "chows", tuple(chows))
        set_field(self, "pungs", tuple(pungs))
        set_field(self, "tiles", tiles)
        set_field(self, "kinds", kinds)

    @property
    def form(self) -> Form:
        return self.reading.form

    @property
    def sets(self) -> tuple[TileSet, ...]:
        return self.reading.sets

    @property
    def pair(self) -> Tile | None:
        return self.reading.pair

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        return self.tiles

    def hand_group(self) -> tuple[tuple[Tile, ...], ...]:
        """The tiles of a whole-hand fan: one group holding every tile."""
        return (self.tiles,)

    def win_group(self) -> tuple[tuple[Tile, ...], ...]:
        return ((self.winning,),)


def hand_tiles(counts: Counts) -> tuple[tuple[Tile, ...], int]:
    """Every tile of ``counts`` ascending, and the bit mask of the kinds held (C-level loops only)."""
    tiles = tuple(chain.from_iterable(map(repeat, range(len(counts)), counts)))
    return tiles, int(bytes(counts).translate(_HELD)[::-1], 2)


_HELD = bytes([ord("0")] + [ord("1")] * 255)  # a count byte -> "1" when the kind is held
