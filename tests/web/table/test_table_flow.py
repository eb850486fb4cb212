# ruff: noqa: F811 - the fixtures of test_table_page, used by name
"""The phone page's faults found at a real table and its meld mode, in a real headless Chromium and, where
webkit2gtk-driver is installed, in WebKitGTK on Xvfb (tests/browsers.py; each skips alone, saying why)."""

from __future__ import annotations

from typing import Any

from tests.browsers import BOTH
from tests.web.table.test_table_page import (  # noqa: F401 - the fixtures
    FULL_HAND,
    NAMES,
    browser,
    place,
    players_at,
    server,
    tap,
    wait_text,
)

pytestmark = BOTH


def _start_win(browser: Any, server: Any, token: str, seats: tuple[str, ...]) -> None:
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#players", NAMES[int(seats[0]) - 1])
    tap(browser, "#btn-win")
    tap(browser, f"#winner button[data-number='{seats[1]}']")
    tap(browser, f"#discarder button[data-number='{seats[2]}']")


def _hand_tiles(browser: Any) -> list[str]:
    return browser.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#hand button.t'),"
        " function (b) { return b.getAttribute('aria-label'); })")


def test_a_tile_taken_back_from_a_full_hand_is_filled_not_the_winning_tile_replaced(server, place,
                                                                                  browser) -> None:
    db, token = place
    _start_win(browser, server, token, players_at(db))
    for tile in FULL_HAND:
        tap(browser, f"#picker button[data-tile='{tile}']")
    wait_text(browser, "#verdict", "fans")
    # take back the standing 1m (the picker folds away on a full hand; a tap on the hand brings it back)
    tap(browser, "#hand button.t[aria-label='1m']")
    wait_text(browser, "#hand-help", "13 of 14")
    tap(browser, "#picker button[data-tile='1m']")
    assert "14 of 14" in wait_text(browser, "#hand-help", "14 of 14")  # it stuck at 13, replacing 5p
    assert len(browser.find_elements("css selector", "#hand .group.win img")) == 1
    assert _hand_tiles(browser).count("5p") == 2 and "1m" in _hand_tiles(browser)
    assert "21 fans: it counts." in wait_text(browser, "#verdict", "21 fans")  # no flower this time


def test_a_full_draft_after_a_reload_previews_and_can_be_confirmed(server, place, browser) -> None:
    db, token = place
    _start_win(browser, server, token, players_at(db))
    for tile in FULL_HAND:
        tap(browser, f"#picker button[data-tile='{tile}']")
    wait_text(browser, "#verdict", "fans: it counts.")
    browser.refresh()
    wait_text(browser, "#hand-help", "14 of 14")
    assert "fans: it counts." in wait_text(browser, "#verdict", "fans: it counts.")
    confirm = browser.find_element("css selector", "#btn-confirm")
    assert confirm.is_enabled()


def test_the_tiles_of_the_hand_are_44_px_targets(server, place, browser) -> None:
    db, token = place
    _start_win(browser, server, token, players_at(db))
    for tile in FULL_HAND[:5]:
        tap(browser, f"#picker button[data-tile='{tile}']")
    sizes = browser.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#hand button.t'),"
        " function (b) { var r = b.getBoundingClientRect(); return [r.width, r.height]; })")
    assert len(sizes) == 5 and min(min(w, h) for w, h in sizes) >= 44, sizes
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390


def test_the_meld_mode_sticks_and_is_said_in_words(server, place, browser) -> None:
    db, token = place
    _start_win(browser, server, token, players_at(db))
    tap(browser, "#modes button[data-mode='pung']")
    assert "Mode: Pung" in wait_text(browser, "#hand-help", "Mode: Pung")
    tap(browser, "#picker button[data-tile='C']")
    tap(browser, "#picker button[data-tile='8s']")
    assert "6 of 14" in wait_text(browser, "#hand-help", "6 of 14")  # two pungs
    assert "until another mode" in browser.find_element("css selector", "#hand-help").text


def test_the_call_box_runs_after_the_page_s_modules_and_calls_through_them(server, place, browser) -> None:
    """calls.js is a classic deferred script that calls the server through the page's ``window.MCRTable``
    (web/static/table/requests.js): module scripts run first, in document order, in either engine."""
    db, token = place
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#hand-no", "Hand 1")
    tap(browser, "#call-referee")
    tap(browser, "#call-box button[data-reason='time']")
    tap(browser, "#call-send")
    assert "Waiting for a referee" in wait_text(browser, "#call-box", "Waiting for a referee")  # sent and read back
    from db.service.calls import list_calls
    from db.storage.store import open_database

    with open_database(db) as database, database.reader() as s:
        assert [(c.table, c.reason, c.status) for c in list_calls(s, open_only=True)] == [(1, "time", "open")]
