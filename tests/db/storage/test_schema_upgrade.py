"""A tournament file written with schema 0001 (before the EMA player fields): a writer backs it up, then
upgrades it; a reader reads it as it is, without changing it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db import open_database
from db.commands.cli import main as cli_main
from db.errors import BackupError, InputError
from db.formats.ema_csv import ema_problems
from db.read import queries
from db.service.demo import create_demo, fill_demo
from db.service.players import PlayerInput, import_players
from db.storage.backups import list_backups
from db.storage.schema import SCHEMA_HEAD
from db.storage.transfer import export_data, import_data
from tests.db.helpers import ACTOR, take_back


def _revision(path: Path) -> str:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return str(con.execute("SELECT version_num FROM alembic_version").fetchone()[0])
    finally:
        con.close()


def _columns(path: Path) -> set[str]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {r[1] for r in con.execute("PRAGMA table_info(players)")}
    finally:
        con.close()


@pytest.fixture
def old_file(tmp_path: Path) -> Path:
    """The demo tournament taken back to schema 0001, with free-text countries as older versions allowed."""
    path = tmp_path / "old.mcr"
    create_demo(path)
    take_back(path, "0001")
    con = sqlite3.connect(path)
    con.execute("UPDATE players SET country = 'France' WHERE number = '9'")
    con.execute("UPDATE players SET country = 'Narnia' WHERE number = '10'")
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    assert _revision(path) == "0001" and "ema_number" not in _columns(path)
    return path


def test_a_reader_reads_the_old_file_without_changing_it(old_file: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    before = old_file.read_bytes()
    assert cli_main(["--db", str(old_file), "standings", "--format", "json"]) == 0
    assert '"rank": 1' in capsys.readouterr().out
    assert cli_main(["--db", str(old_file), "players", "list", "--format", "csv"]) == 0
    assert "10,Bruno Petit,Paris,Narnia" in capsys.readouterr().out
    with open_database(old_file, writable=False) as db, db.reader() as s:
        assert len(queries.players(s)) == 16 and queries.standings(s)[0].rank == 1
        assert db.read_only
    assert _revision(old_file) == "0001" and old_file.read_bytes() == before
    assert not (old_file.parent / "old.mcr.backups").exists()


def test_a_writer_backs_the_file_up_then_upgrades_it(old_file: Path) -> None:
    with open_database(old_file) as db, db.reader() as s:
        assert len(queries.players(s)) == 16
    assert _revision(old_file) == SCHEMA_HEAD and "ema_number" in _columns(old_file)
    kept = [b for b in list_backups(old_file) if b.kind == "upgrade"]
    assert len(kept) == 1 and kept[0].path.name.endswith("-before-upgrade.mcr")
    assert _revision(kept[0].path) == "0001"  # the file as the older version left it
    with open_database(kept[0].path, writable=False) as copy, copy.reader() as s:
        assert {p.number: p.country for p in queries.players(s)}["9"] == "France"


def test_no_backup_no_upgrade(old_file: Path) -> None:
    (old_file.parent / "old.mcr.backups").write_text("a file where the backups folder should be")
    with pytest.raises(BackupError, match="not upgraded"):
        open_database(old_file)
    assert _revision(old_file) == "0001"


def test_old_free_text_countries_are_kept_until_edited(old_file: Path) -> None:
    with open_database(old_file) as db:
        with db.reader() as s:
            countries = {p.number: p.country for p in queries.players(s)}
            _tables, players = ema_problems(s)
        assert (countries["9"], countries["10"]) == ("France", "Narnia")
        assert players == ["player 10: country 'Narnia' is not an ISO 3166 alpha-2 code"]  # France maps to FR
        with db.factory.begin() as s:  # the unchanged value passes; a new one must be a country
            import_players(s, [PlayerInput("10", "Bruno Petit", "Paris", "Narnia")], ACTOR)
        with db.factory.begin() as s, pytest.raises(InputError, match="not a country"):
            import_players(s, [PlayerInput("10", "Bruno Petit", "Paris", "Atlantis")], ACTOR)


def test_a_json_export_of_schema_0001_imports(tmp_path: Path) -> None:
    with open_database(tmp_path / "a.mcr", create=True) as db:
        with db.factory.begin() as s:
            fill_demo(s, ACTOR)
        with db.reader() as s:
            data = export_data(s)
    data["schema"] = "0001"
    for row in data["tables"]["players"]:
        for key in ("ema_number", "first_name", "last_name"):
            del row[key]
    with open_database(tmp_path / "b.mcr", create=True) as db:
        with db.factory.begin() as s:
            import_data(s, data)
        with db.reader() as s:
            players = queries.players(s)
    assert len(players) == 16 and all(p.ema_number is None for p in players)


_WHAT_COLUMNS = ("session", "table_no", "hand", "player", "what_code", "what_params")


def _audit_rows(path: Path) -> dict[int, tuple[object, ...]]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {r[0]: r[1:] for r in con.execute(f"SELECT id, what, {', '.join(_WHAT_COLUMNS)} FROM audit_log")}
    finally:
        con.close()


def test_the_upgrade_to_0007_fills_the_audit_entries_place_and_message_from_their_english(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file written before the audit entry had its columns: the upgrade gives each entry the place and
    message its writer gives today (read once from the English); an entry it cannot read keeps them empty,
    and the log command prints the same lines before and after."""
    from tests.db.test_audit_what import write_every_kind

    path = tmp_path / "old.mcr"
    with open_database(path, create=True) as db:
        write_every_kind(db)
    written = _audit_rows(path)
    take_back(path, "0006")
    con = sqlite3.connect(path)
    con.execute("INSERT INTO audit_log (at, station, referee, action, what) "
                "VALUES ('2026-05-01 09:00:00', '', '', 'record', 'a hand somewhere')")
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    assert _revision(path) == "0006"
    assert cli_main(["--db", str(path), "log"]) == 0  # a reader: the old file as it is
    before = capsys.readouterr().out
    with open_database(path) as db, db.reader() as s:  # a writer upgrades it
        entries = queries.audit_log(s)
    assert _revision(path) == SCHEMA_HEAD
    upgraded = _audit_rows(path)
    unreadable = max(upgraded)
    assert upgraded.pop(unreadable) == ("a hand somewhere", None, None, None, None, None, None)
    assert upgraded == written and len(written) > 50
    assert sum(e.what_code is not None for e in entries) == len(written)
    assert cli_main(["--db", str(path), "log"]) == 0
    assert capsys.readouterr().out == before


