"""The table devices' API on a real SQLite file and on PostgreSQL (``MCR_TEST_POSTGRES_URL``): tokens and
their scope, retries with a ``request_id``, stale versions, and bad bodies with the CLI's messages."""

from __future__ import annotations

import json
import threading
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import func, select

from db import Database
from db.formats.result_import import import_result_lines
from db.models import AuditLog, DeviceRequest, HandResult, Penalty, Tournament
from db.read import queries
from db.rules.profiles import Settings, Settlement
from db.service.devices import DeviceLink, device_links, revoke_device
from db.service.results import call_time
from tests.db.helpers import ACTOR, make_tournament
from tests.scoring.test_cli import GARBAGE
from web.api.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

WIN = {"type": "win", "hand": 1, "winner": "1", "discarder": "2", "fan": 8}


@pytest.fixture
def links(db: Database) -> dict[int, DeviceLink]:
    make_tournament(db)  # session 1: table 1 = players 1-4 at E S W N, table 2 = 5-8
    with db.factory.begin() as s:
        return {link.table: link for link in device_links(s, 1, actor=ACTOR)}


@pytest.fixture
def client(db: Database, links: dict[int, DeviceLink]) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def auth(link: DeviceLink | str) -> dict[str, str]:
    return {"Authorization": f"Bearer {link if isinstance(link, str) else link.token}"}


def hands_at(db: Database, table: int) -> int:
    with db.reader() as s:
        return len(queries.table_sheet(s, 1, table).hands)


# ------------------------------------------------------------------------------------ tokens and scope

def test_table_shape_and_winds_of_the_next_hand(client: TestClient, links: dict[int, DeviceLink]) -> None:
    r = client.get("/api/table", headers=auth(links[2]))
    assert r.status_code == 200
    t = r.json()
    assert {k: t[k] for k in ("session", "table", "version", "next_hand", "time_called_after", "hands")} == {
        "session": 1, "table": 2, "version": 0, "next_hand": 1, "time_called_after": None, "hands": []}
    assert [(p["seat"], p["number"], p["name"], p["seat_wind"]) for p in t["players"]] == [
        ("E", "5", "Player 5", "E"), ("S", "6", "Player 6", "S"), ("W", "7", "Player 7", "W"),
        ("N", "8", "Player 8", "N")]
    r = client.post("/api/hands", headers=auth(links[2]),
                    json={"type": "win", "hand": 1, "winner": "6", "self_drawn": True, "fan": 10})
    assert r.status_code == 200, r.text
    t = client.get("/api/table", headers=auth(links[2])).json()
    assert t["version"] == 1 and t["next_hand"] == 2
    assert [p["seat_wind"] for p in t["players"]] == ["N", "E", "S", "W"]  # hand 2: South deals
    assert t["hands"] == [{"hand": 1, "kind": "win", "winner": "6", "discarder": None, "self_drawn": True,
                           "fan": 10, "deltas": {"5": -18, "6": 54, "7": -18, "8": -18}}]
    assert r.headers["cache-control"] == "no-store" and r.headers["referrer-policy"] == "no-referrer"
    assert "access-control-allow-origin" not in r.headers


def test_devices_gives_the_same_links_until_revoked(db: Database, links: dict[int, DeviceLink]) -> None:
    assert len(links[1].token) >= 32 and links[1].token != links[2].token
    with db.factory.begin() as s:
        assert {link.table: link for link in device_links(s, 1, actor=ACTOR)} == links
        new = revoke_device(s, 1, 2, actor=ACTOR)
    assert new.token != links[2].token
    with db.factory.begin() as s:
        again = {link.table: link for link in device_links(s, 1, actor=ACTOR)}
    assert again[1] == links[1] and again[2] == new
    with db.reader() as s:
        entries = queries.audit_log(s)
    log = [(e.action, e.what) for e in entries]
    assert log.count(("device_issue", "session 1 table 2 device link")) == 2
    assert ("device_revoke", "session 1 table 2 device link") in log
    assert not any(links[2].token in f"{e.before}{e.after}" for e in entries)  # a fingerprint, not the token


