"""The server as a program: binding before anything is printed, no console
needed, the page's files typed whatever the system's table says, the QR codes' address, the console lines of
``serve``, and no traceback when a phone drops mid-upload."""

from __future__ import annotations

import contextlib
import logging
import mimetypes
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.types import Message

from db import Database, open_database
from db.service.devices import device_links
from tests.web.test_cli import ROOT, _free_port
from web.api.server import BackgroundServer, ListenError, addresses, default_route_ip, listen


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[Database]:
    from web.cli import main

    path = tmp_path / "d.mcr"
    assert main(["--db", str(path), "demo"]) == 0
    with open_database(path) as db:
        yield db


def token_of(db: Database) -> str:
    with db.factory.begin() as s:
        return device_links(s, 2)[0].token


def test_a_background_server_starts_without_stdout_and_stderr(demo: Database) -> None:
    """The windowed Windows app has sys.stdout = sys.stderr = None: uvicorn's default logging configuration
    then fails ("Unable to configure formatter 'default'"); the server must not need a console."""
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = None  # type: ignore[assignment]
    try:
        server = BackgroundServer(demo).start()
        try:
            r = httpx.get(f"{server.url}/api/table", headers={"Authorization": f"Bearer {token_of(demo)}"})
            assert r.status_code == 200
            logging.getLogger("uvicorn.error").warning("a line with nowhere to go")  # and no crash for it
        finally:
            server.stop()
    finally:
        sys.stdout, sys.stderr = saved


def test_a_port_in_use_is_refused_with_its_reason_before_anything_starts(demo: Database) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ListenError, match=f"cannot listen on 127.0.0.1:{port}: "):
            BackgroundServer(demo, port=port).start()
    with pytest.raises(ListenError, match="port 99999 is not a port number"):
        listen("127.0.0.1", 99999)


def test_the_page_s_files_have_their_types_whatever_the_system_s_table_says(demo: Database) -> None:
    """On Windows the registry often maps .js to text/plain; browsers refuse such a script under nosniff."""
    saved = {ext: mimetypes.types_map.get(ext) for ext in (".js", ".css", ".svg")}
    for ext in saved:
        mimetypes.add_type("text/plain", ext)
    try:
        with BackgroundServer(demo) as server:
            js = httpx.get(f"{server.url}/static/table/main.js")
            svg = httpx.get(f"{server.url}/static/tiles/1m.svg")
    finally:
        for ext, was in saved.items():
            if was is None:
                mimetypes.types_map.pop(ext, None)
            else:
                mimetypes.add_type(was, ext)
    assert js.status_code == 200 and js.headers["content-type"].split(";")[0] in ("text/javascript",
                                                                                   "application/javascript")
    assert js.headers["x-content-type-options"] == "nosniff"
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"


