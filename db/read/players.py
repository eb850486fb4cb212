"""Read side, the players: the tournament's name and settings, the players, who sits where in a session,
the sessions seated, and who replaces whom (a substitute for a withdrawn player or a no-show).

Every function takes the ORM ``Session`` first and only reads.
"""

from __future__ import annotations

import json

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.models import AuditLog, Player, Seat, SessionTable
from db.read.lookup import settings as _settings
from db.read.lookup import tournament as _tournament
from db.read.sheets import player_view, seat_views, table_rows
from db.read.views import PlayerView, TableSeating, TournamentInfo, number_key
from db.rules.profiles import Settings


def tournament_info(s: Session) -> TournamentInfo:
    t = _tournament(s)
    return TournamentInfo(t.name, t.profile, t.sessions, t.hands_per_session, t.flowers, t.start_date)


def settings(s: Session) -> Settings:
    return _settings(s)


def players(s: Session) -> list[PlayerView]:
    return sorted((player_view(p) for p in s.scalars(select(Player))), key=lambda v: number_key(v.number))


def seating(s: Session, session: int) -> list[TableSeating]:
    tables = table_rows(s, session)
    seats = seat_views(s, (t.id for t in tables))
    return [TableSeating(t.session, t.table_no, seats[t.id]) for t in tables if t.id in seats]


def seated_sessions(s: Session) -> list[int]:
    return list(s.scalars(select(SessionTable.session).distinct().order_by(SessionTable.session)))


def seat_counts(s: Session) -> dict[tuple[int, int], int]:
    """(session, table) → how many players sit there, for every table row (0 for an empty one)."""
    rows = s.execute(select(SessionTable.session, SessionTable.table_no, func.count(Seat.id))
                     .outerjoin(Seat, Seat.table_id == SessionTable.id)
                     .group_by(SessionTable.id, SessionTable.session, SessionTable.table_no)).all()
    return {(int(k), int(t)): int(n) for k, t, n in rows}


def substitutions(s: Session) -> dict[str, str]:
    """Who replaced whom, from the substitutions' audit records (the only record of the pairing, exported
    with the file): each withdrawn number -> the number of their latest substitute."""
    out: dict[str, str] = {}
    for before, after in s.execute(select(AuditLog.before, AuditLog.after).where(AuditLog.action == AuditAction.SUBSTITUTE)
                                   .order_by(AuditLog.id)).all():
        try:
            old, new = json.loads(before or "null")["player"], json.loads(after or "null")["player"]
        except (ValueError, TypeError, KeyError):
            continue  # not a pairing this reader knows: that withdrawal keeps no substitute
        out[str(old)] = str(new)
    return out


def replacements(s: Session, session: int) -> dict[str, str]:
    """Whom each substitute seated in ``session`` replaces: substitute number -> the number replaced. A
    no-show's seat given at the check-in (the latest ``stand_in`` record of the session), or a withdrawal
    (``players substitute OLD NEW``, OLD withdrawn by ``session``); a pairing counts while the substitute
    sits in the session and the player replaced does not."""
    seated = {p.number for t in seating(s, session) for p in t.players}
    pairs: dict[str, str] = {}
    people = {p.number: p for p in s.scalars(select(Player))}
    for old, new in substitutions(s).items():
        w = people[old].withdrawn_from if old in people else None
        if w is not None and w <= session:
            pairs[new] = old
    for (after,) in s.execute(select(AuditLog.after).where(AuditLog.action == AuditAction.STAND_IN)
                              .order_by(AuditLog.id)):
        try:
            entry = json.loads(after or "null")
            if entry["session"] == session:
                pairs.update({str(k): str(v) for k, v in entry["replaces"].items()})
        except (ValueError, TypeError, KeyError, AttributeError):
            continue  # not a record this reader knows
    return {new: old for new, old in pairs.items() if new in seated and old not in seated}
