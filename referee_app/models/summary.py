"""Below the score sheet: penalties, match points, session score, rank and table points per player."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from db.read.views import TableSheet
from referee_app.models.base import RowsModel
from referee_app.models.cells import RIGHT, signed
from referee_app.words.i18n import tr


class SummaryModel(RowsModel[tuple[str, tuple[Any, Any, Any, Any]]]):
    """Below the sheet: penalties, match points, session score, rank, table points per player."""

    COL_WHAT = 0
    HEADERS = ["", "P", "P", "P", "P"]

    def __init__(self, parent: Any = None) -> None:
        super().__init__((), parent)
        self.players: tuple[str, ...] = ("", "", "", "")

    def set_sheet(self, sheet: TableSheet | None) -> None:
        if sheet is None:
            self.set_rows([])
            return
        self.players = tuple(p.name for p in sheet.players)
        pen = [0, 0, 0, 0]
        for p in sheet.penalties:
            for i in range(4):
                pen[i] += p.deltas[i]
        rows: list[tuple[str, tuple[Any, Any, Any, Any]]] = [
            ("Penalties", tuple(signed(v) if v else "" for v in pen)),  # type: ignore[list-item]
            ("Match points", tuple(signed(v) for v in sheet.match_points)),  # type: ignore[list-item]
            ("Session score", sheet.session_scores),
            ("Rank", sheet.ranks),
            ("Table points", tuple(f"{v:g}" for v in sheet.table_points)),  # type: ignore[list-item]
        ]
        self.set_rows(rows)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 4)

    def header(self, section: int) -> str:
        return "" if section == 0 else self.players[section - 1]

    def cell(self, row: tuple[str, tuple[Any, Any, Any, Any]], col: int) -> Any:
        return tr(row[0]) if col == 0 else row[1][col - 1]

    def alignment(self, col: int) -> Any:
        return RIGHT if col else None
