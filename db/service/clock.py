"""The session clock: start, pause, resume, add time (to the session or one table), end; and the bell.

Only moments are stored (``models.SessionClock``, ``models.ClockTable``; naive UTC). The time left is
derived by ``db.rules.clock.clock_state`` from them and ``now``, which every function takes (default: the
current UTC time) so tests drive the clock without sleeping. Every command is audited
(``AuditAction.CLOCK``).

**The bell.** When a read finds the clock at zero for a table (the session's time plus the table's extra
time) that is not finished and has no time call, :func:`ring_bell` records the time call there with the
ordinary ``results.call_time`` (one mechanism, so the sheet, the reports and ``check`` see it as always):

- ``stop_now`` (Green Book, R98): time is called after the hands recorded; the hand in progress scores
  nothing. The referee then confirms the last completed hand (:func:`confirm_time_call`): a hand finished
  before the bell but not yet entered moves the call on to it.
- ``finish_hand`` (EMA practice): time is called after the hand begun (recorded + 1), which the table
  finishes and records; the referee confirms the same way.

The bell rings once per table (``ClockTable.bell_at``): a time call the referee cancels afterwards is not
called again. Time added that gives a called table time again withdraws the bell's own, unconfirmed call
there (:func:`add_time`), and the bell rings again at the new zero. Two stations ringing at once are
serialised by the clock row's lock (its ``version`` moves, as ``results.locked_table`` does for a table),
and whoever comes second finds the bell rung.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import What
from db.errors import InputError
from db.models import ClockTable, HandResult, SessionClock, SessionTable, Tournament
from db.read import queries
from db.read.game_state import games_over, is_game, need_rules
from db.read.lookup import check_session, recorded_hands, settings, tournament
from db.rules.clock import (
    ClockTimes,
    ClockView,
    clock_state,
    elapsed_seconds,
    format_remaining,
    local_iso,
    utc_now,
)
from db.rules.profiles import EndPolicy, Settings
from db.service.audit import Actor, audit
from db.service.corrections import cancel_time_called
from db.service.results import call_time, locked_table

MAX_MINUTES = 24 * 60  # a session lasts at most 24 hours, its extra time at a table included
AT_WITHIN = timedelta(days=1)  # a time given for a clock command (``clock … --at``) is this close to now


def shown_moment(moment: datetime) -> str:
    """A stored (naive UTC) moment as a message shows it: ``2026-05-01 09:00:00 UTC``."""
    return f"{moment:%Y-%m-%d %H:%M:%S} UTC"


def checked_moment(text: str, now: datetime | None = None) -> datetime:
    """A time a user gives a clock command (ISO; UTC unless it names a zone) as the clock stores it, if it
    is within a day of ``now`` (the current time); else ``InputError`` naming the limit. Tests and the
    services themselves pass any ``now``: only a time typed by a person is held to this.

    >>> checked_moment("2026-05-01T11:00+02:00", datetime(2026, 5, 1, 12, 0))
    datetime.datetime(2026, 5, 1, 9, 0)
    >>> checked_moment("9999-12-31", datetime(2026, 5, 1, 12, 0))
    Traceback (most recent call last):
    db.errors.InputError: "--at": 9999-12-31: clock times are within a day of now (2026-05-01 12:00:00 UTC)
    """
    now = now or utc_now()
    try:
        given = datetime.fromisoformat(text)
    except ValueError as exc:
        raise InputError("--at", code="not_a_time", text=text) from exc
    try:
        at = (given.astimezone(UTC) if given.tzinfo else given.replace(tzinfo=UTC)).replace(tzinfo=None)
        far = abs(at - now) > AT_WITHIN
    except OverflowError:  # 9999-12-31 in a zone west of UTC, 0001-01-01 east of it
        far = True
    if far:
        raise InputError("--at", code="clock_at_far", at=text, now=shown_moment(now))
    return at


@dataclass(frozen=True, slots=True)
class TableBell:
    """What the bell did at one table: when it called time, and whether the referee has confirmed."""

    table: int
    bell_at: datetime | None
    confirmed_at: datetime | None

    @property
    def owes_confirmation(self) -> bool:
        return self.bell_at is not None and self.confirmed_at is None


def _row(s: Session, session: int) -> SessionClock | None:
    return s.scalar(select(SessionClock).where(SessionClock.session == session))


def _locked(s: Session, session: int) -> SessionClock | None:
    """The clock row with its version moved on, which takes the write lock first (None: no clock yet)."""
    s.execute(update(SessionClock).where(SessionClock.session == session)
              .values(version=SessionClock.version + 1).execution_options(synchronize_session=False))
    row = _row(s, session)
    if row is not None:
        s.refresh(row)
    return row


def _extras(s: Session, session: int) -> dict[int, int]:
    """Every seated table of the session with its extra seconds (0 when none was added)."""
    out = {t: 0 for t in s.scalars(select(SessionTable.table_no).where(SessionTable.session == session))}
    for ct in s.scalars(select(ClockTable).where(ClockTable.session == session)):
        out[ct.table_no] = ct.extra_s
    return out


def _minutes(value: object, field_name: str = "minutes", low: int = 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= MAX_MINUTES:
        raise InputError(field_name, code="clock_minutes", minutes=value, low=low, high=MAX_MINUTES)
    return value


def clock_view(s: Session, session: int, now: datetime | None = None) -> ClockView:
    """The session's clock at ``now`` (a clock never started shows the profile's length, not started)."""
    check_session(s, session)
    st = settings(s)
    row = _row(s, session)
    times = row if row is not None else ClockTimes(session, st.session_minutes * 60)
    return clock_state(times, st.clock_warnings, now or utc_now(), _extras(s, session))


def _times(row: SessionClock) -> dict[str, object]:
    return {"length_s": row.length_s, "started_at": None if row.started_at is None else local_iso(row.started_at),
            "paused_total_s": row.paused_total_s}


def _audit(s: Session, actor: Actor | None, what: What, view: ClockView, row: SessionClock,
           **extra: object) -> None:
    audit(s, actor, AuditAction.CLOCK, what,
          after={**_times(row), "remaining_s": view.remaining_s, **extra})


def start_clock(s: Session, session: int, *, minutes: int | None = None, now: datetime | None = None,
                actor: Actor | None = None) -> ClockView:
    """Start the session's clock (length: ``minutes``, else the profile's session length)."""
    check_session(s, session)
    need_rules(settings(s))  # no session starts before the organiser's missing values are typed
    now = now or utc_now()
    length = (settings(s).session_minutes if minutes is None else _minutes(minutes)) * 60
    row = _locked(s, session)
    if row is None:
        row = SessionClock(session=session, length_s=length, paused_total_s=0, version=0)
        s.add(row)
    elif row.started_at is not None:
        raise InputError("session", code="clock_already_started", session=session)
    row.length_s, row.started_at = length, now
    s.flush()
    view = clock_view(s, session, now)
    _audit(s, actor, What("clock_started", session), view, row)
    return view


def _started(s: Session, session: int, now: datetime) -> SessionClock:
    """The started clock's row, locked; ``now`` may not be before its start (nor before its pause)."""
    check_session(s, session)
    row = _locked(s, session)
    if row is None or row.started_at is None:
        raise InputError("session", code="clock_not_started", session=session)
    if row.ended_at is not None:
        raise InputError("session", code="clock_ended", session=session)
    if now < row.started_at:
        raise InputError("at", code="clock_before_start", at=shown_moment(now), session=session,
                         started=shown_moment(row.started_at))
    if row.paused_at is not None and now < row.paused_at:
        raise InputError("at", code="clock_before_pause", at=shown_moment(now), session=session,
                         paused=shown_moment(row.paused_at))
    return row


