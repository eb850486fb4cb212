"""Issue 12: the store never loses a tournament and never damages a file it does not own.

Real files, real processes (the installed ``mcr-tournament``), a real full file system (a 64 KiB tmpfs,
as root) and real PostgreSQL where it matters. Each test reproduces one finding of the issue.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from db import open_database
from db.errors import DatabaseFileGoneError, NotATournamentFileError, ReadOnlyDatabaseError, TournamentError
from db.read import queries
from db.read.lookup import has_results
from db.service.audit import Actor
from db.service.demo import create_demo
from db.service.players import PlayerInput, import_players
from db.service.results import call_time, record_draw, sign_off
from db.service.tournament import create_tournament, update_settings
from db.storage.backups import back_up, list_backups, restore_backup, rotate
from db.storage.files import write_atomic
from db.storage.schema import APPLICATION_ID
from tests.db.commands.test_cli import EXE, run
from tests.db.conftest import PG_ENV

ACTOR = Actor("test-station", "test-referee")
NOBODY = "65534"  # uid and gid of nobody/nogroup on Debian
ROOT = sys.platform.startswith("linux") and os.geteuid() == 0  # mounts, setpriv, chown: Linux as root
# Windows cannot delete, rename over or replace a file SQLite has open: what these tests do cannot happen there
HOLDS_FILES_OPEN = pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot delete or replace a file "
                                      "SQLite has open, so a file vanishing under the program cannot happen there")


def run_process(*args: str, cwd: Path, user: str | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [EXE, *args]
    if user is not None:
        cmd = ["setpriv", "--reuid", user, "--regid", user, "--clear-groups", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=cwd)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line(stderr: str) -> str:
    """The CLI's error: exactly one line, no library link, no SQL statement."""
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert "http" not in stderr and "Traceback" not in stderr, stderr
    assert not any(sql in stderr for sql in ("[SQL", "SELECT ", "CREATE ", "INSERT ", "BEGIN ")), stderr
    return lines[0]


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """The demo tournament in ``event.mcr``: session 1 played, session 2 seated."""
    path = tmp_path / "event.mcr"
    create_demo(path)
    shutil.rmtree(tmp_path / "event.mcr.backups", ignore_errors=True)  # start each test without backups
    return path


# ------------------------------------------------------------------ 1. readers never wait for writers


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


def test_opening_for_reading_writes_nothing(event: Path) -> None:
    before = sha256(event)
    with open_database(event, writable=False) as db:
        assert db.read_only and db.backups is None
        with pytest.raises(ReadOnlyDatabaseError, match="read-only"), db.factory.begin() as s:
            update_settings(s, name="changed", actor=ACTOR)
    assert sha256(event) == before


# ------------------------------------------------------------------ 2. a deleted file stops the writers


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


def test_an_empty_postgresql_database_is_not_opened_without_init(db_url: str) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("the file cases are above")
    out = run("--db", db_url, "standings", cwd=Path.cwd())
    assert out.returncode == 1 and "holds no tournament yet" in one_line(out.stderr)
    assert run("--db", db_url, "init", "--name", "Open", cwd=Path.cwd()).returncode == 0
    assert run("--db", db_url, "standings", cwd=Path.cwd()).returncode == 0


# ------------------------------------------------------------------------------- automatic backups


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


