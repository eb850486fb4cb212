"""Corrections: changing or deleting a recorded hand or penalty, cancelling a time call (each needs a
reason and is audited with before and after)."""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import at_penalty, at_table, time_called
from db.errors import InputError
from db.models import ClockTable, HandResult, Penalty, RefereeCall, SessionTable
from db.read.lookup import existing_hand, recorded_hands, settings, table_numbers
from db.rules.clock import utc_now
from db.rules.limits import REASON_MAX, check_optional_text
from db.service.audit import Actor, audit, default_actor, now
from db.service.outcomes import (
    DrawInput,
    PenaltyInput,
    ScoredHand,
    ScoredPenalty,
    WinInput,
    check_int,
    score_penalty,
    score_win,
)
from db.service.results import locked_table


def need_reason(reason: str | None) -> str:
    reason = check_optional_text(reason, "reason", REASON_MAX)
    if not reason:
        raise InputError("reason", code="reason_required")
    return reason


def _locked_hand(s: Session, session: int, table: int, hand: int, expected_version: int | None
                 ) -> tuple[HandResult, SessionTable, list[str]]:
    """A recorded hand, its table (locked as :func:`locked_table` does) and the table's player numbers."""
    tbl = locked_table(s, session, table, expected_version)
    row = existing_hand(s, tbl, check_int(hand, "hand", 1))
    if row is None:
        raise InputError("hand", code="hand_not_recorded", session=session, table=table, hand=hand)
    return row, tbl, table_numbers(s, tbl)


def correct_hand(s: Session, session: int, table: int, hand: int, result: WinInput | DrawInput, reason: str, *,
                 expected_version: int | None = None, actor: Actor | None = None) -> ScoredHand:
    """Replace a recorded hand (audited with before and after)."""
    reason = need_reason(reason)
    row, tbl, numbers = _locked_hand(s, session, table, hand, expected_version)
    before = ScoredHand.of_row(row)
    new = score_win(settings(s), numbers, tbl, hand, result) if isinstance(result, WinInput) else ScoredHand("draw")
    new.apply(row)
    a = actor or default_actor()
    row.recorded_at, row.station, row.referee = now(), a.station, a.referee
    audit(s, actor, AuditAction.CORRECT, at_table(session, table, hand), before=before.describe(numbers),
          after=new.describe(numbers), reason=reason)
    return new


def delete_hand(s: Session, session: int, table: int, hand: int, reason: str, *,
                expected_version: int | None = None, actor: Actor | None = None) -> None:
    """Delete the last recorded hand of a table (earlier hands can only be changed, to keep hands in order)."""
    reason = need_reason(reason)
    row, tbl, numbers = _locked_hand(s, session, table, hand, expected_version)
    recorded = recorded_hands(s, tbl)
    if hand != recorded:
        raise InputError("hand", code="delete_not_last", recorded=recorded, hand=hand)
    if tbl.time_called_after is not None:
        raise InputError("hand", code="delete_before_time_call")
    before = ScoredHand.of_row(row).describe(numbers)
    s.delete(row)
    audit(s, actor, AuditAction.DELETE, at_table(session, table, hand), before=before, reason=reason)


def _locked_penalty(s: Session, penalty_id: int, expected_version: int | None
                    ) -> tuple[Penalty, SessionTable, list[str]]:
    """The penalty, its table (locked as :func:`locked_table` does) and the table's player numbers."""
    row = s.get(Penalty, check_int(penalty_id, "penalty", 1))
    if row is None:
        raise InputError("penalty", code="no_penalty", penalty=penalty_id)
    tbl = s.get(SessionTable, row.table_id)
    assert tbl is not None
    tbl = locked_table(s, tbl.session, tbl.table_no, expected_version)
    return row, tbl, table_numbers(s, tbl)


def correct_penalty(s: Session, penalty_id: int, penalty: PenaltyInput, reason: str, *,
                    expected_version: int | None = None, actor: Actor | None = None) -> None:
    reason = need_reason(reason)
    row, tbl, numbers = _locked_penalty(s, penalty_id, expected_version)
    before = ScoredPenalty.of_row(row)
    new = score_penalty(settings(s), numbers, tbl, penalty, recorded_hands(s, tbl))
    new.apply(row)
    audit(s, actor, AuditAction.CORRECT, at_penalty(tbl.session, tbl.table_no, penalty_id),
          before=before.describe(numbers), after=new.describe(numbers), reason=reason)


def delete_penalty(s: Session, penalty_id: int, reason: str, *, expected_version: int | None = None,
                   actor: Actor | None = None) -> None:
    reason = need_reason(reason)
    row, tbl, numbers = _locked_penalty(s, penalty_id, expected_version)
    before = ScoredPenalty.of_row(row).describe(numbers)
    # A ruling names its penalty by number, without a foreign key (so the ruling outlives it): forget the
    # number with the penalty, else a later penalty reusing the id (SQLite does) is printed as the ruling's.
    calls = list(s.scalars(select(RefereeCall.id).where(RefereeCall.penalty_id == row.id).order_by(RefereeCall.id)))
    if calls:
        s.execute(update(RefereeCall).where(RefereeCall.id.in_(calls)).values(penalty_id=None))
        before["calls"] = calls
    s.delete(row)
    audit(s, actor, AuditAction.DELETE, at_penalty(tbl.session, tbl.table_no, penalty_id), before=before,
          reason=reason)


def cancel_time_called(s: Session, session: int, table: int, reason: str, *,
                       expected_version: int | None = None, actor: Actor | None = None) -> None:
    """Withdraw the time call at a table (audited, with the reason). A bell's call the referee cancels is
    settled: it no longer owes a confirmation (``ClockTable.confirmed_at`` is set), and the bell does not
    call that table again."""
    reason = need_reason(reason)
    tbl = locked_table(s, session, table, expected_version)
    if tbl.time_called_after is None:
        raise InputError("time_called", code="time_not_called", session=session, table=table)
    before = {"after_hand": tbl.time_called_after}
    tbl.time_called_after = None
    ct = s.scalar(select(ClockTable).where(ClockTable.session == session, ClockTable.table_no == table))
    if ct is not None and ct.bell_at is not None and ct.confirmed_at is None:
        ct.confirmed_at = utc_now()  # the clock's moments are naive UTC
    audit(s, actor, AuditAction.DELETE, time_called(session, table), before=before, reason=reason)
