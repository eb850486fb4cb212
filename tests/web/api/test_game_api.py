"""The table devices' API at a Riichi table (issue 32 item 4, the phone): the game as JSON, a result line recorded
(once per ``request_id``, refused when stale or malformed), and the live preview played from the table's state,
on a real database."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from db import Database
from db.read.games import game_sheet
from db.service.devices import DeviceLink, device_links
from tests.db.helpers import ACTOR, make_tournament
from web.api.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

# table 1: players 1, 2, 3, 4 at E, S, W, N; player 1 deals East 1
RON = {"hand": 1, "type": "ron", "discarder": "3", "riichi": ["2"],
       "winners": [{"player": "2", "hand": "234m567p678s22p55s5s"}]}
DRAW = {"hand": 1, "type": "draw", "tenpai": ["1"], "riichi": ["2"]}


@pytest.fixture
def link(db: Database) -> DeviceLink:
    make_tournament(db, profile="riichi-ema2016")
    with db.factory.begin() as s:
        return device_links(s, 1, actor=ACTOR)[0]


@pytest.fixture
def client(db: Database, link: DeviceLink) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def call(client: TestClient, link: DeviceLink, method: str, path: str, body: Any = None,
         lang: str = "en") -> Any:
    headers = {"Authorization": f"Bearer {link.token}", "Accept-Language": lang}
    if method == "GET":
        return client.get(path, headers=headers)
    return client.post(path, headers=headers, json=body)


def hands_at(db: Database) -> int:
    with db.reader() as s:
        return len(game_sheet(s, 1, 1).hands)


def test_a_game_table_reads_as_its_game_with_the_state_of_the_next_hand(client: TestClient,
                                                                         link: DeviceLink) -> None:
    t = call(client, link, "GET", "/api/table").json()
    assert t["game"] is True and t["next_hand"] == 1 and t["hands"] == [] and t["results"] == []
    assert t["state"] == {"round": "E1", "dealer": "1", "honba": 0, "deposits": 0}
    assert [(p["number"], p["seat_wind"], p["points"]) for p in t["players"]] == [
        ("1", "E", 30000), ("2", "S", 30000), ("3", "W", 30000), ("4", "N", 30000)]
    # what EMA 2016 offers: no abortive draw, no nagashi, no red fives; the words in the page's language
    assert t["entry"]["outcomes"] == ["ron", "tsumo", "draw", "chombo"] and t["entry"]["red_fives"] is False
    zh = call(client, link, "GET", "/api/table", lang="zh").json()
    assert zh["entry"]["outcome_words"]["draw"] == "荒牌"


def test_a_draw_recorded_moves_the_state_on(client: TestClient, link: DeviceLink) -> None:
    r = call(client, link, "POST", "/api/hands", {**DRAW, "version": 0, "request_id": "d1"})
    assert r.status_code == 200, r.text
    a = r.json()
    assert a["kind"] == "draw" and a["version"] == 1
    assert a["deltas"] == {"1": 3000, "2": -2000, "3": -1000, "4": -1000}  # noten pays 3,000; 2's riichi stick
    t = call(client, link, "GET", "/api/table").json()
    # the dealer was tenpai: East 1 again, one honba, the riichi stick on the table
    assert t["state"] == {"round": "E1", "dealer": "1", "honba": 1, "deposits": 1}
    assert t["hands"][0]["scores"] == {"1": 33000, "2": 28000, "3": 29000, "4": 29000}
    assert [p["points"] for p in t["players"]] == [33000, 28000, 29000, 29000]


def test_the_preview_plays_the_tiles_from_the_table_state_and_writes_nothing(db: Database, client: TestClient,
                                                                             link: DeviceLink) -> None:
    assert call(client, link, "POST", "/api/hands", DRAW).status_code == 200
    p = call(client, link, "POST", "/api/score", {**RON, "hand": 2}).json()
    assert p["valid"] is True and p["round"] == "E1" and p["honba"] == 1 and p["deposits"] == 1
    (w,) = p["winners"]
    assert (w["player"], w["han"], w["fu"]) == ("2", 2, 40)
    assert {y["id"] for y in w["yaku"]} == {"riichi", "tanyao"} and w["fu_parts"]
    # 2,600 and one honba (300) from the discarder; the winner takes both sticks (the one on the table, its own)
    assert p["deltas"] == {"1": 0, "2": 2900 + 1000, "3": -2900, "4": 0}
    assert hands_at(db) == 1
    recorded = call(client, link, "POST", "/api/hands", {**RON, "hand": 2}).json()
    assert recorded["deltas"] == p["deltas"] and recorded["winners"] == p["winners"]


def test_tiles_that_are_no_win_are_said_by_the_preview_not_refused(client: TestClient, link: DeviceLink) -> None:
    bad = {**RON, "winners": [{"player": "2", "hand": "234m567p678s22p5s9s"}]}
    r = call(client, link, "POST", "/api/score", bad)
    assert r.status_code == 200 and r.json()["valid"] is False and r.json()["error"]["message"]


def test_a_retry_with_its_request_id_is_recorded_once(db: Database, client: TestClient, link: DeviceLink) -> None:
    body = {**RON, "version": 0, "request_id": "ron-1"}
    first = call(client, link, "POST", "/api/hands", body)
    again = call(client, link, "POST", "/api/hands", body)
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert hands_at(db) == 1


def test_a_stale_version_is_refused_409(db: Database, client: TestClient, link: DeviceLink) -> None:
    assert call(client, link, "POST", "/api/hands", {**DRAW, "version": 0}).status_code == 200
    r = call(client, link, "POST", "/api/hands", {**RON, "hand": 2, "version": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale_table"
    assert hands_at(db) == 1


@pytest.mark.parametrize(("line", "field"), [
    pytest.param({**RON, "winners": [{"player": "9", "han": 2, "fu": 30}]}, "player", id="player-not-at-table"),
    pytest.param({**RON, "fan": 8}, "fan", id="unknown-field"),
    pytest.param({**RON, "winners": [{"player": "2", "han": 2}]}, "fu", id="han-without-fu"),
    pytest.param({"hand": 1, "type": "win", "winner": "2", "fan": 8}, "type", id="an-mcr-line"),
    pytest.param({"hand": 1, "type": "time_called", "after_hand": 1}, "type", id="time-is-the-desks"),
])
def test_a_bad_line_is_422_naming_its_field(db: Database, client: TestClient, link: DeviceLink,
                                            line: dict[str, Any], field: str) -> None:
    for path in ("/api/score", "/api/hands"):
        r = call(client, link, "POST", path, line)
        assert r.status_code == 422, r.text
        assert r.json()["error"]["field"] == field
    assert hands_at(db) == 0


def test_what_the_entry_offers_is_the_presets(db: Database) -> None:
    """Tenhou has abortive draws, nagashi and red fives and no chombo penalty; the page is told, not the rule."""
    make_tournament(db, profile="riichi-tenhou")
    with db.factory.begin() as s:
        link = device_links(s, 1, actor=ACTOR)[0]
    with TestClient(create_app(db)) as c:
        t = call(c, link, "GET", "/api/table").json()
    entry = t["entry"]
    assert entry["outcomes"] == ["ron", "tsumo", "draw", "abortive", "nagashi"] and entry["red_fives"] is True
    assert entry["abortive"] == ["kyuushu", "suufon", "suucha_riichi", "suukaikan", "sanchahou"]
    assert "riichi" not in entry["flags"] and entry["flag_words"]["ippatsu"] == "One shot"
    assert t["start_points"] == 25000 and [p["points"] for p in t["players"]] == [25000] * 4


def test_a_correction_from_the_phone_replays_the_hand_and_needs_a_reason(db: Database, client: TestClient,
                                                                        link: DeviceLink) -> None:
    assert call(client, link, "POST", "/api/hands", {**DRAW, "version": 0}).status_code == 200
    ron = {**RON, "version": 1}
    r = call(client, link, "POST", "/api/hands", {**ron, "correction": {"reason": ""}})
    assert r.status_code == 422 and r.json()["error"]["field"] == "reason"
    r = call(client, link, "POST", "/api/hands", {**ron, "correction": {"reason": "tenpai was misread"}})
    assert r.status_code == 200, r.text
    assert r.json()["corrected"] is True and r.json()["kind"] == "ron" and r.json()["version"] == 2
    with db.reader() as s:
        sheet = game_sheet(s, 1, 1)
    # hand 1 is now South's ron: East 2 comes next, South deals
    assert [h.kind for h in sheet.hands] == ["ron"] and (sheet.next_round, sheet.next_dealer) == ("E2", 1)


def test_a_chombo_is_a_line_the_hand_replayed(client: TestClient, link: DeviceLink) -> None:
    r = call(client, link, "POST", "/api/hands", {"hand": 1, "type": "chombo", "player": "3"})
    assert r.status_code == 200, r.text
    t = call(client, link, "GET", "/api/table").json()
    assert t["hands"][0]["chombo"] == "3" and t["hands"][0]["outcome"] == "Chombo"
    # the hand is replayed: the same state, nothing paid before the uma
    assert t["state"] == {"round": "E1", "dealer": "1", "honba": 0, "deposits": 0} and t["next_hand"] == 2


def test_a_double_ron_is_previewed_and_recorded_with_both_winners(db: Database, client: TestClient,
                                                                  link: DeviceLink) -> None:
    """Two winners on West's discard (EMA: each paid by the discarder): one by its tiles, one by its totals; the
    preview is the whole line, and the hand recorded is what the preview showed."""
    line = {"hand": 1, "type": "ron", "discarder": "3", "riichi": ["2"],
            "winners": [{"player": "2", "hand": "234m567p678s22p55s5s"}, {"player": "4", "han": 3, "fu": 30}]}
    p = call(client, link, "POST", "/api/score", line).json()
    assert p["valid"] is True and [w["player"] for w in p["winners"]] == ["2", "4"]
    assert [(w["han"], w["fu"]) for w in p["winners"]] == [(2, 40), (3, 30)]
    # 2,600 to South, 3,900 to North, both from West; South's riichi stick goes to North, the nearest winner
    assert p["deltas"] == {"1": 0, "2": 2600 - 1000, "3": -2600 - 3900, "4": 3900 + 1000}
    assert hands_at(db) == 0
    r = call(client, link, "POST", "/api/hands", {**line, "version": 0})
    assert r.status_code == 200, r.text
    assert r.json()["deltas"] == p["deltas"] and r.json()["winners"] == p["winners"]
    assert [w.player for w in game_sheet_of(db).hands[0].winners] == [1, 3]


def game_sheet_of(db: Database) -> Any:
    with db.reader() as s:
        return game_sheet(s, 1, 1)


def test_pao_on_a_yakuman_makes_the_liable_player_pay_half(client: TestClient, link: DeviceLink) -> None:
    """Daisangen on West's discard with North liable (pao): West and North pay 16,000 each (non-dealer
    yakuman, 32,000)."""
    line = {"hand": 1, "type": "ron", "discarder": "3", "riichi": [],
            "winners": [{"player": "2", "yakuman": 1, "pao": "4"}]}
    p = call(client, link, "POST", "/api/score", line).json()
    assert p["valid"] is True and p["winners"][0]["pao"] == "4"
    assert p["deltas"] == {"1": 0, "2": 32000, "3": -16000, "4": -16000}
    r = call(client, link, "POST", "/api/hands", {**line, "version": 0})
    assert r.status_code == 200 and r.json()["deltas"] == p["deltas"]


def test_pao_on_a_hand_that_is_no_yakuman_is_the_stores_refusal(db: Database, client: TestClient,
                                                               link: DeviceLink) -> None:
    line = {**RON, "winners": [{"player": "2", "hand": "234m567p678s22p55s5s", "pao": "4"}]}
    for path in ("/api/score", "/api/hands"):
        r = call(client, link, "POST", path, line)
        assert r.status_code == 422, r.text
        assert r.json()["error"]["field"] == "pao" and "yakuman" in r.json()["error"]["message"]
    assert hands_at(db) == 0


def test_a_time_call_by_the_desk_gives_the_last_hand_the_rules_leave(db: Database, client: TestClient,
                                                                     link: DeviceLink) -> None:
    """EMA plays one more hand after the gong: called during hand 2, hand 3 is the last; a chombo recorded
    in the last hand is no hand played (it is replayed), so it moves the last hand on. The page cannot call time itself."""
    from db.service.games import call_game_time, record_game_line

    assert call(client, link, "GET", "/api/table").json()["time_last_hand"] is None
    assert call(client, link, "POST", "/api/hands", DRAW).status_code == 200
    with db.factory.begin() as s:
        call_game_time(s, 1, 1, 2)
    t = call(client, link, "GET", "/api/table").json()
    assert (t["time_called_after"], t["time_last_hand"], t["next_hand"]) == (2, 3, 2)
    with db.factory.begin() as s:
        record_game_line(s, 1, 1, 2, {"type": "draw", "tenpai": [], "riichi": []})
        record_game_line(s, 1, 1, 3, {"type": "chombo", "player": "3"})
    t = call(client, link, "GET", "/api/table").json()
    assert (t["time_called_after"], t["time_last_hand"], t["next_hand"]) == (2, 4, 4)
    assert t["state"] is not None
