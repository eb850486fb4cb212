"""The desk's referee calls: the indicator in the status bar (every page), the Calls panel live through the
change watcher, taking and resolving, a take another referee made first; and the whole round with a phone
in headless Chromium."""

from __future__ import annotations

import pytest

from referee_app.pages.calls_desk import CallsPanel, wait_text


def call(window, table: int = 1, reason: str = "dispute", note: str | None = None):
    """A table's call, as its phone makes it (the store's function, another writer than the desk)."""
    from db.service.calls import call_referee
    from db.service.devices import device_actor

    with window.ctx.db.factory.begin() as s:
        return call_referee(s, 1, table, reason, note, actor=device_actor(table))


def test_the_indicator_shows_a_call_on_every_page_and_the_panel_takes_and_resolves_it(qtbot, window,
                                                                                      error_messages):
    indicator = window.calls.indicator
    assert indicator.isVisible() and indicator.text() == "Calls: none waiting"
    first = call(window, 2, "false_win", "East claims 8")
    # the change watcher (1 s) brings it, whatever page is shown
    qtbot.waitUntil(lambda: "Calls: 1 open" in indicator.text(), timeout=10000)
    assert "longest wait 0:0" in indicator.text() and "background: #c8232c" in indicator.styleSheet()
    for key in ("Players", "Standings", "Log"):
        window.go(key)
        assert indicator.isVisible()
    qtbot.mouseClick(indicator, qtbot_button())
    panel = window.calls.panel
    assert isinstance(panel, CallsPanel) and panel.isVisible()
    assert panel.table.rowCount() == 1
    assert [panel.table.item(0, c).text() for c in (0, 1, 2, 3, 4)] == ["2", "1", "False win", "East claims 8",
                                                                         "waiting"]
    panel.referee.setText("")
    assert not panel.take() and error_messages[-1][1] == "Enter your name as the referee first."
    panel.referee.setText("Anna Wu")
    assert panel.take()
    assert panel.table.item(0, 4).text() == "on the way" and panel.table.item(0, 6).text() == "Anna Wu"
    assert "1 on the way" in indicator.text() and "background" not in indicator.styleSheet()
    assert not panel.take_button.isEnabled() and panel.resolve_button.isEnabled()
    from db.read import queries
    from db.rules.profiles import Settlement
    from db.service.outcomes import PenaltyInput
    from db.service.results import record_penalty

    with window.ctx.db.factory.begin() as s:
        number = queries.table_sheet(s, 1, 2).players[0].number
        pid = record_penalty(s, 1, 2, PenaltyInput(number, 30, Settlement.OTHERS, None, "false win",
                                                   "false_win_wrong", 1))
    assert panel._penalties(first)[0][0] == pid
    assert panel.resolve_selected("false win: 30 to the others", penalty=pid, hand=1)
    assert panel.table.rowCount() == 0 and indicator.text() == "Calls: none waiting"
    panel.show_closed.setChecked(True)
    assert panel.table.item(0, 7).text() == "false win: 30 to the others"
    assert panel.summary.text().startswith("1 call ·") and "False win 1" in panel.summary.text()  # not "1 calls"
    from db.service.calls import list_calls

    with window.ctx.db.reader() as s:
        (done,) = list_calls(s)
    assert (done.status, done.taken_by, done.penalty_id, done.hand) == ("resolved", "Anna Wu", pid, 1)


def test_a_call_another_referee_took_first_is_refused_naming_them(qtbot, window, error_messages):
    from db.service.calls import take_call

    c = call(window, 1, "time")
    window.calls.reload()
    panel = window.calls.open_panel()
    window.watcher.timer.stop()  # the panel still shows the call open when the other referee takes it
    with window.ctx.db.factory.begin() as s:
        take_call(s, c.id, "Bruno")
    panel.referee.setText("Anna")
    assert not panel.take()
    assert f"call {c.id} was already taken by Bruno" in error_messages[-1][1]
    assert panel.table.item(0, 6).text() == "Bruno"  # reloaded: the call as the other referee left it


def test_the_panel_and_indicator_in_chinese(qtbot, window):
    from referee_app.words.i18n import LANG

    call(window, 1, "tiles")
    window.calls.reload()
    LANG.set("zh")
    panel = window.calls.open_panel()
    assert window.calls.indicator.text().startswith("呼叫：1 个等候")
    assert panel.windowTitle() == "裁判呼叫" and panel.table.item(0, 2).text() == "牌张或杠有误"
    assert panel.table.item(0, 4).text() == "等候中"


