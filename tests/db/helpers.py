"""Small builders shared by the db tests (real services on a real database, no mocks)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from db import Database
from db.service.audit import Actor
from db.service.players import PlayerInput, import_players
from db.service.seats import set_seating
from db.service.tournament import create_tournament

ACTOR = Actor("test-station", "test-referee")


def make_tournament(db: Database, players: int = 8, profile: str = "cmr1998", sessions: int = 3,
                    teams: Sequence[str | None] | None = None, **kw: object) -> None:
    """Players numbered 1..n; session 1 seated in order: table 1 = 1,2,3,4 at E,S,W,N; table 2 = 5..8."""
    with db.factory.begin() as s:
        create_tournament(s, "Test Open", profile, sessions=sessions, actor=ACTOR, **kw)  # type: ignore[arg-type]
        import_players(s, [PlayerInput(str(i), f"Player {i}", None if teams is None else teams[i - 1])
                           for i in range(1, players + 1)], ACTOR)
        set_seating(s, 1, [[str(i + k) for k in range(4)] for i in range(1, players + 1, 4)], actor=ACTOR)


def take_back(path: Path, revision: str) -> None:
    """The SQLite tournament file at ``path`` taken back to schema ``revision`` (Alembic's downgrade), as a file
    an older version wrote."""
    from alembic import command

    from db.storage.schema import alembic_config, to_url
    from db.storage.store import create_db_engine

    engine = create_db_engine(to_url(path))
    try:
        with engine.begin() as conn:
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, revision)
    finally:
        engine.dispose()
