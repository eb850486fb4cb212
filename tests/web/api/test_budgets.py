"""Budgets on the venue's network (docs/web.md "Budgets"): per client address on the players' page
and its files, per table token on calling and cancelling a referee; refusals are 429 with the catalogue's
words and ``Retry-After``.

The floods are real: ``mcr-tournament serve`` in its own process, the stranger's 32 connections from another
loopback address (127.0.0.2) in a process of their own, everything bounded by counts and seconds; the figures
are printed, only counts are asserted (``benchmarks/bench_budgets.py`` measures the times).
"""

from __future__ import annotations

import argparse
import math
import socket
import sqlite3
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from db import Database, open_database
from db.service.audit import Actor
from db.service.calls import call_referee, cancel_call, list_calls
from db.service.devices import device_links
from db.service.players import PlayerInput, import_players
from db.service.seats import seat_session
from db.service.tournament import create_tournament
from tests.web.api.test_hostile import serve_process
from tests.web.lan_clients import STRANGER, Phone, flood_result, other_address_works, start_flood
from web.api.app import create_app
from web.limits.budgets import Bucket, Budget, Budgets, client_address, open_kind, take
from web.limits.guard import PARKED, Limits
from web.public.page import READ_COST, Cache

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ACTOR = Actor("test", "test")
PLAYERS = 400  # a players' page of some weight (the probe's was 1,000 players)


def make_event(path: Path, players: int = PLAYERS) -> list[str]:
    """A tournament with session 1 seated; its tables' tokens, table 1 first."""
    with open_database(path, create=True) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Budgets", "cmr1998", sessions=2, actor=ACTOR)
            import_players(s, [PlayerInput(str(i), f"Player {i}") for i in range(1, players + 1)], ACTOR)
            seat_session(s, 1, seed=1, actor=ACTOR)
        with db.factory.begin() as s:
            return [link.token for link in device_links(s, 1, actor=ACTOR)]


@pytest.fixture
def event(tmp_path: Path) -> tuple[Path, list[str]]:
    path = tmp_path / "e.mcr"
    return path, make_event(path)


@pytest.fixture
def small(tmp_path: Path) -> Iterator[tuple[Database, list[str]]]:
    path = tmp_path / "s.mcr"
    tokens = make_event(path, players=16)
    with open_database(path) as db:
        yield db, tokens


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# ------------------------------------------------------------------------------------------------ the bucket

def test_a_bucket_lets_its_burst_through_then_one_request_per_refill() -> None:
    budget = Budget(rate=2.0, burst=3)
    bucket, waits = None, []
    for _ in range(4):
        bucket, wait = take(bucket, budget, 100.0)
        waits.append(wait)
    assert waits == [0.0, 0.0, 0.0, 0.5]  # the fourth at once waits half a second (2 a second)
    bucket, wait = take(bucket, budget, 100.5)
    assert wait == 0.0 and bucket.tokens == pytest.approx(0.0)
    assert take(Bucket(0.0, 100.0), budget, 200.0)[0].tokens == 2.0  # refilled to the burst, never beyond


def test_budgets_count_requests_in_progress_and_forget_idle_keys_first() -> None:
    now = [0.0]
    budgets = Budgets(Budget(rate=1.0, burst=10, at_once=2), clock=lambda: now[0], max_keys=3)
    assert budgets.admit("a") == 0.0 and budgets.admit("a") == 0.0
    assert budgets.admit("a") > 0  # two in progress already
    budgets.done("a")
    assert budgets.admit("a") == 0.0
    for key in ("b", "c", "d", "e"):  # "a" is busy: kept; the idle ones make room
        assert budgets.admit(key) == 0.0
        budgets.done(key)
    assert len(budgets) == 3 and budgets.admit("a") > 0


def test_requests_are_budgeted_by_the_sockets_address_and_their_kind() -> None:
    assert client_address({"client": ("::ffff:192.168.1.7", 5000)}) == "192.168.1.7"
    assert client_address({"client": ("fe80::1", 5000)}) == "fe80::1"
    assert client_address({"client": None}) == ""
    assert [open_kind(p) for p in ("/", "/p/12", "/static/public.js", "/t/abc", "/api/table", "/api/texts", "/x")] == \
        ["page", "page", "file", "file", "other", "other", "other"]
    assert [open_kind(p, token=True) for p in ("/", "/static/public.js", "/api/table", "/api/calls")] == \
        ["page", "file", None, None]


