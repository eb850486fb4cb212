"""The base of every item model: a list of rows, English headers translated at display time, cells from hooks.

Each model has ``COL_*`` constants, a ``HEADERS`` list of English header texts (translated at display
time) and ``set_rows(rows)``. Rows are the plain read models of ``db.read.views`` or ``scoring`` values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from referee_app.words.i18n import LANG, tr

R = TypeVar("R")
Index = QModelIndex | QPersistentModelIndex
TILES_ROLE = Qt.ItemDataRole.UserRole + 1  # the tiles a fan is made of (set[int])
SORT_ROLE = Qt.ItemDataRole.UserRole + 2  # a value that sorts correctly (numbers as numbers)
TILE_GROUPS_ROLE = Qt.ItemDataRole.UserRole + 3  # tiles to draw in a cell (tuple of tile tuples)


class RowsModel(QAbstractTableModel, Generic[R]):
    """Base: a list of rows, headers from ``HEADERS``, cells from ``cell(row, column)``."""

    HEADERS: list[str] = []

    def __init__(self, rows: Sequence[R] = (), parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[R] = list(rows)
        LANG.changed.connect(self._language_changed)

    def _language_changed(self, _code: str) -> None:
        if self.columnCount():
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
        if self.rows and self.columnCount():
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, self.columnCount() - 1))

    def set_rows(self, rows: Sequence[R]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> R:
        return self.rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole:
            if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
                return self.header_tooltip(section)
            return None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
            return self.header(section)
        if orientation == Qt.Orientation.Vertical:
            return section + 1
        return None

    def header(self, section: int) -> str:
        return tr(self.HEADERS[section])

    def header_tooltip(self, section: int) -> str | None:
        """What a column holds, when its header alone may not say it."""
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self.rows)):
            return None
        row = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            v = self.cell(row, col)
            return None if v is None else str(v) if not isinstance(v, str) else v
        if role == SORT_ROLE:
            return self.sort_value(row, col)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self.alignment(col)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self.foreground(row, col)
        if role == Qt.ItemDataRole.FontRole:
            return self.font(row, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row, col)
        return self.extra(row, col, role)

    # hooks
    def cell(self, row: R, col: int) -> Any:
        raise NotImplementedError

    def sort_value(self, row: R, col: int) -> Any:
        v = self.cell(row, col)
        return v if isinstance(v, int | float) else ("" if v is None else str(v))

    def alignment(self, col: int) -> Any:
        return None

    def foreground(self, row: R, col: int) -> Any:
        return None

    def font(self, row: R, col: int) -> Any:
        return None

    def tooltip(self, row: R, col: int) -> Any:
        return None

    def extra(self, row: R, col: int, role: int) -> Any:
        return None
