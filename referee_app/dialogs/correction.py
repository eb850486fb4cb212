"""Correct a recorded hand: a new result (win by totals, win by re-entering the hand, or draw) + a reason."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

import texts
from db.read.views import HandRow, PlayerView
from db.service.outcomes import DrawInput, WinInput
from referee_app.dialogs.common import ok_cancel, problem_label
from referee_app.words.i18n import LANG, tr

SELF_DRAWN = "+"


@dataclass(frozen=True, slots=True)
class Correction:
    """``result`` None means: re-enter the full hand in hand entry."""

    hand: int
    result: WinInput | DrawInput | None
    reason: str


def recorded_text(row: HandRow, players: Sequence[PlayerView]) -> str:
    """"Hand 3 as recorded: Chen won from Grace, 12 fan" (or a draw), in the user's language."""
    if row.kind != "win" or row.winner is None:
        what = tr("draw")
    else:
        how = tr("self-drawn") if row.discarder is None else \
            tr("from {name}", name=players[row.discarder].name)
        what = f"{players[row.winner].name}, {how}, {row.fan_total} {tr('Fan')}"
    return tr("Hand {n} as recorded: {what}", n=row.hand, what=what)


class CorrectionDialog(QDialog):
    KINDS = [("win", "Win (totals)"), ("hand", "Win (enter the hand)"), ("draw", "Draw")]

    def __init__(self, parent: QWidget | None, players: Sequence[PlayerView], row: HandRow) -> None:
        super().__init__(parent)
        self.row = row
        self.players = list(players)
        self.setWindowTitle(tr("Correct hand {n}", n=row.hand))
        form = QFormLayout(self)
        self.setMinimumWidth(480)  # the reason's hint was cut at the natural width
        # what is on the sheet now, so the referee corrects the right line
        self.recorded = QLabel(recorded_text(row, self.players))
        self.recorded.setObjectName("correct_recorded")
        self.recorded.setWordWrap(True)
        form.addRow(self.recorded)
        self.kind = QComboBox()
        self.kind.setObjectName("correct_kind")
        for code, text in self.KINDS:
            self.kind.addItem(tr(text), code)
        form.addRow(tr("Kind"), self.kind)
        self.winner = QComboBox()
        self.winner.setObjectName("correct_winner")
        self.discarder = QComboBox()
        self.discarder.setObjectName("correct_discarder")
        self.discarder.addItem("+ " + tr("self-drawn"), SELF_DRAWN)
        for p in self.players:
            self.winner.addItem(f"{p.number}  {p.name}", p.number)
            self.discarder.addItem(f"{p.number}  {p.name}", p.number)
        self.fan = QLineEdit()
        self.fan.setObjectName("correct_fan")
        self.fan.setValidator(QIntValidator(8, 100000, self))
        form.addRow(tr("Winner"), self.winner)
        form.addRow(tr("Discarder"), self.discarder)
        form.addRow(tr("Fan"), self.fan)
        self.reason = QLineEdit()
        self.reason.setObjectName("correct_reason")
        self.reason.setPlaceholderText(tr("Why is this hand corrected?"))
        form.addRow(tr("Reason"), self.reason)
        self.problem = problem_label()
        form.addRow(self.problem)
        form.addRow(ok_cancel(self, self.value))
        # start from what is recorded; a draw names no winner, and none is chosen for the referee when it
        # becomes a win (East self-drawn was one OK away)
        self.winner.setPlaceholderText(texts.gettext(LANG.code, "Choose the winner.", "table_page"))
        self.discarder.setPlaceholderText(texts.gettext(LANG.code, "Choose the discarder, or self-drawn.",
                                                        "table_page"))
        if row.kind == "draw" or row.winner is None:
            self.winner.setCurrentIndex(-1)
            self.discarder.setCurrentIndex(-1)
        if row.kind == "draw":
            self.kind.setCurrentIndex(2)
        else:
            if row.winner is not None:
                self.winner.setCurrentIndex(row.winner)
            self.discarder.setCurrentIndex(0 if row.discarder is None else row.discarder + 1)
            self.fan.setText(str(row.fan_total))
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def _kind_changed(self, *_a: object) -> None:
        code = self.kind.currentData()
        for w in (self.winner, self.discarder):
            w.setEnabled(code != "draw")
        self.fan.setEnabled(code == "win")

    def value(self) -> Correction | None:
        reason = self.reason.text().strip()
        if not reason:
            self.problem.setText(tr("A reason is required."))
            return None
        code = self.kind.currentData()
        if code == "draw":
            return Correction(self.row.hand, DrawInput(), reason)
        if code == "hand":
            return Correction(self.row.hand, None, reason)
        if not self.fan.text().strip().isdigit():
            self.problem.setText(tr("Enter the fan total."))
            return None
        d = self.discarder.currentData()
        if self.winner.currentData() is None or d is None:
            self.problem.setText(self.winner.placeholderText() if self.winner.currentData() is None
                                 else self.discarder.placeholderText())
            return None
        return Correction(self.row.hand, WinInput(
            winner=self.winner.currentData(), discarder=None if d == SELF_DRAWN else d,
            self_drawn=d == SELF_DRAWN, fan=int(self.fan.text())), reason)

    @classmethod
    def ask(cls, parent: QWidget | None, players: Sequence[PlayerView], row: HandRow) -> Correction | None:
        d = cls(parent, players, row)
        return d.value() if d.exec() == QDialog.DialogCode.Accepted else None
