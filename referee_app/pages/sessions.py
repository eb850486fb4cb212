"""Sessions & tables: seat a session (or seat it again before its first result), the table grid with the
four players at their starting seats, and each table's progress and status."""

from __future__ import annotations

import random

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QHeaderView, QLabel, QWidget

import texts
from db.read import queries
from db.read.changes import Changes
from db.read.game_state import missing_rules
from db.read.views import player_order
from db.rules import game_words
from db.service.clock import finish_session, owed_confirmations
from db.service.seats import seat_session, swap_players
from referee_app.dialogs.swap import SwapDialog
from referee_app.models import TableProgressRow, TablesModel
from referee_app.pages.base import TournamentPage
from referee_app.pages.clock_bar import ClockBar
from referee_app.pages.common import current_row, push_button, table_view
from referee_app.words.i18n import LANG, tr
from texts import N_

# the summary under the tables: one text for a one-table session (a final read "1 tables")
SUMMARY = (N_("{tables} table, {done} finished, {hands} hands recorded"),
           N_("{tables} tables, {done} finished, {hands} hands recorded"))


def status_of(hands: int, finished: bool, signed_off: bool, owes_confirmation: bool = False) -> str:
    if owes_confirmation:
        return "time called: to confirm"  # the clock's bell called time; the referee confirms the last hand
    if signed_off:
        return "signed off"
    if finished:
        return "needs attention"  # complete: the referee checks and signs the sheet
    return "open" if hands else "not started"