# ----------------------------------------------------------------------------------- refusals, in words

def test_an_address_past_its_page_budget_gets_429_in_its_language_and_another_address_is_served(
        small: tuple[Database, list[str]]) -> None:
    db, _ = small
    # the first page reads the whole model (READ_COST), the next two come from the cache
    limits = Limits(page_budget=Budget(rate=0.01, burst=READ_COST + 2, at_once=4), file_budget=Budget(rate=0.01, burst=2),
                    refusal_delay=0)
    app = create_app(db, limits=limits)
    with TestClient(app, client=("192.168.1.50", 4000)) as stranger, \
            TestClient(app, client=("192.168.1.7", 4000)) as phone:
        assert [stranger.get(p).status_code for p in ("/", "/p/1", "/")] == [200, 200, 200]
        r = stranger.get("/p/2", headers={"Accept-Language": "zh-CN,zh;q=0.9"})
        assert r.status_code == 429 and r.headers["retry-after"] == "100"
        assert r.text == "此设备的请求过多：请在 100 秒后再试。"
        r = stranger.get("/")
        assert (r.status_code, r.text) == (429, "too many requests from this device: try again in 100 s")
        assert r.headers["x-frame-options"] == "DENY"  # the server's headers on a refusal too
        assert [stranger.get("/static/public.js").status_code for _ in range(3)] == [200, 200, 429]
        assert phone.get("/").status_code == 200 and phone.get("/p/1").status_code == 200
        # the tables' API is the tokens' business, not the address's pages'
        assert stranger.get("/api/texts").status_code == 200


def test_a_table_past_its_calls_budget_gets_429_and_its_double_call_is_still_409(
        small: tuple[Database, list[str]]) -> None:
    db, tokens = small
    app = create_app(db, limits=Limits(calls_budget=Budget(rate=0.01, burst=4), refusal_delay=0))
    with TestClient(app) as client:
        h = auth(tokens[0])
        first = client.post("/api/calls", headers=h, json={"reason": "dispute"})
        assert first.status_code == 201
        again = client.post("/api/calls", headers=h, json={"reason": "time"})  # the existing contract
        assert again.status_code == 409 and again.json()["error"]["code"] == "call_still_open"
        assert client.delete(f"/api/calls/{first.json()['id']}", headers=h).status_code == 200
        assert client.post("/api/calls", headers=h, json={"reason": "time"}).status_code == 201  # the 4th
        r = client.post("/api/calls", headers={**h, "Accept-Language": "zh"}, json={"reason": "time"})
        assert r.status_code == 429 and r.headers["retry-after"] == "100"
        assert r.json() == {"error": {"code": "calls_too_often",
                                      "message": "本桌呼叫或取消裁判过于频繁：请在 100 秒后再试，或举手示意裁判。"}}
        r = client.delete("/api/calls/1", headers=h)
        assert r.status_code == 429 and r.json()["error"]["message"] == (
            "this table called or cancelled a referee too often: try again in 100 s, or wave to a referee")
        # the table's other requests, and another table's calls, are not in its budget
        assert client.get("/api/calls", headers=h).status_code == 200
        assert client.get("/api/table", headers=h).status_code == 200
        assert client.post("/api/calls", headers=auth(tokens[1]), json={"reason": "time"}).status_code == 201
        # a token never checked takes no budget: 401 as before
        assert client.post("/api/calls", headers=auth("x" * 32), json={"reason": "time"}).status_code == 401
    with db.reader() as s:
        assert [(c.table, c.status) for c in list_calls(s)] == [(1, "cancelled"), (1, "open"), (2, "open")]


def test_a_refusal_is_answered_after_the_refusal_delay(small: tuple[Database, list[str]]) -> None:
    db, _ = small
    app = create_app(db, limits=Limits(page_budget=Budget(rate=0.01, burst=1), refusal_delay=0.5))
    with TestClient(app) as client:
        assert client.get("/").status_code == 200
        start = time.monotonic()
        assert client.get("/").status_code == 429
        assert time.monotonic() - start >= 0.5


