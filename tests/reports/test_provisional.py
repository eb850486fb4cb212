"""A ranking that counts tables still playing is marked provisional in the CLI's text, the
standings PDF and the published site; the JSON and CSV outputs keep their contract (the mark on stderr)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from db.read import queries
from db.service.audit import Actor
from db.service.results import call_time, record_draw
from db.storage.store import open_database
from reports.cli import main
from tests.reports.conftest import pages_text
from tests.web.table.test_table_page import build_tournament

ACTOR = Actor("test", "test")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_the_cli_pdf_and_site_mark_a_provisional_ranking(tmp_path: Path) -> None:
    db, _token = build_tournament(tmp_path)
    code, out, _ = run("--db", str(db), "standings")
    assert code == 0 and "provisional" not in out  # nothing played: nothing to mark
    with open_database(db) as database, database.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)
        record_draw(s, 1, 2, 1, actor=ACTOR)
        call_time(s, 1, 2, 1, actor=ACTOR)  # table 2 is over after its hand; table 1 plays on
    with open_database(db) as database, database.reader() as s:
        assert queries.still_playing(s) == 1 and queries.still_playing(s, 1) == 1
    code, out, err = run("--db", str(db), "standings")
    assert code == 0 and out.rstrip().splitlines()[-1] == "provisional: 1 table still playing" and err == ""
    code, out, err = run("--db", str(db), "standings", "--format", "json")
    rows = json.loads(out)  # the JSON is as it was: same keys, the mark on stderr
    assert list(rows[0]) == ["rank", "number", "name", "team", "table_points", "match_points", "sessions"]
    assert err.strip() == "provisional: 1 table still playing"
    code, out, err = run("--db", str(db), "standings", "--format", "csv")
    assert "provisional" not in out and "provisional" in err
    pdf = tmp_path / "standings.pdf"
    assert run("--db", str(db), "report", "standings", "-o", str(pdf))[0] == 0
    text = pages_text(pdf.read_bytes())[0]
    assert "provisional: 1 table still playing" in text and "暂定排名：1 桌仍在进行" in text
    site = tmp_path / "site"
    assert run("--db", str(db), "publish", "-o", str(site))[0] == 0
    html = (site / "index.html").read_text(encoding="utf-8")
    assert "provisional: 1 table still playing" in html and "暂定排名：1 桌仍在进行" in html


def test_the_cli_says_provisional_in_the_environments_language(tmp_path: Path, monkeypatch) -> None:
    db, _token = build_tournament(tmp_path)
    with open_database(db) as database, database.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)
    monkeypatch.setenv("LANGUAGE", "zh")
    code, out, _ = run("--db", str(db), "standings")
    assert code == 0 and out.rstrip().splitlines()[-1] == "暂定排名：1 桌仍在进行"
    assert out.splitlines()[0].split()[:3] == ["rank", "number", "name"]  # the columns keep their keys
    code, out, err = run("--db", str(db), "standings", "--format", "json")
    assert json.loads(out) and err.strip() == "暂定排名：1 桌仍在进行"
    monkeypatch.setenv("LANGUAGE", "xx")
    assert run("--db", str(db), "standings")[1].rstrip().splitlines()[-1] == "⟦provisional: 1 table still playing⟧"
