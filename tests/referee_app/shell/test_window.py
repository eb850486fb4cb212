"""The main window on real tournament files: open, navigate, seat, languages, the demo."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from referee_app.base import settings
from referee_app.shell.main import build_parser, create_window
from referee_app.words.i18n import LANG


def test_start_page_without_a_file(qtbot):
    w = create_window()
    qtbot.addWidget(w)
    w.show()
    assert w.windowTitle() == "MCR Referee"
    assert w.stack.currentWidget() is w.start
    assert not w.nav.isVisible()
    assert w.start.recent.count() == 1  # "No recent files yet."


def test_parser_keeps_file_and_demo():
    a = build_parser().parse_args(["x.mcr"])
    assert a.file == "x.mcr" and not a.demo
    assert build_parser().parse_args(["--demo"]).demo


def test_open_file_titles_the_window_and_remembers_it(window, tournament_file):
    assert window.windowTitle() == "MCR Referee — Spring Open"
    assert window.nav.isVisible()
    assert settings.recent_files() == [str(tournament_file.resolve())]
    sessions = window.pages["Sessions & tables"]
    assert window.stack.currentWidget() is sessions
    assert [r.table for r in sessions.model.rows] == [1, 2]
    assert all(r.status == "not started" for r in sessions.model.rows)


def test_missing_file_is_explained(qtbot, tmp_path, error_messages):
    w = create_window(str(tmp_path / "nope.mcr"))
    qtbot.addWidget(w)
    assert w.ctx is None
    assert error_messages and "no such file" in error_messages[0][1]


def test_demo_opens_a_filled_tournament(qtbot, tmp_path):
    w = create_window(demo=True)  # how fast: benchmarks/bench_gui.py
    qtbot.addWidget(w)
    w.show()
    assert w.ctx is not None, "demo did not open"
    assert "—" in w.windowTitle()
    w.go("Standings")
    assert len(w.pages["Standings"].model.rows) == 16
    w.go("Log")
    assert w.pages["Log"].model.rowCount() > 0


def test_seating_regeneration_is_refused_after_results(window, error_messages):
    sessions = window.pages["Sessions & tables"]
    before = [tuple(p.number for p in r.players) for r in sessions.model.rows]
    assert sessions.seat_button.text() == "Regenerate seating"
    assert sessions.seat()  # no results yet: a new plan is fine
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.record_draw()
    window.go("Sessions & tables")
    seated = [tuple(p.number for p in r.players) for r in sessions.model.rows]
    assert not sessions.seat()
    assert error_messages and "already has results" in error_messages[-1][1]
    assert [tuple(p.number for p in r.players) for r in sessions.model.rows] == seated
    assert sorted(n for t in before for n in t) == sorted(n for t in seated for n in t)


def test_language_switch_at_runtime_is_remembered(qtbot, window):
    window.go("Standings")
    assert window.nav.item(0).text() == "Players"
    window.set_language("zh")
    assert LANG.code == "zh"
    assert window.nav.item(0).text() == "选手"
    assert window.windowTitle().startswith("国标麻将裁判")
    standings = window.pages["Standings"]
    assert standings.model.headerData(0, __import__("PySide6.QtCore").QtCore.Qt.Orientation.Horizontal) == "名次"
    assert QSettings("mcr-referee", "MCR Referee").value("language") == "zh"
    LANG.set("en")
    w2 = create_window()
    qtbot.addWidget(w2)
    assert LANG.code == "zh"  # read back from the settings
    assert w2.nav.item(0).text() == "选手"
    window.set_language("en")
    assert w2.nav.item(0).text() == "Players"


def test_swap_players_needs_a_reason_after_results(window, error_messages):
    sessions = window.pages["Sessions & tables"]
    t1, t2 = sessions.model.rows
    a, b = t1.players[0].number, t2.players[1].number
    assert sessions.swap(a, b)  # before results: a free edit
    rows = sessions.model.rows
    assert rows[0].players[0].number == b and rows[1].players[1].number == a
    window.show_sheet(1, 1)
    assert window.pages["Score sheet"].record_draw()
    window.go("Sessions & tables")
    assert not sessions.swap(a, b)
    assert "reason is required" in error_messages[-1][1]
    assert sessions.swap(a, b, "wrong seat at table 1")
    assert sessions.model.rows[0].players[0].number == a


def test_demo_opened_twice_starts_fresh(qtbot):
    w = create_window(demo=True)
    qtbot.addWidget(w)
    w.show_sheet(2, 1)
    sheet = w.pages["Score sheet"]
    assert sheet.record_draw()
    assert len(sheet.sheet.hands) == 1
    assert w.open_demo()
    w.show_sheet(2, 1)
    assert w.pages["Score sheet"].sheet.hands == ()


def test_standings_session_columns_say_session(window):
    from PySide6.QtCore import Qt

    window.show_sheet(1, 1)
    assert window.pages["Score sheet"].record_draw()
    window.go("Standings")
    m = window.pages["Standings"].model
    col = m.COL_SESSIONS
    h = Qt.Orientation.Horizontal
    assert m.columnCount() == col + 3  # the tournament has three sessions
    assert [m.headerData(col + i, h) for i in range(3)] == ["Session 1", "Session 2", "Session 3"]
    assert m.headerData(col, h, Qt.ItemDataRole.ToolTipRole) == "Session 1: table points (match points)"
    assert m.headerData(m.COL_NAME, h, Qt.ItemDataRole.ToolTipRole) is None
    window.set_language("zh")
    assert m.headerData(col + 1, h) == "第2局"
    assert m.headerData(col + 1, h, Qt.ItemDataRole.ToolTipRole) == "第2局：标准分（比赛分）"


def test_window_size_is_remembered(qtbot):
    first = create_window()
    qtbot.addWidget(first)
    first.show()
    assert first.width() >= 1000 and first.height() >= 640
    wanted = (1000, 700)  # the offscreen screen is small: keep within it (the first size is larger)
    first.resize(*wanted)
    first.close()
    again = create_window()
    qtbot.addWidget(again)
    again.show()
    assert (again.width(), again.height()) == wanted


def test_the_sessions_page_reads_the_tables_of_the_session_shown_only_when_it_changed(qtbot, window,
                                                                                      tournament_file):
    """Refresh by what changed: a hand elsewhere in the session shown re-reads its tables (not the session
    list); a check-in or a call leaves the page as it is."""
    from db.service.calls import call_referee
    from db.service.checkin import check_in
    from db.service.results import record_draw
    from db.storage.store import open_database

    window.go("Sessions & tables")
    page = window.pages["Sessions & tables"]
    reads: list[str] = []
    real, real_tables = page.refresh, page.refresh_tables
    page.refresh = lambda: (reads.append("all"), real())[1]  # type: ignore[method-assign]
    page.refresh_tables = lambda: (reads.append("tables"), real_tables())[1]  # type: ignore[method-assign]
    with open_database(tournament_file) as other, other.factory.begin() as s:
        check_in(s, 2, present=["1"])
        call_referee(s, 1, 1, "dispute")
    assert window.watcher.poll() and reads == []
    with open_database(tournament_file) as other, other.factory.begin() as s:
        record_draw(s, 1, 2, 1)
    assert window.watcher.poll() and reads == ["tables"]
    assert [r.hands for r in page.model.rows if r.table == 2] == [1]


def test_swap_dialog_shows_where_each_player_sits(qtbot, window):
    """Through the page's own button: the dialog it opens labels each player with their table and seat,
    and OK swaps the two chosen."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from referee_app.dialogs.swap import SwapDialog

    window.go("Sessions & tables")
    page = window.pages["Sessions & tables"]
    t1, t2 = page.model.rows
    a, b = t1.players[0], t2.players[2]
    seen: dict[str, object] = {}

    def answer() -> None:  # no assert in here: a failure must not leave the modal dialog open
        d = QApplication.activeModalWidget()
        if not isinstance(d, SwapDialog):
            return
        seen["label"] = d.a.itemText(d.a.findData(a.number))
        seen["width"] = d.minimumWidth()
        d.a.setCurrentIndex(d.a.findData(a.number))
        d.b.setCurrentIndex(d.b.findData(b.number))
        d.accept()

    QTimer.singleShot(0, answer)
    page.swap_button.click()
    assert seen["label"] == f"{a.number}  {a.name}  ·  Table 1 · East"
    assert seen["width"] >= 400
    t1, t2 = page.model.rows
    assert (t1.players[0].number, t2.players[2].number) == (b.number, a.number)
