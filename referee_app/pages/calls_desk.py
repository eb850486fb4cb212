"""The desk's side of the tables' referee calls (docs/web.md "Calling a referee").

- :class:`CallsDesk` puts a calls indicator in the window's status bar, so it is on every page: the calls
  waiting for a referee and the longest wait; red while one is untaken. A click opens the panel.
- :class:`CallsPanel` lists the calls by table and waiting time, live: a referee takes one with their
  name, and closes it with a ruling, optionally linked to a penalty of that table and a hand.

Both read through the runner's read-only sessions when the store changes (the change watcher's
``Runner.changed`` says the calls moved: a call from a phone moves the change marker like any write) and tick the waiting times
every second without reading. Writes go through ``Runner.run`` (one transaction; refusals as dialogs:
a call another referee took first says who).
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

import texts
from db.read.changes import Changes
from referee_app.base.context import TournamentContext
from referee_app.base.errors import show_error
from referee_app.words.i18n import LANG, tr
from texts import N_

TICK_MS = 1000
ID_ROLE = Qt.ItemDataRole.UserRole


def wait_text(seconds: int | None) -> str:
    """3:07, or 1:02:05 past an hour; "" for no wait.

    >>> wait_text(187), wait_text(3725), wait_text(None)
    ('3:07', '1:02:05', '')
    """
    if seconds is None:
        return ""
    h, rest = divmod(max(0, seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


# the panel's figures: one text for one call, one for more ("1 calls")
SUMMARY = (N_("{calls} call · wait median {median}, worst {worst} · rulings: {rulings}"),
           N_("{calls} calls · wait median {median}, worst {worst} · rulings: {rulings}"))
STATUS = {"open": N_("waiting"), "taken": N_("on the way"), "resolved": N_("resolved"), "cancelled": N_("cancelled")}


def status_text(code: str) -> str:
    return tr(STATUS[code]) if code in STATUS else code


def reason_text(code: str) -> str:
    from db.service.calls import CallReason

    try:
        r = CallReason(code)
    except ValueError:
        return code
    return texts.translate(LANG.code, r.en, "reason_of_call")


class CallsDesk(QObject):
    """The indicator in ``window``'s status bar and the panel it opens, over the open tournament."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.ctx: TournamentContext | None = None
        self.calls: list[Any] = []  # db.service.calls.CallView, all of them, oldest first
        self.read_at = datetime.now()
        self.indicator = QPushButton()
        self.indicator.setObjectName("calls_indicator")
        self.indicator.setFlat(True)
        self.indicator.setStyleSheet("QPushButton { padding: 1px 8px; border: none; }")
        self.indicator.clicked.connect(self.open_panel)
        self.indicator.setVisible(False)
        window.statusBar().addPermanentWidget(self.indicator)
        self.panel: CallsPanel | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)
        LANG.changed.connect(self.tick)

    def attach(self, ctx: TournamentContext | None) -> None:
        if self.ctx is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.ctx.runner.changed.disconnect(self.reload_for)
        self.ctx = ctx
        self.calls = []
        if self.panel is not None:
            self.panel.close()
        if ctx is None:
            self.timer.stop()
            self.indicator.setVisible(False)
            return
        ctx.runner.changed.connect(self.reload_for)
        self.indicator.setVisible(True)
        self.reload()
        self.timer.start()

    def reload_for(self, changes: Changes) -> None:
        """A change touched the calls (or everything): read them again; other changes leave them."""
        if changes.calls or changes.wide:
            self.reload()

    def reload(self) -> None:
        from db.service.calls import list_calls

        if self.ctx is None:
            return
        try:
            self.calls = self.ctx.runner.read(list_calls)
        except Exception:  # noqa: BLE001 - a server away for a moment: the next change reads again
            return
        self.read_at = datetime.now()
        self.tick()
        if self.panel is not None and self.panel.isVisible():
            self.panel.fill()

    def waiting(self) -> list[Any]:
        return [c for c in self.calls if c.status in ("open", "taken")]

    def tick(self) -> None:
        waiting = self.waiting()
        untaken = [c for c in waiting if c.status == "open"]
        longest = max((c.waited_s() or 0 for c in untaken), default=None)
        if not waiting:
            text = tr("Calls: none waiting")
        else:
            text = tr("Calls: {open} open", open=len(untaken))
            if longest is not None:
                text += " · " + tr("longest wait {wait}", wait=wait_text(longest))
            taken = len(waiting) - len(untaken)
            if taken:
                text += " · " + tr("{taken} on the way", taken=taken)
        self.indicator.setText(text)
        # padding 1 px: the status bar keeps its height (the first window fits 1280×720, docs/gui.md)
        self.indicator.setStyleSheet("QPushButton { background: #c8232c; color: white; font-weight: bold; "
                                     "padding: 1px 8px; border-radius: 4px; }" if untaken
                                     else "QPushButton { padding: 1px 8px; border: none; }")
        if self.panel is not None and self.panel.isVisible():
            self.panel.tick()

    def open_panel(self) -> CallsPanel:
        if self.panel is None:
            self.panel = CallsPanel(self)
        self.panel.retranslate()
        self.panel.fill()
        self.panel.show()
        self.panel.raise_()
        self.panel.activateWindow()
        return self.panel


