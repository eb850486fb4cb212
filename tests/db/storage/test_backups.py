"""Automatic and manual backups (db.storage.backups): the first write, periodic, end-of-session and closing
copies and their rotation, none for a program that only reads, the ``backup`` command, restoring to a new
file, the second backup folder, and failures that are said without ever stopping a write."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import open_database
from db.errors import TournamentError
from db.read import queries
from db.read.lookup import has_results
from db.service.results import call_time, record_draw, sign_off
from db.storage.backups import back_up, list_backups, restore_backup, rotate
from tests.db.commands.test_cli import run
from tests.db.helpers import ACTOR
from tests.db.real_files import run_process


def test_backups_first_write_periodic_session_end_close_and_rotation(event: Path) -> None:
    db = open_database(event)
    assert db.backups is not None and db.backups.last_backup_time() is None
    db.backups.interval = 0.0  # every write is past the 5-minute interval
    db.backups.keep = 3
    try:
        with db.factory.begin() as s:
            record_draw(s, 2, 1, 1, actor=ACTOR)
        kinds = [b.kind for b in db.backups.list_backups()]
        assert kinds == ["auto", "auto"]  # the state found, then after the write (interval 0)
        # Finish session 2: every table called time.
        with db.factory.begin() as s:
            for t in (1, 2, 3, 4):
                n = 1 if t == 1 else 0
                call_time(s, 2, t, n, actor=ACTOR)
        sessions = [b for b in db.backups.list_backups() if b.kind == "session"]
        assert [b.session for b in sessions] == [2]
        for k in range(6):  # more writes: more automatic copies than `keep`
            with db.factory.begin() as s:
                sign_off(s, 2, 1, k % 2 == 0, actor=ACTOR)
        assert db.backups.last_error is None
        assert db.backups.last_backup_time() is not None
    finally:
        db.close()
    items = list_backups(event)
    assert len([b for b in items if b.kind == "auto"]) == 3  # rotated to `keep`
    assert [b.session for b in items if b.kind == "session"] == [2]  # the session's copy is kept
    for b in items:
        with open_database(b.path, writable=False) as copy, copy.reader() as s:
            assert has_results(s)


def test_the_session_copy_waits_for_the_hand_in_progress_under_finish_hand(event: Path) -> None:
    """Time called with the hand in progress to be finished (the clock's finish_hand): the session is not
    complete until that hand is in, so its final copy holds it."""
    db = open_database(event)
    assert db.backups is not None
    try:
        with db.factory.begin() as s:
            for t in (1, 2, 3, 4):
                call_time(s, 2, t, 1, in_progress=True, actor=ACTOR)
        assert [b for b in db.backups.list_backups() if b.kind == "session"] == []
        for t in (1, 2, 3, 4):
            with db.factory.begin() as s:
                record_draw(s, 2, t, 1, actor=ACTOR)
        sessions = [b for b in db.backups.list_backups() if b.kind == "session"]
        assert [b.session for b in sessions] == [2]
    finally:
        db.close()
    with open_database(sessions[0].path, writable=False) as copy, copy.reader() as s:
        assert [len(sh.hands) for sh in queries.table_sheets(s, 2)] == [1, 1, 1, 1]


def test_no_backups_of_a_program_that_only_reads(event: Path) -> None:
    for cmd in (["standings"], ["check"], ["log"]):
        assert run("--db", str(event), *cmd, cwd=event.parent).returncode == 0
    assert not (event.parent / "event.mcr.backups").exists()


def test_backup_command_writes_mcr_beside_the_file_and_lists_them(event: Path) -> None:
    out = run("--db", str(event), "backup", cwd=event.parent)
    assert out.returncode == 0, out.stderr
    made = Path(out.stdout.split("backup written to ", 1)[1].strip())
    assert made.parent == event.parent / "event.mcr.backups" and made.name.endswith("-manual.mcr")
    listed = run("--db", str(event), "backup", "--list", cwd=event.parent)
    assert listed.returncode == 0 and "manual" in listed.stdout and str(made) in listed.stdout
    rotate(event, made.parent, keep=0)
    assert made.exists()  # a manual backup is never rotated away


def test_restore_copies_a_backup_to_a_new_file_and_never_overwrites(event: Path, tmp_path: Path) -> None:
    with open_database(event) as db:
        made = back_up(db)
    with pytest.raises(TournamentError, match="already exists"):
        restore_backup(made, event)
    restored = restore_backup(made, tmp_path / "restored.mcr")
    out = run_process("--db", str(restored), "check", cwd=tmp_path)
    assert out.returncode == 0, out.stderr


def test_second_backup_folder_receives_each_automatic_copy(event: Path, tmp_path: Path) -> None:
    stick = tmp_path / "stick"
    with open_database(event, second_backup_dir=stick) as db, db.factory.begin() as s:
        record_draw(s, 2, 1, 1, actor=ACTOR)
    names = [b.path.name for b in list_backups(event)]
    assert names and [b.path.name for b in list_backups(event, stick)] == names


def test_a_manual_backup_reaches_the_second_folder_too(event: Path, tmp_path: Path) -> None:
    stick = tmp_path / "stick"
    with open_database(event, second_backup_dir=stick) as db:
        made = back_up(db)
    assert [(b.path.name, b.kind) for b in list_backups(event, stick)] == [(made.name, "manual")]


def test_a_failed_copy_to_the_second_folder_is_said(event: Path, tmp_path: Path) -> None:
    """The copy beside the file is made either way; an automatic backup says why in ``last_error``, a
    manual one raises."""
    stick = tmp_path / "stick"
    stick.write_text("a file where the folder should be")
    with open_database(event, second_backup_dir=stick) as db:
        assert db.backups is not None
        with pytest.raises(TournamentError, match="second backup folder"):
            back_up(db)
        assert [b.kind for b in list_backups(event)] == ["manual"]
        db.backups.floor = 0  # the manual backup just made does not stand in for the automatic one
        with db.factory.begin() as s:
            record_draw(s, 2, 1, 1, actor=ACTOR)  # the first write: an automatic backup first
        assert "second backup folder" in (db.backups.last_error or "")
        assert {b.kind for b in list_backups(event)} == {"manual", "auto"}


def test_a_failed_automatic_backup_never_stops_a_write(event: Path) -> None:
    (event.parent / "event.mcr.backups").write_text("a file where the folder should be")
    with open_database(event) as db:
        with db.factory.begin() as s:
            record_draw(s, 2, 1, 1, actor=ACTOR)
        assert db.backups is not None and "backup folder" in (db.backups.last_error or "")
