"""Referee calls (the table's API, the desk's CLI and service) and the players' page without a token, on a
real SQLite file and on PostgreSQL (``MCR_TEST_POSTGRES_URL``)."""

from __future__ import annotations

import json
import re
import threading
import warnings
from collections.abc import Iterator

import pytest
from sqlalchemy import select

import texts
from db import Database
from db.commands.cli import main as cli_main
from db.errors import TournamentError
from db.formats.result_import import import_result_lines
from db.models import AuditLog, RefereeCall
from db.read import queries
from db.rules.profiles import Settlement
from db.service.calls import (
    call_referee,
    calls_indicator,
    calls_summary,
    list_calls,
    resolve_call,
    take_call,
)
from db.service.corrections import delete_penalty
from db.service.devices import DeviceLink, device_links, revoke_device
from db.service.outcomes import PenaltyInput
from db.service.public_page import set_public_settings
from db.service.results import record_penalty, sign_off
from db.service.seats import set_seating
from tests.db.helpers import ACTOR, make_tournament
from web.api.app import create_app
from web.public.page import search

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TEAMS = ["Red", "Blue", "Green", "Gold"] * 2


@pytest.fixture
def links(db: Database) -> dict[int, DeviceLink]:
    make_tournament(db, sessions=2, teams=TEAMS)  # session 1: table 1 = players 1-4, table 2 = 5-8
    with db.factory.begin() as s:
        return {link.table: link for link in device_links(s, 1, actor=ACTOR)}


@pytest.fixture
def client(db: Database, links: dict[int, DeviceLink]) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def auth(link: DeviceLink) -> dict[str, str]:
    return {"Authorization": f"Bearer {link.token}"}


