"""The tile picker: 34 tile buttons in suit rows, meld modes, flowers, remove / undo / clear.

A view over ``HandEntryModel``: every button calls one model command; the model's ``changed`` signal
refreshes the badges (copies already used) and greys out tiles that cannot be added in the current mode.
"""

from __future__ import annotations

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
from referee_app.entry.hand_vm import HandEntryModel, Mode
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


class TilePicker(QWidget):
    def __init__(self, vm: HandEntryModel, parent: QWidget | None = None, tile_width: int = 42) -> None:
        super().__init__(parent)
        self.vm = vm
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
        grid.setColumnStretch(9, 1)
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
        self.flowers.valueChanged.connect(lambda v: self.vm.set_situation(flowers=v))
        self.flowers_label.setBuddy(self.flowers)
        tools.addWidget(self.flowers_label)
        tools.addWidget(self.flowers)
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
        # tiles grow with the room there is (34–64 px wide): legible on a large screen, fits on a small one
        width = max(34, min(64, (e.size().width() - 8 * 3 - 4) // 9))
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
        if self.flowers.value() != self.vm.situation.flowers:
            self.flowers.blockSignals(True)
            self.flowers.setValue(self.vm.situation.flowers)
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
