"""Recording results at a table: hands, penalties, the time call, a result line, and signing the sheet off."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.errors import InputError, StaleTableError
from db.limits import REASON_MAX, check_optional_text
from db.models import HandResult, Penalty, SessionTable
from db.profiles import Settings
from db.service.audit import Actor, audit, default_actor, now
from db.service.lookup import existing_hand, find_table, recorded_hands, settings, table_numbers, where
from db.service.outcomes import (
    DrawInput,
    PenaltyInput,
    ResultLine,
    ScoredHand,
    ScoredPenalty,
    TimeCalledInput,
    WinInput,
    check_int,
    score_penalty,
    score_win,
)
from db.views import last_hand


def locked_table(s: Session, session: int, table: int, expected_version: int | None) -> SessionTable:
    """Find the table and move its version on, which also takes the write lock before the checks that
    follow; a stale ``expected_version`` raises :class:`StaleTableError` (nothing is written)."""
    tbl = find_table(s, session, table)
    q = update(SessionTable).where(SessionTable.id == tbl.id)
    if expected_version is not None:
        check_int(expected_version, "expected_version", 0)
        q = q.where(SessionTable.version == expected_version)
    res = s.execute(q.values(version=SessionTable.version + 1).execution_options(synchronize_session=False))
    s.refresh(tbl)
    if res.rowcount != 1:  # type: ignore[attr-defined]
        assert expected_version is not None
        raise StaleTableError(session, table, expected_version, tbl.version)
    return tbl


def lock_table_row(s: Session, tbl: SessionTable) -> SessionTable:
    """Hold the table's row lock to the end of the transaction without moving its version
    (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite's writers already hold the database from ``BEGIN
    IMMEDIATE``). What is read after it is what the station that wrote last committed, so "is this line
    recorded already?" cannot race another import of the same line. Returns the row as committed."""
    q = select(SessionTable).where(SessionTable.id == tbl.id).with_for_update()
    return s.scalars(q.execution_options(populate_existing=True)).one()


def _new_hand_row(tbl: SessionTable, hand: int, sh: ScoredHand, actor: Actor | None) -> HandResult:
    a = actor or default_actor()
    row = HandResult(table_id=tbl.id, hand_no=hand, recorded_at=now(), station=a.station, referee=a.referee)
    sh.apply(row)
    return row


def _check_next_hand(st: Settings, tbl: SessionTable, hand: Any, recorded: int) -> int:
    hand = check_int(hand, "hand", 1, st.hands_per_session)
    if tbl.time_called_after is not None and hand > tbl.time_called_after:
        raise InputError("hand", code="time_called_no_more_hands", after=tbl.time_called_after, table=tbl.table_no)
    if hand != recorded + 1:
        raise InputError("hand", code="hand_out_of_order", table=tbl.table_no, recorded=recorded, next=recorded + 1)
    return hand


def record_hand(s: Session, session: int, table: int, hand: int, result: WinInput | DrawInput, *,
                expected_version: int | None = None, actor: Actor | None = None) -> ScoredHand:
    """Record a win or a draw in the next hand slot of a table."""
    tbl = locked_table(s, session, table, expected_version)
    if tbl.signed_off:  # the players signed the sheet: it is closed to new hands (corrections stay possible)
        raise InputError("table", code="table_signed_off", session=session, table=table)
    st = settings(s)
    numbers = table_numbers(s, tbl)
    if isinstance(hand, int) and not isinstance(hand, bool) and existing_hand(s, tbl, hand) is not None:
        raise InputError("hand", code="hand_recorded", session=session, table=table, hand=hand)
    recorded = recorded_hands(s, tbl)
    hand = _check_next_hand(st, tbl, hand, recorded)
    sh = score_win(st, numbers, tbl, hand, result) if isinstance(result, WinInput) else ScoredHand("draw")
    s.add(_new_hand_row(tbl, hand, sh, actor))
    tbl.start_time = tbl.start_time or now()
    if hand in (st.hands_per_session, tbl.time_called_after):
        tbl.end_time = tbl.end_time or now()
    audit(s, actor, AuditAction.RECORD, where(session, table, hand), after=sh.describe(numbers))
    return sh