def pause_clock(s: Session, session: int, *, now: datetime | None = None, actor: Actor | None = None) -> ClockView:
    now = now or utc_now()
    row = _started(s, session, now)
    if row.paused_at is not None:
        raise InputError("session", code="clock_paused", session=session)
    row.paused_at = now
    view = clock_view(s, session, now)
    _audit(s, actor, What("clock_paused", session), view, row)
    return view


def resume_clock(s: Session, session: int, *, now: datetime | None = None, actor: Actor | None = None) -> ClockView:
    now = now or utc_now()
    row = _started(s, session, now)
    if row.paused_at is None:
        raise InputError("session", code="clock_not_paused", session=session)
    row.paused_total_s += max(0, round((now - row.paused_at).total_seconds()))
    row.paused_at = None
    view = clock_view(s, session, now)
    _audit(s, actor, What("clock_resumed", session), view, row)
    return view


def _table_row(s: Session, session: int, table: int) -> ClockTable:
    ct = s.scalar(select(ClockTable).where(ClockTable.session == session, ClockTable.table_no == table))
    if ct is None:
        ct = ClockTable(session=session, table_no=table, extra_s=0)
        s.add(ct)
    return ct


def add_time(s: Session, session: int, minutes: int, *, table: int | None = None, now: datetime | None = None,
             actor: Actor | None = None) -> ClockView:
    """Add ``minutes`` to the session (every table), or to one table only (its extra time). The limits,
    each named when it refuses: at most the session's length at a time, either way; a session of at
    most 24 hours (``MAX_MINUTES``, a table's extra time included); time taken back never ends the time
    (use :func:`end_clock`) and, at one table, never more than was added there. A table that has time
    left again loses the bell's own time call (:func:`_withdraw_bell_calls`)."""
    now = now or utc_now()
    if not isinstance(minutes, int) or isinstance(minutes, bool) or abs(minutes) > MAX_MINUTES:
        raise InputError("minutes", code="clock_minutes", minutes=minutes, low=-MAX_MINUTES, high=MAX_MINUTES)
    row = _started(s, session, now)
    if minutes == 0 or abs(minutes) * 60 > row.length_s:
        raise InputError("minutes", code="clock_add_range", minutes=minutes, length=row.length_s // 60)
    extras = _extras(s, session)
    before = clock_view(s, session, now)
    extra: dict[str, object] = {}
    if table is None:
        total = row.length_s + minutes * 60 + max(extras.values(), default=0)
        if total > MAX_MINUTES * 60:
            raise InputError("minutes", code="clock_too_long", minutes=minutes, total=total // 60, limit=MAX_MINUTES)
        if minutes < 0 and -minutes * 60 >= before.remaining_s:
            raise InputError("minutes", code="clock_take_back_left", session=session, minutes=-minutes,
                             left=format_remaining(before.remaining_s))
        row.length_s += minutes * 60
    else:
        if table not in extras:
            raise InputError("table", code="no_table", session=session, table=table)
        ct = _table_row(s, session, table)
        total = row.length_s + ct.extra_s + minutes * 60
        if total > MAX_MINUTES * 60:
            raise InputError("minutes", code="clock_too_long", minutes=minutes, total=total // 60, limit=MAX_MINUTES)
        left = before.table_remaining(table)
        most = max(0, min(ct.extra_s, left - 1) // 60)  # what was added there, and never to zero
        if minutes < 0 and -minutes > most:
            raise InputError("minutes", code="clock_take_back_table", session=session, table=table,
                             left=format_remaining(left), extra=ct.extra_s // 60, most=most)
        ct.extra_s += minutes * 60
        extra = {"table": table, "extra_s": ct.extra_s}
    s.flush()
    view = clock_view(s, session, now)
    _audit(s, actor, What("clock_minutes", session, params={"minutes": minutes}), view, row, **extra)
    if minutes > 0 and _withdraw_bell_calls(s, session, view, None if table is None else {table}, actor):
        view = clock_view(s, session, now)
    return view


BELL_WITHDRAWN = "time added after the bell"


def _withdraw_bell_calls(s: Session, session: int, view: ClockView, tables: set[int] | None,
                         actor: Actor | None) -> list[int]:
    """After time was added: withdraw the bell's own time call at each table (of ``tables``; None: all)
    that has time left again, so play goes on and the bell rings again at the new zero.

    Only a call the bell made and nobody has touched since: the referee has not confirmed it (a call
    the referee cancelled counts as settled, so a later manual call is never withdrawn), it is still in
    place, and no hand was recorded after the bell — under ``stop_now`` none can be; under
    ``finish_hand`` the hand begun must not be in yet (the current policy decides which). Withdrawn
    through ``corrections.cancel_time_called`` (audited with the reason ``BELL_WITHDRAWN``)."""
    finish_hand = settings(s).end_policy is EndPolicy.FINISH_HAND
    done = []
    for ct in s.scalars(select(ClockTable).where(ClockTable.session == session, ClockTable.bell_at.is_not(None),
                                                 ClockTable.confirmed_at.is_(None))
                        .order_by(ClockTable.table_no)).all():
        if (tables is not None and ct.table_no not in tables) or view.table_remaining(ct.table_no) == 0:
            continue
        tbl = s.scalar(select(SessionTable).where(SessionTable.session == session,
                                                  SessionTable.table_no == ct.table_no))
        if tbl is None or tbl.time_called_after is None:
            continue
        recorded = recorded_hands(s, tbl)
        if recorded != tbl.time_called_after - (1 if finish_hand else 0):
            continue  # a hand came in after the bell (or the call is not the bell's any more)
        cancel_time_called(s, session, ct.table_no, BELL_WITHDRAWN, actor=actor)
        ct.bell_at = None
        tbl.end_time = None  # set by the bell's call (stop_now); the table has not ended after all
        done.append(ct.table_no)
    if done:
        s.flush()
    return done


def end_clock(s: Session, session: int, *, now: datetime | None = None, actor: Actor | None = None) -> ClockView:
    """End the session's time now, for every table (the bell rings at the next read)."""
    now = now or utc_now()
    row = _started(s, session, now)
    if row.paused_at is not None:
        row.paused_total_s += max(0, round((now - row.paused_at).total_seconds()))
        row.paused_at = None
    row.ended_at = now
    view = clock_view(s, session, now)
    _audit(s, actor, What("clock_ended", session), view, row, elapsed_s=int(elapsed_seconds(row, now)))
    return view


def finish_session(s: Session, session: int, *, now: datetime | None = None, actor: Actor | None = None) -> None:
    """Finish ``session`` (the GUI's "Finish session"): every seated table must be signed off, and no bell
    time call may wait for the referee's confirmation, read here in the transaction that ends the clock (a
    station's page may be stale: another withdrew a sign-off meanwhile). Its clock, if it still runs or is
    paused, ends now: the hall and the phones stop counting down a session that is over."""
    check_session(s, session)
    now = now or utc_now()
    row = _locked(s, session)  # the clock's row first: two stations finishing at once wait here
    tables = queries.table_progress(s, session)
    if not tables:
        raise InputError("session", code="finish_not_seated", session=session)
    open_tables = sorted({t.table for t in tables if not t.signed_off} | set(owed_confirmations(s, session)))
    if open_tables:
        raise InputError("session", code="finish_not_signed_off", session=session,
                         tables=", ".join(map(str, open_tables)))
    if row is not None and clock_view(s, session, now).state in ("running", "paused"):
        end_clock(s, session, now=now, actor=actor)


# --------------------------------------------------------------------------------------------- the bell


def _due(s: Session, session: int, view: ClockView, st: Settings) -> list[SessionTable]:
    """Tables at zero that are not finished, have no time call and have not heard the bell."""
    if view.state == "not_started":
        return []
    rung = {ct.table_no for ct in s.scalars(select(ClockTable).where(ClockTable.session == session,
                                                                       ClockTable.bell_at.is_not(None)))}
    tables = s.scalars(select(SessionTable).where(SessionTable.session == session,
                                                   SessionTable.time_called_after.is_(None))
                       .order_by(SessionTable.table_no).execution_options(populate_existing=True))
    due = [t for t in tables if t.table_no not in rung and view.table_remaining(t.table_no) == 0]
    if is_game(st):  # a game table is finished when its game is over (the 64 hands are only a ceiling)
        over = games_over(s, [t.id for t in due])
        return [t for t in due if not over[t.id]]
    return [t for t in due if recorded_hands(s, t) < st.hands_per_session]


def bell_due(s: Session, session: int, now: datetime | None = None) -> bool:
    """Whether :func:`ring_bell` has something to do (a read: a station asks before it writes)."""
    if _row(s, session) is None:
        return False
    return bool(_due(s, session, clock_view(s, session, now), settings(s)))


def ring_bell(s: Session, session: int, *, now: datetime | None = None, actor: Actor | None = None) -> list[int]:
    """Call time at every table the clock has reached zero for (see the module's docstring); returns the
    tables called now. Idempotent: a second call, from this station or another, does nothing."""
    now = now or utc_now()
    check_session(s, session)
    st = settings(s)
    if not bell_due(s, session, now):
        return []
    if _locked(s, session) is None:  # serialise with other stations, then look again
        return []
    in_progress = st.end_policy is EndPolicy.FINISH_HAND
    called = []
    for tbl in _due(s, session, clock_view(s, session, now), st):
        recorded = recorded_hands(s, tbl)
        call_time(s, session, tbl.table_no, recorded + (1 if in_progress else 0), actor=actor,
                  in_progress=in_progress)
        _table_row(s, session, tbl.table_no).bell_at = now
        called.append(tbl.table_no)
    if called:
        s.flush()
        audit(s, actor, AuditAction.CLOCK, What("clock_time_up", session),
              after={"tables": called, "policy": str(st.end_policy)})
    return called


def table_bells(s: Session, session: int) -> list[TableBell]:
    """Tables where the bell called time, with their confirmation."""
    return [TableBell(ct.table_no, ct.bell_at, ct.confirmed_at)
            for ct in s.scalars(select(ClockTable).where(ClockTable.session == session,
                                                         ClockTable.bell_at.is_not(None))
                                .order_by(ClockTable.table_no))]


@dataclass(frozen=True, slots=True)
class ClockReading:
    """One read of a session's clock for a page that ticks: the stored moments, the marks, each table's
    extra time, which tables the bell would still call, which owe a confirmation, and the policy.
    :meth:`at` derives the clock for any ``now`` without reading again."""

    times: ClockTimes
    marks: tuple[int, ...]
    extras: tuple[tuple[int, int], ...]
    open_tables: tuple[int, ...]  # not finished, no time call, no bell yet
    owed: tuple[int, ...]
    policy: EndPolicy

    def at(self, now: datetime | None = None) -> ClockView:
        return clock_state(self.times, self.marks, now or utc_now(), dict(self.extras))

    def bell_due(self, now: datetime | None = None) -> bool:
        """Whether the clock at ``now`` has reached zero for a table the bell has still to call."""
        view = self.at(now)
        return view.state != "not_started" and any(view.table_remaining(t) == 0 for t in self.open_tables)


def clock_reading(s: Session, session: int) -> ClockReading:
    """Everything a ticking page needs of the session's clock, in one read."""
    check_session(s, session)
    st = settings(s)
    row = _row(s, session)
    times = ClockTimes(session, st.session_minutes * 60) if row is None else ClockTimes(
        row.session, row.length_s, row.started_at, row.paused_at, row.paused_total_s, row.ended_at)
    bells = table_bells(s, session)
    rung = {b.table for b in bells}
    hands: dict[int, int | None] = {t: n for t, n in s.execute(select(SessionTable.table_no, func.max(HandResult.hand_no))
                           .join(HandResult, HandResult.table_id == SessionTable.id, isouter=True)
                           .where(SessionTable.session == session, SessionTable.time_called_after.is_(None))
                           .group_by(SessionTable.table_no)).all()}
    open_tables = tuple(t for t, n in sorted(hands.items()) if t not in rung and (n or 0) < st.hands_per_session)
    if is_game(st):  # a game table is open until its game is over
        ids = dict(s.execute(select(SessionTable.table_no, SessionTable.id).where(
            SessionTable.session == session, SessionTable.table_no.in_(open_tables))).all())
        over = games_over(s, list(ids.values()))
        open_tables = tuple(t for t in open_tables if not over[ids[t]])
    return ClockReading(times, st.clock_warnings, tuple(sorted(_extras(s, session).items())), open_tables,
                        tuple(_owed(bells)), st.end_policy)


def owed_confirmations(s: Session, session: int) -> list[int]:
    """Tables whose bell time call the referee has not confirmed yet."""
    return _owed(table_bells(s, session))


def _owed(bells: list[TableBell]) -> list[int]:
    return [b.table for b in bells if b.owes_confirmation]


def confirm_time_call(s: Session, session: int, table: int, after_hand: int, *, expected_version: int | None = None,
                      now: datetime | None = None, actor: Actor | None = None) -> None:
    """The referee confirms the bell's time call at a table: the last hand that counts is ``after_hand``
    (at least the hands recorded; more when hands finished before the bell are still to be entered)."""
    now = now or utc_now()
    ct = s.scalar(select(ClockTable).where(ClockTable.session == session, ClockTable.table_no == table))
    if ct is None or ct.bell_at is None:
        raise InputError("table", code="clock_no_bell", session=session, table=table)
    tbl = locked_table(s, session, table, expected_version)
    st = settings(s)
    recorded = recorded_hands(s, tbl)
    if not isinstance(after_hand, int) or isinstance(after_hand, bool) \
            or not recorded <= after_hand <= st.hands_per_session:
        raise InputError("after_hand", code="clock_confirm_hands", session=session, table=table, recorded=recorded,
                         after=after_hand, hands=st.hands_per_session)
    before = tbl.time_called_after
    tbl.time_called_after = after_hand
    ct.confirmed_at = now
    audit(s, actor, AuditAction.CLOCK, What("time_call_confirmed", session, table),
          before={"after_hand": before}, after={"after_hand": after_hand})


# ------------------------------------------------------------------------------------------ the settings


def set_clock_settings(s: Session, *, session_minutes: int | None = None, warnings: Iterable[int] | None = None,
                       end_policy: EndPolicy | str | None = None, actor: Actor | None = None) -> Settings:
    """Change the session length, the warning marks (minutes left) or the end-of-time policy. They score
    nothing, so results do not freeze them."""
    t: Tournament = tournament(s)
    old = Settings.from_json(t.settings)
    new = old
    if session_minutes is not None:
        new = replace(new, session_minutes=_minutes(session_minutes, "session_minutes"))
    if warnings is not None:
        marks = list(warnings)
        if not marks or any(not isinstance(m, int) or isinstance(m, bool) or not 1 <= m <= MAX_MINUTES for m in marks):
            raise InputError("warnings", code="clock_warning_marks", marks=marks)
        new = replace(new, clock_warnings=tuple(sorted({m * 60 for m in marks}, reverse=True)))
    if end_policy is not None:
        if str(end_policy) not in tuple(EndPolicy):
            raise InputError("end_policy", code="clock_end_policy", policy=end_policy,
                             policies=", ".join(EndPolicy))
        new = replace(new, end_policy=EndPolicy(str(end_policy)))
    if new != old:
        t.settings = new.to_json()
        s.info.pop("mcr_settings", None)
        audit(s, actor, AuditAction.SETTINGS, What("clock_settings"),
              before={k: old.to_json()[k] for k in ("session_minutes", "clock_warnings", "end_policy")},
              after={k: new.to_json()[k] for k in ("session_minutes", "clock_warnings", "end_policy")})
    return new