def cli(db_url: str, *args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli_main(["--db", db_url, "--station", "desk", *args])
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------------------------------- calls

def test_a_call_its_take_and_its_resolve(db: Database, db_url: str, client: TestClient,
                                         links: dict[int, DeviceLink], capsys: pytest.CaptureFixture[str]) -> None:
    r = client.post("/api/calls", headers=auth(links[2]), json={"reason": "false_win", "note": "东家 claims 8 fans"})
    assert r.status_code == 201, r.text
    call = r.json()
    assert set(call) == {"id", "session", "table", "reason", "note", "status", "called_at"}
    assert (call["session"], call["table"], call["reason"], call["note"], call["status"]) == (
        1, 2, "false_win", "东家 claims 8 fans", "open")
    # a second call while this one waits: refused, so a double tap never sends two referees
    r = client.post("/api/calls", headers=auth(links[2]), json={"reason": "time"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "call_still_open"

    code, out, _ = cli(db_url, "calls", "--open", "--format", "json", capsys=capsys)
    rows = json.loads(out)
    assert code == 0 and [r["id"] for r in rows] == [call["id"]]
    assert {"id", "session", "table", "reason", "note", "status", "called_at", "taken_by", "ruling", "penalty_id",
            "hand"} <= set(rows[0])
    assert rows[0]["status"] == "open" and rows[0]["taken_by"] is None

    code, out, _ = cli(db_url, "calls", "take", str(call["id"]), "--referee", "Li Wei", capsys=capsys)
    assert code == 0
    mine = client.get("/api/calls", headers=auth(links[2])).json()
    assert [(c["id"], c["status"], c["taken_by"]) for c in mine] == [(call["id"], "taken", "Li Wei")]
    assert client.get("/api/calls", headers=auth(links[1])).json() == []  # another table sees none of it
    # a taken call cannot be cancelled by the table any more
    r = client.delete(f"/api/calls/{call['id']}", headers=auth(links[2]))
    assert r.status_code == 409 and r.json()["error"]["code"] == "call_not_open"

    with db.factory.begin() as s:
        pid = record_penalty(s, 1, 2, PenaltyInput("5", 30, Settlement.OTHERS, None, "false win", "false_win_wrong", 1),
                             actor=ACTOR)
    code, out, err = cli(db_url, "calls", "resolve", str(call["id"]), "--ruling", "false win: 30 to the others",
                         "--penalty", str(pid), "--hand", "1", capsys=capsys)
    assert code == 0, err
    code, out, _ = cli(db_url, "calls", "--format", "json", capsys=capsys)
    (row,) = json.loads(out)
    assert (row["status"], row["taken_by"], row["ruling"], row["penalty_id"], row["hand"]) == (
        "resolved", "Li Wei", "false win: 30 to the others", pid, 1)
    code, out, _ = cli(db_url, "calls", "--open", "--format", "json", capsys=capsys)
    assert json.loads(out) == []
    # resolving twice: refused, nothing changed
    code, _, err = cli(db_url, "calls", "resolve", str(call["id"]), "--ruling", "again", capsys=capsys)
    assert code == 1 and "already resolved" in err
    with db.reader() as s:
        actions = [a for a in s.scalars(select(AuditLog.action).where(AuditLog.action.like("call%")).order_by(AuditLog.id))]
        assert actions == ["call", "call_take", "call_resolve"]
        device = s.scalar(select(AuditLog).where(AuditLog.action == "call"))
        assert device is not None and device.station == "table 2 device"

    code, out, _ = cli(db_url, "calls", "--summary", "--format", "json", capsys=capsys)
    summary = json.loads(out)
    assert summary["calls"] == 1 and summary["per_table"] == [{"table": 2, "calls": 1}]
    assert summary["rulings"]["false_win"] == 1 and summary["rulings_with_penalty"] == 1
    assert summary["wait_s"]["count"] == 1 and summary["wait_s"]["worst"] >= 0


def test_a_stale_take_is_refused_naming_who_took_it(db: Database, client: TestClient, links: dict[int, DeviceLink],
                                                     db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    cid = client.post("/api/calls", headers=auth(links[1]), json={"reason": "dispute"}).json()["id"]
    # two referees at two stations press "take" at the same moment: one wins, the other is told who
    barrier = threading.Barrier(2)
    outcome: dict[str, str] = {}

    def take(name: str) -> None:
        barrier.wait()
        try:
            with db.factory.begin() as s:
                take_call(s, cid, name, actor=ACTOR)
            outcome[name] = "took"
        except TournamentError as exc:
            outcome[name] = exc.message
    threads = [threading.Thread(target=take, args=(n,)) for n in ("Anna", "Bruno")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winner = next(n for n, o in outcome.items() if o == "took")
    loser = next(n for n in outcome if n != winner)
    assert f"call {cid} was already taken by {winner}" in outcome[loser]
    with db.reader() as s:
        (row,) = s.scalars(select(RefereeCall)).all()
        assert row.taken_by == winner
        assert len(s.scalars(select(AuditLog).where(AuditLog.action == "call_take")).all()) == 1
    # the same referee again is a retry: no refusal, nothing new
    with db.factory.begin() as s:
        assert take_call(s, cid, winner, actor=ACTOR).taken_by == winner
    code, _, err = cli(db_url, "calls", "take", str(cid), "--referee", loser, capsys=capsys)
    assert code == 1 and f"already taken by {winner}" in err
    with db.reader() as s:
        ind = calls_indicator(s)
        assert (ind.open, ind.taken, ind.longest_wait_s) == (0, 1, None)


def test_cancel_bad_bodies_and_another_tables_call(db: Database, client: TestClient,
                                                   links: dict[int, DeviceLink]) -> None:
    h = auth(links[1])
    for body, code in (({"reason": "weather"}, "call_reason"), ({}, "call_reason"), ([1], "line_not_object"),
                       ({"reason": "other", "note": "x" * 201}, "text_too_long"),
                       ({"reason": "other", "table": 2}, "call_field")):
        r = client.post("/api/calls", headers=h, json=body)
        assert r.status_code == 422 and r.json()["error"]["code"] == code, (body, r.text)
    cid = client.post("/api/calls", headers=h, json={"reason": "tiles"}).json()["id"]
    r = client.delete(f"/api/calls/{cid}", headers=auth(links[2]))  # table 2 cannot touch table 1's call
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_call"
    # past the id column, 0, or too long for int() (4,300 digits): no call either, never a 500
    for bad in ("x", "99999", "-1", "0", str(2**31 - 1), str(2**31), str(10**30), "9" * 5000):
        r = client.delete(f"/api/calls/{bad}", headers=h)
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_call", r.text
    r = client.delete(f"/api/calls/{cid}", headers=h)
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    # a cancelled call cannot be taken; the table may call again
    with db.factory.begin() as s, pytest.raises(TournamentError, match="already cancelled"):
        take_call(s, cid, "Anna")
    assert client.post("/api/calls", headers=h, json={"reason": "time"}).status_code == 201
    with db.reader() as s:
        assert [c.status for c in list_calls(s)] == ["cancelled", "open"]
        assert calls_indicator(s).open == 1
        assert calls_summary(s)["by_status"] == {"open": 1, "taken": 0, "resolved": 0, "cancelled": 1}


def test_a_call_from_a_revoked_or_missing_token_is_refused(db: Database, client: TestClient,
                                                           links: dict[int, DeviceLink]) -> None:
    with db.factory.begin() as s:
        revoke_device(s, 1, 1, actor=ACTOR)
    for method, path in (("POST", "/api/calls"), ("GET", "/api/calls"), ("DELETE", "/api/calls/1")):
        body = json.dumps({"reason": "dispute"}) if method == "POST" else None
        r = client.request(method, path, headers=auth(links[1]), content=body)
        assert r.status_code == 403 and r.json()["error"]["code"] == "device_token_revoked", (method, path)
        r = client.request(method, path, content=body)
        assert r.status_code == 401 and r.json()["error"]["code"] == "device_token_missing"
    with db.reader() as s:
        assert list_calls(s) == []


def test_resolve_checks_the_penalty_is_the_calls_table(db: Database, links: dict[int, DeviceLink]) -> None:
    with db.factory.begin() as s:
        call = call_referee(s, 1, 1, "other", actor=ACTOR)
        pid = record_penalty(s, 1, 2, PenaltyInput("5", 10, Settlement.DEDUCTED, None, "late", "lateness", 1),
                             actor=ACTOR)
    with db.factory.begin() as s, pytest.raises(TournamentError, match="not at the call's table"):
        resolve_call(s, call.id, "late", penalty=pid, actor=ACTOR)
    with db.factory.begin() as s:  # an untaken call closed at once: the resolver took it
        done = resolve_call(s, call.id, "no ruling needed", actor=ACTOR)
    assert (done.status, done.taken_by) == ("resolved", ACTOR.referee)



def test_deleting_a_rulings_penalty_clears_the_number_the_call_kept(db: Database, links: dict[int, DeviceLink]) -> None:
    """The call keeps its penalty's number without a foreign key; deleting the penalty forgets the number
    (in the deletion's audit entry), so a later penalty given the same id (SQLite reuses it) is not
    printed as this ruling's."""
    with db.factory.begin() as s:
        call = call_referee(s, 1, 2, "other", actor=ACTOR)
        other = call_referee(s, 1, 1, "time", actor=ACTOR)
        pid = record_penalty(s, 1, 2, PenaltyInput("5", 10, Settlement.DEDUCTED, None, "late", "lateness", 1),
                             actor=ACTOR)
        resolve_call(s, call.id, "late", penalty=pid, actor=ACTOR)
        resolve_call(s, other.id, "no penalty", actor=ACTOR)
    with db.factory.begin() as s:
        delete_penalty(s, pid, "entered twice", actor=ACTOR)
    with db.factory.begin() as s:
        record_penalty(s, 1, 1, PenaltyInput("1", 10, Settlement.DEDUCTED, None, "late", "lateness", 1), actor=ACTOR)
        rows = {c.id: c for c in s.scalars(select(RefereeCall))}
        entry = s.scalars(select(AuditLog).where(AuditLog.action == "delete").order_by(AuditLog.id)).all()[-1]
    assert (rows[call.id].penalty_id, rows[call.id].ruling, rows[call.id].status) == (None, "late", "resolved")
    assert entry.before is not None
    assert json.loads(entry.before)["calls"] == [call.id]
    with db.factory.begin() as s:  # a penalty no ruling names is deleted as before, its entry unchanged
        pid2 = record_penalty(s, 1, 1, PenaltyInput("2", 5, Settlement.DEDUCTED, None, "late", "lateness", 1),
                              actor=ACTOR)
        delete_penalty(s, pid2, "entered twice", actor=ACTOR)
        entry = s.scalars(select(AuditLog).where(AuditLog.action == "delete").order_by(AuditLog.id)).all()[-1]
        assert entry.before is not None
        assert "calls" not in json.loads(entry.before)


# ------------------------------------------------------------------------------------ players' page

WHERE = re.compile(r'<div class="where"><span class="s">Session (\d+)</span><span class="t">Table <b>(\d+)</b>'
                   r'</span><span class="w">(\w+)</span>')


def _standings_rows(page: str) -> list[tuple[int, str, str, str]]:
    """(rank, number, table points, match points) of each row of the page's standings table."""
    table = page.split('<table class="standings">', 1)[1].split("</table>", 1)[0]
    return [(int(rank), number, tp, mp) for rank, number, tp, mp in re.findall(
        r'<tr><td class="n">(\d+)</td><td><a href="/p/([^"]+)">.*?</td><td class="n">([^<]*)</td>'
        r'<td class="n">([^<]*)</td></tr>', table)]


def test_the_public_page_needs_no_token_and_every_write_is_refused(db: Database, client: TestClient,
                                                                   links: dict[int, DeviceLink]) -> None:
    import_result_lines(db, json.dumps({"session": 1, "table": 1, "type": "win", "hand": 1, "winner": "1",
                                        "discarder": "2", "fan": 24}), "f", actor=ACTOR)
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    assert "Player 1" in page and "Red" in page and "Teams" in page
    assert links[1].token not in page and links[2].token not in page and "test-referee" not in page
    r = client.get("/p/1", headers={"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"})
    assert r.status_code == 200 and "你的座位" in r.text and "和牌（1 盘）" in r.text
    assert client.get("/p/999").status_code == 404
    found = client.get("/", params={"q": "player 3"}).text
    assert 'href="/p/3"' in found.split('<ul class="found">', 1)[1].split("</ul>", 1)[0]
    # nothing without a token writes, or reads a table
    for method, path, body in (("POST", "/api/hands", {"type": "draw", "hand": 2}), ("POST", "/api/score", {}),
                               ("POST", "/api/calls", {"reason": "time"}), ("DELETE", "/api/calls/1", None),
                               ("GET", "/api/table", None), ("GET", "/api/calls", None)):
        r = client.request(method, path, content=None if body is None else json.dumps(body))
        assert r.status_code == 401, (method, path)
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        assert client.request(method, "/").status_code == 405
        assert client.request(method, "/p/1").status_code == 405
    assert hands_recorded(db) == 1
    # switched off: the page says so, and shows nothing
    with db.factory.begin() as s:
        set_public_settings(s, enabled=False, actor=ACTOR)
    r = client.get("/")
    assert r.status_code == 404 and "Player 1" not in r.text
    assert client.get("/p/1").status_code == 404


def hands_recorded(db: Database) -> int:
    with db.reader() as s:
        return len(queries.results(s))


def test_hidden_standings_are_really_hidden_until_the_end(db: Database, db_url: str, client: TestClient,
                                                         links: dict[int, DeviceLink],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    lines = [{"session": 1, "table": 1, "type": "win", "hand": 1, "winner": "1", "discarder": "2", "fan": 8},
             {"session": 1, "table": 2, "type": "win", "hand": 1, "winner": "5", "discarder": "6", "fan": 10}]
    import_result_lines(db, "\n".join(json.dumps(x) for x in lines), "f", actor=ACTOR)
    with db.factory.begin() as s:
        set_seating(s, 2, [["1", "6", "3", "8"], ["5", "2", "7", "4"]], actor=ACTOR)
    code, out, _ = cli(db_url, "settings", "--hide-standings-after", "1", capsys=capsys)
    assert code == 0 and json.loads(out)["hide_standings_after"] == 1 and json.loads(out)["public_page"] is True
    # session 2: player 6 wins a big hand, which would lift them to the top
    import_result_lines(db, json.dumps({"session": 2, "table": 1, "type": "win", "hand": 1, "winner": "6",
                                        "discarder": "1", "fan": 88}), "f", actor=ACTOR)
    with db.reader() as s:
        after_1 = [(r.rank, r.number) for r in queries.standings(s, after=1)]
        live = [(r.rank, r.number) for r in queries.standings(s)]
    assert after_1 != live
    page = client.get("/").text
    assert [(r, n) for r, n, _tp, _mp in _standings_rows(page)] == after_1
    assert "Standings after session 1" in page and "+352" not in page
    p6 = client.get("/p/6").text
    assert "88" not in p6 and "Hands won (0)" in p6
    assert WHERE.search(p6).groups() == ("2", "1", "South")  # type: ignore[union-attr]  # find-your-table stays
    zh = client.get("/", headers={"Accept-Language": "zh"}).text
    assert [(r, n) for r, n, _tp, _mp in _standings_rows(zh)] == after_1
    assert '<nav aria-label="比赛页面">' in zh and '<nav aria-label="Pages of the event">' in page  # screen readers
    # the page's refresh: an unchanged page is 304 with its marker, a changed one is drawn again
    etag = client.get("/").headers["etag"]
    assert client.get("/", headers={"If-None-Match": etag}).status_code == 304
    # no JSON without a token carries any standings
    for path in ("/api/table", "/api/calls", "/standings.json", "/api/standings"):
        assert client.get(path).status_code in (401, 404, 405)
    # the end of the tournament (every table of the last session signed off): live again
    with db.factory.begin() as s:
        sign_off(s, 2, 1, reason="ended early", actor=ACTOR)  # a short sheet is signed off with a reason
        sign_off(s, 2, 2, reason="ended early", actor=ACTOR)
    assert client.get("/", headers={"If-None-Match": etag}).status_code == 200
    page = client.get("/").text
    assert [(r, n) for r, n, _tp, _mp in _standings_rows(page)] == live and "88" in client.get("/p/6").text
    code, out, _ = cli(db_url, "settings", "--hide-standings-after", "0", "--public-page", "off", capsys=capsys)
    assert json.loads(out)["hide_standings_after"] is None and json.loads(out)["public_page"] is False


def test_the_players_table_is_the_session_in_play_or_the_next(db: Database, client: TestClient,
                                                              links: dict[int, DeviceLink]) -> None:
    with db.factory.begin() as s:
        set_seating(s, 2, [["1", "6", "3", "8"], ["5", "2", "7", "4"]], actor=ACTOR)
    assert WHERE.search(client.get("/p/5").text).groups() == ("1", "2", "East")  # type: ignore[union-attr]
    with db.factory.begin() as s:
        sign_off(s, 1, 2, reason="ended early", actor=ACTOR)  # table 2's session is over: its players see their next table
    assert WHERE.search(client.get("/p/5").text).groups() == ("2", "2", "East")  # type: ignore[union-attr]
    assert WHERE.search(client.get("/p/1").text).groups() == ("1", "1", "East")  # type: ignore[union-attr]


def test_search_and_language_helpers() -> None:
    from db.read.views import PlayerView
    ps = [PlayerView("3", "Zoë Émile"), PlayerView("1", "张伟"), PlayerView("2", "章为"), PlayerView("10", "Li Na")]
    assert [p.number for p in search(ps, "zhang wei")] == ["1", "2"]  # pinyin order: 张伟 zhang wei, 章为 zhang wei
    assert [p.number for p in search(ps, "zoe")] == ["3"] and [p.number for p in search(ps, "EMILE")] == ["3"]
    assert [p.number for p in search(ps, "10")] == ["10"] and search(ps, "  ") == []
    language = texts.accept_language  # the one reading of Accept-Language (the players' page had its own)
    assert language("zh-TW,zh;q=0.9") == "zh" and language("de,en;q=0.5") == "en" and language("*") == "en"


def test_readers_of_a_file_from_before_the_calls_read_it_unchanged(tmp_path, capsys) -> None:
    """``report`` and the workbook (``export --format xlsx``) open a file read-only and never migrate it: a
    file of schema 0004 has no calls table, and they work without one (and leave the file as it was)."""
    import sqlite3

    from db.service.demo import create_demo
    from tests.db.helpers import take_back
    from web.cli import main as web_main

    path = tmp_path / "old.mcr"
    create_demo(path)
    take_back(path, "0004")
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    before = path.read_bytes()
    for argv in (["report", "penalties", "--session", "1", "-o", str(tmp_path / "p.pdf")],
                 ["export", str(tmp_path / "w.xlsx"), "--format", "xlsx"]):
        assert web_main(["--db", str(path), *argv]) == 0, capsys.readouterr().err
    assert path.read_bytes() == before


def test_rulings_print_in_the_penalty_record_and_show_on_the_websites_table_page(tmp_path, capsys) -> None:
    from db.service.demo import create_demo
    from db.storage.store import open_database
    from tests.reports.conftest import pages_text
    from web.cli import main as web_main

    path = tmp_path / "demo.mcr"
    create_demo(path)
    with open_database(path) as db, db.factory.begin() as s:
        c = call_referee(s, 1, 2, "false_win", "private note from the table", actor=ACTOR)
        take_call(s, c.id, "Ref Okafor")
        resolve_call(s, c.id, "no false win: 8 fans with the flowers 8番成立", hand=3, actor=ACTOR)
        call_referee(s, 1, 1, "time", None, actor=ACTOR)  # still open: no ruling to print
    pdf = tmp_path / "p.pdf"
    assert web_main(["--db", str(path), "report", "penalties", "--session", "1", "-o", str(pdf)]) == 0
    text = " ".join(pages_text(pdf.read_bytes()))
    assert "Rulings on the tables' calls" in text and "8番成立" in text and "Ref Okafor" in text
    assert "private note" not in text
    assert web_main(["--db", str(path), "publish", "-o", str(tmp_path / "site")]) == 0
    page = (tmp_path / "site" / "tables" / "1-2.html").read_text(encoding="utf-8")
    assert "Rulings" in page and "no false win: 8 fans with the flowers 8番成立" in page
    assert "private note" not in page and "Ref Okafor" not in page
    assert "Rulings" not in (tmp_path / "site" / "tables" / "1-1.html").read_text(encoding="utf-8")


def test_the_printed_seating_carries_the_players_page_address(tmp_path) -> None:
    from db.service.demo import create_demo
    from tests.reports.conftest import pages_text
    from web.cli import main as web_main

    path = tmp_path / "demo.mcr"
    create_demo(path)
    with_qr, without = tmp_path / "qr.pdf", tmp_path / "plain.pdf"
    assert web_main(["--db", str(path), "report", "seating", "--session", "1", "-o", str(with_qr),
                     "--base-url", "http://192.168.1.20:8765/"]) == 0
    assert web_main(["--db", str(path), "report", "seating", "--session", "1", "-o", str(without)]) == 0
    wall = pages_text(with_qr.read_bytes())[-1]
    assert "http://192.168.1.20:8765/" in wall and "手机查座位、排名与成绩" in wall
    assert "http://" not in " ".join(pages_text(without.read_bytes()))
    assert web_main(["--db", str(path), "report", "seating", "--session", "1", "-o", str(without),
                     "--base-url", "192.168.1.20"]) == 1  # not an address: refused, as for the score sheets


def test_two_phones_of_one_table_calling_at_once_make_one_call(db: Database, links: dict[int, DeviceLink]) -> None:
    barrier = threading.Barrier(2)
    outcome: list[str] = []

    def phone() -> None:
        barrier.wait()
        try:
            with db.factory.begin() as s:
                call_referee(s, 1, 1, "dispute", actor=ACTOR)
            outcome.append("called")
        except TournamentError as exc:
            outcome.append(exc.code)
    threads = [threading.Thread(target=phone) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcome) == ["call_still_open", "called"]
    with db.reader() as s:
        assert len(list_calls(s)) == 1


def test_the_calls_refusals_follow_the_phones_language(client: TestClient, links: dict[int, DeviceLink]) -> None:
    """Every API answer speaks the phone's language (calls.js sends Accept-Language): reading the calls and
    cancelling one as well as posting one; the code stays the same."""
    missing = "没有桌位链接：请打开裁判给本桌的链接。"
    for method, path in (("GET", "/api/calls"), ("DELETE", "/api/calls/1"), ("POST", "/api/calls")):
        r = client.request(method, path, headers={"Accept-Language": "zh"})
        assert r.status_code == 401 and r.json()["error"] == {"code": "device_token_missing", "message": missing}
    r = client.delete("/api/calls/99999", headers={**auth(links[1]), "Accept-Language": "zh-CN"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_call"
    assert r.json()["error"]["message"] != client.delete("/api/calls/99999", headers=auth(links[1])).json()["error"]["message"]


def test_a_substitutes_page_says_they_are_not_ranked(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A walk-through: 赵敏's page (a substitute, +60 in session 1) showed no rank and no reason why."""
    from db.storage.store import open_database
    from tests.substitutes_event import seated_with_substitutes

    path = seated_with_substitutes(tmp_path)
    with open_database(path) as db, TestClient(create_app(db)) as c:
        import_result_lines(db, json.dumps({"session": 1, "table": 1, "type": "win", "hand": 1, "winner": "5",
                                            "discarder": "1", "fan": 8}), "f", actor=ACTOR)
        page = c.get("/p/5").text
        assert "<dt>Substitute</dt><dd>not ranked</dd>" in page and "<dt>Rank</dt>" not in page
        assert "<dt>替补</dt><dd>不参加排名</dd>" in c.get("/p/5", headers={"Accept-Language": "zh-CN"}).text
        assert "<dt>Substitute</dt>" not in c.get("/p/1").text
