"""Recording results at a table: hands, penalties, the time call, a result line, and signing the sheet off."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from sqlalchemy import DateTime, bindparam, case, func, insert, select, update
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import at_penalty, at_table, time_called
from db.errors import InputError, StaleTableError, TournamentError
from db.models import AuditLog, HandResult, Penalty, Player, Seat, SessionTable
from db.read.games import games_over, is_game
from db.read.lookup import (
    NUMBERS,
    existing_hand,
    find_table,
    head,
    recorded_hands,
    settings,
    stand_in,
    table_numbers,
)
from db.read.views import last_hand
from db.rules.limits import INT_MAX, REASON_MAX, check_optional_text
from db.rules.profiles import Settings
from db.service.audit import Actor, audit, audit_json, default_actor, now, what_columns
from db.service.outcomes import (
    AtTable,
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


def lock_row(s: Session, session: int, table: int) -> int | None:
    """:func:`lock_table_row` by (session, table) in one plain statement, loading no object: the table's id,
    or None when there is no such table."""
    return s.connection().execute(_LOCK, {"p_session": session, "p_table": table}).scalar_one_or_none()


def _new_hand_row(tbl: SessionTable, hand: int, sh: ScoredHand, actor: Actor | None) -> HandResult:
    a = actor or default_actor()
    row = HandResult(table_id=tbl.id, hand_no=hand, recorded_at=now(), station=a.station, referee=a.referee)
    sh.apply(row)
    return row


def _check_next_hand(st: Settings, tbl: AtTable, hand: Any, recorded: int) -> int:
    hand = check_int(hand, "hand", 1, st.hands_per_session)
    if tbl.time_called_after is not None and hand > tbl.time_called_after:
        raise InputError("hand", code="time_called_no_more_hands", after=tbl.time_called_after, table=tbl.table_no)
    if hand != recorded + 1:
        raise InputError("hand", code="hand_out_of_order", table=tbl.table_no, recorded=recorded, next=recorded + 1)
    return hand


def record_hand(s: Session, session: int, table: int, hand: int, result: WinInput | DrawInput, *,
                expected_version: int | None = None, actor: Actor | None = None) -> ScoredHand:
    """Record a win or a draw in the next hand slot of a table."""
    return record_hand_at(s, session, table, hand, result, expected_version=expected_version, actor=actor).scored


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """What :func:`record_hand_at` recorded: the scored hand, the table's player numbers (E, S, W, N) and
    the table's version after the change (what a device is answered with)."""

    scored: ScoredHand
    numbers: list[str]
    version: int


# False: every hand takes the ORM path (tests record the same hands both ways and compare every row and answer).
PLAIN_SQL = True


def record_hand_at(s: Session, session: int, table: int, hand: int, result: WinInput | DrawInput, *,
                   expected_version: int | None = None, actor: Actor | None = None) -> RecordedHand:
    """:func:`record_hand`, also giving the numbers and the new version (the API answers with them).

    The usual case (well-formed input, a table that exists, the version expected) runs as a few plain SQL
    statements (:func:`_record_fast`): the same checks in the same order, the same rows and refusals, about
    a quarter of the ORM's CPU. Anything else takes the ORM path below it."""
    fast = _record_fast(s, session, table, hand, result, expected_version, actor) if PLAIN_SQL else None
    if fast is not None:
        return fast
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
    audit(s, actor, AuditAction.RECORD, at_table(session, table, hand), after=sh.describe(numbers))
    return RecordedHand(sh, numbers, tbl.version)


# --- the fast path: Core statements built once (SQLAlchemy caches their compiled form per dialect) -------
_T, _H, _SEAT, _P = SessionTable.__table__, HandResult.__table__, Seat.__table__, Player.__table__
_TABLE_ROW = (_T.c.id, _T.c.version, _T.c.signed_off, _T.c.time_called_after, _T.c.start_time, _T.c.end_time)


