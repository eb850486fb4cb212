"""What the hall display shows, read from the store in one go (no Qt): the session it is about, who sits
where (in name order), the standings, the teams and the session's best hands. The clock is not here: the
window's ``ClockWatch`` reads it (and re-reads it when the store changes)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from db import queries
from db.clock import ENDED
from db.service.calls import standings_cut
from db.service.clock import clock_reading
from db.views import SEATS, Awards, StandingRow, TeamStandingRow, played_sessions, player_order

BEST_HANDS = 10


@dataclass(frozen=True, slots=True)
class Place:
    """One line of "find your table"."""

    name: str
    number: str
    table: int
    seat: str  # starting seat E/S/W/N


@dataclass(frozen=True, slots=True)
class BestHand:
    name: str
    number: str
    table: int
    hand: int
    fan_total: int
    fans: tuple[tuple[str, str], ...]  # (en, zh) of the fans, highest first
    self_drawn: bool


@dataclass(frozen=True, slots=True)
class HallData:
    tournament: str
    session: int  # 0: nothing seated yet
    sessions: int
    places: tuple[Place, ...] = ()
    standings: tuple[StandingRow, ...] = ()
    teams: tuple[TeamStandingRow, ...] = ()
    best: tuple[BestHand, ...] = ()
    after: int = 0  # the standings count the sessions up to this one
    places_session: int = 0  # the session "find your table" lists (0: the same as ``session``)
    awards: Awards | None = None  # the prize list (``db.queries.awards``): the awards page
    still_playing: int = 0  # tables the standings count while they still play: marked provisional
    hidden_after: int | None = None  # the standings stop at this session (the players' page's setting)
    page_url: str = ""  # the players' page address, shown as a QR code on "find your table" ("": none)

    @property
    def seating_session(self) -> int:
        return self.places_session or self.session


def hall_session(s: Any) -> int:
    """The session the hall is about: the first seated session with a table still to finish (the one being
    played, or the next one), else the last seated session; 0 when none is seated."""
    seated = queries.seated_sessions(s)
    for n in seated:
        if any(not p.finished for p in queries.table_progress(s, n)):
            return n
    return seated[-1] if seated else 0


def places_session(s: Any, session: int, now: datetime | None = None) -> int:
    """The session "find your table" lists while the hall is about ``session`` (N): the next seated
    session (N+1) once N's clock has ended at ``now`` — ended by the referee, or the session's time and
    every table's extra time are over — so players can find their next table while the last tables of N
    finish; else N itself. (Once every table of N is finished the hall is about N+1 anyway.)"""
    later = [n for n in queries.seated_sessions(s) if n > session]
    if not session or not later:
        return session
    return later[0] if clock_reading(s, session).at(now).state == ENDED else session


def read_hall(s: Any, session: int | None = None, now: datetime | None = None, awards: bool = True) -> HallData:
    """Everything the hall display's pages draw (``session`` None: :func:`hall_session`; "find your
    table" lists :func:`places_session` of it at ``now``); the prize list only with ``awards`` (it reads
    every hand of the tournament: a display without the awards page does not). While the players' page
    hides the standings (``db.service.calls.standings_cut``) the standings, team standings and awards
    are those after that session, and a later session's best hands are not listed."""
    info = queries.tournament_info(s)
    n = hall_session(s) if session is None else session
    if not n:
        return HallData(info.name, 0, info.sessions)
    pn = places_session(s, n, now)
    seating = queries.seating(s, n)
    listed = seating if pn == n else queries.seating(s, pn)
    places = sorted((Place(p.name, p.number, t.table, SEATS[i]) for t in listed
                     for i, p in enumerate(t.players)), key=lambda pl: player_order(pl.name, pl.number))
    cut = standings_cut(s)  # hidden before a final: the standings after session ``cut``, as on the players' page
    standings = tuple(queries.standings(s, after=cut))
    teams = tuple(queries.team_standings(s, after=cut))
    seats = {t.table: t.players for t in seating}
    hidden = cut is not None and n > cut  # the session's hands are hidden with the standings
    wins = [] if hidden else sorted((h for h in queries.results(s, n) if h.kind == "win" and h.winner is not None),
                                    key=lambda h: (-h.fan_total, h.table, h.hand))[:BEST_HANDS]
    best = []
    for h in wins:
        assert h.winner is not None
        p = seats[h.table][h.winner]
        fans = tuple((f.en, f.zh) for f in sorted(h.fans, key=lambda f: -f.points * f.count))
        best.append(BestHand(p.name, p.number, h.table, h.hand, h.fan_total, fans, h.self_drawn))
    return HallData(info.name, n, info.sessions, tuple(places), standings, teams,
                    tuple(best), played_sessions(standings), pn if pn != n else 0,
                    queries.awards(s, teams, after=cut) if awards else None, queries.still_playing(s, after=cut), cut)
