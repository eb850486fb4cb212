"""Tournament store: SQLAlchemy models, migrations, services (writes), queries (read models), CLI.

Typical use (one transaction per user action)::

    from db import open_database
    from db.read import queries
    from db.service.results import record_draw
    with open_database("tournament.sqlite") as db:
        with db.factory.begin() as s:
            record_draw(s, session=1, table=2, hand=5)
        with db.reader() as s:  # read-only, never waits for writers
            sheet = queries.table_sheet(s, 1, 2)
"""

from db.errors import (
    FrozenSettingsError,
    InputError,
    NotInitialisedError,
    SchemaTooNewError,
    StaleTableError,
    TournamentError,
)
from db.storage.database import Database
from db.storage.store import open_database

__all__ = [
    "Database", "FrozenSettingsError", "InputError", "NotInitialisedError", "SchemaTooNewError",
    "StaleTableError", "TournamentError", "open_database",
]
