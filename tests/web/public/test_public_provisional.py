"""The players' page says "provisional" as the desk, the command line and the website do, and under "hide the
standings after session k" it does not speak of session k as over while it is still played.
Drawn by the real server over a real tournament file, read in Chromium and WebKit (tests/browsers.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from db import Database
from db.formats.result_import import import_result_lines
from db.service.public_page import set_public_settings
from db.service.results import sign_off
from db.service.seats import set_seating
from tests.browsers import BOTH, driver_for, serving
from tests.db.helpers import ACTOR, make_tournament


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    from db.storage.store import open_database

    with open_database(tmp_path / "event.mcr", create=True) as db:
        make_tournament(db, sessions=2)  # session 1: table 1 = players 1-4, table 2 = 5-8
        with db.factory.begin() as s:
            set_public_settings(s, hide_standings_after=1, actor=ACTOR)
        yield db


@pytest.fixture
def server(database: Database) -> Iterator[Any]:
    yield from serving(database)


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from driver_for(request)


def win(db: Database, session: int, table: int, hand: int, winner: str, discarder: str, fan: int = 8) -> None:
    import_result_lines(db, json.dumps({"session": session, "table": table, "type": "win", "hand": hand,
                                        "winner": winner, "discarder": discarder, "fan": fan}), "f", actor=ACTOR)


def text(driver: Any, url: str) -> str:
    driver.get(url)
    return str(driver.find_element("css selector", "main").text)


@BOTH
def test_the_players_page_says_provisional_and_not_after_session_1_while_it_is_played(server, database, browser):
    win(database, 1, 1, 1, "1", "2")
    win(database, 1, 2, 1, "5", "6")
    page = text(browser, server.url + "/")
    # session 1 is being played at both tables: the standings are live and provisional, not "after session 1"
    assert "provisional: 2 tables still playing" in page
    assert "Standings after session 1" not in page
    assert "Results after session 1 will be hidden until the end." in page
    me = text(browser, server.url + "/p/1")
    assert "provisional: 2 tables still playing" in me and "Standings after session 1" not in me
    # session 1 over at both tables, session 2 begun: the standings are those after session 1, and final
    with database.factory.begin() as s:
        sign_off(s, 1, 1, reason="time", actor=ACTOR)
        sign_off(s, 1, 2, reason="time", actor=ACTOR)
        set_seating(s, 2, [["1", "6", "3", "8"], ["5", "2", "7", "4"]], actor=ACTOR)
    win(database, 2, 1, 1, "6", "1", 88)
    page = text(browser, server.url + "/")
    assert "Standings after session 1: later results are hidden until the end." in page
    assert "provisional" not in page  # session 2's table still plays, but the standings shown do not count it


def test_the_provisional_mark_in_chinese_is_the_reports_words(database) -> None:
    import warnings

    from db.read import queries
    from web.api.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    win(database, 1, 1, 1, "1", "2")
    with TestClient(create_app(database)) as client:
        zh = client.get("/", headers={"Accept-Language": "zh-CN"}).text
    assert queries.provisional_text(1, "zh") in zh
    assert "排名截至第 1 局" not in zh  # "Standings after session 1" is not said in Chinese either