# ----------------------------------------------------------------------------- 3. atomic outputs


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs, for a real 'no space left on device'."""
    if not ROOT:
        pytest.skip("a full file system needs a tmpfs mount: Linux, as root")
    where = tmp_path / "small"
    where.mkdir()
    res = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)], capture_output=True,
                         text=True, check=False)
    if res.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {res.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _fill(folder: Path) -> None:
    with contextlib.suppress(OSError), open(folder / "filler", "wb") as f:
        while True:
            f.write(b"\0" * 4096)
            f.flush()


def test_a_full_disk_leaves_the_previous_export_byte_identical(full_disk: Path, tmp_path: Path) -> None:
    path = tmp_path / "t.mcr"
    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Small Open", sessions=2, actor=ACTOR)
    target = full_disk / "results.json"
    out = run_process("--db", str(path), "export", str(target), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    before = sha256(target)
    with open_database(path) as db, db.factory.begin() as s:
        import_players(s, [PlayerInput(str(i), f"Player {i} " + "x" * 85, f"{i // 4:03d}" + "y" * 97) for i in range(1, 61)],
                       ACTOR)
    _fill(full_disk)
    out = run_process("--db", str(path), "export", str(target), cwd=tmp_path)
    assert out.returncode == 1
    assert one_line(out.stderr) == "mcr-tournament: could not write results.json: no space left on device"
    assert sha256(target) == before
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler", "results.json"]  # no temporary file left
    out = run_process("--db", str(path), "backup", str(full_disk), cwd=tmp_path)
    assert out.returncode == 1 and "no space left on device" in one_line(out.stderr)
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler", "results.json"]


def test_write_atomic_leaves_the_old_file_when_the_writer_fails(tmp_path: Path) -> None:
    target = write_atomic(tmp_path / "a.pdf", b"old")

    def broken(f: object) -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(TournamentError, match=r"^could not write a.pdf: no space left on device$"):
        write_atomic(target, broken)
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["a.pdf"]


# ------------------------------------------------------------------ 4. files we do not own stay as they are


def _foreign(path: Path) -> Path:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.execute("INSERT INTO notes (body) VALUES ('shopping list')")
    con.commit()
    con.close()
    return path


@pytest.mark.parametrize("kind", ["foreign", "empty"])
def test_a_foreign_or_empty_file_keeps_its_bytes(tmp_path: Path, kind: str) -> None:
    path = _foreign(tmp_path / "notes.mcr") if kind == "foreign" else tmp_path / "notes.mcr"
    if kind == "empty":
        path.write_bytes(b"")
    before, listing = sha256(path), sorted(os.listdir(tmp_path))
    for cmd in (["check"], ["standings"], ["export", "x.json"], ["seat", "1"], ["backup"], ["log"]):
        out = run("--db", str(path), *cmd, cwd=tmp_path)
        assert out.returncode == 1, cmd
        line = one_line(out.stderr)
        assert "not a tournament file" in line or "not an MCR Referee tournament file" in line, line
        assert "init" not in line
    with pytest.raises(NotATournamentFileError):
        open_database(path)
    with pytest.raises(NotATournamentFileError):
        open_database(path, writable=False)
    if kind == "foreign":
        out = run("--db", str(path), "init", "--name", "Open", cwd=tmp_path)
        assert out.returncode == 1 and "another program" in one_line(out.stderr)
    assert sha256(path) == before
    assert sorted(os.listdir(tmp_path)) == listing  # no -wal, -shm or backups folder either


def test_init_marks_the_file_and_an_old_unmarked_tournament_is_accepted_and_marked(tmp_path: Path) -> None:
    path = tmp_path / "old.mcr"
    assert run("--db", str(path), "init", "--name", "Open", cwd=tmp_path).returncode == 0
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    con.execute("PRAGMA application_id = 0")  # as written before the marker existed
    con.close()
    before = sha256(path)
    assert run("--db", str(path), "standings", cwd=tmp_path).returncode == 0  # a reader accepts it as is
    assert sha256(path) == before
    assert run("--db", str(path), "settings", "--name", "Renamed", cwd=tmp_path).returncode == 0  # a writer marks it
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    con.close()


# ------------------------------------------------------------------------- 7. one line for odd files


def _no_version_row(path: Path) -> None:
    with open_database(path, create=True):
        pass
    con = sqlite3.connect(path)
    con.execute("DELETE FROM alembic_version")
    con.commit()
    con.close()


def _no_version_table(path: Path) -> None:
    _no_version_row(path)
    con = sqlite3.connect(path)
    con.execute("DROP TABLE alembic_version")
    con.execute("PRAGMA application_id = 0")
    con.commit()
    con.close()


ODD = {
    "pdf": lambda p: p.write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n" * 50),
    "random": lambda p: p.write_bytes(os.urandom(8192)),
    "short": lambda p: p.write_bytes(b"SQLite"),
    "folder": lambda p: p.mkdir(),
    "no version row": _no_version_row,
    "no version table": _no_version_table,
}


@pytest.mark.parametrize("kind", sorted(ODD))
def test_every_odd_file_gives_one_line(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "odd.mcr"
    ODD[kind](path)
    before = None if path.is_dir() else sha256(path)
    for cmd in (["standings"], ["check"], ["seat", "1"]):
        out = run("--db", str(path), *cmd, cwd=tmp_path)
        assert out.returncode == 1
        line = one_line(out.stderr)
        assert "odd.mcr" in line and "init" not in line, line
    if before is not None:
        assert sha256(path) == before
    out = run_process("--db", str(path), "check", cwd=tmp_path)  # the installed command, a real process
    assert out.returncode == 1 and one_line(out.stderr)


def test_missing_psycopg_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if the extra were not installed
    out = run("--db", "postgresql://u:p@127.0.0.1:1/x", "standings", cwd=tmp_path)
    assert out.returncode == 1
    assert "pip install 'mcr-referee[postgres]'" in one_line(out.stderr)


def test_postgresql_role_that_does_not_own_the_database_is_told_so() -> None:
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests skipped: set {PG_ENV}")
    suffix = uuid.uuid4().hex[:8]
    role, dbname = f"mcr_guest_{suffix}", f"mcr_perm_{suffix}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            if conn.execute(text("SHOW server_version_num")).scalar_one() < "150000":
                pytest.skip("PostgreSQL < 15 lets every role create tables in public")
            conn.execute(text(f"CREATE ROLE {role} LOGIN PASSWORD 'pw-Secret-9'"))
            conn.execute(text(f"CREATE DATABASE {dbname}"))
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"PostgreSQL tests skipped: cannot create a role and a database: {exc}")
    try:
        url = make_url(base).set(username=role, password="pw-Secret-9", database=dbname)
        out = run("--db", url.render_as_string(hide_password=False), "init", "--name", "Open", cwd=Path.cwd())
        assert out.returncode == 1
        line = one_line(out.stderr)
        assert f"ALTER DATABASE {dbname} OWNER TO {role}" in line and "pw-Secret-9" not in line, line
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {dbname}"))
            conn.execute(text(f"DROP ROLE IF EXISTS {role}"))
        admin.dispose()


# ------------------------------------------------------------------ read-only files, folders and media


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder another user can reach (pytest's tmp_path is private to root)."""
    if not ROOT or shutil.which("setpriv") is None:
        pytest.skip("read-only tests run the command as `nobody`: need Linux, root and setpriv")
    import tempfile

    where = Path(tempfile.mkdtemp(prefix="mcr-ro-"))
    where.chmod(0o755)
    try:
        probe = run_process("--help", cwd=where, user=NOBODY)
        if probe.returncode != 0:
            pytest.skip(f"`nobody` cannot run mcr-tournament here: {probe.stderr.strip()[:200]}")
        yield where
    finally:
        shutil.rmtree(where, ignore_errors=True)


