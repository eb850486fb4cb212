"""The fans of a scored hand (hand entry's list)."""

from __future__ import annotations

from typing import Any

from referee_app.models.base import TILE_GROUPS_ROLE, TILES_ROLE, RowsModel
from referee_app.models.cells import RIGHT
from scoring import tiles as T
from scoring.mcr.result import AwardedFan


class FansModel(RowsModel[AwardedFan]):
    """The fans of a scored hand: names in both languages, points, and the tiles that make each."""

    COL_ZH, COL_EN, COL_POINTS, COL_TILES = range(4)
    HEADERS = ["Chinese", "English", "Points", "Made of"]  # the fans' names in Chinese, in English

    def cell(self, row: AwardedFan, col: int) -> Any:
        if col == self.COL_ZH:
            return row.fan.zh
        if col == self.COL_EN:
            return row.fan.en
        if col == self.COL_POINTS:
            return f"{row.points} × {row.count}" if row.count > 1 else str(row.points)
        if col == self.COL_TILES:
            return "  ".join("".join(T.name(t) for t in group) for group in row.tiles)
        return None

    def sort_value(self, row: AwardedFan, col: int) -> Any:
        return row.subtotal if col == self.COL_POINTS else super().sort_value(row, col)

    def alignment(self, col: int) -> Any:
        return RIGHT if col == self.COL_POINTS else None

    def extra(self, row: AwardedFan, col: int, role: int) -> Any:
        if role == TILES_ROLE:
            return {t for group in row.tiles for t in group}
        if role == TILE_GROUPS_ROLE and col == self.COL_TILES:
            return row.tiles
        return None
