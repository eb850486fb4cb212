"""Windows file behaviour, simulated on Linux: read-only places that os.access does
not see, files another program holds open (PermissionError, errno 13, winerror 32), names compared
without case, Windows paths in SQLite URIs."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path, PureWindowsPath

import pytest

from db import open_database
from db.errors import ReadOnlyDatabaseError
from db.read import queries
from db.service.demo import create_demo
from db.service.seats import seat_session
from db.storage.schema import read_only_reason, sqlite_uri


def windows_error(winerror: int, text: str) -> PermissionError:
    """What Windows raises: PermissionError with errno 13 (EACCES) and the system's code in ``winerror``
    (an attribute Python sets only there)."""
    exc = PermissionError(13, text)
    exc.winerror = winerror  # type: ignore[attr-defined]
    return exc


@pytest.fixture
def like_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the read-only check sees on Windows: os.access says yes to every folder, and to every file
    without the read-only attribute (a write-protected stick's too), and there is no statvfs."""
    monkeypatch.setattr(os, "access", lambda _path, _mode, **_kw: True)

    def no_statvfs(_path: object) -> os.statvfs_result:
        raise OSError("statvfs is POSIX only")

    monkeypatch.setattr(os, "statvfs", no_statvfs)


# --------------------------------------------------------------------------- §4 read-only places


