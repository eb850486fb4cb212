"""Calling a referee from a table (docs/web.md "Calling a referee").

A call goes open → taken (a named referee is on the way) → resolved (with a ruling, optionally linked to
the penalty or the hand it caused); the table may cancel it while it is still open. Every change is one
transaction of the caller's and is audited. Two referees taking one call: the second finds it taken under
the row's lock and is refused (``call_taken``, naming who took it), as a stale table edit is.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

import texts
from db.actions import AuditAction
from db.audit_what import What
from db.errors import InputError, TournamentError
from db.models import RefereeCall
from db.read.lookup import find_table, penalty_place, settings
from db.rules.limits import ACTOR_MAX, INT_MAX, REASON_MAX, check_text
from db.service.audit import Actor, audit, now
from db.service.outcomes import check_int, check_whole
from db.service.results import lock_table_row
from texts import Text

NOTE_MAX = 200  # the table's note: a phrase, typed on a phone


class CallReason(StrEnum):
    DISPUTE = "dispute"
    FALSE_WIN = "false_win"
    TILES = "tiles"
    TIME = "time"
    OTHER = "other"

    @property
    def label(self) -> Text:
        """The reason in words: English now, any language through the catalogue (msgctxt "reason_of_call")."""
        return _REASONS[self]

    @property
    def en(self) -> str:
        return str(_REASONS[self])

    @property
    def zh(self) -> str:
        return texts.translate("zh", self.en, "reason_of_call")


_REASONS: dict[CallReason, Text] = {
    CallReason.DISPUTE: Text("Dispute over a hand", "reason_of_call"),
    CallReason.FALSE_WIN: Text("False win", "reason_of_call"),
    CallReason.TILES: Text("Wrong tiles / kong", "reason_of_call"),
    CallReason.TIME: Text("Time", "reason_of_call"),
    CallReason.OTHER: Text("Other", "reason_of_call"),
}


class CallStatus(StrEnum):
    OPEN = "open"
    TAKEN = "taken"
    RESOLVED = "resolved"
    CANCELLED = "cancelled"


WAITING = (CallStatus.OPEN, CallStatus.TAKEN)
# a call's status said in a refusal (call_closed, call_not_open): the JSON keeps the English word
_STATUS_WORDS: dict[str, Text] = {
    CallStatus.OPEN: Text("open", "call_status"),
    CallStatus.TAKEN: Text("taken", "call_status"),
    CallStatus.RESOLVED: Text("resolved", "call_status"),
    CallStatus.CANCELLED: Text("cancelled", "call_status"),
}


def _status_word(status: str) -> str:
    return _STATUS_WORDS.get(status, status)


@dataclass(frozen=True, slots=True)
class CallView:
    id: int
    session: int
    table: int
    reason: str
    note: str
    status: str
    called_at: datetime
    taken_by: str | None
    taken_at: datetime | None
    closed_at: datetime | None
    ruling: str | None
    penalty_id: int | None
    hand: int | None

    def waited_s(self, at: datetime | None = None) -> int | None:
        """Seconds the table waited for a referee: until one took the call (or closed it untaken), or
        until ``at`` (now) while it is open; None for a call the table cancelled before anyone came."""
        if self.status == CallStatus.CANCELLED and self.taken_at is None:
            return None
        end = self.taken_at or self.closed_at or at or now()
        return max(0, int((end - self.called_at).total_seconds()))

    def to_json(self) -> dict[str, Any]:
        """The shape of ``mcr-tournament calls --format json`` and ``GET /api/calls``."""
        def iso(t: datetime | None) -> str | None:
            return None if t is None else t.isoformat(timespec="seconds")
        return {"id": self.id, "session": self.session, "table": self.table, "reason": self.reason,
                "note": self.note, "status": self.status, "called_at": iso(self.called_at),
                "taken_by": self.taken_by, "ruling": self.ruling, "penalty_id": self.penalty_id,
                "hand": self.hand, "taken_at": iso(self.taken_at), "closed_at": iso(self.closed_at)}


def _view(row: RefereeCall) -> CallView:
    return CallView(row.id, row.session, row.table_no, row.reason, row.note, row.status, row.called_at,
                    row.taken_by, row.taken_at, row.closed_at, row.ruling, row.penalty_id, row.hand)


def _state(row: RefereeCall) -> dict[str, Any]:
    return {k: v for k, v in _view(row).to_json().items() if v is not None and k not in ("id", "session", "table")}


def _what(row: RefereeCall) -> What:
    return What("call", row.session, row.table_no, params={"call": row.id})


def _locked(s: Session, call_id: Any) -> RefereeCall:
    """The call's row, locked until the transaction ends (PostgreSQL: ``FOR UPDATE``; SQLite has one
    writer at a time), so two referees' takes are decided one after the other."""
    cid = check_whole(call_id, "call", 1)  # a number past the id column is no call (as 99999), never queried
    row = s.scalar(select(RefereeCall).where(RefereeCall.id == cid).with_for_update()) if cid <= INT_MAX else None
    if row is None:
        raise InputError("call", code="no_call", call=cid)
    return row


