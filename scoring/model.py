"""Values describing a hand and how it was won. All frozen; tiles are ``scoring.tiles.Tile`` ints."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.tiles import Tile


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    MELDED_KONG = "melded_kong"
    CONCEALED_KONG = "concealed_kong"
    PROMOTED_KONG = "promoted_kong"

    @property
    def is_kong(self) -> bool:
        return self in (MeldKind.MELDED_KONG, MeldKind.CONCEALED_KONG, MeldKind.PROMOTED_KONG)


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``tile`` is the lowest tile (chow) or the repeated tile.

    ``offer`` is the notation's digit (claimed tile / seat it came from); it never changes the score.
    """

    kind: MeldKind
    tile: Tile
    offer: int = 0

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is MeldKind.CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        n = 3 if self.kind is MeldKind.PUNG else 4
        return (self.tile,) * n


class Wind(StrEnum):
    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @property
    def offset(self) -> int:
        return "ESWN".index(self.value)


@dataclass(frozen=True, slots=True)
class Hand:
    """Melds + standing (concealed, not yet declared) tiles + the winning tile.

    ``winning`` is None for a 13-tile waiting hand (wait analysis only).
    ``standing`` is kept sorted so equal hands compare equal.
    """

    melds: tuple[Meld, ...] = ()
    standing: tuple[Tile, ...] = ()
    winning: Tile | None = None

    def all_tiles(self) -> tuple[Tile, ...]:
        tiles: list[Tile] = [t for m in self.melds for t in m.tiles]
        tiles.extend(self.standing)
        if self.winning is not None:
            tiles.append(self.winning)
        return tuple(tiles)


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the hand was won. Field names follow the ``mcr-score --stream`` input."""

    self_drawn: bool = False
    fourth_tile: bool = False  # 和绝张
    kong_related: bool = False  # 杠上开花 (self-drawn) / 抢杠和 (discard)
    last_tile_of_wall: bool = False  # 妙手回春 (self-drawn) / 海底捞月 (discard)
    seat_wind: Wind = Wind.EAST
    prevalent_wind: Wind = Wind.EAST
    flowers: int = 0