def test_the_qr_address_is_the_default_route_s_first() -> None:
    ip = default_route_ip()
    found = addresses("0.0.0.0", 8765)
    if ip is None:  # no default route here (an offline machine): the other addresses, or loopback
        assert found
        return
    assert found[0] == f"http://{ip}:8765"
    # the address really is this computer's: a socket binds to it
    with socket.socket() as sock:
        sock.bind((ip, 0))
    assert addresses("127.0.0.1", 1) == ["http://127.0.0.1:1"]


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def server_log() -> Iterator[list[logging.LogRecord]]:
    """The records of the server's loggers, caught where they are made (whatever propagates or not; after
    the server is made, as a logging configuration would drop the handler)."""
    handler = _Records()
    loggers = [logging.getLogger(name) for name in ("uvicorn.error", "web")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler.records
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def test_a_phone_dropping_mid_upload_logs_no_traceback(demo: Database) -> None:
    token = token_of(demo)
    with BackgroundServer(demo) as server, server_log() as records:
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", server.port)) as sock:
                sock.sendall(b"POST /api/hands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token.encode()
                             + b"\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"type\": ")
                time.sleep(0.2)
        r = httpx.get(f"{server.url}/api/table", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200  # the server goes on
        time.sleep(0.3)
    assert not [rec for rec in records if rec.exc_info or rec.levelno >= logging.ERROR], \
        [rec.getMessage() for rec in records]


def _serve(db: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "web.cli", "--db", db, "serve", *args], capture_output=True,
                          text=True, timeout=timeout, env=env)


def test_serve_on_a_used_port_or_a_bad_one_says_so_in_one_line_and_never_serving(tmp_path: Path) -> None:
    from web.cli import main

    path = tmp_path / "d.mcr"
    assert main(["--db", str(path), "demo"]) == 0
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = _serve(str(path), "--port", str(port))
    assert out.returncode == 1 and out.stdout == ""
    assert len(out.stderr.splitlines()) == 1, out.stderr
    assert out.stderr.startswith(f"mcr-tournament: cannot listen on 127.0.0.1:{port}: ")
    if sys.platform != "win32":  # Windows words it its own way
        assert out.stderr.rstrip().endswith(": Address already in use")
    out = _serve(str(path), "--port", "99999")
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.splitlines() == ["mcr-tournament: port 99999 is not a port number (1–65535)"]


def test_serve_says_at_start_when_the_file_is_read_only(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Read-only for whatever reason the store found (here opened so; a read-only medium or file gives its
    own reason): the first lines say the tables can read but not record."""
    import argparse

    from web import cli
    from web.api import server

    path = tmp_path / "d.mcr"
    assert cli.main(["--db", str(path), "demo"]) == 0
    capsys.readouterr()
    monkeypatch.setattr(server, "serve", lambda db, sock, **kw: sock.close())  # start, print, stop at once
    with open_database(path, writable=False) as db:
        assert db.read_only
        args = argparse.Namespace(host="127.0.0.1", port=_free_port())
        assert cli.cmd_serve(args, db) == 0
    out = capsys.readouterr().out
    assert "d.mcr is read-only" in out and "the tables can read, not record" in out


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM ends a process at once on Windows; closing the "
                    "console there sends SIGBREAK, handled the same way")
def test_sigterm_stops_serve_in_time_for_the_closing_backup(tmp_path: Path) -> None:
    """Closing the console or SIGTERM: the requests under way get Limits.shutdown_timeout, then the file is
    closed, with its closing backup (uvicorn alone re-raised SIGTERM after its shutdown and the process died
    before that)."""
    import signal

    from web.cli import main
    from web.limits.guard import Limits

    path = tmp_path / "d.mcr"
    assert main(["--db", str(path), "demo"]) == 0
    with open_database(path) as db:
        token = token_of(db)
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "web.cli", "--db", str(path), "serve", "--port", str(port)],
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                r = httpx.post(f"http://127.0.0.1:{port}/api/hands", headers={"Authorization": f"Bearer {token}"},
                               json={"type": "draw", "hand": 1}, timeout=5)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
        assert r.status_code == 200, r.text  # written since the last backup: closing makes one
        stuck = socket.create_connection(("127.0.0.1", port))  # a request whose body never comes
        stuck.sendall(b"POST /api/hands HTTP/1.1\r\nHost: x\r\nContent-Length: 99\r\n\r\n{")
        time.sleep(0.3)
        start = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=60)
        took = time.monotonic() - start
        stuck.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    print(f"\nSIGTERM with a request under way: stopped and the file closed in {took:.1f} s "
          f"(shutdown_timeout {Limits().shutdown_timeout:g} s)")
    assert proc.returncode == 0 and "server stopped" in out, out
    assert "Traceback" not in out
    # the file was closed (its closing backup's step; here one was recent, so none is made): SQLite
    # checkpointed and removed the WAL, which a killed process leaves behind
    assert not Path(str(path) + "-wal").exists()


def test_the_players_page_has_its_own_cap_and_never_takes_the_apis_requests() -> None:
    """A crowd (or a stranger) on the tokenless players' page is answered 503 past its own small cap, while
    the tables' API still gets through (the page would otherwise hold every thread of the pool)."""
    import asyncio

    from web.limits.guard import RequestCap, request_kind

    assert [request_kind(p) for p in ("/api/hands", "/", "/p/12", "/t/abc", "/static/table.js")] == [
        "api", "page", "page", None, None]
    release = asyncio.Event()
    answered: list[tuple[str, int]] = []

    async def slow_app(scope, receive, send):  # a request in progress until released
        if scope["path"] == "/":
            await release.wait()
        answered.append((scope["path"], 200))

    async def busy(scope, receive, send):
        answered.append((scope["path"], 503))

    cap = RequestCap(slow_app, 1, busy, page_limit=1)

    async def receive() -> Message:  # neither app reads the request nor writes a response
        return {}

    async def send(message: Message) -> None:
        pass

    async def main() -> None:
        first = asyncio.create_task(cap({"type": "http", "path": "/"}, receive, send))
        await asyncio.sleep(0)
        await cap({"type": "http", "path": "/"}, receive, send)  # the page's cap is taken: 503 at once
        await cap({"type": "http", "path": "/api/table"}, receive, send)  # the API's is not
        release.set()
        await first

    asyncio.run(main())
    assert answered == [("/", 503), ("/api/table", 200), ("/", 200)]


def test_the_server_s_connections_send_without_nagle_s_delay(demo: Database) -> None:
    """uvicorn writes an answer's head and body separately: with Nagle's algorithm on, the body waited for
    the phone's delayed acknowledgement of the head (40 ms on Linux, up to 200 ms on Windows) on every
    keep-alive request after a quick one. The listening socket comes from ``socket.create_server``, on
    which asyncio does not set TCP_NODELAY itself."""
    server = BackgroundServer(demo).start()
    try:
        with socket.create_connection(("127.0.0.1", server.port)) as phone:
            phone.sendall(b"GET /api/texts HTTP/1.1\r\nHost: x\r\n\r\n")
            assert phone.recv(65536).startswith(b"HTTP/1.1 200")
            accepted = [c.transport.get_extra_info("socket") for c in server._server.server_state.connections]
            assert len(accepted) == 1
            assert accepted[0].getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        server.stop()


def test_a_preview_waits_for_the_write_under_way(demo: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writes first (guard.WritersFirst): a table's preview sent while another hand's write waits for the
    file starts after that write, so the one server process spends itself on the write first."""
    import sqlite3
    import threading

    from web.api import api
    from web.limits.guard import WritersFirst

    monkeypatch.setattr(WritersFirst, "patience", 60.0)  # the order, not the patience, is what is tested
    started = threading.Event()
    order: list[str] = []  # what the server did, in its order
    record, preview = api.record, api.preview

    def record_seen(*args: object) -> object:  # the real write, and when it began and ended
        started.set()
        try:
            return record(*args)  # type: ignore[arg-type]
        finally:
            order.append("write done")

    def preview_seen(*args: object) -> object:
        order.append("preview starts")
        return preview(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(api, "record", record_seen)
    monkeypatch.setattr(api, "preview", preview_seen)
    token = token_of(demo)
    auth = {"Authorization": f"Bearer {token}"}
    server = BackgroundServer(demo).start()
    statuses: dict[str, int] = {}
    threads: list[threading.Thread] = []
    assert demo.path is not None  # a SQLite file
    holder = sqlite3.connect(demo.path, isolation_level=None)
    try:
        with httpx.Client(base_url=server.url, headers=auth, timeout=60) as phone:
            table = phone.get("/api/table").json()
            draw = {"type": "draw", "hand": table["next_hand"]}
            assert phone.post("/api/score", json=draw).status_code == 200  # the token is known from now on
        order.clear()
        holder.execute("BEGIN IMMEDIATE")  # another program writes: the hand waits for the file

        def send(kind: str, path: str, body: dict[str, object]) -> None:
            with httpx.Client(base_url=server.url, headers=auth, timeout=60) as c:
                statuses[kind] = c.post(path, json=body).status_code

        threads.append(threading.Thread(target=send, args=("write", "/api/hands",
                                                           {**draw, "version": table["version"]})))
        threads[-1].start()
        assert started.wait(30)  # the write is in the server, waiting for the file's lock
        threads.append(threading.Thread(target=send, args=("preview", "/api/score", draw)))
        threads[-1].start()
        threads[-1].join(0.5)  # time for the preview to run, were it let run beside the write
        holder.execute("COMMIT")
    finally:
        holder.close()  # the write never waits out its busy timeout behind a failed check
        for t in threads:
            t.join(30)
        server.stop()
    assert order == ["write done", "preview starts"]
    assert statuses == {"write": 200, "preview": 200}


def test_a_read_waiting_for_its_turn_gives_way_to_a_write_that_came_meanwhile() -> None:
    """Writes first, checked when a read's turn comes, not only when it asked: a preview that found no write
    under way but waited behind another read still lets a write that came meanwhile go first (before, a
    moment with no write let every waiting read through, and 40 tables' writes queued behind 40 previews)."""
    import asyncio

    from web.limits.guard import WritersFirst

    gate = WritersFirst()
    gate.READS_AT_ONCE = 1  # read by the state the gate builds on the first loop it serves (below)
    gate.patience = 60.0  # the order, not the patience, is what is tested
    order: list[str] = []

    async def read(name: str, hold: asyncio.Event | None = None) -> None:
        async with gate.reading():
            order.append(f"{name} starts")
            if hold is not None:
                await hold.wait()
            order.append(f"{name} done")

    async def main() -> None:
        first_read, write_may_end = asyncio.Event(), asyncio.Event()
        a = asyncio.create_task(read("read A", first_read))
        await asyncio.sleep(0)  # A runs; B finds no write and waits for A's turn to end
        b = asyncio.create_task(read("read B"))
        await asyncio.sleep(0)

        async def write() -> None:
            with gate.writing():
                order.append("write starts")
                await write_may_end.wait()
                order.append("write done")

        w = asyncio.create_task(write())
        await asyncio.sleep(0)
        first_read.set()  # B's turn comes while the write is under way
        for _ in range(5):
            await asyncio.sleep(0)
        write_may_end.set()
        await asyncio.gather(a, b, w)

    asyncio.run(main())
    assert order == ["read A starts", "write starts", "read A done", "write done", "read B starts", "read B done"]


def test_a_read_woken_by_the_end_of_the_writes_waits_again_for_a_write_that_started_meanwhile() -> None:
    """A read that has its turn and waits for the writes is woken when the last one ends, and runs a moment
    later: a write that starts in that moment still goes first."""
    import asyncio

    from web.limits.guard import WritersFirst

    gate = WritersFirst()
    gate.READS_AT_ONCE = 1  # read by the state the gate builds on the first loop it serves (below)
    gate.patience = 60.0
    order: list[str] = []

    async def write(name: str, end: asyncio.Event) -> None:
        with gate.writing():
            order.append(f"{name} starts")
            await end.wait()
            order.append(f"{name} done")

    async def read(name: str, end: asyncio.Event | None = None) -> None:
        async with gate.reading():
            order.append(f"{name} starts")
            if end is not None:
                await end.wait()

    async def main() -> None:
        end_a, end1, end2 = asyncio.Event(), asyncio.Event(), asyncio.Event()
        a = asyncio.create_task(read("read A", end_a))
        await asyncio.sleep(0)
        b = asyncio.create_task(read("read B"))  # waits for A's turn to end (no write yet)
        await asyncio.sleep(0)
        w1 = asyncio.create_task(write("write 1", end1))
        await asyncio.sleep(0)
        end_a.set()
        for _ in range(5):
            await asyncio.sleep(0)  # B has its turn, looks again and waits for write 1
        end1.set()
        await asyncio.sleep(0)  # write 1 ends: B's wake-up is due, not yet run
        w2 = asyncio.create_task(write("write 2", end2))  # and a write comes in that moment
        for _ in range(10):
            await asyncio.sleep(0)
        end2.set()
        await asyncio.gather(a, b, w1, w2)

    asyncio.run(main())
    assert order == ["read A starts", "write 1 starts", "write 1 done", "write 2 starts", "write 2 done",
                     "read B starts"]
