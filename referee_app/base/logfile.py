"""The app's log: a rotating UTF-8 file in its home (``AppHome.log_file``; the portable folder in portable
mode), fed by Python's ``logging`` root logger.

The windowed Windows exe has no console, so this file is the only place a traceback, the table devices'
server (it logs through ``logging``) or a failed backup can leave a trace; the "Something went wrong"
dialog names it (``errors.py``). About 1 MB is kept, plus three older files (``.1`` … ``.3``).
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import platform
import sys
from pathlib import Path

MAX_BYTES = 1_000_000
BACKUP_COUNT = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_INSTALLED: list[logging.Handler] = []
_ROOT_LEVEL: list[int] = []  # the root logger's level before install()


class _Handler(logging.handlers.RotatingFileHandler):
    def rotate(self, source: str, dest: str) -> None:
        # Windows: a second instance (or a virus scanner) holding the log makes the rename fail with
        # WinError 32; the file then just grows a little longer instead of every line being lost.
        with contextlib.suppress(OSError):
            super().rotate(source, dest)


def log_path() -> Path | None:
    """The log file in use, or None when none could be opened (or :func:`install` was not called)."""
    for h in _INSTALLED:
        if isinstance(h, logging.FileHandler):
            return Path(h.baseFilename)
    return None


def install(path: Path, level: int = logging.INFO) -> Path | None:
    """Send the root logger's records from ``level`` up to the rotating file ``path`` (once per process).
    Returns the file, or None when it cannot be written (a read-only stick): the app runs without a log."""
    if _INSTALLED:
        return log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = _Handler(path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    _ROOT_LEVEL[:] = [root.level]
    if root.getEffectiveLevel() > level:
        root.setLevel(level)
    # one line per phone request would push the tracebacks out of 4 MB within a session; Alembic says
    # a dozen lines at every opening
    for name in ("uvicorn.access", "alembic"):
        logging.getLogger(name).setLevel(logging.WARNING)
    _INSTALLED.append(handler)
    logging.getLogger("referee_app").info("started: %s, Python %s, %s", " ".join(sys.argv),
                                          platform.python_version(), platform.platform())
    return path


def uninstall() -> None:
    """Remove the handler :func:`install` added (for tests)."""
    root = logging.getLogger()
    for h in _INSTALLED:
        root.removeHandler(h)
        h.close()
    _INSTALLED.clear()
    if _ROOT_LEVEL:
        root.setLevel(_ROOT_LEVEL.pop())
