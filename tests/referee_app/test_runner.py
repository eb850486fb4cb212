"""The app's runner reads through the store's read-only sessions, so a page never waits for a writer."""

from __future__ import annotations

import sqlite3

from db.read import queries
from db.storage.store import open_database
from referee_app.shell.runner import Runner


def test_read_does_not_wait_for_another_stations_write_lock(qtbot, tournament_file):
    other = sqlite3.connect(tournament_file, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another station is in the middle of saving
    try:
        with open_database(tournament_file) as db:
            runner = Runner(db.factory, db.reader)
            # Were reads to take the write lock, this would wait out busy_timeout, then fail "locked".
            info = runner.read(queries.tournament_info)
        assert info.name == "Spring Open"
    finally:
        other.execute("ROLLBACK")
        other.close()
