"""The player list: adding and updating players, and a substitute replacing a player."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.errors import InputError, TournamentError
from db.limits import NAME_MAX, NUMBER_MAX, REASON_MAX, check_optional_text, check_text
from db.models import Player, Seat, SessionTable
from db.service.audit import Actor, audit
from db.service.lookup import check_session, player_by_number, table_has_results, tournament
from db.views import PlayerFields


@dataclass(frozen=True, slots=True)
class PlayerInput(PlayerFields):
    """A player to add or update (by number): number, name, team, country, substitute."""


@dataclass(frozen=True, slots=True)
class ImportCounts:
    added: int = 0
    updated: int = 0
    unchanged: int = 0


def checked_player(pi: PlayerInput) -> PlayerInput:
    """``pi`` with its texts checked against the limits (``db.limits``) and trimmed; :class:`InputError`
    names the first field that breaks one.

    >>> checked_player(PlayerInput(" 7 ", "Anna ", "", None)).number
    '7'
    >>> checked_player(PlayerInput("7", "A\\x00"))
    Traceback (most recent call last):
    db.errors.InputError: "name": contains a control character (U+0000): type it on one line, without special characters
    """
    number = check_text(pi.number, "number", NUMBER_MAX)
    if not number:
        raise InputError("number", code="missing")
    name = check_text(pi.name, "name", NAME_MAX)
    if not name:
        raise InputError("name", code="missing")
    return replace(pi, number=number, name=name, team=check_optional_text(pi.team, "team", NAME_MAX),
                   country=check_optional_text(pi.country, "country", NAME_MAX))


def import_players(s: Session, players: Iterable[PlayerInput], actor: Actor | None = None) -> ImportCounts:
    """Add new players, update existing ones by number (all in the caller's transaction)."""
    existing = {p.number: p for p in s.scalars(select(Player))}
    added = updated = unchanged = 0
    for pi in map(checked_player, players):
        cur = existing.get(pi.number)
        if cur is None:
            p = Player(number=pi.number, name=pi.name, team=pi.team, country=pi.country, substitute=pi.substitute)
            s.add(p)
            existing[pi.number] = p
            added += 1
            audit(s, actor, AuditAction.PLAYER_ADD, f"player {pi.number}", after=_player_json(p))
        elif (cur.name, cur.team, cur.country, cur.substitute) != (pi.name, pi.team, pi.country, pi.substitute):
            before = _player_json(cur)
            cur.name, cur.team, cur.country, cur.substitute = pi.name, pi.team, pi.country, pi.substitute
            updated += 1
            audit(s, actor, AuditAction.PLAYER_UPDATE, f"player {pi.number}", before=before, after=_player_json(cur))
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
    return {"number": p.number, "name": p.name, "team": p.team, "country": p.country, "substitute": p.substitute}


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
            [[new if (k + 1 >= from_session and n == old) else n for n in tbl] for tbl in sess]
            for k, sess in enumerate(t.seating_plan)
        ]
    p_old.withdrawn_from = from_session
    if p_new.withdrawn_from is not None and p_new.withdrawn_from >= from_session:
        p_new.withdrawn_from = None
    if p_new.substitute and (p_new.joined_from is None or p_new.joined_from > from_session):
        p_new.joined_from = from_session
    s.flush()
    audit(s, actor, AuditAction.SUBSTITUTE, f"player {new} replaces {old} from session {from_session}",
          before={"player": old}, after={"player": new}, reason=reason)