class CallsPanel(QDialog):
    """The calls, newest waiting first; take and resolve the selected one."""

    COLUMNS = ("Table", "Session", "Reason", "Note", "Status", "Waiting", "Referee", "Ruling")

    def __init__(self, desk: CallsDesk) -> None:
        super().__init__(desk.window)
        self.desk = desk
        self.setObjectName("calls_panel")
        self.resize(900, 420)
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.referee_label = QLabel()
        self.referee = QLineEdit()
        self.referee.setObjectName("calls_referee")
        self.referee.setMaxLength(100)
        from db.service.audit import default_actor

        self.referee.setText(default_actor().referee)
        self.show_closed = QCheckBox()
        self.show_closed.setObjectName("calls_show_closed")
        self.show_closed.toggled.connect(self.fill)
        top.addWidget(self.referee_label)
        top.addWidget(self.referee, 1)
        top.addWidget(self.show_closed)
        lay.addLayout(top)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setObjectName("calls_table")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._enable)
        lay.addWidget(self.table, 1)
        self.summary = QLabel()
        self.summary.setObjectName("calls_summary")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        bar = QHBoxLayout()
        self.take_button = QPushButton()
        self.take_button.setObjectName("calls_take")
        self.take_button.clicked.connect(self.take)
        self.resolve_button = QPushButton()
        self.resolve_button.setObjectName("calls_resolve")
        self.resolve_button.clicked.connect(self.resolve)
        self.close_button = QPushButton()
        self.close_button.clicked.connect(self.close)
        bar.addWidget(self.take_button)
        bar.addWidget(self.resolve_button)
        bar.addStretch(1)
        bar.addWidget(self.close_button)
        lay.addLayout(bar)
        LANG.changed.connect(self.retranslate)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Referee calls"))
        self.referee_label.setText(tr("Referee"))
        self.show_closed.setText(tr("Show closed calls"))
        self.table.setHorizontalHeaderLabels([tr(c) for c in self.COLUMNS])
        self.take_button.setText(tr("Take"))
        self.resolve_button.setText(tr("Resolve…"))
        self.close_button.setText(tr("Close"))
        self.fill()

    def shown_calls(self) -> list[Any]:
        calls = self.desk.calls if self.show_closed.isChecked() else self.desk.waiting()
        # untaken first, the longest waiting on top; then the taken ones; then the closed, newest first
        order = {"open": 0, "taken": 1}
        return sorted(calls, key=lambda c: (order.get(c.status, 2), c.called_at if c.status in order else
                                            datetime.max - (c.closed_at or c.called_at)))

    def fill(self) -> None:
        from db.service.calls import calls_summary

        keep = self.selected_id()
        calls = self.shown_calls()
        self.table.setRowCount(len(calls))
        for row, c in enumerate(calls):
            values = [str(c.table), str(c.session), reason_text(c.reason), c.note, status_text(c.status),
                      wait_text(c.waited_s()), c.taken_by or "", c.ruling or ""]
            for col, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(ID_ROLE, c.id)
                if col in (0, 1, 5):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, col, item)
            if c.id == keep:
                self.table.selectRow(row)
        if self.table.currentRow() < 0 and calls:
            self.table.selectRow(0)
        ctx = self.desk.ctx
        if ctx is not None:
            try:
                s = ctx.runner.read(calls_summary)
            except Exception:  # noqa: BLE001 - figures only
                s = None
            if s is not None and s["calls"]:
                rulings = ", ".join(f"{reason_text(k)} {n}" for k, n in s["rulings"].items() if n)
                self.summary.setText(tr(SUMMARY[0 if s["calls"] == 1 else 1],
                                        calls=s["calls"], median=wait_text(_int(s["wait_s"]["median"])),
                                        worst=wait_text(_int(s["wait_s"]["worst"])), rulings=rulings or "–"))
            else:
                self.summary.setText(tr("No calls yet."))
        self._enable()

    def tick(self) -> None:
        """The waiting times move on without a read."""
        by_id = {c.id: c for c in self.desk.calls}
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 5)
            c = by_id.get(item.data(ID_ROLE)) if item is not None else None
            if c is not None and item is not None:
                item.setText(wait_text(c.waited_s()))

    def selected_id(self) -> int | None:
        item = self.table.item(self.table.currentRow(), 0) if self.table.currentRow() >= 0 else None
        return None if item is None else int(item.data(ID_ROLE))

    def selected(self) -> Any:
        cid = self.selected_id()
        return next((c for c in self.desk.calls if c.id == cid), None)

    def _enable(self) -> None:
        c = self.selected()
        waiting = c is not None and c.status in ("open", "taken")
        self.take_button.setEnabled(waiting and c.status == "open")
        self.resolve_button.setEnabled(waiting)

    # ---- actions ------------------------------------------------------------------------------------
    def take(self) -> bool:
        """The selected call, taken by the name in the Referee field."""
        from db.service.audit import Actor, default_actor
        from db.service.calls import take_call

        c = self.selected()
        name = self.referee.text().strip()
        if c is None or self.desk.ctx is None:
            return False
        if not name:
            show_error(self, tr("Take"), tr("Enter your name as the referee first."))
            self.referee.setFocus()
            return False
        actor = Actor(default_actor().station, name)
        ok = self.desk.ctx.runner.run_ok(lambda s: take_call(s, c.id, name, actor=actor), self, tr("Take"))
        if not ok:
            self.desk.reload()  # the call as another referee left it (a success reloads through the runner's changed)
        return ok

    def resolve(self) -> bool:
        c = self.selected()
        if c is None:
            return False
        dialog = ResolveDialog(self, c, self._penalties(c), *self._table(c))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.resolve_selected(dialog.ruling.text(), dialog.penalty.currentData(), dialog.hand.value() or None,
                                     new_penalty=dialog.new_penalty if dialog.penalty.currentData() == NEW else None)

    def resolve_selected(self, ruling: str, penalty: int | None = None, hand: int | None = None, *,
                         new_penalty: Any = None) -> bool:
        """Close the selected call. ``new_penalty`` (a ``PenaltyInput`` for the call's table): recorded with
        the ruling in the same transaction and linked to it (the referee no longer has to leave
        the panel for the score sheet first); ``penalty`` then is ignored."""
        from db.service.audit import Actor, default_actor
        from db.service.calls import resolve_call
        from db.service.results import record_penalty

        c = self.selected()
        if c is None or self.desk.ctx is None:
            return False
        name = self.referee.text().strip() or None
        actor = Actor(default_actor().station, name or default_actor().referee)

        def op(s: Any) -> Any:
            pid = penalty if new_penalty is None else record_penalty(s, c.session, c.table, new_penalty, actor=actor)
            return resolve_call(s, c.id, ruling, penalty=pid, hand=hand, referee=name, actor=actor)

        ok = self.desk.ctx.runner.run_ok(op, self, tr("Resolve…"))
        if not ok:
            self.desk.reload()
        return ok

    def _table(self, c: Any) -> tuple[list[Any], list[Any], bool]:
        """The call's table's four players, the profile's penalty presets (the penalty dialog's lists) and
        whether the tables play a game (its penalty is taken after the uma); none when the table is not seated
        any more."""
        from db.read import queries
        from db.read.games import in_thousands
        from db.service.tournament import penalty_presets

        assert self.desk.ctx is not None
        try:
            return self.desk.ctx.runner.read(
                lambda s: (list(queries.table_sheet(s, c.session, c.table).players), list(penalty_presets(s)),
                           in_thousands(queries.settings(s))))
        except Exception:  # noqa: BLE001 - the table was re-seated: no penalty to record there
            return [], [], False

    def _penalties(self, c: Any) -> list[tuple[int, str]]:
        from db.read import queries
        from db.read.games import in_thousands

        assert self.desk.ctx is not None
        try:
            sheet, thousands = self.desk.ctx.runner.read(
                lambda s: (queries.table_sheet(s, c.session, c.table), in_thousands(queries.settings(s))))
        except Exception:  # noqa: BLE001 - the table was re-seated: no penalty to link
            return []
        return [(p.id, f"#{p.id} · {tr('hand')} {p.hand or '–'} · {p.player.name} · {penalty_kind_text(p.kind)} "
                       f"{penalty_points_text(p.points, thousands)}") for p in sheet.penalties]