# ------------------------------------------------------------------------------------------- writes

def call_referee(s: Session, session: int, table: int, reason: Any, note: Any = None, *,
                 actor: Actor | None = None) -> CallView:
    """A table calls a referee. One call at a time per table: while one is open or taken, another is
    refused (``call_still_open``), so a double tap never sends two referees."""
    if not isinstance(reason, str) or reason not in {r.value for r in CallReason}:
        raise InputError("reason", code="call_reason", reason=str(reason)[:40],
                         reasons=", ".join(r.value for r in CallReason))
    text = "" if note is None else check_text(note, "note", NOTE_MAX)
    # the table's row lock: two phones of one table calling at once are decided one after the other
    lock_table_row(s, find_table(s, session, table))
    waiting = s.scalar(select(RefereeCall.id).where(RefereeCall.session == session, RefereeCall.table_no == table,
                                                    RefereeCall.status.in_([str(w) for w in WAITING])))
    if waiting is not None:
        raise TournamentError(code="call_still_open", table=table, call=waiting)
    row = RefereeCall(session=session, table_no=table, reason=reason, note=text, status=CallStatus.OPEN,
                      called_at=now())
    s.add(row)
    s.flush()
    audit(s, actor, AuditAction.CALL, _what(row), after=_state(row))
    return _view(row)


def take_call(s: Session, call_id: Any, referee: Any, *, actor: Actor | None = None) -> CallView:
    """A referee takes a call ("on the way"). Taken already by another: refused, naming them; by the same
    referee: nothing changes (a retried click)."""
    name = check_text(referee, "referee", ACTOR_MAX)
    if not name:
        raise InputError("referee", code="missing")
    row = _locked(s, call_id)
    if row.status == CallStatus.TAKEN:
        if row.taken_by == name:
            return _view(row)
        raise TournamentError(code="call_taken", call=row.id, referee=row.taken_by)
    if row.status != CallStatus.OPEN:
        raise TournamentError(code="call_closed", call=row.id, status=_status_word(row.status))
    before = _state(row)
    row.status, row.taken_by, row.taken_at = CallStatus.TAKEN, name, now()
    s.flush()
    audit(s, actor, AuditAction.CALL_TAKE, _what(row), before=before, after=_state(row))
    return _view(row)


def resolve_call(s: Session, call_id: Any, ruling: Any, *, penalty: Any = None, hand: Any = None,
                 referee: str | None = None, actor: Actor | None = None) -> CallView:
    """Close a call with the referee's ruling; ``penalty`` (a penalty id of the call's table) and ``hand``
    link it to what it caused. A call nobody took is taken by ``referee`` (else the actor) as it closes."""
    text = check_text(ruling, "ruling", REASON_MAX)
    if not text:
        raise InputError("ruling", code="missing")
    row = _locked(s, call_id)
    if row.status not in WAITING:
        raise TournamentError(code="call_closed", call=row.id, status=_status_word(row.status))
    pid = None
    if penalty is not None:
        pid = check_int(penalty, "penalty", 1)
        place = penalty_place(s, pid)
        if place != (row.session, row.table_no):
            raise InputError("penalty", code="call_penalty_elsewhere", penalty=pid, session=place[0], table=place[1])
    h = None if hand is None else check_int(hand, "hand", 1, settings(s).hands_per_session)
    before = _state(row)
    at = now()
    if row.taken_by is None:
        who = referee or (actor.referee if actor is not None else "") or "referee"
        row.taken_by, row.taken_at = check_text(who, "referee", ACTOR_MAX), at
    row.status, row.ruling, row.penalty_id, row.hand, row.closed_at = CallStatus.RESOLVED, text, pid, h, at
    s.flush()
    audit(s, actor, AuditAction.CALL_RESOLVE, _what(row), before=before, after=_state(row))
    return _view(row)


