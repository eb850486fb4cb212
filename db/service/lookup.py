"""Reads the services and ``db.queries`` share: the tournament row and settings, players, tables and
seats by number, and the checks that name what is missing. Nothing here writes."""

from __future__ import annotations

import hashlib
import hmac

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session, defer

from db.errors import InputError, NotInitialisedError, TournamentError
from db.models import DeviceToken, HandResult, Penalty, Player, Seat, SessionTable, Tournament
from db.profiles import Settings


def tournament(s: Session) -> Tournament:
    # The seating plan (large in a large field) loads only when seating needs it.
    t = s.get(Tournament, 1, options=[defer(Tournament.seating_plan)])
    if t is None:
        raise NotInitialisedError()
    # The identity map holds objects weakly: without this reference every call would load the row again
    # (with its whole seating plan), which made recording a hand slower the larger the tournament.
    s.info["mcr_tournament"] = t
    return t


def settings(s: Session) -> Settings:
    """The tournament's settings, read once per session (a session is one user action)."""
    cached: Settings | None = s.info.get("mcr_settings")
    if cached is None:
        cached = s.info["mcr_settings"] = Settings.from_json(tournament(s).settings)
    return cached


def has_results(s: Session, session: int | None = None) -> bool:
    """Whether any hand, penalty or time call exists (in ``session`` if given)."""
    for model in (HandResult, Penalty):
        q = select(model.id).join(SessionTable, SessionTable.id == model.table_id)
        if session is not None:
            q = q.where(SessionTable.session == session)
        if s.scalar(q.limit(1)) is not None:
            return True
    q2 = select(SessionTable.id).where(SessionTable.time_called_after.is_not(None))
    if session is not None:
        q2 = q2.where(SessionTable.session == session)
    return s.scalar(q2.limit(1)) is not None


def table_has_results(s: Session, table_id: int) -> bool:
    tbl = s.get(SessionTable, table_id)
    if tbl is not None and tbl.time_called_after is not None:
        return True
    return any(
        s.scalar(select(model.id).where(model.table_id == table_id).limit(1)) is not None
        for model in (HandResult, Penalty)
    )


def player_by_number(s: Session, number: str, field_name: str = "player") -> Player:
    p = s.scalar(select(Player).where(Player.number == str(number)))
    if p is None:
        raise InputError(field_name, code="no_player", number=number)
    return p


def is_active(p: Player, session: int) -> bool:
    """Whether ``p`` plays in ``session``: not withdrawn yet, and not a substitute waiting to come in."""
    if p.withdrawn_from is not None and p.withdrawn_from <= session:
        return False
    return not p.substitute or (p.joined_from is not None and p.joined_from <= session)


def active_players(s: Session, session: int) -> list[Player]:
    return [p for p in s.scalars(select(Player).order_by(Player.id)) if is_active(p, session)]


def session_tables(s: Session, session: int) -> list[SessionTable]:
    return list(s.scalars(select(SessionTable).where(SessionTable.session == session).order_by(SessionTable.table_no)))


def check_session(s: Session, session: int, field_name: str = "session") -> None:
    n = tournament(s).sessions
    if not isinstance(session, int) or isinstance(session, bool) or not 1 <= session <= n:
        raise InputError(field_name, code="no_session", session=session, sessions=n)


def seating_numbers(s: Session, session: int) -> list[list[str]]:
    """The session's tables as lists of player numbers in starting-seat order E, S, W, N."""
    rows = s.execute(
        select(SessionTable.table_no, Seat.position, Player.number)
        .join(Seat, Seat.table_id == SessionTable.id).join(Player, Player.id == Seat.player_id)
        .where(SessionTable.session == session).order_by(SessionTable.table_no, Seat.position)
    ).all()
    tables: dict[int, list[str]] = {}
    for table_no, _pos, number in rows:
        tables.setdefault(table_no, []).append(number)
    return [tables[k] for k in sorted(tables)]


def find_table(s: Session, session: int, table: int) -> SessionTable:
    """The table ``table`` of ``session``, or an :class:`InputError` naming what is wrong."""
    check_session(s, session)
    if not isinstance(table, int) or isinstance(table, bool):
        raise InputError("table", code="not_a_table", table=table)
    tbl = s.scalar(select(SessionTable).where(SessionTable.session == session, SessionTable.table_no == table))
    if tbl is None:
        n = len(session_tables(s, session))
        if n:
            raise InputError("table", code="no_table_in", session=session, table=table, tables=n)
        raise InputError("table", code="no_table_unseated", session=session, table=table)
    return tbl


def table_numbers(s: Session, tbl: SessionTable) -> list[str]:
    rows = s.execute(select(Seat.position, Player.number).join(Player, Player.id == Seat.player_id)
                     .where(Seat.table_id == tbl.id).order_by(Seat.position)).all()
    return [number for _pos, number in rows]


def recorded_hands(s: Session, tbl: SessionTable) -> int:
    return int(s.scalar(select(func.coalesce(func.max(HandResult.hand_no), 0)).where(HandResult.table_id == tbl.id)) or 0)


def existing_hand(s: Session, tbl: SessionTable, hand: int) -> HandResult | None:
    return s.scalar(select(HandResult).where(HandResult.table_id == tbl.id, HandResult.hand_no == hand))


def where(session: int, table: int, hand: int | None = None) -> str:
    return f"session {session} table {table}" + (f" hand {hand}" if hand is not None else "")


def penalty_place(s: Session, penalty_id: int, field_name: str = "penalty") -> tuple[int, int]:
    """(session, table) of a recorded penalty, or an :class:`InputError` when there is none."""
    row = s.get(Penalty, penalty_id)
    if row is None:
        raise InputError(field_name, code="no_penalty", penalty=penalty_id)
    tbl = s.get(SessionTable, row.table_id)
    assert tbl is not None
    return tbl.session, tbl.table_no


def token_hash(token: str) -> str:
    """The SHA-256 (hex) of a table device's token: what a request is looked up by."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def device_place(s: Session, token: str | None) -> tuple[int, int]:
    """(session, table) that a device token opens; a missing or unknown token raises
    ``device_token_missing`` / ``device_token_unknown``, a revoked one ``device_token_revoked``.

    The row is found by the token's SHA-256, then the token itself is compared in constant time."""
    if not token:
        raise TournamentError(code="device_token_missing")
    row = s.connection().execute(_TOKEN, {"p_hash": token_hash(token)}).one_or_none()
    if row is None or not hmac.compare_digest(row.token.encode("utf-8"), token.encode("utf-8")):
        raise TournamentError(code="device_token_unknown")
    if row.revoked_at is not None:
        raise TournamentError(code="device_token_revoked")
    return row.session, row.table_no


# Every device request reads its token first: a plain statement, built once (no ORM objects).
_DT = DeviceToken.__table__
_TOKEN = select(_DT.c.token, _DT.c.session, _DT.c.table_no, _DT.c.revoked_at).where(
    _DT.c.token_hash == bindparam("p_hash"))