def penalty_points_text(points: int, thousands: bool) -> str:
    """A penalty's amount as its results say it: Riichi's taken from the score after the uma, in thousands
    (20000 -> "-20.0"); MCR's and the Chinese systems' in points ("30").

    >>> penalty_points_text(20000, True), penalty_points_text(30, False)
    ('-20.0', '30')
    """
    from db.read.games import GAME

    return GAME.total_text(-points / 1000) if thousands else str(points)


def penalty_kind_text(kind: str) -> str:
    """A penalty's kind in words in the UI's language ("Rule violation", "违例"); an unknown kind: its code."""
    from db.rules.profiles import PENALTY_KIND_LABELS

    label = PENALTY_KIND_LABELS.get(kind)
    return kind if label is None else texts.said(label, LANG.code)


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


NEW = -1  # the penalty combo's entry for the penalty recorded from this dialog


class ResolveDialog(QDialog):
    """The ruling in words, and what it caused: a penalty of the call's table (one on its sheet, or one
    recorded here with the ruling), the hand."""

    def __init__(self, parent: QWidget, call: Any, penalties: list[tuple[int, str]],
                 players: list[Any] | None = None, presets: list[Any] | None = None, game: bool = False) -> None:
        super().__init__(parent)
        self.players, self.presets, self.game = players or [], presets or [], game
        self.new_penalty: Any = None  # db.service.outcomes.PenaltyInput, from "Record a penalty…"
        self.setObjectName("calls_resolve_dialog")
        self.setWindowTitle(tr("Resolve call: table {table}", table=call.table))
        form = QFormLayout(self)
        form.addRow(QLabel(f"{reason_text(call.reason)}{' · ' + call.note if call.note else ''}"))
        self.ruling = QLineEdit()
        self.ruling.setObjectName("calls_ruling")
        self.ruling.setMaxLength(500)
        form.addRow(tr("Ruling"), self.ruling)
        self.penalty = QComboBox()
        self.penalty.setObjectName("calls_penalty")
        self.penalty.addItem(tr("no penalty"), None)
        for pid, text in penalties:
            self.penalty.addItem(text, pid)
        self.record = QPushButton(tr("Record a penalty…"))
        self.record.setObjectName("calls_record_penalty")
        self.record.setToolTip(tr("Record the penalty this ruling gives; it is saved with the ruling, on the "
                                  "table's score sheet."))
        self.record.setEnabled(len(self.players) == 4 and bool(self.presets))
        self.record.clicked.connect(self.ask_penalty)
        row = QHBoxLayout()
        row.addWidget(self.penalty, 1)
        row.addWidget(self.record)
        form.addRow(tr("Penalty"), row)
        self.hand = QSpinBox()
        self.hand.setObjectName("calls_hand")
        self.hand.setRange(0, 99)
        self.hand.setSpecialValueText("–")
        form.addRow(tr("Hand"), self.hand)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setEnabled(False)
        self.ruling.textChanged.connect(lambda text: self.ok.setEnabled(bool(text.strip())))
        form.addRow(buttons)

    def penalty_dialog(self) -> Any:
        """The score sheet's penalty dialog for the call's table, for the hand given here."""
        # imported here: the penalty dialog loads when a call ends in one; this page is built with the window
        from referee_app.dialogs.penalty import PenaltyDialog

        return PenaltyDialog(self, self.players, self.presets, self.hand.value() or None,
                             reason=self.ruling.text().strip(), game=self.game)

    def ask_penalty(self) -> None:
        d = self.penalty_dialog()
        if d.exec() == QDialog.DialogCode.Accepted and (p := d.value()) is not None:
            self.set_new_penalty(p)
        d.deleteLater()

    def set_new_penalty(self, p: Any) -> None:
        """Offer ``p`` (a ``PenaltyInput``) as the linked penalty, chosen; recorded when OK is pressed."""
        self.new_penalty = p
        name = next((x.name for x in self.players if x.number == p.player), p.player)
        text = tr("new: {player} · {kind} {points}", player=name, kind=penalty_kind_text(p.kind),
                  points=penalty_points_text(p.points, self.game))
        at = self.penalty.findData(NEW)
        if at < 0:
            self.penalty.addItem(text, NEW)
            at = self.penalty.count() - 1
        else:
            self.penalty.setItemText(at, text)
        self.penalty.setCurrentIndex(at)
