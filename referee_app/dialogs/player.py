"""Add or edit one player, with the EMA fields (country code, EMA number, first and last name)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QFormLayout, QLineEdit, QWidget

from db.read.views import PlayerView
from db.rules.countries import NAMES, country_code
from db.rules.names import split_name
from db.service.players import EMA_DIGITS, PlayerInput
from referee_app.dialogs.common import ok_cancel, problem_label
from referee_app.words.i18n import tr


class PlayerDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, player: PlayerView | None = None,
                 suggested_number: str = "") -> None:
        super().__init__(parent)
        self.player = player
        self.setWindowTitle(tr("Edit player") if player else tr("Add player"))
        form = QFormLayout(self)
        self.setMinimumWidth(460)

        def edit(name: str, text: str | None) -> QLineEdit:
            e = QLineEdit(text or "")
            e.setObjectName(name)
            return e

        self.number = edit("number", player.number if player else suggested_number)
        self.number.setReadOnly(player is not None)  # the number identifies the player
        if player is None:  # the next free number, selected: typing another one replaces it
            self.number.selectAll()
        self.name = edit("name", player.name if player else "")
        self.team = edit("team", player.team if player else None)
        self.country = edit("country", player.country if player else None)
        self.country.setPlaceholderText(tr("ISO code, e.g. FR, DE, CN"))
        self.country.textChanged.connect(self._show_country)
        self.ema_number = edit("ema_number", player.ema_number if player else None)
        self.ema_number.setPlaceholderText(tr("8 digits; empty: not an EMA member"))
        self.first_name = edit("first_name", player.first_name if player else None)
        self.last_name = edit("last_name", player.last_name if player else None)
        self.name.textChanged.connect(self._show_split)
        form.addRow(tr("Number"), self.number)
        form.addRow(tr("Name"), self.name)
        form.addRow(tr("Team"), self.team)
        form.addRow(tr("Country"), self.country)
        form.addRow(tr("EMA number"), self.ema_number)
        form.addRow(tr("First name"), self.first_name)
        form.addRow(tr("Last name"), self.last_name)
        # kept on edit: saving a reserve must not quietly make them a regular player
        self.substitute = QCheckBox(tr("Substitute (seated only when replacing a player)"))
        self.substitute.setObjectName("substitute")
        self.substitute.setChecked(bool(player and player.substitute))
        form.addRow(self.substitute)
        self.problem = problem_label()
        form.addRow(self.problem)
        form.addRow(ok_cancel(self, self.value))
        self._show_split()
        self._show_country()

    def _show_split(self) -> None:
        """Empty first / last name fields show the split of the name they stand for (db.rules.names)."""
        first, last = split_name(self.name.text())
        self.first_name.setPlaceholderText(tr("from the name: {name}", name=first) if first else "")
        self.last_name.setPlaceholderText(tr("from the name: {name}", name=last) if last else "")

    def _show_country(self) -> None:
        code = country_code(self.country.text().strip()) if self.country.text().strip() else None
        self.country.setToolTip(f"{code} — {NAMES[code]}" if code else "")

    def _optional(self, edit: QLineEdit, stored: str | None) -> str | None:
        """The text; empty is "" (clear) when something is stored, None (nothing to say) otherwise."""
        text = edit.text().strip()
        return text if text or stored else None

    def value(self) -> PlayerInput | None:
        number, name = self.number.text().strip(), self.name.text().strip()
        if not number or " " in number:
            self.problem.setText(tr("The number is required and has no spaces."))
            return None
        if not name:
            self.problem.setText(tr("The name is required."))
            return None
        p = self.player
        country = self.country.text().strip() or None
        if country and not (p is not None and country == p.country):  # an older file's text stays until edited
            code = country_code(country)
            if code is None:
                self.problem.setText(tr("{country} is not a country: write its ISO 3166 code (e.g. FR, DE, CN).",
                                        country=country))
                return None
            country = code
        ema = self.ema_number.text().strip()
        if ema and (not ema.isascii() or not ema.isdigit() or len(ema) > EMA_DIGITS):
            self.problem.setText(tr("The EMA number has 8 digits."))
            return None
        return PlayerInput(number, name, self.team.text().strip() or None, country, self.substitute.isChecked(),
                           self._optional(self.ema_number, p.ema_number if p else None),
                           self._optional(self.first_name, p.first_name if p else None),
                           self._optional(self.last_name, p.last_name if p else None))

    @classmethod
    def ask(cls, parent: QWidget | None, player: PlayerView | None = None,
            suggested_number: str = "") -> PlayerInput | None:
        d = cls(parent, player, suggested_number)
        return d.value() if d.exec() == QDialog.DialogCode.Accepted else None
