"""SQLAlchemy 2 typed models: one tournament per database.

Results are stored per table slot with the starting-seat *position* (0–3) of the winner, discarder or
penalised player, and the four point changes ``d0..d3`` in starting-seat order. Standings are computed
from these rows, never stored, so there is one source of truth.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

# Stable constraint names so Alembic batch migrations on SQLite can address them.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    # Every model here is mapped to a Table (DeclarativeBase types it as any FromClause), so the plain
    # insert/update statements built on ``Model.__table__`` type-check; SQLAlchemy's advice (issue 9130).
    __table__: ClassVar[Table]


class Tournament(Base):
    """The single row (id 1) describing the tournament and its frozen settings."""

    __tablename__ = "tournament"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    profile: Mapped[str] = mapped_column(String(20))
    sessions: Mapped[int] = mapped_column(Integer)
    hands_per_session: Mapped[int] = mapped_column(Integer)
    flowers: Mapped[bool] = mapped_column(Boolean)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)  # profiles.Settings.to_json()
    start_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    seating_seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The balanced plan for all sessions: list (session) of list (table) of [E, S, W, N] numbers.
    seating_plan: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)


class Player(Base):
    __tablename__ = "players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    team: Mapped[str | None] = mapped_column(String(200), nullable=True)
    # ISO 3166-1 alpha-2 code for new input (db.rules.countries); files from before schema 0002 may hold free text.
    country: Mapped[str | None] = mapped_column(String(100), nullable=True)
    # EMA results file (schema 0002): the 8-digit EMA number; first and last name when they are not the
    # split of ``name`` (db.rules.names.split_name).
    ema_number: Mapped[str | None] = mapped_column(String(16), nullable=True)
    first_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    last_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    withdrawn_from: Mapped[int | None] = mapped_column(Integer, nullable=True)  # first session missed
    # A substitute is not seated until they replace someone; ``joined_from`` is their first session.
    substitute: Mapped[bool] = mapped_column(Boolean, default=False)
    joined_from: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SessionTable(Base):
    """One table of one session; ``version`` counts every change (optimistic locking)."""

    __tablename__ = "session_tables"
    __table_args__ = (UniqueConstraint("session", "table_no"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=0)
    time_called_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    signed_off: Mapped[bool] = mapped_column(Boolean, default=False)
    start_time: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    end_time: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    seats: Mapped[list[Seat]] = relationship(back_populates="table", order_by="Seat.position",
                                             cascade="all, delete-orphan")


class Seat(Base):
    """A player's starting seat (position 0–3 = E, S, W, N) at a table of a session."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "position"), UniqueConstraint("session", "player_id"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("session_tables.id", ondelete="CASCADE"), index=True)
    session: Mapped[int] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)

    table: Mapped[SessionTable] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()


class RecordedChange:
    """What a recorded hand and a recorded penalty share: the points each starting seat (E, S, W, N) wins
    or loses (columns ``d0``–``d3``, also as :attr:`deltas`), and when, where and by whom it was recorded."""

    d0: Mapped[int] = mapped_column(Integer, default=0)
    d1: Mapped[int] = mapped_column(Integer, default=0)
    d2: Mapped[int] = mapped_column(Integer, default=0)
    d3: Mapped[int] = mapped_column(Integer, default=0)
    recorded_at: Mapped[datetime] = mapped_column(DateTime)
    station: Mapped[str] = mapped_column(String(100), default="")
    referee: Mapped[str] = mapped_column(String(100), default="")

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        return (self.d0, self.d1, self.d2, self.d3)

    @deltas.setter
    def deltas(self, value: tuple[int, int, int, int]) -> None:
        self.d0, self.d1, self.d2, self.d3 = value


