"""Read side: build the frozen ``db.read.views`` models from the database. No ORM object leaves the read side.

Every function takes the ORM ``Session`` first and only reads. This module is the one name callers use
(``queries.standings``); each function lives in the module of its concept and is only re-exported here:

- ``db.read.sheets`` — the tables' score sheets, hands and penalties recorded, progress, who entered a hand;
- ``db.read.players`` — tournament info and settings, players, seating, sessions seated, who replaces whom;
- ``db.read.table_scores`` — each played table's score and the sessions each player played;
- ``db.read.standings`` — individual and team standings, substitutes who played, the provisional mark;
- ``db.read.stages`` — stages, their rankings and places, a staged event's final ranking;
- ``db.read.awards`` — the prize list;
- ``db.read.checkin`` — the check-in desk;
- ``db.read.changes`` — the audit log and the store's change marker;
- ``db.rules.ranking`` — the pure ranking keys (``standing_key``).
"""

from __future__ import annotations

from db.read.awards import BEST_HANDS, awards
from db.read.changes import audit_log, change_marker
from db.read.checkin import checkin, checkin_candidates
from db.read.players import (
    players,
    replacements,
    seat_counts,
    seated_sessions,
    seating,
    settings,
    tournament_info,
)
from db.read.sheets import (
    Four,
    HandKey,
    entered_by,
    penalties,
    results,
    table_progress,
    table_sheet,
    table_sheets,
)
from db.read.stages import (
    stage_not_ready,
    stage_of,
    stage_places,
    stage_rankings,
    stage_roster,
    stage_standings,
    stages,
)
from db.read.standings import (
    PROVISIONAL,
    provisional_text,
    standings,
    standings_of,
    still_playing,
    substitutes_played,
    substitutes_text,
    team_standings,
    teams_of,
)
from db.read.table_scores import TableScore, table_scores
from db.rules.ranking import standing_key

__all__ = [
    "BEST_HANDS",
    "PROVISIONAL",
    "Four",
    "HandKey",
    "TableScore",
    "audit_log",
    "awards",
    "change_marker",
    "checkin",
    "checkin_candidates",
    "entered_by",
    "penalties",
    "players",
    "provisional_text",
    "replacements",
    "results",
    "seat_counts",
    "seated_sessions",
    "seating",
    "settings",
    "stage_not_ready",
    "stage_of",
    "stage_places",
    "stage_rankings",
    "stage_roster",
    "stage_standings",
    "stages",
    "standing_key",
    "standings",
    "standings_of",
    "still_playing",
    "substitutes_played",
    "substitutes_text",
    "table_progress",
    "table_scores",
    "table_sheet",
    "table_sheets",
    "team_standings",
    "teams_of",
    "tournament_info",
]