def _nobody_tournament(folder: Path) -> Path:
    data = folder / "data"
    data.mkdir()
    path = data / "event.mcr"
    create_demo(path)
    out_dir = folder / "out"
    out_dir.mkdir()
    for p in (data, path, out_dir):
        os.chown(p, 65534, 65534)
    return path


@pytest.mark.parametrize("what", ["file", "folder"])
def test_read_only_file_or_folder_can_be_read_and_stays_writable_later(shared_dir: Path, what: str) -> None:
    path = _nobody_tournament(shared_dir)
    locked = path if what == "file" else path.parent
    locked.chmod(0o444 if what == "file" else 0o555)
    before = sha256(path)
    out = run_process("--db", str(path), "standings", "--format", "json", cwd=shared_dir, user=NOBODY)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)[0]["rank"] == 1
    out = run_process("--db", str(path), "export", str(shared_dir / "out" / "x.json"), cwd=shared_dir,
                      user=NOBODY)
    assert out.returncode == 0, out.stderr
    out = run_process("--db", str(path), "seat", "3", cwd=shared_dir, user=NOBODY)
    assert out.returncode == 1 and f"the {what} is read-only" in one_line(out.stderr)
    assert sha256(path) == before
    assert not Path(str(path) + "-shm").exists()  # nothing left behind to lock the file out later
    locked.chmod(0o644 if what == "file" else 0o755)
    out = run_process("--db", str(path), "seat", "3", cwd=shared_dir, user=NOBODY)
    assert out.returncode == 0, out.stderr


def test_read_only_medium(event: Path, tmp_path: Path) -> None:
    if not ROOT:
        pytest.skip("a read-only mount needs Linux and root")
    ro = tmp_path / "stick"
    ro.mkdir()
    if subprocess.run(["mount", "--bind", str(event.parent), str(ro)], capture_output=True).returncode != 0:
        pytest.skip("cannot bind-mount here")
    try:
        if subprocess.run(["mount", "-o", "remount,bind,ro", str(ro)], capture_output=True).returncode != 0:
            pytest.skip("cannot remount read-only here")
        copy = ro / event.name
        out = run_process("--db", str(copy), "standings", cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        out = run_process("--db", str(copy), "seat", "3", cwd=tmp_path)
        assert out.returncode == 1 and "the medium is read-only" in one_line(out.stderr)
    finally:
        subprocess.run(["umount", "-l", str(ro)], check=False)