def cancel_call(s: Session, session: int, table: int, call_id: Any, *, actor: Actor | None = None) -> CallView:
    """The table withdraws its call, while no referee has taken it yet."""
    row = _locked(s, call_id)
    if (row.session, row.table_no) != (session, table):
        raise InputError("call", code="no_call", call=row.id)  # another table's call: as if it did not exist
    if row.status != CallStatus.OPEN:
        raise TournamentError(code="call_not_open", call=row.id, status=_status_word(row.status))
    before = _state(row)
    row.status, row.closed_at = CallStatus.CANCELLED, now()
    s.flush()
    audit(s, actor, AuditAction.CALL_CANCEL, _what(row), before=before, after=_state(row))
    return _view(row)


# -------------------------------------------------------------------------------------------- reads

def calls_stored(s: Session) -> bool:
    """Whether the database has the calls table: a file from before schema 0006 opened by a reader (which
    never migrates: ``report``, ``publish``, ``export``) has none, and has no calls."""
    key = "mcr_calls_stored"
    if key not in s.info:
        s.info[key] = inspect(s.connection()).has_table(RefereeCall.__tablename__)
    return bool(s.info[key])


def list_calls(s: Session, *, open_only: bool = False, session: int | None = None,
               table: int | None = None) -> list[CallView]:
    """Calls in the order they came; ``open_only``: those still waiting for a ruling (open or taken)."""
    q = select(RefereeCall).order_by(RefereeCall.id)
    if open_only:
        q = q.where(RefereeCall.status.in_([str(w) for w in WAITING]))
    if session is not None:
        q = q.where(RefereeCall.session == session)
    if table is not None:
        q = q.where(RefereeCall.table_no == table)
    return [_view(r) for r in s.scalars(q)]


@dataclass(frozen=True, slots=True)
class CallsIndicator:
    """What every desk page shows: calls waiting for a referee, and the longest wait of an untaken one."""

    open: int
    taken: int
    longest_wait_s: int | None


def calls_indicator(s: Session, at: datetime | None = None) -> CallsIndicator:
    calls = list_calls(s, open_only=True)
    waits = [c.waited_s(at) for c in calls if c.status == CallStatus.OPEN]
    return CallsIndicator(sum(c.status == CallStatus.OPEN for c in calls),
                          sum(c.status == CallStatus.TAKEN for c in calls),
                          max((w for w in waits if w is not None), default=None))


def calls_summary(s: Session, at: datetime | None = None) -> dict[str, Any]:
    """The chief referee's figures: calls per table, the wait for a referee (median, worst, in seconds;
    open calls count up to now), and the rulings by the reason called."""
    calls = list_calls(s)
    waits = sorted(w for c in calls if (w := c.waited_s(at)) is not None)
    per_table = Counter(c.table for c in calls)
    rulings = Counter(c.reason for c in calls if c.status == CallStatus.RESOLVED)
    return {
        "calls": len(calls),
        "by_status": {st.value: sum(c.status == st for c in calls) for st in CallStatus},
        "per_table": [{"table": t, "calls": n} for t, n in sorted(per_table.items())],
        "wait_s": {"median": statistics.median(waits) if waits else None, "worst": waits[-1] if waits else None,
                   "count": len(waits)},
        "rulings": {r.value: rulings.get(r.value, 0) for r in CallReason},
        "rulings_with_penalty": sum(1 for c in calls if c.status == CallStatus.RESOLVED and c.penalty_id is not None),
    }
