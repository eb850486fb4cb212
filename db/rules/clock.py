"""The session clock, derived: how much time is left, from the stored moments and the current time.

Pure (no SQLAlchemy, no clock of its own): the caller passes the stored row (``db.models.SessionClock`` or
any object with the same fields), the warning marks and ``now``. Nothing is counted down in memory, so every
station, every restart and the command line see the same time left for the same ``now``.

Moments are naive UTC datetimes (as stored). Time left is rounded up to the whole second: "0" means the
bell has rung, never "less than a second to go".

>>> from datetime import datetime
>>> t0 = datetime(2026, 5, 1, 9, 0, 0)
>>> row = ClockTimes(session=1, length_s=150 * 60, started_at=t0)
>>> v = clock_state(row, (900,), datetime(2026, 5, 1, 11, 20, 0))
>>> v.state, v.remaining_s, [(w.at_s, w.passed) for w in v.warnings]
('running', 600, [(900, True)])
>>> clock_state(row, (900,), datetime(2026, 5, 1, 12, 0, 0)).remaining_s
0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

NOT_STARTED, RUNNING, PAUSED, ENDED = "not_started", "running", "paused", "ended"


class ClockRow(Protocol):
    """What the derivation reads of a stored clock."""

    @property
    def session(self) -> int: ...
    @property
    def length_s(self) -> int: ...
    @property
    def started_at(self) -> datetime | None: ...
    @property
    def paused_at(self) -> datetime | None: ...
    @property
    def paused_total_s(self) -> int: ...
    @property
    def ended_at(self) -> datetime | None: ...


@dataclass(frozen=True, slots=True)
class ClockTimes:
    """A clock's stored moments as plain data (a clock not started yet; tests)."""

    session: int
    length_s: int
    started_at: datetime | None = None
    paused_at: datetime | None = None
    paused_total_s: int = 0
    ended_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class WarningMark:
    at_s: int  # seconds left when it fires
    passed: bool


@dataclass(frozen=True, slots=True)
class TableTime:
    table: int
    extra_s: int
    remaining_s: int


@dataclass(frozen=True, slots=True)
class ClockView:
    """The clock as everyone sees it at ``now``."""

    session: int
    state: str  # not_started | running | paused | ended
    length_s: int
    remaining_s: int
    warnings: tuple[WarningMark, ...] = ()
    tables: tuple[TableTime, ...] = ()
    elapsed_s: int = 0

    @property
    def warning(self) -> bool:
        """At or past the first (largest) warning mark: the hall clock turns red."""
        return any(w.passed for w in self.warnings)

    @property
    def time_up(self) -> bool:
        """The session's own time is over (tables with extra time may still play)."""
        return self.state != NOT_STARTED and self.remaining_s == 0

    def table_remaining(self, table: int) -> int:
        for t in self.tables:
            if t.table == table:
                return t.remaining_s
        return self.remaining_s

    def to_json(self) -> dict[str, Any]:
        """The shape of ``mcr-tournament clock status --format json``."""
        return {"session": self.session, "state": self.state, "length_s": self.length_s,
                "remaining_s": self.remaining_s,
                "warnings": [{"at_s": w.at_s, "passed": w.passed} for w in self.warnings],
                "tables": [{"table": t.table, "extra_s": t.extra_s, "remaining_s": t.remaining_s}
                           for t in self.tables]}


def utc_now() -> datetime:
    """The current time as the clock stores it: naive UTC, whole seconds."""
    return datetime.now(UTC).replace(tzinfo=None, microsecond=0)


def local_iso(moment: datetime) -> str:
    """A stored (naive UTC) moment as the audit log shows it: local time with its offset, so it reads
    next to the log's own local stamps (``2026-05-01T11:00:00+02:00`` for 09:00 UTC in Paris in May).

    >>> datetime.fromisoformat(local_iso(datetime(2026, 5, 1, 9, 0))).astimezone(UTC).replace(tzinfo=None)
    datetime.datetime(2026, 5, 1, 9, 0)
    """
    return moment.replace(tzinfo=UTC).astimezone().isoformat()


def elapsed_seconds(row: ClockRow, now: datetime) -> float:
    """Seconds played so far: from the start to the end, the pause or ``now``, less the pauses before."""
    if row.started_at is None:
        return 0.0
    until = row.ended_at or row.paused_at or now
    return max(0.0, (until - row.started_at).total_seconds() - row.paused_total_s)


def _left(total_s: int, elapsed: float) -> int:
    return max(0, math.ceil(total_s - elapsed))


def clock_state(row: ClockRow, marks: Iterable[int], now: datetime,
                extras: Mapping[int, int] | None = None) -> ClockView:
    """The clock at ``now``: state, time left (the session's and each table's with its extra time), and
    which warning marks have passed. ``extras`` maps table numbers to their extra seconds; tables
    listed there are reported under ``tables``."""
    extras = dict(extras or {})
    elapsed = elapsed_seconds(row, now)
    ended = row.ended_at is not None
    remaining = 0 if ended else _left(row.length_s, elapsed)
    tables = tuple(TableTime(t, e, 0 if ended else _left(row.length_s + e, elapsed)) for t, e in sorted(extras.items()))
    if row.started_at is None:
        state = NOT_STARTED
    elif ended or (remaining == 0 and all(t.remaining_s == 0 for t in tables)):
        state = ENDED
    elif row.paused_at is not None:
        state = PAUSED
    else:
        state = RUNNING
    started = row.started_at is not None
    warnings = tuple(WarningMark(at, started and remaining <= at) for at in sorted(set(marks), reverse=True))
    return ClockView(row.session, state, row.length_s, remaining, warnings, tables, int(elapsed))


def format_remaining(seconds: int) -> str:
    """Time left as the hall reads it: ``H:MM:SS`` from an hour up, else ``MM:SS``.

    >>> format_remaining(3 * 3600), format_remaining(905), format_remaining(0)
    ('3:00:00', '15:05', '00:00')
    """
    h, rest = divmod(max(0, seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"
