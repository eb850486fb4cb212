"""A write that "succeeded" is in the file on disk, whatever else touches the folder; a file deleted or
replaced under the program stops the next write (what was written before is in the backups and the rescued copy).

Real files, real processes (the installed ``mcr-tournament``). The POSIX lock cases read ``/proc/locks``
(Linux); replacing or deleting a file SQLite has open cannot happen on Windows.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db import open_database
from db.errors import DatabaseFileGoneError, TournamentError
from db.formats.text_files import open_input
from db.service.audit import Actor
from db.service.demo import create_demo
from db.service.results import record_draw
from db.service.tournament import update_settings
from db.storage.backups import list_backups
from db.storage.files import write_atomic
from tests.db.commands.test_cli import EXE
from tests.db.real_files import HOLDS_FILES_OPEN, run_process
from tests.sqlite_locks import AVAILABLE, held_locks

ACTOR = Actor("test-station", "test-referee")
LINUX = pytest.mark.skipif(not AVAILABLE, reason="reads the kernel's lock table (Linux)")
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot delete or replace a file SQLite has "
                           "open, and its locks are not POSIX locks")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def session2_hands(path: Path, cwd: Path) -> list[int]:
    """The hands of session 2, table 1 as a fresh process reads them from ``path``."""
    out = run("--db", str(path), "results", "list", "--session", "2", "--format", "json", cwd=cwd)
    assert out.returncode == 0, out.stderr
    return sorted(h["hand"] for h in json.loads(out.stdout) if h["table"] == 1)


def check_ok(path: Path, cwd: Path) -> None:
    out = run("--db", str(path), "check", cwd=cwd)
    assert out.returncode == 0 and "no problems" in out.stdout, out.stdout + out.stderr


# ------------------------------------------------------------------------ 1. the split brain, without Qt


@LINUX
def test_split_brain_a_write_after_the_locks_were_dropped_is_refused_never_lost(event: Path, tmp_path: Path) -> None:
    """Another descriptor of the file closed in this process (what Qt's file dialog did) drops SQLite's locks;
    another program then checkpoints and deletes the WAL. The next write must not "succeed" into the deleted
    WAL: it is refused, and every write that succeeded is in the file."""
    confirmed = []
    db = open_database(event)
    try:
        with db.factory.begin() as s:
            record_draw(s, 2, 1, 1, actor=ACTOR)
        confirmed.append(1)
        assert held_locks(event) > 0
        for part in ("", "-wal", "-shm"):
            with open(str(event) + part, "rb") as f:
                f.read(16)
        assert held_locks(event) == 0  # the trap itself: POSIX drops every lock of the process on the file
        out = run("--db", str(event), "devices", "--session", "2", "--base-url", "http://127.0.0.1:8765", cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        assert not Path(str(event) + "-wal").exists()  # it thought it was the last connection
        try:
            with db.factory.begin() as s:
                record_draw(s, 2, 1, 2, actor=ACTOR)
            confirmed.append(2)
        except DatabaseFileGoneError:
            pass
    finally:
        db.close()
    assert session2_hands(event, tmp_path) == confirmed == [1]
    check_ok(event, tmp_path)


@LINUX
def test_opening_the_open_file_again_in_this_process_keeps_sqlite_s_locks(event: Path, tmp_path: Path) -> None:
    with open_database(event) as db:
        with db.factory.begin() as s:
            record_draw(s, 2, 1, 1, actor=ACTOR)
        locks = held_locks(event)
        assert locks > 0
        for writable in (False, True):
            with open_database(event, writable=writable) as again, again.reader() as s:
                assert s.execute(__import__("sqlalchemy").text("SELECT COUNT(*) FROM hands")).scalar()
        assert held_locks(event) == locks
        # our own file helpers refuse the live file and its -wal/-shm instead of opening it
        for part in ("", "-wal", "-shm"):
            with pytest.raises(TournamentError, match="open in this program"):
                open_input(str(event) + part)
        with pytest.raises(TournamentError, match="open in this program"):
            write_atomic(event, b"not a tournament")
        assert held_locks(event) == locks
        with db.factory.begin() as s:
            record_draw(s, 2, 1, 2, actor=ACTOR)
    assert session2_hands(event, tmp_path) == [1, 2]


# ---------------------------------------------------------- 2. replaced (mv, cp) or deleted under the store


def _replacement(tmp_path: Path, event: Path, kind: str) -> Path:
    """``other``: another tournament; ``older``: a copy of this very file taken before the writes."""
    path = tmp_path / f"{kind}.mcr"
    if kind == "other":
        create_demo(path)
    else:
        shutil.copyfile(event, path)
    return path


@POSIX
@pytest.mark.parametrize(("how", "kind"), [("mv", "other"), ("cp", "other"), ("mv", "older"), ("cp", "older"),
                                           ("rm", None)])
def test_a_file_replaced_or_deleted_under_the_store(event: Path, tmp_path: Path, how: str, kind: str | None) -> None:
    replacement = _replacement(tmp_path, event, kind) if kind else None
    db = open_database(event)
    try:
        assert db._keeper is not None
        for hand in (1, 2):
            with db.factory.begin() as s:
                record_draw(s, 2, 1, hand, actor=ACTOR)
            if hand == 1 and kind == "older":  # hand 1 into the file, as SQLite's automatic checkpoint does
                db._keeper.execute("PRAGMA wal_checkpoint(PASSIVE)")
        if how == "rm":
            event.unlink()
        elif how == "mv":
            assert replacement is not None
            os.replace(replacement, event)
        else:
            assert replacement is not None
            shutil.copyfile(replacement, event)  # the same inode, another content
        digest = sha256(event) if event.exists() else None
        with pytest.raises(DatabaseFileGoneError), db.factory.begin() as s:
            update_settings(s, name="lost?", actor=ACTOR)
        with pytest.raises(DatabaseFileGoneError), db.factory.begin() as s:  # and every later one
            record_draw(s, 2, 1, 3, actor=ACTOR)
        rescue = db.rescue()
    finally:
        db.close()
    assert rescue is not None and rescue.path is not None and rescue.complete
    rescued = rescue.path
    assert rescued.name.startswith("event.mcr.rescued-")
    if True:  # complete in every case now, cp of an older copy included
        # complete; after cp from the backup taken at the first write and the WAL (docs/data-safety.md)
        assert session2_hands(rescued, tmp_path) == [1, 2]
        check_ok(rescued, tmp_path)
    if digest is not None:
        assert sha256(event) == digest  # the replacement was not written to, not even at close
        # the WAL this program wrote was set aside (never applied to the replacement)
        assert not Path(str(event) + "-wal").exists()
        assert [p for p in tmp_path.iterdir() if p.name.startswith("event.mcr-wal.orphan-")]
        check_ok(event, tmp_path)
        assert session2_hands(event, tmp_path) == []  # the replacement as it was (no hand of session 2)


# ------------------------------------------------------------- 3. an orphan WAL is set aside, never applied


def _writer_killed_with_its_wal(event: Path) -> None:
    """Hands 1-4 of session 2 at table 1 checkpointed into ``event``, hand 1 at tables 2-4 after, in the WAL
    only: the writer then ends like kill -9 (no close), so its WAL stays beside the file."""
    code = ("import os, sys; from db import open_database; from db.service.results import record_draw; "
            "from db.service.audit import Actor; db = open_database(sys.argv[1]); a = Actor('s', 'r')\n"
            "for h in range(1, 5):\n"
            "    with db.factory.begin() as s: record_draw(s, 2, 1, h, actor=a)\n"
            "db._keeper.execute('PRAGMA wal_checkpoint(TRUNCATE)')\n"
            "for t in range(2, 5):\n"
            "    with db.factory.begin() as s: record_draw(s, 2, t, 1, actor=a)\n"
            "os._exit(0)\n")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    subprocess.run([sys.executable, "-c", code, str(event)], check=True, env=env, timeout=120)


@POSIX
def test_an_orphan_wal_of_a_killed_writer_is_not_applied_to_an_older_copy(event: Path, tmp_path: Path) -> None:
    """A writer killed with its WAL beside the file; an older copy of the file put back at the name. The next
    program to open it sets the WAL aside (it would damage the copy) instead of applying it."""
    older = tmp_path / "older.mcr"
    shutil.copyfile(event, older)
    _writer_killed_with_its_wal(event)
    wal = Path(str(event) + "-wal")
    assert wal.stat().st_size > 0
    os.replace(older, event)  # the copy from the stick, put back by hand
    digest = sha256(event)
    check_ok(event, tmp_path)  # reads it: the orphan is set aside first
    assert sha256(event) == digest
    kept = sorted(p.name for p in tmp_path.iterdir() if ".orphan-" in p.name)
    assert [n.split(".orphan-")[0] for n in kept] == ["event.mcr-shm", "event.mcr-wal"][: len(kept)] and kept
    assert session2_hands(event, tmp_path) == []


@POSIX
def test_the_wal_of_this_very_file_is_applied_after_a_kill(event: Path, tmp_path: Path) -> None:
    """The check is no false alarm: a writer killed with its WAL, the same file reopened, every hand there."""
    _writer_killed_with_its_wal(event)
    assert session2_hands(event, tmp_path) == [1, 2, 3, 4]
    assert not [p for p in tmp_path.iterdir() if ".orphan-" in p.name]
    check_ok(event, tmp_path)


def test_every_write_stamps_the_file_s_identity(event: Path) -> None:
    with open_database(event) as db:
        assert db._guard is not None
        identity = db._guard.identity
        assert identity != 0
    con = sqlite3.connect(event)
    try:
        assert con.execute("PRAGMA user_version").fetchone()[0] == identity
    finally:
        con.close()


_OPEN_SLOWLY = """
import sys, time
import db.storage.store as st
made = st.new_identity
def slow():  # widens the moment between reading "no identity yet" and stamping one
    time.sleep(1.0)
    return made()
st.new_identity = slow
db = st.open_database(sys.argv[1])
print(db._guard.identity, flush=True)
time.sleep(2.0)
db.close()
"""


@POSIX
def test_two_programs_opening_a_file_from_before_identities_at_once_agree_on_one(event: Path, tmp_path: Path) -> None:
    """Two writers stamping two identities would each take the other's commits for a replaced file (the
    guard then refuses a healthy file and sets a live WAL aside): the read and the stamp are one transaction."""
    with sqlite3.connect(event) as conn:  # not open in this process: a file from before identities
        conn.execute("PRAGMA user_version=0")
    conn.close()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    first = subprocess.Popen([sys.executable, "-c", _OPEN_SLOWLY, str(event)], stdout=subprocess.PIPE, text=True,
                             env=env, cwd=tmp_path)
    import time
    time.sleep(0.4)  # the first is between its read and its stamp
    second = subprocess.run([sys.executable, "-c", _OPEN_SLOWLY, str(event)], capture_output=True, text=True,
                            env=env, cwd=tmp_path, timeout=60)
    out, _ = first.communicate(timeout=60)
    assert second.returncode == 0 and first.returncode == 0, second.stderr
    assert out.strip() == second.stdout.strip() != "0"


@HOLDS_FILES_OPEN
def test_deleting_the_file_stops_the_next_write_and_a_backup_from_before_passes_check(event: Path,
                                                                                       tmp_path: Path) -> None:
    db = open_database(event)
    try:
        with db.factory.begin() as s:  # the first write makes a backup of the state found
            record_draw(s, 2, 1, 1, actor=ACTOR)
        event.unlink()  # `rm event.mcr` while the station works
        with pytest.raises(DatabaseFileGoneError, match="event.mcr was deleted or moved"), \
                db.factory.begin() as s:
            record_draw(s, 2, 1, 2, actor=ACTOR)
        assert DatabaseFileGoneError.code == "database_file_gone"
        rescued = db.save_copy(tmp_path / "rescued.mcr")  # what the open connection still holds
    finally:
        db.close()
    backups = list_backups(event)
    assert backups and all(b.kind == "auto" for b in backups)
    for copy in (backups[0].path, rescued):
        out = run_process("--db", str(copy), "check", cwd=tmp_path)
        assert out.returncode == 0 and "no problems" in out.stdout, out.stderr
    hands = json.loads(run_process("--db", str(rescued), "results", "list", "--session", "2", "--format", "json",
                                   cwd=tmp_path).stdout)
    assert [h["hand"] for h in hands] == [1]  # the write before the deletion is in the rescued copy


@HOLDS_FILES_OPEN
def test_a_file_replaced_under_the_program_is_not_written(event: Path, tmp_path: Path) -> None:
    db = open_database(event)
    try:
        other = tmp_path / "other.mcr"
        shutil.copyfile(event, other)
        os.replace(other, event)  # same name, another file
        with pytest.raises(DatabaseFileGoneError, match="replaced"), db.factory.begin() as s:
            record_draw(s, 2, 1, 1, actor=ACTOR)
    finally:
        db.close()


@HOLDS_FILES_OPEN
def test_without_inodes_the_check_is_that_a_file_is_still_there(event: Path) -> None:
    db = open_database(event)
    try:
        dev, _ino = db._identity or (0, 0)
        db._identity = (dev, 0)  # as on a Windows file system that reports no inode
        with db.factory.begin() as s:
            record_draw(s, 2, 1, 1, actor=ACTOR)
        event.unlink()
        with pytest.raises(DatabaseFileGoneError), db.factory.begin() as s:
            record_draw(s, 2, 1, 2, actor=ACTOR)
        with pytest.raises(TournamentError, match="already exists"):
            db.save_copy(next(iter(list_backups(event))).path)
    finally:
        db.close()


def test_a_copy_is_never_saved_over_the_open_file(event: Path) -> None:
    with open_database(event) as db, pytest.raises(TournamentError, match="is the open file"):
        db.save_copy(event, overwrite=True)
