"""Restore from backup…: the backups of the open file (time, kind, size, folder), newest first.

The chosen backup is copied to a new file the user names (``db.storage.backups.restore_backup``); this dialog only
chooses. ``RestoreDialog.ask(parent, backups)`` returns the chosen ``BackupInfo`` or None.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHeaderView, QLabel, QVBoxLayout, QWidget

from referee_app.base.table_view import table_view
from referee_app.models import RIGHT, RowsModel
from referee_app.words.i18n import tr


def local_time(taken: datetime, today: bool = False) -> str:
    """A backup's time in local time: ``10:15`` when ``today`` and it is from today, else with its date."""
    t = taken.astimezone()
    if today and t.date() == datetime.now().astimezone().date():
        return t.strftime("%H:%M")
    return t.strftime("%Y-%m-%d %H:%M:%S" if not today else "%Y-%m-%d %H:%M")


def kind_text(b: Any) -> str:
    if b.kind == "session":
        return tr("end of session {n}", n=b.session)
    return tr("manual") if b.kind == "manual" else tr("automatic")


def size_text(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MiB" if n >= 1024 * 1024 else f"{max(1, round(n / 1024))} KiB"


class BackupModel(RowsModel[Any]):
    """Rows are ``db.storage.backups.BackupInfo``; the folder column names where the copy is (beside the file, or
    the second folder)."""

    COL_TIME, COL_KIND, COL_SIZE, COL_FOLDER = range(4)
    HEADERS = ["Taken at", "Kind", "Size", "Folder"]

    def cell(self, r: Any, col: int) -> Any:
        return (local_time(r.taken_at), kind_text(r), size_text(r.size), str(r.path.parent))[col]

    def sort_value(self, r: Any, col: int) -> Any:
        return (r.taken_at.timestamp(), kind_text(r), r.size, str(r.path.parent))[col]

    def alignment(self, col: int) -> Any:
        return RIGHT if col == self.COL_SIZE else None

    def tooltip(self, r: Any, col: int) -> Any:
        return str(r.path)


class RestoreDialog(QDialog):
    def __init__(self, parent: QWidget | None, backups: Sequence[Any]) -> None:
        super().__init__(parent)
        self.setObjectName("restore_dialog")
        self.setWindowTitle(tr("Restore from backup"))
        lay = QVBoxLayout(self)
        self.intro = QLabel(tr("Choose a backup. It is copied to a new file that you name next; the open "
                               "tournament file is not changed."))
        self.intro.setWordWrap(True)
        lay.addWidget(self.intro)
        rows = sorted(backups, key=lambda b: b.taken_at, reverse=True)
        self.model = BackupModel(rows, self)
        self.view, _ = table_view(self.model, self, sortable=False, name="backups")
        self.view.setSelectionBehavior(self.view.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(self.view.SelectionMode.SingleSelection)
        hh = self.view.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hh.setStretchLastSection(True)
        self.view.verticalHeader().setVisible(False)
        self.view.doubleClicked.connect(lambda _i: self.accept())
        lay.addWidget(self.view, 1)
        self.empty = QLabel(tr("No backups of this file yet: they are made at the first change, every 5 "
                               "minutes while changes happen, at the end of each session and on closing."))
        self.empty.setWordWrap(True)
        self.empty.setVisible(not rows)
        lay.addWidget(self.empty)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(tr("Restore to a new file…"))
        self.ok.setEnabled(bool(rows))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        if rows:
            self.view.selectRow(0)
        self.resize(760, 420)

    def chosen(self) -> Any | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.row_at(rows[0].row()) if rows else None

    @classmethod
    def ask(cls, parent: QWidget | None, backups: Sequence[Any]) -> Any | None:
        d = cls(parent, backups)
        try:
            return d.chosen() if d.exec() == QDialog.DialogCode.Accepted else None
        finally:
            d.deleteLater()
