"""4xx, never 500: bodies that broke the server, a query number read before the token, the
PostgreSQL server going away under a running server (503), and every field of both write calls fuzzed."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.engine import make_url

from db import Database, open_database
from db.service.devices import DeviceLink, device_links
from tests.db.helpers import ACTOR, make_tournament
from tests.web.api.test_api import auth, hands_at
from web.api.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture
def table1(db: Database) -> DeviceLink:
    make_tournament(db)  # session 1: table 1 = players 1-4, table 2 = 5-8
    with db.factory.begin() as s:
        return device_links(s, 1, actor=ACTOR)[0]


@pytest.fixture
def client(db: Database, table1: DeviceLink) -> Iterator[TestClient]:
    with TestClient(create_app(db), raise_server_exceptions=False) as c:
        yield c


def refusal(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code and err["message"], err
    return dict(err)


@pytest.mark.parametrize("path", ["/api/score", "/api/hands"])
def test_bodies_that_gave_500_are_refused_with_422(client: TestClient, table1: DeviceLink, db: Database,
                                                   path: str) -> None:
    # a lone surrogate as a key: its refusal names it, escaped (it is not UTF-8)
    r = client.post(path, headers=auth(table1), content=b'{"type": "draw", "hand": 1, "\\ud800": 1}')
    err = refusal(r, 422, "unknown_field")
    assert err["field"] == "\ud800" and r.content.isascii()
    # an unhashable type
    r = client.post(path, headers=auth(table1), json={"type": ["x"], "hand": 1})
    refusal(r, 422, "unknown_line_type")
    assert hands_at(db, 1) == 0


def test_the_token_is_checked_before_the_query_is_read(client: TestClient, table1: DeviceLink) -> None:
    long = "1" * 5000  # int() of it raises "Exceeds the limit (4300 digits)"
    refusal(client.get(f"/api/table?session={long}"), 401, "device_token_missing")
    refusal(client.get(f"/api/table?table=x&session={long}", headers=auth("nope" * 8)), 401,
            "device_token_unknown")
    refusal(client.get(f"/api/table?session={long}", headers=auth(table1)), 403, "device_other_table")
    refusal(client.get("/api/table?session=x", headers=auth(table1)), 422, "not_a_whole_number")
    assert client.get("/api/table?session=0001&table=1", headers=auth(table1)).status_code == 200


class _Proxy:
    """A TCP relay to the PostgreSQL server; ``cut()`` ends it and every connection through it, as a
    server that went down (the real server itself is shared and stays up)."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for sock in (src, dst):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with contextlib.suppress(OSError):  # wakes the accept() under way (a close alone leaves it listening)
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        with self.lock:
            for sock in self.open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_postgresql_going_down_is_503_server_unavailable(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    from web.limits.guard import RATE_LIMIT, guard_logging

    guard_logging(60)
    RATE_LIMIT.reset()  # earlier tests' lines do not count
    caplog.set_level(logging.WARNING, logger="web")
    url = make_url(db_url)
    proxy = _Proxy(url.host or "127.0.0.1", url.port or 5432)
    db = open_database(url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False),
                       create=True)
    try:
        make_tournament(db)
        with db.factory.begin() as s:
            link = device_links(s, 1, actor=ACTOR)[0]
        with TestClient(create_app(db), raise_server_exceptions=False) as client:
            assert client.get("/api/table", headers=auth(link)).status_code == 200
            proxy.cut()
            refusal(client.get("/api/table", headers=auth(link)), 503, "server_unavailable")
            body = {"type": "draw", "hand": 1}
            refusal(client.post("/api/hands", headers=auth(link), json=body), 503, "server_unavailable")
            err = refusal(client.post("/api/score", headers=auth(link), json=body), 503, "server_unavailable")
            assert f":{url.password}@" not in err["message"] and ":***@" in err["message"]  # no password shown
        # and the organiser is told: one log line for the three refusals (serve prints it on the console)
        said = [r for r in caplog.records if r.name == "web" and "server_unavailable" in r.getMessage()]
        assert len(said) == 1 and said[0].getMessage().startswith("the tables cannot record: server_unavailable: ")
        # the players' page (no token) says the same with a 503, never a 500 and a traceback per poll
        caplog.clear()
        with TestClient(create_app(db), raise_server_exceptions=False) as client:
            for path in ("/", "/p/1"):
                page = client.get(path)
                assert page.status_code == 503 and page.headers["retry-after"] == "5", (path, page.text)
        assert not [r for r in caplog.records if r.exc_info], "no traceback"
    finally:
        proxy.cut()
        db.engine.dispose()


# ------------------------------------------------------------------------------------------------ fuzzing

FIELDS = ["type", "hand", "winner", "discarder", "self_drawn", "fan", "flowers", "notation", "fourth_tile",
          "kong_related", "last_tile_of_wall", "version", "request_id", "session", "table", "kind", "player",
          "points", "settlement", "to", "reason"]
BASES: list[dict[str, Any]] = [
    {"type": "win", "hand": 1, "winner": "1", "discarder": "2", "fan": 8},
    {"type": "win", "hand": 1, "winner": "1", "discarder": "2", "notation": "[789m2][777s3][234s3]89sEE7s"},
    {"type": "win", "hand": 1, "winner": "3", "self_drawn": True, "notation": "123456789m123p55s", "flowers": 2},
    {"type": "draw", "hand": 1, "version": 0, "request_id": "r1"},
    {"type": "penalty", "kind": "false_win_wrong", "hand": 1, "player": "2", "points": 30, "settlement": "others"},
]
text = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)  # lone surrogates included
scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-10**40, max_value=10**40)
           | st.floats() | text | st.sampled_from(["1", "2", "9", "E", "win", "draw", "penalty", "others", ""]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(text | st.sampled_from(FIELDS), inner, max_size=3), max_leaves=6)


@st.composite
def bodies(draw: st.DrawFn) -> dict[str, Any]:
    body = dict(draw(st.sampled_from(BASES)))
    for name in draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=4, unique=True)):
        if draw(st.booleans()) or name in body:
            body[name] = draw(values)
        if draw(st.integers(0, 5)) == 0:
            body.pop(name, None)
    if draw(st.integers(0, 4)) == 0:
        body[draw(text)] = draw(values)
    return body


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies(), path=st.sampled_from(["/api/score", "/api/hands"]))
def test_no_field_of_a_write_call_gives_500(client: TestClient, table1: DeviceLink, body: dict[str, Any],
                                            path: str) -> None:
    raw = json.dumps(body, ensure_ascii=True)  # surrogates as \\ud800 escapes, NaN and Infinity as JSON5 does
    r = client.post(path, headers=auth(table1), content=raw.encode("ascii"))
    assert r.status_code < 500, (path, raw, r.text)
    answer = r.json()
    if r.status_code >= 400:
        assert set(answer["error"]) >= {"code", "message"}, answer
