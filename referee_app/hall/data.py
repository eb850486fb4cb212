"""What the hall display shows, read from the store in one go (no Qt): the session it is about, who sits
where (in name order), the standings, the teams and the session's best hands. The clock is not here: the
window's ``ClockWatch`` reads it (and re-reads it when the store changes)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from db.read import queries
from db.read.awards import game_wins
from db.read.changes import Changes
from db.read.games import HANDS, StandingColumns, is_game, standing_columns
from db.read.views import (
    SEATS,
    Awards,
    GameValue,
    StandingRow,
    TableProgress,
    TableSeating,
    TeamStandingRow,
    played_sessions,
    player_order,
)
from db.rules.clock import ENDED
from db.service.clock import clock_reading
from db.service.public_page import standings_cut

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
    fans: tuple[tuple[str, str], ...]  # (en, zh) of the fans, highest first (a game's: its yaku)
    self_drawn: bool
    value: GameValue | None = None  # a game's win: its value in place of a fan total


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
    awards: Awards | None = None  # the prize list (``db.read.queries.awards``): the awards page
    still_playing: int = 0  # tables the standings count while they still play: marked provisional
    hidden_after: int | None = None  # the standings stop at this session (the players' page's setting)
    page_url: str = ""  # the players' page address, shown as a QR code on "find your table" ("": none)
    columns: StandingColumns = HANDS  # the standings' totals as the rule system counts them (a game: score, points)

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
    hides the standings (``db.service.public_page.standings_cut``) the standings, team standings and awards
    are those after that session, and a later session's best hands are not listed."""
    return HallReader(awards).read(s, PARTS, now, session)


PARTS = frozenset({"places", "standings", "best", "awards"})
# What each page draws beyond the frame (title band: the session, the standings' cut, "still playing")
NEEDS: dict[str, frozenset[str]] = {
    "clock": frozenset(), "find": frozenset({"places"}), "standings": frozenset({"standings"}),
    "teams": frozenset({"standings"}), "best": frozenset({"best"}), "awards": frozenset({"standings", "awards"}),
}


