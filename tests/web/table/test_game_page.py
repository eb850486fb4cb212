# ruff: noqa: F811 - the fixtures of test_table_page, used by name
"""The phone page at a Riichi table (issue 32 item 4), 390 × 844, in a real headless Chromium and, where
webkit2gtk-driver is installed, WebKitGTK, against the real server over a real tournament file: a draw with
tenpai and riichi, then a ron entered from its tiles with the live preview; the state of the next hand and the
points shown are the store's."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browsers import BOTH, driver_for, serving
from tests.web.table.test_table_page import NAMES, shown_text, tap, wait_text
from tools.browser import missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

# 234m 567p 678s 22p 55s, the winning 5s on the discard: riichi and all simples, 2 han 40 fu
RON_TILES = ["2m", "3m", "4m", "5p", "6p", "7p", "6s", "7s", "8s", "2p", "2p", "5s", "5s", "5s"]


def build_game(folder: Path, profile: str = "riichi-ema2016") -> tuple[Path, str]:
    """A Riichi tournament of 8 players, session 1 seated: (its file, table 1's device token)."""
    from db.service.devices import device_links
    from db.storage.store import open_database
    from reports.cli import main

    db = folder / "riichi.mcr"

    def run(*argv: str) -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["--db", str(db), *argv]) == 0, argv

    run("init", "--name", "Riichi Open", "--sessions", "2", "--profile", profile)
    rows = "\n".join(f"{i},{name}" for i, name in enumerate(NAMES, start=1))
    (folder / "players.csv").write_text(f"number,name\n{rows}\n", encoding="utf-8")
    run("players", "import", str(folder / "players.csv"))
    run("seat", "1", "--seed", "3")
    with open_database(db) as database, database.factory.begin() as s:
        token = next(link.token for link in device_links(s, 1) if link.table == 1)
    return db, token


@pytest.fixture
def game(tmp_path: Path) -> tuple[Path, str]:
    return build_game(tmp_path)


@pytest.fixture
def server(game: tuple[Path, str]) -> Iterator[Any]:
    from db.storage.store import open_database

    with open_database(game[0]) as database:
        yield from serving(database)


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from driver_for(request)


def seats(db: Path) -> list[str]:
    """Table 1's players' numbers, starting seats E, S, W, N."""
    from db.read.games import game_sheet
    from db.storage.store import open_database

    with open_database(db) as database, database.reader() as s:
        return [p.number for p in game_sheet(s, 1, 1).players]


def sheet_of(db: Path) -> Any:
    from db.read.games import game_sheet
    from db.storage.store import open_database

    with open_database(db) as database, database.reader() as s:
        return game_sheet(s, 1, 1)


def card_points(browser: Any) -> list[str]:
    return browser.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#players .player .score'),"
        " function (e) { return e.textContent; })")


