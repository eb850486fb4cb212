"""A damaged tournament file under the server (D5): SQLite's "database disk image is malformed" is a file
problem, answered 503 ``database_malformed`` (db.storage.store) with what to do, on the API and the players' page, never a 500 with a
traceback on the console. A real file, damaged on disk while closed, served through the real app."""

from __future__ import annotations

import logging
import sqlite3
import warnings
from pathlib import Path

import pytest

from db.service.devices import device_links
from db.storage.store import open_database
from tests.db.helpers import ACTOR, make_tournament
from web.api.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def damage(path: Path, *tables: str) -> None:
    """Overwrite the root page of ``tables`` with junk (the file closed: nobody holds it)."""
    con = sqlite3.connect(path)
    roots = dict(con.execute("SELECT name, rootpage FROM sqlite_master WHERE type = 'table'"))
    size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    data = bytearray(path.read_bytes())
    for table in tables:
        start = (roots[table] - 1) * size
        data[start:start + size] = b"\xff" * size
    path.write_bytes(bytes(data))


def test_a_damaged_file_is_503_file_damaged_on_the_api_and_the_page(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "e.mcr"
    with open_database(path, create=True) as db:
        make_tournament(db)
        with db.factory.begin() as s:
            token = device_links(s, 1, actor=ACTOR)[0].token
    damage(path, "hands", "players")
    with open_database(path) as db, TestClient(create_app(db)) as client:
        auth = {"Authorization": f"Bearer {token}"}
        caplog.set_level(logging.INFO)
        for r in (client.get("/api/table", headers=auth),
                  client.post("/api/hands", headers=auth, json={"type": "draw", "hand": 1})):
            assert r.status_code == 503, r.text  # it was 500 "internal" with a traceback
            err = r.json()["error"]
            assert err["code"] == "database_malformed" and "e.mcr is damaged" in err["message"]
        zh = client.get("/api/table", headers={**auth, "Accept-Language": "zh"}).json()["error"]["message"]
        assert zh.startswith("e.mcr") and "e.mcr is damaged" not in zh
        page = client.get("/")
        assert page.status_code == 503 and "e.mcr is damaged" in page.text
    assert not [r for r in caplog.records if r.exc_info], "a traceback on the console"


def test_serve_refuses_to_start_on_a_damaged_file_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "e.mcr"
    with open_database(path, create=True) as db:
        make_tournament(db)
    damage(path, "players")
    exe = str(Path(sys.executable).with_name("mcr-tournament"))
    out = subprocess.run([exe, "--db", str(path), "serve", "--port", "0"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 1 and out.stdout == "", out.stdout  # it used to start and answer 500s
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "e.mcr is damaged" in lines[0] and "Traceback" not in out.stderr, out.stderr