def record_win(s: Session, session: int, table: int, hand: int, *, winner: str, discarder: str | None = None,
               self_drawn: bool = False, fan: int | None = None, flowers: int | None = None,
               notation: str | None = None, fourth_tile: bool = False, kong_related: bool = False,
               last_tile_of_wall: bool = False, expected_version: int | None = None,
               actor: Actor | None = None) -> ScoredHand:
    win = WinInput(winner, discarder, self_drawn, fan, flowers, notation, fourth_tile, kong_related,
                   last_tile_of_wall)
    return record_hand(s, session, table, hand, win, expected_version=expected_version, actor=actor)


def record_draw(s: Session, session: int, table: int, hand: int, *, expected_version: int | None = None,
                actor: Actor | None = None) -> ScoredHand:
    return record_hand(s, session, table, hand, DrawInput(), expected_version=expected_version, actor=actor)


def record_penalty(s: Session, session: int, table: int, penalty: PenaltyInput, *,
                   expected_version: int | None = None, actor: Actor | None = None) -> int:
    """Record a penalty; returns its id. Presets: ``penalty_presets(s)`` (amounts, settlement, kind)."""
    tbl = locked_table(s, session, table, expected_version)
    st = settings(s)
    numbers = table_numbers(s, tbl)
    sp = score_penalty(st, numbers, tbl, penalty, recorded_hands(s, tbl))
    a = actor or default_actor()
    row = Penalty(table_id=tbl.id, recorded_at=now(), station=a.station, referee=a.referee)
    tbl.start_time = tbl.start_time or now()
    sp.apply(row)
    s.add(row)
    s.flush()
    audit(s, actor, AuditAction.RECORD, f"{where(session, table)} penalty {row.id}", after=sp.describe(numbers))
    return row.id


def call_time(s: Session, session: int, table: int, after_hand: int, *, expected_version: int | None = None,
              actor: Actor | None = None, in_progress: bool = False) -> None:
    """The time limit is called: the session at this table ends after hand ``after_hand``.

    ``time_called_after`` is the last hand that counts. Normally that is the hands completed (recorded);
    with ``in_progress`` (the session clock's ``finish_hand`` policy) it is the hand begun, one more than
    recorded, which the table still plays and records."""
    tbl = locked_table(s, session, table, expected_version)
    st = settings(s)
    after_hand = check_int(after_hand, "after_hand", 0, st.hands_per_session - (0 if in_progress else 1))
    if tbl.time_called_after is not None:
        raise InputError("after_hand", code="time_already_called", session=session, table=table,
                             after=tbl.time_called_after)
    recorded = recorded_hands(s, tbl)
    if after_hand != recorded + (1 if in_progress else 0):
        raise InputError("after_hand", code="time_call_hands", session=session, table=table, recorded=recorded,
                         after=after_hand)
    tbl.time_called_after = after_hand
    if after_hand == recorded:
        tbl.end_time = tbl.end_time or now()
    audit(s, actor, AuditAction.RECORD, f"{where(session, table)} time called", after={"after_hand": after_hand})


