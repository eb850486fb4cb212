"""The phone's hand model (web/static/table/hand.js), as Chromium and WebKit load it from the server, against
the table of tile-entry cases the desk's is held to too (tests/fixtures/hand_entry_cases.json;
docs/table-page.md "One table of hands for the phone and the desk")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browsers import BOTH
from tests.hand_entry_cases import cases, problems
from tests.web.table.test_table_page import NAMES, browser, place, players_at, server, wait_text  # noqa: F401

RUNNER = (Path(__file__).resolve().parent / "hand_cases_runner.js").read_text(encoding="utf-8")

pytestmark = BOTH


def test_the_phone_enters_tiles_as_the_shared_cases_say(server, place, browser) -> None:  # noqa: F811
    db, token = place
    browser.get(f"{server.url}/t/{token}")  # the page's origin: its modules as it loads them
    wait_text(browser, "#players", NAMES[int(players_at(db)[0]) - 1])
    table = cases()
    seen: Any = browser.execute_async_script(RUNNER, table)
    assert isinstance(seen, list), seen
    found = [p for case, steps in zip(table, seen, strict=True)
             for p in problems(case, steps, lambda expected, written: expected == written)]
    assert found == []
    assert len(table) >= 12 and sum(len(c["steps"]) for c in table) > 150  # the whole table was replayed
