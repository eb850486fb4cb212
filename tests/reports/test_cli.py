"""End to end: a real SQLite tournament built with the mcr-tournament commands, then every report."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from db.read import queries
from db.storage.store import open_database
from reports.cli import main
from tests.reports.conftest import fonts
from tests.reports.hostile import seats_of_session_1, session_1_results, write_jsonl

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = """number,name,team
1,张伟,北京队
2,Anna Schmidt,Paris
3,李娜,上海队
4,Jean-Pierre Dupont,Helsinki
5,王芳,北京队
6,Mikko Virtanen,Paris
7,陈静,上海队
8,Tomás García,Helsinki
"""


def _run(db: Path, *argv: str) -> None:
    assert main(["--db", str(db), *argv]) == 0, argv


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, tuple[str, ...]]]:
    """Eight players, session 1 seated and played (table 1: 16 hands, table 2: 6 hands), one penalty."""
    tmp = tmp_path_factory.mktemp("tournament")
    db = tmp / "t.sqlite"
    _run(db, "init", "--name", "测试赛 Test Open", "--sessions", "3", "--date", "2026-11-29")
    (tmp / "players.csv").write_text(PLAYERS, encoding="utf-8")
    _run(db, "players", "import", str(tmp / "players.csv"))
    _run(db, "seat", "1", "--seed", "7")
    seats = seats_of_session_1(db)
    # (2, 1) a full hand: the store scores it and keeps the fans
    lines = session_1_results(seats, {1: 16, 2: 6}, lambda table, hand: (table, hand) == (2, 1),
                              lambda hand: hand % 5 == 0)
    lines.append({"session": 1, "table": 1, "hand": 4, "type": "penalty", "player": seats[1][2], "points": 30,
                  "settlement": "others", "kind": "false_win", "reason": "错和 wrong tile"})
    _run(db, "results", "import", str(write_jsonl(tmp / "results.jsonl", lines)))
    return db, seats


def _pdf(path: Path) -> tuple[list[str], bytes]:
    data = path.read_bytes()
    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages], data


def test_scoresheets(played: tuple[Path, dict[int, tuple[str, ...]]], tmp_path: Path) -> None:
    db, seats = played
    out = tmp_path / "sheets.pdf"
    _run(db, "report", "scoresheets", "--session", "1", "-o", str(out))
    pages, data = _pdf(out)
    assert len(pages) == len(seats) == 2
    assert "Page 1 of 2" in pages[0] and "Page 2 of 2" in pages[1]
    assert "测试赛 Test Open" in pages[0]
    assert "2026-11-29" in pages[0]
    with open_database(db) as database, database.factory() as s:
        sheets = queries.table_sheets(s, 1)
    for page, sheet in zip(pages, sheets, strict=True):
        for i, p in enumerate(sheet.players):
            assert p.name in page
            assert str(sheet.session_scores[i]) in page
        for row in sheet.hands:
            if row.kind == "win":
                assert f"{row.fan_total}番" in page
    assert "✓" in pages[0]  # the false win
    assert "清龙" in pages[1]  # fans of the notation hand, by their Chinese short names
    assert all(fonts(data).values())


def test_one_blank_table(played: tuple[Path, dict[int, tuple[str, ...]]], tmp_path: Path) -> None:
    db, _ = played
    out = tmp_path / "blank.pdf"
    _run(db, "report", "scoresheets", "--session", "1", "--table", "2", "--blank", "-o", str(out))
    pages, _ = _pdf(out)
    assert len(pages) == 1
    assert "blank 空白" in pages[0] and "番" not in pages[0].replace("番种", "").replace("番数", "")


def test_results_penalties_seating_standings(played: tuple[Path, dict[int, tuple[str, ...]]],
                                             tmp_path: Path) -> None:
    db, _ = played
    for name, extra, expect in (
        ("results", ["--session", "1"], ["Session 1 results", "张伟", "Best scores"]),
        ("penalties", ["--session", "1"], ["False win 错和", "错和 wrong tile", "1 penalties, 30 points"]),
        ("seating", ["--session", "1"], ["find your table", "Tomás García (8)", "李娜"]),
        ("standings", [], ["Individual standings 个人排名 · after session 1", "Mikko Virtanen", "S1"]),
        ("standings", ["--teams", "--after", "1"], ["Team standings 团体排名 · after session 1", "北京队", "张伟 (1)"]),
    ):
        out = tmp_path / f"{name}.pdf"
        _run(db, "report", name, *extra, "-o", str(out))
        pages, data = _pdf(out)
        text = "\n".join(pages)
        for e in expect:
            assert e in text, (name, e)
        assert f"Page 1 of {len(pages)}" in text
        assert all(fonts(data).values())


def test_errors_are_messages(played: tuple[Path, dict[int, tuple[str, ...]]], tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    db, _ = played
    out = tmp_path / "x.pdf"
    assert main(["--db", str(db), "report", "seating", "--session", "2", "-o", str(out)]) == 1
    assert "session 2 is not seated yet" in capsys.readouterr().err
    assert main(["--db", str(db), "report", "results", "--session", "9", "-o", str(out)]) == 1
    assert "session 9 does not exist" in capsys.readouterr().err
    assert main(["--db", str(db), "report", "scoresheets", "--session", "1", "--table", "7", "-o", str(out)]) == 1
    assert "no table 7" in capsys.readouterr().err
    missing_dir = tmp_path / "nowhere" / "x.pdf"
    assert main(["--db", str(db), "report", "seating", "--session", "1", "-o", str(missing_dir)]) == 1
    assert "does not exist" in capsys.readouterr().err
    assert not out.exists()


def test_missing_font_is_a_clear_message(played: tuple[Path, dict[int, tuple[str, ...]]], tmp_path: Path) -> None:
    """A fresh process (fonts are registered once per process) with the override pointing nowhere."""
    db, _ = played
    out = tmp_path / "seating.pdf"
    env = {**os.environ, "MCR_CJK_FONT": str(tmp_path / "no-such-font.ttc")}
    proc = subprocess.run(
        [sys.executable, "-m", "reports.cli", "--db", str(db), "report", "seating", "--session", "1", "-o", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 1
    assert "MCR_CJK_FONT" in proc.stderr and "no such font file" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not out.exists()