class HandResult(RecordedChange, Base):
    """A win or a draw in one hand slot of a table."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("table_id", "hand_no"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("session_tables.id", ondelete="CASCADE"), index=True)
    hand_no: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))  # "win" | "draw"; a game table: its record's "type"
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    discarder: Mapped[int | None] = mapped_column(Integer, nullable=True)
    self_drawn: Mapped[bool] = mapped_column(Boolean, default=False)
    fan_total: Mapped[int] = mapped_column(Integer, default=0)  # base points incl. flowers
    flowers: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None = not known (totals only)
    notation: Mapped[str | None] = mapped_column(Text, nullable=True)
    fourth_tile: Mapped[bool] = mapped_column(Boolean, default=False)
    kong_related: Mapped[bool] = mapped_column(Boolean, default=False)
    last_tile_of_wall: Mapped[bool] = mapped_column(Boolean, default=False)
    fans: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)  # [{"id": Fan, "count": n}]
    # A game table's hand (schema 0008): the system's record (``scoring.riichi.lines``); null for MCR. Its
    # ``d0``-``d3`` are derived from the table's records in order, written again whenever one changes.
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)


class Penalty(RecordedChange, Base):
    __tablename__ = "penalties"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("session_tables.id", ondelete="CASCADE"), index=True)
    hand_no: Mapped[int | None] = mapped_column(Integer, nullable=True)
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(40))
    points: Mapped[int] = mapped_column(Integer)
    settlement: Mapped[str] = mapped_column(String(10))  # "deducted" | "others" | "player"
    to_position: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reason: Mapped[str] = mapped_column(Text, default="")


class AuditLog(Base):
    """Every change: what, the state before and after (JSON text), when, where, who, why."""

    __tablename__ = "audit_log"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime)
    station: Mapped[str] = mapped_column(String(100), default="")
    referee: Mapped[str] = mapped_column(String(100), default="")
    action: Mapped[str] = mapped_column(String(40))
    what: Mapped[str] = mapped_column(Text)
    before: Mapped[str | None] = mapped_column(Text, nullable=True)
    after: Mapped[str | None] = mapped_column(Text, nullable=True)
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    # ``what`` as data (db/audit_what.py): the place, and the message's code and other parameters. Null in an
    # entry whose subject has no such part (or, for the code, an entry no version of the app wrote).
    session: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_no: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hand: Mapped[int | None] = mapped_column(Integer, nullable=True)
    player: Mapped[str | None] = mapped_column(String(32), nullable=True)
    what_code: Mapped[str | None] = mapped_column(String(40), nullable=True)
    what_params: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)


class DeviceToken(Base):
    """The link of one table's device (phone, tablet) for one session: ``token`` lets it read and record
    that table only. Kept as the token itself (``devices`` prints the same links again) and its SHA-256
    (``token_hash``, what a request is looked up by); a revoked token stays, with ``revoked_at``, so its
    device is told "revoked" rather than "unknown". No foreign key to ``session_tables``: a table number is
    the physical table, and its link survives re-seating the session."""

    __tablename__ = "device_tokens"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    token: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    issued_at: Mapped[datetime] = mapped_column(DateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class DeviceRequest(Base):
    """The answer given to a device's write carrying a ``request_id``: a retry with the same id gets the same
    answer and records nothing again. Written in the transaction that records the hand."""

    __tablename__ = "device_requests"
    __table_args__ = (UniqueConstraint("session", "table_no", "request_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    request_id: Mapped[str] = mapped_column(String(100))
    status: Mapped[int] = mapped_column(Integer)
    response: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime)


class SessionClock(Base):
    """The hall's clock for one session. Only moments are stored (UTC, from the database rows); the time
    left is derived from them and the current time (``db.rules.clock.clock_state``), never counted down."""

    __tablename__ = "session_clocks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session: Mapped[int] = mapped_column(Integer, unique=True)
    length_s: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    paused_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    paused_total_s: Mapped[int] = mapped_column(Integer, default=0)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)


class ClockTable(Base):
    """A table's own part of its session's clock: extra time, and the bell (when the clock's zero called
    time there, and when the referee confirmed that call)."""

    __tablename__ = "clock_tables"
    __table_args__ = (UniqueConstraint("session", "table_no"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    extra_s: Mapped[int] = mapped_column(Integer, default=0)
    bell_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class RefereeCall(Base):
    """A table calling a referee (``db.service.calls``): open → taken (by a named referee) →
    resolved (with a ruling), or cancelled by the table while still open. ``penalty_id`` is the penalty the
    ruling caused, kept as a number without a foreign key: a correction may delete that penalty, and the
    ruling's record must survive it."""

    __tablename__ = "referee_calls"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(20))
    note: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(10), index=True)  # open | taken | resolved | cancelled
    called_at: Mapped[datetime] = mapped_column(DateTime)
    taken_by: Mapped[str | None] = mapped_column(String(100), nullable=True)
    taken_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    ruling: Mapped[str | None] = mapped_column(Text, nullable=True)
    penalty_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hand: Mapped[int | None] = mapped_column(Integer, nullable=True)


class PublicPage(Base):
    """The players' public page's settings (one row, id 1; no row = the defaults: on, standings shown)."""

    __tablename__ = "public_page"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    # The standings shown are those after this session, until the tournament ends (None: always live).
    hide_standings_after: Mapped[int | None] = mapped_column(Integer, nullable=True)


class Stage(Base):
    """A later stage of the tournament (schema 0005): its sessions follow the stage before it (the first
    stage before any row here is the qualifying stage, sessions 1 .. the first row's ``first_session`` − 1).
    Its players are the top ``cut`` of the previous stage's ranking (``db.rules.stages``); ``advance`` holds the
    organiser's choice among the players tied at the cut line (null until a tie needed one)."""

    __tablename__ = "stages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    first_session: Mapped[int] = mapped_column(Integer, unique=True)
    sessions: Mapped[int] = mapped_column(Integer)
    cut: Mapped[int] = mapped_column(Integer)
    carry: Mapped[str] = mapped_column(String(10))  # db.rules.stages.Carry
    seating: Mapped[str] = mapped_column(String(10))  # db.rules.stages.StageSeating
    advance: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)


class CheckIn(Base):
    """The check-in desk (检录): a player seen present, or marked absent, before a session. ``late``: marked
    present after the session had started (the seating, and any substitute in it, stays)."""

    __tablename__ = "checkins"
    __table_args__ = (UniqueConstraint("session", "player_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    present: Mapped[bool] = mapped_column(Boolean)
    late: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(DateTime)