@BOTH
def test_a_draw_then_a_ron_from_tiles_show_the_state_and_points(server, game, browser) -> None:
    db, token = game
    e, s, w, n = seats(db)
    browser.get(f"{server.url}/t/{token}")
    assert "E1" in wait_text(browser, "#game-state", "Honba 0")
    assert card_points(browser) == ["30,000"] * 4
    # hand 1: an exhaustive draw, the dealer tenpai, South in riichi
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='draw']")
    tap(browser, f"#g-riichi button[data-number='{s}']")
    tap(browser, f"#g-tenpai button[data-number='{e}']")
    wait_text(browser, "#g-verdict", "Record hand 1: Exhaustive draw.")
    assert shown_text(browser, f"#g-payments tr[data-number='{e}']").split()[-2:] == ["+3000", "33,000"]
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 1 recorded.")
    # the dealer was tenpai: East 1 again with one honba, South's riichi stick on the table
    assert "E1" in wait_text(browser, "#game-state", "Honba 1 · Deposits 1")
    assert card_points(browser) == ["33,000", "28,000", "29,000", "29,000"]

    # hand 2: South wins on West's discard, entered from the tiles; the preview is the server's
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='ron']")
    tap(browser, f"#g-riichi button[data-number='{s}']")
    tap(browser, f"#g-winner button[data-number='{s}']")
    tap(browser, f"#g-discarder button[data-number='{w}']")
    for tile in RON_TILES:
        tap(browser, f"#g-picker button[data-tile='{tile}']")
    assert "2 han 40 fu" in wait_text(browser, "#g-verdict", "Record hand 2: Ron · 2 han 40 fu.")
    yaku = shown_text(browser, "#g-yaku")
    assert "Riichi" in yaku and "All simples" in yaku
    # 2,600 and 300 for the honba from West; South takes both riichi sticks back
    assert shown_text(browser, f"#g-payments tr[data-number='{s}']").split()[-2:] == ["+3900", "31,900"]
    assert shown_text(browser, f"#g-payments tr[data-number='{w}']").split()[-2:] == ["-2900", "26,100"]
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 2 recorded.")
    # the dealer lost the deal: East 2, South deals, no honba, no stick on the table
    assert "E2" in wait_text(browser, "#game-state", "Honba 0 · Deposits 0")
    assert card_points(browser) == ["33,000", "31,900", "26,100", "29,000"]
    assert "31,900" in shown_text(browser, "#sheet tbody tr[data-hand='2']")
    stored = sheet_of(db)
    assert [h.kind for h in stored.hands] == ["draw", "ron"] and stored.scores == (33000, 31900, 26100, 29000)
    assert stored.hands[1].winners[0].tiles == "234m55678s22567p5s"  # sorted as the picker rows: m, s, p
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390


def test_every_word_of_the_riichi_entry_comes_from_the_catalogue(server, game, browser) -> None:
    """In the pseudo-locale every word of the state, the sheet and the entry is wrapped ⟦…⟧ (the outcomes, the
    flags and the limits are the server's words)."""
    import re

    db, token = game
    browser.get(f"{server.url}/t/{token}")
    browser.execute_script("localStorage.setItem('mcr-lang', 'xx')")
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#game-state", "⟦")
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='ron']")
    for tile in RON_TILES[:5]:
        tap(browser, f"#g-picker button[data-tile='{tile}']")
    wait_text(browser, "#g-verdict", "⟦")

    def unwrapped() -> list[str]:
        text = browser.execute_script(
            "var b = document.body.cloneNode(true); var l = b.querySelector('#lang'); if (l) l.remove();"
            "document.documentElement.appendChild(b); var t = b.innerText; b.remove(); return t;")
        text = re.sub(r"⟦[^⟧]*⟧", "", text)
        for name in sorted(NAMES + [w for n in NAMES for w in n.split()], key=len, reverse=True):
            text = text.replace(name, "")
        return re.findall(r"[A-Za-z\u4e00-\u9fff]{2,}", text)

    assert unwrapped() == []
    tap(browser, "#g-tab-totals")
    wait_text(browser, "#g-limit", "⟦")
    assert unwrapped() == []


@pytest.fixture
def tenhou(tmp_path: Path) -> tuple[Path, str]:
    return build_game(tmp_path, "riichi-tenhou")


def test_a_red_five_and_a_dora_indicator_from_the_picker(tenhou, browser) -> None:
    """Under Tenhou's preset (red fives): the five of dots toggled red and a dora indicator tapped are in the
    line sent and in the preview's yaku."""
    from db.storage.store import open_database

    db, token = tenhou
    e, s, w, n = seats(db)
    with open_database(db) as database:
        for srv in serving(database):
            browser.get(f"{srv.url}/t/{token}")
            wait_text(browser, "#game-state", "Honba 0")
            tap(browser, "#btn-win")
            tap(browser, "#g-outcome button[data-outcome='ron']")
            tap(browser, f"#g-winner button[data-number='{s}']")
            tap(browser, f"#g-discarder button[data-number='{w}']")
            assert not browser.find_element("css selector", "#g-picker button[data-tile='0p']").is_enabled()
            for tile in RON_TILES:
                tap(browser, f"#g-picker button[data-tile='{tile}']")
            tap(browser, "#g-picker button[data-tile='0p']")  # the hand's five of dots is the red one
            tap(browser, "#g-target button[data-target='dora']")
            tap(browser, "#g-picker button[data-tile='1p']")  # 2p is dora: the pair, two han
            wait_text(browser, "#g-yaku", "Red five")
            yaku = browser.execute_script(
                "return Array.prototype.map.call(document.querySelectorAll('#g-yaku li'),"
                " function (e) { return e.getAttribute('data-yaku'); })")
            assert sorted(yaku) == ["aka_dora", "dora", "tanyao"]  # no riichi declared
            tap(browser, "#btn-confirm")
            wait_text(browser, "#banner", "Hand 1 recorded.")
    winner = sheet_of(db).hands[0].winners[0]
    assert winner.tiles == "234m55678s22067p5s" and dict(winner.yaku)["dora"] == 2


