"""Writing output files so that a failed run never leaves half a file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from db.errors import TournamentError


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder."""
    folder = path.resolve().parent
    if not folder.is_dir():
        raise TournamentError(f"{path}: the folder {folder} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise TournamentError(f"{path}: cannot write ({exc.strerror})") from exc