def test_wait_text() -> None:
    assert (wait_text(0), wait_text(59), wait_text(61), wait_text(3600)) == ("0:00", "0:59", "1:01", "1:00:00")


def qtbot_button():
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton


# ---------------------------------------------------------------------------- the phone and the desk

def _browser_missing() -> str | None:
    from tools.browser import missing

    return missing()


@pytest.mark.skipif(_browser_missing() is not None, reason=_browser_missing() or "")
def test_a_phone_calls_the_desk_takes_it_and_the_phone_shows_it_without_a_reload(qtbot, window):
    from db.service.devices import device_links
    from tests.web.api.test_calls_browser import wait_text as page_text
    from tests.web.table.test_table_page import tap
    from tools.browser import open_browser
    from web.api.server import BackgroundServer

    with window.ctx.db.factory.begin() as s:
        token = next(link.token for link in device_links(s, 1) if link.table == 1)
    srv = BackgroundServer(window.ctx.db).start()
    driver = open_browser()
    try:
        driver.get(f"{srv.url}/t/{token}")
        page_text(driver, "#hand-no", "Hand 1")
        driver.execute_script("window.__samePage = true")
        tap(driver, "#call-referee")
        tap(driver, "#call-box button[data-reason='dispute']")
        tap(driver, "#call-send")
        page_text(driver, "#call-state", "Waiting for a referee")
        indicator = window.calls.indicator
        qtbot.waitUntil(lambda: "Calls: 1 open" in indicator.text(), timeout=10000)
        panel = window.calls.open_panel()
        assert panel.table.item(0, 0).text() == "1" and panel.table.item(0, 2).text() == "Dispute over a hand"
        panel.referee.setText("Chen Jing")
        assert panel.take()
        page_text(driver, "#call-state", "Referee on the way: Chen Jing")
        assert driver.execute_script("return window.__samePage === true")
    finally:
        driver.quit()
        srv.stop()


def test_the_hall_display_shows_referee_to_table_while_a_call_waits(qtbot, window) -> None:
    from db.service.calls import take_call
    from referee_app.hall.pages import PAGES
    from referee_app.hall.setup import HallSetupDialog
    from referee_app.hall.window import HallOptions, HallWindow

    dialog = HallSetupDialog()
    qtbot.addWidget(dialog)
    assert not dialog.options().show_calls  # a setting, off unless chosen
    dialog.show_calls.setChecked(True)
    assert dialog.options().show_calls
    quiet = HallWindow(window.ctx, HallOptions(pages=["standings"]))
    hall = HallWindow(window.ctx, HallOptions(pages=list(PAGES), show_calls=True, lang="both"))
    for h in (quiet, hall):
        qtbot.addWidget(h)
        h.resize(1920, 1080)
    first = call(window, 2, "time")
    call(window, 1, "dispute")
    assert window.watcher.poll()  # the change watcher sees the calls (a descriptor saying "calls")
    assert hall.call_tables == [2, 1] and quiet.call_tables == []
    for key in PAGES:  # drawn on every page, nothing cut off
        hall.show_page(key)
        hall.render_image(1920, 1080)
        assert hall.clipped == [], (key, hall.clipped)
    with window.ctx.db.factory.begin() as s:
        take_call(s, first.id, "Anna")  # on the way: no longer called for in the hall
    assert window.watcher.poll()
    assert hall.call_tables == [1]
    image = hall.render_image(1920, 1080)
    banner = image.pixelColor(20, 1075)  # the footer's left part: the banner's red
    assert (banner.red(), banner.green(), banner.blue()) == (0xc8, 0x23, 0x2c)


def test_the_calls_are_read_again_only_when_a_change_touched_them(qtbot, window, tournament_file) -> None:
    """Refresh by what changed: a hand recorded elsewhere leaves the desk's calls as read; a call is read."""
    from db.service.results import record_draw
    from db.storage.store import open_database

    desk = window.calls
    reads: list[int] = []
    real = desk.reload

    def counted() -> None:
        reads.append(1)
        real()

    desk.reload = counted  # type: ignore[method-assign]  # counting the reads of this one desk: mypy forbids assigning a method
    with open_database(tournament_file) as other, other.factory.begin() as s:
        record_draw(s, 1, 2, 1)
    assert window.watcher.poll() and reads == []
    call(window, 2, "time")
    assert window.watcher.poll() and reads == [1]
    assert [c.table for c in desk.waiting()] == [2]


