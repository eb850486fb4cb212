"""Players: the list, add / edit one, import a CSV with a preview."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QLabel, QWidget

from db.read import queries
from db.read.changes import Changes
from db.read.lookup import has_results
from db.read.views import next_free_number
from db.service.players import PlayerInput, import_players
from db.service.teammates import teammate_conflicts
from referee_app.base.errors import show_error
from referee_app.dialogs.csv_import import CsvImportDialog
from referee_app.dialogs.player import PlayerDialog
from referee_app.dialogs.teams import TeamsDialog
from referee_app.models import PlayersModel
from referee_app.pages.base import TournamentPage
from referee_app.pages.common import current_row, filter_edit, push_button, table_view
from referee_app.words.i18n import tr


class PlayersPage(TournamentPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = self._titled()
        bar = QHBoxLayout()
        self.add_button = push_button("add_player", self.add_player)
        self.edit_button = push_button("edit_player", self.edit_player)
        self.teams_button = push_button("edit_teams", self.edit_teams)
        self.import_button = push_button("import_csv", self.import_csv)
        self.model = PlayersModel(parent=self)
        self.view, self.proxy = table_view(self.model, name="players")  # parented when laid out: Tab order stays bar, then table
        assert self.proxy is not None
        self.filter = filter_edit("players_filter", self.proxy)
        for b in (self.add_button, self.edit_button, self.teams_button, self.import_button):
            bar.addWidget(b)
        bar.addStretch(1)
        bar.addWidget(self.filter)
        lay.addLayout(bar)
        self.view.horizontalHeader().setStretchLastSection(False)
        self.view.horizontalHeader().setSectionResizeMode(PlayersModel.COL_NAME, QHeaderView.ResizeMode.Stretch)
        self.view.sortByColumn(PlayersModel.COL_NUMBER, Qt.SortOrder.AscendingOrder)
        self.view.doubleClicked.connect(lambda _i: self.edit_player())
        lay.addWidget(self.view, 1)
        self.count = QLabel()
        lay.addWidget(self.count)
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(tr("Players"))
        self.add_button.setText(tr("Add player"))
        self.edit_button.setText(tr("Edit player"))
        self.teams_button.setText(tr("Edit teams…"))
        self.import_button.setText(tr("Import CSV…"))
        self.filter.setPlaceholderText(tr("Filter"))
        self.count.setText(tr("{n} players", n=len(self.model.rows)))

    def refresh(self) -> None:
        if self.ctx is None:
            return
        self.model.set_rows(self.ctx.runner.read(queries.players))
        self.count.setText(tr("{n} players", n=len(self.model.rows)))

    def refresh_for(self, changes: Changes) -> None:
        """The list shows the players' details only: a result, a call or the clock leave it as it is."""
        if changes.players or changes.wide:
            self.refresh()

    def save_players(self, players: list[PlayerInput]) -> bool:
        assert self.ctx is not None
        ok = self.ctx.runner.run(lambda s: import_players(s, players), self) is not None
        if ok and any(p.team for p in players):
            self.warn_teammates()
        return ok

    def warn_teammates(self) -> list[str]:
        """After a team change: the seated sessions still to play where teammates now share a table
        (the seating kept them apart with the old teams). Played sessions are history and not listed."""
        assert self.ctx is not None

        def find(s):  # type: ignore[no-untyped-def]
            return [f"{tr('Session')} {n}: {c}" for n in queries.seated_sessions(s)
                    if not has_results(s, n) for c in teammate_conflicts(s, n)]

        found: list[str] = self.ctx.runner.read(find)
        if found:
            show_error(self, tr("Teammates at one table"), "\n".join(found),
                       tr("Swap two players in Sessions & tables, or regenerate that session's seating."))
        return found

    def add_player(self) -> None:
        p = PlayerDialog.ask(self, None, next_free_number(r.number for r in self.model.rows))
        if p:
            self.save_players([p])

    def edit_player(self) -> None:
        row = current_row(self.view, self.proxy, self.model)
        if row is None:
            return
        p = PlayerDialog.ask(self, row)
        if p:
            self.save_players([p])

    def edit_teams(self) -> None:
        if self.ctx is None:
            return
        changes = TeamsDialog.ask(self, self.model.rows)
        if changes:
            self.save_players(changes)

    def import_csv(self) -> None:
        players = CsvImportDialog.ask(self)
        if players:
            self.save_players(players)
