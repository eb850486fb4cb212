"""The Rule values dialog's reading of the tournament (referee_app/dialogs/rule_values.py)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from db.commands.cli import main
from db.storage.store import open_database
from referee_app.dialogs.rule_values import read_rule_values


def _cli(db: Path, *argv: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--db", str(db), *argv]) == 0, argv


def test_the_rule_values_shown_never_list_a_null_value_as_set(tmp_path: Path) -> None:
    """A value stored as null is missing: shown once, with its number field, never also as a set value "null"
    (whose text field then overwrote the number typed, and Save kept it missing without a word)."""
    db = tmp_path / "t.mcr"
    _cli(db, "init", "--name", "Club", "--profile", "guiyang-zhuoji", "--rule", "chicken=1")
    _cli(db, "settings", "--rule", "charging_chicken=null")
    with open_database(db) as database, database.factory() as s:
        shown = read_rule_values(s)
    assert [n for n, _ in shown.missing] == ["charging_chicken", "responsible_chicken"]
    assert shown.given == (("chicken", 1),)
