"""The published site in a real headless Chromium: from the standings, a click reaches a player's page.

Needs Debian's ``chromium`` and ``chromium-driver`` (.ci/run installs them) and the ``selenium`` test
extra; without them the test is skipped and says why. The folder is served by ``http.server`` on
127.0.0.1 (a port the system picks), as a web host would serve it.
"""

from __future__ import annotations

import contextlib
import functools
import io
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from reports.cli import main
from tests.browsers import BOTH, driver_for
from tests.reports.hostile import HOSTILE, build
from tools.browser import missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[object]:
    yield from driver_for(request)  # Chromium, or the engine a test is parametrized with (tests/browsers.py)


def test_a_click_in_the_standings_opens_the_players_page(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    db, _ = build(tmp_path)
    site = tmp_path / "site"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--db", str(db), "publish", "-o", str(site)]) == 0
    name = HOSTILE["5"][0]  # '<script>alert("x")</script>': a name, and nothing runs
    with serve(site) as root:
        browser.get(root)  # type: ignore[attr-defined]
        assert "Standings" in browser.title  # type: ignore[attr-defined]
        link = browser.find_element(By.LINK_TEXT, name)  # type: ignore[attr-defined]
        link.click()
        WebDriverWait(browser, 10).until(ec.url_contains("/players/5.html"))
        heading = browser.find_element(By.TAG_NAME, "h1").text  # type: ignore[attr-defined]
        assert name in heading
        assert browser.execute_script("return document.scripts.length") == 0  # type: ignore[attr-defined]
        # and back through the navigation to a session page, then to a table's sheet
        browser.find_element(By.PARTIAL_LINK_TEXT, "Session 1").click()  # type: ignore[attr-defined]
        WebDriverWait(browser, 10).until(ec.url_contains("/sessions/1.html"))
        browser.find_element(By.CSS_SELECTOR, "td.tno a").click()  # type: ignore[attr-defined]
        WebDriverWait(browser, 10).until(ec.url_contains("/tables/1-1.html"))
        for page in ("index.html", "tables/1-1.html", "players/1.html", "sessions/1.html", "teams.html"):
            browser.get(root + page)  # type: ignore[attr-defined]
            inner, scroll = browser.execute_script(  # type: ignore[attr-defined]
                "return [window.innerWidth, document.documentElement.scrollWidth]")
            assert inner == 390 and scroll <= inner, page  # wide tables scroll inside, never the page


@BOTH
def test_a_tables_penalties_fit_a_390_px_phone(browser, tmp_path: Path) -> None:
    """On a table's page the penalties table was cut at 390 px (the Reason column)."""
    db, _ = build(tmp_path)
    site = tmp_path / "site"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--db", str(db), "publish", "-o", str(site)]) == 0
    pages = [p.name for p in sorted((site / "tables").glob("*.html")) if "备注" in p.read_text(encoding="utf-8")]
    assert pages
    with serve(site) as root:
        for name in pages:
            browser.get(root + "tables/" + name)  # type: ignore[attr-defined]
            widths = browser.execute_script(  # type: ignore[attr-defined]
                "var t = Array.prototype.filter.call(document.querySelectorAll('.scroll'), function (s) {"
                " return s.textContent.indexOf('备注') >= 0; })[0];"
                " return [t.clientWidth, t.scrollWidth, t.textContent];")
            assert widths[1] <= widths[0], (name, widths[:2])
            assert "Remarks" in widths[2]  # the reason is there, on its own line under the penalty


@BOTH
def test_the_standings_say_on_a_phone_that_the_later_sessions_are_a_swipe_away(browser, tmp_path: Path) -> None:
    """At 390 px the last session's column was cut off with nothing saying the table scrolls."""
    import json

    from selenium.webdriver.common.by import By

    db = tmp_path / "event.mcr"

    def run(*argv: str) -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["--db", str(db), *argv]) == 0, argv

    run("init", "--name", "Spring Open", "--sessions", "4")
    (tmp_path / "players.csv").write_text("number,name\n" + "".join(f"{i},Player number {i}\n" for i in range(1, 9)),
                                          encoding="utf-8")
    run("players", "import", str(tmp_path / "players.csv"))
    lines = []
    for k in range(1, 5):
        run("seat", str(k), "--seed", str(k))
        lines += [json.dumps({"session": k, "table": t, "type": "draw", "hand": 1}) for t in (1, 2)]
    (tmp_path / "results.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run("results", "import", str(tmp_path / "results.jsonl"))
    run("publish", "-o", str(tmp_path / "site"))
    with serve(tmp_path / "site") as root:
        browser.get(root + "index.html")  # type: ignore[attr-defined]
        hint = browser.find_element(By.CSS_SELECTOR, "p.swipe")  # type: ignore[attr-defined]
        box = browser.find_element(By.CSS_SELECTOR, "table.sticky").find_element(By.XPATH, "..")  # type: ignore[attr-defined]
        inner, scroll = browser.execute_script(  # type: ignore[attr-defined]
            "return [arguments[0].clientWidth, arguments[0].scrollWidth]", box)
        assert scroll > inner  # the sessions do not fit a phone: the table scrolls ...
        assert hint.is_displayed() and "Swipe the table sideways" in hint.text  # ... and the page says so
        # where the reader is before the table, not after its last row (20 players: the
        # hint was 1600 px down a 390×844 screen)
        assert hint.rect["y"] + hint.rect["height"] <= box.rect["y"], (hint.rect, box.rect)
