"""Real files and real processes shared by the db tests: the installed ``mcr-tournament`` run as a user (or as
another user), a file's hash, the command line's one-line error, and what only some systems let a test do."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.db.commands.test_cli import EXE

NOBODY = "65534"  # uid and gid of nobody/nogroup on Debian
ROOT = sys.platform.startswith("linux") and os.geteuid() == 0  # mounts, setpriv, chown: Linux as root
# Windows cannot delete, rename over or replace a file SQLite has open: what these tests do cannot happen there
HOLDS_FILES_OPEN = pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot delete or replace a file "
                                      "SQLite has open, so a file vanishing under the program cannot happen there")


def run_process(*args: str, cwd: Path, user: str | None = None) -> subprocess.CompletedProcess[str]:
    """The installed console script, as a user runs it; as ``user`` (a uid) when given (needs root)."""
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
