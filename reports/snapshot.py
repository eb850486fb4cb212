"""Everything the workbook and the results website show, read once in one read-only session.

``read_snapshot(s)`` gathers the plain ``db.read.views`` models (standings, team standings, every seated
session's table sheets) through ``db.read.queries``; the renderers (``reports.workbook``, ``reports.site``)
take the :class:`Snapshot` and never see a database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from db.read import queries
from db.read.games import game_sheets, in_thousands, is_game
from db.read.queries import HandKey
from db.read.views import (
    Awards,
    GameSheet,
    PenaltyRow,
    PlayerView,
    StageRanking,
    StandingRow,
    TableSheet,
    TeamStandingRow,
    TournamentInfo,
    played_sessions,
)
from db.service.calls import CallView, calls_stored, list_calls
from reports.pdf import base


@dataclass(frozen=True, slots=True)
class Snapshot:
    info: TournamentInfo
    players: Sequence[PlayerView]  # every registered player, by number
    standings: Sequence[StandingRow]
    teams: Sequence[TeamStandingRow]
    sessions: Mapping[int, Sequence[TableSheet]]  # seated sessions only, tables by number
    entered_by: Mapping[HandKey, str] = field(default_factory=dict)  # "referee @ station"
    rulings: Sequence[CallView] = ()  # the resolved referee calls, oldest first
    awards: Awards | None = None  # the prize list (the website's awards page); None: no page
    still_playing: int = 0  # tables the standings count while they still play (provisional above 0)
    stages: Sequence[StageRanking] = ()  # a staged event's stages whose players are known, each with its ranking
    # a game tournament (``db.read.games.is_game``: Riichi): its tables' games by session; the outputs show
    # each seat's points, place, uma, penalty and score and each hand's round, honba and deposits from these
    game: bool = False
    games: Mapping[int, Sequence[GameSheet]] = field(default_factory=dict)
    # a game's session as a score in thousands with uma (Riichi), or MCR's table points on its points (a Chinese
    # system): ``db.read.game_state.in_thousands``
    thousands: bool = True

    @property
    def penalties(self) -> list[PenaltyRow]:
        return [p for k in sorted(self.sessions) for sheet in self.sessions[k] for p in sheet.penalties]

    @property
    def played_sessions(self) -> int:
        """The last session with any result (0 before play)."""
        return played_sessions(self.standings)


def read_snapshot(s: Session) -> Snapshot:
    info = queries.tournament_info(s)
    sessions = {k: queries.table_sheets(s, k) for k in queries.seated_sessions(s)}
    teams = queries.team_standings(s)
    game = is_game(queries.settings(s))
    return Snapshot(info=info, players=queries.players(s), standings=queries.standings(s),
                    teams=teams, sessions=sessions,
                    entered_by=queries.entered_by(s), awards=queries.awards(s, teams),
                    rulings=[c for c in list_calls(s) if c.status == "resolved"] if calls_stored(s) else [],
                    still_playing=queries.still_playing(s), stages=queries.stage_rankings(s), game=game,
                    games={k: game_sheets(s, k) for k in sessions} if game else {},
                    thousands=in_thousands(queries.settings(s)))


def provisional_text(still_playing: int) -> tuple[str, str] | None:
    """The mark of a ranking that counts tables still playing in the reports' two languages (English,
    Chinese; from the catalogue, the command line's words: ``db.read.queries.provisional_text``); None when final."""
    said = [queries.provisional_text(still_playing, lang) for lang in base.LANGUAGES]
    return None if said[0] is None or said[1] is None else (said[0], said[1])


def played(sheet: TableSheet) -> bool:
    """A table with nothing recorded has no ranks or table points yet (as in the standings)."""
    return bool(sheet.hands or sheet.penalties or sheet.time_called_after is not None)
