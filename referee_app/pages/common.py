"""Small helpers shared by the pages: a title label, a named button, a filter box and the row under a sorted
view's cursor (the sortable table view itself is ``referee_app.base.table_view``: the dialogs use it too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel
from PySide6.QtGui import QFont, QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QWidget,
)

# the sortable table view lives in base/ (the dialogs show tables too); the pages keep importing it from here
from referee_app.base.table_view import table_view as table_view


def title_label(parent: QWidget | None = None, size: int = 15) -> QLabel:
    """A bold title: 15 pt on the pages, larger on the start page and the projector."""
    label = QLabel(parent)
    f = QFont()
    f.setPointSize(size)
    f.setBold(True)
    label.setFont(f)
    return label


class KeyButton(QPushButton):
    """A button with a keyboard shortcut that it shows after its text ("Record win…  (Ctrl+H)").

    ``QAbstractButton.setText`` replaces the shortcut with the text's mnemonic (none without "&"), so a
    shortcut set once was lost at the first ``retranslate``: here every ``setText`` sets it again, and
    the shortcut shown is always the one that works."""

    def __init__(self, key: str | QKeySequence) -> None:
        super().__init__()
        self.key = QKeySequence(key)
        self.setShortcut(self.key)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(f"{text}  ({self.key.toString(QKeySequence.SequenceFormat.NativeText)})")
        self.setShortcut(self.key)


def push_button(name: str, slot: Callable[[], object], key: str | None = None) -> QPushButton:
    """A button with an object name (tests and screenshots find it by name); its text comes in
    ``retranslate``. With ``key``, a :class:`KeyButton` that shows and keeps that shortcut."""
    b = QPushButton() if key is None else KeyButton(key)
    b.setObjectName(name)
    b.clicked.connect(lambda _checked=False: slot())
    return b


def filter_edit(name: str, proxy: QSortFilterProxyModel) -> QLineEdit:
    """A filter box over every column of ``proxy``."""
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setClearButtonEnabled(True)
    edit.textChanged.connect(proxy.setFilterFixedString)
    return edit


def current_row(view: QTableView, proxy: QSortFilterProxyModel | None, model: Any) -> Any | None:
    """The model row under the view's current index (through the sorting proxy), or None."""
    idx = view.currentIndex()
    if not idx.isValid():
        return None
    return model.row_at(proxy.mapToSource(idx).row() if proxy is not None else idx.row())
