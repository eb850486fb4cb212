# ruff: noqa: F811 - the fixtures of test_table_page, used by name
"""The phone keeps the referee's entry and follows the desk, and letters players by
their starting seat: a real ``serve`` process over a real tournament file, the other stations
being the CLI (``results import``, its own process) and another phone (the API), in headless Chromium and
WebKitGTK (tests/browsers.py)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browsers import BOTH
from tests.web.table.test_table_page import (  # noqa: F401 - the fixtures
    FULL_HAND,
    NAMES,
    browser,
    build_tournament,
    penalties,
    players_at,
    recorded,
    shown_text,
    tap,
    wait_text,
)
from tests.web.test_cli import wait_until_serving

ROOT = Path(__file__).resolve().parents[3]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """``mcr-tournament serve`` in its own process over the tournament file ``db``; ``token`` opens table 1."""

    def __init__(self, db: Path, token: str, url: str) -> None:
        self.db, self.token, self.url = db, token, url

    def other_station(self, body: dict[str, Any]) -> httpx.Response:
        """Another phone of the same table (its own request, the same token)."""
        return httpx.post(f"{self.url}/api/hands", headers={"Authorization": f"Bearer {self.token}"}, json=body,
                          timeout=30)

    def cli_import(self, *lines: dict[str, Any]) -> None:
        """The desk's way without a desk: ``mcr-tournament results import`` in its own process."""
        path = self.db.parent / "lines.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
        out = subprocess.run([sys.executable, "-m", "db.commands.cli", "--db", str(self.db), "results", "import", str(path)],
                             env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stdout + out.stderr


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    db, token = build_tournament(tmp_path)
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "web.cli", "--db", str(db), "serve", "--port", str(port)],
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(lambda: httpx.get(f"{url}/api/texts", timeout=5), proc)
        yield Served(db, token, url)
    finally:
        proc.terminate()
        try:
            proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()


def _enter_full_hand(browser: Any, served: Served, winner: str, discarder: str) -> None:
    browser.get(f"{served.url}/t/{served.token}")
    wait_text(browser, "#hand-no", "Hand 1")
    tap(browser, "#btn-win")
    tap(browser, f"#winner button[data-number='{winner}']")
    tap(browser, f"#discarder button[data-number='{discarder}']")
    for tile in FULL_HAND:
        tap(browser, f"#picker button[data-tile='{tile}']")
    wait_text(browser, "#verdict", "fans: it counts.")


def _hand_count(browser: Any) -> str:
    return shown_text(browser, "#hand-help")


@BOTH
def test_a_hand_recorded_elsewhere_before_confirm_keeps_the_entry_and_records_it_as_the_next_hand(
        served: Served, browser: Any) -> None:
    seats = players_at(served.db)
    _enter_full_hand(browser, served, seats[1], seats[2])
    # another phone of the table records hand 1 (a draw) first; the referee confirms at once
    assert served.other_station({"type": "draw", "hand": 1}).status_code == 200
    tap(browser, "#btn-confirm")
    # the entry comes back as it was (or the poll saw the change first): what happened and the two ways on
    text = wait_text(browser, "#stale-text", "hand 1 was recorded meanwhile")
    assert "Draw" in text and "Your entry is kept." in text
    assert "14 of 14" in _hand_count(browser)
    assert not browser.find_element("css selector", "#btn-confirm").is_enabled()
    assert "Record as hand 2" in shown_text(browser, "#stale-next")
    assert "Correct hand 1" in shown_text(browser, "#stale-correct")
    assert [h.kind for h in recorded(served.db)] == ["draw"]  # nothing of the entry was written
    # the first way on: the same tiles as hand 2 (its winds), checked again, then Confirm
    tap(browser, "#stale-next")
    wait_text(browser, "#verdict", "fans: it counts.")
    assert not browser.find_element("css selector", "#stale").is_displayed()
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 2 recorded.")
    hands = recorded(served.db)
    assert [(h.hand, h.kind) for h in hands] == [(1, "draw"), (2, "win")]
    assert hands[1].notation == "123456789m2345p5p" and hands[1].winner == 1 and hands[1].discarder == 2