def test_an_export_from_before_0007_imports_with_the_audit_entries_place_and_message(tmp_path: Path) -> None:
    from tests.db.test_audit_what import write_every_kind

    with open_database(tmp_path / "a.mcr", create=True) as db:
        write_every_kind(db)
        with db.reader() as s:
            data = export_data(s)
    written = {r["id"]: r for r in data["tables"]["audit_log"]}
    data["schema"] = "0006"
    data["tables"]["audit_log"] = [{k: v for k, v in r.items() if k not in _WHAT_COLUMNS}
                                   for r in data["tables"]["audit_log"]]
    with open_database(tmp_path / "b.mcr", create=True) as db:
        with db.factory.begin() as s:
            import_data(s, data)
        with db.reader() as s:
            again = {r["id"]: r for r in export_data(s)["tables"]["audit_log"]}
    assert again == written and any(r["what_code"] == "substitute" for r in again.values())


def test_an_mcr_file_of_schema_0007_opens_as_mcr_and_gives_the_same_standings_and_results(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: the files written before the rule-system seam (schema 0007) open as MCR, unchanged but for the
    new empty column; standings and results read the same before and after the upgrade."""
    path = tmp_path / "mcr-0007.mcr"
    create_demo(path)
    outputs = []
    for _ in range(2):
        for argv in (["standings", "--format", "json"], ["results", "list", "--format", "json"]):
            assert cli_main(["--db", str(path), *argv]) == 0
            outputs.append(capsys.readouterr().out)
        if len(outputs) == 2:
            take_back(path, "0007")
            assert _revision(path) == "0007"
    assert outputs[:2] == outputs[2:]
    (tmp_path / "none.csv").write_text("number,name\n", encoding="utf-8")
    assert cli_main(["--db", str(path), "players", "import", str(tmp_path / "none.csv")]) == 0  # a writer upgrades
    capsys.readouterr()
    assert _revision(path) == SCHEMA_HEAD
    with open_database(path) as db, db.reader() as s:
        assert queries.settings(s).profile == "cmr1998" and queries.settings(s).rules == {}
    assert cli_main(["--db", str(path), "standings", "--format", "json"]) == 0
    assert capsys.readouterr().out == outputs[0]