def test_no_token_unknown_token_revoked_token_other_table(db: Database, client: TestClient,
                                                          links: dict[int, DeviceLink]) -> None:
    for method, path in (("GET", "/api/table"), ("POST", "/api/score"), ("POST", "/api/hands")):
        body = None if method == "GET" else json.dumps(WIN)
        r = client.request(method, path, content=body)
        assert r.status_code == 401 and r.json()["error"]["code"] == "device_token_missing"
        assert r.headers["www-authenticate"] == "Bearer"
        r = client.request(method, path, content=body, headers={"Authorization": f"Basic {links[1].token}"})
        assert r.status_code == 401
        other = ("y" if links[1].token[0] == "x" else "x") + links[1].token[1:]  # never the token itself
        r = client.request(method, path, content=body, headers=auth(other))
        assert r.status_code == 401 and r.json()["error"]["code"] == "device_token_unknown"
        r = client.request(method, path, content=b"not json", headers=auth("nope"))
        assert r.status_code == 401  # who asks is checked before what is asked
    # another table's scope: the token of table 2 cannot read or write table 1
    assert client.get("/api/table?table=1", headers=auth(links[2])).status_code == 403
    assert client.get("/api/table?session=2&table=2", headers=auth(links[2])).status_code == 403
    assert client.get("/api/table?session=1&table=2", headers=auth(links[2])).status_code == 200
    r = client.post("/api/hands", headers=auth(links[2]), json={**WIN, "table": 1})
    assert r.status_code == 403 and r.json()["error"]["code"] == "device_other_table"
    r = client.post("/api/score", headers=auth(links[2]), json={**WIN, "session": 2})
    assert r.status_code == 403
    assert hands_at(db, 1) == 0 and hands_at(db, 2) == 0
    # table 2's token with table 1's players: not at this table (422), nothing written at table 1
    r = client.post("/api/hands", headers=auth(links[2]), json=WIN)
    assert r.status_code == 422 and r.json()["error"]["code"] == "player_not_at_table"
    # revoked: 403, and the new link works
    with db.factory.begin() as s:
        new = revoke_device(s, 1, 1, actor=ACTOR)
    for method, path in (("GET", "/api/table"), ("POST", "/api/score"), ("POST", "/api/hands")):
        r = client.request(method, path, headers=auth(links[1]), content=None if method == "GET" else json.dumps(WIN))
        assert r.status_code == 403 and r.json()["error"]["code"] == "device_token_revoked"
    assert hands_at(db, 1) == 0
    assert client.post("/api/hands", headers=auth(new), json=WIN).status_code == 200


def test_a_link_revoked_just_after_its_device_wrote_is_refused_at_once(db: Database, client: TestClient,
                                                                     links: dict[int, DeviceLink]) -> None:
    """The server skips the check before the body for a token it found good seconds ago: the
    request's own transaction checks it again, so a link revoked meanwhile is refused, nothing written."""
    assert client.post("/api/score", headers=auth(links[1]), json=WIN).status_code == 200
    with db.factory.begin() as s:
        revoke_device(s, 1, 1, actor=ACTOR)
    for path in ("/api/score", "/api/hands"):
        r = client.post(path, headers=auth(links[1]), json=WIN)
        assert r.status_code == 403 and r.json()["error"]["code"] == "device_token_revoked", path
    assert hands_at(db, 1) == 0


def test_device_writes_are_logged_as_the_device(db: Database, client: TestClient,
                                                links: dict[int, DeviceLink]) -> None:
    assert client.post("/api/hands", headers=auth(links[1]), json=WIN).status_code == 200
    with db.reader() as s:
        entry = [e for e in queries.audit_log(s) if e.action == "record"][-1]
        row = s.scalars(select(HandResult)).one()
    assert (entry.station, entry.referee, entry.what) == ("table 1 device", "device", "session 1 table 1 hand 1")
    assert (row.station, row.referee) == ("table 1 device", "device")


# ------------------------------------------------------------------------------ preview and recording

def test_score_previews_without_writing(db: Database, client: TestClient, links: dict[int, DeviceLink]) -> None:
    full = {"type": "win", "hand": 1, "winner": "1", "discarder": "2", "notation": "[789m2][777s3][234s3]89sEE7s"}
    r = client.post("/api/score", headers=auth(links[1]), json=full)
    assert r.status_code == 200, r.text
    a = r.json()
    assert (a["total"], a["meets_minimum"]) == (9, True)
    assert {f["id"] for f in a["fans"]} >= {"TILE_HOG", "LAST_TILE"}
    assert a["payments"] == {"1": 33, "2": -17, "3": -8, "4": -8}
    low = {**full, "notation": "[234m1][567p1][345s1]66s12m3m"}  # 3 fans: answered, not refused
    a = client.post("/api/score", headers=auth(links[1]), json=low).json()
    assert (a["total"], a["meets_minimum"], a["payments"]) == (3, False, None)
    r = client.post("/api/score", headers=auth(links[1]), json={"type": "draw", "hand": 1})
    assert r.json()["payments"] == {"1": 0, "2": 0, "3": 0, "4": 0}
    assert hands_at(db, 1) == 0
    with db.reader() as s:
        assert queries.table_sheet(s, 1, 1).version == 0
    # recording the low hand is refused with the CLI's message
    r = client.post("/api/hands", headers=auth(links[1]), json=low)
    assert r.status_code == 422 and r.json()["error"]["code"] == "under_eight_fans"


