"""The file guard at a venue's pace, against a real ``mcr-tournament serve``.

One table writes at a time, with pauses, and the automatic backups come every 0.3 s (the store takes its
checkpoint right before each one), so the file changes only at those checkpoints, as at a quiet event. SQLite's
change counter does not move there; the guard's own commit sequence (db.storage.stamp) does. Each scenario checks that
every hand the server acknowledged is in a file that passes ``integrity_check``, and that the copy put back is
never written to (its sha256 stays).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from db.service.demo import create_demo
from tests.web.test_cli import _free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[3]
EXE = str(Path(sys.executable).with_name("mcr-tournament"))
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot replace a file SQLite has open")
# serve, with the automatic backups (and so the store's checkpoints) every BACKUP_S seconds instead of 5 minutes
SERVE = ("import sys, db.storage.backups as b; b.INTERVAL = float(sys.argv[1]); from web.cli import main; "
         "sys.exit(main(sys.argv[2:]))")
BACKUP_S = "0.3"
PAUSE_S = 0.03  # between two hands: one table at a time, never a storm
STRAY_AFTER = 15  # hands: at least 0.45 s, past BACKUP_S (see Venue.write_until_checkpoints)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def hands_in(path: Path) -> set[tuple[int, int]]:
    """Session 2's hands as a fresh process reads them from ``path`` (the file must be readable)."""
    out = cli("--db", str(path), "results", "list", "--session", "2", "--format", "json")
    assert out.returncode == 0, out.stdout + out.stderr
    return {(h["table"], h["hand"]) for h in json.loads(out.stdout)}


def integrity_ok(path: Path) -> bool:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    except sqlite3.DatabaseError:
        return False
    finally:
        con.close()


class Venue:
    """A demo event served by a real process, its tables writing one hand at a time."""

    def __init__(self, tmp_path: Path) -> None:
        self.dir = tmp_path
        self.event = tmp_path / "event.mcr"
        create_demo(self.event)
        self.port = _free_port()
        out = cli("--db", str(self.event), "devices", "--session", "2", "--base-url",
                  f"http://127.0.0.1:{self.port}", "--format", "json")
        assert out.returncode == 0, out.stderr
        self.tokens = {row["table"]: row["token"] for row in json.loads(out.stdout)}
        self.order = [(t, h) for h in range(1, 17) for t in sorted(self.tokens)]
        self.acked: list[tuple[int, int]] = []
        self.refused: list[int] = []
        self.proc: subprocess.Popen[str] | None = None
        self.console = ""

    @contextmanager
    def serving(self) -> Iterator[httpx.Client]:
        self.proc = subprocess.Popen([sys.executable, "-c", SERVE, BACKUP_S, "--db", str(self.event), "serve",
                                      "--port", str(self.port)], cwd=self.dir, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=30) as client:
                wait_until_serving(lambda: client.get("/api/table"), self.proc)
                yield client
        finally:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGINT)
            self.console, _ = self.proc.communicate(timeout=120)

    def copy_between_checkpoints(self, client: httpx.Client, stick: Path) -> None:
        """The file copied to ``stick`` after one checkpoint; then the next checkpoint, and three hands after
        it that are only in the WAL."""
        self.write_until_checkpoints(client, 1)
        shutil.copyfile(self.event, stick)
        self.write_until_checkpoints(client, 1)
        for _ in range(3):
            assert self.post_next(client) == 200

    def post_next(self, client: httpx.Client) -> int:
        table, hand = self.order[len(self.acked) + len(self.refused)]
        r = client.post("/api/hands", headers={"Authorization": f"Bearer {self.tokens[table]}"},
                        json={"type": "draw", "hand": hand, "request_id": f"{table}-{hand}"})
        if r.status_code == 200:
            self.acked.append((table, hand))
        else:
            self.refused.append(r.status_code)
        time.sleep(PAUSE_S)
        return r.status_code

    def write_until_checkpoints(self, client: httpx.Client, n: int) -> None:
        """Write one hand at a time until the file changed ``n`` times: the store's checkpoints, one before each
        backup. A program whose store does not checkpoint so (the code before stamps: SQLite's own every 1,000
        pages) gets one from another program (sqlite3) after STRAY_AFTER hands, so the scenario is the same."""
        seen, since = os.stat(self.event).st_mtime_ns, 0
        while n:
            assert self.post_next(client) == 200
            since += 1
            if since >= STRAY_AFTER:
                con = sqlite3.connect(self.event)
                con.execute("PRAGMA wal_checkpoint(PASSIVE)")
                con.close()
            now = os.stat(self.event).st_mtime_ns
            if now != seen:
                seen, n, since = now, n - 1, 0


