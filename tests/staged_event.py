"""A small staged event built with the services (no command line): 8 players, 2 qualifying sessions of 2
hands, then a final of 1 session for the top 4 (2, 5, 3, 6) that carries half of the qualifying points
(a real staged event's shape, in small). The final places Anna Smith (No. 3: 8 table points, +56 over the event) first,
above Marie Dubois (No. 5: 8, +80): only the final stage's columns explain it (6/+68 against 5/+48)."""

from __future__ import annotations

from pathlib import Path

from db import Database, open_database
from db.service.audit import Actor
from db.service.players import PlayerInput, import_players
from db.service.results import record_win
from db.service.seats import set_seating
from db.service.stages import add_stage
from db.service.tournament import create_tournament

ACTOR = Actor("test-station", "test-referee")
NAMES = ("刘洋", "Pablo García", "Anna Smith", "王伟", "Marie Dubois", "李娜", "John Brown", "周杰")
# session -> tables (E, S, W, N) and each table's two hands: (winner, discarder, fan)
PLAY: dict[int, list[tuple[list[str], list[tuple[str, str, int]]]]] = {
    1: [(["1", "2", "3", "4"], [("2", "3", 40), ("1", "4", 8)]),
        (["5", "6", "7", "8"], [("5", "8", 24), ("6", "7", 12)])],
    2: [(["1", "5", "2", "6"], [("2", "1", 30), ("5", "6", 8)]),
        (["3", "7", "4", "8"], [("3", "8", 16), ("7", "4", 10)])],
}
FINAL_HANDS = [("3", "2", 64), ("5", "6", 8)]  # the final: Anna wins big off Pablo


def build_staged_event(path: Path) -> Database:
    """The event played to its end, in the SQLite file ``path``; the caller closes the database."""
    db = open_database(str(path), create=True)
    with db.factory.begin() as s:
        create_tournament(s, "Staged Open", sessions=2, hands_per_session=2, actor=ACTOR)
        import_players(s, [PlayerInput(str(i), n) for i, n in enumerate(NAMES, start=1)], ACTOR)
        add_stage(s, "Final", 1, 4, "half", "rank", ACTOR)
    for session, tables in PLAY.items():
        _play(db, session, tables)
    with db.reader() as s:
        from db.read import queries

        final = next(v for v in queries.stages(s) if v.name == "Final")
        assert final.players is not None
        players = list(final.players)
    _play(db, 3, [(players, FINAL_HANDS)])
    return db


def _play(db: Database, session: int, tables: list[tuple[list[str], list[tuple[str, str, int]]]]) -> None:
    with db.factory.begin() as s:
        set_seating(s, session, [seats for seats, _hands in tables], actor=ACTOR)
        for t, (_seats, hands) in enumerate(tables, start=1):
            for h, (winner, discarder, fan) in enumerate(hands, start=1):
                record_win(s, session, t, h, winner=winner, discarder=discarder, fan=fan, actor=ACTOR)
