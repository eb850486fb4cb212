"""The table page /t/TOKEN in a real headless Chromium against the real server over a real tournament file.

A phone's viewport (390 × 844). The tests tap a full hand's tiles, enter a win by its fan total, and keep a
hand through a stopped server: the page keeps it, retries, and the store records it once. Needs Debian's
``chromium`` and ``chromium-driver`` and the ``selenium`` test extra; without them the tests are skipped
and say why.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browsers import BOTH, driver_for, serving
from tools.browser import missing, open_browser

NAMES = ["Li Wei", "Anna Schmidt", "张伟", "Jean O'Neil", "李娜", "Bob Stone", "Carla Ruiz", "Dmitri Ivanov"]


pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


def build_tournament(folder: Path) -> tuple[Path, str]:
    """A tournament of 8 players with session 1 seated; (its file, the device token of table 1)."""
    from db.service.devices import device_links
    from db.storage.store import open_database
    from reports.cli import main

    db = folder / "event.mcr"

    def run(*argv: str) -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["--db", str(db), *argv]) == 0, argv

    run("init", "--name", "Spring Open", "--sessions", "3")
    rows = "\n".join(f"{i},{name}" for i, name in enumerate(NAMES, start=1))
    (folder / "players.csv").write_text(f"number,name\n{rows}\n", encoding="utf-8")
    run("players", "import", str(folder / "players.csv"))
    run("seat", "1", "--seed", "3")
    with open_database(db) as database, database.factory.begin() as s:
        token = next(link.token for link in device_links(s, 1) if link.table == 1)
    return db, token


@pytest.fixture
def place(tmp_path: Path) -> tuple[Path, str]:
    return build_tournament(tmp_path)


@pytest.fixture
def server(place: tuple[Path, str]) -> Iterator[Any]:
    from db.storage.store import open_database

    with open_database(place[0]) as database:
        yield from serving(database)


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from driver_for(request)  # Chromium, or the engine a test is parametrized with (tests/browsers.py)


def tap(driver: Any, css: str) -> None:
    """A tap as a thumb does it: the target scrolled into the middle of the screen, then clicked."""
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.CSS_SELECTOR, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def shown_text(driver: Any, css: str) -> str:
    """The element's rendered text (innerText; "" when it is not rendered). Not Selenium's ``.text``:
    WebKitWebDriver's leaves out a line-clamped box's text (the players' names) that the page shows."""
    from selenium.webdriver.common.by import By

    return str(driver.execute_script("var e = arguments[0]; return e.getClientRects().length ? e.innerText : '';",
                                     driver.find_element(By.CSS_SELECTOR, css)))


def wait_text(driver: Any, css: str, text: str, timeout: float = 15) -> str:
    from selenium.webdriver.support.ui import WebDriverWait

    found = ""

    def has(d: Any) -> bool:
        nonlocal found
        found = shown_text(d, css)
        return text in found

    from selenium.common.exceptions import StaleElementReferenceException

    try:  # an element the page drew again between finding and reading it: read the new one
        WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(has)
    except Exception as exc:  # the assertion names what was there instead
        raise AssertionError(f"{css}: {text!r} not in {found!r}") from exc
    return found


def players_at(db: Path) -> tuple[str, ...]:
    from db.read import queries
    from db.storage.store import open_database

    with open_database(db) as database, database.reader() as s:
        return tuple(p.number for p in queries.table_sheet(s, 1, 1).players)


def recorded(db: Path) -> list[Any]:
    from db.read import queries
    from db.storage.store import open_database

    with open_database(db) as database, database.reader() as s:
        return list(queries.table_sheet(s, 1, 1).hands)


FULL_HAND = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "2p", "3p", "4p", "5p", "5p"]