def test_a_hand_recorded_meanwhile_keeps_the_entry_and_it_corrects_that_hand(server, game, browser) -> None:
    """The desk records hand 1 (a draw) while the phone's ron is open: Confirm is refused (409), the entry comes
    back with the desk's two ways on; with a reason it corrects hand 1, which the store plays again."""
    from db.service.games import record_game_line
    from db.storage.store import open_database

    db, token = game
    e, s, w, n = seats(db)
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#game-state", "Honba 0")
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='ron']")
    tap(browser, f"#g-riichi button[data-number='{s}']")
    tap(browser, f"#g-winner button[data-number='{s}']")
    tap(browser, f"#g-discarder button[data-number='{w}']")
    for tile in RON_TILES:
        tap(browser, f"#g-picker button[data-tile='{tile}']")
    wait_text(browser, "#g-verdict", "2 han 40 fu")
    with open_database(db) as database, database.factory.begin() as st:
        record_game_line(st, 1, 1, 1, {"type": "draw", "tenpai": [], "riichi": []})
    tap(browser, "#btn-confirm")
    assert "Exhaustive draw" in wait_text(browser, "#g-stale", "hand 1 was recorded meanwhile")
    assert not browser.find_element("css selector", "#btn-confirm").is_enabled()
    assert [h.kind for h in sheet_of(db).hands] == ["draw"]
    tap(browser, "#g-stale-correct")  # no reason yet: nothing is sent
    assert browser.find_element("css selector", "#g-stale-reason").get_attribute("placeholder") == \
        "A correction needs a reason"
    browser.find_element("css selector", "#g-stale-reason").send_keys("the desk entered the wrong hand")
    tap(browser, "#g-stale-correct")
    wait_text(browser, "#banner", "Hand 1 corrected.")
    assert "E2" in wait_text(browser, "#game-state", "Honba 0 · Deposits 0")
    assert [h.kind for h in sheet_of(db).hands] == ["ron"]


def test_a_game_over_shows_the_session_result_and_takes_no_hand(server, game, browser) -> None:
    from db.read.games import game_sheet
    from db.service.games import record_game_line
    from db.storage.store import open_database

    db, token = game
    numbers = seats(db)
    with open_database(db) as database, database.factory.begin() as st:
        hand = 1
        while (dealer := game_sheet(st, 1, 1).next_dealer) is not None:
            # each hand a non-dealer's ron, worth more each time: the deal moves on, eight hands to South 4
            record_game_line(st, 1, 1, hand, {"type": "ron", "discarder": numbers[(dealer + 2) % 4], "riichi": [],
                                              "winners": [{"player": numbers[(dealer + 1) % 4], "han": hand % 4 + 1,
                                                           "fu": 30}]})
            hand += 1
    result = sheet_of(db).results
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#game-state", "Game over")
    assert not browser.find_element("css selector", "#btn-win").is_enabled()
    foot = shown_text(browser, "#sheet tfoot")
    assert "Uma" in foot and "Score" in foot and "Penalty" not in foot
    uma, score = (f"{v:+g}" if v else "0" for v in (result[0].uma, result[0].score))
    assert uma in foot.split("\n")[1] and score in foot.split("\n")[2], foot


