"""The session clock on the Sessions page: the time left (red from the first warning), Start, Pause /
Resume, add minutes (to the session or one table), End; and the tables whose bell time call the referee
has still to confirm. The clock itself is ``ClockWatch`` (derived every second, never counted down)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from db.rules.clock import ClockView, format_remaining
from db.service.clock import add_time, end_clock, pause_clock, resume_clock, start_clock
from referee_app.base.clock_watch import ClockWatch
from referee_app.pages.common import push_button
from referee_app.words.i18n import tr

RED = "color: #c62828;"

STATES = {"not_started": "not started", "running": "running", "paused": "paused", "ended": "ended"}


def clock_text(view: ClockView | None) -> str:
    """One line: "Clock: 1:23:45 left (running)", "Clock: Time is up" …"""
    if view is None:
        return ""
    extra = [t for t in view.tables if t.extra_s and t.remaining_s > view.remaining_s]
    more = "".join("  ·  " + tr("table {n}: {left} left", n=t.table, left=format_remaining(t.remaining_s))
                   for t in extra[:4])
    if view.time_up:
        return tr("Clock: Time is up") + more
    return tr("Clock: {left} left ({state})", left=format_remaining(view.remaining_s),
              state=tr(STATES[view.state])) + more


def owed_text(owed: tuple[int, ...] | list[int]) -> str:
    return tr("Time called by the clock: to confirm at table(s) {tables}", tables=", ".join(map(str, owed))) \
        if owed else ""


class ClockBar(QWidget):
    def __init__(self, run: Callable[[Callable[[Any], object], str], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._run = run
        self.session = 0
        self.watch = ClockWatch(self)
        self.watch.ticked.connect(self.show_view)
        self.watch.changed.connect(self._show_owed)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.label = QLabel()
        self.label.setObjectName("clock_label")
        f = self.label.font()
        f.setPointSize(15)
        f.setBold(True)
        self.label.setFont(f)
        row.addWidget(self.label, 1)
        self.start_button = push_button("clock_start", self.ask_start)
        self.pause_button = push_button("clock_pause", self.toggle_pause)
        self.minutes = QSpinBox()
        self.minutes.setObjectName("clock_minutes")
        self.minutes.setRange(1, 120)
        self.minutes.setValue(5)
        self.table = QComboBox()
        self.table.setObjectName("clock_table")
        self.table.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # "all tabl"
        self.add_button = push_button("clock_add", lambda: self.add(self.minutes.value(), self.table.currentData()))
        self.end_button = push_button("clock_end", self.ask_end)
        for w in (self.start_button, self.pause_button, self.minutes, self.table, self.add_button, self.end_button):
            row.addWidget(w)
        lay.addLayout(row)
        self.owed = QLabel()
        self.owed.setObjectName("clock_owed")
        self.owed.setStyleSheet(RED)
        lay.addWidget(self.owed)
        self.retranslate()

    def retranslate(self) -> None:
        self.start_button.setText(tr("Start clock…"))
        self.add_button.setText(tr("Add time"))
        self.end_button.setText(tr("End…"))
        self.minutes.setSuffix(" " + tr("min"))  # "5 分钟": it stayed "5 min" in Chinese
        tables = [self.table.itemData(i) for i in range(1, self.table.count())]
        self.set_tables(tables)
        self.show_view(self.watch.view())

    def set_tables(self, tables: list[int]) -> None:
        keep = self.table.currentData()
        self.table.clear()
        self.table.addItem(tr("all tables"), None)
        for t in tables:
            self.table.addItem(tr("table {n}", n=t), t)
        self.table.setCurrentIndex(max(0, self.table.findData(keep)) if keep is not None else 0)

    def follow(self, ctx: Any, session: int, tables: list[int]) -> None:
        self.session = session
        self.set_tables(tables)
        self.watch.watch(ctx, session)
        self._show_owed()
        self.show_view(self.watch.view())

    def refresh(self) -> None:
        """Read the clock again (after a change) and show it."""
        self.watch.reload()
        self._show_owed()
        self.show_view(self.watch.view())

    def _show_owed(self) -> None:
        r = self.watch.reading
        self.owed.setText(owed_text(r.owed) if r is not None else "")
        self.owed.setVisible(bool(r is not None and r.owed))

    def show_view(self, view: ClockView | None) -> None:
        self.label.setText(clock_text(view))
        self.label.setStyleSheet(RED if view is not None and view.warning else "")
        state = view.state if view is not None else "not_started"
        self.start_button.setEnabled(view is not None and state == "not_started")
        self.pause_button.setText(tr("Resume") if state == "paused" else tr("Pause"))
        r = self.watch.reading
        live = r is not None and r.times.started_at is not None and r.times.ended_at is None  # the store's test
        self.pause_button.setEnabled(live and state in ("running", "paused"))
        self.add_button.setEnabled(live)
        self.end_button.setEnabled(live)

    # ---- actions (the store refuses what does not fit: ended, not started …) ------------------------------
    def _do(self, fn: Callable[[Any], object], what: str) -> bool:
        ok = self._run(fn, what)
        self.refresh()
        return ok

    def ask_start(self) -> None:
        r = self.watch.reading
        default = (r.times.length_s // 60) if r is not None else 180
        minutes, ok = QInputDialog.getInt(self, tr("Start clock…"), tr("Session length (minutes)"), default, 1, 1440)
        if ok:
            self.start(minutes)

    def start(self, minutes: int | None = None) -> bool:
        n = self.session
        return self._do(lambda s: start_clock(s, n, minutes=minutes), tr("Start clock…"))

    def toggle_pause(self) -> bool:
        n = self.session
        view = self.watch.view()
        if view is not None and view.state == "paused":
            return self._do(lambda s: resume_clock(s, n), tr("Resume"))
        return self._do(lambda s: pause_clock(s, n), tr("Pause"))

    def add(self, minutes: int, table: int | None = None) -> bool:
        n = self.session
        return self._do(lambda s: add_time(s, n, minutes, table=table), tr("Add time"))

    def ask_end(self) -> None:
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        if QMessageBox.question(self, tr("End…"), tr("End the session's time now? Time is called at every table "
                                                    "still playing."), yes | no, no) == yes:
            self.end()

    def end(self) -> bool:
        n = self.session
        return self._do(lambda s: end_clock(s, n), tr("End…"))