# ---------------------------------------------------------------------------------- floods, real serve

def _a_stranger_floods_while_a_phone_reads(path: Path, seconds: float, connections: int, rounds: int,
                                           *where: str) -> tuple[Phone, dict[str, int], list[float]]:
    """A real ``serve``: a stranger's flood of the players' pages (or of ``where``) with ``connections`` for
    ``seconds``, and meanwhile a phone reading ``rounds`` times; (the phone, the flood's counts by status, the
    phone's latencies in ms, sorted). Skipped where the loopback has no second address."""
    with serve_process(path) as (_, port):
        if not other_address_works(port):
            pytest.skip(f"this system does not give {STRANGER} to the loopback (Linux does)")
        flood = start_flood("pages", str(port), str(seconds), str(connections), STRANGER, *where)
        time.sleep(1.5)  # its connections open and asking
        phone = Phone(port, rounds=rounds, pause=0.2).run()
        counts = flood_result(flood)
    return phone, counts, sorted(x * 1000 for x in phone.latencies)


def test_a_strangers_32_connections_on_the_players_page_leave_a_phone_served(event: tuple[Path, list[str]]) -> None:
    path, _ = event
    seconds, connections = 8.0, 32
    phone, counts, ms = _a_stranger_floods_while_a_phone_reads(path, seconds, connections, 15)
    print(f"\nstranger's {connections} connections for {seconds:g} s: {counts}; the phone: {dict(phone.statuses)}, "
          f"median {ms[len(ms) // 2]:.0f} ms, max {ms[-1]:.0f} ms")
    assert dict(phone.statuses) == {200: 30}  # no 503, no 429
    budget = Limits().page_budget
    assert counts.get("429", 0) > 0
    # the stranger's pages within its budget; its refusals one a second per connection (the refusal delay)
    assert counts.get("200", 0) <= budget.burst + budget.rate * (seconds + 1)
    assert counts.get("429", 0) <= connections * (seconds / Limits().refusal_delay + 1)


def test_ten_tables_looping_call_and_cancel_make_a_bounded_number_of_calls(event: tuple[Path, list[str]]) -> None:
    path, tokens = event
    seconds, flooders = 6.0, tokens[:10]

    def count(sql: str) -> int:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return int(con.execute(sql).fetchone()[0])
        finally:
            con.close()

    audit_before = count("SELECT count(*) FROM audit_log")
    with serve_process(path) as (_, port):
        counts = flood_result(start_flood("calls", str(port), str(seconds), ",".join(flooders)))
    calls, audit = count("SELECT count(*) FROM referee_calls"), count("SELECT count(*) FROM audit_log") - audit_before
    print(f"\n10 tokens looping call/cancel for {seconds:g} s: {counts}; {calls} calls, {audit} audit entries")
    budget = Limits().calls_budget
    per_token = budget.burst + math.ceil(budget.rate * (seconds + 5))  # its start and stop included
    assert counts.get("POST 429", 0) > 0
    assert audit <= len(flooders) * per_token  # one entry per call or cancellation, each from the budget
    assert calls <= len(flooders) * (per_token + 1) // 2


# ------------------------------------------------------------------------------ the page's shared read

def test_a_page_request_that_asked_before_the_kept_read_began_takes_that_read(
        small: tuple[Database, list[str]]) -> None:
    db, _ = small

    def change(reason: str) -> None:  # an audited change: the store's marker moves
        with db.factory.begin() as s:
            call_referee(s, 1, 1, reason, actor=ACTOR)
        with db.factory.begin() as s:
            cancel_call(s, 1, 1, list_calls(s)[-1].id, actor=ACTOR)

    cache = Cache(db)
    first, _ = cache.get(*cache.ask())
    change("time")
    before, asked = cache.ask(), cache.ask()
    change("dispute")  # the store moves on while they wait
    read, did = cache.get(*asked)
    assert did and read is not first and read.marker != asked[0]  # newer than it asked for
    assert cache.get(*before) == (read, False)  # it asked before that read began: no second read of the model
    change("other")
    assert cache.get(*cache.ask())[1]  # asked after it: a new read


