"""No output over the tournament (probe D3): ``export``, ``report … -o``, ``publish -o`` and
``backup`` refuse the ``--db`` file (any spelling, a hard link), its -wal/-shm, and any file carrying the
tournament marker, in one line, exit 1, nothing written. Real ``mcr-tournament`` processes on a real file."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from db.errors import OutputError
from db.service.demo import create_demo
from db.storage.files import has_tournament_mark, refuse_output, tournament_output_problem, write_atomic
from db.storage.store import open_database
from tests.db.commands.test_cli import run_process


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "e.mcr"
    create_demo(path)
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refused(out: object, *words: str) -> None:
    err = getattr(out, "stderr", "")
    assert getattr(out, "returncode", 0) == 1, (getattr(out, "stdout", ""), err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert "nothing was written" in err and all(w in err for w in words), err


@pytest.mark.parametrize("command", [
    ["export", "{db}"],
    ["export", "{db}", "--format", "xlsx"],
    ["report", "standings", "-o", "{db}"],
    ["report", "scoresheets", "--session", "1", "-o", "{db}"],
    ["export", "sub/../{db}"],  # another spelling of the same file
])
def test_an_output_over_the_db_file_is_refused_and_nothing_is_written(event: Path, command: list[str]) -> None:
    (event.parent / "sub").mkdir()
    before = digest(event)
    out = run_process("--db", event.name, *[a.format(db=event.name) for a in command], cwd=event.parent)
    refused(out, "is the tournament file")
    assert digest(event) == before and has_tournament_mark(event.read_bytes()[:100])
    assert run_process("--db", event.name, "check", cwd=event.parent).returncode == 0
    assert not [p for p in event.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_hard_link_to_the_db_file_is_the_same_file(event: Path) -> None:
    link = event.parent / "results.json"
    os.link(event, link)
    before = digest(event)
    out = run_process("--db", event.name, "export", link.name, cwd=event.parent)
    refused(out, "results.json is the tournament file")
    assert digest(event) == before


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
def test_the_db_files_journal_is_refused_whether_or_not_it_exists(event: Path, suffix: str) -> None:
    journal = event.parent / (event.name + suffix)
    for exists in (True, False):
        if exists:
            journal.write_bytes(b"")  # as SQLite leaves it beside a file in WAL mode
        else:
            journal.unlink(missing_ok=True)
        out = run_process("--db", event.name, "export", journal.name, cwd=event.parent)
        refused(out, "part of the tournament file")
        assert not journal.exists() or not journal.read_bytes().startswith(b"{")  # SQLite's own, never JSON


def test_any_other_tournament_file_is_refused_by_its_marker(event: Path, tmp_path: Path) -> None:
    other = tmp_path / "spring.mcr"  # another tournament, not the --db one, under any name
    create_demo(other)
    renamed = other.rename(tmp_path / "spring-results.xlsx")
    before = digest(renamed)
    for command in (["export", renamed.name, "--format", "xlsx"], ["report", "standings", "-o", renamed.name],
                    ["export", renamed.name]):
        refused(run_process("--db", event.name, *command, cwd=tmp_path), "is a tournament file")
    assert digest(renamed) == before


def test_a_site_published_over_a_tournament_file_is_refused(event: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    create_demo(site / "index.html")  # a tournament file someone named as a page of the site
    before = digest(site / "index.html")
    refused(run_process("--db", event.name, "publish", "-o", str(site), cwd=tmp_path), "index.html")
    assert digest(site / "index.html") == before


def test_a_backup_is_never_written_over_the_tournament(event: Path) -> None:
    before = digest(event)
    out = run_process("--db", event.name, "backup", event.name, cwd=event.parent)
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1
    assert digest(event) == before


def test_plain_outputs_and_new_files_are_still_written(event: Path, tmp_path: Path) -> None:
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")  # an earlier export is replaced as before
    assert run_process("--db", event.name, "export", "old.json", cwd=tmp_path).returncode == 0
    assert run_process("--db", event.name, "export", "e.mcr.json", cwd=tmp_path).returncode == 0
    assert (tmp_path / "old.json").read_text(encoding="utf-8").startswith("{")


def test_an_output_over_a_file_open_in_this_process_is_refused_without_opening_it(event: Path) -> None:
    with open_database(event, writable=False) as db:  # read-only, as `export` opens it
        with pytest.raises(OutputError, match="is the tournament file"):
            write_atomic(db.path or event, b"{}")
        with pytest.raises(OutputError, match="part of the tournament file"):
            refuse_output(event.parent / "e.mcr-wal")
        refuse_output(event.parent / "e.json")
    with pytest.raises(OutputError, match="part of the tournament file"):  # closed: by the marker of e.mcr
        refuse_output(event.parent / "e.mcr-wal")


def test_a_wal_set_aside_is_never_written_over(event: Path) -> None:
    """After a crash the guard sets a WAL aside (``e.mcr-wal.orphan-…``): it may hold the only copy of some hands."""
    orphan = event.parent / "e.mcr-wal.orphan-20261206T101500000000Z"
    orphan.write_bytes(b"\x37\x7f\x06\x82" + bytes(60))
    plain = event.parent / "copy-of-a-wal"
    plain.write_bytes(b"\x37\x7f\x06\x83" + bytes(60))
    for target in (orphan, plain):
        before = digest(target)
        out = run_process("--db", event.name, "export", target.name, cwd=event.parent)
        assert out.returncode == 1 and "WAL" in out.stderr and "nothing was written" in out.stderr, out.stderr
        assert digest(target) == before


def test_a_file_abandoned_under_this_program_is_never_opened_to_look_at_its_marker(event: Path) -> None:
    """The guard keeps SQLite's connection to a moved file open for good; reading its header with open() and close()
    would drop SQLite's locks on it (docs/data-safety.md, the POSIX lock rule)."""
    import sys

    from db.errors import DatabaseFileGoneError
    from db.service.audit import Actor
    from db.service.tournament import update_settings

    db = open_database(event)
    moved = event.with_name("moved.mcr")
    opened: list[str] = []

    def audit(name: str, args: tuple[object, ...]) -> None:
        if name == "open" and str(args[0]).endswith("moved.mcr"):
            opened.append(str(args[0]))

    try:
        with db.factory.begin() as s:  # a connection in the pool, as in any running program
            update_settings(s, name="before", actor=Actor(station="t"))
        os.replace(event, moved)
        with pytest.raises(DatabaseFileGoneError), db.factory.begin() as s:
            update_settings(s, name="x", actor=Actor(station="t"))
    finally:
        db.close()
    sys.addaudithook(audit)
    # what the app's save dialogs and publish's clean-up ask (refuse_output asks refuse_live first)
    assert tournament_output_problem(moved) is not None
    assert opened == []
