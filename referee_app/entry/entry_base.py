"""What MCR's and Riichi's hand entries share: the notation line and the hand's row of tiles with its message,
and their reactions (typing the notation, clicking a tile of the hand to take it back). Each entry's model gives
the notation and the hand (``hand_vm``, ``riichi_vm``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from referee_app.base.named import named
from referee_app.base.tile_faces import TileRow


class _HandModel(Protocol):
    """The part of an entry's model the shared rows use."""

    @property
    def notation_error(self) -> object: ...
    @property
    def melds(self) -> Sequence[object]: ...
    @property
    def standing(self) -> tuple[int, ...]: ...
    def notation(self) -> str: ...
    def set_notation(self, text: str, /) -> object: ...
    def remove_meld(self, group: int, /) -> None: ...
    def remove_standing_tile(self, tile: int, /) -> None: ...
    def remove_winning(self) -> None: ...


class HandEntryBase(QWidget):
    """A hand entry's shared rows; ``_entry_model`` is the entry's model."""

    _typing = False  # the notation line is being typed: the model's change must not rewrite it

    def _entry_model(self) -> _HandModel:
        raise NotImplementedError

    def _notation_row(self) -> QHBoxLayout:
        """The notation's label and line, in a fixed-width font."""
        row = QHBoxLayout()
        self.notation_label = QLabel()
        self.notation = named(QLineEdit(), "notation")
        self.notation.setClearButtonEnabled(True)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSize(13)
        self.notation.setFont(mono)
        self.notation.textEdited.connect(self._notation_edited)
        self.notation.editingFinished.connect(self._notation_finished)
        self.notation_label.setBuddy(self.notation)
        row.addWidget(self.notation_label)
        row.addWidget(self.notation, 1)
        return row

    def _add_hand_rows(self, left: QVBoxLayout) -> None:
        """The hand's title and tiles, then the problem (or what the entry shows there)."""
        self.hand_title = QLabel()
        left.addWidget(self.hand_title)
        self.hand_row = named(TileRow(self, tile_width=36), "hand_row")
        self.hand_row.clicked.connect(self._hand_tile_clicked)
        left.addWidget(self.hand_row)
        self.message = named(QLabel(), "message")
        self.message.setWordWrap(True)
        self.message.setMinimumHeight(28)
        left.addWidget(self.message)

    def _notation_edited(self, text: str) -> None:
        self._typing = True
        try:
            self._entry_model().set_notation(text)
        finally:
            self._typing = False

    def _notation_finished(self) -> None:
        vm = self._entry_model()
        if vm.notation_error is None:
            self.notation.setText(vm.notation())

    def _hand_tile_clicked(self, group: int, index: int) -> None:
        vm = self._entry_model()
        if group < len(vm.melds):
            vm.remove_meld(group)
            return
        standing = sorted(vm.standing)
        if standing and group == len(vm.melds):
            vm.remove_standing_tile(standing[index])
        else:
            vm.remove_winning()