# the SQLite library Python was built with (a checkout's Python may use an old system one; the download
# ships its own): ``RETURNING`` needs 3.35
SQLITE_RETURNING = sqlite3.sqlite_version_info >= (3, 35, 0)


def _bump(check_version: bool) -> Any:
    """Move the table's version on (the write lock on PostgreSQL's row, as :func:`locked_table`), stamp its
    start, and return the row: one statement instead of a find, an update and a refresh."""
    cond = [_T.c.session == bindparam("p_session"), _T.c.table_no == bindparam("p_table")]
    if check_version:
        cond.append(_T.c.version == bindparam("p_version"))
    return (update(_T).where(*cond)
            .values(version=_T.c.version + 1,
                    start_time=func.coalesce(_T.c.start_time, bindparam("p_now", type_=DateTime())))
            .returning(*_TABLE_ROW))


_LOCK = select(_T.c.id).where(_T.c.session == bindparam("p_session"),
                              _T.c.table_no == bindparam("p_table")).with_for_update()
_BUMP = {True: _bump(True), False: _bump(False)}
_HANDS = select(func.coalesce(func.max(_H.c.hand_no), 0),
                func.coalesce(func.sum(case((_H.c.hand_no == bindparam("p_hand"), 1), else_=0)), 0)
                ).where(_H.c.table_id == bindparam("p_table_id"))
_END = update(_T).where(_T.c.id == bindparam("p_table_id")).values(
    end_time=func.coalesce(_T.c.end_time, bindparam("p_now", type_=DateTime())))
_INSERT_HAND = insert(_H)
_INSERT_AUDIT = insert(AuditLog.__table__)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _record_fast(s: Session, session: int, table: int, hand: int, result: WinInput | DrawInput,
                 expected_version: int | None, actor: Actor | None) -> RecordedHand | None:
    """:func:`record_hand` in plain SQL, or None (nothing done) when the ORM path must decide: an input of
    the wrong kind, or a table not found or stale (the ORM path gives the refusal, worded as always). A
    refusal after the version moved (signed off, hand out of order, a bad win) leaves the transaction to be
    rolled back, as the ORM path's does."""
    if not (_is_int(session) and _is_int(table) and _is_int(hand)):
        return None
    if not (0 < table <= INT_MAX and 0 < hand <= INT_MAX):  # past an Integer column: the ORM path refuses it
        return None
    if not SQLITE_RETURNING and s.get_bind().dialect.name == "sqlite":
        return None  # UPDATE … RETURNING came with SQLite 3.35 (2021): an older library takes the ORM path
    if expected_version is not None and not (_is_int(expected_version) and 0 <= expected_version <= INT_MAX):
        return None
    found = head(s)  # flushes first: what this transaction changed through the ORM counts in the reads below
    if found is None or not 1 <= session <= found[0]:
        return None
    st, conn, stamp = found[1], s.connection(), now()
    row = conn.execute(_BUMP[expected_version is not None], {
        "p_session": session, "p_table": table, "p_version": expected_version, "p_now": stamp}).one_or_none()
    if row is None:
        return None
    table_id, version, signed_off, called_after = row[:4]
    held = s.identity_map.get(s.identity_key(SessionTable, (table_id,)))
    if held is not None:  # flushed above, so nothing of it is lost: read again when next used
        s.expire(held)
    if signed_off:  # the players signed the sheet: it is closed to new hands (corrections stay possible)
        raise InputError("table", code="table_signed_off", session=session, table=table)
    tbl = stand_in(session, table, row)
    numbers = [number for _pos, number in conn.execute(NUMBERS, {"p_table_id": table_id})]
    recorded, this_one = conn.execute(_HANDS, {"p_hand": hand, "p_table_id": table_id}).one()
    if this_one:
        raise InputError("hand", code="hand_recorded", session=session, table=table, hand=hand)
    hand = _check_next_hand(st, tbl, hand, int(recorded))
    sh = score_win(st, numbers, tbl, hand, result) if isinstance(result, WinInput) else ScoredHand("draw")
    a = actor or default_actor()
    conn.execute(_INSERT_HAND, {
        "table_id": table_id, "hand_no": hand, "recorded_at": stamp, "station": a.station, "referee": a.referee,
        "kind": sh.kind, "winner": sh.winner, "discarder": sh.discarder, "self_drawn": sh.self_drawn,
        "fan_total": sh.fan_total, "flowers": sh.flowers, "notation": sh.notation, "fourth_tile": sh.fourth_tile,
        "kong_related": sh.kong_related, "last_tile_of_wall": sh.last_tile_of_wall,
        "fans": None if sh.fans is None else [{"id": f, "count": c} for f, c in sh.fans],
        "d0": sh.deltas[0], "d1": sh.deltas[1], "d2": sh.deltas[2], "d3": sh.deltas[3]})
    if hand in (st.hands_per_session, called_after):
        conn.execute(_END, {"p_table_id": table_id, "p_now": stamp})
    conn.execute(_INSERT_AUDIT, {
        "at": stamp, "station": a.station, "referee": a.referee, "action": AuditAction.RECORD,
        "before": None, "after": audit_json(sh.describe(numbers)), "reason": None,
        **what_columns(at_table(session, table, hand))})
    return RecordedHand(sh, numbers, version)


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
    audit(s, actor, AuditAction.RECORD, at_penalty(session, table, row.id), after=sp.describe(numbers))
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
    audit(s, actor, AuditAction.RECORD, time_called(session, table), after={"after_hand": after_hand})


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
    """The hands a sheet still lacks, up to the last hand that counts (``db.read.views.last_hand``)."""
    return tuple(range(recorded + 1, last_hand(hands_per_session, time_called_after) + 1))


