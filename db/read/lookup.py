"""Reads the services and ``db.read.queries`` share: the tournament row and settings, players, tables and
seats by number, and the checks that name what is missing. Nothing here writes."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import Text, bindparam, cast, func, select
from sqlalchemy.orm import Session, defer

from db.errors import InputError, NotInitialisedError, TournamentError
from db.models import DeviceToken, HandResult, Penalty, Player, Seat, SessionTable, Tournament
from db.rules.limits import INT_MAX
from db.rules.profiles import Settings


def tournament(s: Session) -> Tournament:
    # The seating plan (large in a large field) loads only when seating needs it.
    t = s.get(Tournament, 1, options=[defer(Tournament.seating_plan)])
    if t is None:
        raise NotInitialisedError()
    # The identity map holds objects weakly: without this reference every call would load the row again
    # (with its whole seating plan), which made recording a hand slower the larger the tournament.
    s.info["mcr_tournament"] = t
    return t


def _from_object(s: Session) -> bool:
    """Whether this session reads the tournament's head from its object: it holds that object (whose changes
    may not be flushed yet) or has objects pending (maybe that one). Else :func:`plain_head` serves."""
    return s.identity_map.get(s.identity_key(Tournament, (1,))) is not None or bool(s.new)


def plain_head(s: Session) -> tuple[int, Settings]:
    """:func:`head`, or :class:`NotInitialisedError` before ``init``."""
    found = head(s)
    if found is None:
        raise NotInitialisedError()
    return found


def settings(s: Session) -> Settings:
    """The tournament's settings, read once per session (a session is one user action). Read from the
    tournament object when the session holds it or has objects not yet flushed (its changes count), else
    with :func:`head`, one plain statement whose text is parsed once per distinct text: loading the object
    cost 0.4 ms, on every page's reading after every change."""
    cached: Settings | None = s.info.get("mcr_settings")
    if cached is None:
        cached = Settings.from_json(tournament(s).settings) if _from_object(s) else plain_head(s)[1]
        s.info["mcr_settings"] = cached
    return cached


@lru_cache(maxsize=8)
def settings_of(text: str) -> Settings:
    """The settings stored as ``text``: parsed once per distinct text. :func:`head` reads the text in every
    transaction, so a change another program made is seen at once."""
    return Settings.from_json(json.loads(text))


_TOURNAMENT = Tournament.__table__
_HEAD = select(_TOURNAMENT.c.sessions, cast(_TOURNAMENT.c.settings, Text)).where(_TOURNAMENT.c.id == 1)


def head(s: Session) -> tuple[int, Settings] | None:
    """(sessions, settings) in one plain statement, or None before ``init``; the settings are kept for the
    session as :func:`settings` keeps them. The session's pending changes are flushed first, so that what
    this transaction changed through the ORM is what is read."""
    s.flush()
    row = s.connection().execute(_HEAD).one_or_none()
    if row is None:
        return None
    st = s.info.get("mcr_settings") or settings_of(row[1])
    s.info["mcr_settings"] = st
    return int(row[0]), st


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
    n = tournament(s).sessions if _from_object(s) else plain_head(s)[0]  # head() keeps the settings too
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
    # a number past the Integer column is no table (asked, PostgreSQL would refuse the query: DataError)
    tbl = (s.scalar(select(SessionTable).where(SessionTable.session == session, SessionTable.table_no == table))
           if 1 <= table <= INT_MAX else None)
    if tbl is None:
        n = len(session_tables(s, session))
        if n:
            raise InputError("table", code="no_table_in", session=session, table=table, tables=n)
        raise InputError("table", code="no_table_unseated", session=session, table=table)
    return tbl


_ST, _SEAT, _PLAYER = SessionTable.__table__, Seat.__table__, Player.__table__
_TABLE = select(_ST.c.id, _ST.c.version, _ST.c.signed_off, _ST.c.time_called_after, _ST.c.start_time,
                _ST.c.end_time).where(_ST.c.session == bindparam("p_session"), _ST.c.table_no == bindparam("p_table"))
# the table's row beside each of its seats, E S W N: a table and its players in one statement
_TABLE_SEATS = (select(*_TABLE.selected_columns, _SEAT.c.position, _PLAYER.c.number)
                .join(_SEAT, _SEAT.c.table_id == _ST.c.id).join(_PLAYER, _PLAYER.c.id == _SEAT.c.player_id)
                .where(_ST.c.session == bindparam("p_session"), _ST.c.table_no == bindparam("p_table"))
                .order_by(_SEAT.c.position))
NUMBERS = (select(_SEAT.c.position, _PLAYER.c.number).join(_PLAYER, _PLAYER.c.id == _SEAT.c.player_id)
           .where(_SEAT.c.table_id == bindparam("p_table_id")).order_by(_SEAT.c.position))


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as a plain row read it (no ORM object: building one costs ten times this), for the checks
    and refusals that name a table on the hot paths."""

    id: int
    session: int
    table_no: int
    version: int
    signed_off: bool
    time_called_after: int | None
    start_time: datetime | None
    end_time: datetime | None


def stand_in(session: int, table: int, row: Any) -> TableRow:
    """The table of a plain row (id, version, signed_off, time_called_after, start_time, end_time)."""
    table_id, version, signed_off, called_after, start_time, end_time = row
    return TableRow(table_id, session, table, version, bool(signed_off), called_after, start_time, end_time)


def table_to_score(s: Session, session: int, table: int) -> tuple[SessionTable | TableRow, Settings, list[str]]:
    """What scoring a hand at a table needs, in two plain statements and no loaded object: the table (a
    :class:`TableRow`), the settings and the player numbers E, S, W, N. A missing
    session or table is refused as :func:`find_table` refuses it."""
    plain = all(isinstance(v, int) and not isinstance(v, bool) for v in (session, table))
    found = head(s) if plain else None
    rows = (s.connection().execute(_TABLE_SEATS, {"p_session": session, "p_table": table}).all()
            if found is not None and 1 <= session <= found[0] and 1 <= table <= INT_MAX else ())
    if found is None or not rows:
        tbl = find_table(s, session, table)  # the refusal, worded as always
        return tbl, settings(s), table_numbers(s, tbl)
    return stand_in(session, table, rows[0][:6]), found[1], [row[7] for row in rows]


def table_numbers(s: Session, tbl: SessionTable) -> list[str]:
    rows = s.execute(select(Seat.position, Player.number).join(Player, Player.id == Seat.player_id)
                     .where(Seat.table_id == tbl.id).order_by(Seat.position)).all()
    return [number for _pos, number in rows]


def recorded_hands(s: Session, tbl: SessionTable) -> int:
    return int(s.scalar(select(func.coalesce(func.max(HandResult.hand_no), 0)).where(HandResult.table_id == tbl.id)) or 0)


def existing_hand(s: Session, tbl: SessionTable, hand: int) -> HandResult | None:
    if not 1 <= hand <= INT_MAX:  # never recorded; PostgreSQL would refuse the query (DataError)
        return None
    return s.scalar(select(HandResult).where(HandResult.table_id == tbl.id, HandResult.hand_no == hand))


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


def table_version(s: Session, session: int, table: int) -> int:
    """The table's ``version`` (it moves with every change to the table, by any station), one indexed read;
    a table gone is refused as :func:`find_table` words it."""
    version = s.scalar(select(SessionTable.version).where(SessionTable.session == session,
                                                          SessionTable.table_no == table))
    return find_table(s, session, table).version if version is None else version


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