@BOTH
def test_tapping_a_full_hand_shows_its_fans_and_payments_and_confirm_records_it(server, place, browser) -> None:
    db, token = place
    seats = players_at(db)
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#players", NAMES[int(seats[0]) - 1])
    assert browser.execute_script("return document.documentElement.lang") == "en"
    tap(browser, "#btn-win")
    tap(browser, f"#winner button[data-number='{seats[1]}']")
    tap(browser, f"#discarder button[data-number='{seats[2]}']")
    for tile in FULL_HAND[:-1]:
        tap(browser, f"#picker button[data-tile='{tile}']")
    wait_text(browser, "#verdict", "13 of 14 tiles")
    tap(browser, "#picker button[data-tile='flower2']")
    tap(browser, f"#picker button[data-tile='{FULL_HAND[-1]}']")
    # the engine's reading, live: the fans, the total, the 8-fan check and who pays what
    assert "22 fans: it counts." in wait_text(browser, "#verdict", "fans")
    fans = browser.find_element("css selector", "#fans").text
    for name in ("Pure Straight", "Concealed Hand", "All Chows", "Flower Tiles"):
        assert name in fans
    payments = browser.find_element("css selector", "#payments").text
    assert "+46" in payments and "-30" in payments
    assert browser.find_element("css selector", "#btn-confirm").is_enabled()
    # the winning tile is the 14th tapped, drawn apart with the hand
    assert len(browser.find_elements("css selector", "#hand .group.win img")) == 1
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 1 recorded.")
    wait_text(browser, "#sheet tbody", "22")
    (hand,) = recorded(db)
    assert (hand.kind, hand.winner, hand.discarder, hand.fan_total, hand.flowers) == ("win", 1, 2, 22, 1)
    assert hand.notation == "123456789m2345p5p"  # melds, standing tiles sorted, the winning tile last
    assert hand.deltas == (-8, 46, -30, -8)
    assert not browser.execute_script("return localStorage.length && Object.keys(localStorage)"
                                      ".filter(k => k.startsWith('mcr-outbox')).length")


def test_a_win_by_its_fan_total_and_a_draw(server, place, browser) -> None:
    db, token = place
    seats = players_at(db)
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#hand-no", "Hand 1")
    tap(browser, "#btn-win")
    tap(browser, f"#winner button[data-number='{seats[3]}']")
    tap(browser, "#discarder button[data-number='self']")  # the winner's own place: self-drawn
    tap(browser, "#tab-totals")
    tap(browser, "#fan-quick button[data-fan='12']")
    wait_text(browser, "#verdict", "12 fans: it counts.")
    assert "+60" in browser.find_element("css selector", "#payments").text
    tap(browser, "#btn-confirm")
    wait_text(browser, "#hand-no", "Hand 2")
    # under 8 fans: no confirm, the false-win penalty is offered instead
    _claim_under_8(browser, seats[0], seats[1])
    assert not browser.find_element("css selector", "#btn-confirm").is_enabled()
    assert browser.find_element("css selector", "#btn-penalty").is_displayed()
    tap(browser, "#btn-cancel")  # (the penalty: its own test below)
    tap(browser, "#btn-draw")
    wait_text(browser, "#verdict", "draw")
    tap(browser, "#btn-confirm")
    wait_text(browser, "#hand-no", "Hand 3")
    hands = recorded(db)
    assert [(h.kind, h.fan_total, h.self_drawn) for h in hands] == [("win", 12, True), ("draw", 0, False)]
    assert hands[0].deltas == (-20, -20, -20, 60)
    sheet = browser.find_element("css selector", "#sheet").text
    assert "+60" in sheet and "Draw" in sheet


def penalties(db: Path) -> list[Any]:
    from db.read import queries
    from db.storage.store import open_database

    with open_database(db) as database, database.reader() as s:
        return list(queries.table_sheet(s, 1, 1).penalties)


def test_a_claim_under_8_fans_records_the_false_win_penalty_after_a_confirm_step(server, place, browser) -> None:
    db, token = place
    seats = players_at(db)
    name = NAMES[int(seats[2]) - 1]
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#hand-no", "Hand 1")
    _claim_under_8(browser, seats[2], seats[0])
    tap(browser, "#btn-penalty")
    # the confirm step: who, the preset's points, who gets them; nothing is written yet
    wait_text(browser, "#verdict", f"False win by {name}: 30 points, 10 to each other player.")
    payments = browser.find_element("css selector", "#payments").text
    assert payments.count("+10") == 3 and "-30" in payments
    assert browser.find_element("css selector", "#btn-cancel").text == "Back"
    assert penalties(db) == []
    tap(browser, "#btn-cancel")  # back to the claim as entered, then again
    wait_text(browser, "#verdict", "at least 8 are needed")
    tap(browser, "#btn-penalty")
    wait_text(browser, "#verdict", "False win by")
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "False-win penalty recorded: the hand goes on.")
    (pen,) = penalties(db)
    assert (pen.hand, pen.player.number, pen.kind, pen.points, pen.settlement) == (
        1, seats[2], "false_win_wrong", 30, "others")
    assert pen.deltas == (10, 10, -30, 10)
    # the sheet shows it and the totals count it; the hand is still hand 1
    wait_text(browser, "#sheet tbody", "False win")
    assert browser.find_element("css selector", "#hand-no").text.startswith("Hand 1")
    assert "-30" in browser.find_element("css selector", "#sheet tfoot").text
    assert browser.find_element("css selector", f"#players [data-number='{seats[2]}'] .score").text == "-30"
    # in Chinese the step says the same
    tap(browser, "#lang")
    tap(browser, "#btn-win")
    tap(browser, f"#winner button[data-number='{seats[1]}']")
    tap(browser, "#discarder button[data-number='self']")
    tap(browser, "#tab-totals")
    browser.find_element("css selector", "#fan").send_keys("5")
    wait_text(browser, "#verdict", "不足 8 番")
    tap(browser, "#btn-penalty")
    wait_text(browser, "#verdict", f"{NAMES[int(seats[1]) - 1]} 错和：罚 30 分，分给其他三家各 10 分。")
    assert browser.find_element("css selector", "#btn-cancel").text == "返回"
    assert len(penalties(db)) == 1


