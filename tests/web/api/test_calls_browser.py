"""Calling a referee from a phone, and a player's page, in Debian's headless Chromium against the real server
over a real tournament file (390 × 844). The desk's take goes through the store as the desk's would; the phone
must show it without a reload. Skipped, saying why, without chromium, chromedriver or selenium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browsers import driver_for, serving
from tests.web.table.test_table_page import build_tournament, players_at, tap
from tools.browser import missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


def wait_text(driver: Any, css: str, text: str, timeout: float = 15) -> str:
    """The element's text once it holds ``text``; the element may be drawn again meanwhile (calls.js redraws
    its box when the call changes), so a stale reference is looked up again."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    found = ""

    def has(d: Any) -> bool:
        nonlocal found
        found = d.find_element("css selector", css).text
        return text in found

    try:
        WebDriverWait(driver, timeout, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
                      ).until(has)
    except Exception as exc:  # the assertion names what was there instead
        raise AssertionError(f"{css}: {text!r} not in {found!r}") from exc
    return found


@pytest.fixture
def place(tmp_path: Path) -> tuple[Path, str]:
    return build_tournament(tmp_path)


@pytest.fixture
def database(place: tuple[Path, str]) -> Iterator[Any]:
    from db.storage.store import open_database

    with open_database(place[0]) as db:
        yield db


@pytest.fixture
def server(database: Any) -> Iterator[Any]:
    yield from serving(database)


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from driver_for(request)


def test_a_phone_calls_a_referee_and_sees_them_on_the_way_without_a_reload(server, place, database, browser) -> None:
    from db.service.calls import list_calls, resolve_call, take_call

    _db, token = place
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#hand-no", "Hand 1")
    browser.execute_script("window.__samePage = true")  # gone if the page reloads
    tap(browser, "#call-referee")
    tap(browser, "#call-box button[data-reason='false_win']")
    browser.find_element("css selector", "#call-note").send_keys("East claims 8 fans")
    tap(browser, "#call-send")
    wait_text(browser, "#call-state", "Waiting for a referee")
    with database.reader() as s:
        (call,) = list_calls(s, open_only=True)
    assert (call.table, call.reason, call.note, call.status) == (1, "false_win", "East claims 8 fans", "open")
    with database.factory.begin() as s:  # the desk: a referee takes it
        take_call(s, call.id, "Anna Wu")
    wait_text(browser, "#call-state", "Referee on the way: Anna Wu")
    assert not browser.find_elements("css selector", "#call-cancel")  # a taken call is not cancelled from the table
    with database.factory.begin() as s:
        resolve_call(s, call.id, "8 fans counted: the win stands")
    wait_text(browser, "#call-state", "Ruling: 8 fans counted: the win stands")
    assert browser.execute_script("return window.__samePage === true")
    tap(browser, "#call-box .call-ok")
    wait_text(browser, "#call-box", "Call referee")
    # a second call, cancelled by the table while it waits
    tap(browser, "#call-referee")
    tap(browser, "#call-box button[data-reason='time']")
    tap(browser, "#call-send")
    wait_text(browser, "#call-state", "Waiting for a referee")
    tap(browser, "#call-cancel")
    wait_text(browser, "#call-box", "Call referee")
    with database.reader() as s:
        assert [c.status for c in list_calls(s)] == ["resolved", "cancelled"]


def test_a_players_page_shows_their_table_for_the_next_session(server, place, database, browser) -> None:
    from db.service.results import sign_off
    from reports.cli import main

    db, _token = place
    number = players_at(db)[2]  # West at table 1 of session 1
    assert main(["--db", str(db), "seat", "2", "--seed", "5"]) == 0
    with database.reader() as s:
        from db.read import queries
        (table2,) = [t for t in queries.seating(s, 2) if number in [p.number for p in t.players]]
        seat = [p.number for p in table2.players].index(number)
    browser.get(f"{server.url}/p/{number}")
    wait_text(browser, ".where", "Session 1")
    with database.factory.begin() as s:  # session 1 is over once its sheets are signed off
        for table in (1, 2):
            sign_off(s, 1, table, reason="ended early")  # short sheets are signed off with a reason
    # the page refreshes itself (no reload): the player's table of session 2
    text = wait_text(browser, ".where", "Session 2")
    assert f"Table {table2.table}" in text and ["East", "South", "West", "North"][seat] in text
    browser.get(f"{server.url}/")
    browser.find_element("css selector", "#q").send_keys(number)
    browser.find_element("css selector", "form.find button").click()
    wait_text(browser, "ul.found", f"S2 · table {table2.table}")
