"""A small event with substitutes, built through the command line as an organiser would: Ann, Bob, Cy and
Dee, substitute 5 Zhao Min (赵敏) and any more rows the test adds; session 1 seated with Dee absent, so that
Zhao Min plays in her place."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

PLAYERS = "number,name,substitute\n1,Ann,\n2,Bob,\n3,Cy,\n4,Dee,\n5,Zhao Min,yes\n"


def run_cli(db: Path, *argv: str) -> None:
    """One ``mcr-tournament`` command on ``db``, quietly; it must succeed."""
    from db.commands.cli import main

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["--db", str(db), *argv]) == 0, argv


def seated_with_substitutes(folder: Path, more_players: str = "") -> Path:
    """The event's file in ``folder``, session 1 seated; ``more_players`` are CSV rows after the five."""
    db = folder / "subs.mcr"
    (folder / "players.csv").write_text(PLAYERS + more_players, encoding="utf-8")
    run_cli(db, "init", "--name", "Subs", "--sessions", "1")
    run_cli(db, "players", "import", str(folder / "players.csv"))
    run_cli(db, "checkin", "--session", "1", "--present", "1", "2", "3", "5", "--absent", "4")
    run_cli(db, "seat", "1")
    return db
