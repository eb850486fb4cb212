"""Fan detectors: small pure functions, one module per family, each looking at one reading of a hand.

Every detector takes a ``View`` (a reading plus how the hand was won) and returns ``Found`` occurrences:
the fan, the tiles that make it, and which sets of the reading it uses. Detectors report every fan whose
definition the reading satisfies; ``scoring.mcr.exclusions`` then removes what the rules do not let count
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

from typing import NamedTuple

from scoring.mcr.decompose import Counts, Form, Reading, TileSet
from scoring.mcr.fans import Fan
from scoring.mcr.waits import is_single_wait
from scoring.model import WinContext
from scoring.tiles import Tile

__all__ = ["HAND_TILES", "PAIR", "Found", "Situation", "View", "kinds_held"]

PAIR = 9  # the set index that stands for the pair in ``Found.sets``

# The tiles of a whole-hand fan (清一色, 断幺 …) are every tile of the hand. Its detectors name them with
# this marker and ``engine._result`` puts the hand's tiles in its place: a reading that is not chosen, and
# the ``--stream`` answer (which has no tiles), never spell the hand out. (A tile -1 is no tile.)
HAND_TILES: tuple[tuple[Tile, ...], ...] = ((-1,),)


class Found(NamedTuple):
    """One occurrence of a fan: ``tiles`` are the groups making it (``HAND_TILES`` for every tile of the
    hand), ``sets`` the reading's set indexes used (``PAIR`` for the pair); empty ``sets`` means the fan
    belongs to the whole hand. (An immutable named tuple rather than a frozen dataclass: every reading makes
    several, and a tuple is made in a third of the time.)"""

    fan: Fan
    tiles: tuple[tuple[Tile, ...], ...]
    sets: frozenset[int] = frozenset()


class Situation:
    """What every reading of one winning hand shares, found once per hand: the winning tile, the counts of
    every tile (kongs as four), ``kinds`` (bit ``t`` set when the hand holds kind ``t``), 和绝张 (the flag, or
    three copies in the winner's own melds, W2) and 九莲宝灯's wait (the 13 tiles before the win were
    1112345678999 of one suit, S3).

    ``unique_wait`` (exactly one tile kind completes the 13 tiles, H3) is asked only by the wait fans, and
    only of a reading whose concealed chows or pair hold the winning tile: it is found on first use.
    """

    __slots__ = ("winning", "win_group", "counts", "kinds", "fourth_tile", "nine_gates", "_thirteen", "_n_melds", "_unique")

    def __init__(self, winning: Tile, counts: Counts, fourth_tile: bool, nine_gates: bool, thirteen: Counts,
                 n_melds: int) -> None:
        self.winning = winning
        self.win_group = ((winning,),)  # the tiles of a fan of the winning tile (自摸, 边张 …)
        self.counts = counts
        self.kinds = kinds_held(counts)
        self.fourth_tile = fourth_tile
        self.nine_gates = nine_gates
        self._thirteen = thirteen  # the concealed tile counts before the win
        self._n_melds = n_melds
        self._unique: bool | None = None

    @property
    def unique_wait(self) -> bool:
        if self._unique is None:
            self._unique = is_single_wait(self._thirteen, self._n_melds, self.winning)
        return self._unique


class View:
    """A reading seen with its situation: what every detector reads, as plain attributes (one is built per
    reading, and nothing changes it after creation).

    ``exposed[i]``: set ``i`` is not concealed — a declared chow, pung or melded kong, or (discard win) the
    concealed pung the winning tile completed. The hand's shared facts are in ``situation``; the ones the
    detectors read are copied here (``winning``, ``counts``, ``kinds``, ``fourth_tile``, ``nine_gates``), as
    are the reading's ``form``, ``sets`` and ``pair``. ``chows`` and ``pungs`` (kongs included): (set index,
    set) in set order.
    """

    __slots__ = ("reading", "ctx", "situation", "exposed", "form", "sets", "pair", "winning", "counts", "kinds",
                 "fourth_tile", "nine_gates", "chows", "pungs", "win_group")

    def __init__(self, reading: Reading, ctx: WinContext, situation: Situation, exposed: tuple[bool, ...]) -> None:
        self.reading = reading
        self.ctx = ctx
        self.situation = situation
        self.exposed = exposed
        self.form: Form = reading.form
        self.sets: tuple[TileSet, ...] = reading.sets
        self.pair: Tile | None = reading.pair
        self.winning: Tile = situation.winning
        self.win_group: tuple[tuple[Tile, ...], ...] = situation.win_group
        self.counts: Counts = situation.counts
        self.kinds: int = situation.kinds
        self.fourth_tile: bool = situation.fourth_tile
        self.nine_gates: bool = situation.nine_gates
        chows: list[tuple[int, TileSet]] = []
        pungs: list[tuple[int, TileSet]] = []
        for i, s in enumerate(self.sets):
            (chows if s.is_chow else pungs).append((i, s))
        self.chows = tuple(chows)
        self.pungs = tuple(pungs)

    @property
    def unique_wait(self) -> bool:
        return self.situation.unique_wait



def kinds_held(counts: Counts) -> int:
    """The bit mask of the kinds held: bit ``t`` set when ``counts[t]`` (C-level loops only)."""
    return int(bytes(counts).translate(_HELD)[::-1], 2)


_HELD = bytes([ord("0")] + [ord("1")] * 255)  # a count byte -> "1" when the kind is held
