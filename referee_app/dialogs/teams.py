"""The team editor: rename a team, move players between teams.

The store has no team table (a team is the ``team`` text of each player), so the dialog edits a working
copy and returns the changed players; the players page saves them with ``db.service.players.import_players`` — the
player edit service — in one transaction (one audit line per player; the store refuses a team of more
than 4 players and 1 substitute). The dialog checks the same limit first, so OK is only offered when it
will pass.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QWidget,
)

from db.read.views import PlayerView, number_key
from db.service.players import PlayerInput
from referee_app.dialogs.common import ok_cancel
from referee_app.words.i18n import tr

MAX_TEAM = 5  # 4 players and 1 substitute (the store's own limit)


def team_problems(teams: dict[str, str | None]) -> list[str]:
    """Teams over the limit, worded for the user (empty when the plan can be saved)."""
    sizes = Counter(t for t in teams.values() if t)
    return [tr("{team} has {n} players: a team has at most 4 players and 1 substitute.", team=t, n=n)
            for t, n in sorted(sizes.items()) if n > MAX_TEAM]


class TeamsDialog(QDialog):
    """``TeamsDialog.ask(parent, players)`` -> the players whose team changed (as ``PlayerInput``) or None."""

    def __init__(self, parent: QWidget | None, players: Sequence[PlayerView]) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Edit teams…").rstrip("…"))
        self.players = {p.number: p for p in players}
        self.teams: dict[str, str | None] = {p.number: p.team for p in players}  # the working copy
        grid = QGridLayout(self)
        help_text = QLabel(tr("Rename the selected team, or select players and move them to another team (type "
                              "a new name to create one; empty = no team). Saved together on OK."))
        help_text.setWordWrap(True)
        grid.addWidget(help_text, 0, 0, 1, 2)
        grid.addWidget(QLabel(tr("Teams")), 1, 0)
        grid.addWidget(QLabel(tr("Members")), 1, 1)
        self.team_list = QListWidget()
        self.team_list.setObjectName("team_list")
        self.team_list.currentItemChanged.connect(lambda *_: self._show_members())
        grid.addWidget(self.team_list, 2, 0)
        self.members = QListWidget()
        self.members.setObjectName("members")
        self.members.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        grid.addWidget(self.members, 2, 1)

        rename = QHBoxLayout()
        self.new_name = QLineEdit()
        self.new_name.setObjectName("team_new_name")
        self.new_name.setPlaceholderText(tr("New name"))
        self.new_name.returnPressed.connect(self.rename_current)
        self.rename_button = QPushButton(tr("Rename"))
        self.rename_button.setObjectName("rename_team")
        self.rename_button.setAutoDefault(False)
        self.rename_button.clicked.connect(self.rename_current)
        rename.addWidget(self.new_name, 1)
        rename.addWidget(self.rename_button)
        grid.addLayout(rename, 3, 0)

        grid.addLayout(self._move_row(), 3, 1)

        self.problem = QLabel()
        self.problem.setObjectName("teams_problem")
        self.problem.setWordWrap(True)
        grid.addWidget(self.problem, 4, 0, 1, 2)
        self.buttons = ok_cancel(self)
        grid.addWidget(self.buttons, 5, 0, 1, 2)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 3)
        self.resize(720, 480)
        self._fill(None)

    def _move_row(self) -> QHBoxLayout:
        """Move the selected players to a team: an existing one, a new name, or none."""
        move = QHBoxLayout()
        move.addWidget(QLabel(tr("Move selected to")))
        self.target = QComboBox()
        self.target.setObjectName("move_target")
        self.target.setEditable(True)  # an existing team, a new name, or empty for no team
        self.target.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        move.addWidget(self.target, 1)
        self.move_button = QPushButton(tr("Move"))
        self.move_button.setObjectName("move_players")
        self.move_button.setAutoDefault(False)
        self.move_button.clicked.connect(self.move_selected)
        move.addWidget(self.move_button)
        return move

    # ---- reading ---------------------------------------------------------------------------------
    def team_names(self) -> list[str]:
        return sorted({t for t in self.teams.values() if t})

    def current_team(self) -> str | None:
        item = self.team_list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def changes(self) -> list[PlayerInput]:
        """The players whose team differs from the store's, ready for ``import_players``."""
        out = []
        for number, p in self.players.items():
            team = self.teams[number]
            if team != p.team:
                out.append(PlayerInput(p.number, p.name, team, p.country, p.substitute, p.ema_number,
                                       p.first_name, p.last_name))
        return out

    # ---- commands --------------------------------------------------------------------------------
    def rename_current(self) -> bool:
        old, new = self.current_team(), self.new_name.text().strip()
        if old is None:
            return False
        if not new:
            self._say(tr("A team name cannot be empty."))
            return False
        if new != old and new in self.team_names():
            self._say(tr("Team {team} already exists: move its players instead.", team=new))
            return False
        self.teams = {n: (new if t == old else t) for n, t in self.teams.items()}
        self.new_name.clear()
        self._fill(new)
        return True

    def move_selected(self, team: str | None = None) -> int:
        """Move the selected members to ``team`` (default: the text of the target box; empty = no team)."""
        if not isinstance(team, str):
            team = self.target.currentText().strip()
        numbers = [i.data(Qt.ItemDataRole.UserRole) for i in self.members.selectedItems()]
        for n in numbers:
            self.teams[n] = team or None
        self._fill(self.current_team())
        return len(numbers)

    # ---- view ------------------------------------------------------------------------------------
    def _fill(self, select: str | None) -> None:
        sizes = Counter(self.teams.values())
        self.team_list.blockSignals(True)
        self.team_list.clear()
        entries: list[str | None] = [*self.team_names(), *([None] if sizes.get(None) else [])]
        for team in entries:
            label = team if team is not None else tr("(no team)")
            item = QListWidgetItem(f"{label}  ({sizes.get(team, 0)})")
            item.setData(Qt.ItemDataRole.UserRole, team)
            self.team_list.addItem(item)
            if team == select:
                self.team_list.setCurrentItem(item)
        if self.team_list.currentItem() is None and self.team_list.count():
            self.team_list.setCurrentRow(0)
        self.team_list.blockSignals(False)
        current = self.target.currentText()
        self.target.clear()
        self.target.addItems(["", *self.team_names()])
        self.target.setCurrentText(current)
        self._show_members()
        problems = team_problems(self.teams)
        n = len(self.changes())
        self._say(" ".join(problems) if problems
                  else tr("{n} players change team.", n=n) if n else tr("No change yet."), bool(problems))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(n > 0 and not problems)

    def _show_members(self) -> None:
        team = self.current_team()
        self.members.clear()
        for number, t in sorted(self.teams.items(), key=lambda kv: number_key(kv[0])):
            if t == team:
                p = self.players[number]
                item = QListWidgetItem(f"{number}  {p.name}" + (f"  ({tr('substitute')})" if p.substitute else ""))
                item.setData(Qt.ItemDataRole.UserRole, number)
                self.members.addItem(item)
        if team is not None:
            self.new_name.setPlaceholderText(f"{tr('New name')}: {team}")

    def _say(self, text: str, bad: bool = False) -> None:
        self.problem.setText(text)
        self.problem.setStyleSheet("color: #b3261e; font-weight: bold;" if bad else "color: #444;")

    @classmethod
    def ask(cls, parent: QWidget | None, players: Sequence[PlayerView]) -> list[PlayerInput] | None:
        d = cls(parent, players)
        return d.changes() if d.exec() == QDialog.DialogCode.Accepted else None


