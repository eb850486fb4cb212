"""Read side, the check-in desk: who a session expects, who is marked present, absent or late, and the
players the desk's typing finds.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.models import CheckIn, Player
from db.read.lookup import active_players
from db.read.players import players
from db.read.stages import stage_of, stage_roster
from db.read.views import CheckInView, PlayerView, number_key, player_order
from db.rules.names import name_matches


def checkin(s: Session, session: int) -> CheckInView:
    """The check-in desk of ``session``. The players expected are the session's stage's players (its
    players once known) or the active players; substitutes of the pool are listed only once marked."""
    stage = stage_of(s, session)
    if stage is not None and stage.players is not None:
        expected = stage_roster(s, stage, session)
    else:
        expected = [p.number for p in active_players(s, session)]
    rows = s.execute(select(Player.number, CheckIn.present, CheckIn.late).join(Player, Player.id == CheckIn.player_id)
                     .where(CheckIn.session == session)).all()
    marked = {n for n, _present, _late in rows}
    return CheckInView(
        session,
        tuple(sorted((n for n, present, _late in rows if present), key=number_key)),
        tuple(sorted((n for n, present, _late in rows if not present), key=number_key)),
        tuple(sorted((n for n in expected if n not in marked), key=number_key)),
        tuple(sorted((n for n, present, late in rows if present and late), key=number_key)),
    )


def checkin_candidates(s: Session, session: int, text: str) -> list[PlayerView]:
    """The players the check-in desk's typing finds for ``session``: the one whose number it is, else those
    whose name it is part of (accents folded, Chinese names by pinyin), in name order. Only players the
    session expects and the substitutes of the pool (not withdrawn) are found."""
    desk = checkin(s, session)
    expected = set(desk.present) | set(desk.absent) | set(desk.not_seen)
    pool = [p for p in players(s) if p.number in expected
            or (p.substitute and (p.withdrawn_from is None or p.withdrawn_from > session))]
    typed = text.strip()
    exact = [p for p in pool if p.number == typed]
    if exact:
        return exact
    return sorted((p for p in pool if name_matches(typed, p.name)), key=lambda p: player_order(p.name, p.number))
