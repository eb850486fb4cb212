"""The table score sheet: 16 lines like the paper sheet, the totals below, and the actions.

Keyboard-first totals entry: winner, discarder (or "+" self-drawn), fan, Enter — the focus returns to the
winner for the next hand. Full hands go through hand entry (``record_win``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QIntValidator, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QScrollArea,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from db import queries
from db.profiles import Settlement
from db.service.corrections import correct_hand
from db.service.outcomes import DrawInput, PenaltyInput, WinInput
from db.service.results import call_time, record_draw, record_hand, record_penalty, record_win, sign_off
from db.service.tournament import penalty_presets
from db.views import TableSheet
from referee_app import store
from referee_app.dialogs.correction import Correction, CorrectionDialog
from referee_app.dialogs.penalty import FALSE_WIN_KINDS, PenaltyDialog
from referee_app.hand_entry import HandEntryDialog, WinEntry
from referee_app.hand_vm import HandEntryModel, Preview
from referee_app.i18n import LANG, tr
from referee_app.models import SheetModel, SummaryModel, signed, wind_label
from referee_app.pages.base import TournamentPage
from referee_app.pages.common import push_button, table_view, title_label
from referee_app.tile_faces import TileGroups, TileRow, hand_groups
from scoring.result import MINIMUM_FANS

SELF_DRAWN = "+"
SETTLEMENT_TEXT = {s.value: s.en for s in Settlement}


class SeatCombo(QComboBox):
    """A player box for the keyboard: one key picks the item starting with it (E/S/W/N, "+" self-drawn),
    without the incremental search that joins keys typed in quick succession."""

    def keyPressEvent(self, e: QKeyEvent) -> None:
        key = e.text().upper()
        if key and key.isprintable() and not e.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
            for i in range(self.count()):
                if self.itemText(i).upper().startswith(key):
                    self.setCurrentIndex(i)
                    return
        super().keyPressEvent(e)


class SheetPage(TournamentPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session_no = 0
        self.table_no = 0
        self.sheet: TableSheet | None = None
        self.rotating = True
        self.flowers_allowed = True
        self.entry_dialog: HandEntryDialog | None = None
        self.penalty_dialog: PenaltyDialog | None = None
        self.false_win_prompt: QMessageBox | None = None
        self.time_called_prompt: QMessageBox | None = None
        self.kind_names: dict[str, str] = {}

        lay = QVBoxLayout(self)
        lay.setSpacing(4)
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
        self.table_box.activated.connect(lambda _i: self._choose(self.session_no, self.table_box.currentData()))
        lay.addLayout(top)
        self.players_line = QLabel()
        self.players_line.setObjectName("sheet_players")
        self.players_line.setWordWrap(True)
        lay.addWidget(self.players_line)

        self.model = SheetModel(parent=self)
        self.view, _ = table_view(self.model, self, sortable=False, name="sheet")
        self.view.setSelectionMode(self.view.SelectionMode.SingleSelection)
        hh = self.view.horizontalHeader()
        # the names share the room; numbers take what they need (names were cut at 1366 px when every
        # column had an equal share)
        hh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for c in (SheetModel.COL_DEALER, SheetModel.COL_WINNER, SheetModel.COL_DISCARDER):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.Stretch)
        hh.setMinimumSectionSize(58)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.view.verticalHeader().setDefaultSectionSize(21)
        self.view.verticalHeader().setMinimumSectionSize(21)
        # the 16 hands and the header, like the paper sheet, at least; on a larger screen the rows grow
        # (most of the room) and the selected hand below gets the rest
        self.view.setMinimumHeight(21 * 17 + 6)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        hh.setStretchLastSection(False)  # the last running total is a number like the others
        self.view.doubleClicked.connect(lambda _i: self.correct_selected())
        self.view.selectionModel().currentRowChanged.connect(lambda cur, _prev: self.show_hand_details(cur.row()))
        lay.addWidget(self.view, 3)

        bottom = QHBoxLayout()
        self.summary = SummaryModel(parent=self)
        self.summary_view, _ = table_view(self.summary, self, sortable=False, name="sheet_summary")
        self.summary_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.summary_view.verticalHeader().setDefaultSectionSize(20)
        self.summary_view.horizontalHeader().setFixedHeight(20)
        self.summary_view.setFixedHeight(20 * 6 + 4)
        bottom.addWidget(self.summary_view, 3, Qt.AlignmentFlag.AlignTop)
        # right of the totals: the penalties, and the hand selected on the sheet (its tiles and fans)
        self.side_tabs = QTabWidget()
        self.side_tabs.setObjectName("sheet_side")
        self.side_tabs.setMinimumHeight(20 * 6 + 4)
        self.penalties = QLabel()
        self.penalties.setObjectName("sheet_penalties")
        self.penalties.setWordWrap(True)
        self.penalties.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.side_tabs.addTab(_scrolled(self.penalties), "")
        hand_page = QWidget()
        hl = QVBoxLayout(hand_page)
        hl.setContentsMargins(4, 2, 4, 2)
        self.hand_tiles = TileRow(hand_page, tile_width=20)
        self.hand_tiles.setObjectName("sheet_hand_tiles")
        self.hand_fans = QLabel()
        self.hand_fans.setObjectName("sheet_hand_fans")
        self.hand_fans.setWordWrap(True)
        self.hand_fans.setAlignment(Qt.AlignmentFlag.AlignTop)
        hl.addWidget(self.hand_tiles)
        hl.addWidget(self.hand_fans, 1)
        self.side_tabs.addTab(_scrolled(hand_page), "")  # a long list of fans scrolls, never cut
        bottom.addWidget(self.side_tabs, 2)
        lay.addLayout(bottom, 1)

        # totals-only entry, keyboard driven
        self.totals_box = QFrame()
        self.totals_box.setObjectName("totals_box")
        self.totals_box.setFrameShape(QFrame.Shape.StyledPanel)
        tl = QGridLayout(self.totals_box)
        tl.setContentsMargins(6, 3, 6, 3)
        self.next_label = QLabel()
        self.next_label.setObjectName("next_hand")
        self.winner = SeatCombo()
        self.winner.setObjectName("totals_winner")
        self.discarder = SeatCombo()
        self.discarder.setObjectName("totals_discarder")
        self.fan = QLineEdit()
        self.fan.setObjectName("totals_fan")
        self.fan.setValidator(QIntValidator(0, 100000, self))
        self.fan.setMaximumWidth(90)
        self.fan.returnPressed.connect(self.record_totals_from_bar)
        self.totals_button = push_button("totals_record", self.record_totals_from_bar)
        self.winner_label, self.discarder_label, self.fan_label = QLabel(), QLabel(), QLabel()
        for lbl, w in ((self.winner_label, self.winner), (self.discarder_label, self.discarder),
                       (self.fan_label, self.fan)):
            lbl.setBuddy(w)
        tl.addWidget(self.next_label, 0, 0)
        tl.addWidget(self.winner_label, 0, 1)
        tl.addWidget(self.winner, 0, 2)
        tl.addWidget(self.discarder_label, 0, 3)
        tl.addWidget(self.discarder, 0, 4)
        tl.addWidget(self.fan_label, 0, 5)
        tl.addWidget(self.fan, 0, 6)
        tl.addWidget(self.totals_button, 0, 7)
        tl.setColumnStretch(2, 1)
        tl.setColumnStretch(4, 1)
        self.setTabOrder(self.winner, self.discarder)
        self.setTabOrder(self.discarder, self.fan)
        lay.addWidget(self.totals_box)

        actions = QHBoxLayout()
        self.win_button = push_button("record_win", self.record_win)
        self.draw_button = push_button("record_draw", self.record_draw)
        self.penalty_button = push_button("penalty", self.ask_penalty)
        self.time_button = push_button("time_called", self.ask_time_called)
        self.correct_button = push_button("correct", self.correct_selected)
        self.sign_button = push_button("sign_off", self.toggle_sign_off)
        for b in (self.win_button, self.draw_button, self.penalty_button, self.time_button, self.correct_button):
            b.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            actions.addWidget(b)
        actions.addStretch(1)
        actions.addWidget(self.sign_button)
        lay.addLayout(actions)
        self.win_button.setShortcut(QKeySequence("Ctrl+H"))
        self.focus_shortcut = QShortcut(QKeySequence("Ctrl+T"), self)
        self.focus_shortcut.activated.connect(self.winner.setFocus)
        self.retranslate()

    # ---- text ------------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.session_label.setText(tr("Session"))
        self.table_label.setText(tr("Table"))
        self.side_tabs.setTabText(0, tr("Penalties"))
        self.side_tabs.setTabText(1, tr("Selected hand"))
        self.winner_label.setText(tr("&Winner"))
        self.discarder_label.setText(tr("&Discarder"))
        self.fan_label.setText(tr("&Fan"))
        self.totals_button.setText(tr("Record") + "  ⏎")
        self.win_button.setText(tr("Record win…") + "  (Ctrl+H)")
        self.draw_button.setText(tr("Record draw"))
        self.penalty_button.setText(tr("Penalty…"))
        self.time_button.setText(tr("Time called…"))
        self.correct_button.setText(tr("Correct hand…"))
        self._show()

    # ---- loading ---------------------------------------------------------------------------------
    def set_context(self, ctx: Any) -> None:
        super().set_context(ctx)
        self.session_no = self.table_no = 0  # a new tournament starts at its latest seated session
        self.sheet = None

    def show_table(self, session: int, table: int) -> None:
        self.session_no, self.table_no = session, table
        self.refresh()

    def _choose(self, session: int, table: int) -> None:
        if session:
            self.show_table(session, table or 1)

    def refresh(self) -> None:
        if self.ctx is None:
            return
        if not self.session_no:
            seated = self.ctx.runner.read(queries.seated_sessions)
            if not seated:
                self.sheet = None
                self._show()
                return
            self.session_no, self.table_no = seated[-1], 1

        def load(s: Any) -> tuple[TableSheet, bool, bool, list[int], int, list[Any]]:
            info = queries.tournament_info(s)
            return (queries.table_sheet(s, self.session_no, self.table_no), store.rotate(s), info.flowers,
                    queries.seated_sessions(s), len(queries.seating(s, self.session_no)),
                    penalty_presets(s))

        try:
            self.sheet, self.rotating, self.flowers_allowed, seated, tables, presets = self.ctx.runner.read(load)
        except Exception as exc:  # noqa: BLE001 - e.g. the table no longer exists after regeneration
            from referee_app.errors import user_message

            if user_message(exc) is None:
                raise
            self.sheet = None
            self._show()
            return
        self.kind_names = {p.kind: (p.zh if LANG.code == "zh" else p.en) for p in presets}
        self.session_box.clear()
        for n in seated:
            self.session_box.addItem(str(n), n)
        self.session_box.setCurrentIndex(max(0, self.session_box.findData(self.session_no)))
        self.table_box.clear()
        for t in range(1, tables + 1):
            self.table_box.addItem(str(t), t)
        self.table_box.setCurrentIndex(self.table_no - 1)
        self._show()

    def show_hand_details(self, row: int) -> None:
        """The selected line's tiles (from its notation) and fans, beside the totals."""
        r = self.model.rows[row].row if 0 <= row < len(self.model.rows) else None
        if r is None or r.kind != "win":
            self.hand_tiles.set_groups([])
            self.hand_fans.setText(tr("draw") if r is not None else "")
            return
        groups: TileGroups = []
        if r.notation:
            from scoring.errors import HandError
            from scoring.notation import parse_hand

            try:
                groups = hand_groups(parse_hand(r.notation))
            except HandError:  # a stored hand always reads; a sheet must open even if one did not
                groups = []
        self.hand_tiles.set_groups(groups)
        self.hand_tiles.setVisible(bool(groups))
        fans = "  ·  ".join(f"{f.zh} {f.en} {f.points}" + (f"×{f.count}" if f.count > 1 else "") for f in r.fans)
        who = self.model.players[r.winner] if r.winner is not None else ""
        self.hand_fans.setText(f"<b>{tr('Hand')} {r.hand}</b> · {who} · {r.fan_total} {tr('Fan')}"
                               + (f"<br>{fans}" if fans else f"<br><i>{tr('Totals only')}</i>"))
        self.side_tabs.setCurrentIndex(1)

    def winds_of(self, hand: int) -> tuple[str, int]:
        prevailing, dealer, _ = store.winds(hand, self.rotating)
        return prevailing.value, dealer

    def next_hand(self) -> int | None:
        """The hand to record next, or None when the session at this table is over."""
        sh = self.sheet
        if sh is None:
            return None
        n = len(sh.hands) + 1
        if sh.time_called_after is not None or n > sh.hands_per_session:
            return None
        return n

    def _show(self) -> None:
        sh = self.sheet
        self.model.set_sheet(sh, self.winds_of)
        self.summary.set_sheet(sh)
        has = sh is not None
        for w in (self.totals_box, self.win_button, self.draw_button, self.penalty_button, self.time_button,
                  self.correct_button, self.sign_button):
            w.setEnabled(has)
        if sh is None:
            self.title.setText(tr("Score sheet"))
            self.players_line.setText(tr("Select a table in Sessions & tables."))
            self.penalties.setText("")
            return
        self.title.setText(f"{tr('Score sheet')} — {tr('Session')} {sh.session} · {tr('Table')} {sh.table}")
        self.players_line.setText("    ".join(
            f"<b>{wind_label(seat)}</b> {p.number} {p.name}" + (f" <i>({p.team})</i>" if p.team else "")
            for seat, p in zip("ESWN", sh.players, strict=True)))
        self.penalties.setText("<br>".join(
            (f"{tr('Hand')} {p.hand} · " if p.hand else "") + f"{p.player.name} · {self.kind_names.get(p.kind, p.kind)}"
            f" · {signed(-p.points)}"
            f" ({tr(SETTLEMENT_TEXT.get(p.settlement, p.settlement))})" + (f" · {p.reason}" if p.reason else "")
            for p in sh.penalties) or "—")
        self.side_tabs.setTabText(0, f"{tr('Penalties')} ({len(sh.penalties)})")
        self.side_tabs.setCurrentIndex(0)
        nxt = self.next_hand()
        self.next_label.setText(f"<b>{tr('Hand')} {nxt}</b> · {tr('Totals only')} (Ctrl+T)" if nxt
                                else tr("Session over"))
        for w in (self.totals_box, self.win_button, self.draw_button, self.time_button):
            w.setEnabled(nxt is not None and not sh.signed_off)
        self.sign_button.setText(tr("Undo sign-off") if sh.signed_off else tr("Sign off"))
        self._fill_totals_bar()

    def _fill_totals_bar(self) -> None:
        sh = self.sheet
        if sh is None:
            return
        wi, di = self.winner.currentIndex(), self.discarder.currentIndex()
        self.winner.clear()
        self.discarder.clear()
        self.discarder.addItem("+  " + tr("self-drawn"), SELF_DRAWN)
        for seat, p in zip("ESWN", sh.players, strict=True):
            self.winner.addItem(f"{seat}  {p.name}  ({p.number})", p.number)
            self.discarder.addItem(f"{seat}  {p.name}  ({p.number})", p.number)
        self.winner.setCurrentIndex(max(0, wi))
        self.discarder.setCurrentIndex(max(0, di))

    # ---- actions ---------------------------------------------------------------------------------
    def record_totals_from_bar(self) -> None:
        text = self.fan.text().strip()
        if not text:
            from referee_app.errors import show_error

            show_error(self, tr("Totals only"), tr("Enter the fan total."), tr("Type the fan and press Enter."))
            self.fan.setFocus()
            return
        d = self.discarder.currentData()
        if int(text) < MINIMUM_FANS and self.sheet is not None:
            self.offer_false_win(self.winner.currentData(), int(text))
            return
        ok = self.record_totals(self.winner.currentData(), None if d == SELF_DRAWN else d, int(text))
        if ok:
            self.fan.clear()
            self.winner.setFocus()
        else:
            self.fan.setFocus()
            self.fan.selectAll()

    def offer_false_win(self, winner: str, fan: int) -> QMessageBox | None:
        """A totals-only win under 8 fans cannot be recorded: one question, with the two ways on — record
        the false-win penalty (错和) for that player, or go back and change the fan."""
        sh, n = self.sheet, self.next_hand()
        if sh is None or n is None:
            return None
        position = next(i for i, p in enumerate(sh.players) if p.number == winner)
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Totals only"),
                          tr("{fan} fans: a win needs at least 8 (flowers not counted), so this is a false win "
                             "(错和) by {name}.", fan=fan, name=sh.players[position].name), parent=self)
        penalty = box.addButton(tr("Record false win penalty (错和)"), QMessageBox.ButtonRole.AcceptRole)
        back = box.addButton(tr("Change the fan"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(back)
        box.setEscapeButton(back)
        self.false_win_prompt = box

        def done(_result: int) -> None:
            self.false_win_prompt = None
            if box.clickedButton() is penalty:
                self.fan.clear()
                self.ask_false_win(position, n)
            else:
                self.fan.setFocus()
                self.fan.selectAll()
            box.deleteLater()

        box.finished.connect(done)
        box.open()
        return box

    def record_totals(self, winner: str, discarder: str | None, fan: int) -> bool:
        """Record a totals-only win for the next hand (numbers of the players)."""
        sh, n = self.sheet, self.next_hand()
        if sh is None or n is None:
            return False
        return self.run(lambda s: record_win(
            s, sh.session, sh.table, n, winner=winner, discarder=discarder, self_drawn=discarder is None,
            fan=fan, expected_version=sh.version), tr("Record"))

    def hand_entry_model(self, hand: int) -> HandEntryModel:
        assert self.sheet is not None
        prevailing, _dealer, seat_winds = store.winds(hand, self.rotating)
        names = tuple(f"{p.name} ({p.number})" for p in self.sheet.players)
        return HandEntryModel(names, seat_winds, prevailing, self.flowers_allowed)  # type: ignore[arg-type]

    def record_win(self) -> HandEntryDialog | None:
        """Open hand entry for the next hand; Confirm records it (one transaction)."""
        n = self.next_hand()
        if self.sheet is None or n is None:
            return None
        vm = self.hand_entry_model(n)
        d = HandEntryDialog(vm, f"{tr('Hand entry')} — {tr('Session')} {self.sheet.session} · "
                                f"{tr('Table')} {self.sheet.table} · {tr('Hand')} {n}", self,
                            offer_false_win=True)
        d.accepted.connect(lambda: self._entry_confirmed(d, n, None))
        d.false_win.connect(lambda pos: self.ask_false_win(pos, n, vm.preview))
        d.rejected.connect(lambda: self._entry_closed(d))  # a day of cancelled entries must not pile up
        self.entry_dialog = d
        d.open()
        return d

    def _entry_closed(self, d: HandEntryDialog) -> None:
        if self.entry_dialog is d:
            self.entry_dialog = None
        d.deleteLater()

    def _entry_confirmed(self, d: HandEntryDialog, hand: int, reason: str | None) -> None:
        entry = d.entry_value()
        self.entry_dialog = None
        if entry is not None:
            if reason is None:
                self.record_win_entry(hand, entry)
            else:
                self.apply_correction(Correction(hand, self._win_input(entry), reason))
        d.deleteLater()

    def _win_input(self, e: WinEntry) -> WinInput:
        assert self.sheet is not None
        num = [p.number for p in self.sheet.players]
        s = e.situation
        return WinInput(winner=num[s.winner], discarder=None if s.discarder is None else num[s.discarder],
                        self_drawn=s.discarder is None, flowers=s.flowers, notation=e.notation,
                        fourth_tile=s.fourth_tile, kong_related=s.kong_related,
                        last_tile_of_wall=s.last_tile_of_wall)

    def record_win_entry(self, hand: int, e: WinEntry) -> bool:
        sh = self.sheet
        if sh is None:
            return False
        w = self._win_input(e)
        return self.run(lambda s: record_hand(s, sh.session, sh.table, hand, w,
                                                       expected_version=sh.version), tr("Record win…"))

    def record_draw(self) -> bool:
        sh, n = self.sheet, self.next_hand()
        if sh is None or n is None:
            return False
        return self.run(lambda s: record_draw(s, sh.session, sh.table, n, expected_version=sh.version),
                         tr("Record draw"))

    def ask_penalty(self) -> None:
        sh = self.sheet
        if sh is None or self.ctx is None:
            return
        presets = self.ctx.runner.read(penalty_presets)
        p = PenaltyDialog.ask(self, sh.players, presets, None)
        if p is not None:
            self.record_penalty(p)

    def ask_false_win(self, position: int, hand: int, preview: Preview | None = None) -> PenaltyDialog | None:
        """The penalty dialog pre-filled for a claimed win under 8 fans (错和): the would-be winner and
        the profile's false-win preset, for hand ``hand`` (which stays to be played). Opened window-modal;
        OK records it."""
        sh = self.sheet
        if sh is None or self.ctx is None:
            return None
        presets = self.ctx.runner.read(penalty_presets)
        kind = next((k for k in FALSE_WIN_KINDS if any(p.kind == k for p in presets)), None)
        fans = preview.result.total_without_flowers if preview is not None and preview.result else None
        reason = tr("False win: {n} fans without flowers", n=fans) if fans is not None else ""
        d = PenaltyDialog(self, sh.players, presets, hand, player=sh.players[position].number, kind=kind,
                          reason=reason)
        self.penalty_dialog = d

        def done() -> None:
            self.penalty_dialog = None
            p = d.value()
            if p is not None:
                self.record_penalty(p)
            d.deleteLater()

        d.accepted.connect(done)
        d.rejected.connect(lambda: setattr(self, "penalty_dialog", None))
        d.open()
        return d

    def record_penalty(self, p: PenaltyInput) -> bool:
        sh = self.sheet
        if sh is None:
            return False
        return self.run(lambda s: record_penalty(s, sh.session, sh.table, p, expected_version=sh.version),
                         tr("Penalty…"))

    def ask_time_called(self) -> QMessageBox | None:
        """Ask before recording the time call; with no hand recorded yet, warn (that is seldom meant) and
        make "No" the default."""
        sh = self.sheet
        if sh is None:
            return None
        n = len(sh.hands)
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        if n == 0:
            box = QMessageBox(QMessageBox.Icon.Warning, tr("Time called"),
                              tr("No hand has been recorded at this table yet: calling time now ends the session "
                                 "at this table with no hands played. If hands were played, record them first. "
                                 "Record time called anyway?"), yes | no, self)
            box.setDefaultButton(no)
        else:
            box = QMessageBox(QMessageBox.Icon.Question, tr("Time called"),
                              tr("Time is called after hand {n}: the session at this table ends on the "
                                 "{n} hands played. Record it?", n=n), yes | no, self)
            box.setDefaultButton(yes)
        box.setEscapeButton(no)
        self.time_called_prompt = box

        def done(_result: int) -> None:
            self.time_called_prompt = None
            if box.clickedButton() is box.button(yes):
                self.call_time()
            box.deleteLater()

        box.finished.connect(done)
        box.open()
        return box

    def call_time(self) -> bool:
        sh = self.sheet
        if sh is None:
            return False
        n = len(sh.hands)
        return self.run(lambda s: call_time(s, sh.session, sh.table, n, expected_version=sh.version),
                         tr("Time called"))

    def selected_hand(self) -> int | None:
        idx = self.view.currentIndex()
        if not idx.isValid():
            return None
        r = self.model.row_at(idx.row())
        return r.hand if r.row is not None else None

    def correct_selected(self) -> None:
        sh, hand = self.sheet, self.selected_hand()
        if sh is None or hand is None:
            return
        row = next(h for h in sh.hands if h.hand == hand)
        c = CorrectionDialog.ask(self, sh.players, row)
        if c is None:
            return
        if c.result is None:  # re-enter the full hand
            vm = self.hand_entry_model(hand)
            if row.notation:
                vm.set_notation(row.notation)
            if row.winner is not None:
                vm.set_situation(**_situation_of(row))
            d = HandEntryDialog(vm, f"{tr('Correct hand…')} {hand}", self)
            d.accepted.connect(lambda: self._entry_confirmed(d, hand, c.reason))
            d.rejected.connect(lambda: self._entry_closed(d))
            self.entry_dialog = d
            d.open()
            return
        self.apply_correction(c)

    def apply_correction(self, c: Correction) -> bool:
        sh = self.sheet
        if sh is None or c.result is None:
            return False
        result: WinInput | DrawInput = c.result
        return self.run(lambda s: correct_hand(s, sh.session, sh.table, c.hand, result, c.reason,
                                                        expected_version=sh.version), tr("Correct hand…"))

    def toggle_sign_off(self) -> bool:
        sh = self.sheet
        if sh is None:
            return False
        return self.run(lambda s: sign_off(s, sh.session, sh.table, not sh.signed_off,
                                                    expected_version=sh.version), tr("Sign off"))


def _scrolled(w: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(w)
    return area


def _situation_of(row: Any) -> dict[str, Any]:
    """The recorded hand's situation, to start hand entry from when it is corrected."""
    return {"winner": row.winner, "discarder": row.discarder, "flowers": row.flowers or 0}
