"""The individual standings, with a staged event's stage columns (the Standings page)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import texts
from db.read.games import HANDS, StandingColumns
from db.read.views import StagePlace, StandingRow, staged
from referee_app.models.base import RowsModel
from referee_app.models.cells import RIGHT, number_sort, signed
from referee_app.words.i18n import LANG, tr


class StandingsModel(RowsModel[StandingRow]):
    """Individuals: rank, number, name, team, table points, match points, then one column per session."""

    COL_RANK, COL_NUMBER, COL_NAME, COL_TEAM, COL_TABLE_POINTS, COL_MATCH_POINTS = range(6)
    COL_SESSIONS = 6  # without stages; a staged event's final ranking has the stage columns first (set_rows)
    BASE = ["Rank", "Number", "Name", "Team", "Table points", "Match points"]
    # A staged event's final ranking: what places each player (db.read.views.StagePlace), after the totals
    COL_STAGE, COL_CARRIED, COL_STAGE_POINTS = 6, 7, 8
    STAGE = ["Stage", "Carried", "Stage points"]

    def __init__(self, parent: Any = None) -> None:
        super().__init__((), parent)
        self.sessions = 0
        self.staged = False
        self.HEADERS = list(self.BASE)
        self.columns: StandingColumns = HANDS  # the rule system's totals (``db.read.games.standing_columns``)
        self.stage_ranking = False  # one stage's ranking: a half carried keeps the second decimal of a score

    def set_rows(self, rows: Sequence[StandingRow], sessions: int | None = None,  # type: ignore[override]
                 columns: StandingColumns | None = None) -> None:
        self.beginResetModel()
        if columns is not None:
            self.columns = columns
        self.rows = list(rows)
        self.sessions = sessions if sessions is not None else max(
            (e.session for r in rows for e in r.sessions), default=0)
        self.staged = staged(self.rows)
        self.COL_SESSIONS = len(self.BASE) + (len(self.STAGE) if self.staged else 0)
        self.HEADERS = self.BASE + (self.STAGE if self.staged else []) + ["S"] * self.sessions
        self.endResetModel()

    def header(self, section: int) -> str:
        if section >= self.COL_SESSIONS:
            return tr("Session {n}", n=section - self.COL_SESSIONS + 1)
        if section in (self.COL_TABLE_POINTS, self.COL_MATCH_POINTS):
            c = self.columns
            return texts.said(c.total if section == self.COL_TABLE_POINTS else c.points, LANG.code)
        return tr(self.HEADERS[section])

    def header_tooltip(self, section: int) -> str | None:
        if section >= self.COL_SESSIONS:
            return texts.said(self.columns.session_tip(section - self.COL_SESSIONS + 1), LANG.code)
        if self.staged and section in (self.COL_CARRIED, self.COL_STAGE_POINTS):
            return tr("table points (match points)")
        return None

    def stage_cell(self, p: StagePlace | None, col: int) -> str:
        if p is None:
            return ""
        if col == self.COL_STAGE:
            return texts.said(p.label, LANG.code)
        if col == self.COL_CARRIED:
            return "–" if p.stage == "qualifying" else \
                f"{p.carried_table_points:g} ({signed(p.carried_match_points)})"
        return f"{p.table_points:g} ({signed(p.match_points)})"

    def cell(self, r: StandingRow, col: int) -> Any:
        if col == self.COL_RANK:
            return r.rank
        if col == self.COL_NUMBER:
            return r.number
        if col == self.COL_NAME:
            return r.name
        if col == self.COL_TEAM:
            return r.team or ""
        if col == self.COL_TABLE_POINTS:
            c = self.columns
            return c.stage_total_text(r.table_points) if self.stage_ranking else c.total_text(r.table_points)
        if col == self.COL_MATCH_POINTS:
            return self.columns.points_text(r.match_points)
        if col < self.COL_SESSIONS:
            return self.stage_cell(r.stage, col)
        n = col - self.COL_SESSIONS + 1
        for e in r.sessions:
            if e.session == n:
                return f"{self.columns.total_text(e.table_points)} ({self.columns.points_text(e.match_points)})"
        return ""

    def tooltip(self, r: StandingRow, col: int) -> Any:
        """A game's session cell: its points at the end, uma and penalty (the score is their sum)."""
        if col < self.COL_SESSIONS:
            return None
        entry = next((e for e in r.sessions if e.session == col - self.COL_SESSIONS + 1), None)
        detail = self.columns.session_detail(entry) if entry is not None else None
        return texts.said(detail, LANG.code) if detail is not None else None

    def sort_value(self, r: StandingRow, col: int) -> Any:
        if col == self.COL_TABLE_POINTS:
            return r.table_points
        if col == self.COL_MATCH_POINTS:
            return r.match_points
        if col == self.COL_NUMBER:
            return number_sort(r.number)
        if self.staged and r.stage is not None and col in (self.COL_CARRIED, self.COL_STAGE_POINTS):
            p = r.stage
            return (p.carried_table_points, p.carried_match_points) if col == self.COL_CARRIED else \
                (p.table_points, p.match_points)
        if col >= self.COL_SESSIONS:
            n = col - self.COL_SESSIONS + 1
            return next(((e.table_points, e.match_points) for e in r.sessions if e.session == n), (-1.0, 0))[0]
        return super().sort_value(r, col)

    def alignment(self, col: int) -> Any:
        return RIGHT if col >= self.COL_TABLE_POINTS or col == self.COL_RANK else None
