"""The session clock at the desk: the Sessions page's clock and its controls, the bell (time called at
every unfinished table, shown on the page and the sheet) and the referee's confirmation, under both end
policies. The clock is started in the past through the store, so nothing waits."""

from __future__ import annotations

from datetime import timedelta

import pytest

from db import TournamentError
from db.read import queries
from db.rules.clock import utc_now
from db.rules.profiles import EndPolicy
from db.service.clock import set_clock_settings, start_clock
from db.service.results import record_draw
from db.storage.store import open_database


def _prepare(path, minutes_ago: float, policy: EndPolicy = EndPolicy.STOP_NOW) -> None:
    with open_database(path) as db, db.factory.begin() as s:
        set_clock_settings(s, end_policy=policy)
        start_clock(s, 1, minutes=90, now=utc_now() - timedelta(minutes=minutes_ago))
        record_draw(s, 1, 1, 1)
        record_draw(s, 1, 1, 2)


def _sessions(window):
    window.go("Sessions & tables")
    return window.pages["Sessions & tables"]


def test_clock_controls_and_the_warning(qtbot, window) -> None:
    page = _sessions(window)
    bar = page.clock
    assert "not started" in bar.label.text() and bar.start_button.isEnabled()
    assert bar.start(90)
    assert "1:30:00 left" in bar.label.text() or "1:29:59 left" in bar.label.text()
    assert bar.toggle_pause() and "paused" in bar.label.text() and bar.pause_button.text() == "Resume"
    assert bar.toggle_pause() and "running" in bar.label.text()
    assert bar.add(5, 2)
    assert bar.watch.reading is not None and dict(bar.watch.reading.extras)[2] == 300
    assert bar.label.styleSheet() == ""


def test_red_from_the_first_warning(qtbot, window, tournament_file) -> None:
    _prepare(tournament_file, minutes_ago=80)  # another station started the clock 80 minutes ago
    page = _sessions(window)
    page.refresh()
    page.clock.watch.tick()
    assert "left (running)" in page.clock.label.text() and "c62828" in page.clock.label.styleSheet()


def test_the_bell_under_stop_now_and_the_confirmation(qtbot, window, tournament_file) -> None:
    _prepare(tournament_file, minutes_ago=91)
    page = _sessions(window)
    page.refresh()
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        page.clock.watch.tick()  # the clock is at zero: the desk rings the bell
    page.refresh()
    assert [r.status for r in page.model.rows] == ["time called: to confirm"] * 2
    assert "Time is up" in page.clock.label.text()
    assert page.clock.owed.text().endswith("1, 2")
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.sheet.time_called_after == 2 and sheet.vm.owes_confirmation
    assert "the hand in progress scores nothing" in sheet.bell_line.text()
    assert not sheet.time_button.isEnabled() and not sheet.draw_button.isEnabled()
    assert sheet.confirm_time_call(2)
    assert not sheet.vm.owes_confirmation and not sheet.confirm_button.isVisibleTo(sheet)
    page = _sessions(window)
    page.refresh()
    assert [r.status for r in page.model.rows] == ["needs attention", "time called: to confirm"]
    window.show_sheet(1, 2)  # no hand completed there before the bell
    sheet = window.pages["Score sheet"]
    assert sheet.sheet.time_called_after == 0
    assert "before any hand was completed" in sheet.bell_line.text() and "hand 0" not in sheet.bell_line.text()


def test_the_bell_under_finish_hand_expects_one_more_hand(qtbot, window, tournament_file) -> None:
    _prepare(tournament_file, minutes_ago=95, policy=EndPolicy.FINISH_HAND)
    page = _sessions(window)
    page.refresh()
    page.clock.watch.tick()
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.sheet.time_called_after == 3 and sheet.next_hand() == 3
    assert "hand 3, in progress, is the last" in sheet.bell_line.text()
    assert sheet.record_draw()
    assert sheet.next_hand() is None and "hand 3 was the last" in sheet.bell_line.text()
    assert sheet.confirm_time_call(3) and not sheet.vm.owes_confirmation


def test_a_closed_tournament_s_clock_stops_and_its_file_takes_no_more_writes(qtbot, window, tournament_file) -> None:
    _prepare(tournament_file, minutes_ago=91)  # the bell is due
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.clock.timer.isActive()
    db = window.ctx.db
    window.close_tournament()
    assert not sheet.clock.timer.isActive()
    sheet.clock.tick()  # a stray tick after closing reads and writes nothing
    with pytest.raises(TournamentError, match="was closed"), db.factory.begin() as s:
        record_draw(s, 1, 1, 1)
    with open_database(tournament_file, writable=False) as again, again.reader() as s:
        assert [t.time_called_after for t in queries.table_progress(s, 1)] == [None, None]


def test_one_bell_per_window_however_many_pages_show_the_clock(qtbot, window, tournament_file) -> None:
    _prepare(tournament_file, minutes_ago=91)
    window.show_sheet(1, 1)  # only the score sheet was shown: its clock rings the bell
    sheet = window.pages["Score sheet"]
    sheet.clock.tick()
    assert sheet.sheet.time_called_after == 2


def test_two_pages_at_zero_make_one_attempt(qtbot, window, tournament_file, monkeypatch) -> None:
    from referee_app.base import clock_watch

    _prepare(tournament_file, minutes_ago=91)
    attempts: list[int] = []

    def lost_race(s: object, n: int) -> list[int]:  # another station rang first: nothing called here
        attempts.append(n)
        return []

    monkeypatch.setattr(clock_watch, "ring_bell", lost_race)
    page = _sessions(window)
    page.refresh()
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.clock.reading is not None and sheet.clock.reading.bell_due()
    sheet.clock.tick()
    page.clock.watch.tick()  # the clock bar's watch is at zero too: the window's bell was just tried
    assert attempts == [1]


def test_a_bell_rung_elsewhere_is_not_rung_again_and_reloads_nothing(qtbot, window, tournament_file) -> None:
    from db.service.clock import ring_bell

    _prepare(tournament_file, minutes_ago=91)
    page = _sessions(window)
    page.refresh()
    assert page.clock.watch.reading is not None and page.clock.watch.reading.bell_due()
    with open_database(tournament_file) as db, db.factory.begin() as s:
        assert ring_bell(s, 1) == [1, 2]  # another station rang it a moment ago
    changes: list[int] = []
    window.ctx.runner.data_changed.connect(lambda: changes.append(1))
    page.clock.watch.tick()  # the reading is a second old: it reads the store, which has nothing to call
    assert changes == []
