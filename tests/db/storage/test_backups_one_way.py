"""One way to back up. Every backup (the CLI's ``backup``, Back up now, the automatic, end-of-session,
closing and before-upgrade copies, a server database's JSON export) is made by ``db.storage.backups.back_up``; the
three ways there were (``Database.backup_now``, ``transfer.backup``, ``Backups.make``) are gone, and nothing
else copies the open database or reads its snapshot export."""

from __future__ import annotations

import ast
from pathlib import Path

from db.storage import transfer
from db.storage.backups import Backups
from db.storage.database import Database

ROOT = Path(__file__).resolve().parent.parent.parent.parent
PACKAGES = ("db", "reports", "web", "referee_app")
# where each way of copying the open database may be called: back_up's own pieces, and Database.save_copy
ALLOWED = {"copy_to": {"db/storage/backups.py", "db/storage/database.py"}, "export_snapshot": {"db/storage/backups.py"}}


def _calls() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {name: set() for name in ALLOWED}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    f = node.func
                    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
                    if name in found:
                        found[name].add(path.relative_to(ROOT).as_posix())
    return found


def test_the_other_ways_to_back_up_are_gone() -> None:
    assert not hasattr(Database, "backup_now") and not hasattr(transfer, "backup") and not hasattr(Backups, "make")


def test_only_back_up_copies_the_open_database() -> None:
    found = _calls()
    assert all(found[name] <= allowed for name, allowed in ALLOWED.items()), found
    assert "db/storage/backups.py" in found["copy_to"] and found["export_snapshot"] == {"db/storage/backups.py"}
