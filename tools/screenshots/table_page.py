"""Screenshots of the table page /t/TOKEN at phone size (390 × 844) for the README and docs/table-page.md,
taken through the real server in headless Chromium (Debian's ``chromium`` + ``chromium-driver``, Selenium):

    python -m tools.screenshots.table_page docs/screenshots

The demo tournament with session 2 seated and five hands played at table 1 (wins by their fan total, a
full hand, a draw): ``table-page-sheet.png`` is the running sheet, ``table-page-picker.png`` a hand half
entered (the picker), ``table-page-entry.png`` a full hand being confirmed (tiles, live fans, payments),
``table-page-false-win.png`` the confirm step of a false-win penalty (a claim under 8 fans),
``table-page-stale.png`` that full hand after the desk recorded hand 6 first: the entry kept, the two ways on.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from db.read import queries
from db.service.audit import Actor
from db.service.demo import fill_demo
from db.service.devices import device_links
from db.service.results import record_draw, record_win
from db.service.seats import seat_session
from db.storage.store import open_database
from tools.browser import PHONE, missing, open_browser
from web.api.server import BackgroundServer

HAND = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "W", "W"]  # after a pung of red dragons


def demo_table(path: Path) -> str:
    """The demo tournament at ``path``, session 2 seated with table 1 five hands in; table 1's token."""
    actor = Actor("demo", "demo")
    with open_database(path, create=True, backups=False) as db, db.factory.begin() as s:
        fill_demo(s, actor)
        if not queries.seating(s, 2):
            seat_session(s, 2, actor=actor)
        four = [p.number for p in queries.seating(s, 2)[0].players]
        record_win(s, 2, 1, 1, winner=four[2], discarder=four[0], fan=12, flowers=1, actor=actor)
        record_win(s, 2, 1, 2, winner=four[1], self_drawn=True, fan=8, flowers=0, actor=actor)
        record_draw(s, 2, 1, 3, actor=actor)
        record_win(s, 2, 1, 4, winner=four[3], discarder=four[1], notation="[789m2][777s3][234s3]89sEE7s",
                   flowers=2, actor=actor)
        record_win(s, 2, 1, 5, winner=four[0], discarder=four[2], fan=16, flowers=0, actor=actor)
        return next(link.token for link in device_links(s, 2, actor=actor) if link.table == 1)


def browser() -> Any:
    return open_browser("en-GB", PHONE, "--hide-scrollbars")


def _shot(d: Any, path: Path, scroll: str = "") -> Path:
    """``path``: a screenshot of the page once ``scroll`` (a script) has moved it and the page has settled."""
    if scroll:
        d.execute_script(scroll)
    time.sleep(0.5)
    d.save_screenshot(str(path))
    return path


def tap(d: Any, css: str) -> None:
    from selenium.webdriver.common.by import By

    e = d.find_element(By.CSS_SELECTOR, css)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", e)
    e.click()


def wait_for(d: Any, css: str, text: str) -> None:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    # the entry is drawn again as the preview answers: an element found may be replaced before it is read
    WebDriverWait(d, 20, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: text in d.find_element(By.CSS_SELECTOR, css).text)


def shoot(out: Path) -> list[Path]:  # noqa: PLR0915 - a screenshot script: one scene after another
    with tempfile.TemporaryDirectory() as tmp:
        token = demo_table(Path(tmp) / "demo.mcr")
        with open_database(Path(tmp) / "demo.mcr") as db, BackgroundServer(db) as srv:
            d = browser()
            try:
                d.get(f"{srv.url}/t/{token}")
                wait_for(d, "#hand-no", "Hand 6")
                # the tile images of the picker are not on this view; the sheet is
                sheet = _shot(d, out / "table-page-sheet.png")
                tap(d, "#btn-win")
                tap(d, "#winner button:nth-child(2)")
                tap(d, "#discarder button:nth-child(4)")
                tap(d, "#modes button[data-mode='pung']")
                tap(d, "#picker button[data-tile='C']")
                tap(d, "#modes button[data-mode='tile']")
                for tile in HAND[:5]:
                    tap(d, f"#picker button[data-tile='{tile}']")
                picker = _shot(d, out / "table-page-picker.png",
                               "document.getElementById('hand').scrollIntoView({block: 'start'}); window.scrollBy(0, -32);")
                for tile in HAND[5:]:
                    tap(d, f"#picker button[data-tile='{tile}']")
                tap(d, "#picker button[data-tile='season3']")
                wait_for(d, "#verdict", "it counts")
                # who won, the hand (the picker folds away once it is complete), the live fans: one view
                entry = _shot(d, out / "table-page-entry.png",
                              "document.getElementById('winner').scrollIntoView({block: 'start'}); window.scrollBy(0, -30);")
                # the desk records hand 6 first; Confirm: the entry is kept, with the desk's two ways on
                with db.factory.begin() as s:
                    four = [p.number for p in queries.seating(s, 2)[0].players]
                    record_win(s, 2, 1, 6, winner=four[0], discarder=four[2], fan=10, flowers=0,
                               actor=Actor("desk", "Referee A"))
                tap(d, "#btn-confirm")
                wait_for(d, "#stale-text", "Your entry is kept.")
                stale = _shot(d, out / "table-page-stale.png", "window.scrollTo(0, 0);")
                # a claim under 8 fans: the false-win penalty, its confirm step
                tap(d, "#btn-cancel")
                tap(d, "#btn-win")
                tap(d, "#winner button:nth-child(3)")
                tap(d, "#discarder button:nth-child(1)")
                tap(d, "#tab-totals")
                d.find_element("css selector", "#fan").send_keys("6")
                wait_for(d, "#verdict", "at least 8")
                tap(d, "#btn-penalty")
                wait_for(d, "#verdict", "False win by")
                false_win = _shot(d, out / "table-page-false-win.png", "window.scrollTo(0, document.body.scrollHeight);")
                return [sheet, picker, entry, false_win, stale]
            finally:
                d.quit()


def run_tool(prog: str, shoot: Callable[[Path], list[Path]], argv: list[str] | None) -> int:
    """A screenshot tool's command line (this one's and ``tools.screenshots.calls_phone``'): OUT, then each file."""
    p = argparse.ArgumentParser(prog=prog)
    p.add_argument("out", type=Path)
    args = p.parse_args(argv)
    if (why := missing()) is not None:
        print(why, file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for path in shoot(args.out):
        print(path)
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_tool("python -m tools.screenshots.table_page", shoot, argv)


if __name__ == "__main__":
    sys.exit(main())
