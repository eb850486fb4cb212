"""The tournament file replaced (``mv``, ``cp``) or deleted under a running ``mcr-tournament serve``.

A real server process; hands recorded through the API. After the file changes under it the server says so in one
loud line, answers 503, never writes into the file now at the path (its sha256 stays), and on Ctrl+C saves what
it holds to ``event.mcr.rescued-<time>.mcr``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from db.service.demo import create_demo
from tests.web.test_cli import _free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[3]
EXE = str(Path(sys.executable).with_name("mcr-tournament"))
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot replace or delete a file SQLite "
                                "has open; Ctrl+C cannot be sent to one process from a test there")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=120)


def hands_of_session2(path: Path) -> list[tuple[int, int]]:
    out = cli("--db", str(path), "results", "list", "--session", "2", "--format", "json")
    assert out.returncode == 0, out.stderr
    return sorted((h["table"], h["hand"]) for h in json.loads(out.stdout))


@pytest.mark.parametrize(("how", "kind"), [("mv", "other"), ("cp", "other"), ("cp", "older"), ("mv", "older"),
                                           ("rm", None)])
def test_serve_when_the_file_is_replaced_or_deleted(tmp_path: Path, how: str, kind: str | None) -> None:
    event = tmp_path / "event.mcr"
    create_demo(event)
    replacement = tmp_path / "replacement.mcr"
    if kind == "other":
        create_demo(replacement)
    elif kind == "older":
        shutil.copyfile(event, replacement)
    port = _free_port()
    out = cli("--db", str(event), "devices", "--session", "2", "--base-url", f"http://127.0.0.1:{port}",
              "--format", "json")
    assert out.returncode == 0, out.stderr
    tokens = {row["table"]: row["token"] for row in json.loads(out.stdout)}
    proc = subprocess.Popen([EXE, "--db", str(event), "serve", "--port", str(port)], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    recorded: list[tuple[int, int]] = []
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            wait_until_serving(lambda: client.get("/api/table"), proc)

            def post(table: int, hand: int) -> int:
                r = client.post("/api/hands", headers={"Authorization": f"Bearer {tokens[table]}"},
                                json={"type": "draw", "hand": hand})
                if r.status_code == 200:
                    recorded.append((table, hand))
                return r.status_code

            for table in sorted(tokens):
                for hand in (1, 2):
                    assert post(table, hand) == 200
            if how == "rm":
                event.unlink()
            elif how == "mv":
                os.replace(replacement, event)
            else:
                shutil.copyfile(replacement, event)  # the same inode
            digest = sha256(event) if event.exists() else None
            r = client.get("/api/table", headers={"Authorization": f"Bearer {tokens[1]}"})
            assert r.status_code in (401, 503), r.text  # a read is checked too (401: the token is not in a copy)
            assert post(1, 3) == 503
            assert post(2, 3) == 503
    finally:
        proc.send_signal(signal.SIGINT)
        console, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, console
    loud = [line for line in console.splitlines() if "!!!" in line]
    assert len(loud) == 1 and "event.mcr was" in loud[0], console
    rescued = sorted(tmp_path.glob("event.mcr.rescued-*.mcr"))
    assert len(rescued) == 1, console
    assert str(rescued[0]) in console
    # after cp: rebuilt from the backup of the first write and the server's WAL (db.storage.guard.rebuild)
    assert hands_of_session2(rescued[0]) == sorted(recorded)  # nothing lost
    assert cli("--db", str(rescued[0]), "check").returncode == 0
    if digest is not None:
        assert sha256(event) == digest  # the replacement untouched, also by the server's stop
        assert not Path(str(event) + "-wal").exists()  # the server's WAL was set aside, not left to be applied
        check = cli("--db", str(event), "check")
        assert check.returncode == 0 and "no problems" in check.stdout, check.stdout + check.stderr
        assert hands_of_session2(event) == []
