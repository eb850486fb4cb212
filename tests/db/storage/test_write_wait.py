"""A writer waiting for another program's write lock (``db.storage.store._begin_immediate``): it gets the lock once it is
free, and its connection keeps the 30 s busy timeout for everything else; a batch writer (``Database.batch``,
the command line's imports) the same, only more politely (how much more is shown by benchmarks/bench_web.py)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import text

from db import open_database
from db.service.tournament import create_tournament
from db.storage.schema import BUSY_TIMEOUT_S
from tests.db.helpers import ACTOR


@pytest.mark.parametrize("batch", [False, True], ids=["interactive", "batch"])
def test_a_writer_waits_for_another_programs_write_and_keeps_its_busy_timeout(tmp_path: Path, batch: bool) -> None:
    path = tmp_path / "event.mcr"
    db = open_database(path, create=True, backups=False)
    db.batch = batch
    with db.factory.begin() as s:
        create_tournament(s, "Wait Open", "cmr1998", actor=ACTOR)
    assert (db._batch_free_until > 0) == batch  # a batch writer's pause after its commit, for the others
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


def test_the_command_lines_imports_are_batch_writers_and_other_commands_are_not() -> None:
    from db.commands.cli import BATCH, CREATES, READS

    assert {"results import", "players import"} <= BATCH
    assert not BATCH & (CREATES | READS)
