"""Qt app tests: settings go to a temporary place so tests never touch the user's QSettings."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path, monkeypatch):
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(fmt, scope, str(tmp_path / "settings"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("MCR_REFEREE_HOME", raising=False)  # not portable unless a test says so
    from referee_app.base import errors, settings

    settings.forget_home()  # this test's user directories
    from referee_app.words.i18n import LANG

    errors.SINK = []  # error dialogs are collected, not shown modally
    LANG.set("en")
    yield
    errors.SINK = None
    LANG.set("en")
    settings.forget_home()


@pytest.fixture
def error_messages():
    from referee_app.base import errors

    return errors.SINK


NAMES = ["Alice", "Bob", "Chen", "Dora", "Eve", "Fan", "Gao", "Hu"]


@pytest.fixture(scope="session")
def _tournament_template(tmp_path_factory):
    """Built once (migrations take a while); each test gets its own copy."""
    from db.service.players import PlayerInput, import_players
    from db.service.seats import seat_session
    from db.service.tournament import create_tournament
    from db.storage.store import open_database

    path = tmp_path_factory.mktemp("template") / "spring.mcr"
    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Spring Open", "cmr1998", sessions=3)
        import_players(s, [PlayerInput(str(i + 1), n, "Red" if i % 2 else "Blue")
                           for i, n in enumerate(NAMES)])
        seat_session(s, 1)
    return path


@pytest.fixture
def tournament_file(tmp_path, _tournament_template):
    """A real tournament file: 8 players in 2 teams, session 1 seated, nothing recorded."""
    import shutil

    path = tmp_path / "spring.mcr"
    shutil.copyfile(_tournament_template, path)
    return path


@pytest.fixture
def window(qtbot, tournament_file):
    from referee_app.shell.main import create_window

    w = create_window(str(tournament_file))
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    return w


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """After each test (before its widgets and files are closed), every tournament file this
    process has open in WAL mode must still carry SQLite's POSIX locks. Something that opened and closed the file
    (a file dialog drawing icons, a read of the file) drops them all, and then another program deletes the WAL
    the app writes. Linux only (``/proc/locks``)."""
    result = yield
    from tests.sqlite_locks import AVAILABLE, held_locks, open_tournament_files

    if AVAILABLE:
        lost = [str(p) for p in open_tournament_files() if held_locks(p) == 0]
        if lost:
            pytest.fail(f"SQLite's locks on {', '.join(lost)} were dropped during the test: something in this "
                        "process opened and closed the file (docs/data-safety.md, the POSIX lock rule)")
    return result