def test_a_page_that_read_the_whole_model_again_costs_its_address_more(small: tuple[Database, list[str]]) -> None:
    db, _ = small
    app = create_app(db, limits=Limits(page_budget=Budget(rate=0.001, burst=READ_COST + 2), refusal_delay=0))
    with TestClient(app) as client:
        assert client.get("/").status_code == 200  # the first read: READ_COST
        assert [client.get("/p/1").status_code for _ in range(3)] == [200, 200, 429]  # from the cache: one each


# ------------------------------------------------------------------- the review's fixes

def test_an_addresss_connections_past_its_cap_close_its_oldest_idle_ones(event: tuple[Path, list[str]]) -> None:
    path, _ = event
    cap, extra = Limits().max_connections_per_address, 12
    with serve_process(path) as (_, port):
        if not other_address_works(port):
            pytest.skip(f"this system does not give {STRANGER} to the loopback (Linux does)")
        socks = []

        def connect() -> None:
            socks.append(socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(STRANGER, 0)))
            time.sleep(0.01)  # in order: the oldest are the first

        try:
            for _ in range(cap):  # idle: they never send a request
                connect()
            time.sleep(PARKED + 0.2)  # idle long enough to be parked, not between two requests
            for _ in range(extra):
                connect()
            time.sleep(0.5)

            def closed(s: socket.socket) -> bool:
                s.settimeout(0.05)
                try:
                    return s.recv(1) == b""
                except TimeoutError:
                    return False
                except OSError:
                    return True

            gone = [closed(s) for s in socks]
            # another address is not in the stranger's count
            assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200
        finally:
            for s in socks:
                s.close()
    assert gone == [True] * extra + [False] * cap  # the oldest made room; on the code before, none was closed


def test_a_strangers_200_connections_are_refused_at_the_refusal_delays_pace(event: tuple[Path, list[str]]) -> None:
    path, _ = event
    seconds, connections = 6.0, 200
    phone, counts, ms = _a_stranger_floods_while_a_phone_reads(path, seconds, connections, 10)
    print(f"\nstranger's {connections} connections for {seconds:g} s: {counts}; the phone: {dict(phone.statuses)}, "
          f"median {ms[len(ms) // 2]:.0f} ms, p95 {ms[round(0.95 * (len(ms) - 1))]:.0f} ms, max {ms[-1]:.0f} ms")
    assert dict(phone.statuses) == {200: 20}
    limits = Limits()
    # at most the address's cap of connections wait for their refusals at once, each one a second, and each
    # connection waiting for a place gets its one answer once the flood stops: the code before answered the
    # refusals past 64 at once (thousands in these seconds)
    cap = limits.max_connections_per_address
    assert counts.get("429", 0) <= cap * (seconds / limits.refusal_delay + 1) + (connections - cap)


def test_a_strangers_flood_of_a_path_no_budget_named_is_refused_too(event: tuple[Path, list[str]]) -> None:
    path, _ = event
    seconds, connections = 6.0, 32
    phone, counts, ms = _a_stranger_floods_while_a_phone_reads(path, seconds, connections, 10, "/nope")
    print(f"\nstranger's {connections} connections on /nope for {seconds:g} s: {counts}; the phone: "
          f"{dict(phone.statuses)}, median {ms[len(ms) // 2]:.0f} ms, max {ms[-1]:.0f} ms")
    assert dict(phone.statuses) == {200: 20}
    budget = Limits().other_budget
    assert counts.get("429", 0) > 0
    assert counts.get("404", 0) <= budget.burst + budget.rate * (seconds + 1)  # the code before: thousands


