"""Backups that cannot rot. Each backup is checked (``quick_check``) before it is named as one, so a
damaged live file never gets its copies kept in place of the good ones, and rotation never deletes those."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db import open_database
from db.errors import BackupError
from db.service.audit import Actor
from db.service.demo import create_demo
from db.service.tournament import update_settings
from db.storage.backups import back_up, list_backups

ACTOR = Actor(station="test")


def damage_players_index(path: Path) -> None:
    """Break one b-tree page the writes below never touch (an index of the players), in a closed file."""
    con = sqlite3.connect(path)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'players' "
                       "ORDER BY rootpage LIMIT 1").fetchone()[0]
    con.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\x07" * 16)  # no b-tree page type


def quick_check(path: Path) -> bool:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    except sqlite3.DatabaseError:
        return False
    finally:
        con.close()


def test_a_damaged_live_file_with_frequent_backups_never_rotates_the_good_one_away(tmp_path: Path) -> None:
    path = tmp_path / "event.mcr"
    create_demo(path)
    with open_database(path) as db:
        good = back_up(db, "auto")
    damage_players_index(path)
    with open_database(path) as db:
        assert db.backups is not None
        db.backups.keep, db.backups.interval, db.backups.floor = 2, 0.0, 0.0
        for i in range(6):  # each write is followed by a backup attempt
            with db.factory.begin() as s:
                update_settings(s, name=f"Open {i}", actor=ACTOR)
        refusal = db.backups.last_refusal
        assert refusal is not None and refusal.code == "backup_damaged", db.backups.last_error
        assert "fails SQLite's check" in str(refusal) and "event.mcr" in str(refusal)
    kept = [b.path for b in list_backups(path)]
    assert good in kept  # the good copy survives every rotation
    assert all(quick_check(p) for p in kept)  # and no damaged copy is named a backup
    assert not [p for p in path.with_name("event.mcr.backups").iterdir() if p.name.endswith(".tmp")]


def test_a_manual_backup_of_a_damaged_file_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "event.mcr"
    create_demo(path)
    damage_players_index(path)
    with open_database(path, writable=False) as db, pytest.raises(BackupError) as refused:
        back_up(db, "manual", folder=tmp_path / "stick")
    assert refused.value.code == "backup_damaged" and "\n" not in str(refused.value)
    assert not list((tmp_path / "stick").iterdir())
