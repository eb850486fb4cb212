"""What a change touched (Anki's ``OpChanges``), read from the audit log so every writer tells every page.

Every change writes one audit entry (``db.service.audit``): its ``action`` and its place's columns
(``session``, ``table_no``: ``db.audit_what``) say which session, table, players, clock or settings it was
about. :func:`describe` turns entries into a :class:`Changes`; a page re-reads only what it shows when the
descriptor says it moved. An action this module does not know (a new one), or one without the place it
needs, is "everything": the safe default, never a stale page.

:class:`ChangeTracker` follows the store's audit log for one reader (the desk's window): it remembers the
ids it has seen near the top of the log and, on :meth:`ChangeTracker.catch_up`, reads the entries added
since — by this process or any other (a table device, ``mcr-tournament``, another station on PostgreSQL) —
and returns their descriptor. The cost does not grow with the log: the marker's two index lookups when
nothing changed on SQLite (:func:`marker`); when something did, a count over the window and the ids above the newest
seen (all the window's ids only when one came in below it). docs/gui.md
"Refresh by what changed" gives the design; the PostgreSQL case is below.

PostgreSQL hands out ids when a transaction inserts, not when it commits, so an entry can become visible
after one with a higher id (a "straggler"), and one transaction's own entries can lie far below the newest
id when it commits (an atomic import of a thousand lines). The marker therefore is not just the newest id:
on SQLite it is the newest id and how many entries lie within :data:`WINDOW` ids below it (SQLite has one
writer at a time, so ids appear in commit order there); on PostgreSQL it is the newest id and the whole
log's count, so a straggler at any depth moves it (the count costs a scan there, as it did before the
window). The tracker compares that count with the entries it found: more entries than it found (a
straggler below the window it reads) is "everything".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.models import AuditLog
from db.read.views import AuditEntry

WINDOW = 1000  # ids below the newest in which a late (PostgreSQL) commit is still caught by the marker
MAX_DESCRIBED = 2000  # more new entries than this at once (an import): "everything", without reading them


@dataclass(frozen=True, slots=True)
class Changes:
    """What one or more changes touched. ``tables``: results, time calls or sign-off at (session, table);
    ``sessions``: the seating of a whole session; ``clock``: sessions whose clock moved; ``checkin``:
    sessions whose check-in moved; ``players``: any player's details; ``settings``: the tournament's
    settings (rules, clock settings, the players' page, the seating plan); ``calls``: the referee calls;
    ``devices``: the tables' links. ``everything``: assume anything changed (unknown actions, a restore)."""

    everything: bool = False
    settings: bool = False
    players: bool = False
    sessions: frozenset[int] = frozenset()
    tables: frozenset[tuple[int, int]] = frozenset()
    clock: frozenset[int] = frozenset()
    checkin: frozenset[int] = frozenset()
    calls: bool = False
    devices: bool = False

    def __or__(self, other: Changes) -> Changes:
        if self.everything or other.everything:
            return ALL
        return Changes(False, self.settings or other.settings, self.players or other.players,
                       self.sessions | other.sessions, self.tables | other.tables, self.clock | other.clock,
                       self.checkin | other.checkin, self.calls or other.calls, self.devices or other.devices)

    def __bool__(self) -> bool:
        return self != NOTHING

    @property
    def wide(self) -> bool:
        """A change any view may depend on: everything, or the settings."""
        return self.everything or self.settings

    @property
    def results(self) -> bool:
        """The standings may have moved: a result, a seating, a player's details or the settings."""
        return self.wide or self.players or bool(self.tables or self.sessions)

    def touches_session(self, session: int) -> bool:
        """Anything of ``session``: its seating, a table's results, its clock (and the wide changes)."""
        return (self.wide or session in self.sessions or session in self.clock
                or any(k == session for k, _t in self.tables))


NOTHING = Changes()
ALL = Changes(everything=True)

_TABLE_ACTIONS = {AuditAction.RECORD, AuditAction.CORRECT, AuditAction.DELETE, AuditAction.SIGN_OFF}
_SEATING_ACTIONS = {AuditAction.SEAT, AuditAction.SEAT_EDIT, AuditAction.SEAT_SWAP, AuditAction.SEAT_CORRECTION,
                    AuditAction.SEAT_DELETE, AuditAction.STAND_IN}
_CALL_ACTIONS = {AuditAction.CALL, AuditAction.CALL_TAKE, AuditAction.CALL_RESOLVE, AuditAction.CALL_CANCEL}


@dataclass(frozen=True, slots=True)
class Entry:
    """What :func:`describe_entry` reads of an audit entry: its action and the session and table it was at."""

    action: str
    session: int | None = None
    table: int | None = None


def describe_entry(entry: Entry) -> Changes:
    """One audit entry's descriptor, from its action and place (the columns ``session`` and ``table_no``).
    Anything else: :data:`ALL`."""
    try:
        act = AuditAction(entry.action)
    except ValueError:
        return ALL
    k, place = entry.session, None if entry.session is None or entry.table is None else (entry.session, entry.table)
    if act in _TABLE_ACTIONS:
        return ALL if place is None else Changes(tables=frozenset({place}))
    if act in _SEATING_ACTIONS:
        return ALL if k is None else Changes(sessions=frozenset({k}))
    if act is AuditAction.CLOCK:
        if k is None:
            return ALL
        # a confirmed time call changes that table's last hand too
        return Changes(clock=frozenset({k}), tables=frozenset({place}) if place else frozenset())
    if act in _CALL_ACTIONS:
        return Changes(calls=True)
    if act in (AuditAction.PLAYER_ADD, AuditAction.PLAYER_UPDATE):
        return Changes(players=True)
    if act is AuditAction.CHECKIN:
        return ALL if k is None else Changes(checkin=frozenset({k}))
    if act in (AuditAction.DEVICE_ISSUE, AuditAction.DEVICE_REVOKE):
        return Changes(devices=True)
    if act in (AuditAction.PUBLIC_PAGE, AuditAction.SEATING_PLAN):
        return Changes(settings=True)
    # settings (rules, name, clock settings), a new tournament, a restore, stages, a substitute (seats of
    # several sessions): rare, and they reach into every view
    return ALL


def describe(entries: Iterable[Entry]) -> Changes:
    """The union of the entries' descriptors (:data:`NOTHING` for none)."""
    out = NOTHING
    for entry in entries:
        out = out | describe_entry(entry)
        if out.everything:
            break
    return out


def marker(s: Session, window: int = WINDOW) -> tuple[int, int]:
    """The store-wide change marker: (a count, the newest id); it moves with every committed change. On
    SQLite the count is the entries within ``window`` ids of the newest: two index lookups, whatever the
    log's length. On PostgreSQL it is the whole log's count, so a commit that lands below the newest id
    moves it at any depth (see the module's docstring)."""
    newest = int(s.scalar(select(func.max(AuditLog.id))) or 0)
    counted = select(func.count()).select_from(AuditLog)
    if s.get_bind().dialect.name == "sqlite":
        counted = counted.where(AuditLog.id > newest - window)
    return int(s.scalar(counted) or 0), newest


@dataclass
class ChangeTracker:
    """The audit entries one reader has seen, near the top of the log; :meth:`catch_up` describes the rest."""

    window: int = WINDOW
    seen: set[int] = field(default_factory=set)  # ids seen within ``window`` of ``top``
    top: int = 0
    last: tuple[int, int] | None = None  # the marker at the last look (None: not started)
    total: int | None = None  # the whole log's count at the last look (PostgreSQL: the marker's count)

    @property
    def started(self) -> bool:
        return self.last is not None

    def start(self, s: Session) -> None:
        """Take the log as it is now as seen (nothing to describe)."""
        self._snapshot(s)
        last = marker(s, self.window)
        seen = set(s.scalars(select(AuditLog.id).where(AuditLog.id > last[1] - self.window)))
        total = last[0] if self._counts_all(s) else None
        self.last, self.top, self.seen, self.total = last, last[1], seen, total

    def catch_up(self, s: Session) -> Changes:
        """The descriptor of the entries committed since the last look (:data:`NOTHING`, which is false,
        when none). Not started yet: starts, and says :data:`ALL` (what was read before is older).
        Every read comes first and the tracker moves on last: a read that fails leaves it as it was."""
        if self.last is None:
            self.start(s)
            return ALL
        self._snapshot(s)
        now = marker(s, self.window)
        changes = NOTHING if now == self.last else self._new_entries(s, now)
        if self.total is not None:
            if now[0] != self.total:
                changes = ALL  # more entries came than were found: a straggler below the window read
            self.total = now[0]
        return changes

    def _new_entries(self, s: Session, now: tuple[int, int]) -> Changes:
        # everything is read before the tracker moves on: a read that fails leaves it where it was
        top, low = max(self.top, now[1]), min(self.top, now[1]) - self.window
        # The ids seen are all there and none came in below ``top``: only those above it are new (the usual
        # case; one count over the window instead of reading every id in it)
        kept = s.scalar(select(func.count()).select_from(AuditLog).where(AuditLog.id > low, AuditLog.id <= self.top))
        above = self.top if kept == len(self.seen) and now[1] >= self.top else low
        ids = set(s.scalars(select(AuditLog.id).where(AuditLog.id > above)))
        new = sorted(ids - self.seen)
        changes = ALL  # the marker moved with no new entry: entries went (a restore), draw everything
        if 0 < len(new) <= MAX_DESCRIBED:
            rows: list[Entry] = []
            for i in range(0, len(new), 500):
                rows += [Entry(a, k, t) for a, k, t in s.execute(
                    select(AuditLog.action, AuditLog.session, AuditLog.table_no).where(AuditLog.id.in_(new[i:i + 500])))]
            changes = describe(rows)
        self.last, self.top = now, top
        self.seen = {i for i in ids | self.seen if i > top - self.window}
        if self.total is not None:
            self.total += len(new)
        return changes

    @staticmethod
    def _snapshot(s: Session) -> None:
        """PostgreSQL: the look's reads in one snapshot (REPEATABLE READ), so the full count and the new
        entries agree; SQLite's read transaction is one snapshot already."""
        if s.get_bind().dialect.name == "postgresql":
            s.connection(execution_options={"isolation_level": "REPEATABLE READ"})

    @staticmethod
    def _counts_all(s: Session) -> bool:
        """The marker's count is the whole log's (PostgreSQL; :func:`marker`)."""
        return s.get_bind().dialect.name != "sqlite"


def change_marker(s: Session) -> tuple[int, int]:
    """The store-wide change marker: (entries within ``db.read.changes.WINDOW`` ids of the newest, newest id).
    Every change writes one audit entry, so the marker moves whichever station, device or command made the
    change; a page keeps the marker it drew and redraws when a fresh read differs. Two index lookups, no
    scan of the log; the count over the window catches a PostgreSQL transaction that commits after a
    later-numbered one (``db.read.changes`` explains the window, docs/gui.md "Refresh by what changed")."""
    return marker(s)


def audit_log(s: Session) -> list[AuditEntry]:
    return [AuditEntry(a.id, a.at, a.station, a.referee, a.action, a.what, a.before, a.after, a.reason,
                       a.session, a.table_no, a.hand, a.player, a.what_code, a.what_params)
            for a in s.scalars(select(AuditLog).order_by(AuditLog.id))]

