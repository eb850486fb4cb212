"""The score sheet of a game table (Riichi): the hands as the store played them, the state of the next hand,
the results once the game is over, and the form that records the next hand (or corrects an earlier one).

At a Chinese system's table (``entry_options`` form "wins" or "events") the form is the system's own
(``chinese_entry``) and its preview is the store's (``preview_game_line`` through the page's read).

The score-sheet page shows this panel instead of MCR's 16 lines when the tournament's tables play a game
(``db.read.games.is_game``). The panel builds widgets; what they say and what a hand's result line is come
from its view-model (``game_vm``), and the store plays the line, derives the next hand and refuses in words.

The form, top to bottom: the outcome (the ones the rules allow), who declared riichi, then what the outcome
needs: the discarder and up to three winners for a ron, one winner for a tsumo (each: han and fu, a limit or
yakuman typed from a paper sheet, or "Tiles…" for hand entry; the liable player, pao, optional), the tenpai
players of a draw, the kind of an abortive draw, nagashi's players, the chombo's player. A refusal (a change
made meanwhile at another station among them) keeps everything the referee chose.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

import texts
from db.rules.game_words import COLUMNS, LIMITS
from referee_app.base.errors import user_message
from referee_app.base.named import named
from referee_app.entry.riichi_entry import RiichiEntryWidget
from referee_app.entry.riichi_vm import RiichiContext, RiichiEntryModel
from referee_app.pages.chinese_entry import ChineseForm, EventsForm, WinsForm
from referee_app.pages.game_vm import Draft, GameSheetViewModel, WinDraft, draft_of, missing
from referee_app.words.i18n import LANG, tr

RED = "color: #b3261e; font-weight: bold;"
FU = (0, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)  # 0: not given (a limit, or 5 han and more)


class RiichiEntryDialog(QDialog):
    """Hand entry for one winner (``RiichiEntryWidget`` over its model); OK only for a scoring win."""

    def __init__(self, context: RiichiContext, title: str, parent: QWidget | None = None,
                 line: dict[str, Any] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("riichi_entry_dialog")
        self.setWindowTitle(title)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.vm = RiichiEntryModel(context)
        if line is not None:  # a correction starts from the tiles recorded
            self.vm.set_notation(str(line.get("hand", "")))
            for flag, on in line.items():
                if flag in self.vm.flags and on is True:
                    self.vm.set_flag(flag, True)
        lay = QVBoxLayout(self)
        self.body = RiichiEntryWidget(self.vm, self)
        lay.addWidget(self.body, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.vm.changed.connect(self._changed)
        self._changed(self.vm.preview)
        self.resize(1180, 700)

    def _changed(self, preview: Any) -> None:
        self.ok.setEnabled(preview.can_confirm)

    def accept(self) -> None:
        if self.vm.preview.can_confirm:
            super().accept()


class WinnerRow(QWidget):
    """One winner: who, the value typed (han and fu, a limit, yakuman) or the tiles entered, and pao."""

    def __init__(self, index: int, open_tiles: Callable[[WinnerRow], object]) -> None:
        super().__init__()
        self.tiles: dict[str, Any] | None = None
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.player = named(QComboBox(), f"game_winner_{index}")
        self.han = named(QSpinBox(), f"game_han_{index}")
        self.han.setRange(0, 13)
        self.fu = named(QComboBox(), f"game_fu_{index}")
        for f in FU:
            self.fu.addItem(str(f) if f else "–", f)
        self.limit = named(QComboBox(), f"game_limit_{index}")
        self.yakuman = named(QSpinBox(), f"game_yakuman_{index}")
        self.yakuman.setRange(0, 6)
        self.pao = named(QComboBox(), f"game_pao_{index}")
        self.tiles_button = named(QPushButton(), f"game_tiles_{index}")
        self.tiles_button.clicked.connect(lambda: open_tiles(self))
        self.tiles_line = named(QLabel(), f"game_tiles_line_{index}")
        self.labels = [QLabel() for _ in range(5)]
        lay.addWidget(self.player, 2)
        for label, w in zip(self.labels, (self.han, self.fu, self.limit, self.yakuman, self.pao), strict=True):
            lay.addWidget(label)
            lay.addWidget(w)
        lay.addWidget(self.tiles_button)
        lay.addWidget(self.tiles_line, 1)
        self.player.activated.connect(lambda _i: self.set_tiles(None))

    def set_choices(self, players: list[tuple[str, int]], limits: list[tuple[str, str]]) -> None:
        for box, first in ((self.player, "—"), (self.pao, "—")):
            keep = box.currentData()
            box.clear()
            box.addItem(first, None)
            for text, seat in players:
                box.addItem(text, seat)
            box.setCurrentIndex(max(0, box.findData(keep)))
        keep = self.limit.currentData()
        self.limit.clear()
        self.limit.addItem("—", None)
        for text, key in limits:
            self.limit.addItem(text, key)
        self.limit.setCurrentIndex(max(0, self.limit.findData(keep)))

    def retranslate(self) -> None:
        lang = LANG.code
        words = (COLUMNS["han"], COLUMNS["fu"], tr("Limit"), LIMITS["yakuman"], COLUMNS["pao"])
        for label, text in zip(self.labels, words, strict=True):
            label.setText(texts.said(text, lang))
        self.tiles_button.setText(tr("Tiles…"))

    def set_tiles(self, line: dict[str, Any] | None) -> None:
        self.tiles = line
        self.tiles_line.setText("" if line is None else tr("from tiles: {hand}", hand=line.get("hand", "")))
        for w in (self.han, self.fu, self.limit, self.yakuman):
            w.setEnabled(line is None)

    def value(self) -> WinDraft | None:
        seat = self.player.currentData()
        if seat is None:
            return None
        return WinDraft(seat, self.han.value(), int(self.fu.currentData() or 0), self.limit.currentData(),
                        self.yakuman.value(), self.tiles, self.pao.currentData())

    def show_value(self, w: WinDraft | None) -> None:
        self.player.setCurrentIndex(max(0, self.player.findData(None if w is None else w.seat)))
        self.han.setValue(0 if w is None else w.han)
        self.fu.setCurrentIndex(max(0, self.fu.findData(0 if w is None else w.fu)))
        self.limit.setCurrentIndex(max(0, self.limit.findData(None if w is None else w.limit)))
        self.yakuman.setValue(0 if w is None else w.yakuman)
        self.pao.setCurrentIndex(max(0, self.pao.findData(None if w is None else w.pao)))
        self.set_tiles(None if w is None or w.tiles is None else dict(w.tiles))


class GamePanel(QWidget):
    """The game table's sheet and its form. ``run(op, what, on_refused)`` is the page's runner call; ``where``
    and ``still_at`` its guards (an answer goes only to the table it was given for)."""

    def __init__(self, run: Callable[..., Any], parent: QWidget | None = None,
                 read: Callable[[Callable[[Any], Any]], Any] | None = None) -> None:
        super().__init__(parent)
        self.vm = GameSheetViewModel()
        self._run = run
        self._read = read  # the page's runner read: a Chinese hand's preview asks the store
        self.chinese_form: ChineseForm | None = None  # a Chinese system's form (``chinese_entry``), made for it
        self._chinese_key: str = ""
        self.correcting: int | None = None  # the hand the form corrects; None: it records the next hand
        self._shown: tuple[int, int] = (0, 0)  # the session and table the form is for
        self.entry_dialog: RiichiEntryDialog | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        self.next_line = named(QLabel(), "game_next")
        lay.addWidget(self.next_line)
        self.table = named(QTableWidget(0, 0), "game_hands")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(True)
        self.table.doubleClicked.connect(lambda _i: self.correct_selected())
        lay.addWidget(self.table, 3)
        self.penalties = named(QLabel(), "game_penalties")  # the table's penalties, under its hands
        self.penalties.setWordWrap(True)
        self.penalties.setVisible(False)
        lay.addWidget(self.penalties)
        self.results = named(QTableWidget(0, 6), "game_results")
        self.results.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.results.verticalHeader().hide()
        self.results.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.results.verticalHeader().setDefaultSectionSize(22)
        self.results.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay.addWidget(self.results)
        lay.addWidget(self._form())
        self.message = named(QLabel(), "game_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(RED)
        lay.addWidget(self.message)
        self.retranslate()

    # ---- building --------------------------------------------------------------------------------
    def _checks(self, name: str) -> list[QCheckBox]:
        return [named(QCheckBox(), f"{name}_{s}") for s in "ESWN"]

    def _form(self) -> QGroupBox:
        self.form = named(QGroupBox(), "game_form")
        lay = QVBoxLayout(self.form)
        lay.setSpacing(2)
        entry = QWidget()  # the outcome and its fields (hidden once the game is over, but for a correction)
        lay.addWidget(entry)
        lay_entry = QVBoxLayout(entry)
        lay_entry.setContentsMargins(0, 0, 0, 0)
        lay_entry.setSpacing(2)
        self.riichi_entry = entry
        self.chinese_holder = named(QWidget(), "chinese_holder")  # a Chinese system's form instead (form != riichi)
        self.chinese_holder.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.chinese_lay = QVBoxLayout(self.chinese_holder)
        self.chinese_lay.setContentsMargins(0, 0, 0, 0)
        self.chinese_holder.setVisible(False)
        lay.addWidget(self.chinese_holder)
        top = QHBoxLayout()
        self.outcome = named(QComboBox(), "game_outcome")
        self.outcome.currentIndexChanged.connect(lambda _i: self._show_outcome())
        self.outcome_label, self.riichi_label = QLabel(), QLabel()
        top.addWidget(self.outcome_label)
        top.addWidget(self.outcome)
        top.addSpacing(16)
        top.addWidget(self.riichi_label)
        self.riichi = self._checks("game_riichi")
        for b in self.riichi:
            top.addWidget(b)
        top.addStretch(1)
        lay_entry.addLayout(top)

        mid = QHBoxLayout()
        self.discarder_label, self.chombo_label, self.reason_label = QLabel(), QLabel(), QLabel()
        self.discarder = named(QComboBox(), "game_discarder")
        self.chombo = named(QComboBox(), "game_chombo")
        self.reason = named(QComboBox(), "game_reason")
        self.tenpai_label, self.nagashi_label = QLabel(), QLabel()
        self.tenpai = self._checks("game_tenpai")
        self.nagashi = self._checks("game_nagashi")
        for w in (self.discarder_label, self.discarder, self.chombo_label, self.chombo, self.reason_label,
                  self.reason, self.nagashi_label, *self.nagashi, self.tenpai_label, *self.tenpai):
            mid.addWidget(w)
        mid.addStretch(1)
        lay_entry.addLayout(mid)
        self.winner_rows = [WinnerRow(i, self.open_tiles) for i in range(3)]
        for row in self.winner_rows:
            lay_entry.addWidget(row)

        lay.addLayout(self._actions(entry))
        return self.form

    def _actions(self, entry: QWidget) -> QHBoxLayout:
        """The correction's reason, Record (or Correct hand N), and the actions on recorded hands."""
        actions = QHBoxLayout()
        self.reason_edit = named(QLineEdit(), "game_correct_reason")
        self.record_button = named(QPushButton(), "game_record")
        self.record_button.clicked.connect(self.submit)
        self.cancel_button = named(QPushButton(), "game_cancel_correction")
        self.cancel_button.clicked.connect(self.stop_correcting)
        self.correct_button = named(QPushButton(), "game_correct")
        self.correct_button.clicked.connect(self.correct_selected)
        self.delete_button = named(QPushButton(), "game_delete")
        self.delete_button.clicked.connect(self.ask_delete)
        self.time_button = named(QPushButton(), "game_time_called")
        self.time_button.clicked.connect(self.ask_time_called)
        actions.addWidget(self.reason_edit, 1)
        self.entry_parts: list[QWidget] = [entry, self.record_button]
        actions.addWidget(self.record_button)
        actions.addWidget(self.cancel_button)
        actions.addStretch(1)
        actions.addWidget(self.time_button)
        actions.addWidget(self.correct_button)
        actions.addWidget(self.delete_button)
        return actions

    # ---- showing ---------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.outcome_label.setText(tr("Result"))
        self.riichi_label.setText(tr("Riichi declared:"))
        self.discarder_label.setText(tr("Discarded by"))
        self.chombo_label.setText(tr("Player"))
        self.reason_label.setText(tr("Kind"))
        self.tenpai_label.setText(tr("Tenpai:"))
        self.nagashi_label.setText(tr("Nagashi:"))
        self.reason_edit.setPlaceholderText(tr("Reason for the correction (required)"))
        self.cancel_button.setText(tr("Cancel correction"))
        self.correct_button.setText(tr("Correct hand…"))
        self.delete_button.setText(tr("Delete last hand…"))
        self.time_button.setText(tr("Time called…"))
        for row in self.winner_rows:
            row.retranslate()
        if self.chinese_form is not None:
            self.chinese_form.retranslate()
        self.show_sheet()

    def show_sheet(self) -> None:
        """Show the view-model's sheet; the form keeps what the referee chose (a re-read after another
        station's write, or after a refusal, must not lose an entry)."""
        vm, sh = self.vm, self.vm.sheet
        if sh is None:
            return
        self._make_chinese_form()
        if (sh.session, sh.table) != self._shown:  # another table: its form starts empty
            self._shown = (sh.session, sh.table)
            self.correcting = None
            self._fill_choices()
            self.clear_form()
        self.next_line.setText(vm.next_text())
        heads = vm.headers()
        self.table.setColumnCount(len(heads))
        self.table.setHorizontalHeaderLabels(heads)
        self.table.setRowCount(len(sh.hands))
        # Riichi: the yaku column (9) takes the room left; a Chinese hand: the fans (6), its own columns first
        wide, first_player = (6, 8) if vm.chinese else (9, 10)
        for r, h in enumerate(sh.hands):
            for c, text in enumerate(vm.cells(h)):
                item = QTableWidgetItem(text)
                item.setToolTip(text if c == wide else "")  # the yaku column is cut to the room left
                if c >= first_player or c in ((0,) if vm.chinese else (0, 3, 4)):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        header = self.table.horizontalHeader()
        for c in range(len(heads)):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(wide, QHeaderView.ResizeMode.Stretch)
        self.table.resizeRowsToContents()  # after the yaku column took the room left: its lines wrap in it
        rows = vm.result_rows()
        self.results.setVisible(bool(rows))
        self.results.setColumnCount(len(vm.result_headers()))
        self.results.setHorizontalHeaderLabels(vm.result_headers())
        self.results.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                self.results.setItem(r, c, QTableWidgetItem(text))
        self.results.setFixedHeight(self.results.horizontalHeader().height() + 22 * len(rows) + 4)
        self._fill_choices()
        self._show_mode()

    def show_penalties(self, text: str) -> None:
        """The table's penalties (the page's words, rich text); hidden when there are none."""
        self.penalties.setText(text)
        self.penalties.setVisible(bool(text))

    def _fill_choices(self) -> None:
        vm = self.vm
        players = [(vm.player_label(i), i) for i in range(4)]
        for box, choices in ((self.outcome, vm.outcome_names()), (self.reason, vm.abortive_names())):
            keep = box.currentData()
            box.blockSignals(True)
            box.clear()
            for text, key in choices:
                box.addItem(text, key)
            box.setCurrentIndex(max(0, box.findData(keep)))
            box.blockSignals(False)
        for box in (self.discarder, self.chombo):
            keep = box.currentData()
            box.clear()
            box.addItem("—", None)
            for text, seat in players:
                box.addItem(text, seat)
            box.setCurrentIndex(max(0, box.findData(keep)))
        for checks in (self.riichi, self.tenpai, self.nagashi):
            for i, b in enumerate(checks):
                b.setText(vm.seat_name(i))
        for row in self.winner_rows:
            row.set_choices(players, vm.limit_names())
        if self.chinese_form is not None and vm.sheet is not None:
            seats = [vm.seat_letter(i) for i in range(4)]
            self.chinese_form.set_players(players, seats)
            if isinstance(self.chinese_form, EventsForm):
                self.chinese_form.set_table(vm.numbers, vm.seat_letter)
        self._show_outcome()

    def _show_outcome(self) -> None:
        kind = self.outcome.currentData()
        shown = {
            "ron": (self.discarder_label, self.discarder, *self.winner_rows),
            "tsumo": (self.winner_rows[0],),
            "draw": (self.tenpai_label, *self.tenpai),
            "abortive": (self.reason_label, self.reason),
            "nagashi": (self.nagashi_label, *self.nagashi, self.tenpai_label, *self.tenpai),
            "chombo": (self.chombo_label, self.chombo),
        }.get(kind, ())
        every = {self.discarder_label, self.discarder, *self.winner_rows, self.tenpai_label, *self.tenpai,
                 self.reason_label, self.reason, self.nagashi_label, *self.nagashi, self.chombo_label, self.chombo}
        for w in every:
            w.setVisible(w in shown)
        for w in (self.riichi_label, *self.riichi):
            w.setVisible(kind != "chombo")

    def _show_mode(self) -> None:
        vm = self.vm
        n = self.correcting
        self.form.setTitle(tr("Correct hand {n}", n=n) if n is not None else
                           tr("Hand {n}", n=vm.next_hand) if vm.next_hand is not None else tr("Game over"))
        self.record_button.setText(tr("Correct hand {n}", n=n) if n is not None else tr("Record"))
        self.record_button.setEnabled(n is not None or vm.can_record)
        self.reason_edit.setVisible(n is not None)
        self.cancel_button.setVisible(n is not None)
        entering = n is not None or vm.can_record  # the game over, only a correction has a form to fill
        for part in self.entry_parts:
            part.setVisible(entering)
        self.riichi_entry.setVisible(entering and not vm.chinese)
        self.chinese_holder.setVisible(entering and vm.chinese)
        if entering:
            self._show_outcome()
        has = vm.sheet is not None and bool(vm.sheet.hands)
        self.correct_button.setEnabled(has)
        self.time_button.setEnabled(vm.time_question() is not None and vm.can_record)
        self.delete_button.setEnabled(has)

    # ---- the form --------------------------------------------------------------------------------
    def draft(self) -> Draft:
        """What the form says, as a draft of the hand's outcome."""
        def ticked(checks: list[QCheckBox]) -> tuple[int, ...]:
            return tuple(i for i, b in enumerate(checks) if b.isChecked())

        kind = str(self.outcome.currentData())
        rows = self.winner_rows if kind == "ron" else self.winner_rows[:1] if kind == "tsumo" else []
        winners = tuple(w for w in (r.value() for r in rows) if w is not None)
        return Draft(kind, ticked(self.riichi) if kind != "chombo" else (), winners, self.discarder.currentData(),
                     ticked(self.tenpai), self.reason.currentData(), ticked(self.nagashi), self.chombo.currentData())

    def show_draft(self, d: Draft) -> None:
        self.outcome.setCurrentIndex(max(0, self.outcome.findData(d.kind)))
        for checks, seats in ((self.riichi, d.riichi), (self.tenpai, d.tenpai), (self.nagashi, d.nagashi)):
            for i, b in enumerate(checks):
                b.setChecked(i in seats)
        self.discarder.setCurrentIndex(max(0, self.discarder.findData(d.discarder)))
        self.chombo.setCurrentIndex(max(0, self.chombo.findData(d.chombo)))
        self.reason.setCurrentIndex(max(0, self.reason.findData(d.reason)))
        for i, row in enumerate(self.winner_rows):
            row.show_value(d.winners[i] if i < len(d.winners) else None)
        self._show_outcome()

    def clear_form(self) -> None:
        """A new hand starts empty (nothing chosen for the referee)."""
        self.show_draft(Draft(str(self.outcome.itemData(0) or "ron")))
        if self.chinese_form is not None:
            self.chinese_form.clear()
        self.reason_edit.clear()

    # ---- a Chinese system's hand ------------------------------------------------------------------
    def _make_chinese_form(self) -> None:
        """The Chinese system's form the entry options call for (made again when they change: another file)."""
        vm = self.vm
        key = repr((vm.form, vm.wording, sorted(vm.entry.items()), vm.outcomes)) if vm.chinese else ""
        if key == self._chinese_key:
            return
        self._chinese_key = key
        if self.chinese_form is not None:
            self.chinese_form.setParent(None)
            self.chinese_form.deleteLater()
            self.chinese_form = None
        if not vm.chinese:
            return
        form: ChineseForm = EventsForm(vm.entry, vm.wording) if vm.form == "events" else \
            WinsForm(vm.entry, vm.wording, vm.outcomes)
        self.chinese_lay.addWidget(form)
        self.chinese_form = form
        form.changed.connect(self.update_preview)
        self._shown = (0, 0)  # its boxes are filled as for another table

    def chinese_line(self) -> dict[str, Any]:
        assert self.chinese_form is not None
        return self.chinese_form.line(self.vm.numbers)

    def update_preview(self) -> None:
        """Ask the store what the line would pay (read only), and show its words or its refusal."""
        form, vm = self.chinese_form, self.vm
        if form is None or vm.sheet is None or self._read is None:
            return
        lack = form.missing()
        op = vm.preview(self.chinese_line(), self.correcting) if lack is None else None
        if op is None:
            form.show_preview(lack or "", False)
            self.form.updateGeometry()
            return
        try:
            preview = self._read(op)
        except Exception as exc:  # noqa: BLE001 - a refusal in words is the preview's answer; others go on
            said = user_message(exc)
            if said is None:
                raise
            form.show_preview(said, True)
            return
        if preview is None:  # the tournament was closed (``SheetPage._game_read``)
            return
        form.show_preview(vm.preview_words(preview), preview.hand is None, preview.partial)
        # the preview's lines change the form's height: the group box and the panel lay out again (seen on
        # screen: without it the last lines stayed cut until the window was resized)
        self.form.updateGeometry()
        self.updateGeometry()

    def open_tiles(self, row: WinnerRow) -> RiichiEntryDialog | None:
        """Hand entry for the winner of ``row``, with the winds, honba and deposits of the hand (the next
        hand, or the one corrected) as the store derived them."""
        vm = self.vm
        seat = row.player.currentData()
        hand = self.correcting if self.correcting is not None else vm.next_hand
        if vm.sheet is None or hand is None:
            return None
        if seat is None:
            self.message.setText(tr("Choose the winner first: the tiles are scored with the winner's wind."))
            return None
        riichi = len(self.draft().riichi)
        d = RiichiEntryDialog(vm.entry_context(seat, riichi, self.correcting), vm.entry_title(hand), self, row.tiles)
        if self.outcome.currentData() == "tsumo":
            d.vm.set_tsumo()
        elif self.discarder.currentData() is not None and self.discarder.currentData() != seat:
            d.vm.set_ron("ESWN"[self.discarder.currentData()])
        if seat in self.draft().riichi and not d.vm.flags["double_riichi"]:
            d.vm.set_flag("riichi", True)  # the box ticked is the same fact the tiles are scored with

        def done() -> None:
            self.entry_dialog = None
            line = d.vm.to_line()
            row.set_tiles(line)
            if d.vm.tsumo:
                self.outcome.setCurrentIndex(max(0, self.outcome.findData("tsumo")))
            elif d.vm.discarder is not None:
                self.outcome.setCurrentIndex(max(0, self.outcome.findData("ron")))
                self.discarder.setCurrentIndex(self.discarder.findData("ESWN".index(d.vm.discarder)))
            if line.get("riichi") or line.get("double_riichi"):
                self.riichi[seat].setChecked(True)
            d.deleteLater()

        d.accepted.connect(done)
        def cancelled() -> None:
            self.entry_dialog = None
            d.deleteLater()

        d.rejected.connect(cancelled)
        self.entry_dialog = d
        d.open()
        return d

    # ---- actions ---------------------------------------------------------------------------------
    def submit(self) -> bool:
        """Record the form as the next hand, or as the correction of ``correcting``; a refusal keeps the
        form as it is, with the store's words below it."""
        chinese = self.vm.chinese and self.chinese_form is not None
        d = self.draft()
        lack = self.chinese_form.missing() if chinese and self.chinese_form is not None else missing(d)
        if lack is not None:
            self.message.setText(lack)
            return False
        if self.correcting is not None:
            reason = self.reason_edit.text().strip()
            if not reason:
                self.message.setText(tr("Give the reason for the correction."))
                self.reason_edit.setFocus()
                return False
            op = self.vm.correct_line(self.correcting, self.chinese_line(), reason) if chinese else \
                self.vm.correct(self.correcting, d, reason)
            what = tr("Correct hand…")
        else:
            op = self.vm.record_line(self.chinese_line()) if chinese else self.vm.record(d)
            what = tr("Record")
        if op is None:
            return False
        refused: list[str] = []
        done = self._run(op, what, refused)
        if not done:
            self.message.setText(refused[0] if refused else "")
            return False
        self.message.setText("")
        self.correcting = None
        self.clear_form()
        self._show_mode()
        return True

    def correct_selected(self) -> None:
        """Put the selected hand in the form, to correct it (a reason is asked)."""
        row = self.table.currentRow()
        sh = self.vm.sheet
        if sh is None or not 0 <= row < len(sh.hands):
            self.message.setText(tr("Select the hand to correct in the sheet."))
            return
        h = sh.hands[row]
        self.correcting = h.hand
        if self.vm.chinese and self.chinese_form is not None:
            self.chinese_form.show_line(h.line, self.vm.numbers)
        else:
            self.show_draft(draft_of(h))
        self.message.setText("")
        self._show_mode()
        self.reason_edit.setFocus()

    def stop_correcting(self) -> None:
        self.correcting = None
        self.clear_form()
        self._show_mode()

    def ask_delete(self) -> QDialog | None:
        """Delete the last hand, with a reason (the earlier ones are corrected)."""
        sh = self.vm.sheet
        if sh is None or not sh.hands:
            return None
        from PySide6.QtWidgets import QInputDialog

        d = QInputDialog(self)
        d.setObjectName("game_delete_prompt")
        d.setWindowTitle(tr("Delete last hand…"))
        d.setLabelText(tr("Delete hand {n}? Give the reason (it goes into the Log).", n=sh.hands[-1].hand))
        d.setInputMode(QInputDialog.InputMode.TextInput)

        def done(result: int) -> None:
            reason = d.textValue().strip()
            if result == QDialog.DialogCode.Accepted:
                if not reason:
                    self.message.setText(tr("Give the reason for the correction."))
                else:
                    self.delete_last(reason)
            d.deleteLater()

        d.finished.connect(done)
        d.open()
        return d

    def ask_time_called(self) -> QMessageBox | None:
        """The gong: asked first, as every one-click record is (docs/gui.md "One-click records ask first")."""
        question = self.vm.time_question()
        if question is None:
            return None
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        box = QMessageBox(QMessageBox.Icon.Question, tr("Time called"), question, yes | no, self)
        box.setObjectName("game_time_prompt")
        box.setDefaultButton(yes)

        def done(_result: int) -> None:
            if box.clickedButton() is box.button(yes):
                self.call_time()
            box.deleteLater()

        box.finished.connect(done)
        box.open()
        return box

    def call_time(self) -> bool:
        op = self.vm.call_time()
        refused: list[str] = []
        done = op is not None and bool(self._run(op, tr("Time called"), refused))
        self.message.setText(refused[0] if refused else "")
        return done

    def delete_last(self, reason: str) -> bool:
        op = self.vm.delete_last(reason)
        refused: list[str] = []
        done = op is not None and bool(self._run(op, tr("Delete last hand…"), refused))
        self.message.setText(refused[0] if refused else "")
        return done
