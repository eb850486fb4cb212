"""The start page: what a first-time user sees. New tournament, open a file, recent files, the demo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from referee_app.base import settings
from referee_app.base.named import named
from referee_app.base.tile_faces import TileRow
from referee_app.words.i18n import tr


class StartPage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    demo_requested = Signal()
    file_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        col = QVBoxLayout()
        outer.addLayout(col, 3)
        outer.addStretch(1)
        col.addStretch(1)
        tiles = TileRow(self, tile_width=44)
        tiles.set_groups([((27, 28, 29, 30), "meld"), ((31, 32, 33), "meld"), ((0, 13, 22), "meld")])
        col.addWidget(tiles, 0, Qt.AlignmentFlag.AlignHCenter)
        self.title = QLabel()
        f = QFont()
        f.setPointSize(22)
        f.setBold(True)
        self.title.setFont(f)
        col.addWidget(self.title)
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        col.addWidget(self.subtitle)
        buttons = QHBoxLayout()
        self.new_button = named(QPushButton(), "start_new")
        self.open_button = named(QPushButton(), "start_open")
        self.demo_button = named(QPushButton(), "start_demo")
        for b in (self.new_button, self.open_button, self.demo_button):
            b.setMinimumHeight(44)
            buttons.addWidget(b)
        self.new_button.clicked.connect(self.new_requested)
        self.open_button.clicked.connect(self.open_requested)
        self.demo_button.clicked.connect(self.demo_requested)
        col.addLayout(buttons)
        self.recent_title = QLabel()
        col.addWidget(self.recent_title)
        self.recent = named(QListWidget(), "recent_files")
        self.recent.itemActivated.connect(self._activated)
        self.recent.setMaximumHeight(220)
        col.addWidget(self.recent)
        col.addStretch(2)
        self.retranslate()
        self.refresh()

    def retranslate(self) -> None:
        self.title.setText(tr("Welcome to MCR Referee"))
        self.subtitle.setText(tr("Create a tournament, open a tournament file, or look around in the demo tournament."))
        self.new_button.setText(tr("New tournament…"))
        self.open_button.setText(tr("Open…"))
        self.demo_button.setText(tr("Open demo tournament"))
        self.recent_title.setText(tr("Recent files"))
        self.refresh()

    def refresh(self) -> None:
        self.recent.clear()
        files = settings.recent_files()
        for f in files:
            item = QListWidgetItem(f"{Path(f).name}    —    {f}")
            item.setData(Qt.ItemDataRole.UserRole, f)
            self.recent.addItem(item)
        if not files:
            item = QListWidgetItem(tr("No recent files yet."))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.recent.addItem(item)

    def _activated(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path:
            self.file_chosen.emit(path)
