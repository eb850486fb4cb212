"""Hand entry's window on the screen: at 1366×768, Confirm and Cancel stay in sight after a stale entry
(the window grew to 818 px, the buttons below the screen), and the window opens where and as
large as the referee left it."""

from __future__ import annotations

import doctest
import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication

from referee_app.entry import hand_entry

HAND = "[789m2][777s3][234s3]89sEE7s"
SCREEN = "MCR_TEST_SCREEN"  # set by the run of this file on a 1366×768 screen


def room() -> QRect:
    screen = QGuiApplication.primaryScreen()
    assert screen is not None
    return screen.availableGeometry()


def on_screen(widget) -> QRect:
    """The widget's rectangle in screen coordinates."""
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def open_entry(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    d = sheet.record_win()
    qtbot.waitExposed(d)
    return sheet, d


def test_confirm_and_cancel_stay_on_the_screen_after_a_stale_entry(qtbot, window, error_messages):
    """Whatever the screen (800×800 under the offscreen platform; 1366×768 in the run below)."""
    from db.read import queries
    from db.service.audit import Actor
    from db.service.results import record_draw

    if os.environ.get(SCREEN):
        assert room().size() == QSize(1366, 768)
    sheet, d = open_entry(qtbot, window)
    qtbot.keyClicks(d.entry.notation, HAND)
    d.entry.winner.setCurrentIndex(0)
    d.entry.discarder.setCurrentIndex(d.entry.discarder.findData(1))
    with window.ctx.db.factory.begin() as s:  # the table's phone records hand 1 meanwhile
        assert queries.table_sheet(s, 1, 1).hands == ()
        record_draw(s, 1, 1, 1, actor=Actor(station="table 1 device", referee="device"))
    size = d.size()
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert d.stale.isVisible() and "Record as hand 2" in d.stale.next_button.text()
    for state in ("stale", "as the next hand"):
        qtbot.wait(10)  # a layout request would resize the window now
        assert room().contains(d.frameGeometry()), (state, d.frameGeometry(), room())
        for button in (d.confirm, d.cancel):
            assert room().contains(on_screen(button)) and button.isVisible(), (state, button.text())
        qtbot.mouseClick(d.stale.next_button, Qt.MouseButton.LeftButton)
    assert not d.stale.isVisible() and d.confirm.isEnabled()
    assert d.size() == size  # made taller for the panel where there was room, as before once it went
    assert not error_messages


def test_confirm_and_cancel_stay_on_a_1366x768_screen(tmp_path):
    """The test above again in a process whose (offscreen) screen is a 1366×768 laptop's."""
    if os.environ.get(SCREEN):
        return  # this is that run
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", SCREEN: "1366x768"}
    test = f"{Path(__file__)}::test_confirm_and_cancel_stay_on_the_screen_after_a_stale_entry"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test], env=env,
                         cwd=Path(__file__).parents[3], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "1 passed" in run.stdout


def test_hand_entry_opens_where_and_as_large_as_it_was_left(qtbot, window):
    sheet, d = open_entry(qtbot, window)
    left = QRect(room().left() + 30, room().top() + 50, 700, 520)
    d.setGeometry(left)
    d.reject()
    _sheet, d2 = open_entry(qtbot, window)
    assert d2.geometry() == left
    d2.setGeometry(QRect(room().left() - 200, room().top() + 100, room().width() + 300, room().height() + 50))
    d2.reject()  # left larger than this screen (another screen, a bigger one): it comes back inside
    _sheet, d3 = open_entry(qtbot, window)
    assert room().contains(d3.frameGeometry()) and room().contains(on_screen(d3.confirm))


def test_fit_inside_examples():
    assert doctest.testmod(hand_entry).failed == 0