def test_a_double_ron_entered_by_tiles_and_by_totals_is_previewed_and_recorded_whole(server, game, browser) -> None:
    """Two winners on West's discard (EMA: each paid): South by its tiles, North by its totals. A second tap in
    the winner row adds a winner whose hand is entered next; the tabs go back to the first one's tiles. The
    preview is the server's for the whole line; Confirm records both."""
    db, token = game
    e, s, w, n = seats(db)
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#game-state", "Honba 0")
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='ron']")
    tap(browser, f"#g-riichi button[data-number='{s}']")
    tap(browser, f"#g-winner button[data-number='{s}']")
    tap(browser, f"#g-discarder button[data-number='{w}']")
    for tile in RON_TILES:
        tap(browser, f"#g-picker button[data-tile='{tile}']")
    wait_text(browser, "#g-verdict", "Record hand 1: Ron · 2 han 40 fu.")
    tap(browser, f"#g-winner button[data-number='{n}']")  # a second winner: its hand is asked for
    wait_text(browser, "#g-verdict", "0 of 14 tiles")
    assert browser.find_element("css selector", f"#g-active button[data-number='{n}']").get_attribute(
        "aria-selected") == "true"
    tap(browser, "#g-tab-totals")
    tap(browser, "#g-han button[data-han='3']")
    tap(browser, "#g-fu button[data-fu='30']")
    verdict = wait_text(browser, "#g-verdict", "3 han 30 fu")
    assert "2 han 40 fu" in verdict and verdict.startswith("Record hand 1: Ron")
    # 2,600 and 3,900 from West; South's riichi stick goes to North, the winner nearest the discarder
    assert shown_text(browser, f"#g-payments tr[data-number='{s}']").split()[-2:] == ["+1600", "31,600"]
    assert shown_text(browser, f"#g-payments tr[data-number='{n}']").split()[-2:] == ["+4900", "34,900"]
    assert shown_text(browser, f"#g-payments tr[data-number='{w}']").split()[-2:] == ["-6500", "23,500"]
    assert len(browser.find_elements("css selector", "#g-preview .winner-head")) == 2
    # back to South's tab: its tiles are as entered
    tap(browser, f"#g-active button[data-number='{s}']")
    assert len(browser.find_elements("css selector", "#g-hand button.t")) == 14
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 1 recorded.")
    assert card_points(browser) == ["30,000", "31,600", "23,500", "34,900"]
    (hand,) = sheet_of(db).hands
    assert hand.kind == "ron" and sorted((x.han, x.fu) for x in hand.winners) == [(2, 40), (3, 30)]
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390


def test_pao_on_a_hand_that_is_no_yakuman_shows_the_stores_refusal(server, game, browser) -> None:
    db, token = game
    e, s, w, n = seats(db)
    browser.get(f"{server.url}/t/{token}")
    wait_text(browser, "#game-state", "Honba 0")
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='ron']")
    tap(browser, f"#g-winner button[data-number='{s}']")
    tap(browser, f"#g-discarder button[data-number='{w}']")
    tap(browser, "#g-tab-totals")
    tap(browser, "#g-limit button[data-limit='yakuman']")
    tap(browser, f"#g-pao button[data-number='{n}']")
    wait_text(browser, "#g-verdict", "Yakuman")
    assert shown_text(browser, f"#g-payments tr[data-number='{n}']").split()[-2:] == ["-16000", "14,000"]
    tap(browser, "#g-limit button[data-limit='yakuman']")  # off again: 3 han 30 fu is no yakuman
    tap(browser, "#g-han button[data-han='3']")
    tap(browser, "#g-fu button[data-fu='30']")
    assert "yakuman" in wait_text(browser, "#g-verdict", "liable")
    assert not browser.find_element("css selector", "#btn-confirm").is_enabled()
    assert sheet_of(db).hands == ()


def test_a_time_call_by_the_desk_shows_the_hand_it_was_called_in_and_the_last_hand(server, game, browser) -> None:
    """A table does not call time itself (the desk or the clock's bell does, docs/table-page.md): the state bar
    says when it was called and the last hand the rules leave (EMA: one more hand)."""
    from db.service.games import call_game_time, record_game_line
    from db.storage.store import open_database

    db, token = game
    with open_database(db) as database, database.factory.begin() as st:
        record_game_line(st, 1, 1, 1, {"type": "draw", "tenpai": [], "riichi": []})
        call_game_time(st, 1, 1, 2)
    browser.get(f"{server.url}/t/{token}")
    assert "Time called during hand 2; the last hand is 3" in wait_text(browser, "#hand-no", "Time called")
