"""One runner for "do this unit of work, then refresh" (the Anki ``operations`` pattern).

``runner.run(lambda s: service(s, ...))`` opens one transaction (``factory.begin()``), shows a dialog
that says what to do next when the store or the engine refuses, and on success tells the pages once what
changed (below). ``runner.read(fn)`` is the same without the signal, for queries.

After a change the runner emits ``changed(Changes)`` (``db.read.changes``: which sessions, tables, players,
clock, settings it touched) and then ``data_changed``: pages listen to ``changed`` and re-read only what
they show. The descriptor comes from the audit log, the same way for every writer: after this app's own
write the runner's :class:`~db.read.changes.ChangeTracker` reads the entries added since it last looked (its
own, and any other writer's committed meanwhile), and the window's change watcher does the same each
second (``referee_app/shell/watcher.py``), so a change is drawn once, whoever made it. ``wrote`` is emitted just
before, after this app's own write (the backup status follows it). When the store refuses a write
because the tournament file was deleted or moved (``database_file_gone``), ``on_file_gone`` (set by the
window) is called with the message instead of a plain error box: it offers to save what the app holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from db.read.changes import ALL, Changes, ChangeTracker
from referee_app.base.errors import show_error, user_message
from referee_app.words.i18n import tr
from texts import N_

T = TypeVar("T")

# What to do next after a refusal, by its ``code`` (never by the error's class: a code is what the store
# promises, whichever class carries it)
NEXT_STEP_BY_CODE = {
    "stale_table": N_("Reload the table (it refreshes now) and enter the result again."),
    "settings_frozen": N_("Settings cannot change once results exist; correct the results instead."),
    # a rule system's number the organiser has not typed: the desk's place to type it
    "rules_missing": N_("Type the values in Tournament → Rule values… (the Sessions page opens it too)."),
    # A hand that was recorded meanwhile: the input is not wrong, the table moved on (issue 19 §3)
    "hand_recorded": N_("The sheet now shows the recorded hand: record yours as the next hand, or correct the "
                        "recorded hand with it."),
    "hand_out_of_order": N_("The sheet now shows the hands recorded: record yours as the next hand."),
    # the store's line names the players; the desk is where they are checked in or marked absent
    "checkin_substitutes_missing": N_("On the Check-in page, check in the players named, or mark them absent and "
                                      "check in substitutes; a new substitute is added on the Players page."),
}

# Refusals that mean the store moved on since the page read it: the pages re-read what it holds now
REREAD_CODES = frozenset({"stale_table", "hand_recorded", "hand_out_of_order", "checkin_substitutes_missing"})

# Refusals that mean the table moved on while a hand was being entered (hand entry shows what changed)
TABLE_MOVED_CODES = frozenset({"stale_table", "hand_recorded", "hand_out_of_order", "table_signed_off",
                               "time_called_no_more_hands"})


def refusal_code(exc: BaseException) -> str:
    """The refusal's ``code`` ("" for an error that carries none, e.g. a hand the engine refuses)."""
    return str(getattr(exc, "code", "") or "")


class Runner(QObject):
    changed = Signal(object)  # db.read.changes.Changes: what a change (this app's or another writer's) touched
    data_changed = Signal()  # after ``changed``: something changed (for those who reload whatever it was)
    wrote = Signal()

    def __init__(self, factory: Any, reader: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.factory = factory  # a sessionmaker; callers never commit themselves
        # Reads use the store's read-only sessions: they never take the write lock, so polling pages
        # neither wait for another station nor count as the first write (which starts a backup).
        self.reader = reader
        self.on_file_gone: Callable[[str], object] | None = None
        self.tracker = ChangeTracker()  # the audit entries drawn so far (``catch_up``)

    def run(self, fn: Callable[[Any], T], parent: QWidget | None = None, what: str = "",
            on_refused: Callable[[BaseException], bool] | None = None) -> T | None:
        """Run ``fn(session)`` in one transaction. Returns its value, or None after showing the error.
        ``on_refused`` may take a refusal over (True: it shows it itself, no error box)."""
        try:
            with self.factory.begin() as s:
                value = fn(s)
        except Exception as exc:  # noqa: BLE001 - refusals become dialogs; the unexpected re-raise
            msg = user_message(exc)
            if msg is None:
                raise
            if on_refused is not None and on_refused(exc):
                return None
            code = refusal_code(exc)
            if code == "database_file_gone" and self.on_file_gone is not None:
                self.on_file_gone(msg)
                return None
            step = NEXT_STEP_BY_CODE.get(code)
            show_error(parent, what or tr("Could not do that"), msg, tr(step or "Correct the input and try again."))
            if code in REREAD_CODES:
                self.notify(self.catch_up() or ALL)  # show what the table holds now
            return None
        self.wrote.emit()
        # An own write always writes an audit entry; when none is found (a service that had nothing to
        # do) the pages reload as they always did.
        self.notify(self.catch_up() or ALL)
        return value

    def start_tracking(self) -> None:
        """Take the store as it is now as drawn (the window does when it opens a tournament)."""
        try:
            self.read(self.tracker.start)
        except Exception:  # noqa: BLE001 - a server away for a moment: the first catch-up starts it
            self.tracker = ChangeTracker()

    def catch_up(self) -> Changes | None:
        """What the store's changes since the last look touched (a false ``Changes``: nothing); None when
        the store could not be read (the tracker is left as it was: the next look finds the same)."""
        try:
            return self.read(self.tracker.catch_up)
        except Exception:  # noqa: BLE001 - e.g. a server away for a moment
            return None

    def notify(self, changes: Changes) -> None:
        """Tell the pages what changed: ``changed(changes)``, then ``data_changed``."""
        self.changed.emit(changes)
        self.data_changed.emit()

    def run_ok(self, fn: Callable[[Any], object], parent: QWidget | None = None, what: str = "") -> bool:
        """``run`` for actions whose service returns nothing: True when it was done."""
        return self.run(lambda s: (fn(s), True)[1], parent, what) is True

    def read(self, fn: Callable[[Any], T]) -> T:
        with self.reader() as s:
            return fn(s)