@BOTH
def test_the_poll_shows_an_entry_stale_before_confirm_and_a_correction_replaces_the_recorded_hand(
        served: Served, browser: Any) -> None:
    seats = players_at(served.db)
    _enter_full_hand(browser, served, seats[1], seats[2])
    served.cli_import({"session": 1, "table": 1, "hand": 1, "type": "win", "winner": seats[3], "discarder": None,
                       "self_drawn": True, "fan": 8})
    # no tap: the page follows the store, and says so before Confirm
    wait_text(browser, "#stale-text", f"hand 1 was recorded meanwhile at another station: {NAMES[int(seats[3]) - 1]}")
    assert not browser.find_element("css selector", "#btn-confirm").is_enabled()
    assert "14 of 14" in _hand_count(browser)
    # the second way on: correct hand 1 with this entry, which needs a reason
    tap(browser, "#stale-correct")
    assert browser.find_element("css selector", "#stale-reason").get_attribute("placeholder") == \
        "A correction needs a reason"
    assert recorded(served.db)[0].fan_total == 8
    browser.find_element("css selector", "#stale-reason").send_keys("the desk typed the wrong winner")
    tap(browser, "#stale-correct")
    wait_text(browser, "#banner", "Hand 1 corrected.")
    (hand,) = recorded(served.db)
    assert (hand.hand, hand.winner, hand.discarder, hand.notation) == (1, 1, 2, "123456789m2345p5p")
    wait_text(browser, "#hand-no", "Hand 2")


@BOTH
def test_an_entry_made_stale_by_the_desk_brings_its_panel_into_sight(served: Served, browser: Any) -> None:
    """A walk-through on a phone (390×844): the referee is down at the tiles and Confirm when the desk records the
    hand; the page followed, Confirm went grey, and the panel saying why stayed above the screen's top."""
    seats = players_at(served.db)
    _enter_full_hand(browser, served, seats[1], seats[2])
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")  # where Confirm is
    served.cli_import({"session": 1, "table": 1, "hand": 1, "type": "draw"})
    wait_text(browser, "#stale-text", "hand 1 was recorded meanwhile", timeout=20)
    deadline = time.monotonic() + 5
    while True:
        top, bottom, height = browser.execute_script(
            "var r = document.getElementById('stale').getBoundingClientRect();"
            " return [r.top, r.bottom, window.innerHeight];")
        header = browser.execute_script("return document.getElementById('top').getBoundingClientRect().bottom")
        if (top >= header and bottom <= height) or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert top >= header and bottom <= height, (top, bottom, header, height)


@BOTH
def test_a_hand_and_a_penalty_from_the_cli_appear_on_the_open_sheet_without_a_reload(
        served: Served, browser: Any) -> None:
    seats = players_at(served.db)
    browser.get(f"{served.url}/t/{served.token}")
    wait_text(browser, "#hand-no", "Hand 1")
    browser.execute_script("window.notReloaded = true")
    served.cli_import({"session": 1, "table": 1, "hand": 1, "type": "win", "winner": seats[0], "discarder": seats[1],
                       "fan": 12})
    wait_text(browser, "#sheet tbody", "12 fan", timeout=20)
    wait_text(browser, "#hand-no", "Hand 2")
    served.cli_import({"session": 1, "table": 1, "hand": 2, "type": "penalty", "player": seats[2], "points": 10,
                       "settlement": "deducted", "reason": "late", "kind": "lateness"})
    wait_text(browser, "#sheet tbody", "Penalty", timeout=20)
    assert len(penalties(served.db)) == 1
    assert shown_text(browser, f"#players [data-number='{seats[2]}'] .score") == "-18"  # -8 in hand 1, -10
    assert browser.execute_script("return window.notReloaded") is True  # the same page, read again


@BOTH
def test_players_are_lettered_by_their_starting_seat_with_the_hands_wind_beside_it(served: Served,
                                                                                   browser: Any) -> None:
    seats = players_at(served.db)
    served.cli_import({"session": 1, "table": 1, "hand": 1, "type": "draw"})
    browser.get(f"{served.url}/t/{served.token}")
    wait_text(browser, "#hand-no", "Hand 2")  # hand 2: the player who started South deals
    tap(browser, "#btn-win")
    south = shown_text(browser, f"#winner button[data-number='{seats[1]}']")
    east = shown_text(browser, f"#winner button[data-number='{seats[0]}']")
    # the letter is the seat the player started at, as the desk's totals entry and sheet columns key them
    assert south.startswith("S ") and "now East" in south, south
    assert east.startswith("E ") and "now North" in east, east
    assert "now East" in shown_text(browser, f"#players [data-number='{seats[1]}']")
    tap(browser, "#lang")  # 中文: the letters and the server's note in Chinese
    wait_text(browser, f"#winner button[data-number='{seats[1]}']", "本盘门风东")
    assert shown_text(browser, f"#winner button[data-number='{seats[1]}']").startswith("南 ")
