"""The penalty dialog: the profile's presets, a custom amount, and the three settlements.

At a table that plays a game (``db.read.games.is_game``: Riichi) a penalty is the profile's free amount taken
from the player's session score after the uma (``scoring.systems``: its points / 1,000): the dialog asks for
the points after the uma, offers no settlement to others (the preset's own, deducted) and shows the effect in
thousands (5000 -> -5.0), as the game's results show it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QWidget,
)

from db.read.games import GAME
from db.read.views import PlayerView
from db.rules.profiles import Settlement
from db.service.outcomes import PenaltyInput, penalty_deltas
from referee_app.dialogs.common import ok_cancel
from referee_app.models import signed
from referee_app.words.i18n import LANG, tr

#: the preset for a claimed win under 8 fans (错和), by profile; the first kind a profile has is used
FALSE_WIN_KINDS = ("false_win_wrong", "false_win")

SETTLEMENTS = [(s.value, s.en) for s in Settlement]  # the store's settlements with their labels


class PenaltyDialog(QDialog):
    """``players`` are the table's four (starting seats E, S, W, N); ``presets`` are ``PenaltyPreset``s;
    ``game``: the table plays a game (points after the uma, shown in thousands; the preset's settlement only)."""

    def __init__(self, parent: QWidget | None, players: Sequence[PlayerView], presets: Sequence[Any],
                 hand: int | None = None, *, player: str | None = None, kind: str | None = None,
                 reason: str = "", game: bool = False) -> None:
        super().__init__(parent)
        self.game = game
        self.setWindowTitle(tr("Penalty…").rstrip("…"))
        self.players = list(players)
        self.presets = list(presets)
        self.hand = hand
        form = QFormLayout(self)
        # which hand it is for, said first (it was not shown)
        self.hand_label = QLabel(f"<b>{hand}</b>" if hand is not None else tr("not tied to a hand"))
        self.hand_label.setObjectName("penalty_hand")
        form.addRow(tr("Hand"), self.hand_label)
        self.player = self._player_box("penalty_player")
        form.addRow(tr("Player"), self.player)
        self.kind = QComboBox()
        self.kind.setObjectName("penalty_kind")
        for pr in self.presets:
            label = f"{pr.zh} {pr.en}" if LANG.code == "zh" else f"{pr.en} {pr.zh}"
            self.kind.addItem(label, pr.kind)
        form.addRow(tr("Kind"), self.kind)
        self.amount = QComboBox()
        self.amount.setObjectName("penalty_amount")
        self.amount.setEditable(True)
        self.amount.setValidator(QIntValidator(1, 100000, self))
        form.addRow(tr("Points (after the uma)") if game else tr("Amount"), self.amount)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555;")
        form.addRow(self.note)
        self._settlement_rows(form)
        self.reason = QLineEdit()
        self.reason.setObjectName("penalty_reason")
        form.addRow(tr("Reason"), self.reason)
        self.effect = QLabel()
        self.effect.setObjectName("penalty_effect")
        form.addRow(self.effect)
        self.buttons = ok_cancel(self)
        form.addRow(self.buttons)

        self.kind.currentIndexChanged.connect(self._preset_changed)
        for w in (self.player, self.to):
            w.currentIndexChanged.connect(self._update)
        self.amount.currentTextChanged.connect(self._update)
        self.settle_group.buttonToggled.connect(lambda *_: self._update())
        self._preset_changed()
        # pre-filled (e.g. a false win found in hand entry): the player and the preset, ready for OK
        if player is not None:
            self.player.setCurrentIndex(self.player.findData(player))
        if kind is not None and self.kind.findData(kind) >= 0:
            self.kind.setCurrentIndex(self.kind.findData(kind))
        self.reason.setText(reason)

    def _player_box(self, name: str) -> QComboBox:
        """The table's four players with none chosen: the referee picks one (a penalty recorded against the
        first seat by default would be a wrong result)."""
        box = QComboBox()
        box.setObjectName(name)
        for p in self.players:
            box.addItem(f"{p.number}  {p.name}", p.number)
        box.setPlaceholderText(tr("Choose the player."))
        box.setCurrentIndex(-1)
        return box

    def _settlement_rows(self, form: QFormLayout) -> None:
        """The settlement and who receives it; hidden at a game table, whose penalty leaves the table after
        the uma (nobody is paid: the preset's settlement, deducted)."""
        settle_row = form.rowCount()
        form.addRow(tr("Settlement"), self._settlement_row())
        self.to = self._player_box("penalty_to")
        form.addRow(tr("To player"), self.to)
        if self.game:
            form.setRowVisible(settle_row, False)
            form.setRowVisible(self.to, False)

    def _settlement_row(self) -> QHBoxLayout:
        """One button per way of settling the penalty."""
        sett = QHBoxLayout()
        self.settle_group = QButtonGroup(self)
        self.settle_buttons: dict[str, QRadioButton] = {}
        for code, text in SETTLEMENTS:
            b = QRadioButton(tr(text))
            b.setObjectName(f"settle_{code}")
            self.settle_group.addButton(b)
            self.settle_buttons[code] = b
            sett.addWidget(b)
        return sett

    def _preset_changed(self, *_a: object) -> None:
        pr = self.presets[self.kind.currentIndex()] if self.presets else None
        self.amount.blockSignals(True)
        self.amount.clear()
        if pr is not None:
            for a in pr.amounts:
                self.amount.addItem(str(a))
            self.settle_buttons[str(pr.settlement)].setChecked(True)
            self.note.setText(tr(pr.note) if pr.note else "")
        self.amount.blockSignals(False)
        self._update()

    def settlement(self) -> Settlement:
        for code, b in self.settle_buttons.items():
            if b.isChecked():
                return Settlement(code)
        return Settlement.DEDUCTED

    def _someone_unchosen(self) -> bool:
        """The player, or (paid to a player) who receives it, is not chosen yet."""
        return self.player.currentData() is None or (
            self.settlement() == "player" and self.to.currentData() is None)

    def value(self) -> PenaltyInput | None:
        """The penalty as entered, or None while the player, the amount or (paid to a player) who receives
        it is missing."""
        try:
            points = int(self.amount.currentText())
        except ValueError:
            return None
        if self._someone_unchosen():
            return None
        st = self.settlement()
        return PenaltyInput(player=self.player.currentData(), points=points, settlement=st,
                            to=self.to.currentData() if st == "player" else None,
                            reason=self.reason.text().strip(), kind=self.kind.currentData() or "custom",
                            hand=self.hand)

    def _update(self, *_a: object) -> None:
        st = self.settlement()
        self.to.setEnabled(st == "player")
        v = self.value()
        ok = v is not None and not (st == "others" and v.points % 3) and not (
            st == "player" and v.to == v.player)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
        if v is None:
            self.effect.setText(tr("Choose the player.") if self._someone_unchosen() else tr("Enter the amount."))
            return
        if st == "others" and v.points % 3:
            self.effect.setText(tr("{n} cannot be split equally among the other three (must divide by 3).",
                                   n=v.points))
            return
        pos = self.player.currentIndex()
        to = self.to.currentIndex() if st == "player" else None
        if to == pos:
            self.effect.setText(tr("A player cannot pay a penalty to themselves."))
            return
        d = penalty_deltas(pos, v.points, st, to)
        if self.game:  # the session score's change: thousands, after the uma (scoring.systems)
            after = tr("after the uma")
            self.effect.setText("   ".join(
                f"{p.name} {GAME.total_text(x / 1000)}" for p, x in zip(self.players, d, strict=True) if x)
                + f"   ({after})")
            return
        self.effect.setText("   ".join(f"{p.name} {signed(x)}" for p, x in zip(self.players, d, strict=True)))

    @classmethod
    def ask(cls, parent: QWidget | None, players: Sequence[PlayerView], presets: Sequence[Any],
            hand: int | None = None, *, player: str | None = None, kind: str | None = None,
            reason: str = "", game: bool = False) -> PenaltyInput | None:
        d = cls(parent, players, presets, hand, player=player, kind=kind, reason=reason, game=game)
        return d.value() if d.exec() == QDialog.DialogCode.Accepted else None
