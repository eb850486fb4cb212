"""The player list: adding and updating players, and a substitute replacing a player."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import What
from db.errors import InputError, TournamentError
from db.models import Player, Seat, SessionTable
from db.read.lookup import check_session, player_by_number, table_has_results, tournament
from db.read.views import PlayerFields
from db.rules.countries import country_code
from db.rules.limits import NAME_MAX, NUMBER_MAX, PLAYERS_MAX, REASON_MAX, check_optional_text, check_text
from db.service.audit import Actor, audit


@dataclass(frozen=True, slots=True)
class PlayerInput(PlayerFields):
    """A player to add or update (by number): number, name, team, country, substitute, and the EMA fields
    (EMA number, first and last name). For the EMA fields None means "not given": an update keeps what is
    stored (a players CSV without those columns leaves them alone); "" clears it."""


EMA_DIGITS = 8
FIELDS = ("name", "team", "country", "substitute", "ema_number", "first_name", "last_name")
KEPT_WHEN_NOT_GIVEN = ("ema_number", "first_name", "last_name")


def checked_player(pi: PlayerInput, stored: Player | None = None) -> PlayerInput:
    """``pi`` with its texts checked against the limits (``db.rules.limits``: one line, at most 100 characters,
    the number 32) and its EMA fields checked and normalised: the country as its ISO 3166-1 alpha-2 code
    (``"fr"``, ``"France"``, ``"FRA"`` → ``"FR"``), the EMA number as 8 digits (a leading zero a
    spreadsheet dropped is put back), names stripped ("" stays "": clear it). ``stored``: the player as
    stored; a field given unchanged is kept as it is, never refused, so free text from before schema 0002
    (country) or a name with a character refused since (an older file, a JSON restore) stays
    until someone edits it, and the player's other fields can still be changed. Raises ``InputError``
    naming the field (and the player where it helps).

    >>> checked_player(PlayerInput(" 7 ", "Anna ", "", None)).number
    '7'
    >>> checked_player(PlayerInput("7", "A\\x00"))
    Traceback (most recent call last):
    db.errors.InputError: "name": contains a control character (U+0000): type it on one line, without special characters
    """
    def was(field: str) -> str | None:
        return None if stored is None else getattr(stored, field)

    number = check_text(pi.number, "number", NUMBER_MAX, was("number"))
    if not number:
        raise InputError("number", code="missing")
    name = check_text(pi.name, "name", NAME_MAX, was("name"))
    if not name:
        raise InputError("name", code="missing")
    team = check_optional_text(pi.team, "team", NAME_MAX, was("team"))
    country = check_optional_text(pi.country, "country", NAME_MAX, was("country"))
    if country and country != was("country"):
        code = country_code(country)
        if code is None:
            raise InputError("country", code="country_unknown", number=number, country=country)
        country = code
    ema = None if pi.ema_number is None else check_text(pi.ema_number, "ema_number", NAME_MAX, was("ema_number"))
    if ema and ema != was("ema_number"):
        if not ema.isascii() or not ema.isdigit() or len(ema) > EMA_DIGITS:
            raise InputError("ema_number", code="ema_number_invalid", number=number, ema=ema)
        ema = ema.zfill(EMA_DIGITS)
    first = None if pi.first_name is None else check_text(pi.first_name, "first_name", NAME_MAX, was("first_name"))
    last = None if pi.last_name is None else check_text(pi.last_name, "last_name", NAME_MAX, was("last_name"))
    return replace(pi, number=number, name=name, team=team, country=country or None, ema_number=ema,
                   first_name=first, last_name=last)


@dataclass(frozen=True, slots=True)
class ImportCounts:
    added: int = 0
    updated: int = 0
    unchanged: int = 0


def import_players(s: Session, players: Iterable[PlayerInput], actor: Actor | None = None) -> ImportCounts:
    """Add new players, update existing ones by number (all in the caller's transaction). A tournament
    holds at most ``PLAYERS_MAX`` players: the first one past it refuses the lot (``too_many_players``)."""
    existing = {p.number: p for p in s.scalars(select(Player))}
    added = updated = unchanged = 0
    for given in players:
        cur = existing.get(given.number)
        if cur is None and len(existing) >= PLAYERS_MAX:
            raise InputError(None, code="too_many_players", limit=PLAYERS_MAX,
                             number=given.number, count=len(existing) + 1)
        pi = checked_player(given, cur)
        values = {f: getattr(pi, f) for f in FIELDS}
        for f in KEPT_WHEN_NOT_GIVEN:  # None: not given, keep; "": cleared
            values[f] = getattr(cur, f, None) if values[f] is None else (values[f] or None)
        if cur is None:
            p = Player(number=pi.number, **values)
            s.add(p)
            existing[pi.number] = p
            added += 1
            audit(s, actor, AuditAction.PLAYER_ADD, What("player", player=pi.number), after=_player_json(p))
        elif any(getattr(cur, f) != v for f, v in values.items()):
            before = _player_json(cur)
            for f, v in values.items():
                setattr(cur, f, v)
            updated += 1
            audit(s, actor, AuditAction.PLAYER_UPDATE, What("player", player=pi.number), before=before, after=_player_json(cur))
        else:
            unchanged += 1
    s.flush()
    _check_team_sizes(s)
    return ImportCounts(added, updated, unchanged)


def _check_team_sizes(s: Session) -> None:
    sizes = dict(s.execute(select(Player.team, func.count()).where(Player.team.is_not(None)).group_by(Player.team)).all())
    big = sorted(f"{team} ({n})" for team, n in sizes.items() if n > 5)
    if big:
        raise InputError("team", code="team_too_large", teams=", ".join(big))


def _player_json(p: Player) -> dict[str, Any]:
    return {"number": p.number, **{f: getattr(p, f) for f in FIELDS}}


def substitute_player(s: Session, old: str, new: str, from_session: int, reason: str | None = None,
                      actor: Actor | None = None) -> None:
    """``new`` takes ``old``'s seats from ``from_session`` on (seated sessions and the stored plan);
    ``old`` is marked withdrawn. Tables of those sessions must have no results yet."""
    reason = check_optional_text(reason, "reason", REASON_MAX)
    check_session(s, from_session, "from_session")
    p_old = player_by_number(s, old, "old")
    p_new = player_by_number(s, new, "new")
    if p_old.id == p_new.id:
        raise InputError("new", code="substitute_self")
    t = tournament(s)
    for k in range(from_session, t.sessions + 1):
        if s.scalar(select(Seat.id).where(Seat.session == k, Seat.player_id == p_new.id)) is not None:
            raise InputError("new", code="substitute_seated", number=new, session=k)
        seat = s.scalar(select(Seat).where(Seat.session == k, Seat.player_id == p_old.id))
        if seat is not None:
            if table_has_results(s, seat.table_id):
                raise TournamentError(code="substitute_after_results", session=k, number=old, next=k + 1)
            seat.player_id = p_new.id
            s.execute(update(SessionTable).where(SessionTable.id == seat.table_id)
                      .values(version=SessionTable.version + 1))
    if t.seating_plan is not None:
        t.seating_plan = [
            None if sess is None  # a session of another stage: its plan is made when it is seated
            else [[new if (k + 1 >= from_session and n == old) else n for n in tbl] for tbl in sess]
            for k, sess in enumerate(t.seating_plan)
        ]
    p_old.withdrawn_from = from_session
    if p_new.withdrawn_from is not None and p_new.withdrawn_from >= from_session:
        p_new.withdrawn_from = None
    if p_new.substitute and (p_new.joined_from is None or p_new.joined_from > from_session):
        p_new.joined_from = from_session
    s.flush()
    audit(s, actor, AuditAction.SUBSTITUTE, What("substitute", from_session, player=new, params={"other": old}),
          before={"player": old}, after={"player": new}, reason=reason)
