"""The team standings (the Standings page)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import texts
from db.read.games import HANDS, StandingColumns
from db.read.views import TeamStandingRow
from referee_app.models.base import RowsModel
from referee_app.models.cells import RIGHT
from referee_app.words.i18n import LANG, tr


class TeamStandingsModel(RowsModel[TeamStandingRow]):
    COL_RANK, COL_TEAM, COL_TABLE_POINTS, COL_MATCH_POINTS, COL_MEMBERS = range(5)
    HEADERS = ["Rank", "Team", "Table points", "Match points", "Members"]

    def __init__(self, rows: Sequence[TeamStandingRow] = (), parent: Any = None) -> None:
        super().__init__(rows, parent)
        self.columns: StandingColumns = HANDS  # the rule system's totals, titled and written as the individuals'

    def set_rows(self, rows: Sequence[TeamStandingRow], columns: StandingColumns | None = None) -> None:  # type: ignore[override]
        if columns is not None:
            self.columns = columns
        super().set_rows(rows)

    def header(self, section: int) -> str:
        if section in (self.COL_TABLE_POINTS, self.COL_MATCH_POINTS):
            c = self.columns
            return texts.said(c.total if section == self.COL_TABLE_POINTS else c.points, LANG.code)
        return tr(self.HEADERS[section])

    def cell(self, r: TeamStandingRow, col: int) -> Any:
        members = ", ".join(r.member_names or r.members)  # by name (numbers said nothing on a screen)
        c = self.columns
        return (r.rank, r.team, c.total_text(r.table_points), c.points_text(r.match_points), members)[col]

    def sort_value(self, r: TeamStandingRow, col: int) -> Any:
        if col == self.COL_TABLE_POINTS:
            return r.table_points
        if col == self.COL_MATCH_POINTS:
            return r.match_points
        return super().sort_value(r, col)

    def alignment(self, col: int) -> Any:
        return RIGHT if col in (self.COL_RANK, self.COL_TABLE_POINTS, self.COL_MATCH_POINTS) else None
