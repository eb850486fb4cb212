"""Screenshots of the players' page and of the table page's "Call referee" at phone size (390 × 844), taken
through the real server in headless Chromium (see docs/web.md):

    python -m tools.screenshots.calls_phone docs/screenshots

The demo tournament (``tools.screenshots.table_page.demo_table``: session 2 seated, five hands in at table 1):
``public-standings.png`` the players' page (standings, find your table), ``public-player.png`` one player's
page (their table now, sessions, hands), ``public-player-zh.png`` the same in Chinese, and the table page's
call: ``table-page-call-form.png`` (reason and note), ``-call-waiting.png``, ``-call-taken.png`` ("on the
way"), ``-call-resolved.png`` (the ruling).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from db.read import queries
from db.service.calls import list_calls, resolve_call, take_call
from db.storage.store import open_database
from tools.browser import PHONE, open_browser
from tools.screenshots.table_page import browser, demo_table, run_tool, tap, wait_for
from web.api.server import BackgroundServer


def shoot(out: Path) -> list[Path]:  # noqa: PLR0915 - a screenshot script: one scene after another
    shots: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        token = demo_table(Path(tmp) / "demo.mcr")
        with open_database(Path(tmp) / "demo.mcr") as db, BackgroundServer(db) as srv:
            with db.reader() as s:
                number = queries.seating(s, 2)[0].players[2].number
            d = browser()
            try:
                d.get(f"{srv.url}/")
                wait_for(d, "main", "Standings")
                shots.append(out / "public-standings.png")
                d.save_screenshot(str(shots[-1]))
                d.get(f"{srv.url}/p/{number}")
                wait_for(d, ".where", "Table")
                shots.append(out / "public-player.png")
                d.save_screenshot(str(shots[-1]))

                d.get(f"{srv.url}/t/{token}")
                wait_for(d, "#hand-no", "Hand 6")
                tap(d, "#call-referee")
                tap(d, "#call-box button[data-reason='dispute']")
                d.find_element("css selector", "#call-note").send_keys("wrong discard claimed")
                d.execute_script("window.scrollTo(0, 0)")
                time.sleep(0.3)
                shots.append(out / "table-page-call-form.png")
                d.save_screenshot(str(shots[-1]))
                tap(d, "#call-send")
                wait_for(d, "#call-state", "Waiting")
                d.execute_script("window.scrollTo(0, 0)")
                shots.append(out / "table-page-call-waiting.png")
                d.save_screenshot(str(shots[-1]))
                with db.reader() as s:
                    (call,) = list_calls(s, open_only=True)
                with db.factory.begin() as s:
                    take_call(s, call.id, "Chen Jing")
                wait_for(d, "#call-state", "on the way")
                shots.append(out / "table-page-call-taken.png")
                d.save_screenshot(str(shots[-1]))
                with db.factory.begin() as s:
                    resolve_call(s, call.id, "the discard stands; play on", hand=6)
                wait_for(d, "#call-state", "Ruling")
                shots.append(out / "table-page-call-resolved.png")
                d.save_screenshot(str(shots[-1]))
            finally:
                d.quit()
            z = open_browser("zh-CN", PHONE, "--hide-scrollbars")
            try:
                z.get(f"{srv.url}/p/{number}")
                wait_for(z, ".where", "桌")
                shots.append(out / "public-player-zh.png")
                z.save_screenshot(str(shots[-1]))
            finally:
                z.quit()
    return shots


def main(argv: list[str] | None = None) -> int:
    return run_tool("python -m tools.screenshots.calls_phone", shoot, argv)


if __name__ == "__main__":
    sys.exit(main())
