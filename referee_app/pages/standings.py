"""Standings: individuals and teams, sortable, a column per session; and the projector view."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

import texts
from db.errors import TournamentError
from db.read import queries
from db.read.changes import Changes
from db.read.games import StandingColumns, standing_columns
from db.read.views import StandingRow, played_sessions, ranking_rule, staged
from db.rules.stages import plain
from referee_app.base.context import TournamentContext
from referee_app.dialogs.stages import StagesDialog
from referee_app.models import StandingsModel, TeamStandingsModel
from referee_app.pages.base import TournamentPage
from referee_app.pages.common import push_button, table_view, title_label
from referee_app.words.i18n import LANG, tr
from referee_app.words.store_errors import store_problem


def load_standings(s: Any) -> tuple[str, int, list[Any], list[Any]]:
    info = queries.tournament_info(s)
    return info.name, info.sessions, queries.standings(s), queries.team_standings(s)


def load_columns(s: Any) -> StandingColumns:
    """The rule system's two totals (MCR: table and match points; a game: the score and the points)."""
    return standing_columns(queries.settings(s))


def provisional_line(s: Any) -> str:
    """The mark of a ranking that counts tables still playing, in the user's language ("" when final)."""
    n = queries.still_playing(s)
    if not n:
        return ""
    return tr("Provisional: {n} table(s) still playing", n=n)


def public_choice_text(after: int) -> str:
    """A choice of the public standings' switch: live, or the standings after session N."""
    if not after:
        return tr("live standings")
    return tr("standings after session {n}; later results hidden until the end", n=after)


