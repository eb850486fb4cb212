"""Add or edit one player."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QFormLayout, QLineEdit, QWidget

from db.service.players import PlayerInput
from db.views import PlayerView
from referee_app.dialogs.common import ok_cancel, problem_label
from referee_app.i18n import tr


class PlayerDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, player: PlayerView | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Edit player") if player else tr("Add player"))
        form = QFormLayout(self)
        self.setMinimumWidth(420)
        self.number = QLineEdit(player.number if player else "")
        self.number.setObjectName("number")
        self.number.setReadOnly(player is not None)  # the number identifies the player
        self.name = QLineEdit(player.name if player else "")
        self.name.setObjectName("name")
        self.team = QLineEdit((player.team or "") if player else "")
        self.team.setObjectName("team")
        self.country = QLineEdit((player.country or "") if player else "")
        self.country.setObjectName("country")
        form.addRow(tr("Number"), self.number)
        form.addRow(tr("Name"), self.name)
        form.addRow(tr("Team"), self.team)
        form.addRow(tr("Country"), self.country)
        # kept on edit: saving a reserve must not quietly make them a regular player
        self.substitute = QCheckBox(tr("Substitute (seated only when replacing a player)"))
        self.substitute.setObjectName("substitute")
        self.substitute.setChecked(bool(player and player.substitute))
        form.addRow(self.substitute)
        self.problem = problem_label()
        form.addRow(self.problem)
        form.addRow(ok_cancel(self, self.value))

    def value(self) -> PlayerInput | None:
        number, name = self.number.text().strip(), self.name.text().strip()
        if not number or " " in number:
            self.problem.setText(tr("The number is required and has no spaces."))
            return None
        if not name:
            self.problem.setText(tr("The name is required."))
            return None
        return PlayerInput(number, name, self.team.text().strip() or None, self.country.text().strip() or None,
                           self.substitute.isChecked())

    @classmethod
    def ask(cls, parent: QWidget | None, player: PlayerView | None = None) -> PlayerInput | None:
        d = cls(parent, player)
        return d.value() if d.exec() == QDialog.DialogCode.Accepted else None
