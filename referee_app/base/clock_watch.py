"""A session's clock for pages that show it: read once, derived every second, re-read when the store moves.

``ClockWatch`` keeps one ``db.service.clock.ClockReading`` (the stored moments, marks, extra time, open
tables) and emits ``ticked(ClockView)`` every second from ``reading.at(now)`` — nothing counts down here,
so a restarted station shows the same time. It re-reads the clock when the runner says a change touched
its session (``Runner.changed``: this app's writes, and any other writer's as seen by the window's one
change-marker poll, ``referee_app/shell/watcher.py``; the clock, a table's result or time call, the seating or
the settings); ``changed`` then tells the page. The ticks themselves read nothing. With ``ring`` set, a tick that
finds the clock at zero for a table the bell has still to call asks the tournament's one :class:`Bell`
(``ctx.bell``), so two pages that show the same clock (the Sessions clock bar, the score sheet) make one
attempt, whichever of them was ever shown.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from db.read.changes import ALL, Changes
from db.rules.clock import ClockView
from db.service.clock import ClockReading, bell_due, clock_reading, ring_bell

RETRY_S = 10.0  # one attempt per session per 10 s, whatever the outcome


class Bell:
    """The bell of one open tournament in this window: every ringing ``ClockWatch`` asks it, so a session's
    bell is tried once per :data:`RETRY_S` however many pages show the clock. It reads first and writes
    only when the store says a table is still to be called (another station may have rung already), so a
    tick with nothing to call emits no change; the write (``ring_bell``, idempotent across stations)
    emits the runner's ``changed`` and every watch of that session re-reads from that."""

    def __init__(self, runner: Any) -> None:
        self.runner = runner
        self._tried: dict[int, float] = {}  # session -> time.monotonic() of the last attempt

    def ring(self, session: int) -> bool:
        """Ring ``session``'s bell when it is due; True when a write was made."""
        now = time.monotonic()
        if now - self._tried.get(session, -RETRY_S - 1) <= RETRY_S:
            return False
        self._tried[session] = now
        if not self.runner.read(lambda s: bell_due(s, session)):
            return False  # rung elsewhere: the change watcher's poll brings it in
        self.runner.run(lambda s: ring_bell(s, session))
        return True


class ClockWatch(QObject):
    ticked = Signal(object)  # ClockView
    changed = Signal()  # the store changed: the reading was refreshed

    def __init__(self, parent: QObject | None = None, *, ring: bool = True, interval_ms: int = 1000) -> None:
        super().__init__(parent)
        self.ctx: Any = None
        self.session = 0
        self.ring = ring
        self.reading: ClockReading | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.tick)

    def watch(self, ctx: Any, session: int) -> None:
        """Follow ``session`` of the tournament ``ctx`` (None: stop)."""
        if self.ctx is not None and self.ctx is not ctx:
            with contextlib.suppress(RuntimeError, TypeError):  # already gone with its runner
                self.ctx.runner.changed.disconnect(self._store_changed)
        if ctx is not None and ctx is not self.ctx:
            ctx.runner.changed.connect(self._store_changed)
        self.ctx, self.session = ctx, session
        self.reading = None
        if ctx is None or not session:
            self.timer.stop()
            return
        self.reload()
        self.timer.start()

    def reload(self) -> None:
        """Read the clock again."""
        if self.ctx is None or not self.session:
            return
        n = self.session
        try:
            self.reading = self.ctx.runner.read(lambda s: clock_reading(s, n))
        except Exception:  # noqa: BLE001 - e.g. a session beyond the tournament's: no clock to show
            self.reading = None

    def view(self) -> ClockView | None:
        return None if self.reading is None else self.reading.at()

    def _store_changed(self, changes: Changes = ALL) -> None:
        # the reading holds the session's clock and its tables' time calls, extra time and progress
        if self.ctx is not None and self.session and changes.touches_session(self.session):
            self.reload()
            self.changed.emit()

    def tick(self) -> None:
        if self.ctx is None:
            return
        if self.reading is None:
            return
        if self.ring and self.reading.bell_due():
            self.ctx.bell.ring(self.session)  # a write re-reads this watch through the runner's changed
        if self.reading is not None:
            self.ticked.emit(self.reading.at())
