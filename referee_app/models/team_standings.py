"""The team standings (the Standings page)."""

from __future__ import annotations

from typing import Any

from db.read.views import TeamStandingRow
from referee_app.models.base import RowsModel
from referee_app.models.cells import RIGHT, signed


class TeamStandingsModel(RowsModel[TeamStandingRow]):
    COL_RANK, COL_TEAM, COL_TABLE_POINTS, COL_MATCH_POINTS, COL_MEMBERS = range(5)
    HEADERS = ["Rank", "Team", "Table points", "Match points", "Members"]

    def cell(self, r: TeamStandingRow, col: int) -> Any:
        members = ", ".join(r.member_names or r.members)  # by name (numbers said nothing on a screen)
        return (r.rank, r.team, f"{r.table_points:g}", signed(r.match_points), members)[col]

    def sort_value(self, r: TeamStandingRow, col: int) -> Any:
        if col == self.COL_TABLE_POINTS:
            return r.table_points
        if col == self.COL_MATCH_POINTS:
            return r.match_points
        return super().sort_value(r, col)

    def alignment(self, col: int) -> Any:
        return RIGHT if col in (self.COL_RANK, self.COL_TABLE_POINTS, self.COL_MATCH_POINTS) else None