def record_result(s: Session, line: ResultLine, *, expected_version: int | None = None,
                  actor: Actor | None = None, occurrence: int = 1) -> str:
    """Record one result line; returns "recorded" or "skipped" (identical to what is recorded).

    A line that conflicts with what is recorded is an :class:`InputError`. ``occurrence`` (k) makes the
    k-th identical penalty line of a file match the k-th identical recorded penalty.

    What is committed is checked first (a line found recorded needs no lock: a re-run stays a read);
    a line not found is checked again under the table's row lock (:func:`lock_table_row`), so two
    imports of the same line racing on PostgreSQL skip it as SQLite does instead of refusing it.
    """
    tbl = find_table(s, line.session, line.table)
    if _recorded_already(s, tbl, line, occurrence):
        return "skipped"
    tbl = lock_table_row(s, tbl)
    if _recorded_already(s, tbl, line, occurrence):
        return "skipped"
    r = line.result
    if isinstance(r, WinInput | DrawInput):
        assert line.hand is not None
        record_hand(s, line.session, line.table, line.hand, r, expected_version=expected_version, actor=actor)
    elif isinstance(r, PenaltyInput):
        record_penalty(s, line.session, line.table, r, expected_version=expected_version, actor=actor)
    else:
        call_time(s, line.session, line.table, r.after_hand, expected_version=expected_version, actor=actor)
    return "recorded"


def _recorded_already(s: Session, tbl: SessionTable, line: ResultLine, occurrence: int) -> bool:
    """Whether ``line`` is recorded at ``tbl`` as it stands; :class:`InputError` when something else is."""
    r = line.result
    if isinstance(r, WinInput | DrawInput):
        hand = check_int(line.hand, "hand", 1, settings(s).hands_per_session)
        existing = existing_hand(s, tbl, hand)
        if existing is None:
            return False
        numbers = table_numbers(s, tbl)
        new = score_win(settings(s), numbers, tbl, hand, r) if isinstance(r, WinInput) else ScoredHand("draw")
        if new == ScoredHand.of_row(existing):
            return True
        raise InputError("hand", code="hand_recorded_differently", session=line.session, table=line.table, hand=hand,
                         recorded=json.dumps(ScoredHand.of_row(existing).describe(numbers), ensure_ascii=False))
    if isinstance(r, PenaltyInput):
        sp = score_penalty(settings(s), table_numbers(s, tbl), tbl, r, None)
        same = [p for p in s.scalars(select(Penalty).where(Penalty.table_id == tbl.id)) if ScoredPenalty.of_row(p) == sp]
        return len(same) >= occurrence
    assert isinstance(r, TimeCalledInput)
    if tbl.time_called_after is None:
        return False
    if tbl.time_called_after == r.after_hand:
        return True
    raise InputError("after_hand", code="time_already_called", session=line.session, table=line.table,
                     after=tbl.time_called_after)


def missing_hands(hands_per_session: int, time_called_after: int | None, recorded: int) -> tuple[int, ...]:
    """The hands a sheet still lacks, up to the last hand that counts (``db.views.last_hand``)."""
    return tuple(range(recorded + 1, last_hand(hands_per_session, time_called_after) + 1))


def hands_text(hands: tuple[int, ...]) -> str:
    """``(10, 11, 12)`` as "10–12", one hand as "10" (the refusal names the missing hands)."""
    return str(hands[0]) if len(hands) == 1 else f"{hands[0]}–{hands[-1]}"


def sign_off(s: Session, session: int, table: int, signed: bool = True, *, reason: str | None = None,
             expected_version: int | None = None, actor: Actor | None = None) -> None:
    """Mark a table's score sheet as checked and signed (or undo that).

    A sheet with hands missing (fewer than the session's hands and no time called) is refused with the
    missing hands named, unless a ``reason`` says why the table ended early (the reason is audited)."""
    reason = check_optional_text(reason, "reason", REASON_MAX) or None
    tbl = locked_table(s, session, table, expected_version)
    before = tbl.signed_off
    if signed and not before:
        missing = missing_hands(settings(s).hands_per_session, tbl.time_called_after, recorded_hands(s, tbl))
        if missing and reason is None:
            raise InputError("table", code="sign_off_unfinished", session=session, table=table,
                             recorded=recorded_hands(s, tbl), missing=hands_text(missing))
    tbl.signed_off = signed
    if signed:
        tbl.end_time = tbl.end_time or now()
    audit(s, actor, AuditAction.SIGN_OFF, where(session, table), before={"signed_off": before},
          after={"signed_off": signed}, reason=reason)