def test_a_copy_taken_after_one_checkpoint_and_put_back_after_the_next_is_refused(tmp_path: Path) -> None:
    venue = Venue(tmp_path)
    stick = tmp_path / "stick.mcr"
    with venue.serving() as client:
        venue.copy_between_checkpoints(client, stick)
        shutil.copyfile(stick, venue.event)  # cp: the same inode, an older content
        digest = sha256(venue.event)
        for _ in range(5):
            venue.post_next(client)
    assert venue.proc is not None and venue.proc.returncode == 0, venue.console
    assert venue.refused == [503] * 5, venue.console  # the very first write after the cp is refused
    assert sum("!!!" in line for line in venue.console.splitlines()) == 1, venue.console
    assert sha256(venue.event) == digest  # the copy put back is never written to, not even at the stop
    rescued = sorted(tmp_path.glob("event.mcr.rescued-*.mcr"))
    assert len(rescued) == 1 and "(checked:" in venue.console, venue.console
    assert integrity_ok(rescued[0])
    assert hands_in(rescued[0]) == set(venue.acked)  # every acknowledged hand, nothing else


def test_after_a_crash_an_older_copy_put_back_beside_the_crash_wal_never_gets_it_applied(tmp_path: Path) -> None:
    venue = Venue(tmp_path)
    stick = tmp_path / "stick.mcr"
    with venue.serving() as client:
        venue.copy_between_checkpoints(client, stick)
        assert venue.proc is not None
        venue.proc.kill()  # kill -9: the WAL stays beside the file
        venue.proc.wait(timeout=30)
    assert Path(f"{venue.event}-wal").stat().st_size > 0
    shutil.copyfile(stick, venue.event)
    digest = sha256(venue.event)
    out = cli("--db", str(venue.event), "check")
    assert out.returncode == 0 and "no problems" in out.stdout, out.stdout + out.stderr
    assert "set aside" in out.stderr and "saved as" in out.stderr, out.stderr  # one line says where
    assert sha256(venue.event) == digest
    assert [p for p in tmp_path.iterdir() if p.name.startswith("event.mcr-wal.orphan-")]
    rescued = sorted(tmp_path.glob("event.mcr.rescued-*.mcr"))
    assert len(rescued) == 1 and rescued[0].name in out.stderr
    assert integrity_ok(rescued[0])
    assert hands_in(rescued[0]) == set(venue.acked)


def test_a_slow_copy_of_the_live_folder_across_a_checkpoint_opens_without_the_wal_that_does_not_follow(
        tmp_path: Path) -> None:
    venue = Venue(tmp_path)
    copy = tmp_path / "stick"
    copy.mkdir()
    with venue.serving() as client:
        venue.write_until_checkpoints(client, 1)
        shutil.copyfile(venue.event, copy / "event.mcr")  # the file now, its WAL only after the next checkpoint
        venue.write_until_checkpoints(client, 1)
        for _ in range(3):
            assert venue.post_next(client) == 200
        shutil.copyfile(Path(f"{venue.event}-wal"), copy / "event.mcr-wal")
        for _ in range(3):
            assert venue.post_next(client) == 200
    assert venue.proc is not None and venue.proc.returncode == 0, venue.console
    digest = sha256(copy / "event.mcr")
    out = cli("--db", str(copy / "event.mcr"), "check")
    assert out.returncode == 0 and "no problems" in out.stdout, out.stdout + out.stderr
    assert "set aside" in out.stderr, out.stderr
    assert sha256(copy / "event.mcr") == digest
    assert integrity_ok(venue.event)
    assert hands_in(venue.event) == set(venue.acked)  # the live file lost nothing


def test_checkpoints_by_other_programs_while_serve_writes_are_no_false_alarm(tmp_path: Path) -> None:
    """Another of our programs writing the same file (its backup and checkpoint first) and a plain sqlite3
    checkpoint, between the server's hands: the file changes under the server, legitimately, every time."""
    venue = Venue(tmp_path)
    other = ("import sys, db.storage.backups as b; b.FLOOR = 0.0; b.INTERVAL = 0.0; from web.cli import main; "
             "sys.exit(main(sys.argv[1:]))")
    with venue.serving() as client:
        for i in range(4):
            for _ in range(3):
                assert venue.post_next(client) == 200
            done = subprocess.run([sys.executable, "-c", other, "--db", str(venue.event), "settings", "--name",
                                   f"Open {i}"], capture_output=True, text=True, timeout=120,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
            assert done.returncode == 0, done.stdout + done.stderr
            for _ in range(3):
                assert venue.post_next(client) == 200
            con = sqlite3.connect(venue.event)
            con.execute("PRAGMA wal_checkpoint(PASSIVE)")
            con.close()
    assert venue.proc is not None and venue.proc.returncode == 0, venue.console
    assert "!!!" not in venue.console and not venue.refused, venue.console
    assert not list(tmp_path.glob("event.mcr-wal.orphan-*"))
    assert integrity_ok(venue.event)
    assert hands_in(venue.event) == set(venue.acked)
