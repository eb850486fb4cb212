"""The table score sheet: 16 lines like the paper sheet, the totals below, and the actions.

Keyboard-first totals entry: winner, discarder (or "+" self-drawn), fan, Enter — the focus returns to the
winner for the next hand. Full hands go through hand entry (``record_win``).

The page builds the widgets, connects them and opens the dialogs; what it shows, what is enabled and what
each action does come from its view-model (``sheet_vm.SheetViewModel``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from db.read.changes import Changes
from db.read.views import TableSheet
from db.rules.clock import ClockView, format_remaining
from db.service.outcomes import PenaltyInput
from referee_app.base.clock_watch import ClockWatch
from referee_app.base.errors import show_error, user_message
from referee_app.base.runner import TABLE_MOVED_CODES, refusal_code
from referee_app.base.tile_faces import hand_groups
from referee_app.dialogs.correction import Correction, CorrectionDialog
from referee_app.dialogs.penalty import FALSE_WIN_KINDS, PenaltyDialog
from referee_app.entry.hand_entry import HandEntryDialog, WinEntry
from referee_app.entry.hand_vm import Preview
from referee_app.models import SheetModel, SummaryModel
from referee_app.pages.base import TournamentPage
from referee_app.pages.clock_bar import RED, STATES
from referee_app.pages.common import push_button, title_label
from referee_app.pages.game_sheet import GamePanel
from referee_app.pages.sheet_parts import SideTabs, TotalsBar, sheet_table, summary_table
from referee_app.pages.sheet_vm import Op, SheetViewModel
from referee_app.words.i18n import tr

#: refusals of a game table's write that mean another station saved first (a game's hand recorded meanwhile
#: is "recorded differently" from the one entered here)
GAME_TABLE_MOVED = TABLE_MOVED_CODES | {"hand_recorded_differently"}

#: the table a dialog or question was opened for: (the tournament's ``TournamentContext.lineage``, its file's
#: name, session, table); its answer is recorded only there (``SheetPage._still_at``)
Where = tuple[object, str, int, int]


class SheetPage(TournamentPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.vm = SheetViewModel()
        self.entry_dialog: HandEntryDialog | None = None
        self.penalty_dialog: PenaltyDialog | None = None
        self.false_win_prompt: QMessageBox | None = None
        self.time_called_prompt: QMessageBox | None = None
        self.sign_off_prompt: QInputDialog | None = None
        self.draw_prompt: QMessageBox | None = None
        self._totals_hand: tuple[int, int, int | None] = (0, 0, None)  # the hand the totals bar is for
        self._left: tuple[object, int, int] | None = None  # the table shown when the tournament closed

        lay = QVBoxLayout(self)
        lay.setSpacing(4)
        lay.addLayout(self._top_row())
        self.players_line = QLabel()
        self.players_line.setObjectName("sheet_players")
        self.players_line.setWordWrap(True)
        lay.addWidget(self.players_line)
        lay.addLayout(self._clock_row())
        self.clock = ClockWatch(self)
        self.clock.ticked.connect(self._show_clock)
        self.clock.changed.connect(self._clock_changed)

        self.model = SheetModel(parent=self)
        self.view = sheet_table(self.model, self)
        self._shown = (-1, -1)  # the session and table on screen
        self.view.doubleClicked.connect(lambda _i: self.correct_selected())
        self.view.selectionModel().currentRowChanged.connect(lambda cur, _prev: self.show_hand_details(cur.row()))
        lay.addWidget(self.view, 3)

        bottom = QHBoxLayout()
        self.summary = SummaryModel(parent=self)
        self.summary_view = summary_table(self.summary, self)
        bottom.addWidget(self.summary_view, 3, Qt.AlignmentFlag.AlignTop)
        self.side_tabs = SideTabs()
        self.penalties, self.hand_tiles, self.hand_fans = (self.side_tabs.penalties, self.side_tabs.hand_tiles,
                                                           self.side_tabs.hand_fans)
        bottom.addWidget(self.side_tabs, 2)
        lay.addLayout(bottom, 1)
        self._bottom = bottom

        self.totals_box = TotalsBar()
        self.totals_box.submitted.connect(self.record_totals_from_bar)
        bar = self.totals_box
        self.next_label, self.winner, self.discarder, self.fan = bar.next_label, bar.winner, bar.discarder, bar.fan
        self.totals_button = bar.button
        lay.addWidget(self.totals_box)

        # a game table (Riichi): its own sheet and form in place of the MCR parts (``_show``); Sign off below it
        self.game = GamePanel(self._game_run, self, read=self._game_read)
        self.game.setVisible(False)
        lay.addWidget(self.game, 4)
        lay.addLayout(self._actions_row())
        self.focus_shortcut = QShortcut(QKeySequence("Ctrl+T"), self)
        self.focus_shortcut.activated.connect(self.winner.setFocus)
        self.retranslate()

    def _top_row(self) -> QHBoxLayout:
        """The title, then the session and table to show."""
        top = QHBoxLayout()
        self.title = title_label()
        self.title.setObjectName("sheet_title")
        top.addWidget(self.title, 1)
        self.session_box = QComboBox()
        self.session_box.setObjectName("sheet_session")
        self.table_box = QComboBox()
        self.table_box.setObjectName("sheet_table")
        self.session_label, self.table_label = QLabel(), QLabel()
        top.addWidget(self.session_label)
        top.addWidget(self.session_box)
        top.addWidget(self.table_label)
        top.addWidget(self.table_box)
        self.session_box.activated.connect(lambda _i: self._choose(self.session_box.currentData(), 1))
        self.table_box.activated.connect(lambda _i: self._choose(self.vm.session, self.table_box.currentData()))
        return top

    def _clock_row(self) -> QHBoxLayout:
        """The session clock's reading, its bell and the time call to confirm."""
        clock_row = QHBoxLayout()
        self.clock_line = QLabel()
        self.clock_line.setObjectName("sheet_clock")
        self.bell_line = QLabel()
        self.bell_line.setObjectName("sheet_bell")
        self.bell_line.setWordWrap(True)
        self.bell_line.setStyleSheet(RED)
        self.confirm_button = push_button("confirm_time_call", self.ask_confirm_time_call)
        clock_row.addWidget(self.clock_line)
        clock_row.addWidget(self.bell_line, 1)
        clock_row.addWidget(self.confirm_button)
        return clock_row

    def _actions_row(self) -> QHBoxLayout:
        """The actions on the table: record, penalty, time called, correct; sign off at the end."""
        actions = QHBoxLayout()
        self.win_button = push_button("record_win", self.record_win, "Ctrl+H")
        self.draw_button = push_button("record_draw", self.ask_draw)
        self.penalty_button = push_button("penalty", self.ask_penalty)
        self.time_button = push_button("time_called", self.ask_time_called)
        self.correct_button = push_button("correct", self.correct_selected)
        self.sign_button = push_button("sign_off", self.toggle_sign_off)
        for b in (self.win_button, self.draw_button, self.penalty_button, self.time_button, self.correct_button):
            b.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            actions.addWidget(b)
        actions.addStretch(1)
        actions.addWidget(self.sign_button)
        return actions

    # ---- text ------------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.session_label.setText(tr("Session"))
        self.table_label.setText(tr("Table"))
        self.side_tabs.retranslate()
        self.totals_box.retranslate()
        self.win_button.setText(tr("Record win…"))
        self.draw_button.setText(tr("Record draw"))
        self.penalty_button.setText(tr("Penalty…"))
        self.time_button.setText(tr("Time called…"))
        self.correct_button.setText(tr("Correct hand…"))
        self.confirm_button.setText(tr("Confirm time call…"))
        self.game.retranslate()
        self._show()

    # ---- loading ---------------------------------------------------------------------------------
    @property
    def sheet(self) -> TableSheet | None:
        """The sheet shown (read by the view-model), None when no table is."""
        return self.vm.sheet

    def set_context(self, ctx: Any) -> None:
        if self.ctx is not None:
            self._left = (self.ctx.lineage, self.vm.session, self.vm.table)
        super().set_context(ctx)
        self.vm.reset()  # a new tournament starts at its latest seated session
        if ctx is not None:
            left, self._left = self._left, None
            if left is not None and left[0] is ctx.lineage and left[1]:
                # the copy saved after the file vanished: the same table, its hand entry and questions go on
                self.vm.select(left[1], left[2])
        # The old tournament's clock stops here (it must not ring the bell in a closed file); the next
        # refresh follows the new one's.
        self.clock.watch(None, 0)

    def show_table(self, session: int, table: int) -> None:
        self.vm.select(session, table)
        self.refresh()

    def _choose(self, session: int, table: int) -> None:
        if self.vm.choose(session, table):
            self.refresh()

    def refresh(self) -> None:
        if self.ctx is None:
            return
        if not self._read(self.vm.load):  # e.g. the table no longer exists after regeneration
            self.vm.clear()
        self._read_game()
        if self.vm.sheet is not None:
            self.session_box.clear()
            for n in self.vm.seated:
                self.session_box.addItem(str(n), n)
            self.session_box.setCurrentIndex(max(0, self.session_box.findData(self.vm.session)))
            self.table_box.clear()
            for t in range(1, self.vm.tables + 1):
                self.table_box.addItem(str(t), t)
            self.table_box.setCurrentIndex(self.vm.table - 1)
        if self.clock.session != self.vm.session or self.clock.ctx is not self.ctx:
            self.clock.watch(self.ctx, self.vm.session)
        else:
            self.clock.reload()
        self._show_clock(self.clock.view())
        self._show()

    def refresh_for(self, changes: Changes) -> None:
        """Only what the change touched: the table shown re-reads its sheet when its results changed
        (another table's hand leaves this page as it is, its widgets untouched); a seating, a player's
        details or the settings read everything again. The clock line follows its own watch."""
        if self.ctx is None:
            return
        vm = self.vm
        if vm.sheet is None or changes.wide or changes.players or changes.sessions:
            self.refresh()
        elif (vm.session, vm.table) in changes.tables:
            self.refresh_table()

    def refresh_table(self) -> None:
        """Re-read the shown table's sheet only (the session and table boxes stay as they are)."""
        if self.ctx is None:
            return
        if not self._read(self.vm.load_table):  # e.g. the table no longer exists: read everything
            self.refresh()
            return
        self._read_game()
        self._show()

    def _read_game(self) -> None:
        """A game table's sheet as the store played it (the game panel shows it)."""
        vm = self.vm
        if vm.game and vm.sheet is not None:
            if not self._read(lambda s: self.game.vm.load(s, vm.session, vm.table)):
                self.game.vm.sheet = None
        else:
            self.game.vm.sheet = None

    def _game_run(self, op: Op, what: str, refused: list[str]) -> bool:
        """The game panel's write through the runner. A refusal is said in the panel, under the form that
        keeps the referee's entry (a change made meanwhile at another station too: the sheet is read again
        and says what is there now); no dialog hides the sheet."""
        if self.ctx is None:
            return False
        where = self._where()

        def take(exc: BaseException) -> bool:
            if refusal_code(exc) == "database_file_gone":
                return False
            said = user_message(exc) or str(exc)
            if refusal_code(exc) in GAME_TABLE_MOVED:
                said = tr("Not recorded: the table changed meanwhile (another station saved first).") + " " + \
                    tr("Your entry is kept: check it against the sheet, then record it again.")
            refused.append(said)
            return True

        why = self._still_at(where)
        if why is not None:
            refused.append(why)
            return False
        done = self.ctx.runner.run(lambda s: (op(s), True)[1], self, what, on_refused=take) is True
        if refused:
            self.refresh()  # what the table holds now
        return done

    def _game_read(self, fn: Callable[[Any], Any]) -> Any:
        """A read for the game panel (a Chinese hand's preview); a refusal goes to the panel, in words. None once
        the tournament is closed: a closed window that lives on until it is collected still retranslates its
        form at a change of language, and there is no store left to ask."""
        if self.ctx is None:
            return None
        return self.ctx.runner.read(fn)

    def _read(self, load: Callable[..., Any]) -> bool:
        """``load`` through the runner; False when the store refused it with words for the user (a table
        gone), any other error raised as it is."""
        assert self.ctx is not None
        try:
            self.ctx.runner.read(load)
        except Exception as exc:  # noqa: BLE001 - only the refusals a user can read are taken here
            if user_message(exc) is None:
                raise
            return False
        return True

    def show_hand_details(self, row: int) -> None:
        """The selected line's tiles (from its notation) and fans, beside the totals."""
        r = self.model.rows[row].row if 0 <= row < len(self.model.rows) else None
        self.hand_fans.setText(self.vm.line_text(r))
        if r is None or r.kind != "win":
            self.hand_tiles.set_groups([])
            return
        hand = self.vm.line_hand(r)
        groups = hand_groups(hand) if hand is not None else []
        self.hand_tiles.set_groups(groups)
        self.hand_tiles.setVisible(bool(groups))
        self.side_tabs.setCurrentIndex(1)

    def winds_of(self, hand: int) -> tuple[str, int]:
        return self.vm.winds_of(hand)

    def next_hand(self) -> int | None:
        """The hand to record next, or None when the session at this table is over."""
        return self.vm.next_hand

    def _show(self) -> None:
        vm = self.vm
        game = vm.game and self.game.vm.sheet is not None
        # the penalty stays: a Riichi game's penalty is taken after the uma (the dialog says so, ``game=``)
        for w in (self.view, self.summary_view, self.side_tabs, self.totals_box, self.win_button, self.draw_button,
                  self.time_button, self.correct_button):
            w.setVisible(not game)
        self.game.setVisible(game)
        # hidden, MCR's totals and penalties would still hold their share of the height above the game's sheet
        cast(QVBoxLayout, self.layout()).setStretchFactor(self._bottom, 0 if game else 1)
        if game:
            self.game.show_sheet()
            self.game.show_penalties(vm.game_penalties_text())
        # A reload of the same table (another station's write, seen by the live poll) keeps the line the
        # referee is reading and the side tab; another table starts from the top.
        same = self._shown == (vm.session, vm.table)
        row = self.view.currentIndex().row() if same else -1
        tab = self.side_tabs.currentIndex() if same else 0
        self._shown = (vm.session, vm.table)
        self.model.set_sheet(vm.sheet, vm.winds_of)
        self.summary.set_sheet(vm.sheet)
        self.title.setText(vm.title())
        self.players_line.setText(vm.players_text())
        self.penalties.setText(vm.penalties_text())
        for b in (self.penalty_button, self.correct_button, self.sign_button):
            b.setEnabled(vm.has_sheet)
        for w in (self.totals_box, self.win_button, self.draw_button, self.time_button):
            w.setEnabled(vm.can_record)
        self.time_button.setEnabled(vm.can_record and vm.sheet is not None and vm.sheet.time_called_after is None)
        self.bell_line.setText(vm.bell_text())
        self.bell_line.setVisible(vm.owes_confirmation)
        self._show_clock(self.clock.view())
        self.confirm_button.setVisible(vm.owes_confirmation)
        if not vm.has_sheet:
            return
        self.side_tabs.setTabText(0, vm.penalties_tab())
        if 0 <= row < len(self.model.rows):
            self.view.setCurrentIndex(self.model.index(row, 0))
        self.side_tabs.setCurrentIndex(tab)
        self.next_label.setText(vm.next_text())
        self.sign_button.setText(vm.sign_text())
        self.winner.set_choices(vm.winner_choices())
        self.discarder.set_choices(vm.discarder_choices())
        hand = (vm.session, vm.table, vm.next_hand)
        if hand != self._totals_hand:  # another hand (recorded here or elsewhere): the bar starts empty
            self._totals_hand = hand
            self.totals_box.start_hand()

    def _show_clock(self, view: ClockView | None) -> None:
        """The session clock's time left at this table (with its extra time)."""
        if view is None or view.state == "not_started" or self.vm.sheet is None or self.vm.owes_confirmation:
            self.clock_line.setText("")  # after the bell its own line says what it means
            return
        left = view.table_remaining(self.vm.table)
        self.clock_line.setText(tr("Clock: Time is up") if left == 0 else
                                tr("Clock: {left} left ({state})", left=format_remaining(left),
                                   state=tr(STATES[view.state])))
        self.clock_line.setStyleSheet(RED if view.warning else "")

    def _clock_changed(self) -> None:
        """The store moved: when the bell rang or was confirmed (here or at another station), show it."""
        r = self.clock.reading
        if self.isVisible() and self.vm.sheet is not None and r is not None \
                and (self.vm.table in r.owed) != self.vm.owes_confirmation:
            self.refresh()

    def ask_confirm_time_call(self) -> bool:
        """The referee confirms the bell's time call: the last hand that counts (at least those recorded)."""
        sh = self.vm.sheet
        if sh is None or sh.time_called_after is None:
            return False
        where = self._where()
        n, ok = QInputDialog.getInt(self, tr("Confirm time call…"), tr("Last completed hand"), sh.time_called_after,
                                    len(sh.hands), sh.hands_per_session)
        return ok and self._may_answer(where, tr("Confirm time call…")) and self.confirm_time_call(n)

    def confirm_time_call(self, after_hand: int) -> bool:
        return self._run(self.vm.confirm_time_call(after_hand), tr("Confirm time call…"))

    # ---- the table a dialog was opened for -------------------------------------------------------
    def _where(self) -> Where:
        """The table shown, as a dialog or question opened now is for."""
        ctx = self.ctx
        return (None if ctx is None else ctx.lineage, "" if ctx is None else Path(ctx.path).name,
                self.vm.session, self.vm.table)

    def _still_at(self, where: Where) -> str | None:
        """None when the answer to a dialog opened for ``where`` can be recorded: its tournament is open (or
        the copy saved from it after its file vanished: the same tables) and the table is read from it now.
        Otherwise what is wrong, in words: nothing is recorded into another tournament's table."""
        lineage, name, session, table = where
        if self.ctx is None or lineage is None or self.ctx.lineage is not lineage or not session:
            return tr("Not recorded: {file} is no longer open here (another tournament was opened or it was "
                      "closed), so nothing can be saved at session {session} table {table}.", file=name,
                      session=session, table=table)
        if self.vm.sheet is None or (self.vm.session, self.vm.table) != (session, table):
            self.vm.select(session, table)
            self.refresh()
        if self.vm.sheet is None:
            return tr("Not recorded: {file} has no table {table} in session {session} now.", file=name,
                      session=session, table=table)
        return None

    def _may_answer(self, where: Where, what: str) -> bool:
        """``_still_at`` for a question: False after saying why in a message box."""
        why = self._still_at(where)
        if why is not None:
            show_error(self, what, why, tr("Nothing was saved: open the tournament it belongs to and do it again "
                                           "there."))
        return why is None

    # ---- actions ---------------------------------------------------------------------------------
    def _run(self, op: Op | None, what: str) -> bool:
        """Run the view-model's operation through the runner; False when there was none or it failed."""
        return op is not None and self.run(op, what)

    def record_totals_from_bar(self) -> None:
        text = self.fan.text().strip()
        if not text:
            show_error(self, tr("Totals only"), tr("Enter the fan total."), tr("Type the fan and press Enter."))
            self.fan.setFocus()
            return
        false_win = self.vm.is_false_win(int(text))  # names the claimer only: no discarder needed
        if self.winner.currentData() is None or (self.discarder.currentData() is None and not false_win):
            box = self.winner if self.winner.currentData() is None else self.discarder
            show_error(self, tr("Totals only"), tr("Choose the winner and who discarded (+ for self-drawn)."),
                       tr("Type the winner's seat letter (E, S, W, N), then the discarder's or +."))
            box.setFocus()
            return
        if false_win:
            self.offer_false_win(self.winner.currentData(), int(text))
            return
        if self._run(self.vm.record_totals(self.winner.currentData(), self.discarder.currentData(), int(text)),
                     tr("Record")):
            self.totals_box.start_hand()
            self.winner.setFocus()
        else:
            self.fan.setFocus()
            self.fan.selectAll()

    def offer_false_win(self, winner: str, fan: int) -> QMessageBox | None:
        """A totals-only win under 8 fans cannot be recorded: one question, with the two ways on — record
        the false-win penalty (错和) for that player, or go back and change the fan."""
        fw = self.vm.false_win(winner, fan)
        if fw is None:
            return None
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Totals only"), fw.text, parent=self)
        penalty = box.addButton(tr("Record false win penalty"), QMessageBox.ButtonRole.AcceptRole)
        back = box.addButton(tr("Change the fan"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(back)
        box.setEscapeButton(back)
        self.false_win_prompt = box
        where = self._where()

        def done(_result: int) -> None:
            self.false_win_prompt = None
            if box.clickedButton() is penalty and self._may_answer(where, tr("Totals only")):
                self.fan.clear()
                self.ask_false_win(fw.position, fw.hand)
            else:
                self.fan.setFocus()
                self.fan.selectAll()
            box.deleteLater()

        box.finished.connect(done)
        box.open()
        return box

    def record_totals(self, winner: str, discarder: str | None, fan: int) -> bool:
        """Record a totals-only win for the next hand (numbers of the players)."""
        return self._run(self.vm.record_totals(winner, discarder, fan), tr("Record"))

    def record_win(self) -> HandEntryDialog | None:
        """Open hand entry for the next hand; Confirm records it (one transaction)."""
        n = self.vm.next_hand
        if n is None:
            return None
        vm = self.vm.hand_entry_model(n)
        d = HandEntryDialog(vm, self.vm.entry_title(n), self, offer_false_win=True)
        d.hand_no = n
        where = self._where()
        # Confirm records while the dialog stays open: refused, the tiles are still there
        d.on_confirm = lambda e: self._confirm_entry(d, e, where)
        d.accepted.connect(lambda: self._entry_closed(d))
        d.false_win.connect(lambda pos: self._may_answer(where, tr("Record false win penalty"))
                            and self.ask_false_win(pos, d.hand_no, vm.preview))
        d.as_next.connect(lambda _k: self._entry_as_next(d, where))
        d.correct_with.connect(lambda k, reason: self._entry_correct(d, k, reason, where))
        d.rejected.connect(lambda: self._entry_closed(d))  # a day of cancelled entries must not pile up
        self.entry_dialog = d
        d.open()
        return d

    def _not_at(self, d: HandEntryDialog, where: Where) -> bool:
        """Hand entry's table is not open (``_still_at``): say so in the dialog, its tiles kept."""
        why = self._still_at(where)
        if why is not None:
            d.show_stale(self.vm.not_open_text(why), None, None, None)
        return why is not None

    def _confirm_entry(self, d: HandEntryDialog, e: WinEntry, where: Where) -> bool:
        """Record hand entry's hand; when the table changed meanwhile, show what changed in the dialog.
        After the copy saved from a vanished file was opened, it is recorded there: the same table."""
        if self._not_at(d, where):
            return False
        op = self.vm.record_hand(d.hand_no, self.vm.win_input(e))
        if op is None or self.ctx is None:
            return False
        moved: list[BaseException] = []

        def table_moved(exc: BaseException) -> bool:
            if refusal_code(exc) in TABLE_MOVED_CODES:
                moved.append(exc)
                return True
            return False

        done = self.ctx.runner.run(lambda s: (op(s), True)[1], self, tr("Record win…"), on_refused=table_moved)
        if moved:
            self.refresh()
            if self.vm.sheet is not None:
                d.show_stale(*self.vm.stale_change(d.hand_no))
        return done is True

    def _entry_as_next(self, d: HandEntryDialog, where: Where) -> None:
        """The stale entry's first way on: the same tiles as the next hand, read afresh, to re-confirm."""
        if self._not_at(d, where):
            return
        self.refresh()
        n = self.vm.next_hand if self.vm.can_record else None
        if n is None:
            return
        d.hand_no = n
        d.vm.set_winds(*self.vm.entry_winds(n))
        d.clear_stale(self.vm.entry_title(n))

    def _entry_correct(self, d: HandEntryDialog, hand: int, reason: str, where: Where) -> None:
        """The stale entry's second way on: correct the recorded hand with these tiles."""
        e = d.entry_value()
        if e is None or self._not_at(d, where):
            return
        self.refresh()
        if self._run(self.vm.correct(hand, self.vm.win_input(e), reason), tr("Correct hand…")):
            d.on_confirm = None
            d.accept()

    def _entry_closed(self, d: HandEntryDialog) -> None:
        if self.entry_dialog is d:
            self.entry_dialog = None
        d.on_confirm = None  # it holds the dialog: the Python object must die with the widget
        d.deleteLater()

    def _confirm_correction(self, d: HandEntryDialog, e: WinEntry, hand: int, reason: str, where: Where) -> bool:
        """Correct ``hand`` with the hand entered again; refused, the dialog stays with its tiles."""
        if self._not_at(d, where):
            return False
        return self.apply_correction(Correction(hand, self.vm.win_input(e), reason))

    def record_draw(self) -> bool:
        return self._run(self.vm.record_draw(), tr("Record draw"))

    def ask_draw(self) -> QMessageBox | None:
        """Record draw asks first, as every one-click record does (docs/gui.md "One-click records"): a
        draw recorded by a stray click would move the sheet on a hand."""
        n = self.vm.next_hand
        if n is None or not self.vm.can_record:
            return None
        return self._ask_yes_no(QMessageBox.Icon.Question, "Record draw",
                                tr("Record hand {n} as a draw (no winner)?", n=n), True, "draw_prompt",
                                self.record_draw)

    def _ask_yes_no(self, icon: QMessageBox.Icon, title: str, text: str, yes_default: bool, prompt: str,
                    action: Callable[[], object]) -> QMessageBox:
        """A one-click record's question, opened window-modal and kept in ``self.<prompt>`` while open; Yes
        does ``action`` if the sheet still shows what it asked about (``_may_answer``). ``title``: the
        English of the record's own label (said with ``tr`` when shown and when answered)."""
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        box = QMessageBox(icon, tr(title), text, yes | no, self)
        box.setDefaultButton(yes if yes_default else no)
        box.setEscapeButton(no)
        setattr(self, prompt, box)
        where = self._where()

        def done(_result: int) -> None:
            setattr(self, prompt, None)
            if box.clickedButton() is box.button(yes) and self._may_answer(where, tr(title)):
                action()
            box.deleteLater()

        box.finished.connect(done)
        box.open()
        return box

    def ask_penalty(self) -> None:
        sh = self.vm.sheet
        if sh is None or self.ctx is None:
            return
        where = self._where()
        # after the uma only where the session score is in thousands (Riichi); a Chinese game's is points, as MCR's
        p = PenaltyDialog.ask(self, sh.players, self.ctx.runner.read(self.vm.read_presets), None,
                              game=self.vm.game and self.vm.thousands)
        if p is not None and self._may_answer(where, tr("Penalty…")):
            self.record_penalty(p)

    def ask_false_win(self, position: int, hand: int, preview: Preview | None = None) -> PenaltyDialog | None:
        """The penalty dialog pre-filled for a claimed win under 8 fans (错和): the would-be winner and
        the profile's false-win preset, for hand ``hand`` (which stays to be played). Opened window-modal;
        OK records it."""
        sh = self.vm.sheet
        if sh is None or self.ctx is None:
            return None
        presets = self.ctx.runner.read(self.vm.read_presets)
        pre = self.vm.false_win_penalty(position, presets, FALSE_WIN_KINDS, preview)
        d = PenaltyDialog(self, sh.players, presets, hand, player=pre.player, kind=pre.kind, reason=pre.reason)
        self.penalty_dialog = d
        where = self._where()

        def done() -> None:
            self.penalty_dialog = None
            p = d.value()
            if p is not None and self._may_answer(where, tr("Penalty…")):
                self.record_penalty(p)
            d.deleteLater()

        d.accepted.connect(done)
        d.rejected.connect(lambda: setattr(self, "penalty_dialog", None))
        d.open()
        return d

    def record_penalty(self, p: PenaltyInput) -> bool:
        return self._run(self.vm.record_penalty(p), tr("Penalty…"))

    def ask_time_called(self) -> QMessageBox | None:
        """Ask before recording the time call; with no hand recorded yet, warn (that is seldom meant) and
        make "No" the default."""
        q = self.vm.time_called_question()
        if q is None:
            return None
        icon = QMessageBox.Icon.Warning if q.warning else QMessageBox.Icon.Question
        return self._ask_yes_no(icon, "Time called", q.text, not q.warning, "time_called_prompt", self.call_time)

    def call_time(self) -> bool:
        return self._run(self.vm.call_time(), tr("Time called"))

    def selected_hand(self) -> int | None:
        idx = self.view.currentIndex()
        if not idx.isValid():
            return None
        r = self.model.row_at(idx.row())
        return r.hand if r.row is not None else None

    def correct_selected(self) -> None:
        sh, hand = self.vm.sheet, self.selected_hand()
        if sh is None or hand is None:
            return
        where = self._where()
        c = CorrectionDialog.ask(self, sh.players, self.vm.hand_row(hand))
        if c is None or not self._may_answer(where, tr("Correct hand…")):
            return
        if c.result is None:  # re-enter the full hand
            d = HandEntryDialog(self.vm.correction_entry_model(hand), self.vm.correction_title(hand), self)
            d.on_confirm = lambda e: self._confirm_correction(d, e, hand, c.reason, where)
            d.accepted.connect(lambda: self._entry_closed(d))
            d.rejected.connect(lambda: self._entry_closed(d))
            self.entry_dialog = d
            d.open()
            return
        self.apply_correction(c)

    def apply_correction(self, c: Correction) -> bool:
        return self._run(self.vm.correct(c.hand, c.result, c.reason), tr("Correct hand…"))

    def toggle_sign_off(self) -> bool:
        """Sign off (or take it back). With hands missing and no time called, ask for the reason first
        (``sign_off_prompt``, window-modal; OK signs off with it): returns False then."""
        game = self.vm.game and self.game.vm.sheet is not None
        question = self.game.vm.sign_off_question() if game else self.vm.sign_off_question()
        if question is None:
            return self._run(self.vm.toggle_sign_off(), tr("Sign off"))
        d = QInputDialog(self)
        d.setWindowTitle(tr("Sign off"))
        d.setLabelText(question)
        d.setInputMode(QInputDialog.InputMode.TextInput)
        d.setOkButtonText(tr("Sign off"))
        self.sign_off_prompt = d
        where = self._where()

        def done(result: int) -> None:
            self.sign_off_prompt = None
            reason = d.textValue().strip()
            if result == QInputDialog.DialogCode.Accepted and self._may_answer(where, tr("Sign off")):
                if reason:
                    self._run(self.vm.toggle_sign_off(reason), tr("Sign off"))
                else:
                    show_error(self, tr("Sign off"), question, tr("Give the reason the table ended early."))
            d.deleteLater()

        d.finished.connect(done)
        d.open()
        return False