# ---------------------------------------------------------------- resolving a call with a penalty

def test_the_resolve_dialog_records_the_penalty_with_the_ruling_and_names_its_kind_in_words(qtbot, window):
    """No penalty on the sheet yet: the resolve dialog itself records one (the sheet's penalty dialog), saved
    with the ruling and linked to it; the linked penalty then reads its kind in words, not its code."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from db.read import queries
    from db.service.calls import list_calls
    from referee_app.dialogs.penalty import PenaltyDialog

    c = call(window, 2, "dispute")
    window.calls.reload()
    panel = window.calls.open_panel()
    panel.referee.setText("Anna Wu")
    seen: dict[str, object] = {}

    def in_penalty_dialog() -> None:
        d = next(w for w in QApplication.topLevelWidgets() if isinstance(w, PenaltyDialog) and w.isVisible())
        d.player.setCurrentIndex(0)
        d.kind.setCurrentIndex(d.kind.findData("rule_violation"))
        d.amount.setCurrentText("10")
        d.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    def in_resolve_dialog() -> None:
        d = panel.findChild(QDialog_, "calls_resolve_dialog")
        try:  # whatever fails here, the modal dialog goes (the test fails instead of hanging)
            seen["choices"] = [d.penalty.itemText(i) for i in range(d.penalty.count())]
            d.ruling.setText("empty call: 10 deducted")
            d.hand.setValue(1)
            QTimer.singleShot(0, in_penalty_dialog)
            d.record.click()
            seen["chosen"] = d.penalty.currentText()
            d.ok.click()
        finally:
            if d.isVisible():
                d.reject()

    from PySide6.QtWidgets import QDialog as QDialog_

    QTimer.singleShot(0, in_resolve_dialog)
    assert panel.resolve()
    assert seen["choices"] == ["no penalty"]
    with window.ctx.db.reader() as s:
        (done,) = list_calls(s)
        (pen,) = queries.table_sheet(s, 1, 2).penalties
    assert (done.id, done.status, done.penalty_id, done.hand) == (c.id, "resolved", pen.id, 1)
    assert (pen.kind, pen.points, pen.hand) == ("rule_violation", 10, 1)
    assert seen["chosen"] == f"new: {pen.player.name} · Rule violation 10"
    (linked,) = panel._penalties(c)
    assert linked[1] == f"#{pen.id} · hand 1 · {pen.player.name} · Rule violation 10"
    from referee_app.words.i18n import LANG

    LANG.set("zh")
    assert panel._penalties(c)[0][1].endswith("违例 10")


def test_a_penalty_recorded_from_the_resolve_dialog_is_not_kept_when_the_ruling_is_refused(qtbot, window,
                                                                                            error_messages):
    """One transaction: a call closed meanwhile refuses the ruling, and the new penalty is not recorded."""
    from db.read import queries
    from db.rules.profiles import Settlement
    from db.service.calls import resolve_call
    from db.service.outcomes import PenaltyInput

    c = call(window, 2, "dispute")
    window.calls.reload()
    panel = window.calls.open_panel()
    window.watcher.timer.stop()
    with window.ctx.db.factory.begin() as s:
        number = queries.table_sheet(s, 1, 2).players[0].number
        resolve_call(s, c.id, "settled at the table", referee="Bruno")
    assert not panel.resolve_selected("again", new_penalty=PenaltyInput(number, 10, Settlement.DEDUCTED,
                                                                         kind="rule_violation"))
    with window.ctx.db.reader() as s:
        assert not queries.table_sheet(s, 1, 2).penalties


def test_a_games_penalty_is_said_in_thousands_after_the_uma_in_the_resolve_dialogs_list() -> None:
    """The list of a call's table penalties said a Riichi chombo's 20,000 as "20000" (the score is in thousands)."""
    from referee_app.pages.calls_desk import penalty_points_text

    assert penalty_points_text(20000, True) == "-20.0" and penalty_points_text(30, False) == "30"
