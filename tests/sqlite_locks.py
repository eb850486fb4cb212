"""The POSIX locks this process holds on a tournament file (Linux ``/proc/locks``), for the file-life tests:
closing any other descriptor of the file drops them, and then another program deletes the WAL under us."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

AVAILABLE = Path("/proc/locks").exists()


def held_locks(path: str | Path) -> int:
    """POSIX locks this process holds on ``path`` and its -shm."""
    inodes = set()
    for part in ("", "-shm"):
        with contextlib.suppress(OSError):
            inodes.add(str(os.stat(str(path) + part).st_ino))
    pid = str(os.getpid())
    count = 0
    for line in Path("/proc/locks").read_text().splitlines():
        f = line.split()
        if len(f) > 5 and f[1] == "POSIX" and f[4] == pid and f[5].split(":")[-1] in inodes:
            count += 1
    return count


def open_tournament_files() -> list[Path]:
    """The tournament files (``X`` with ``X-wal`` open too: WAL mode) this process has open (/proc/self/fd)."""
    targets = set()
    fd_dir = Path("/proc/self/fd")
    for fd in list(fd_dir.iterdir()) if fd_dir.exists() else []:
        with contextlib.suppress(OSError):
            targets.add(os.readlink(fd))
    return sorted(Path(t) for t in targets if t + "-wal" in targets)
