"""The desk sees every writer live: a one-second poll of the store-wide change marker.

Another process (``mcr-tournament``), another station on PostgreSQL or a table device changes the
tournament; every change writes one audit entry, so the store's change marker (``db.read.changes.marker``:
the newest id of the audit log and the entries just below it) moves. Every :data:`INTERVAL_MS` the
watcher asks the runner to catch up (``Runner.catch_up``: the marker through the runner's read-only
sessions, never the write lock, never the first write that starts a backup; when it moved, the new audit
entries) and, when something changed, hands their descriptor (``db.read.changes.Changes``: which sessions,
tables, players, clock, settings) to ``Runner.notify``: the page on screen re-reads what the change
touched within about a second, the others read when they are next shown. This app's own writes catch up
in the runner right after they commit, so they are not drawn twice.

The same tick checks that the tournament file is still where it was opened (``Database.check_file``, one
``stat``): a file deleted or moved under a running app is reported once through ``file_gone`` before
anyone tries to save into it. Nothing is read while the window is minimised and no other window of the
app is on screen; the first tick after it is restored catches up. The hall display on a projector (or the
standings' projector view) keeps the poll going while the desk is minimised: it follows every station.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QWidget

from referee_app.base.context import TournamentContext
from referee_app.base.errors import user_message

INTERVAL_MS = 1000


class ChangeWatcher(QObject):
    changed = Signal()  # another writer changed the store (after the runner's notify)
    file_gone = Signal(str)  # the open file was deleted, moved or replaced: the store's message

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.ctx: TournamentContext | None = None
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
        ctx.runner.start_tracking()  # what the pages are about to read is the store as it is now
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        self.ctx = None

    def poll(self) -> bool:
        """One tick: True when another writer changed the store and the pages were told to reload."""
        ctx = self.ctx
        if ctx is None or self._nothing_shown():
            return False
        if not self.gone_reported and self._file_gone(ctx):
            return False
        self.polls += 1
        changes = ctx.runner.catch_up()  # None: the store could not be read, the next tick tries again
        if not changes:
            return False
        ctx.runner.notify(changes)
        self.changed.emit()
        return True

    def _nothing_shown(self) -> bool:
        """The desk minimised and no other window of the app on screen (the hall display, the projector view)."""
        if not self.window.isMinimized():
            return False
        return not any(w is not self.window and w.isVisible() and not w.isMinimized()
                       for w in QApplication.topLevelWidgets())

    def _file_gone(self, ctx: TournamentContext) -> bool:
        from db.errors import DatabaseFileGoneError

        try:
            ctx.db.check_file()
        except DatabaseFileGoneError as exc:
            self.gone_reported = True
            self.file_gone.emit(user_message(exc) or str(exc))
            return True
        return False
