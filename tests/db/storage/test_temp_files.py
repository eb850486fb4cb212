"""Outputs are written atomically (db.storage.files.write_atomic): a full disk or a failing writer leaves the
previous file byte-identical and no temporary file. A run killed while writing leaves ``.NAME.PID.tmp`` behind;
the next run that writes in that folder removes it (db.storage.files.sweep_temp_files), and never a temporary
file another live process is writing.

Real processes: ``mcr-tournament`` runs in a child Python that stops at the moment its temporary file is
written and not yet renamed (a profile hook on ``db.storage.files._fsync_file``, the debugger's way: our code runs
unchanged), and is then killed with SIGKILL (TerminateProcess on Windows).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from db import open_database
from db.errors import TournamentError
from db.service.demo import create_demo
from db.service.players import PlayerInput, import_players
from db.service.tournament import create_tournament
from db.storage.files import STALE_AFTER_S, TEMP_NAME, sweep_temp_files, write_atomic
from tests.db.commands.test_cli import run_process
from tests.db.helpers import ACTOR
from tests.db.real_files import ROOT, one_line, sha256

# The child: the real command line, stopped where its temporary file is complete but not yet renamed (the
# first one whose path contains $MCR_STOP_IN); it prints that path and waits to be killed.
CHILD = r"""
import os, sys, threading, time
import db.storage.files

def stop(frame, event, arg):
    if event == "call" and frame.f_code is db.storage.files._fsync_file.__code__:
        path = str(frame.f_locals["path"])
        if os.environ.get("MCR_STOP_IN", "") in path.replace(os.sep, "/"):
            print(path, flush=True)
            time.sleep(600)

sys.setprofile(stop)
threading.setprofile(stop)
from web.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "event.mcr"
    create_demo(path)
    return path


class Stopped:
    """A ``mcr-tournament`` run stopped with its temporary file written: ``temp``; ``kill()`` ends it."""

    def __init__(self, args: list[str], cwd: Path, stop_in: str = "") -> None:
        env = {**os.environ, "MCR_STOP_IN": stop_in}
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD, *args], cwd=cwd, env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.proc.stdout.readline().strip() if self.proc.stdout else ""
        assert line, self.proc.communicate(timeout=60)
        self.temp = Path(line)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.communicate(timeout=60)  # reaped: its process id is free


@pytest.fixture
def stopped() -> Iterator[list[Stopped]]:
    runs: list[Stopped] = []
    yield runs
    for r in runs:
        if r.proc.poll() is None:
            r.kill()


def age(path: Path, seconds: float = STALE_AFTER_S + 60) -> None:
    """As the file is when the next run comes some minutes later."""
    then = time.time() - seconds
    os.utime(path, (then, then))


def killed_leaves_temp(stopped: list[Stopped], args: list[str], cwd: Path, stop_in: str = "") -> Path:
    run = Stopped(args, cwd, stop_in)
    stopped.append(run)
    m = TEMP_NAME.match(run.temp.name)
    assert m is not None and int(m["pid"]) == run.proc.pid and run.temp.is_file()
    run.kill()
    assert run.temp.is_file()  # left behind: what the issue found
    return run.temp


def test_a_backup_killed_while_writing_is_cleaned_by_the_next_backup(event: Path, stopped: list[Stopped]) -> None:
    temp = killed_leaves_temp(stopped, ["--db", str(event), "backup"], event.parent)
    assert temp.parent == event.parent / "event.mcr.backups"
    age(temp)
    out = run_process("--db", str(event), "backup", cwd=event.parent)
    assert out.returncode == 0, out.stderr
    assert not temp.exists()
    assert [p.name for p in temp.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_an_export_killed_while_writing_is_cleaned_by_the_next_export_there(event: Path,
                                                                           stopped: list[Stopped]) -> None:
    out_dir = event.parent / "out"
    out_dir.mkdir()
    temp = killed_leaves_temp(stopped, ["--db", str(event), "export", "out/results.json"], event.parent)
    assert temp.parent == out_dir and not (out_dir / "results.json").exists()
    age(temp)
    out = run_process("--db", str(event), "export", "out/other.json", cwd=event.parent)
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in out_dir.iterdir()) == ["other.json"]


@pytest.mark.parametrize("stop_in", ["site/", "site/players/"])
def test_a_publish_killed_while_writing_is_cleaned_by_the_next_publish(event: Path, stopped: list[Stopped],
                                                                       stop_in: str) -> None:
    temp = killed_leaves_temp(stopped, ["--db", str(event), "publish", "-o", "site"], event.parent, stop_in)
    assert stop_in in temp.as_posix()
    age(temp)
    out = run_process("--db", str(event), "publish", "-o", "site", cwd=event.parent)
    assert out.returncode == 0, out.stderr
    site = event.parent / "site"
    assert not temp.exists() and [p for p in site.rglob("*.tmp")] == []
    assert (site / "index.html").is_file()


def test_the_temp_file_of_a_live_writer_is_kept_however_old(event: Path, stopped: list[Stopped]) -> None:
    run = Stopped(["--db", str(event), "export", "results.json"], event.parent)
    stopped.append(run)
    age(run.temp, 24 * 3600)
    assert sweep_temp_files(event.parent) == [] and run.temp.is_file()
    out = run_process("--db", str(event), "export", "other.json", cwd=event.parent)
    assert out.returncode == 0, out.stderr
    assert run.temp.is_file()  # still being written: never removed under its writer
    run.kill()
    assert sweep_temp_files(event.parent) == [run.temp]


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_only_old_temp_files_of_ours_whose_process_is_gone_are_removed(tmp_path: Path) -> None:
    gone = dead_pid()
    names = {
        f".results.json.{gone}.tmp": True,  # ours, its run gone, old: removed
        f".event-20261201T101500Z-manual.mcr.{gone}.tmp": True,
        f".fresh.json.{gone}.tmp": False,  # changed within the safe age: someone may still write it
        f".mine.json.{os.getpid()}.tmp": False,  # this process's own (another thread may be writing it)
        f".live.json.{os.getppid()}.tmp": False,  # a process that runs
        f"results.json.{gone}.tmp": False,  # not our pattern: no leading dot
        f".results.json.{gone}.temp": False,
        ".notes.tmp": False,
        f".results.json.0{gone}.tmp": False,
        f".x.{gone}.tmp.bak": False,
    }
    write_atomic(tmp_path / "x", b"")
    for name in names:
        (tmp_path / name).write_bytes(b"half")
        if "fresh" not in name:
            age(tmp_path / name)
    folder = tmp_path / f".folder.{gone}.tmp"  # a folder of that name is not ours
    folder.mkdir()
    age(folder)
    removed = sweep_temp_files(tmp_path)
    assert sorted(p.name for p in removed) == sorted(n for n, gone_ in names.items() if gone_)
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {"x", folder.name} | {n for n, gone_ in names.items() if not gone_}


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
