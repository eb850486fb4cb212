# ruff: noqa: F811 - the fixtures of test_table_page, used by name
"""The phone page at a Chinese system's table (issue 33), 390 × 844, in a real headless Chromium (and WebKitGTK where
webkit2gtk-driver is installed) against a real
``serve`` process over a tournament file the CLI made: a Guangdong hand with two winners on one discard, horses
and a kong, and a Sichuan hand of a kong, a self-drawn win and two winners on one discard, each entered from what
the server's ``entry`` offers, previewed by the store and recorded, then read back with
``results list --format json``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browsers import BOTH
from tests.web.table.test_table_follows import ROOT, _free_port
from tests.web.table.test_table_page import browser, shown_text, tap, wait_text  # noqa: F401 - the fixtures
from tests.web.test_cli import wait_until_serving
from tools.browser import missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

NAMES = ["Li Wei", "Anna Schmidt", "Zhang Min", "Jean Moreau", "Carla Ruiz", "Bob Stone", "Dmitri Ivanov", "Eve Hall"]
SEVEN_PAIRS = ["1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m", "6m", "C", "C"]
HONOURS = ["E", "E", "E", "S", "S", "S", "W", "W", "W", "N", "N", "N", "P", "P"]
PURE_PAIRS = ["1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m", "6m", "7m", "7m"]


def cli(db: Path, *argv: str) -> str:
    out = subprocess.run([sys.executable, "-m", "db.commands.cli", "--db", str(db), *argv],
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def tournament(folder: Path, profile: str, *rules: str) -> tuple[Path, str, list[str]]:
    """A tournament of ``profile`` made by the CLI, the organiser's ``rules`` ("NAME=VALUE") typed, session 1
    seated: (its file, table 1's token, table 1's numbers at E, S, W, N)."""
    from db.read.games import game_sheet
    from db.service.devices import device_links
    from db.storage.store import open_database

    db = folder / "t.mcr"
    cli(db, "init", "--name", "Open", "--sessions", "2", "--profile", profile)
    rows = "\n".join(f"{i},{name}" for i, name in enumerate(NAMES, start=1))
    (folder / "players.csv").write_text(f"number,name\n{rows}\n", encoding="utf-8")
    cli(db, "players", "import", str(folder / "players.csv"))
    if rules:
        cli(db, "settings", *(x for rule in rules for x in ("--rule", rule)))
    cli(db, "seat", "1", "--seed", "3")
    with open_database(db) as database, database.factory.begin() as s:
        token = next(link.token for link in device_links(s, 1) if link.table == 1)
        numbers = [p.number for p in game_sheet(s, 1, 1).players]
    return db, token, numbers


def serve(db: Path) -> Iterator[str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "web.cli", "--db", str(db), "serve", "--port", str(port)],
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(lambda: httpx.get(f"{url}/api/texts", timeout=5), proc)
        yield url
    finally:
        proc.terminate()
        try:
            proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()


@pytest.fixture
def guangdong(tmp_path: Path) -> Iterator[tuple[Path, str, list[str], str]]:
    db, token, numbers = tournament(tmp_path, "guangdong-tuidaohu")
    for url in serve(db):
        yield db, token, numbers, url


@pytest.fixture
def sichuan(tmp_path: Path) -> Iterator[tuple[Path, str, list[str], str]]:
    db, token, numbers = tournament(tmp_path, "sichuan-xuezhan")
    for url in serve(db):
        yield db, token, numbers, url


GUIYANG_RULES = ("chicken=1", "charging_chicken=2", "responsible_chicken=3")


def jipinghu_rules() -> tuple[str, ...]:
    from scoring.jipinghu.rules import REQUIRED

    return tuple(f"{name}={k}" for k, (name, _) in enumerate(REQUIRED))  # 对对胡 2, 清一色 4, …


@pytest.fixture
def guiyang(tmp_path: Path) -> Iterator[tuple[Path, str, list[str], str]]:
    db, token, numbers = tournament(tmp_path, "guiyang-zhuoji", *GUIYANG_RULES)
    for url in serve(db):
        yield db, token, numbers, url


@pytest.fixture
def jipinghu(tmp_path: Path) -> Iterator[tuple[Path, str, list[str], str]]:
    db, token, numbers = tournament(tmp_path, "guangdong-jipinghu", *jipinghu_rules())
    for url in serve(db):
        yield db, token, numbers, url


@pytest.fixture
def guiyang_unset(tmp_path: Path) -> Iterator[tuple[Path, str, list[str], str]]:
    """A Guiyang file whose organiser's values are gone with session 1 seated: an export edited so and restored
    with ``import`` (the store seats no session without them; a restore takes the file as it is)."""
    made, token, numbers = tournament(tmp_path, "guiyang-zhuoji", *GUIYANG_RULES)
    cli(made, "export", str(tmp_path / "export.json"))
    data = json.loads((tmp_path / "export.json").read_text(encoding="utf-8"))
    data["tables"]["tournament"][0]["settings"]["rules"] = {}
    (tmp_path / "unset.json").write_text(json.dumps(data), encoding="utf-8")
    db = tmp_path / "unset.mcr"
    cli(db, "import", str(tmp_path / "unset.json"))
    for url in serve(db):
        yield db, token, numbers, url


def hands_listed(db: Path) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = json.loads(cli(db, "results", "list", "--format", "json"))
    return hands


def picked(browser: Any, tiles: list[str]) -> None:
    for tile in tiles:
        tap(browser, f"#g-picker button[data-tile='{tile}']")


@BOTH
def test_a_guangdong_double_win_with_horses_and_a_kong_is_previewed_and_recorded(guangdong, browser) -> None:
    from selenium.webdriver.support.expected_conditions import staleness_of
    from selenium.webdriver.support.ui import WebDriverWait

    db, token, (e, s, w, n), url = guangdong
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "Dealer")
    assert "Honba" not in shown_text(browser, "#game-state")  # Riichi's counters are not a Chinese system's
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='ron']")
    assert shown_text(browser, "#g-outcome button[data-outcome='ron']") == "Win on a discard"
    tap(browser, f"#g-winner button[data-number='{w}']")
    tap(browser, f"#g-discarder button[data-number='{e}']")
    picked(browser, SEVEN_PAIRS)
    tap(browser, f"#g-winner button[data-number='{n}']")  # one discard, a second winner (multiple_ron)
    picked(browser, HONOURS)
    tap(browser, "#g-target button[data-target='horses']")
    tap(browser, f"#g-horse-of button[data-number='{w}']")
    tap(browser, "#g-picker button[data-tile='1s']")
    tap(browser, f"#g-kong-player button[data-number='{s}']")
    tap(browser, "#g-kong-kind button[data-kind='concealed']")
    wait_text(browser, "#g-kongs", "Concealed kong")
    verdict = wait_text(browser, "#g-verdict", "Record hand 1: Win on a discard")
    assert "Total 24" in verdict and "Total 152" in verdict
    # the joker's indicator: one tile of the picker, tapped again elsewhere it moves; the preview is played again
    before = browser.find_element("css selector", "#g-verdict")
    tap(browser, "#g-target button[data-target='joker']")
    tap(browser, "#g-picker button[data-tile='8p']")
    tap(browser, "#g-picker button[data-tile='9p']")
    assert shown_text(browser, "#g-joker").split() == ["Joker"]  # the tile is an image: 9p, below
    assert browser.find_element("css selector", "#g-joker img").get_attribute("alt") == "9p"
    WebDriverWait(browser, 15).until(staleness_of(before))  # drawn again: the line with its joker asked
    verdict = wait_text(browser, "#g-verdict", "Record hand 1: Win on a discard")
    assert "Seven Pairs (七对)" in shown_text(browser, "#g-fans")
    payments = shown_text(browser, "#g-payment-list")
    assert f"Kong · {NAMES[int(s) - 1]}" in payments and f"Win · {NAMES[int(n) - 1]}" in payments
    preview = {p: shown_text(browser, f"#g-payments tr[data-number='{p}']").split()[-2] for p in (e, s, w, n)}
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 1 recorded.")
    # the sheet: the hand's row and under it its dealer, winners with their fans, and what was paid
    detail = wait_text(browser, "#sheet tr[data-detail='1']", "Seven Pairs")
    assert "Dealer" in detail and "Kong" in detail
    hand = hands_listed(db)[0]
    assert hand["type"] == "ron" and hand["discarder"] == e
    assert [x["player"] for x in hand["winners"]] == [w, n]
    assert all(f"Total {x['total']}" in verdict for x in hand["winners"])  # as the preview said
    assert hand["joker"] == "9p" and hand["horses"] == {w: ["1s"]}
    assert hand["kongs"] == [{"player": s, "kind": "concealed"}]
    assert hand["deltas"] == {p: int(v) for p, v in preview.items()}  # the preview was the store's settlement
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390


@BOTH
def test_a_sichuan_hand_of_events_shows_its_payments_so_far_until_over_then_is_recorded(sichuan, browser) -> None:
    db, token, (e, s, w, n), url = sichuan
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "Dealer")
    tap(browser, "#btn-win")
    tap(browser, f"#g-void div[data-number='{w}'] button[data-suit='s']")
    tap(browser, "#g-event button[data-event='kong']")
    tap(browser, f"#g-kong-player button[data-number='{e}']")
    tap(browser, "#g-kong-kind button[data-kind='concealed']")
    tap(browser, "#g-add-event")
    # one kong is not the hand's end: the store's payments so far (the kong, paid at once: 2 from each), marked
    # not final, and nothing to confirm (the store refuses to record a hand not over)
    wait_text(browser, "#g-verdict", "Not final, the hand goes on")
    assert "partial" in browser.find_element("css selector", "#g-verdict").get_attribute("class")
    assert "Kong" in wait_text(browser, "#g-payment-list", "+6")
    assert not browser.find_element("css selector", "#btn-confirm").is_enabled()
    tap(browser, "#g-event button[data-event='tsumo']")
    tap(browser, f"#g-winner button[data-number='{w}']")
    picked(browser, PURE_PAIRS)
    tap(browser, "#g-add-event")
    # W's self-drawn 清七对 (4 fan, paid at the cap: 8 and the self-drawn base from each): still not final
    wait_text(browser, "#g-payment-list", "+27")
    assert "Not final" in shown_text(browser, "#g-verdict")
    assert "Total 4" in shown_text(browser, "#g-preview .winner-head")  # the verdict names no winner: its heading does
    assert not browser.find_element("css selector", "#btn-confirm").is_enabled()
    tap(browser, "#g-event button[data-event='ron']")
    tap(browser, f"#g-winner button[data-number='{s}']")
    tap(browser, f"#g-discarder button[data-number='{e}']")
    tap(browser, "#g-tab-fan")
    tap(browser, "#g-fan button[data-fan='1']")
    tap(browser, f"#g-winner button[data-number='{n}']")
    tap(browser, "#g-tab-fan")
    tap(browser, "#g-fan button[data-fan='2']")
    # the third win ends the hand: the preview of the whole line, then the event added to the list
    verdict = wait_text(browser, "#g-verdict", "Record hand 1:")
    assert "Total 4" in verdict
    tap(browser, "#g-add-event")
    events = wait_text(browser, "#g-events", "3. Win on a discard")
    assert "1. Kong" in events and "2. Self-drawn win" in events
    wait_text(browser, "#g-verdict", "Record hand 1:")
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 1 recorded.")
    hand = hands_listed(db)[0]
    assert hand["type"] == "hand" and hand["void"] == {w: "s"}
    assert [x["type"] for x in hand["events"]] == ["kong", "tsumo", "ron"]
    assert hand["events"][1]["total"] == 4 and hand["events"][2]["discarder"] == e
    assert [x["fan"] for x in hand["events"][2]["winners"]] == [1, 2]
    assert sum(hand["deltas"].values()) == 0 and {p["kind"] for p in hand["breakdown"]} == {"kong", "win"}


def test_every_word_of_the_chinese_entries_comes_from_the_catalogue(guangdong, browser) -> None:
    """In the pseudo-locale every word of a Guangdong entry (outcomes, flags, targets, kongs: the server's words
    and the page's) is wrapped ⟦…⟧; the players' names are theirs."""
    import re

    db, token, (e, s, w, n), url = guangdong
    browser.get(f"{url}/t/{token}")
    browser.execute_script("localStorage.setItem('mcr-lang', 'xx')")
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "⟦")
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='tsumo']")
    tap(browser, f"#g-winner button[data-number='{w}']")
    tap(browser, "#g-target button[data-target='horses']")
    tap(browser, f"#g-kong-player button[data-number='{s}']")
    tap(browser, "#g-kong-kind button[data-kind='melded']")
    wait_text(browser, "#g-kong-discarder", "⟦")
    text = browser.execute_script("var b = document.getElementById('game-entry').cloneNode(true);"
                                  "document.documentElement.appendChild(b); var t = b.innerText; b.remove(); return t;")
    text = re.sub(r"⟦[^⟧]*⟧", "", text)
    for name in sorted(NAMES + [x for m in NAMES for x in m.split()], key=len, reverse=True):
        text = text.replace(name, "")
    assert re.findall(r"[A-Za-z\u4e00-\u9fff]{2,}", text) == []


def test_a_sichuan_end_of_the_wall_takes_a_ready_hand_of_13_tiles_and_the_flower_pigs(sichuan, browser) -> None:
    db, token, (e, s, w, n), url = sichuan
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "Dealer")
    tap(browser, "#btn-win")
    tap(browser, "#g-event button[data-event='tsumo']")
    tap(browser, f"#g-winner button[data-number='{w}']")
    tap(browser, "#g-tab-fan")
    tap(browser, "#g-fan button[data-fan='0']")
    tap(browser, "#g-add-event")
    tap(browser, "#g-event button[data-event='wall_end']")
    tap(browser, f"#g-winner button[data-number='{n}']")
    picked(browser, ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"])
    # a ready hand is 13 tiles: the picker takes no 14th
    assert not browser.find_element("css selector", "#g-picker button[data-tile='1p']").is_enabled()
    tap(browser, f"#g-winner button[data-number='{e}']")
    tap(browser, "#g-tab-fan")
    tap(browser, "#g-fan button[data-fan='1']")
    tap(browser, f"#g-pigs button[data-number='{s}']")
    wait_text(browser, "#g-payment-list", "Flower pig")
    tap(browser, "#g-add-event")
    wait_text(browser, "#g-events", "2. End of the wall")
    wait_text(browser, "#g-verdict", "Record hand 1:")
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 1 recorded.")
    end = hands_listed(db)[0]["events"][-1]
    assert end["type"] == "wall_end" and end["pigs"] == [s]
    assert end["ready"] == [{"player": n, "hand": "1112345678999m"}, {"player": e, "fan": 1}]


# a plain hand (平胡) holding one 幺鸡 (1s), won on 5p
PLAIN_WITH_A_CHICKEN = ["1s", "2s", "3s", "2m", "3m", "4m", "4m", "5m", "6m", "7p", "8p", "9p", "5p", "5p"]


@BOTH
def test_a_guiyang_win_with_chickens_and_a_hot_kong_is_previewed_and_recorded(guiyang, browser) -> None:
    db, token, (e, s, w, n), url = guiyang
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "Dealer")
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='ron']")
    tap(browser, f"#g-winner button[data-number='{w}']")
    tap(browser, f"#g-discarder button[data-number='{e}']")
    picked(browser, PLAIN_WITH_A_CHICKEN)
    # the chickens of the players who did not win (the winner's are its tiles'), the first 幺鸡 unclaimed
    rows = [r.get_attribute("data-number") for r in browser.find_elements("css selector", "#g-chickens > div")]
    assert rows == [x for x in (e, s, w, n) if x != w]
    tap(browser, f"#g-chickens div[data-number='{s}'] button[data-count='1']")
    tap(browser, f"#g-chickens div[data-number='{n}'] button[data-count='2']")
    # a responsible chicken needs both its players: half of it is said, not sent
    tap(browser, f"#g-responsible-from button[data-number='{e}']")
    wait_text(browser, "#g-verdict", "Choose who claimed the responsible chicken.")
    tap(browser, f"#g-responsible-from button[data-number='{e}']")  # taken off again
    tap(browser, f"#g-charging button[data-number='{s}']")
    tap(browser, "#g-hot-kong button[data-kind='concealed']")
    verdict = wait_text(browser, "#g-verdict", "Record hand 1: Win on a discard")
    assert "Total 10" in verdict
    assert "Plain Hand (平胡)" in shown_text(browser, "#g-fans")
    payments = shown_text(browser, "#g-payment-list")
    assert f"Hot kong (热炮) · {NAMES[int(w) - 1]}" in payments and f"Chickens · {NAMES[int(n) - 1]}" in payments
    preview = {p: shown_text(browser, f"#g-payments tr[data-number='{p}']").split()[-2] for p in (e, s, w, n)}
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 1 recorded.")
    hand = hands_listed(db)[0]
    assert hand["type"] == "ron" and hand["discarder"] == e and [x["player"] for x in hand["winners"]] == [w]
    assert hand["chickens"] == {s: 1, n: 2} and hand["charging_chicken"] == s and hand["hot_kong"] == "concealed"
    assert "responsible_chicken" not in hand
    assert hand["deltas"] == {p: int(v) for p, v in preview.items()}  # the preview was the store's settlement


@BOTH
def test_a_jipinghu_winner_with_two_hand_types_is_paid_their_fan_added(jipinghu, browser) -> None:
    db, token, (e, s, w, n), url = jipinghu
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "Dealer")
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='tsumo']")
    tap(browser, f"#g-winner button[data-number='{s}']")
    wait_text(browser, "#g-verdict", "Choose the hand type.")
    tap(browser, "#g-hand-type button[data-hand-type='qingyise']")
    tap(browser, "#g-hand-type button[data-hand-type='duiduihu']")
    verdict = wait_text(browser, "#g-verdict", "Record hand 1: Self-drawn")
    assert "Total 6" in verdict  # 对对胡 2 + 清一色 4, as the organiser typed them
    fans = shown_text(browser, "#g-fans")
    assert "All Pungs (对对胡)" in fans and "Pure One Suit (清一色)" in fans
    pressed = browser.find_elements("css selector", "#g-hand-type button[aria-pressed='true']")
    assert sorted(b.get_attribute("data-hand-type") for b in pressed) == ["duiduihu", "qingyise"]
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 1 recorded.")
    hand = hands_listed(db)[0]
    assert hand["winner"] == s and hand["hand_type"] == ["duiduihu", "qingyise"]  # in the entry's order
    assert hand["total"] == 6


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_before_the_organisers_values_the_phone_shows_the_stores_refusal_whole(guiyang_unset, browser,
                                                                                lang: str) -> None:
    db, token, (e, s, w, n), url = guiyang_unset
    browser.get(f"{url}/t/{token}")
    browser.execute_script(f"localStorage.setItem('mcr-lang', '{lang}')")
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "Dealer" if lang == "en" else "庄")
    # the values named by their labels, in the phone's language (their codes beside them, for `settings --rule`)
    said = ("has not set Each chicken (幺鸡) counted to a player · chicken; The charging chicken (冲锋鸡) · "
            "charging_chicken" if lang == "en" else "组织者尚未设定 每只计给选手的鸡（幺鸡） · chicken；冲锋鸡 · charging_chicken")
    # said on the sheet before a hand is entered, and in the entry before its tiles
    assert said in wait_text(browser, "#game-refusal", said)
    tap(browser, "#btn-win")
    assert said in wait_text(browser, "#g-verdict", said)
    tap(browser, "#g-outcome button[data-outcome='tsumo']")
    tap(browser, f"#g-winner button[data-number='{w}']")
    picked(browser, PLAIN_WITH_A_CHICKEN)
    verdict = wait_text(browser, "#g-verdict", said)
    assert "settings --rule" in verdict and "HTTP" not in verdict
    box = browser.find_element("css selector", "#g-verdict")
    assert "bad" in box.get_attribute("class")
    assert browser.execute_script("var v = document.getElementById('g-verdict');"
                                  "return v.scrollWidth <= v.clientWidth")  # wrapped, nothing cut off
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    assert not browser.find_element("css selector", "#btn-confirm").is_enabled()
    assert hands_listed(db) == []


def test_a_table_whose_values_are_typed_says_no_refusal(guiyang, browser) -> None:
    db, token, (e, s, w, n), url = guiyang
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "Dealer")
    assert not browser.find_element("css selector", "#game-refusal").is_displayed()


def test_every_word_of_guiyangs_chickens_comes_from_the_catalogue(guiyang, browser) -> None:
    """In the pseudo-locale the chickens' rows, the charging and responsible chicken and the hot kong (the page's
    words and the server's kong kinds) are wrapped ⟦…⟧, and so is a half-chosen responsible chicken's line."""
    import re

    db, token, (e, s, w, n), url = guiyang
    browser.get(f"{url}/t/{token}")
    browser.execute_script("localStorage.setItem('mcr-lang', 'xx')")
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "⟦")
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='ron']")
    tap(browser, f"#g-winner button[data-number='{w}']")
    tap(browser, f"#g-discarder button[data-number='{e}']")
    picked(browser, PLAIN_WITH_A_CHICKEN)
    tap(browser, f"#g-responsible-to button[data-number='{n}']")
    wait_text(browser, "#g-verdict", "⟦Choose who discarded the responsible chicken.⟧")
    text = browser.execute_script("var b = document.getElementById('game-entry').cloneNode(true);"
                                  "document.documentElement.appendChild(b); var t = b.innerText; b.remove(); return t;")
    start = text.index("⟦Chickens (1 of bamboo)")  # from the chickens down: the tiles' picker has no words
    text = re.sub(r"⟦[^⟧]*⟧", "", text[start:])
    for name in sorted(NAMES + [x for m in NAMES for x in m.split()], key=len, reverse=True):
        text = text.replace(name, "")
    assert re.findall(r"[A-Za-z\u4e00-\u9fff]{2,}", text) == []


def test_the_phone_offers_the_first_chicken_as_one_choice(guiyang, browser) -> None:
    """entry_options ``first_chicken``: the hand's first 幺鸡 is the charging or the responsible chicken, never
    both (the store refuses both), so choosing one takes the other off."""
    db, token, (e, s, w, n), url = guiyang
    browser.get(f"{url}/t/{token}")
    wait_text(browser, "#game-state", "Dealer")
    tap(browser, "#btn-win")
    tap(browser, "#g-outcome button[data-outcome='ron']")
    tap(browser, f"#g-winner button[data-number='{w}']")
    tap(browser, f"#g-discarder button[data-number='{e}']")
    picked(browser, PLAIN_WITH_A_CHICKEN)
    tap(browser, "#g-hot-kong button[data-kind='concealed']")

    def pressed(row: str) -> list[str]:
        return [b.get_attribute("data-number") for b in browser.find_elements(
            "css selector", f"#{row} button[aria-pressed='true']")]

    tap(browser, f"#g-charging button[data-number='{s}']")
    tap(browser, f"#g-responsible-from button[data-number='{e}']")
    assert pressed("g-charging") == [] and pressed("g-responsible-from") == [e]
    tap(browser, f"#g-responsible-to button[data-number='{n}']")
    tap(browser, f"#g-charging button[data-number='{s}']")
    assert pressed("g-charging") == [s] and pressed("g-responsible-from") == pressed("g-responsible-to") == []
    tap(browser, f"#g-responsible-from button[data-number='{e}']")
    tap(browser, f"#g-responsible-to button[data-number='{n}']")
    assert pressed("g-charging") == []
    assert "Total 10" in wait_text(browser, "#g-verdict", "Record hand 1: Win on a discard")
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", "Hand 1 recorded.")
    hand = hands_listed(db)[0]
    assert hand["responsible_chicken"] == {"from": e, "to": n} and "charging_chicken" not in hand