class StandingsPage(TournamentPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay, top = self._title_row()
        # A staged event (``stage add``): the final ranking, or one stage's ranking with what it carried
        self.stage = QComboBox()
        self.stage.setObjectName("standings_stage")
        # filled after the first show: sized to what it holds then, it read "Stage Fin" and "live stan"
        self.stage.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.stage.currentIndexChanged.connect(lambda _i: self.refresh())
        top.addWidget(self.stage)
        self.stages_button = push_button("stages", self.open_stages)
        top.addWidget(self.stages_button)
        self.projector_button = push_button("projector", self.open_projector)
        top.addWidget(self.projector_button)
        lay.addLayout(top)
        lay.addLayout(self._public_row())
        self.provisional = QLabel()
        self.provisional.setObjectName("standings_provisional")
        self.provisional.setStyleSheet("color: #b3261e; font-weight: bold;")
        lay.addWidget(self.provisional)
        self.tabs = QTabWidget()
        self.model = StandingsModel(parent=self)
        self.view, self.proxy = table_view(self.model, self, name="standings")
        self.view.horizontalHeader().setStretchLastSection(False)
        self.view.horizontalHeader().setSectionResizeMode(StandingsModel.COL_NAME, QHeaderView.ResizeMode.Stretch)
        self.team_model = TeamStandingsModel(parent=self)
        self.team_view, self.team_proxy = table_view(self.team_model, self, name="team_standings")
        self.view.sortByColumn(StandingsModel.COL_RANK, Qt.SortOrder.AscendingOrder)
        self.tabs.addTab(self.view, "")
        self.tabs.addTab(self.team_view, "")
        lay.addWidget(self.tabs, 1)
        # how the places are decided (db.read.views.ranking_rule): in a staged event, not the whole event's totals
        self.rule = QLabel()
        self.rule.setObjectName("standings_rule")
        self.rule.setWordWrap(True)
        self.rule_text: str = ""  # a texts.Text: said again in the new language on a switch
        lay.addWidget(self.rule)
        self.stage_note = QLabel()
        self.stage_note.setObjectName("standings_stage_note")
        self.stage_note.setWordWrap(True)
        lay.addWidget(self.stage_note)
        self.projector: ProjectorView | None = None
        self.retranslate()

    def _public_row(self) -> QHBoxLayout:
        """What the players' page and the hall display show (`settings --hide-standings-after N`, docs/web.md)."""
        public = QHBoxLayout()
        self.public_label = QLabel()
        self.public = QComboBox()
        self.public.setObjectName("standings_public")
        self.public.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.public.activated.connect(self._public_chosen)
        public.addWidget(self.public_label)
        public.addWidget(self.public)
        public.addStretch(1)
        return public

    def retranslate(self) -> None:
        self.title.setText(tr("Standings"))
        self.projector_button.setText(tr("Projector view") + "  (F11)")
        self.stages_button.setText(tr("Stages…"))
        self.tabs.setTabText(0, tr("Individuals"))
        self.tabs.setTabText(1, tr("Teams"))
        self.rule.setText(texts.said(self.rule_text, LANG.code))
        self.public_label.setText(tr("Players' page and hall display:"))
        for i in range(self.public.count()):
            self.public.setItemText(i, public_choice_text(self.public.itemData(i)))
        self.refresh()  # the notes under the ranking are made in the language of their reading

    def refresh(self) -> None:
        if self.ctx is None:
            return
        _name, sessions, players, teams = self.ctx.runner.read(load_standings)
        stages = self.ctx.runner.read(queries.stages)
        chosen = self.stage.currentData()
        self.stage.blockSignals(True)
        self.stage.clear()
        self.stage.addItem(tr("Final ranking"), None)
        for v in stages:
            self.stage.addItem(tr("Stage {name}", name=v.name), v.name)
        self.stage.setCurrentIndex(max(0, self.stage.findData(chosen)) if chosen is not None else 0)
        self.stage.blockSignals(False)
        self.stage.setVisible(bool(stages))
        self.stage_note.clear()
        name = self.stage.currentData()
        if name is not None:
            try:
                rows = self.ctx.runner.read(lambda s: queries.stage_standings(s, name))
            except TournamentError as exc:  # the previous stage is not complete, or a tie at the cut
                rows = []
                self.stage_note.setText(store_problem(exc))
            # shown as the final ranking's rows: whole match points without ".0" (a carried half keeps ".5")
            players = [StandingRow(r.rank, r.number, r.name, r.team, r.table_points,
                                   plain(r.match_points), r.sessions) for r in rows]  # type: ignore[arg-type]
            if rows:
                self.stage_note.setText(", ".join(
                    f"{r.number} {r.name} {tr('carried')} {r.carried_table_points:g} / {r.carried_match_points:+g}"
                    for r in rows if r.carried_table_points or r.carried_match_points))
        else:  # the substitutes who played are in no ranking: named under it, as `standings` does
            subs = self.ctx.runner.read(queries.substitutes_played)
            self.stage_note.setText(queries.substitutes_text(subs, LANG.code) or "")
        columns = self.ctx.runner.read(load_columns)
        self.rule_text = columns.ranking_rule(players) if name is None else columns.stage_rule
        self.rule.setText(texts.said(self.rule_text, LANG.code))
        self._show_public(sessions)
        self.provisional.setText(self.ctx.runner.read(provisional_line))
        self.provisional.setVisible(bool(self.provisional.text()))
        self.model.stage_ranking = name is not None
        self.model.set_rows(players, sessions, columns)
        self.team_model.set_rows(teams, columns)
        self.tabs.setTabVisible(1, bool(teams) and name is None)

    def refresh_for(self, changes: Changes) -> None:
        """Only a change that can move the standings reads them again: a result, penalty or time call
        (``tables``), a seating, a player's details, the settings; a call, the clock, check-in do not."""
        if changes.results:
            self.refresh()

    def _show_public(self, sessions: int) -> None:
        """The public standings' setting as stored: live, or hidden after session N."""
        from db.service.public_page import public_settings

        assert self.ctx is not None
        hide = self.ctx.runner.read(public_settings).hide_standings_after or 0
        self.public.blockSignals(True)
        self.public.clear()
        for n in range(0, max(sessions, hide) + 1):
            self.public.addItem(public_choice_text(n), n)
        self.public.setCurrentIndex(self.public.findData(hide))
        self.public.blockSignals(False)

    def _public_chosen(self, _index: int = 0) -> None:
        self.set_public_cut(int(self.public.currentData() or 0))

    def set_public_cut(self, after: int) -> bool:
        """Show the standings after session ``after`` on the players' page and the hall display until the
        tournament ends (0: live), as ``settings --hide-standings-after`` does."""
        from db.service.public_page import set_public_settings

        if self.ctx is None:
            return False
        ok = self.run(lambda s: set_public_settings(s, hide_standings_after=after), tr("Standings"))
        self.refresh()
        return ok

    def open_stages(self) -> None:
        if self.ctx is not None:
            StagesDialog.open_for(self.ctx, self)
            self.refresh()

    def open_projector(self) -> None:
        if self.ctx is not None:
            self.projector = ProjectorView.show_for(self.ctx, self.window())


class ProjectorView(QWidget):
    """Full-screen standings for a projector: large type, pages through the list, re-reads every few
    seconds (other stations keep recording). Esc closes it."""

    REFRESH_MS = 10_000

    def __init__(self, ctx: TournamentContext, parent: QWidget | None = None, rows_per_page: int = 16) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.ctx: TournamentContext | None = ctx
        self.rows_per_page = rows_per_page
        self.page = 0
        self.setObjectName("projector_view")
        self.setStyleSheet("QWidget#projector_view { background: #10261c; } QLabel { color: #f4f1e6; }"
                           "QHeaderView::section { background: #1d4032; color: #f4f1e6; font-size: 20px; }"
                           "QTableView { background: #10261c; color: #f4f1e6; font-size: 24px;"
                           " alternate-background-color: #173428; gridline-color: #2c5443; }")
        lay = QVBoxLayout(self)
        self.title = title_label(size=30)
        lay.addWidget(self.title)
        self.model = StandingsModel(parent=self)
        self.view, _ = table_view(self.model, self, sortable=False, name="projector_table")
        hh = self.view.horizontalHeader()
        hh.setStretchLastSection(False)
        hh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(StandingsModel.COL_NAME, QHeaderView.ResizeMode.Stretch)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.verticalHeader().setDefaultSectionSize(44)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        lay.addWidget(self.view, 1)
        self.rule = QLabel()  # a staged event: how the places are decided (db.read.views.ranking_rule)
        self.rule.setObjectName("projector_rule")
        self.rule.setWordWrap(True)
        self.rule.setStyleSheet("font-size: 18px;")
        lay.addWidget(self.rule)
        self.footer = QLabel()
        lay.addWidget(self.footer)
        self.timer = QTimer(self)
        self.timer.setInterval(self.REFRESH_MS)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        self.all_rows: list[Any] = []
        self.sessions = 0
        self.refresh()

    def refresh(self) -> None:
        if self.ctx is None:
            return
        name, sessions, players, _teams = self.ctx.runner.read(load_standings)
        provisional = self.ctx.runner.read(provisional_line)
        self.title.setText(f"{name} — {tr('Standings')}" + (f"  ·  {provisional}" if provisional else ""))
        self.all_rows = players
        self.rule.setText(texts.said(ranking_rule(players), LANG.code) if staged(players) else "")
        self.rule.setVisible(bool(self.rule.text()))
        # only the sessions played so far: empty columns waste a projector's width
        self.sessions = played_sessions(players)
        self.model.columns = self.ctx.runner.read(load_columns)
        self._show_page()

    def follow(self, ctx: TournamentContext | None) -> None:
        """The main window opened another tournament: show its standings from the first page (``None``:
        between the old one's closing and the next one's opening: nothing is read)."""
        self.ctx = ctx
        self.page = 0
        if ctx is None:
            self.timer.stop()
            return
        self.timer.start()
        self.refresh()

    def pages(self) -> int:
        return max(1, -(-len(self.all_rows) // self.rows_per_page))

    def _show_page(self) -> None:
        self.page %= self.pages()
        start = self.page * self.rows_per_page
        self.model.set_rows(self.all_rows[start:start + self.rows_per_page], self.sessions)
        self.view.setColumnHidden(StandingsModel.COL_NUMBER, True)
        self.footer.setText(f"{self.page + 1} / {self.pages()}    ·    Esc")

    def tick(self) -> None:
        self.page += 1
        self.refresh()

    def keyPressEvent(self, e: QKeyEvent) -> None:
        if e.key() in (Qt.Key.Key_Escape, Qt.Key.Key_F11):
            self.close()
        elif e.key() in (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_PageDown):
            self.page += 1
            self._show_page()
        elif e.key() in (Qt.Key.Key_Left, Qt.Key.Key_PageUp):
            self.page -= 1
            self._show_page()
        else:
            super().keyPressEvent(e)

    @classmethod
    def show_for(cls, ctx: TournamentContext, parent: QWidget | None) -> ProjectorView:
        v = cls(ctx, parent)
        v.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        screen = (parent.screen() if parent is not None else None) or v.screen()
        if screen is not None:  # without a window manager, full screen alone keeps the size hint
            v.setGeometry(screen.geometry())
            h = screen.geometry().height()
            v.rows_per_page = max(8, (h - 200) // 44)
            v.refresh()
        v.showFullScreen()
        return v
