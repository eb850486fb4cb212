"""``mcr-tournament devices`` and ``serve``: the links, revoking one, and the real server on 127.0.0.1."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from db import open_database
from db.read import queries
from web.api.server import BackgroundServer
from web.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def demo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "d.mcr"
    assert run("--db", str(path), "demo", capsys=capsys)[0] == 0  # session 2 seated, 4 tables
    return path


def test_devices_prints_the_same_links_until_revoked(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run("--db", str(demo), "devices", "--session", "2", "--base-url", "http://10.0.0.5:8765/",
                         "--format", "json", capsys=capsys)
    assert code == 0, err
    links = json.loads(out)
    assert [link["table"] for link in links] == [1, 2, 3, 4]
    for link in links:
        assert len(link["token"]) >= 32 and link["url"] == f"http://10.0.0.5:8765/t/{link['token']}"
    assert len({link["token"] for link in links}) == 4
    code, again, _ = run("--db", str(demo), "devices", "--session", "2", "--base-url", "http://10.0.0.5:8765",
                         "--format", "json", capsys=capsys)
    assert json.loads(again) == links
    code, out, _ = run("--db", str(demo), "--station", "desk", "--referee", "Ann", "devices", "--session", "2",
                       "--base-url", "http://10.0.0.5:8765", "--revoke", "3", "--format", "json", capsys=capsys)
    revoked = json.loads(out)
    assert [r["token"] == link["token"] for r, link in zip(revoked, links, strict=True)] == [True, True, False, True]
    code, out, _ = run("--db", str(demo), "devices", "--session", "2", "--base-url", "http://x.local:1",
                       capsys=capsys)
    assert out.splitlines()[2] == f"table   3  http://x.local:1/t/{revoked[2]['token']}"
    with open_database(demo, writable=False) as db, db.reader() as s:
        log = [e for e in queries.audit_log(s) if e.action.startswith("device_")]
    assert [e.action for e in log].count("device_issue") == 5
    revoke = [e for e in log if e.action == "device_revoke"]
    assert [(e.station, e.referee, e.what) for e in revoke] == [("desk", "Ann", "session 2 table 3 device link")]


@pytest.mark.parametrize(("args", "message"), [
    (("--session", "2", "--base-url", "192.168.1.2:8765"), "must start with http://"),
    (("--session", "3", "--base-url", "http://a.b:1"), "session 3 is not seated yet"),
    (("--session", "9", "--base-url", "http://a.b:1"), "session 9 does not exist"),
    (("--session", "2", "--base-url", "http://a.b:1", "--revoke", "7"), "session 2 has no table 7"),
])
def test_devices_refusals(demo: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str) -> None:
    code, _out, err = run("--db", str(demo), "devices", *args, capsys=capsys)
    assert code == 1 and message in err, err


def test_background_server_answers_on_loopback(demo: Path) -> None:
    with open_database(demo) as db:
        from db.service.devices import device_links
        with db.factory.begin() as s:
            token = device_links(s, 2)[0].token
        with BackgroundServer(db) as server:
            assert server.url.startswith("http://127.0.0.1:")
            r = httpx.get(f"{server.url}/api/table", headers={"Authorization": f"Bearer {token}"}, timeout=30)
            assert r.status_code == 200 and r.json()["table"] == 1
            assert "server" not in r.headers


def test_background_server_leaves_the_main_thread_s_signal_handlers(demo: Path) -> None:
    """uvicorn (>= 0.29, ``Server.capture_signals``) installs handlers only on the main thread: the server
    in its thread leaves Ctrl+C to the app that started it, with no patching of uvicorn's methods."""
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    with open_database(demo) as db, BackgroundServer(db):
        assert {sig: signal.getsignal(sig) for sig in handlers} == handlers
    assert {sig: signal.getsignal(sig) for sig in handlers} == handlers


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_serving(get: Callable[[], object], proc: subprocess.Popen[str]) -> None:
    """Until ``get()`` (a request to the ``serve`` process ``proc``) is answered: a minute at most, and only
    while ``proc`` runs (when it ended, what it said is the failure's message)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            get()
            return
        except httpx.TransportError:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no answer in a minute"
            time.sleep(0.1)


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl+C cannot be sent to one process from a test on "
                    "Windows (Popen.send_signal knows SIGTERM and the console events of a process group only)")
def test_serve_runs_in_the_foreground_on_127_0_0_1_until_interrupted(demo: Path) -> None:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "web.cli", "--db", str(demo), "serve", "--port", str(port)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/table", timeout=5)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
        assert r.status_code == 401
        listening = [c for c in _listeners(port)]
        if Path("/proc/net/tcp").exists():  # Linux; macOS has no /proc
            assert listening and all(addr.startswith("127.0.0.1") for addr in listening), listening
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, out
    assert f"http://127.0.0.1:{port}" in out


def _listeners(port: int) -> list[str]:
    """Local addresses listening on ``port`` (from /proc/net/tcp; empty where there is none)."""
    found = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            hex_ip, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:
                ip = ".".join(str(int(hex_ip[i:i + 2], 16)) for i in (6, 4, 2, 0)) if len(hex_ip) == 8 else hex_ip
                found.append(f"{ip}:{port}")
    return found


def test_score_sheets_print_the_links_that_exist(demo: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from tests.reports.conftest import pages_text

    out = tmp_path / "s2.pdf"
    assert run("--db", str(demo), "report", "scoresheets", "--session", "2", "--base-url", "http://a.b:1",
               "-o", str(out), capsys=capsys)[0] == 0
    assert not any("Table link" in page for page in pages_text(out.read_bytes()))  # no link issued yet
    run("--db", str(demo), "devices", "--session", "2", "--base-url", "http://a.b:1", capsys=capsys)
    assert run("--db", str(demo), "report", "scoresheets", "--session", "2", "--base-url", "http://a.b:1",
               "-o", str(out), capsys=capsys)[0] == 0
    assert all("Table link" in page for page in pages_text(out.read_bytes()))
    code, _, err = run("--db", str(demo), "report", "scoresheets", "--session", "2", "--base-url", "a.b",
                       "-o", str(out), capsys=capsys)
    assert code == 1 and "must start with http://" in err