def test_stale_version_and_recorded_hand_are_409(db: Database, client: TestClient,
                                                  links: dict[int, DeviceLink]) -> None:
    h = auth(links[1])
    r = client.post("/api/hands", headers=h, json={**WIN, "version": 0})
    assert r.status_code == 200 and r.json()["version"] == 1
    assert r.json()["deltas"] == {"1": 32, "2": -16, "3": -8, "4": -8}
    r = client.post("/api/hands", headers=h, json={"type": "draw", "hand": 2, "version": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale_table"
    r = client.post("/api/hands", headers=h, json={**WIN, "version": 1})
    assert r.status_code == 409 and r.json()["error"]["code"] == "hand_recorded"
    r = client.post("/api/hands", headers=h, json=WIN)
    assert r.status_code == 409
    assert client.post("/api/hands", headers=h, json={"type": "draw", "hand": 2, "version": 1}).status_code == 200
    assert hands_at(db, 1) == 2
    assert client.get("/api/table", headers=h).json()["version"] == 2


def test_finish_hand_keeps_the_hand_in_progress_open_and_a_signed_off_table_is_closed(
        db: Database, client: TestClient, links: dict[int, DeviceLink]) -> None:
    from db.service.results import call_time, sign_off

    h = auth(links[1])
    assert client.post("/api/hands", headers=h, json=WIN).status_code == 200
    with db.factory.begin() as s:  # the clock's finish_hand: hand 2, begun, is still played
        call_time(s, 1, 1, 2, in_progress=True, actor=ACTOR)
    t = client.get("/api/table", headers=h).json()
    assert (t["time_called_after"], t["next_hand"]) == (2, 2)
    assert client.post("/api/hands", headers=h, json={"type": "draw", "hand": 2}).status_code == 200
    assert client.get("/api/table", headers=h).json()["next_hand"] is None
    h2 = auth(links[2])
    with db.factory.begin() as s:
        sign_off(s, 1, 2, reason="table ended early", actor=ACTOR)
    r = client.post("/api/hands", headers=h2, json={"type": "draw", "hand": 1})
    assert r.status_code == 409 and r.json()["error"]["code"] == "table_signed_off"
    assert hands_at(db, 2) == 0


def test_a_query_number_that_is_not_ascii_digits_is_422(client: TestClient, links: dict[int, DeviceLink]) -> None:
    for raw in ("%C2%B2", "%D9%A3", "1x"):  # "²", Arabic-Indic three
        r = client.get(f"/api/table?session={raw}", headers=auth(links[1]))
        assert r.status_code == 422 and r.json()["error"]["code"] == "not_a_whole_number"


def test_same_request_id_records_once_and_answers_the_same(db: Database, client: TestClient,
                                                           links: dict[int, DeviceLink]) -> None:
    h = auth(links[1])
    body = json.dumps({**WIN, "version": 0, "request_id": "phone-1-hand-1"})
    first = client.post("/api/hands", headers=h, content=body)
    again = client.post("/api/hands", headers=h, content=body)  # the answer was lost: the phone retries
    assert first.status_code == again.status_code == 200
    assert first.content == again.content
    assert hands_at(db, 1) == 1
    # another table may use the same request_id: it is its own
    r = client.post("/api/hands", headers=auth(links[2]),
                    json={**WIN, "winner": "5", "discarder": "6", "request_id": "phone-1-hand-1"})
    assert r.status_code == 200 and r.json()["table"] == 2
    # a refused request is not remembered: its retry is judged again
    bad = {"type": "draw", "hand": 3, "request_id": "r3"}
    assert client.post("/api/hands", headers=h, json=bad).status_code == 422
    assert client.post("/api/hands", headers=h, json={**bad, "hand": 2}).status_code == 200
    r = client.post("/api/hands", headers=h, json={"type": "draw", "hand": 3, "request_id": 5})
    assert r.status_code == 422 and r.json()["error"]["field"] == "request_id"
    with db.reader() as s:
        assert s.scalar(select(func.count()).select_from(DeviceRequest)) == 3
        assert s.scalar(select(func.count()).select_from(AuditLog).where(AuditLog.action == "record")) == 3


def test_concurrent_tries_of_one_request_record_once(db: Database, client: TestClient,
                                                     links: dict[int, DeviceLink]) -> None:
    h = auth(links[1])
    body = json.dumps({"type": "draw", "hand": 1, "request_id": "same"})
    answers: list[Any] = []

    def send() -> None:
        r = client.post("/api/hands", headers=h, content=body)
        answers.append((r.status_code, r.content))

    threads = [threading.Thread(target=send) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(answers)) == 1 and answers[0][0] == 200
    assert hands_at(db, 1) == 1


# ------------------------------------------------------------------------- the false win from the table

FALSE_WIN = {"type": "penalty", "hand": 1, "player": "2", "kind": "false_win_wrong"}


def penalties_at(db: Database, table: int) -> list[tuple[int | None, str, str, int, str]]:
    with db.reader() as s:
        return [(p.hand, p.player.number, p.kind, p.points, p.settlement)
                for p in queries.table_sheet(s, 1, table).penalties]


def test_a_device_records_the_false_win_penalty_at_the_preset(db: Database, client: TestClient,
                                                              links: dict[int, DeviceLink]) -> None:
    h = auth(links[1])
    t = client.get("/api/table", headers=h).json()
    fw = dict(t["false_win"])
    payments = fw.pop("payments")  # what it moves, offender by offender (the page computes no payment)
    assert t["penalties"] == [] and fw == {  # R98: 错和 pays 10 to each other player
        "kind": "false_win_wrong", "zh": "错和", "en": "False win (under 8 fans, wrong tile)", "points": 30,
        "settlement": "others"}
    assert payments["2"] == {"1": 10, "2": -30, "3": 10, "4": 10}
    body = json.dumps({**FALSE_WIN, "version": 0, "request_id": "fw-1"})
    first = client.post("/api/hands", headers=h, content=body)
    assert first.status_code == 200, first.text
    a = first.json()
    assert (a["kind"], a["hand"], a["version"]) == ("penalty", 1, 1)
    assert {k: a["penalty"][k] for k in ("hand", "player", "kind", "points", "settlement", "deltas")} == {
        "hand": 1, "player": "2", "kind": "false_win_wrong", "points": 30, "settlement": "others",
        "deltas": {"1": 10, "2": -30, "3": 10, "4": 10}}
    again = client.post("/api/hands", headers=h, content=body)  # the answer was lost: the same bytes
    assert again.status_code == 200 and again.content == first.content
    # once per player and hand: a player who made a false win cannot make it again in that hand
    r = client.post("/api/hands", headers=h, json={**FALSE_WIN, "request_id": "fw-2"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "device_penalty_twice"
    # the preset's points and settlement may be sent, as they are
    r = client.post("/api/hands", headers=h, json={**FALSE_WIN, "player": "3", "points": 30, "settlement": "others"})
    assert r.status_code == 200, r.text
    assert penalties_at(db, 1) == [(1, "2", "false_win_wrong", 30, "others"), (1, "3", "false_win_wrong", 30, "others")]
    t = client.get("/api/table", headers=h).json()
    assert t["next_hand"] == 1 and t["version"] == 2  # the hand goes on
    assert [p["points"] for p in t["players"]] == [20, -20, -20, 20]
    assert [p["deltas"] for p in t["penalties"]] == [{"1": 10, "2": -30, "3": 10, "4": 10},
                                                     {"1": 10, "2": 10, "3": -30, "4": 10}]
    # audited as the device, like its hands
    with db.reader() as s:
        entry = [e for e in queries.audit_log(s) if e.action == "record"][-1]
        rows = list(s.scalars(select(Penalty)))
    assert (entry.station, entry.referee) == ("table 1 device", "device") and "penalty" in entry.what
    assert {(row.station, row.referee) for row in rows} == {("table 1 device", "device")}
    # a page that did not see the last change is told so first (409), before any check of its line
    r = client.post("/api/hands", headers=h, json={**FALSE_WIN, "player": "4", "version": 1})
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale_table"
    # the hand is then recorded as usual
    assert client.post("/api/hands", headers=h, json={**WIN, "winner": "4", "version": 2}).status_code == 200


@pytest.mark.parametrize(("change", "field"), [
    ({"session": True}, "session"), ({"table": 1.0}, "table"), ({"table": True}, "table"), ({"session": "1"}, "session"),
])
def test_a_session_or_table_that_is_not_a_whole_number_is_refused_naming_the_field(
        db: Database, client: TestClient, links: dict[int, DeviceLink], change: dict[str, Any], field: str) -> None:
    """``true == 1`` and ``1.0 == 1`` in Python, so these were recorded at the token's own table."""
    for path in ("/api/hands", "/api/score"):
        r = client.post(path, headers=auth(links[1]), json={**WIN, **change})
        assert r.status_code == 422, r.text
        err = r.json()["error"]
        assert err["code"] == "not_a_whole_number" and err["field"] == field and "whole number" in err["message"]
    assert hands_at(db, 1) == 0
    assert client.post("/api/hands", headers=auth(links[1]), json={**WIN, "session": 1, "table": 1}).status_code == 200


@pytest.mark.parametrize("change", [{"table": "2"}, {"table": 2.0}, {"session": 2.0}, {"session": "2"},
                                    {"table": False}, {"table": [1]}, {"session": 10**30}])
def test_a_body_naming_another_table_in_any_type_is_403_before_the_whole_number_check(
        db: Database, client: TestClient, links: dict[int, DeviceLink], change: dict[str, Any]) -> None:
    """A review found: the whole-number check ran first, so ``"2"`` or ``2.0`` got 422 where they always
    got 403 ``device_other_table`` (docs/web.md: "403 as always")."""
    for path in ("/api/hands", "/api/score"):
        r = client.post(path, headers=auth(links[1]), json={**WIN, **change})
        assert r.status_code == 403 and r.json()["error"]["code"] == "device_other_table", r.text
    assert hands_at(db, 1) == hands_at(db, 2) == 0


@pytest.mark.parametrize(("change", "status", "code", "field"), [
    pytest.param({"kind": "rule_violation", "points": 10, "settlement": "deducted"}, 422, "device_penalty_kind",
                 "kind", id="another-kind"),
    pytest.param({"kind": "false_win_not_ready"}, 422, "device_penalty_kind", "kind", id="not-ready-is-the-referee-s"),
    pytest.param({"kind": "custom", "points": 99}, 422, "device_penalty_kind", "kind", id="custom"),
    pytest.param({"points": 60}, 422, "device_penalty_preset", "points", id="other-points"),
    pytest.param({"points": True}, 422, "device_penalty_preset", "points", id="points-bool"),
    pytest.param({"settlement": "deducted"}, 422, "device_penalty_preset", "settlement", id="other-settlement"),
    pytest.param({"settlement": {"to": "1"}}, 422, "device_penalty_preset", "settlement", id="to-one-player"),
    pytest.param({"reason": "free text"}, 422, "device_penalty_field", "reason", id="reason"),
    pytest.param({"hand": 2}, 422, "device_penalty_hand", "hand", id="not-the-hand-in-play"),
    pytest.param({"hand": None}, 422, "missing", "hand", id="no-hand"),
    pytest.param({"player": "5"}, 422, "player_not_at_table", "player", id="another-table-s-player"),
    pytest.param({"player": None}, 422, "missing", "player", id="no-player"),
    pytest.param({"table": 2}, 403, "device_other_table", None, id="another-table"),
    pytest.param({"session": 2}, 403, "device_other_table", None, id="another-session"),
    pytest.param({"table": "2"}, 403, "device_other_table", None, id="another-table-as-text"),
    pytest.param({"table": True}, 422, "not_a_whole_number", "table", id="own-table-as-true"),
    pytest.param({"type": "time_called", "after_hand": 0}, 422, "device_line_type", "type", id="time-call"),
])
def test_a_device_cannot_record_any_other_penalty(db: Database, client: TestClient, links: dict[int, DeviceLink],
                                                  change: dict[str, Any], status: int, code: str,
                                                  field: str | None) -> None:
    body = {k: v for k, v in {**FALSE_WIN, **change}.items() if v is not None}
    r = client.post("/api/hands", headers=auth(links[1]), json=body)
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code and err.get("field") == field and err["message"]
    assert penalties_at(db, 1) == penalties_at(db, 2) == [] and hands_at(db, 1) == 0
    # table 2's device cannot penalise table 1's player either
    r = client.post("/api/hands", headers=auth(links[2]), json={**FALSE_WIN, "player": "1"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "player_not_at_table"
    assert penalties_at(db, 1) == []


def test_the_false_win_is_refused_when_the_session_is_over_or_has_no_fixed_preset(
        db: Database, client: TestClient, links: dict[int, DeviceLink]) -> None:
    r = client.post("/api/score", headers=auth(links[1]), json=FALSE_WIN)  # previews are for hands
    assert r.status_code == 422 and r.json()["error"]["code"] == "device_preview_type"
    with db.factory.begin() as s:
        call_time(s, 1, 2, 0, actor=ACTOR)
    r = client.post("/api/hands", headers=auth(links[2]), json={**FALSE_WIN, "player": "6"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "device_penalty_over"
    # an organiser who made the false win a free amount: the referee enters it, the page is told
    with db.factory.begin() as s:
        row = s.get_one(Tournament, 1)
        d = Settings.from_json(row.settings).to_json()
        d["penalty_presets"] = [{**p, "amounts": []} if p["kind"] == "false_win_wrong" else p
                                for p in d["penalty_presets"]]
        row.settings = d
    assert client.get("/api/table", headers=auth(links[1])).json()["false_win"] is None
    r = client.post("/api/hands", headers=auth(links[1]), json=FALSE_WIN)
    assert r.status_code == 422 and r.json()["error"]["code"] == "device_penalty_no_preset"
    assert penalties_at(db, 1) == penalties_at(db, 2) == []


# --------------------------------------------------------------------------------------- bad bodies

def _line_of(garbage: str) -> str | None:
    """mcr-score's bad stream line as a result line's body (its winds are fields a line does not have)."""
    try:
        obj = json.loads(garbage)
    except (ValueError, RecursionError):
        return garbage
    if not isinstance(obj, dict) or "notation" not in obj:
        return garbage
    line: dict[str, Any] = {"type": "win", "hand": 1, "winner": "1", "discarder": "2", **obj}
    if obj.get("self_drawn") is True:
        del line["discarder"]
    return json.dumps(line)


def test_every_bad_input_of_mcr_score_gets_the_cli_message(db: Database, client: TestClient,
                                                           links: dict[int, DeviceLink]) -> None:
    h = auth(links[1])
    cases = [_line_of(g) for g in GARBAGE[:-1]] + ["[" * 10000, '{"type": "penalty"}', '{"type": "time_called"}',
                                                   '{"type": "win", "hand": 1, "winner": "1", "discarder": "9"}']
    for body in cases:
        assert body is not None
        for path in ("/api/score", "/api/hands"):
            r = client.post(path, headers=h, content=body.encode("utf-8"))
            assert r.status_code == 422, (path, body, r.text)
            err = r.json()["error"]
            assert set(err) >= {"code", "message"} and err["message"]
            if body.strip() and not err["code"].startswith("device_"):
                # the same line through `results import` (session and table added) is refused the same way
                obj = (json.loads(body) if err["code"] not in ("not_json", "line_not_object", "line_too_deep", "line_too_long")
                       else None)
                text = json.dumps({**obj, "session": 1, "table": 1}) if isinstance(obj, dict) else body
                report = import_result_lines(db, text, "f")
                assert report.rejected == 1, body
                assert report.errors[0] == f"f line 1: {err['message']}", (body, err)
    r = client.post("/api/score", headers=h, content=b"\xff\xfe bad utf8")
    assert r.status_code == 422 and r.json()["error"]["code"] == "not_utf8"
    r = client.post("/api/hands", headers=h, content="[" * 100000)
    assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"
    r = client.post("/api/hands", headers=h, content=b" " * (16 * 1024 + 1))
    assert r.status_code == 413
    r = client.post("/api/hands", headers=h, json={**WIN, "version": "x"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "version"
    assert hands_at(db, 1) == 0


def test_table_page_and_static_files(client: TestClient, links: dict[int, DeviceLink]) -> None:
    r = client.get(f"/t/{links[1].token}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert r.headers["referrer-policy"] == "no-referrer" and r.headers["cache-control"] == "no-store"
    assert client.get("/static/table.html").status_code == 200
    assert client.get("/static/../app.py").status_code == 404
    assert client.options("/api/hands", headers={"Origin": "http://evil.example",
                                                 "Access-Control-Request-Method": "POST"}).status_code == 405


def test_the_table_page_s_modules_are_served_as_scripts_and_checked_before_each_use(client: TestClient) -> None:
    """The page is ES modules (web/static/table/): each is JavaScript under nosniff, and ``no-cache`` (kept,
    asked again by its ETag), so an upgraded server never has a phone run an old module beside a new one."""
    page = client.get("/t/x").text
    assert '<script type="module" src="/static/table/main.js">' in page
    for name in ("main", "page", "requests", "hand", "sheet", "entry"):
        r = client.get(f"/static/table/{name}.js")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript"), name
        assert r.headers["cache-control"] == "no-cache" and r.headers["x-content-type-options"] == "nosniff"
        assert "script-src 'self'" in r.headers["content-security-policy"]
        again = client.get(f"/static/table/{name}.js", headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304 and not again.content
    assert client.get("/static/table.js").status_code == 404  # the one file of before is gone
    assert "cache-control" not in client.get("/static/tiles/1m.svg").headers  # the faces: as browsers like



def test_storage_refusals_carry_their_own_code_and_are_unavailable() -> None:
    from db.errors import (
        DatabaseConnectError,
        DatabaseFileGoneError,
        NotATournamentFileError,
        ReadOnlyDatabaseError,
        TournamentError,
    )
    from web.api.api import error_json, status_of

    cases = [
        (DatabaseFileGoneError(code="database_file_gone", name="event.mcr", replaced=False), 503),
        (ReadOnlyDatabaseError(code="read_only_database", name="event.mcr", reason="the medium is read-only"), 503),
        (DatabaseConnectError(code="server_unavailable", url="postgresql+psycopg://mcr:***@h/mcr",
                              problem="connection refused"), 503),
        (TournamentError(code="save_no_space", name="event.mcr"), 503),
        (NotATournamentFileError(code="file_empty", name="event.mcr"), 422),
    ]
    assert [(error_json(e)["error"]["code"], status_of(e)) for e, _ in cases] == [
        ("database_file_gone", 503), ("read_only_database", 503), ("server_unavailable", 503),
        ("save_no_space", 503), ("file_empty", 422)]
    assert error_json(cases[3][0]) == {"error": {"code": "save_no_space",
                                                 "message": "could not save to event.mcr: no space left on device"}}


def test_error_message_follows_accept_language_and_the_code_does_not(
        client: TestClient, links: dict[int, DeviceLink]) -> None:
    """A phone set to Chinese reads the refusal in Chinese; the code and the keys stay the same."""
    bad = {**WIN, "fan": 6}  # under 8 fans without flowers
    en = client.post("/api/hands", headers=auth(links[1]), json=bad)
    zh = client.post("/api/hands", headers={**auth(links[1]), "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"},
                     json=bad)
    assert en.status_code == zh.status_code == 422
    assert en.json()["error"].keys() == zh.json()["error"].keys()
    assert en.json()["error"]["code"] == zh.json()["error"]["code"] == "under_eight_fans"
    assert "a win needs at least 8" in en.json()["error"]["message"]
    assert zh.json()["error"]["message"] == "不计花牌只有 6 番：和牌至少要 8 番。不足 8 番按错和处理，请改记错和罚分。"
    r = client.get("/api/table", headers={"Accept-Language": "zh"})
    assert r.json()["error"] == {"code": "device_token_missing", "message": "没有桌位链接：请打开裁判给本桌的链接。"}
    r = client.post("/api/hands", headers={**auth(links[1]), "Accept-Language": "de-DE, fr;q=0.5"},
                    json={**WIN, "notation": "123x"})  # no German catalogue: English
    assert r.json()["error"]["code"] == "hand_invalid" and "unknown suit letter" in r.json()["error"]["message"]
    r = client.post("/api/hands", headers={**auth(links[1]), "Accept-Language": "zh"}, json={**WIN, "notation": "123x"})
    assert r.json()["error"]["message"] == '123x：第 1 个字符 “123x”：未知的花色字母 "x"（花色为 m 万、s 条、p 饼）。'


def test_the_table_page_words_come_from_the_catalogue_in_the_browsers_language(client: TestClient) -> None:
    zh = client.get("/api/texts", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).json()
    assert zh["lang"] == "zh" and zh["texts"]["Win"] == "和牌" and zh["texts"]["Session"] == "局"
    assert zh["winds"] == {"E": "东", "S": "南", "W": "西", "N": "北"}
    assert [lang["code"] for lang in zh["languages"]] == ["en", "zh"]
    en = client.get("/api/texts?lang=en", headers={"Accept-Language": "zh"}).json()  # the page's own choice
    assert en["lang"] == "en" and all(k == v for k, v in en["texts"].items())
    xx = client.get("/api/texts?lang=xx").json()
    assert all(v == f"⟦{k}⟧" for k, v in xx["texts"].items())


def test_the_false_win_payments_come_from_the_server(client: TestClient, links: dict[int, DeviceLink]) -> None:
    fw = client.get("/api/table", headers=auth(links[1])).json()["false_win"]
    numbers = list(fw["payments"])
    assert len(numbers) == 4
    for n in numbers:
        moves = fw["payments"][n]
        assert sum(moves.values()) in (0, -fw["points"]) and moves[n] == -fw["points"]


@pytest.mark.parametrize("big", [2**31 - 1, 2**31, 10**30, -2**31 - 1])
def test_a_hand_past_the_integer_columns_is_refused_as_hand_999(db: Database, client: TestClient,
                                                                links: dict[int, DeviceLink], big: int) -> None:
    """A hand past PostgreSQL's 32-bit Integer never reaches a query (a DataError there is a 500); it gets the
    refusal of a hand past the session's, or below the first (it was "out of range (1–2147483647)", and a
    device's false win was not told "the hand in play only"), on SQLite and PostgreSQL alike."""
    h = auth(links[1])
    like = 999 if big > 0 else -1
    for path, body in (("/api/hands", WIN), ("/api/score", WIN), ("/api/hands", {"type": "draw", "hand": 1}),
                       ("/api/hands", FALSE_WIN)):
        want = client.post(path, headers=h, json={**body, "hand": like})
        got = client.post(path, headers=h, json={**body, "hand": big})
        assert want.status_code == 422
        assert got.status_code == 422, got.text
        assert got.json() == json.loads(want.text.replace(str(like), str(big)))
        if big > 0 and path == "/api/score":
            assert got.json()["error"]["message"] == f'"hand": {big} is out of range (1–16)'
    # version and session/table: the refusal they always had (a 422, or not this device's table: 403)
    r = client.post("/api/hands", headers=h, json={**WIN, "version": big})
    assert r.status_code in (409, 422) and r.json()["error"]["code"] in ("stale_table", "out_of_range", "too_small")
    for field in ("session", "table"):
        r = client.post("/api/hands", headers=h, json={**WIN, field: big})
        assert r.status_code == 403 and r.json()["error"]["code"] == "device_other_table"
        assert client.get(f"/api/table?{field}={abs(big)}", headers=h).status_code == 403
    assert hands_at(db, 1) == 0 and penalties_at(db, 1) == []
    assert client.post("/api/hands", headers=h, json=WIN).status_code == 200  # and the table takes its hand


# ------------------------------------------------------------- following the store, correcting

def test_the_version_alone_moves_with_every_change_by_any_station(db: Database, client: TestClient,
                                                                 links: dict[int, DeviceLink]) -> None:
    from db.service.outcomes import PenaltyInput
    from db.service.results import record_penalty

    h = auth(links[1])
    assert client.get("/api/table/version", headers=h).json() == {"version": 0}
    assert client.post("/api/hands", headers=h, json=WIN).status_code == 200
    with db.factory.begin() as s:  # the desk: a penalty
        record_penalty(s, 1, 1, PenaltyInput("3", 10, Settlement.DEDUCTED, None, "late", "lateness", 2), actor=ACTOR)
    r = client.get("/api/table/version", headers=h)
    assert r.status_code == 200 and r.json() == {"version": 2}
    assert client.get("/api/table", headers=h).json()["version"] == 2
    assert r.headers["cache-control"] == "no-store"
    assert client.get("/api/table/version").status_code == 401
    assert client.get("/api/table/version", headers=auth("nope")).status_code == 401


def test_the_players_wind_note_is_the_desks_in_the_pages_language(client: TestClient,
                                                                  links: dict[int, DeviceLink]) -> None:
    h = auth(links[1])
    t = client.get("/api/table", headers=h).json()
    assert [p["wind_note"] for p in t["players"]] == [None] * 4  # hand 1: every seat is its own wind
    assert client.post("/api/hands", headers=h, json=WIN).status_code == 200
    t = client.get("/api/table", headers=h).json()
    assert [(p["seat"], p["wind_note"]) for p in t["players"]] == [
        ("E", "now North"), ("S", "now East"), ("W", "now South"), ("N", "now West")]
    t = client.get("/api/table", headers={**h, "Accept-Language": "zh-CN"}).json()
    assert t["players"][1]["wind_note"] == "本盘门风东"


def test_a_device_corrects_its_own_recorded_hand_with_a_reason(db: Database, client: TestClient,
                                                               links: dict[int, DeviceLink]) -> None:
    from db.service.results import sign_off

    h = auth(links[1])
    assert client.post("/api/hands", headers=h, json={"type": "draw", "hand": 1}).status_code == 200
    body = {**WIN, "version": 1, "request_id": "fix-1"}
    r = client.post("/api/hands", headers=h, json={**body, "correction": {}})
    assert r.status_code == 422 and r.json()["error"]["code"] == "reason_required"
    r = client.post("/api/hands", headers=h, json={**body, "correction": {"reason": "x", "points": 3}})
    assert r.status_code == 422 and r.json()["error"]["code"] == "device_correction_field"
    r = client.post("/api/hands", headers=h, json={**body, "version": 0, "correction": {"reason": "x"}})
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale_table"
    r = client.post("/api/hands", headers=h, json={**body, "hand": 2, "correction": {"reason": "x"}})
    assert r.status_code == 422 and r.json()["error"]["code"] == "hand_not_recorded"
    r = client.post("/api/hands", headers=h, json={**body, "correction": {"reason": "the desk entered a draw"}})
    assert r.status_code == 200, r.text
    assert r.json()["corrected"] is True and r.json()["version"] == 2 and r.json()["winner"] == "1"
    again = client.post("/api/hands", headers=h, json={**body, "correction": {"reason": "the desk entered a draw"}})
    assert again.json() == r.json()  # its request_id: answered again, corrected once
    with db.reader() as s:
        (hand,) = queries.table_sheet(s, 1, 1).hands
        log = s.scalars(select(AuditLog).order_by(AuditLog.id.desc())).first()
    assert (hand.kind, hand.fan_total, hand.station) == ("win", 8, "table 1 device")
    assert log is not None
    assert (log.action, log.reason, log.station) == ("correct", "the desk entered a draw", "table 1 device")
    r = client.post("/api/hands", headers=h, json={"type": "penalty", "kind": "false_win_wrong", "hand": 2,
                                                    "player": "1", "correction": {"reason": "x"}})
    assert r.status_code == 422 and r.json()["error"]["code"] == "device_correction_type"
    with db.factory.begin() as s:  # signed off: a referee corrects, not the table
        sign_off(s, 1, 1, reason="ended", actor=ACTOR)
    r = client.post("/api/hands", headers=h, json={**WIN, "correction": {"reason": "x"}})
    assert r.status_code == 409 and r.json()["error"]["code"] == "table_signed_off"


def test_a_device_corrects_only_its_tables_last_recorded_hand(db: Database, client: TestClient,
                                                              links: dict[int, DeviceLink]) -> None:
    """The phone page offers the hand it was stale on, the last; an earlier one is the referee's."""
    h = auth(links[1])
    for hand in (1, 2):
        assert client.post("/api/hands", headers=h, json={"type": "draw", "hand": hand}).status_code == 200
    r = client.post("/api/hands", headers=h, json={**WIN, "hand": 1, "version": 2, "correction": {"reason": "x"}})
    assert r.status_code == 422 and r.json()["error"]["code"] == "device_correct_last_only"
    assert r.json()["error"]["message"].endswith("a phone corrects only the last hand (hand 2), not hand 1; "
                                                 "ask a referee")
    with db.reader() as s:
        assert [h.kind for h in queries.table_sheet(s, 1, 1).hands] == ["draw", "draw"]
    r = client.post("/api/hands", headers=h, json={**WIN, "hand": 2, "version": 2, "correction": {"reason": "x"}})
    assert r.status_code == 200 and r.json()["corrected"] is True
