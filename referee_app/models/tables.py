"""The tables of a session with their progress (the Sessions page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from db.read.views import PlayerView
from referee_app.models.base import RowsModel
from referee_app.models.cells import CENTER, NEG, POS
from referee_app.words.i18n import LANG, tr
from reports.pdf.game_sheet import round_label


@dataclass(frozen=True, slots=True)
class TableProgressRow:
    """One table of a session on the Sessions page: seating + progress + status."""

    table: int
    players: tuple[PlayerView, ...]
    hands: int
    hands_per_session: int
    time_called: int | None
    status: str
    replaces: tuple[tuple[str, str], ...] = ()  # (substitute's number, "number name" of whom they replace)
    game_round: str | None = None  # a game table: the round it plays next, "" once over (TableProgress's)


def progress_text(row: TableProgressRow) -> str:
    """A table's progress: the hands recorded of the session's fixed hands ("12 / 16"), or at a game table
    the round it plays next ("S3") or that its game is over (a game has no fixed count of hands)."""
    if row.game_round is None:
        return f"{row.hands} / {row.hands_per_session}"
    return round_label(row.game_round, LANG.code) if row.game_round else tr("Game over")


class TablesModel(RowsModel[TableProgressRow]):
    COL_TABLE, COL_E, COL_S, COL_W, COL_N, COL_PROGRESS, COL_TIME, COL_STATUS = range(8)
    HEADERS = ["Table", "East", "South", "West", "North", "Progress", "Time called", "Status"]

    def cell(self, row: TableProgressRow, col: int) -> Any:
        if col == self.COL_TABLE:
            return row.table
        if self.COL_E <= col <= self.COL_N:
            p = row.players[col - self.COL_E]
            whom = dict(row.replaces).get(p.number)
            replaces = "  · " + tr("for {player}", player=whom) if whom else ""
            return f"{p.number}  {p.name}" + (f"  ({p.team})" if p.team else "") + replaces
        if col == self.COL_PROGRESS:
            return progress_text(row)
        if col == self.COL_TIME:
            return tr("after hand {n}", n=row.time_called) if row.time_called is not None else ""
        return tr(row.status)

    def sort_value(self, row: TableProgressRow, col: int) -> Any:
        return row.hands if col == self.COL_PROGRESS else super().sort_value(row, col)

    def alignment(self, col: int) -> Any:
        return CENTER if col in (self.COL_TABLE, self.COL_PROGRESS) else None

    def foreground(self, row: TableProgressRow, col: int) -> Any:
        if col == self.COL_STATUS:
            return {"needs attention": NEG, "time called: to confirm": NEG, "signed off": POS}.get(row.status)
        return None
