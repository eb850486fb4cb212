"""The tile picker: 34 tile buttons in suit rows, meld modes, flowers, remove / undo / clear.

A view over a hand-entry model (``HandEntryModel`` for MCR, ``RiichiEntryModel`` for Riichi: ``PickerModel``):
every button calls one model command; the model's ``changed`` signal refreshes the badges (copies already
used) and greys out tiles that cannot be added in the current mode. A model with red fives (``red_tiles``)
gets them at the end of their suit's row; one without flowers (Riichi) gets no flowers counter.
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import texts
from referee_app.base.tile_faces import TileButton
from referee_app.base.tile_state import Mode
from referee_app.words.i18n import LANG, tr
from texts import NC_

MODE_LABELS = [
    (Mode.TILE, NC_("picker", "Tiles")),
    (Mode.CHOW, NC_("picker", "Chow")),
    (Mode.PUNG, NC_("picker", "Pung")),
    (Mode.KONG, NC_("picker", "Kong")),
    (Mode.CONCEALED_KONG, NC_("picker", "Concealed kong")),
    (Mode.WIN, NC_("picker", "Winning tile")),
]


class PickerModel(Protocol):
    """What the picker asks of a hand-entry model."""

    mode: Mode
    flowers_allowed: bool
    changed: Any  # a signal: connect(callable)
    mode_changed: Any

    def copies(self) -> tuple[int, ...]: ...
    def can_add(self, t: int, mode: Mode | None = None) -> bool: ...
    def click_tile(self, t: int) -> bool: ...
    def set_mode(self, mode: Mode | str) -> None: ...
    def remove_last(self) -> None: ...
    def undo(self) -> None: ...
    def clear(self) -> None: ...


class TilePicker(QWidget):
    def __init__(self, vm: PickerModel, parent: QWidget | None = None, tile_width: int = 42,
                 flowers: bool = True, largest: int = 64) -> None:
        super().__init__(parent)
        self.vm = vm
        self.with_flowers = flowers
        self.largest = largest  # the tiles' widest (Riichi's entry has more beside the picker)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)

        outer.addLayout(self._modes_row())
        # the mode sticks: said in words under the buttons, and the chosen button is filled
        self.mode_line = QLabel()
        self.mode_line.setObjectName("mode_line")
        outer.addWidget(self.mode_line)
        self.setStyleSheet("QPushButton[objectName^=\"mode_\"]:checked { background: #1b4f8a; color: white;"
                           " font-weight: bold; }")

        grid = QGridLayout()
        grid.setHorizontalSpacing(3)
        grid.setVerticalSpacing(4)
        self.buttons: list[TileButton] = []
        for t in range(34):
            tb = TileButton(t, self, tile_width)
            tb.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keyboard entry is the notation; Tab skips 34 tiles
            tb.clicked.connect(lambda _c=False, t=t: self.vm.click_tile(t))
            row, col = divmod(t, 9)
            grid.addWidget(tb, row, col)
            self.buttons.append(tb)
        # Riichi's red fives (ids 34-36: m, s, p) close their suit's row, apart by a little gap
        self.red_tiles: tuple[int, ...] = tuple(getattr(vm, "red_tiles", ()))
        for t in self.red_tiles:
            tb = TileButton(t, self, tile_width)
            tb.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            tb.clicked.connect(lambda _c=False, t=t: self.vm.click_tile(t))
            grid.addWidget(tb, t - 34, 10)
            self.buttons.append(tb)
        if self.red_tiles:
            grid.setColumnMinimumWidth(9, 6)
        grid.setColumnStretch(11 if self.red_tiles else 9, 1)
        outer.addLayout(grid)

        outer.addLayout(self._tools_row())

        vm.changed.connect(self.refresh)
        vm.mode_changed.connect(lambda _m: self.refresh())
        self.retranslate()
        self.refresh()

    def _modes_row(self) -> QHBoxLayout:
        """One button per mode of the picker (single tiles, chow, pung, kong…)."""
        modes = QHBoxLayout()
        self.mode_group = QButtonGroup(self)
        self.mode_group.setExclusive(True)
        self.mode_buttons: dict[Mode, QPushButton] = {}
        for mode, _en in MODE_LABELS:
            b = QPushButton()
            b.setCheckable(True)
            _no_focus(b)
            b.setObjectName(f"mode_{mode.value}")
            b.clicked.connect(lambda _c=False, m=mode: self.vm.set_mode(m))
            self.mode_group.addButton(b)
            self.mode_buttons[mode] = b
            modes.addWidget(b)
        modes.addStretch(1)
        return modes

    def _tools_row(self) -> QHBoxLayout:
        """The flowers, then remove last, undo and clear."""
        tools = QHBoxLayout()
        self.flowers_label = QLabel()
        self.flowers = QSpinBox()
        self.flowers.setObjectName("flowers")
        self.flowers.setRange(0, 8)
        self.flowers.setEnabled(self.vm.flowers_allowed)
        self.flowers.valueChanged.connect(lambda v: self.vm.set_situation(flowers=v))  # type: ignore[attr-defined]
        self.flowers_label.setBuddy(self.flowers)
        tools.addWidget(self.flowers_label)
        tools.addWidget(self.flowers)
        self.flowers_label.setVisible(self.with_flowers)
        self.flowers.setVisible(self.with_flowers)
        tools.addStretch(1)
        self.remove_button = QPushButton()
        self.remove_button.setObjectName("remove_last")
        self.remove_button.clicked.connect(self.vm.remove_last)
        self.undo_button = QPushButton()
        self.undo_button.setObjectName("undo")
        self.undo_button.clicked.connect(self.vm.undo)
        self.clear_button = QPushButton()
        self.clear_button.setObjectName("clear")
        self.clear_button.clicked.connect(self.vm.clear)
        for b in (self.remove_button, self.undo_button, self.clear_button):
            _no_focus(b)
            tools.addWidget(b)
        return tools

    def resizeEvent(self, e: QResizeEvent) -> None:
        # tiles grow with the room there is (34–64 px wide, or up to ``largest``): legible on a large screen, fits on a small one
        columns, gap = (10, 6 + 3) if self.red_tiles else (9, 0)
        width = max(34, min(self.largest, (e.size().width() - (columns - 1) * 3 - 4 - gap) // columns))
        if self.buttons and width != self.buttons[0].width():
            for b in self.buttons:
                b.set_tile_width(width)
        super().resizeEvent(e)

    def retranslate(self) -> None:
        for i, (mode, en) in enumerate(MODE_LABELS, start=1):
            # both languages on the desk (the mahjong words referees say in either); another language alone
            zh = texts.gettext("zh", en, "picker")
            said = texts.gettext(LANG.code, en, "picker")
            self.mode_buttons[mode].setText(f"{zh} {en}" if LANG.code == "zh" else f"{en} {zh}"
                                            if LANG.code == texts.DEFAULT else said)
            self.mode_buttons[mode].setShortcut(f"Ctrl+{i}")  # after setText, which resets shortcuts
            self.mode_buttons[mode].setToolTip(f"Ctrl+{i}")
        self.flowers_label.setText(tr("Flowers"))
        self.remove_button.setText(tr("Remove"))
        self.undo_button.setText(tr("Undo"))
        self.clear_button.setText(tr("Clear"))
        self.remove_button.setShortcut(Qt.Key.Key_Backspace)
        self.undo_button.setShortcut("Ctrl+Z")
        self.remove_button.setToolTip(tr("Take back the last tile (Backspace)"))
        self.undo_button.setToolTip(tr("Undo the last change (Ctrl+Z)"))
        self.clear_button.setToolTip(tr("Empty the hand"))
        self.mode_line.setText("")
        self._show_mode()

    def _show_mode(self) -> None:
        text = mode_text(self.vm.mode)
        if self.mode_line.text() != text:
            self.mode_line.setText(text)
            self.mode_line.setStyleSheet("" if self.vm.mode is Mode.TILE else
                                         "color: #1b4f8a; font-weight: bold; background: #e8f0fb; padding: 2px 6px;")

    def refresh(self, *_args: object) -> None:
        counts = self.vm.copies()
        for b in self.buttons:
            enabled = self.vm.can_add(b.tile)
            if b.count != counts[b.tile] or b.isEnabled() != enabled:
                b.count = counts[b.tile]
                b.setEnabled(enabled)
                b.update()
        self.mode_buttons[self.vm.mode].setChecked(True)
        self._show_mode()
        flowers = self.vm.situation.flowers if self.with_flowers else 0  # type: ignore[attr-defined]
        if self.flowers.value() != flowers:
            self.flowers.blockSignals(True)
            self.flowers.setValue(flowers)
            self.flowers.blockSignals(False)


def mode_text(mode: Mode) -> str:
    """The picker's mode in words (the mode sticks until another is chosen), the mode named in the UI's
    language (the catalogue's "picker" words)."""
    if mode is Mode.TILE:
        return tr("Mode: single tiles (the 14th is the winning tile)")
    en = next(en for m, en in MODE_LABELS if m is mode)
    return tr("Mode: {mode} — every tile clicked adds one, until another mode is chosen (Ctrl+1: single tiles)",
              mode=texts.gettext(LANG.code, en, "picker"))


def _no_focus(b: QPushButton) -> None:
    """A click does not take the focus from the notation, and Enter stays Confirm (no auto-default)."""
    b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    b.setAutoDefault(False)