def test_picker_tiles_are_43_px_wide_and_the_page_does_not_scroll_sideways(server, place, browser) -> None:
    _db, token = place
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#hand-no", "Hand 1")
    tap(browser, "#btn-win")
    widths = browser.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#picker button.tile'),"
        " function (b) { return b.getBoundingClientRect().width; })")
    assert len(widths) == 42 and min(widths) >= 43, widths
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390


def _claim_under_8(browser: Any, winner: str, discarder: str) -> None:
    """A win claimed by its fan total, 6: the page says at least 8 are needed."""
    tap(browser, "#btn-win")
    tap(browser, f"#winner button[data-number='{winner}']")
    tap(browser, f"#discarder button[data-number='{discarder}']")
    tap(browser, "#tab-totals")
    browser.find_element("css selector", "#fan").send_keys("6")
    wait_text(browser, "#verdict", "at least 8 are needed")


def _enter_totals(browser: Any, winner: str, discarder: str, fan: int) -> None:
    tap(browser, "#btn-win")
    tap(browser, f"#winner button[data-number='{winner}']")
    tap(browser, f"#discarder button[data-number='{discarder}']")
    tap(browser, "#tab-totals")
    tap(browser, f"#fan-quick button[data-fan='{fan}']")
    wait_text(browser, "#verdict", f"{fan} fans: it counts.")


def test_a_hand_confirmed_while_the_server_is_down_is_kept_and_sent_once(place, browser) -> None:
    from db.storage.store import open_database
    from web.api.server import BackgroundServer

    db, token = place
    seats = players_at(db)
    outbox = f"return JSON.parse(localStorage.getItem('mcr-outbox:{token}'))"
    with open_database(db) as database:
        srv = BackgroundServer(database).start()
        port = srv.port
        url = f"{srv.url}/t/{token}"
        browser.get(url)
        wait_text(browser, "#hand-no", "Hand 1")
        _enter_totals(browser, seats[0], seats[1], 8)
        srv.stop()  # the connection drops mid-entry
        tap(browser, "#btn-confirm")
        wait_text(browser, "#banner", "Not sent yet")
        assert "pending" in browser.find_element("css selector", "#sheet").text
        kept = browser.execute_script(outbox)
        assert kept["fan"] == 8 and kept["request_id"] and kept["hand"] == 1
        # the phone leaves the page (its battery, a reload): the hand stays in its storage
        browser.get("about:blank")
        assert recorded(db) == []
        srv = BackgroundServer(database, port=port).start()
        try:
            browser.get(url)
            wait_text(browser, "#banner", "Hand 1 recorded.")
            wait_text(browser, "#hand-no", "Hand 2")
            # the same request again (a retry whose answer was lost) records nothing more
            again = browser.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                f"fetch('/api/hands', {{method: 'POST', headers: {{'Authorization': 'Bearer {token}',"
                "'Content-Type': 'application/json'}, body: JSON.stringify(arguments[0])})"
                ".then(r => r.json().then(j => done([r.status, j])));", kept)
            assert again[0] == 200 and again[1]["hand"] == 1
            # and while the page stays open, it retries by itself until the server is back
            _enter_totals(browser, seats[2], seats[3], 9)
            srv.stop()
            tap(browser, "#btn-confirm")
            wait_text(browser, "#banner", "Not sent yet")
            srv = BackgroundServer(database, port=port).start()
            wait_text(browser, "#banner", "Hand 2 recorded.", timeout=40)
        finally:
            srv.stop()
    assert [(h.fan_total, h.deltas) for h in recorded(db)] == [(8, (32, -16, -8, -8)), (9, (-8, -8, 33, -17))]
    assert browser.execute_script(outbox) is None


