"""What the engine returns: every fan with the tiles that make it, the total and the 8-fan verdict."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.mcr.fans import Fan
from scoring.tiles import Tile

MINIMUM_FANS = 8


@dataclass(frozen=True, slots=True)
class AwardedFan:
    """One fan as awarded: ``count`` times, made of ``tiles`` (one tuple of tiles per set/occurrence)."""

    fan: Fan
    count: int = 1
    tiles: tuple[tuple[Tile, ...], ...] = ()

    @property
    def points(self) -> int:
        """Points of one occurrence (FANS.md)."""
        return self.fan.points

    @property
    def subtotal(self) -> int:
        return self.fan.points * self.count


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """The chosen (highest) reading of a winning hand.

    ``total`` includes flowers; ``meets_minimum`` compares the total without flowers to 8 (W4).
    ``reading`` names the chosen form, e.g. "4 sets + pair", "seven pairs", "knitted straight + set + pair".
    ``sets`` are the sets of the chosen reading (each a tuple of tiles), for display.
    """

    total: int
    fans: tuple[AwardedFan, ...]
    meets_minimum: bool
    reading: str = ""
    sets: tuple[tuple[Tile, ...], ...] = ()

    @property
    def total_without_flowers(self) -> int:
        return sum(f.subtotal for f in self.fans if f.fan is not Fan.FLOWER_TILES)
