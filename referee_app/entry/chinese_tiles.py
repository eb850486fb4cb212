"""The tiles of a Chinese system's winner (or ready player) through the tile picker (issue 33): the picker, the
notation line and the hand's row that MCR's and Riichi's entries have (``TilePicker``, ``HandEntryBase``),
over a model that only holds the tiles (``tile_state``: the picker's rules) and writes them in the notation
the Chinese systems read (``scoring.notation``, as MCR's). It scores nothing: the store does, in the
desk's preview.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from referee_app.base import tile_state
from referee_app.base.tile_faces import hand_groups
from referee_app.base.tile_state import Mode, Tiles
from referee_app.entry.entry_base import HandEntryBase
from referee_app.entry.riichi_vm import Listeners
from referee_app.entry.tile_picker import TilePicker
from referee_app.words.hand_errors import hand_problem
from referee_app.words.i18n import tr
from scoring.errors import HandError
from scoring.model import Hand, Meld
from scoring.notation import format_hand, parse_hand


class ChineseTilesModel:
    """The tiles entered (``PickerModel`` for the picker, the hand model of ``HandEntryBase``)."""

    flowers_allowed = False

    def __init__(self) -> None:
        self.mode = Mode.TILE
        self.changed = Listeners()
        self.mode_changed = Listeners()
        self._tiles = Tiles()
        self._undo: list[Tiles] = []
        self._problem: HandError | None = None

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self._tiles.melds

    @property
    def standing(self) -> tuple[int, ...]:
        return self._tiles.standing

    @property
    def notation_error(self) -> str | None:
        return None if self._problem is None else hand_problem(self._problem)

    def hand(self) -> Hand:
        return self._tiles.hand()

    def notation(self) -> str:
        try:
            return format_hand(self.hand())
        except (HandError, ValueError):
            return ""

    def copies(self) -> tuple[int, ...]:
        return tile_state.copies(self._tiles)

    def can_add(self, t: int, mode: Mode | None = None) -> bool:
        return tile_state.can_add(self._tiles, self.copies(), t, mode or self.mode)

    def set_mode(self, mode: Mode | str) -> None:
        self.mode = Mode(mode)
        self.mode_changed.emit(self.mode.value)

    def click_tile(self, t: int) -> bool:
        if not self.can_add(t):
            return False
        self._push(tile_state.clicked(self._tiles, t, self.mode))
        return True

    def remove_meld(self, i: int) -> None:
        self._push(tile_state.without_meld(self._tiles, i))

    def remove_standing_tile(self, t: int) -> None:
        new = tile_state.without_standing(self._tiles, t)
        if new is not None:
            self._push(new)

    def remove_winning(self) -> None:
        if self._tiles.winning is not None:
            self._push(replace(self._tiles, winning=None))

    def remove_last(self) -> None:
        new = tile_state.without_last(self._tiles)
        if new is not None:
            self._push(new)

    def undo(self) -> None:
        if self._undo:
            self._tiles = self._undo.pop()
            self._problem = None
            self.changed.emit(None)

    def clear(self) -> None:
        self._problem = None
        self._push(Tiles())

    def set_notation(self, text: str) -> bool:
        """The typed notation; when it does not read, the tiles stay and ``notation_error`` says why."""
        text = text.strip()
        if not text:
            self.clear()
            return True
        try:
            hand = parse_hand(text)
        except HandError as e:
            self._problem = e
            self.changed.emit(None)
            return False
        self._problem = None
        self._push(Tiles(tuple(hand.melds), tuple(hand.standing), hand.winning))
        return True

    def _push(self, new: Tiles) -> None:
        self._undo.append(self._tiles)
        self._tiles = new
        self.changed.emit(None)


class ChineseTilesDialog(QDialog):
    """The picker, the notation and the hand's row for one winner's tiles; OK gives ``vm.notation()``."""

    def __init__(self, title: str, notation: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chinese_tiles_dialog")
        self.setWindowTitle(title)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.vm = ChineseTilesModel()
        self.vm.set_notation(notation)
        lay = QVBoxLayout(self)
        self.body = _TilesEntry(self.vm, self)
        lay.addWidget(self.body, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(900, 520)


class _TilesEntry(HandEntryBase):
    def __init__(self, vm: ChineseTilesModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.vm = vm
        lay = QVBoxLayout(self)
        lay.addLayout(self._notation_row())
        self.picker = TilePicker(vm, self, tile_width=40, flowers=False, largest=54)
        lay.addWidget(self.picker)
        self._add_hand_rows(lay)
        vm.changed.connect(lambda _p: self.refresh())
        self.notation_label.setText(tr("Notation"))
        self.hand_title.setText(tr("Hand"))
        self.refresh()

    def _entry_model(self) -> ChineseTilesModel:
        return self.vm

    def refresh(self) -> None:
        vm = self.vm
        self.hand_row.set_groups(hand_groups(vm.hand()))
        if not self._typing:
            self.notation.setText(vm.notation())
        problem = vm.notation_error
        self.message.setText(problem or "")
