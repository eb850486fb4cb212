"""The parts of the score-sheet page: the 16-line table, the totals-only bar and the tabs beside the totals.

Layout only: they show what the page (and its view-model) give them and say what the user did.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt, Signal
from PySide6.QtGui import QIntValidator, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

import texts
from referee_app.base.named import named
from referee_app.base.tile_faces import TileRow
from referee_app.models import SheetModel
from referee_app.pages.common import push_button, table_view
from referee_app.words.i18n import LANG, tr


class SeatCombo(QComboBox):
    """A player box for the keyboard: one key picks the item starting with it (E/S/W/N, "+" self-drawn),
    without the incremental search that joins keys typed in quick succession."""

    def keyPressEvent(self, e: QKeyEvent) -> None:
        key = e.text().upper()
        if key and key.isprintable() and not e.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
            for i in range(self.count()):
                if self.itemText(i).upper().startswith(key):
                    self.setCurrentIndex(i)
                    return
        super().keyPressEvent(e)

    def set_choices(self, choices: list[tuple[str, str]]) -> None:
        """Replace the items by ``(text, data)`` pairs, keeping the place chosen (none stays none)."""
        i = self.currentIndex()
        self.clear()
        for text, data in choices:
            self.addItem(text, data)
        self.setCurrentIndex(i if i < self.count() else -1)


def sheet_table(model: SheetModel, parent: QWidget) -> QTableView:
    """The 16 lines: names share the room, numbers take what they need."""
    view, _ = table_view(model, parent, sortable=False, name="sheet")
    view.setSelectionMode(view.SelectionMode.SingleSelection)
    hh = view.horizontalHeader()
    # the names share the room; numbers take what they need (names were cut at 1366 px when every
    # column had an equal share)
    hh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    for c in (SheetModel.COL_DEALER, SheetModel.COL_WINNER, SheetModel.COL_DISCARDER):
        hh.setSectionResizeMode(c, QHeaderView.ResizeMode.Stretch)
    hh.setMinimumSectionSize(58)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    view.verticalHeader().setDefaultSectionSize(18)
    view.verticalHeader().setMinimumSectionSize(18)
    # the 16 hands and the header, like the paper sheet, at least (18 px rows: the whole window fits a
    # 1280×720 screen); on a larger screen the rows grow (most of the room) and the selected hand below
    # gets the rest
    view.setMinimumHeight(18 * 17 + 6)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    hh.setStretchLastSection(False)  # the last running total is a number like the others
    return view


def summary_table(model: QAbstractItemModel, parent: QWidget) -> QTableView:
    """Below the lines: penalties, match points, session score, rank, table points."""
    view, _ = table_view(model, parent, sortable=False, name="sheet_summary")
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    view.verticalHeader().setDefaultSectionSize(19)
    view.horizontalHeader().setFixedHeight(19)
    view.setFixedHeight(19 * 6 + 4)
    return view


class SideTabs(QTabWidget):
    """Right of the totals: the penalties, and the hand selected on the sheet (its tiles and fans)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheet_side")
        self.setMinimumHeight(19 * 6 + 4)
        self.penalties = named(QLabel(), "sheet_penalties")
        self.penalties.setWordWrap(True)
        self.penalties.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.addTab(_scrolled(self.penalties), "")
        hand_page = QWidget()
        hl = QVBoxLayout(hand_page)
        hl.setContentsMargins(4, 2, 4, 2)
        self.hand_tiles = named(TileRow(hand_page, tile_width=20), "sheet_hand_tiles")
        self.hand_fans = named(QLabel(), "sheet_hand_fans")
        self.hand_fans.setWordWrap(True)
        self.hand_fans.setAlignment(Qt.AlignmentFlag.AlignTop)
        hl.addWidget(self.hand_tiles)
        hl.addWidget(self.hand_fans, 1)
        self.addTab(_scrolled(hand_page), "")  # a long list of fans scrolls, never cut

    def retranslate(self) -> None:
        self.setTabText(0, tr("Penalties"))
        self.setTabText(1, tr("Selected hand"))


class TotalsBar(QFrame):
    """Totals-only entry, keyboard driven: the next hand, winner, discarder ("+" self-drawn), fan and Record.
    Enter in the fan or the button emits ``submitted``."""

    submitted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("totals_box")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        tl = QGridLayout(self)
        tl.setContentsMargins(6, 3, 6, 3)
        self.next_label = named(QLabel(), "next_hand")
        self.winner = named(SeatCombo(), "totals_winner")
        self.discarder = named(SeatCombo(), "totals_discarder")
        self.fan = named(QLineEdit(), "totals_fan")
        self.fan.setValidator(QIntValidator(0, 100000, self))
        self.fan.setMaximumWidth(90)
        self.fan.returnPressed.connect(self.submitted)
        self.button = push_button("totals_record", self.submitted.emit)
        self.winner_label, self.discarder_label, self.fan_label = QLabel(), QLabel(), QLabel()
        for lbl, w in ((self.winner_label, self.winner), (self.discarder_label, self.discarder),
                       (self.fan_label, self.fan)):
            lbl.setBuddy(w)
        tl.addWidget(self.next_label, 0, 0)
        tl.addWidget(self.winner_label, 0, 1)
        tl.addWidget(self.winner, 0, 2)
        tl.addWidget(self.discarder_label, 0, 3)
        tl.addWidget(self.discarder, 0, 4)
        tl.addWidget(self.fan_label, 0, 5)
        tl.addWidget(self.fan, 0, 6)
        tl.addWidget(self.button, 0, 7)
        tl.setColumnStretch(2, 1)
        tl.setColumnStretch(4, 1)
        self.setTabOrder(self.winner, self.discarder)
        self.setTabOrder(self.discarder, self.fan)

    def start_hand(self) -> None:
        """Each hand starts empty: no winner, no discarder, no fan (the last hand's winner, kept, was
        recorded again by a fan typed and Enter)."""
        self.winner.setCurrentIndex(-1)
        self.discarder.setCurrentIndex(-1)
        self.fan.clear()

    def retranslate(self) -> None:
        self.winner_label.setText(tr("&Winner"))
        self.discarder_label.setText(tr("&Discarder"))
        # each hand starts with nobody chosen (start_hand): the boxes ask, in the phone's words
        self.winner.setPlaceholderText(texts.gettext(LANG.code, "Choose the winner.", "table_page"))
        self.discarder.setPlaceholderText(texts.gettext(LANG.code, "Choose the discarder, or self-drawn.",
                                                        "table_page"))
        self.fan_label.setText(tr("&Fan"))
        self.button.setText(tr("Record") + "  ↵")


def _scrolled(w: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(w)
    return area
