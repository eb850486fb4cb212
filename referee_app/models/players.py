"""The players (the Players page)."""

from __future__ import annotations

from typing import Any

from db.read.views import PlayerView
from db.rules.names import romanised
from referee_app.models.base import RowsModel
from referee_app.models.cells import CHECKED, number_sort


class PlayersModel(RowsModel[PlayerView]):
    COL_NUMBER, COL_NAME, COL_TEAM, COL_SUBSTITUTE, COL_COUNTRY, COL_EMA, COL_FIRST, COL_LAST = range(8)
    HEADERS = ["Number", "Name", "Team", "Substitute", "Country", "EMA number", "First name", "Last name"]

    def cell(self, row: PlayerView, col: int) -> Any:
        if col >= self.COL_FIRST:  # as the EMA file writes them: entered, else split from the name
            return row.names[col - self.COL_FIRST]
        return (row.number, row.name, row.team or "", CHECKED if row.substitute else "", row.country or "",
                row.ema_number or "")[col]

    def sort_value(self, row: PlayerView, col: int) -> Any:
        # "2" before "10"; as text, sort keys must be comparable strings
        if col == self.COL_NAME:
            return romanised(row.name)  # name order: Chinese names by their pinyin (db.rules.names)
        return number_sort(row.number) if col == self.COL_NUMBER else super().sort_value(row, col)