@pytest.mark.usefixtures("like_windows")
@pytest.mark.parametrize(("winerror", "reason"), [(19, "the medium is read-only"), (5, "the folder is read-only")])
def test_a_folder_windows_will_not_write_is_found_by_probing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             winerror: int, reason: str) -> None:
    path = tmp_path / "event.mcr"
    create_demo(path)
    assert read_only_reason(path) is None

    def refused(**_kw: object) -> tuple[int, str]:
        raise windows_error(winerror, "The media is write protected" if winerror == 19 else "Access is denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    assert read_only_reason(path) == reason


@pytest.fixture
def read_only_stick(tmp_path: Path) -> Iterator[Path]:
    """The demo tournament on a really read-only mount (a bind mount remounted ro: Linux, as root)."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("a read-only mount needs Linux and root")
    src = tmp_path / "src"
    src.mkdir()
    create_demo(src / "event.mcr")
    ro = tmp_path / "stick"
    ro.mkdir()
    if subprocess.run(["mount", "--bind", str(src), str(ro)], capture_output=True).returncode != 0:
        pytest.skip("cannot bind-mount here")
    try:
        if subprocess.run(["mount", "-o", "remount,bind,ro", str(ro)], capture_output=True).returncode != 0:
            pytest.skip("cannot remount read-only here")
        yield ro / "event.mcr"
    finally:
        subprocess.run(["umount", "-l", str(ro)], check=False)


def _reads_and_refuses_a_write(path: Path, reason: str) -> None:
    with open_database(path) as db:
        assert db.read_only and db.read_only_reason == reason
        with db.reader() as s:
            assert queries.standings(s)[0].rank == 1
        with pytest.raises(ReadOnlyDatabaseError) as refused, db.factory.begin() as s:
            seat_session(s, 3)
    assert reason in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.usefixtures("like_windows")
def test_a_write_protected_stick_as_windows_reports_it_is_read_and_refuses_writes(read_only_stick: Path) -> None:
    # before: os.access said yes, the file opened for writing, and "not a tournament file" followed
    _reads_and_refuses_a_write(read_only_stick, "the medium is read-only")


def test_a_read_only_place_the_check_misses_is_read_as_immutable(read_only_stick: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # a share that says it can be written: reading the WAL file needs its -shm, which cannot be made
    import db.storage.store

    monkeypatch.setattr(db.storage.store, "read_only_reason", lambda _path: None)
    _reads_and_refuses_a_write(read_only_stick, "the folder is read-only")


# ---------------------------------------------------------------------- §7 Windows paths in URIs


@pytest.mark.parametrize(("path", "uri"), [
    (r"C:\Users\Referee\Documents\event.mcr", "file:///C:/Users/Referee/Documents/event.mcr"),
    (r"D:\MCR Referee\春季赛 #1.mcr", "file:///D:/MCR%20Referee/%E6%98%A5%E5%AD%A3%E8%B5%9B%20%231.mcr"),
    (r"C:\Users\张伟\event.mcr", "file:///C:/Users/%E5%BC%A0%E4%BC%9F/event.mcr"),
    (r"C:\Users\José\100%?.mcr", "file:///C:/Users/Jos%C3%A9/100%25%3F.mcr"),
    (r"\\server\share\mcr\event.mcr", "file:////server/share/mcr/event.mcr"),
    # what Path.resolve() gives for a long path: the extended-length prefix SQLite does not take
    (r"\\?\C:\Users\Referee\event.mcr", "file:///C:/Users/Referee/event.mcr"),
    (r"\\?\UNC\server\share\event.mcr", "file:////server/share/event.mcr"),
])
def test_windows_paths_become_uris_sqlite_opens(path: str, uri: str) -> None:
    assert sqlite_uri(PureWindowsPath(path), "ro") == uri + "?mode=ro"


def test_posix_paths_are_as_before(tmp_path: Path) -> None:
    assert sqlite_uri(Path("/srv/mcr/a b#1.mcr"), "rw", immutable=True) == \
        "file:///srv/mcr/a%20b%231.mcr?mode=rw&immutable=1"
    path = tmp_path / "春季赛 #1.mcr"
    create_demo(path)
    with open_database(path) as db, db.reader() as s:  # the URI SQLite is given opens this very file
        assert queries.standings(s)[0].rank == 1


# ------------------------------------------------------------- §5 files another program has open


def test_replacing_a_file_a_scanner_holds_for_a_moment_succeeds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from db.storage.files import write_atomic

    target = tmp_path / "results.xlsx"
    target.write_bytes(b"old")
    real, calls = os.replace, []

    def held_twice(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        calls.append(dst)
        if len(calls) <= 2:
            raise windows_error(32, "The process cannot access the file because it is being used by another process")
        real(src, dst)

    monkeypatch.setattr(os, "replace", held_twice)
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new" and len(calls) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.xlsx"]


@pytest.mark.parametrize("winerror", [5, 32])
def test_a_file_open_in_excel_says_to_close_it_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    winerror: int) -> None:
    from db.errors import OutputError
    from db.storage.files import write_atomic

    target = tmp_path / "results.xlsx"
    target.write_bytes(b"old")

    def held(_src: object, _dst: object) -> None:
        raise windows_error(winerror, "Access is denied" if winerror == 5 else "being used by another process")

    monkeypatch.setattr(os, "replace", held)
    monkeypatch.setattr("db.storage.files.REPLACE_PAUSE_S", 0.001, raising=False)
    with pytest.raises(OutputError) as refused:
        write_atomic(target, b"new")
    assert str(refused.value) == ("could not write results.xlsx: another program has the file open: close it there "
                                  "and try again")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.xlsx"]  # no temporary file left


def _backups(folder: Path, stem: str, count: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for i in range(count):
        p = folder / f"{stem}-20261201T10{i // 60:02d}{i % 60:02d}Z.mcr"
        p.write_bytes(b"SQLite format 3\x00")
        made.append(p)
    return made


def test_rotation_skips_a_backup_another_program_holds_and_says_so_once(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    from db.storage.backups import rotate

    folder = tmp_path / "event.mcr.backups"
    made = _backups(folder, "event", 25)
    held = made[0]  # the oldest, so before the fix every later rotation stopped at it
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self == held:
            raise windows_error(32, "being used by another process")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    with caplog.at_level("WARNING", logger="db.storage.backups"):
        deleted = rotate(tmp_path / "event.mcr", folder, keep=20)
        assert deleted == made[1:5] and held.exists()
        (folder / "event-20261201T110000Z.mcr").write_bytes(b"SQLite format 3\x00")
        assert rotate(tmp_path / "event.mcr", folder, keep=20) == [made[5]]
    assert [r.getMessage() for r in caplog.records].count(
        f"old backup {held} kept for now: another program has the file open: close it there and try again") == 1


# --------------------------------------------------------------------- §7 names and long paths


def test_backups_are_found_whatever_the_case_where_the_disk_ignores_it(tmp_path: Path) -> None:
    from db.storage.backups import list_backups

    folder = tmp_path / "event.mcr.backups"
    _backups(folder, "Event", 2)  # taken while the file was opened as Event.mcr
    assert list_backups(tmp_path / "event.mcr") == []  # a case-sensitive disk: another tournament's
    # what a case-insensitive disk (NTFS, APFS) shows: the folder under its name in other letters
    (tmp_path / "EVENT.MCR.BACKUPS").symlink_to(folder)
    assert [b.path.name for b in list_backups(tmp_path / "event.mcr")] == [
        "Event-20261201T100000Z.mcr", "Event-20261201T100001Z.mcr"]


def test_a_long_chinese_file_name_still_gets_its_backups(tmp_path: Path) -> None:
    # 80 Chinese letters: the file's name is 244 bytes, under Linux's 255; a backup's name with the whole
    # stem and the time was not (File name too long), and on Windows the path passed 260 characters
    from db.storage.backups import back_up, list_backups, restore_backup, short_stem

    stem = "第五届国标麻将公开赛" * 8
    path = tmp_path / f"{stem}.mcr"
    create_demo(path)
    with open_database(path) as db:
        made = back_up(db)
    assert made.name.startswith(short_stem(stem) + "-") and len(str(made)) < 240 - len(".4194304.tmp")
    assert [b.path for b in list_backups(path)] == [made]
    back = restore_backup(made, tmp_path / "restored.mcr")
    with open_database(back) as db, db.reader() as s:
        assert queries.standings(s)[0].rank == 1
