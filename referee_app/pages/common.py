"""Small helpers shared by the pages: a sortable read-only table view, a title label, a named button
and a filter box."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QFont, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QWidget,
)

from referee_app.models import SORT_ROLE


def table_view(model, parent: QWidget | None = None, sortable: bool = True,  # type: ignore[no-untyped-def]
               name: str = "") -> tuple[QTableView, QSortFilterProxyModel | None]:
    view = QTableView(parent)
    if name:
        view.setObjectName(name)
    proxy = None
    if sortable:
        proxy = QSortFilterProxyModel(view)
        proxy.setSourceModel(model)
        proxy.setSortRole(SORT_ROLE)
        proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        proxy.setFilterKeyColumn(-1)
        view.setModel(proxy)
        view.setSortingEnabled(True)
        view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    else:
        view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().hide()
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    view.horizontalHeader().setStretchLastSection(True)
    return view, proxy


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
