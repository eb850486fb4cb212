"""Swap two players' seats in a session (a correction with a reason once the tables have results)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLineEdit, QWidget

from db.read.views import PlayerView
from referee_app.dialogs.common import ok_cancel
from referee_app.words.i18n import tr


class SwapDialog(QDialog):
    def __init__(self, parent: QWidget | None, players: Sequence[PlayerView],
                 where: Mapping[str, str] | None = None) -> None:
        """``where``: each player's place, e.g. {"9": "Table 1 · East"}, shown beside the name."""
        super().__init__(parent)
        self.setWindowTitle(tr("Swap two players…"))
        form = QFormLayout(self)
        self.setMinimumWidth(460)  # the reason's hint was cut at the natural width
        self.a = QComboBox()
        self.a.setObjectName("swap_a")
        self.b = QComboBox()
        self.b.setObjectName("swap_b")
        where = where or {}
        for p in players:
            label = f"{p.number}  {p.name}" + (f"  ·  {where[p.number]}" if p.number in where else "")
            self.a.addItem(label, p.number)
            self.b.addItem(label, p.number)
        self.b.setCurrentIndex(min(1, self.b.count() - 1))
        self.reason = QLineEdit()
        self.reason.setObjectName("swap_reason")
        self.reason.setPlaceholderText(tr("Required once the tables have results"))
        form.addRow(tr("Player"), self.a)
        form.addRow(tr("Player"), self.b)
        form.addRow(tr("Reason"), self.reason)
        form.addRow(ok_cancel(self))

    def value(self) -> tuple[str, str, str]:
        return self.a.currentData(), self.b.currentData(), self.reason.text().strip()

    @classmethod
    def ask(cls, parent: QWidget | None, players: Sequence[PlayerView],
            where: Mapping[str, str] | None = None) -> tuple[str, str, str] | None:
        d = cls(parent, players, where)
        return d.value() if d.exec() == QDialog.DialogCode.Accepted else None