def hands_text(hands: tuple[int, ...]) -> str:
    """``(10, 11, 12)`` as "10–12", one hand as "10" (the refusal names the missing hands)."""
    return str(hands[0]) if len(hands) == 1 else f"{hands[0]}–{hands[-1]}"


def unfinished(s: Session, tbl: SessionTable) -> tuple[int, ...]:
    """The hands a table's sheet still lacks: MCR's up to the session's last hand (``missing_hands``); a game's
    next hand until the game is over (its end is the rule system's: South 4, a time call, below zero)."""
    st = settings(s)
    recorded = recorded_hands(s, tbl)
    if is_game(st):
        return () if games_over(s, [tbl.id])[tbl.id] else (recorded + 1,)
    return missing_hands(st.hands_per_session, tbl.time_called_after, recorded)


def sign_off(s: Session, session: int, table: int, signed: bool = True, *, reason: str | None = None,
             expected_version: int | None = None, actor: Actor | None = None) -> None:
    """Mark a table's score sheet as checked and signed (or undo that).

    A sheet with hands missing (fewer than the session's hands and no time called; at a game table, the game
    not over: ``unfinished``) is refused with the missing hands named, unless a ``reason`` says why the table
    ended early (the reason is audited)."""
    reason = check_optional_text(reason, "reason", REASON_MAX) or None
    tbl = locked_table(s, session, table, expected_version)
    before = tbl.signed_off
    if not signed and not before:  # nothing to withdraw: no audit entry, the version stays (rolled back)
        raise TournamentError(code="sign_off_not_signed", session=session, table=table)
    if signed and not before:
        missing = unfinished(s, tbl)
        if missing and reason is None and is_game(settings(s)):  # a game has no count of hands to name
            raise InputError("table", code="sign_off_game_on", session=session, table=table,
                             recorded=recorded_hands(s, tbl))
        if missing and reason is None:
            raise InputError("table", code="sign_off_unfinished", session=session, table=table,
                             recorded=recorded_hands(s, tbl), missing=hands_text(missing))
    tbl.signed_off = signed
    if signed:
        tbl.end_time = tbl.end_time or now()
    audit(s, actor, AuditAction.SIGN_OFF, at_table(session, table), before={"signed_off": before},
          after={"signed_off": signed}, reason=reason)