class HallReader:
    """:func:`read_hall` kept between changes (docs/gui.md "Refresh by what changed"): each part is read
    again only when a change touched it (:meth:`invalidate` with the change's ``db.read.changes.Changes``),
    and only when a page that shows it is drawn (:meth:`read` with that page's :data:`NEEDS`).

    A hand at one table re-reads that table's progress (the hall's session, "still playing") and marks
    the standings, the best hands and the awards for reading when their page is shown; who sits where is
    kept until a seating, a player's details or the settings change. ``reads`` counts the reads by part
    (tests and the benchmark check what a change re-read)."""

    def __init__(self, awards: bool = True) -> None:
        self.awards = awards
        self.reads: Counter[str] = Counter()
        self.data: HallData | None = None
        self.forget()

    def forget(self) -> None:
        """Everything is read again at the next :meth:`read`."""
        self.info: Any = None
        self.columns: StandingColumns = HANDS  # read with ``info`` (the settings change: a wide change)
        self.seated: list[int] | None = None
        self.progress: dict[int, dict[int, TableProgress]] = {}  # session -> table -> progress
        self.stale: set[tuple[int, int]] = set()  # tables whose progress is to be read again
        self.seats: dict[int, list[TableSeating]] = {}  # session -> its seating
        self.scores: dict[tuple[int, int], queries.TableScore] | None = None  # the standings' tables
        self.stale_scores: set[tuple[int, int]] = set()
        self.cut: int | None = None
        self.cut_due = True
        self.pn_due = True  # "find your table"'s session is to be worked out again (the clock moved)
        self.n = self.pn = 0
        self.places_of = -1  # the session ``places`` lists
        self.dirty: set[str] = set(PARTS)

    def invalidate(self, changes: Changes) -> None:
        """Mark what ``changes`` touched for reading again."""
        if changes.wide:
            self.forget()
            return
        if changes.players:  # names: in every list
            self.seats.clear()
            self.scores = None
            self.dirty |= PARTS
        if changes.sessions:  # a seating: its tables, who sits where, and so everything ranked
            self.seated = None
            self.scores = None
            for k in changes.sessions:
                self.progress.pop(k, None)
                self.seats.pop(k, None)
            self.cut_due = self.pn_due = True
            self.dirty |= PARTS
        if changes.tables:  # results: that table's progress, the standings, best hands, awards
            self.stale |= changes.tables
            self.stale_scores |= changes.tables
            self.dirty |= {"standings", "best", "awards"}
            last = self.info.sessions if self.info is not None else None
            if any(k in (self.n, last) for k, _t in changes.tables):
                self.cut_due = self.pn_due = True  # the last session signed off; the session's end
        if self.n in changes.clock:
            self.pn_due = True

    def read(self, s: Any, needs: Iterable[str] = PARTS, now: datetime | None = None,
             session: int | None = None) -> HallData:
        """The hall's data with the parts in ``needs`` current (the others as last read)."""
        needs = set(needs)
        if self.info is None:
            self.info = queries.tournament_info(s)
            self.columns = standing_columns(queries.settings(s))
            self.game = is_game(queries.settings(s))
            self.reads["info"] += 1
        info = self.info
        self._progress(s)
        n = session if session is not None else self._session()
        if not n:
            self.data = HallData(info.name, 0, info.sessions, columns=self.columns)
            return self.data
        if n != self.n:
            self.n, self.pn_due = n, True
            self.dirty.add("best")
        if self.pn_due or now is not None:
            self.pn = places_session(s, n, now)
            self.pn_due = False
        if self.cut_due:
            self.cut = standings_cut(s)  # hidden before a final: as on the players' page
            self.cut_due = False
            self.dirty |= {"standings", "best", "awards"}
        cut, pn = self.cut, self.pn
        old = self.data if self.data is not None and self.data.session else \
            HallData(info.name, n, info.sessions, columns=self.columns)
        places = old.places
        if "places" in needs and ("places" in self.dirty or self.places_of != pn):
            places = tuple(sorted((Place(p.name, p.number, t.table, SEATS[i]) for t in self._seating(s, pn)
                                   for i, p in enumerate(t.players)), key=lambda pl: player_order(pl.name, pl.number)))
            self.places_of = pn
            self.dirty.discard("places")
            self.reads["places"] += 1
        standings, teams, after = old.standings, old.teams, old.after
        if needs & {"standings", "awards"} and "standings" in self.dirty:
            everyone = queries.standings_of(s, self._scores(s, cut), after=cut, substitutes=True)
            standings = tuple(r for r in everyone if not r.substitute)  # substitutes are not ranked
            teams = tuple(queries.teams_of(everyone))  # but count for their teams
            after = played_sessions(standings)
            self.dirty.discard("standings")
            self.reads["standings"] += 1
        best = old.best
        if "best" in needs and "best" in self.dirty:
            best = self._best(s, n, cut)
            self.dirty.discard("best")
            self.reads["best"] += 1
        awards = old.awards if self.awards else None
        if self.awards and "awards" in needs and "awards" in self.dirty:
            awards = queries.awards(s, teams, after=cut)
            self.dirty.discard("awards")
            self.reads["awards"] += 1
        still = sum(1 for k, tables in self.progress.items() if cut is None or k <= cut for p in tables.values()
                    if (p.hands_recorded or p.penalties) and not p.finished and not p.signed_off)
        self.data = HallData(info.name, n, info.sessions, places, standings, teams, best, after,
                             pn if pn != n else 0, awards, still, cut, columns=self.columns)
        return self.data

    def due(self, needs: Iterable[str]) -> bool:
        """Whether :meth:`read` with ``needs`` has anything to read (False: the last data is current)."""
        want = set(needs)
        if "awards" in want:
            want.add("standings")
        return (self.data is None or self.info is None or self.seated is None or bool(self.stale)
                or any(k not in self.progress for k in self.seated) or self.pn_due or self.cut_due
                or bool(want & self.dirty) or ("places" in want and self.places_of != self.pn))

    def _progress(self, s: Any) -> None:
        if self.seated is None:
            self.seated = queries.seated_sessions(s)
            self.progress = {k: v for k, v in self.progress.items() if k in self.seated}
        for k in self.seated:
            if k not in self.progress:
                self.progress[k] = {p.table: p for p in queries.table_progress(s, k)}
                self.reads["progress"] += 1
        for k, t in sorted(self.stale):
            if k in self.progress:
                self.progress[k].pop(t, None)
                self.progress[k].update((p.table, p) for p in queries.table_progress(s, k, t))
                self.reads["table_progress"] += 1
        self.stale.clear()

    def _scores(self, s: Any, cut: int | None) -> list[queries.TableScore]:
        """Every played table's score (``queries.table_scores``), kept: only the tables a change touched are
        read again; those of sessions after ``cut`` are left out (hidden standings)."""
        if self.scores is None:
            self.scores = {(sc.session, sc.table): sc for sc in queries.table_scores(s)}
            self.reads["scores"] += 1
        elif self.stale_scores:
            for place in self.stale_scores:
                self.scores.pop(place, None)
            self.scores.update(((sc.session, sc.table), sc) for sc in queries.table_scores(s, only=self.stale_scores))
            self.reads["table_scores"] += 1
        self.stale_scores.clear()
        return sorted((sc for sc in self.scores.values() if cut is None or sc.session <= cut),
                      key=lambda sc: (sc.session, sc.table))

    def _session(self) -> int:
        """:func:`hall_session` from the progress kept."""
        seated = self.seated or []
        for k in seated:
            if any(not p.finished for p in self.progress.get(k, {}).values()):
                return k
        return seated[-1] if seated else 0

    def _seating(self, s: Any, session: int) -> list[TableSeating]:
        if session not in self.seats:
            self.seats[session] = queries.seating(s, session)
            self.reads["seating"] += 1
        return self.seats[session]

    def _best(self, s: Any, n: int, cut: int | None) -> tuple[BestHand, ...]:
        hidden = cut is not None and n > cut  # the session's hands are hidden with the standings
        if self.game:  # a game's wins, by their value (as the prize list ranks them)
            return () if hidden else _game_best(s, n)
        seats = {t.table: t.players for t in self._seating(s, n)}
        wins = [] if hidden else sorted((h for h in queries.results(s, n) if h.kind == "win" and h.winner is not None),
                                        key=lambda h: (-h.fan_total, h.table, h.hand))[:BEST_HANDS]
        best = []
        for h in wins:
            assert h.winner is not None
            p = seats[h.table][h.winner]
            fans = tuple((f.en, f.zh) for f in sorted(h.fans, key=lambda f: -f.points * f.count))
            best.append(BestHand(p.name, p.number, h.table, h.hand, h.fan_total, fans, h.self_drawn))
        return tuple(best)


def _game_best(s: Any, n: int) -> tuple[BestHand, ...]:
    """Session ``n``'s best wins at game tables (``db.read.awards.game_wins``: every winner counted), highest
    value first."""
    wins = sorted(game_wins(s, queries.settings(s).substitute_awards, None, session=n),
                  key=lambda h: (tuple(-x for x in h.value.key) if h.value else (), h.table, h.hand))
    return tuple(BestHand(h.name, h.player, h.table, h.hand, h.fan, tuple((f.en, f.zh) for f in h.fans),
                          False, h.value)  # self-drawn: not shown on the page
                 for h in wins[:BEST_HANDS])