class SessionsPage(TournamentPage):
    open_sheet = Signal(int, int)
    tournament_finished = Signal()  # the last session was finished: the window shows the final standings

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = self._titled()
        lay.addWidget(self._rules_banner())
        bar = QHBoxLayout()
        self.session_label = QLabel()
        self.session = QComboBox()
        self.session.setObjectName("session")
        self.session.currentIndexChanged.connect(lambda _i: self.refresh_tables())
        self.seat_button = push_button("seat_session", self.seat)
        self.swap_button = push_button("swap_players", self.ask_swap)
        self.open_button = push_button("open_sheet", self._open_current)
        bar.addWidget(self.session_label)
        bar.addWidget(self.session)
        bar.addWidget(self.seat_button)
        bar.addWidget(self.swap_button)
        bar.addStretch(1)
        bar.addWidget(self.open_button)
        lay.addLayout(bar)
        self.clock = ClockBar(lambda fn, what: self.run(fn, what))
        self.clock.watch.changed.connect(self._clock_changed)
        lay.addWidget(self.clock)
        self.model = TablesModel(parent=self)
        self.view, self.proxy = table_view(self.model, self, name="tables")
        hh = self.view.horizontalHeader()
        hh.setStretchLastSection(False)
        for col in (TablesModel.COL_E, TablesModel.COL_S, TablesModel.COL_W, TablesModel.COL_N):
            hh.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch)
        self.view.verticalHeader().setDefaultSectionSize(30)
        self.view.doubleClicked.connect(lambda _i: self._open_current())
        self.view.activated.connect(lambda _i: self._open_current())
        lay.addWidget(self.view, 1)
        foot = QHBoxLayout()
        self.summary = QLabel()
        self.summary.setObjectName("sessions_summary")
        foot.addWidget(self.summary, 1)
        # offered once every table of the session is signed off: the next step, named
        self.finish_button = push_button("finish_session", self.finish)
        self.finish_button.setVisible(False)
        foot.addWidget(self.finish_button)
        lay.addLayout(foot)
        self.last_session = 1
        self.seated: list[int] = []
        self.retranslate()

    def _rules_banner(self) -> QFrame:
        """Shown while the organiser has still to type a value the rule system needs (issue 33): no session
        starts before, so it says which and opens Rule values…."""
        self.rules_banner = QFrame()
        self.rules_banner.setObjectName("rules_banner")
        self.rules_banner.setStyleSheet("#rules_banner { background: #fdecea; border: 1px solid #e0a39c; }")
        row = QHBoxLayout(self.rules_banner)
        self.rules_text = QLabel()
        self.rules_text.setObjectName("rules_banner_text")
        self.rules_text.setWordWrap(True)
        row.addWidget(self.rules_text, 1)
        self.rules_button = push_button("rules_banner_open", self.ask_rule_values)
        row.addWidget(self.rules_button)
        self.rules_banner.setVisible(False)
        self.missing: tuple[str, ...] = ()
        return self.rules_banner

    def _show_missing(self) -> None:
        self.rules_banner.setVisible(bool(self.missing))
        self.rules_text.setText(tr("Sessions cannot start: the organiser has not set {names}.",
                                   names=texts.said(game_words.rule_value_names(self.missing), LANG.code)))
        self.rules_button.setText(tr("Rule values…"))

    def ask_rule_values(self) -> QWidget | None:
        """Rule values… (the dialog opened, not waited for: the page reads again when it closes)."""
        if self.ctx is None:
            return None
        from referee_app.dialogs.rule_values import RuleValuesDialog  # loaded when it opens, not at start-up

        d = RuleValuesDialog(self.ctx, self)

        def closed(_result: int) -> None:
            self.refresh()
            d.deleteLater()

        d.finished.connect(closed)
        d.open()
        return d

    def retranslate(self) -> None:
        self.title.setText(tr("Sessions & tables"))
        self._show_missing()
        self.session_label.setText(tr("Session"))
        self.open_button.setText(tr("Open score sheet"))
        self.swap_button.setText(tr("Swap two players…"))
        self._update_seat_button()
        self._update_finish_button()
        self.clock.retranslate()
        self.refresh_tables()  # the summary under the tables is made in the language of its reading

    def set_context(self, ctx: object) -> None:
        super().set_context(ctx)  # type: ignore[arg-type]
        self.session.clear()
        self.clock.follow(None, 0, [])

    def current_session(self) -> int:
        return self.session.currentData() or 1

    def refresh(self) -> None:
        if self.ctx is None:
            return
        info, seated, missing = self.ctx.runner.read(lambda s: (queries.tournament_info(s), queries.seated_sessions(s),
                                                                tuple(n for n, _ in missing_rules(queries.settings(s)))))
        self.seated = seated
        self.missing = missing
        self._show_missing()
        self.last_session = info.sessions
        keep = self.current_session() if self.session.count() else (seated[-1] if seated else 1)
        self.session.blockSignals(True)
        self.session.clear()
        for n in range(1, info.sessions + 1):
            self.session.addItem(f"{n}" + ("" if n in seated else "  —"), n)
        self.session.setCurrentIndex(max(0, min(keep, info.sessions) - 1))
        self.session.blockSignals(False)
        self.refresh_tables()

    def refresh_for(self, changes: Changes) -> None:
        """A seating (the sessions' list) or a wide change: everything; a change to the session shown (its
        tables' results, its clock) or a player's details: its tables; another session's: nothing."""
        if changes.wide or changes.sessions:
            self.refresh()
        elif changes.players or changes.touches_session(self.current_session()):
            self.refresh_tables()

    def refresh_tables(self) -> None:
        if self.ctx is None:
            return
        n = self.current_session()

        def load(s):  # type: ignore[no-untyped-def]
            seats = {t.table: t.players for t in queries.seating(s, n)}
            hps = queries.tournament_info(s).hands_per_session
            owed = set(owed_confirmations(s, n))
            names = {p.number: p.name for p in queries.players(s)}
            whom = {new: f"{old} {names.get(old, '')}".rstrip() for new, old in queries.replacements(s, n).items()}
            return [TableProgressRow(p.table, seats[p.table], p.hands_recorded, hps, p.time_called_after,
                                     status_of(p.hands_recorded, p.finished, p.signed_off, p.table in owed),
                                     tuple((q.number, whom[q.number]) for q in seats[p.table] if q.number in whom),
                                     p.game_round)
                    for p in queries.table_progress(s, n) if p.table in seats]

        rows = self.ctx.runner.read(load)
        if self.clock.session != n or self.clock.watch.ctx is not self.ctx:
            self.clock.follow(self.ctx, n, [r.table for r in rows])
        else:
            self.clock.set_tables([r.table for r in rows])
            self.clock.refresh()
        self.model.set_rows(rows)
        done = sum(1 for r in rows if r.status in ("signed off", "needs attention"))
        self.summary.setText(tr(SUMMARY[0 if len(rows) == 1 else 1], tables=len(rows),
                                done=done, hands=sum(r.hands for r in rows)) if rows
                             else tr("Session {n} is not seated yet.", n=n))
        self._update_seat_button()
        self.swap_button.setEnabled(bool(rows))
        self._update_finish_button()

    def all_signed_off(self) -> bool:
        return bool(self.model.rows) and all(r.status == "signed off" for r in self.model.rows)

    def _update_finish_button(self) -> None:
        n = self.current_session()
        self.finish_button.setVisible(self.all_signed_off())
        self.finish_button.setText(tr("Finish the tournament: final standings") if n >= self.last_session
                                   else tr("Finish session {n}: on to session {next}", n=n, next=n + 1))

    def finish(self) -> bool:
        """Every table signed off (the store checks it again): end the clock, then show the next session
        (seat it from there) or, after the last, the final standings."""
        n = self.current_session()
        if not self.all_signed_off() or not self.run(lambda s: finish_session(s, n), tr("Finish session")):
            return False
        if n >= self.last_session:
            self.tournament_finished.emit()
        else:
            self.session.setCurrentIndex(n)  # session n + 1
        return True

    def _clock_changed(self) -> None:
        """Another station (or the bell) changed the store: the owed confirmations may have moved."""
        owed = set(self.clock.watch.reading.owed) if self.clock.watch.reading is not None else set()
        if owed != {r.table for r in self.model.rows if r.status == "time called: to confirm"} and self.isVisible():
            self.refresh_tables()

    def _update_seat_button(self) -> None:
        seated = bool(self.model.rows)
        self.seat_button.setText(tr("Regenerate seating") if seated else tr("Generate seating"))

    def seat(self) -> bool:
        """Seat the session, or seat it again with a new plan (the store refuses once results exist)."""
        n = self.current_session()
        seed = random.randrange(1, 1_000_000) if self.model.rows else None
        return self.run(lambda s: seat_session(s, n, seed=seed),
                        tr("Regenerate seating") if seed else tr("Generate seating"))

    def ask_swap(self) -> None:
        players = sorted((p for r in self.model.rows for p in r.players), key=lambda p: player_order(p.name, p.number))
        where = {p.number: f"{tr('Table')} {r.table} · {tr(seat)}" for r in self.model.rows
                 for p, seat in zip(r.players, ("East", "South", "West", "North"), strict=False)}
        answer = SwapDialog.ask(self, players, where)
        if answer:
            self.swap(*answer)

    def swap(self, a: str, b: str, reason: str = "") -> bool:
        """Swap two players' seats; after results the store requires a reason and logs a correction."""
        n = self.current_session()
        return self.run(lambda s: swap_players(s, n, a, b, reason or None), tr("Swap two players…"))

    def _open_current(self) -> None:
        row = current_row(self.view, self.proxy, self.model)
        if row is None:
            return
        self.open_sheet.emit(self.current_session(), row.table)
