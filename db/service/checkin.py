"""The check-in desk (检录): players marked present or absent before a session, audited. What a no-show
leads to is decided when the session is seated (``service/seats.py``, the profile's ``no_show``)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import What
from db.errors import InputError
from db.models import CheckIn, SessionClock
from db.read.lookup import check_session, has_results, player_by_number
from db.service.audit import Actor, audit, now


def session_started(s: Session, session: int) -> bool:
    """Whether play has begun: a result at any table, or the session clock started."""
    started = s.scalar(select(SessionClock.started_at).where(SessionClock.session == session))
    return started is not None or has_results(s, session)


def check_in(s: Session, session: int, present: Sequence[str] = (), absent: Sequence[str] = (),
             actor: Actor | None = None) -> list[str]:
    """Mark ``present`` and ``absent`` players for ``session`` (a later mark replaces an earlier one).
    A player marked present after the session started is a late arrival: the seating is not changed (a
    substitute in their seat keeps it for this session). Returns the late arrivals."""
    check_session(s, session)
    present = [str(n) for n in present]
    absent = [str(n) for n in absent]
    if not present and not absent:
        raise InputError("--present", code="checkin_nobody")
    both = sorted(set(present) & set(absent))
    if both:
        raise InputError("--absent", code="checkin_both", numbers=", ".join(both))
    started = session_started(s, session)
    at = now()
    changes: dict[str, dict[str, str]] = {}
    late: list[str] = []
    for number, is_present in [(n, True) for n in present] + [(n, False) for n in absent]:
        p = player_by_number(s, number)
        row = s.scalar(select(CheckIn).where(CheckIn.session == session, CheckIn.player_id == p.id))
        before = None if row is None else ("present" if row.present else "absent")
        if row is None:
            row = CheckIn(session=session, player_id=p.id, present=is_present, late=False, at=at)
            s.add(row)
        if before == ("present" if is_present else "absent"):
            continue
        row.present, row.at = is_present, at
        row.late = is_present and started
        if row.late:
            late.append(number)
        changes[number] = {"before": before or "not seen",
                           "after": ("late" if row.late else "present") if is_present else "absent"}
    s.flush()
    if changes:
        audit(s, actor, AuditAction.CHECKIN, What("checkin", session),
              before={n: c["before"] for n, c in changes.items()}, after={n: c["after"] for n, c in changes.items()})
    return late
