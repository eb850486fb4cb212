"""The table devices' API at a Chinese system's table (issue 33, the phone): the hand's JSON (its winners' totals
and fans, the payments with their words, the kind in the system's words), the entry's options with their words,
and the live preview played by the store (a Sichuan hand not over refused in words), on a real database. Riichi's
JSON is tests/web/api/test_game_api.py's, kept as it was."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from db import Database
from db.service.devices import DeviceLink, device_links
from tests.db.helpers import ACTOR, make_tournament
from web.api.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

# table 1: players 1, 2, 3, 4 at E, S, W, N; player 1 deals the first hand. Two winners on 1's discard, the
# horses each drew, and 2's concealed kong (paid at once)
DOUBLE_RON = {"hand": 1, "type": "ron", "discarder": "1",
              "winners": [{"player": "3", "hand": "11m22m33m44m55m66m77z"}, {"player": "4", "hand": "111z222z333z444z55z"}],
              "horses": {"3": ["2p"], "4": ["1m"]}, "kongs": [{"player": "2", "kind": "concealed"}]}
# Sichuan: 1's concealed kong, 3 self-drawn, then 2 and 4 both on 1's discard (typed fan): the third win ends it
SICHUAN: dict[str, Any] = {"hand": 1, "type": "hand", "void": {"3": "s", "1": "p"},
           "events": [{"type": "kong", "player": "1", "kind": "concealed"},
                      {"type": "tsumo", "winner": "3", "tiles": "11m22m33m44m55m66m77m"},
                      {"type": "ron", "discarder": "1", "winners": [{"player": "2", "fan": 1}, {"player": "4", "fan": 2}]}]}


def client_for(db: Database, profile: str) -> tuple[TestClient, DeviceLink]:
    make_tournament(db, profile=profile)
    with db.factory.begin() as s:
        link = device_links(s, 1, actor=ACTOR)[0]
    return TestClient(create_app(db)), link


@pytest.fixture
def guangdong(db: Database) -> Iterator[tuple[TestClient, DeviceLink]]:
    c, link = client_for(db, "guangdong-tuidaohu")
    with c:
        yield c, link


@pytest.fixture
def sichuan(db: Database) -> Iterator[tuple[TestClient, DeviceLink]]:
    c, link = client_for(db, "sichuan-xuezhan")
    with c:
        yield c, link


def call(at: tuple[TestClient, DeviceLink], method: str, path: str, body: Any = None, lang: str = "en") -> Any:
    client, link = at
    headers = {"Authorization": f"Bearer {link.token}", "Accept-Language": lang}
    return client.get(path, headers=headers) if method == "GET" else client.post(path, headers=headers, json=body)


def test_a_guangdong_tables_entry_says_its_form_and_its_words(guangdong) -> None:
    gd = call(guangdong, "GET", "/api/table", lang="zh").json()["entry"]
    assert gd["form"] == "wins" and gd["multiple_ron"] is True and gd["joker"] is True and gd["kongs"] is True
    assert gd["outcome_words"] == {"ron": "点炮和牌", "tsumo": "自摸", "draw": "荒牌"}  # not Riichi's 荣和
    assert gd["kong_words"]["melded"] == "明杠" and set(gd["flag_words"]) == set(gd["flags"])


def test_a_sichuan_tables_entry_is_its_events(sichuan) -> None:
    sc = call(sichuan, "GET", "/api/table").json()["entry"]
    assert sc["form"] == "events" and sc["void"] is True and sc["typed"] == "fan"
    assert sc["event_words"]["wall_end"] == "End of the wall" and sc["suit_words"]["p"] == "Dots"


def test_a_guangdong_hand_with_two_winners_horses_and_a_kong_reads_with_its_fans_and_payments(guangdong) -> None:
    preview = call(guangdong, "POST", "/api/score", DOUBLE_RON).json()
    r = call(guangdong, "POST", "/api/hands", {**DOUBLE_RON, "version": 0, "request_id": "g1"})
    assert r.status_code == 200, r.text
    hand = call(guangdong, "GET", "/api/table").json()["hands"][0]
    assert preview["valid"] is True and preview["deltas"] == hand["deltas"] == r.json()["deltas"]
    assert hand["kind"] == "ron" and hand["outcome"] == "Win on a discard" and hand["discarder"] == "1"
    first, second = hand["winners"]
    assert (first["player"], first["unit"], first["total"], first["value"]) == ("3", "total", 24, "Total 24")
    assert [(f["name"], f["value"]) for f in first["fans"]] == [("Seven Pairs (七对)", 16), ("Half Flush (混一色)", 8)]
    assert second["total"] == 152 and "han" not in second
    payments = [(p["kind"], p["words"], p["player"]) for p in hand["payments"]]
    assert ("kong", "Kong", "2") in payments and ("horse", "Horses", "3") in payments
    assert [p for p in payments if p[0] == "win"] == [("win", "Win", "3"), ("win", "Win", "4")]
    # every payment adds up to the hand's changes: the store's settlement, shown as it is
    assert {n: sum(p["deltas"][n] for p in hand["payments"]) for n in "1234"} == hand["deltas"]
    assert hand["line"]["horses"] == {"3": ["2p"], "4": ["1m"]}
    zh = call(guangdong, "GET", "/api/table", lang="zh").json()["hands"][0]
    assert zh["winners"][0]["fans"][0]["name"] == "七对" and zh["payments"][-1]["words"] in ("和牌", "买马", "杠")


def test_a_sichuan_hand_not_over_is_previewed_as_paid_so_far_and_partial_but_not_recorded(sichuan) -> None:
    unfinished = {**SICHUAN, "events": SICHUAN["events"][:2]}
    r = call(sichuan, "POST", "/api/score", unfinished)
    assert r.status_code == 200 and r.json()["valid"] is True and r.json()["partial"] is True
    # 1's concealed kong (2 bases from each), 3's self-drawn 清七对 (4 fan, paid at the cap of 3: 8 + the
    # self-drawn base from each player still in): the payments so far, no refund or wall's check yet
    assert [(q["kind"], q["player"], q["deltas"]) for q in r.json()["payments"]] == [
        ("kong", "1", {"1": 6, "2": -2, "3": -2, "4": -2}), ("win", "3", {"1": -9, "2": -9, "3": 27, "4": -9})]
    assert r.json()["partial_words"].startswith("Not final")
    assert call(sichuan, "POST", "/api/score", unfinished, lang="zh").json()["partial_words"].startswith("未结束")
    refused = call(sichuan, "POST", "/api/hands", {**unfinished, "version": 0, "request_id": "s0"})
    assert refused.status_code == 422 and "wall_end" in refused.json()["error"]["message"]
    assert call(sichuan, "GET", "/api/table").json()["hands"] == []
    p = call(sichuan, "POST", "/api/score", SICHUAN, lang="zh").json()
    assert p["valid"] is True and p["outcome"] == "一盘" and p["partial"] is False and "partial_words" not in p
    assert [(w["player"], w["total"]) for w in p["winners"]] == [("3", 4), ("2", 1), ("4", 2)]
    assert p["payments"][0]["kind"] == "kong" and {q["kind"] for q in p["payments"][1:]} == {"win"}
    assert {n: sum(q["deltas"][n] for q in p["payments"]) for n in "1234"} == p["deltas"]
    assert p["line"]["void"] == {"3": "s", "1": "p"} and len(p["line"]["events"]) == 3


@pytest.fixture
def riichi(db: Database) -> Iterator[tuple[TestClient, DeviceLink]]:
    c, link = client_for(db, "riichi-ema2016")
    with c:
        yield c, link


def test_a_riichi_tables_json_keeps_its_keys(riichi) -> None:
    """The Chinese systems extend the JSON; a Riichi hand and entry say what they said before (issue 32)."""
    line = {"hand": 1, "type": "draw", "tenpai": ["1"], "riichi": ["2"]}
    assert call(riichi, "POST", "/api/hands", {**line, "version": 0, "request_id": "r1"}).status_code == 200
    t = call(riichi, "GET", "/api/table").json()
    assert set(t["hands"][0]) == {"hand", "round", "dealer", "honba", "deposits", "kind", "outcome", "riichi",
                                  "winners", "discarder", "tenpai", "deltas", "scores"}
    assert set(t["entry"]) == {"form", "outcomes", "abortive", "red_fives", "limits", "flags", "multiple_ron",
                               "outcome_words", "abortive_words", "limit_words", "flag_words"}
    assert t["entry"]["flag_words"]["haitei"] == "Last tile drawn"  # Riichi's yaku, not a Chinese system's flag
    assert "partial" not in call(riichi, "POST", "/api/score", {**line, "hand": 2}).json()  # a Chinese answer's key


# Guiyang 捉鸡 and Guangdong 鸡平胡 (issue 33 item 5): the organiser's values typed, then session 1 seated
GUIYANG_RULES = {"chicken": 1, "charging_chicken": 2, "responsible_chicken": 3}
# 1 discards a concealed kong's replacement into 3's plain hand (热炮), 3 holds one 幺鸡, 2 and 4 were counted
# some, and 2 discarded the hand's first 幺鸡 unclaimed (冲锋鸡)
GUIYANG = {"hand": 1, "type": "ron", "discarder": "1", "winners": [{"player": "3", "hand": "123s234m456m789p55p"}],
           "chickens": {"2": 1, "4": 2}, "charging_chicken": "2", "hot_kong": "concealed"}


def client_with_rules(db: Database, profile: str, rules: dict[str, Any]) -> tuple[TestClient, DeviceLink]:
    from db.service.players import PlayerInput, import_players
    from db.service.seats import set_seating
    from db.service.tournament import create_tournament, update_settings

    with db.factory.begin() as s:
        create_tournament(s, "Test Open", profile, sessions=3, actor=ACTOR)
        import_players(s, [PlayerInput(str(i), f"Player {i}", None) for i in range(1, 9)], ACTOR)
        update_settings(s, rules=rules, actor=ACTOR)
        set_seating(s, 1, [[str(i + k) for k in range(4)] for i in (1, 5)], actor=ACTOR)
        link = device_links(s, 1, actor=ACTOR)[0]
    return TestClient(create_app(db)), link


def jipinghu_rules() -> dict[str, Any]:
    from scoring.jipinghu.rules import REQUIRED

    return {name: k for k, (name, _) in enumerate(REQUIRED)}  # 鸡胡 0, 平胡 1, 对对胡 2, 混一色 3, 清一色 4, …


@pytest.fixture
def guiyang(db: Database) -> Iterator[tuple[TestClient, DeviceLink]]:
    c, link = client_with_rules(db, "guiyang-zhuoji", GUIYANG_RULES)
    with c:
        yield c, link


@pytest.fixture
def jipinghu(db: Database) -> Iterator[tuple[TestClient, DeviceLink]]:
    c, link = client_with_rules(db, "guangdong-jipinghu", jipinghu_rules())
    with c:
        yield c, link


def test_a_guiyang_tables_entry_offers_its_chickens_and_several_winners(guiyang) -> None:
    gy = call(guiyang, "GET", "/api/table", lang="zh").json()["entry"]
    assert gy["form"] == "wins" and gy["chickens"] is True and gy["kongs"] is True and gy["multiple_ron"] is True
    assert gy["kong_words"]["concealed"] == "暗杠" and gy["value"] == "hand"
    assert "refusal" not in call(guiyang, "GET", "/api/table").json()  # the values are typed: nothing refused


def test_a_guiyang_hand_with_chickens_and_a_hot_kong_is_previewed_and_recorded_with_their_payments(guiyang) -> None:
    preview = call(guiyang, "POST", "/api/score", GUIYANG).json()
    assert preview["valid"] is True, preview
    r = call(guiyang, "POST", "/api/hands", {**GUIYANG, "version": 0, "request_id": "gy1"})
    assert r.status_code == 200, r.text
    hand = call(guiyang, "GET", "/api/table").json()["hands"][0]
    assert preview["deltas"] == hand["deltas"] and sum(hand["deltas"].values()) == 0
    words = {(p["kind"], p["words"]) for p in hand["payments"]}
    assert ("hot_kong", "Hot kong (热炮)") in words and ("chicken", "Chickens") in words  # the kinds in words, not codes
    assert {n: sum(p["deltas"][n] for p in hand["payments"]) for n in "1234"} == hand["deltas"]
    assert hand["line"]["chickens"] == {"2": 1, "4": 2} and hand["line"]["hot_kong"] == "concealed"
    assert hand["line"]["charging_chicken"] == "2"
    zh = call(guiyang, "GET", "/api/table", lang="zh").json()["hands"][0]
    assert {p["words"] for p in zh["payments"]} >= {"热炮", "鸡"}


def test_a_jipinghu_winner_with_two_hand_types_is_paid_their_fan_added(jipinghu) -> None:
    jp = call(jipinghu, "GET", "/api/table").json()["entry"]
    assert jp["several_types"] is True and jp["value"] == "hand_type"
    assert {"id": "qingyise", "zh": "清一色", "en": "Pure One Suit", "name": "Pure One Suit (清一色)"} in jp["hand_types"]
    line = {"hand": 1, "type": "tsumo", "winner": "2", "hand_type": ["duiduihu", "qingyise"]}
    preview = call(jipinghu, "POST", "/api/score", line).json()
    assert preview["valid"] is True, preview
    (winner,) = preview["winners"]
    assert winner["total"] == 2 + 4 and [f["id"] for f in winner["fans"]] == ["duiduihu", "qingyise"]
    r = call(jipinghu, "POST", "/api/hands", {**line, "version": 0, "request_id": "jp1"})
    assert r.status_code == 200, r.text
    line_kept = call(jipinghu, "GET", "/api/table").json()["hands"][0]["line"]
    assert line_kept["winner"] == "2" and line_kept["hand_type"] == ["duiduihu", "qingyise"]


def test_before_the_organisers_values_every_guiyang_hand_is_refused_in_words(db: Database, tmp_path) -> None:
    """A file whose values are missing with a session seated (restored from an export made so: the store refuses
    to seat without them, but a restore takes the file as it is): the preview and the record say why."""
    from db import open_database
    from db.storage.transfer import export_data, import_data

    c, link = client_with_rules(db, "guiyang-zhuoji", GUIYANG_RULES)
    with db.factory.begin() as s:
        data = export_data(s)
    data["tables"]["tournament"][0]["settings"]["rules"] = {}
    restored = open_database(tmp_path / "restored.mcr", create=True)
    try:
        with restored.factory.begin() as s:
            import_data(s, data)
        with TestClient(create_app(restored)) as client:
            at = (client, link)
            for path, body in (("/api/score", GUIYANG), ("/api/hands", {**GUIYANG, "version": 0, "request_id": "m1"})):
                r = call(at, "POST", path, body)
                assert r.status_code == 422 and r.json()["error"]["code"] == "rules_missing", r.text
                assert ("has not set Each chicken (幺鸡) counted to a player · chicken; The charging chicken (冲锋鸡) · "
                        "charging_chicken; The responsible chicken") in r.json()["error"]["message"]
            assert "组织者尚未设定 每只计给选手的鸡（幺鸡） · chicken；冲锋鸡" in call(
                at, "POST", "/api/score", GUIYANG, lang="zh").json()["error"]["message"]
            table = call(at, "GET", "/api/table").json()
            assert table["hands"] == [] and table["refusal"]["code"] == "rules_missing"  # said before any entry
            assert table["refusal"]["message"] == call(at, "POST", "/api/score", GUIYANG).json()["error"]["message"]
    finally:
        restored.close()
