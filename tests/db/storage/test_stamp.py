"""The file's own commit sequence (db.storage.stamp) in the cases the review of the guard found: another
program's checkpoint followed by a copy of the state this program last saw, and a file from before stamps."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db import open_database
from db.errors import DatabaseFileGoneError
from db.service.audit import Actor
from db.service.demo import create_demo
from db.service.results import record_draw
from db.storage.backups import back_up

ROOT = Path(__file__).resolve().parents[3]
ACTOR = Actor(station="test")
OTHER = ("import sys; from db import open_database; from db.storage.backups import back_up; "
         "from db.service.results import record_draw; from db.service.audit import Actor; "
         "db = open_database(sys.argv[1]); a = Actor(station='cli')\n"
         "for h in range(1, 5):\n"
         "    with db.factory.begin() as s: record_draw(s, 2, 3, h, actor=a)\n"
         "back_up(db); db.close()\n")


def test_a_copy_of_the_state_last_seen_put_back_after_another_program_checkpointed_is_refused(
        tmp_path: Path) -> None:
    event = tmp_path / "event.mcr"
    create_demo(event)
    db = open_database(event)
    try:
        for hand in (1, 2):
            with db.factory.begin() as s:
                record_draw(s, 2, 1, hand, actor=ACTOR)
        back_up(db)  # this program's checkpoint: the state it last verified
        shutil.copyfile(event, tmp_path / "copy.mcr")
        with db.factory.begin() as s:
            record_draw(s, 2, 1, 3, actor=ACTOR)
        # another program writes, backs up and so checkpoints: the file moves on, the WAL starts again
        subprocess.run([sys.executable, "-c", OTHER, str(event)], check=True, cwd=ROOT)
        shutil.copyfile(tmp_path / "copy.mcr", event)  # before this program looked again
        with pytest.raises(DatabaseFileGoneError), db.factory.begin() as s:
            record_draw(s, 2, 4, 1, actor=ACTOR)
    finally:
        db.close()


def test_a_file_from_before_stamps_is_guarded_from_its_first_write_open(tmp_path: Path) -> None:
    event = tmp_path / "event.mcr"
    create_demo(event)
    con = sqlite3.connect(event)  # as a release before stamps left it: no stamp
    con.execute("DROP TABLE file_stamp")
    con.commit()
    con.close()
    shutil.copyfile(event, tmp_path / "older.mcr")
    con = sqlite3.connect(event)  # the older release went on writing
    con.execute("UPDATE tournament SET name = 'Later'")
    con.commit()
    con.close()
    db = open_database(event)
    try:
        assert db._guard is not None and db._guard.stamped  # in the file itself at once (a checkpoint at opening)
        shutil.copyfile(tmp_path / "older.mcr", event)
        with pytest.raises(DatabaseFileGoneError), db.factory.begin() as s:
            record_draw(s, 2, 1, 1, actor=ACTOR)
    finally:
        db.close()