def test_a_hand_the_server_refuses_reopens_as_it_was_entered(server, place, browser) -> None:
    db, token = place
    seats = players_at(db)
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#hand-no", "Hand 1")
    # as a phone that confirmed a hand while offline and comes back to a server that refuses it (422)
    entry: dict[str, object] = {"kind": "win", "winner": seats[0], "discarder": seats[1], "input": "totals", "fan": "8",
             "melds": [], "standing": [], "winning": None, "flowers": [], "mode": "tile",
             "flags": {"fourth_tile": False, "kong_related": False, "last_tile_of_wall": False}}
    body = {"hand": 1, "type": "win", "winner": "999", "discarder": seats[1], "self_drawn": False, "fan": 8,
            "request_id": "r-refused"}
    browser.execute_script("localStorage.setItem(arguments[0], JSON.stringify(arguments[1]));"
                           "localStorage.setItem(arguments[2], JSON.stringify(arguments[3]));",
                           f"mcr-outbox:{token}", body, f"mcr-sent:{token}", entry)
    browser.refresh()
    wait_text(browser, "#banner", "999")  # the server's own message names what it refused
    from selenium.webdriver.support.ui import WebDriverWait

    # the entry reopens once the table is read again (after the banner: waited for, not raced)
    WebDriverWait(browser, 15).until(lambda b: b.find_element("css selector", "#entry-view").is_displayed())
    pressed = browser.find_element("css selector", "#winner button[aria-pressed='true']")
    assert pressed.get_attribute("data-number") == seats[0]
    wait_text(browser, "#verdict", "8 fans: it counts.")
    assert recorded(db) == []
    assert browser.execute_script(f"return localStorage.getItem('mcr-outbox:{token}')") is None


def test_after_time_is_called_the_session_is_over_at_the_table(server, place, browser) -> None:
    from db.service.results import call_time, record_draw
    from db.storage.store import open_database

    db, token = place
    with open_database(db) as database, database.factory.begin() as s:
        record_draw(s, 1, 1, 1)
        call_time(s, 1, 1, 1)
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#hand-no", "Session over")
    assert "Time called after hand 1" in browser.find_element("css selector", "#hand-no").text
    assert not browser.find_element("css selector", "#btn-win").is_enabled()
    assert not browser.find_element("css selector", "#btn-draw").is_enabled()
    assert "null" not in browser.find_element("css selector", "#players").text


def test_the_page_follows_the_browsers_language_and_has_a_toggle(server, place) -> None:
    _, token = place
    driver = open_browser("zh-CN")
    try:
        driver.get(f"{server.url}/t/{token}")
        wait_text(driver, "#hand-no", "第 1 盘")
        assert driver.find_element("css selector", "#btn-win").text == "和牌"
        labels = "return [document.getElementById('lang').getAttribute('aria-label'), " \
                 "document.getElementById('hand').getAttribute('aria-label')]"
        assert driver.execute_script(labels) == ["语言", "手牌"]  # what a screen reader says
        tap(driver, "#lang")
        wait_text(driver, "#hand-no", "Hand 1")
        assert driver.find_element("css selector", "#btn-win").text == "Win"
        assert driver.execute_script(labels) == ["Language", "Tiles in hand"]
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        driver.quit()


def test_every_word_of_the_table_page_comes_from_the_catalogue(server, place, browser, tmp_path) -> None:
    """In the pseudo-locale every word the page shows is wrapped ⟦…⟧: nothing is written into the page
    itself (players' names, numbers, tiles and a language's own name on the toggle aside)."""
    import re

    _, token = place
    browser.get(f"{server.url}/t/{token}")
    browser.execute_script("localStorage.setItem('mcr-lang', 'xx')")
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#hand-no", "⟦")
    tap(browser, "#btn-win")
    wait_text(browser, "#entry-view", "⟦")

    def unwrapped() -> list[str]:
        text = browser.execute_script(
            "var b = document.body.cloneNode(true); var l = b.querySelector('#lang'); if (l) l.remove();"
            "document.documentElement.appendChild(b); var t = b.innerText; b.remove(); return t;")
        text = re.sub(r"⟦[^⟧]*⟧", "", text)
        for name in sorted(NAMES + [w for n in NAMES for w in n.split()], key=len, reverse=True):
            text = text.replace(name, "")  # the players' names (and the short first names on buttons)
        return [w for w in re.findall(r"[A-Za-z\u4e00-\u9fff]{2,}", text)]

    assert unwrapped() == []
    browser.save_screenshot(str(tmp_path / "table-xx.png"))
