"""The windows that show the open tournament on other screens (the hall display, the standings' projector view)
follow File → Open of another tournament and close with File → Close (docs/gui.md, "The session clock and the
hall display"): after Open they showed the old, closed store, and a read re-opened its file."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from db.read import queries
from db.rules.clock import utc_now
from db.service.clock import start_clock
from db.service.players import PlayerInput, import_players
from db.service.results import record_draw, record_win
from db.service.seats import seat_session
from db.service.tournament import create_tournament
from db.storage.store import open_database
from referee_app.hall.window import HallOptions, HallWindow
from tests.sqlite_locks import AVAILABLE, open_tournament_files

AUTUMN = ["Ingrid", "Jonas", "Katarzyna", "Lars", "Maria", "Niklas", "Olga", "Pierre", "Quentin", "Rosa",
          "Soren", "Tomasz"]


@pytest.fixture
def autumn(tmp_path) -> Path:
    """Tournament B: another name, other players (12: three tables), session 1 seated, no clock."""
    path = tmp_path / "autumn.mcr"
    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Autumn Cup", "cmr1998", sessions=2)
        import_players(s, [PlayerInput(str(100 + i), n) for i, n in enumerate(AUTUMN)])
        seat_session(s, 1)
    return path


def _open_by_menu(window, monkeypatch, path: Path) -> None:
    """File → Open… as the user does it: the action, the (replaced) file dialog answering ``path``."""
    from referee_app.base import file_dialogs

    monkeypatch.setattr(file_dialogs, "get_open_file_name", lambda *_a, **_k: (str(path), ""))
    window.act_open.trigger()


def _hall_by_menu(window, monkeypatch, **options) -> HallWindow:
    """View → Hall display… with the setup dialog answered."""
    from referee_app.hall import setup

    monkeypatch.setattr(setup.HallSetupDialog, "ask", classmethod(lambda cls, parent=None: HallOptions(**options)))
    window.findChild(type(window.act_projector), "act_hall").trigger()
    hall = window.hall_display
    hall.resize(1920, 1080)
    return hall


def test_the_hall_display_follows_file_open_of_another_tournament(qtbot, window, tournament_file, autumn,
                                                                    monkeypatch, tmp_path) -> None:
    with open_database(tournament_file) as db, db.factory.begin() as s:  # A's clock at its warning
        start_clock(s, 1, minutes=90, now=utc_now() - timedelta(minutes=80))
    hall = _hall_by_menu(window, monkeypatch, pages=["find", "standings", "best", "clock"], lang="en", dwell_s=40)
    assert hall.data is not None
    view = hall.watch.view()
    assert view is not None
    assert hall.data.tournament == "Spring Open" and view.warning
    qtbot.keyClick(hall, Qt.Key.Key_Space)  # pinned on "find your table"
    old_db = window.ctx.db

    _open_by_menu(window, monkeypatch, autumn)

    assert window.tournament_name == "Autumn Cup" and old_db._closed
    assert window.hall_display is hall and hall.isVisible()  # the same window on the projector
    assert hall.data.tournament == "Autumn Cup"
    assert hall.ctx is window.ctx and hall.watch.ctx is window.ctx
    assert sorted(p.name for p in hall.data.places) == sorted(AUTUMN)  # B's players, at B's 3 tables
    assert {p.table for p in hall.data.places} == {1, 2, 3}
    assert hall.watch.view() is None or hall.watch.view().state == "not_started"  # B's clock, not A's
    # its own settings stay: the pages, the page shown and pinned, the language, the seconds per page
    assert hall.keys == ["find", "standings", "best", "clock"] and hall.key == "find" and hall.pinned
    assert hall.options.lang == "en" and hall.cycle.interval() == 40_000
    image = hall.render_image(1920, 1080)
    assert hall.clipped == []
    image.save(str(tmp_path / "hall-after-open.png"))

    # a hand recorded in B by another station reaches the hall through the window's change-marker poll
    with open_database(autumn) as other, other.factory.begin() as s:
        four = [p.number for p in queries.seating(s, 1)[0].players]
        record_draw(s, 1, 1, 1)
        record_win(s, 1, 1, 2, winner=four[0], discarder=four[1], fan=24)
    assert window.watcher.poll()
    hall.show_page("best")
    assert [(b.fan_total, b.number) for b in hall.data.best] == [(24, four[0])]
    hall.show_page("standings")
    assert hall.data.standings[0].number == four[0] and hall.data.still_playing == 1
    hall.render_image(1920, 1080).save(str(tmp_path / "hall-standings-after-a-hand.png"))
    assert hall.clipped == []
    hall.show_page("clock")
    if AVAILABLE:  # the old file stays closed: a read through its closed store opened it again
        assert tournament_file.resolve() not in [p.resolve() for p in open_tournament_files()]
    hall.close()


def test_the_hall_follows_an_open_from_the_recent_files_and_the_demo_again(qtbot, window, autumn, tmp_path,
                                                                           monkeypatch, error_messages) -> None:
    """Every way to open another tournament goes through the same place: a recent file (``open_file``), and
    the demo opened while it is open (its file is closed, replaced and opened again). A file that does not
    open leaves the hall on the tournament still open."""
    hall = _hall_by_menu(window, monkeypatch, pages=["find"], lang="zh")
    notes = tmp_path / "notes.mcr"
    notes.write_text("not a tournament\n", encoding="utf-8")
    ctx = window.ctx
    assert not window.open_file(str(notes)) and error_messages
    assert hall.data is not None
    assert window.ctx is ctx and hall.ctx is ctx and hall.data.tournament == "Spring Open"
    window.open_file(str(autumn))
    assert hall.data.tournament == "Autumn Cup" and hall.ctx is window.ctx
    assert window.open_demo() and window.open_demo()
    assert hall.isVisible() and hall.ctx is window.ctx and hall.data.tournament == window.tournament_name
    assert hall.data.tournament != "Autumn Cup" and hall.options.lang == "zh"
    hall.close()


def test_the_projector_view_follows_file_open(qtbot, window, autumn, monkeypatch) -> None:
    from referee_app.pages.standings import ProjectorView

    window.projector()
    (view,) = window.findChildren(ProjectorView)
    assert view.title.text().startswith("Spring Open")
    _open_by_menu(window, monkeypatch, autumn)
    assert window.findChildren(ProjectorView) == [view] and view.isVisible() and view.ctx is window.ctx
    assert view.title.text().startswith("Autumn Cup")
    assert sorted(r.name for r in view.all_rows) == sorted(AUTUMN)
    view.close()


def test_file_close_closes_the_hall_and_the_projector_view(qtbot, window, monkeypatch) -> None:
    """Nothing is left to show: they close with the tournament (and so never read a closed store); closing
    the desk's window does the same, so no window is left on the projector keeping the app running."""
    from referee_app.pages.standings import ProjectorView

    hall = _hall_by_menu(window, monkeypatch, pages=["clock"])
    window.projector()
    (view,) = window.findChildren(ProjectorView)
    window.act_close.trigger()
    assert window.ctx is None and not hall.isVisible() and not view.isVisible()


def test_closing_the_desk_closes_the_hall_display(qtbot, window, monkeypatch) -> None:
    hall = _hall_by_menu(window, monkeypatch, pages=["find"])
    window.close()
    assert not hall.isVisible()
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, HallWindow) and w.isVisible()]
