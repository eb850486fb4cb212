"""Readers never wait for another program's write lock: they read the committed snapshot. A writer waiting
for it (``db.storage.store._begin_immediate``) gets the lock once it is free, and its connection keeps the 30 s
busy timeout for everything else; a batch writer (``Database.batch``, the command line's imports) the same, only
more politely (how much more is shown by benchmarks/bench_web.py)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from db import open_database
from db.service.tournament import create_tournament
from db.storage.schema import BUSY_TIMEOUT_S
from tests.db.helpers import ACTOR
from tests.db.real_files import run_process


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


def test_readers_run_while_another_process_holds_the_write_lock(event: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sqlite3, sys\n"
         f"c = sqlite3.connect({str(event)!r}, isolation_level=None)\n"
         "c.execute('BEGIN IMMEDIATE')\n"
         "c.execute(\"UPDATE tournament SET name = name || ' (being edited)'\")\n"
         "print('locked', flush=True)\n"
         "sys.stdin.read()\n"
         "c.execute('ROLLBACK')\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        timings = {}
        for cmd in (["standings", "--format", "json"], ["check"], ["export", "out.json"], ["backup"],
                    ["seating", "2"]):
            t0 = time.perf_counter()
            out = run_process("--db", str(event), *cmd, cwd=event.parent)
            timings[cmd[0]] = time.perf_counter() - t0
            assert out.returncode == 0, (cmd, out.stderr)
        # Far below the 30 s busy timeout the readers used to wait before failing; the figure is a whole
        # process start (Python, SQLAlchemy), printed for the record.
        print("reader latency under a held write lock:", {k: f"{v:.2f} s" for k, v in timings.items()})
        assert max(timings.values()) < 15
        data = json.loads((event.parent / "out.json").read_text(encoding="utf-8"))
        assert "(being edited)" not in data["tables"]["tournament"][0]["name"]  # the committed snapshot
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