def test_requests_without_a_token_outside_the_pages_spend_the_other_budget(small: tuple[Database, list[str]]) -> None:
    db, tokens = small
    app = create_app(db, limits=Limits(other_budget=Budget(rate=0.01, burst=3), refusal_delay=0))
    with TestClient(app, client=("192.168.1.50", 4000)) as stranger, \
            TestClient(app, client=("192.168.1.7", 4000)) as phone:
        assert [stranger.get(p).status_code for p in ("/nope", "/api/texts", "/api/table")] == [404, 200, 401]
        r = stranger.get("/nope")
        assert (r.status_code, r.headers["retry-after"]) == (429, "100")
        r = stranger.get("/api/texts", headers={"Accept-Language": "zh"})  # the API's JSON, in its language
        assert r.status_code == 429 and r.json() == {"error": {"code": "too_many_requests",
                                                               "message": "此设备的请求过多：请在 100 秒后再试。"}}
        # a table's requests (its token) are not the address's business; the pages have their own budgets
        assert stranger.get("/api/table", headers=auth(tokens[0])).status_code == 200
        assert stranger.get("/api/calls", headers=auth(tokens[0])).status_code == 200
        assert stranger.get("/").status_code == 200 and stranger.get(f"/t/{tokens[0]}").status_code == 200
        assert phone.get("/api/texts").status_code == 200  # another address


def refusals_behind_one_address(budget: Budget, phones: int, *, period: float = 5.0, marker_every: float | None = 1.0,
                                seconds: float = 600.0) -> int:
    """The page requests refused when ``phones`` behind one address each ask every ``period`` seconds, evenly
    spread, for ``seconds``, the results moving every ``marker_every`` seconds (None: never): the first request
    after a move reads the whole model (READ_COST), the others come from the cache (one each)."""
    now = [0.0]
    budgets = Budgets(budget, clock=lambda: now[0])
    asks = sorted(i * period / phones + k * period for i in range(phones) for k in range(int(seconds / period)))
    last_read, refused = -1.0, 0
    for at in asks:
        now[0] = at
        if budgets.admit("nat"):
            refused += 1
            continue
        moved = 0.0 if marker_every is None else at // marker_every * marker_every
        read = moved > last_read
        last_read = at if read else last_read
        budgets.done("nat", READ_COST - 1 if read else 0.0)
    return refused


def test_the_page_budget_serves_40_phones_behind_one_address_refreshing_every_5_s() -> None:
    budget = Limits().page_budget
    most = max(n for n in range(1, 121) if refusals_behind_one_address(budget, n) == 0)
    still = max(n for n in range(1, 121) if refusals_behind_one_address(budget, n, marker_every=None) == 0)
    print(f"\nphones behind one address, each every 5 s, for 10 min: {most} with the results moving every second, "
          f"{still} without")
    assert most >= 40 and still >= 40  # the code before: 2 and 10 (2 a second; a read cost 5)
    assert refusals_behind_one_address(budget, 80) > 0  # the budget still ends somewhere


def test_serve_takes_the_page_rate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from web.cli import main, serve_limits

    parse = argparse.ArgumentParser()
    parse.add_argument("--page-rate", type=float)
    assert serve_limits(parse.parse_args([])) == Limits()
    assert serve_limits(parse.parse_args(["--page-rate", "25"])).page_budget == Budget(rate=25.0, burst=250, at_once=4)
    assert serve_limits(parse.parse_args(["--page-rate", "1"])).page_budget == Budget(rate=1.0, burst=100, at_once=4)
    with pytest.raises(SystemExit) as stop:
        main(["--db", str(tmp_path / "x.mcr"), "serve", "--page-rate", "0"])
    assert stop.value.code == 2
    assert "a number of pages a second above 0 (at most 10000): '0'" in capsys.readouterr().err


def test_an_address_past_its_reads_gets_the_page_of_the_last_read(small: tuple[Database, list[str]]) -> None:
    db, _ = small
    app = create_app(db, limits=Limits(read_budget=Budget(rate=0.001, burst=1), refusal_delay=0))

    def change() -> None:  # an audited change: the store's marker moves, the next page must read again
        with db.factory.begin() as s:
            call_referee(s, 1, 1, "time", actor=ACTOR)

    with TestClient(app, client=("192.168.1.50", 4000)) as stranger, \
            TestClient(app, client=("192.168.1.7", 4000)) as phone:
        first = stranger.get("/")  # its one read
        change()
        again = stranger.get("/")
        assert again.status_code == 200 and again.headers["etag"] == first.headers["etag"]  # the last read, older
        fresh = phone.get("/")  # another address reads
        assert fresh.status_code == 200 and fresh.headers["etag"] != first.headers["etag"]
        assert stranger.get("/").headers["etag"] == fresh.headers["etag"]  # the newer read, kept, is everyone's
