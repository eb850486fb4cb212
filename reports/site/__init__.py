"""The static results website (``mcr-tournament publish -o site/``, File → Publish website…).

``build_pages`` (``reports.site.pages``) turns a snapshot into ``{relative path: html}``;
:func:`write_site` writes them into a folder that any web host serves as it is (docs/reports.md
"Results website").
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from db.errors import TournamentError
from db.storage.files import sweep_temp_files, tournament_output_problem, write_atomic
from reports.site.pages import build_pages
from reports.snapshot import Snapshot

SUBFOLDERS = ("sessions", "tables", "players", "stages")

__all__ = ["build_pages", "publish", "write_site"]


def write_site(folder: Path, pages: Mapping[str, str]) -> int:
    """Write every page (each through a temporary file) and remove pages of ours that no longer exist
    (a player deleted since the last run) and temporary files a killed run left; returns the number of pages."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for sub in SUBFOLDERS:
            (folder / sub).mkdir(exist_ok=True)
    except OSError as exc:
        raise TournamentError(code="folder_create_failed", folder=str(folder), cause=exc.strerror) from exc
    # A publish killed while writing left ``.PAGE.PID.tmp`` files that an upload would copy: removed here
    # (db.storage.files.sweep_temp_files), also in a subfolder that gets no page this time.
    for where in (folder, *(folder / sub for sub in SUBFOLDERS)):
        sweep_temp_files(where)
    for rel, text in pages.items():
        write_atomic(folder / rel, text.encode("utf-8"))
    # Compared without case: on Windows and macOS "a1.html" and "A1.html" are one file, and a page written
    # over an old one may keep the old name's case, so deleting what differs in case only deletes the page.
    ours = {rel.casefold() for rel in pages}
    for sub in SUBFOLDERS:
        for old in (folder / sub).glob("*.html"):
            if f"{sub}/{old.name}".casefold() not in ours and tournament_output_problem(old) is None:
                old.unlink(missing_ok=True)  # (never a tournament file someone named *.html)
    return len(pages)


def publish(snap: Snapshot, folder: Path, generated_at: datetime | None = None) -> int:
    return write_site(folder, build_pages(snap, generated_at))
