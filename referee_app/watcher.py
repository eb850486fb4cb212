"""The desk sees every writer live: a one-second poll of the store-wide change marker (issue 15).

Another process (``mcr-tournament``), another station on PostgreSQL or a table device changes the
tournament; every change writes one audit entry, so ``db.queries.change_marker`` (count and newest id of
the audit log) moves. The watcher reads it every :data:`INTERVAL_MS` through the runner's read-only
sessions (never the write lock, never the first write that starts a backup) and, when it differs from
the last one seen, emits the runner's ``data_changed``: the page on screen reloads within about a second
and the others when they are next shown. This app's own writes note the marker on ``Runner.wrote``
(before the pages reload), so they are not drawn twice.

The same tick checks that the tournament file is still where it was opened (``Database.check_file``, one
``stat``): a file deleted or moved under a running app is reported once through ``file_gone`` before
anyone tries to save into it. Nothing is read while the window is minimised; the first tick after it is
restored catches up.
"""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from referee_app.context import TournamentContext

INTERVAL_MS = 1000


class ChangeWatcher(QObject):
    changed = Signal()  # another writer changed the store (after data_changed was emitted)
    file_gone = Signal(str)  # the open file was deleted, moved or replaced: the store's message

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.ctx: TournamentContext | None = None
        self.seen: Any = None
        self.gone_reported = False
        self.polls = 0  # ticks that read the marker (tests, the benchmark)
        self.timer = QTimer(self)
        self.timer.setObjectName("change_watcher")
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.poll)

    def watch(self, ctx: TournamentContext) -> None:
        self.stop()
        self.ctx = ctx
        self.gone_reported = False
        self.seen = self._marker()
        ctx.runner.wrote.connect(self.note_own_write)
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        if self.ctx is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # already gone with its runner
                self.ctx.runner.wrote.disconnect(self.note_own_write)
        self.ctx = None
        self.seen = None

    def note_own_write(self) -> None:
        """This app wrote: the pages reload anyway, so the marker after the write is the one drawn."""
        self.seen = self._marker()

    def poll(self) -> bool:
        """One tick: True when another writer changed the store and the pages were told to reload."""
        ctx = self.ctx
        if ctx is None or self.window.isMinimized():
            return False
        if not self.gone_reported and self._file_gone(ctx):
            return False
        marker = self._marker()
        if marker is None or marker == self.seen:
            return False
        self.seen = marker
        ctx.runner.data_changed.emit()
        self.changed.emit()
        return True

    def _file_gone(self, ctx: TournamentContext) -> bool:
        from db.errors import DatabaseFileGoneError

        try:
            ctx.db.check_file()
        except DatabaseFileGoneError as exc:
            from referee_app.errors import user_message

            self.gone_reported = True
            self.file_gone.emit(user_message(exc) or str(exc))
            return True
        return False

    def _marker(self) -> Any:
        from db.queries import change_marker

        if self.ctx is None:
            return None
        self.polls += 1
        try:
            return self.ctx.runner.read(change_marker)
        except Exception:  # noqa: BLE001 - a server away for a moment: the next tick tries again
            return None
