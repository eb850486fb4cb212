"""The app's few entry points into the store that are not a single service call.

Everything else the pages call directly: ``db.read.queries`` (reads) and ``db.service.*`` (writes) through the
runner. This module adds: creating a tournament file, the demo tournament, and the winds of a hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from db.read import queries
from db.read.views import TournamentInfo
from db.rules.rotation import hand_winds
from db.service.tournament import create_tournament
from scoring.model import Wind


def tournament_info(s: Any) -> TournamentInfo:
    return queries.tournament_info(s)


def rotate(s: Any) -> bool:
    from db.rules.profiles import SeatRotation

    return queries.settings(s).seat_rotation is SeatRotation.ROTATE


def winds(hand: int, rotating: bool = True) -> tuple[Wind, int, tuple[Wind, Wind, Wind, Wind]]:
    """Prevailing wind, dealer (starting-seat index) and each player's seat wind in ``hand`` (1-based)."""
    w = hand_winds(hand, rotating)
    sw = tuple(Wind(x) for x in w.seat_winds)
    return Wind(w.prevailing), w.dealer, (sw[0], sw[1], sw[2], sw[3])


def create_tournament_file(path: str | Path, name: str, profile: str, sessions: int, hands_per_session: int,
                           flowers: bool) -> None:
    """Create a new tournament file. Refuses an existing file (never overwrites a tournament)."""
    from db.errors import TournamentError
    from db.storage.store import open_database

    p = Path(path)
    if p.exists():
        raise TournamentError(code="file_exists", path=p)
    with open_database(p, create=True) as db, db.factory.begin() as s:
        create_tournament(s, name, profile, sessions=sessions, hands_per_session=hands_per_session,
                          flowers=flowers)


def _remove(p: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(p) + suffix).unlink(missing_ok=True)


def create_demo(path: str | Path) -> None:
    """A fresh copy of the demo tournament (``db.service.demo.create_demo``) at ``path``.

    The demo is built once next to ``path`` (``demo-template.mcr``, rebuilt when this version's schema
    differs) and copied for every opening: building it takes most of a second, copying a few ms.
    """
    import shutil

    from db.service.demo import create_demo as make
    from db.storage.schema import head_revision
    from db.storage.store import open_database

    p = Path(path)
    template = p.with_name("demo-template.mcr")
    fresh = False
    if template.exists():
        try:
            from db.storage.schema import current_revision

            db = open_database(template, migrate_schema=False, writable=False)
            try:
                fresh = current_revision(db.engine) == head_revision()
            finally:
                db.close()
        except Exception:  # noqa: BLE001 - any doubt: build it again
            fresh = False
    if not fresh:
        _remove(template)
        make(template)
    from db.errors import TournamentError
    from db.storage.files import in_use

    try:
        _remove(p)
    except PermissionError as exc:
        if not in_use(exc):
            raise
        # Windows: another instance has the demo open (WinError 32); POSIX would delete it under that window
        raise TournamentError(code="demo_in_use") from exc
    shutil.copyfile(template, p)
