"""A writer waiting for another program's write lock (``db.store._begin_immediate``): it gets the lock once it is
free, and its connection keeps the 30 s busy timeout for everything else."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from sqlalchemy import text

from db import open_database
from db.schema import BUSY_TIMEOUT_S
from db.service.tournament import create_tournament
from tests.db.helpers import ACTOR


def test_a_writer_waits_for_another_programs_write_and_keeps_its_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "event.mcr"
    db = open_database(path, create=True, backups=False)
    with db.factory.begin() as s:
        create_tournament(s, "Wait Open", "cmr1998", actor=ACTOR)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)  # another program
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE tournament SET name = 'Other' WHERE id = 1")
    holding = threading.Timer(0.3, lambda: other.execute("COMMIT"))
    holding.start()
    try:
        with db.factory.begin() as s:  # waits for the other program's commit, then writes after it
            s.execute(text("UPDATE tournament SET name = name || ' + us' WHERE id = 1"))
            assert s.execute(text("PRAGMA busy_timeout")).scalar() == BUSY_TIMEOUT_S * 1000
    finally:
        holding.join()
        other.close()
    with db.reader() as s:
        assert s.execute(text("SELECT name FROM tournament")).scalar() == "Other + us"
    db.close()
