"""A Riichi tournament's outputs (issue 32 item 5): the standings and results PDFs, the website, the workbook
and the EMA results file, each made by the ``mcr-tournament`` commands from a real SQLite tournament
(tests/reports/game_event.py) and read back: pypdf, html.parser, openpyxl, csv. The figures are checked
against the store's own ``standings --format json`` and game sheets, so every output says what the store says."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import subprocess
from collections import deque
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import openpyxl
import pytest

from db.read import queries
from db.read.games import game_sheets
from db.read.views import GameSheet
from db.storage.store import open_database
from reports.cli import main
from reports.pdf import base
from reports.pdf.game_results import GameResultsReport, GameSessionResults, GameStandingsReport
from reports.pdf.standings import Standings
from reports.site.pages import build_pages
from reports.snapshot import read_snapshot
from scoring.riichi.yaku import BY_ID
from tests.reports.conftest import pages_text, unwrapped_words
from tests.reports.game_event import build, run, seats, short_game
from tests.reports.site.test_site import parse
from tests.reports.site.test_site_texts import AT, data_of, visible


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("riichi"))


def _out(db: Path, *argv: str) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["--db", str(db), *argv]) == 0, argv
    return buf.getvalue()


def _standings(db: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(_out(db, "standings", "--format", "json"))
    return rows


def _games(db: Path, session: int) -> list[GameSheet]:
    with open_database(db) as database, database.factory() as s:
        return game_sheets(s, session)


def _score(x: float) -> str:
    return f"{x:+.1f}" if x else "0.0"


def _pdf(db: Path, tmp: Path, *argv: str) -> str:
    """The report's text as laid out on the page (``pdftotext -layout``: a table's row stays one line)."""
    out = tmp / "out.pdf"
    run(db, "report", *argv, "-o", str(out))
    assert len(pages_text(out.read_bytes())) == 1
    return subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout


def test_the_standings_pdf_shows_score_points_and_each_sessions_result(event: Path, tmp_path: Path) -> None:
    text = _pdf(event, tmp_path, "standings")
    flat = " ".join(text.split())
    for row in _standings(event):
        line = next(x for x in text.splitlines() if row["name"] in x)
        # the total score (thousands, one decimal, signed) and the points beside the name
        assert _score(row["score"]) in line and f"{sum(s['raw'] for s in row['sessions']):,}" in line, line
        for s in row["sessions"]:  # each session: its score, points and uma
            assert _score(s["score"]) in flat and f"{s['raw']:,}" in flat and _score(s["uma"]) in flat
    assert "-20.0" in flat  # the chombo's penalty, beside the uma of that session
    assert "ranking by score, then points" in flat and "先比得分，再比点数" in flat  # the tie-break
    assert "Score 得分" in flat.replace("\n", " ") or ("Score" in flat and "得分" in flat)
    assert "Match pts" not in flat and "Table pts" not in flat  # MCR's columns are not a game's


def test_the_team_standings_pdf_sums_the_members_scores_and_points(event: Path, tmp_path: Path) -> None:
    text = _pdf(event, tmp_path, "standings", "--teams")
    teams: dict[str, list[dict[str, Any]]] = {}
    for row in _standings(event):
        teams.setdefault(row["team"], []).append(row)
    for team, members in teams.items():
        line = next(x for x in text.splitlines() if f" {team} " in x)
        score = round(sum(m["score"] for m in members), 1)
        points = sum(s["raw"] for m in members for s in m["sessions"])
        assert _score(score) in line and f"{points:,}" in line, line
    assert "team total: the members’ scores, then points" in text and "Match pts" not in text


def test_the_results_pdf_gives_each_tables_points_place_uma_penalty_and_score(event: Path, tmp_path: Path) -> None:
    text = _pdf(event, tmp_path, "results", "--session", "1")
    for g in _games(event, 1):
        assert g.results
        for p, r in zip(g.players, g.results, strict=True):
            line = next(x for x in text.splitlines() if p.name in x)
            assert f"{int(r.raw):,}" in line and _score(r.uma) in line and _score(r.score) in line, line
            assert f" {r.place} " in f" {line} "
            if r.penalty:
                assert _score(r.penalty) in line
    flat = " ".join(text.split())
    for word in ("顺位马", "得分", "点数", "罚分", "Uma", "Penalty"):
        assert word in flat
    assert "Match pts" not in flat and "Table pts" not in flat
    # the biggest hands: the yakuman first, and a hand scored from its tiles with its yaku in both languages
    assert flat.index("Yakuman") < flat.index("Mangan 5 han")
    assert "Pure straight" in flat and "一气通贯" in flat


def test_the_website_shows_a_games_figures_and_every_hand(event: Path, tmp_path: Path) -> None:
    root = tmp_path / "site"
    run(event, "publish", "-o", str(root))
    pages = {p.relative_to(root).as_posix(): parse(p) for p in root.rglob("*.html")}
    awards = pages["awards.html"].visible  # the prize list by the hands' value; a game has no chicken hands
    assert "Yakuman" in awards and "Chicken" not in awards
    index = pages["index.html"].visible
    for row in _standings(event):
        assert _score(row["score"]) in index
        for s in row["sessions"]:
            assert f"{_score(s['score'])} / {s['raw']:,}" in index
    assert "ranking by score, then points" in index and "Table pts" not in index
    session = pages["sessions/1.html"].visible
    for g in _games(event, 1):
        for r in g.results:
            assert f"{int(r.raw):,}" in session and _score(r.uma) in session and _score(r.score) in session
    table = pages["tables/1-1.html"].visible
    g = next(x for x in _games(event, 1) if x.table == 1)
    for h in g.hands:  # every hand: its round, and each change with the points after it
        assert h.round in table
        for d, after in zip(h.deltas, h.scores, strict=True):
            assert (f"{d:+,}{after:,}" if d else f"{after:,}") in table.replace(" ", "")
    for words in ("Honba", "本场", "Deposits", "供托", "Ron", "荣和", "Tsumo", "自摸", "Exhaustive draw", "荒牌",
                  "Chombo", "3 han 40 fu", "Pure straight", "一气通贯", "(Ittsuu)", "Tenpai", "听牌"):
        assert words in table, words
    seen, todo = {"index.html"}, deque(["index.html"])
    while todo:  # every page is reached from the standings, every link resolves inside the folder
        rel = todo.popleft()
        for href in pages[rel].links:
            target = ((root / rel).parent / urlsplit(href).path).resolve()
            assert target.is_file(), (rel, href)
            key = target.relative_to(root.resolve()).as_posix()
            if key not in seen:
                seen.add(key)
                todo.append(key)
    assert seen == set(pages)


def test_the_workbook_has_a_games_standings_sessions_and_hands(event: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.xlsx"
    run(event, "export", str(out))
    wb = openpyxl.load_workbook(out, read_only=True)
    assert wb.sheetnames == ["Standings", "Teams", "Session 1", "Session 2", "Hands", "Penalties"]

    def records(name: str) -> list[dict[str, Any]]:
        rows = list(wb[name].iter_rows(values_only=True))
        return [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]

    standings = records("Standings")
    for want, got in zip(_standings(event), standings, strict=True):
        assert (got["Rank 名次"], got["No. 编号"], got["Score 得分"]) == (want["rank"], want["number"], want["score"])
        assert got["Points 点数"] == sum(s["raw"] for s in want["sessions"])
        for s in want["sessions"]:
            k = s["session"]
            assert (got[f"S{k} score 第{k}局得分"], got[f"S{k} points 第{k}局点数"], got[f"S{k} uma 第{k}局顺位马"],
                    got[f"S{k} penalty 第{k}局罚分"]) == (s["score"], s["raw"], s["uma"], s["penalty"])
    hands = records("Hands")
    for k in (1, 2):
        for g in _games(event, k):
            rows = [h for h in hands if (h["Session 局"], h["Table 桌"]) == (k, g.table)]
            assert [r["Hand 盘"] for r in rows] == [h.hand for h in g.hands]
            for r, h in zip(rows, g.hands, strict=True):
                assert (r["Round 场"], r["Honba 本场"], r["Deposits 供托"]) == (h.round, h.honba, h.deposits)
                assert [r[f"{w} change {z}位得失"] for w, z in zip("ESWN", "东南西北", strict=True)] == list(h.deltas)
                assert [r[f"{w} after {z}位盘后点数"] for w, z in zip("ESWN", "东南西北", strict=True)] == list(h.scores)
            first = rows[0]
            value = (3, 40) if g.table == 1 else (2, 30)  # the first hands of game_event's two games
            assert (first["Outcome 结果"], first["Han 番"], first["Fu 符"]) == ("Ron 荣和", *value)
            assert first["Riichi 立直"] == first["Winner No. 和牌者编号"]  # the winner's own riichi
    scored = next(h for h in hands if h["Yaku (en) 役（英文）"] and "Pure straight" in h["Yaku (en) 役（英文）"])
    assert "一气通贯 2" in scored["Yaku (zh) 役（中文）"] and scored["Limit 满贯级别"] == "Mangan 满贯"
    session = records("Session 1")
    assert {r["Place 名次"] for r in session} == {1, 2, 3, 4}
    assert all(isinstance(r["Score 得分"], float | int) for r in session)


def test_the_ema_file_of_a_game_gives_the_score_and_the_points(event: Path, tmp_path: Path) -> None:
    out = tmp_path / "ema.csv"
    run(event, "export", str(out), "--format", "ema")
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    want = _standings(event)
    assert [r["Place"] for r in rows] == [str(w["rank"]) for w in want]
    assert [r["Table points"] for r in rows] == [f"{w['score']:.1f}" for w in want]
    assert [r["Score"] for r in rows] == [str(sum(s["raw"] for s in w["sessions"])) for w in want]
    assert rows[0]["EMA number"] == "04000001" and rows[0]["Ema Member"] == "YES" and rows[0]["Country"] == "GB"


def test_the_ema_file_of_a_game_is_refused_while_a_game_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "open.mcr"
    run(db, "init", "--name", "Open", "--sessions", "1", "--profile", "riichi-ema2016")
    (tmp_path / "p.csv").write_text("number,name\n" + "".join(f"{n},P{n}\n" for n in range(1, 9)), encoding="utf-8")
    run(db, "players", "import", str(tmp_path / "p.csv"))
    run(db, "seat", "1")
    lines = [x for x in short_game(1, 1, seats(db, 1)[1]) if x["type"] != "time_called"]  # no time call
    (tmp_path / "l.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    run(db, "results", "import", str(tmp_path / "l.jsonl"))
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["--db", str(db), "export", str(tmp_path / "e.csv"), "--format", "ema"]) == 1
    message = err.getvalue()
    assert "session 1 table 1: the game is not over" in message and "session 1 table 2: the game is not over" in message
    assert "table points" not in message  # a game has none to add up to 7
    assert not (tmp_path / "e.csv").exists()


def test_every_word_of_a_games_site_comes_from_the_catalogue(event: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Published in the pseudo-locale, every word of a game's pages is wrapped (⟦…⟧) but the tournament's data
    and the yaku's romaji (the players' own names for them, the same in every language)."""
    with open_database(event) as database, database.reader() as s:
        snap = read_snapshot(s)
    monkeypatch.setattr(base, "LANGUAGES", ["xx", "xx"])
    data = [*data_of(snap), *(y.romaji for y in BY_ID.values())]
    data.sort(key=len, reverse=True)
    pages = build_pages(snap, AT)
    assert {"tables/1-1.html", "sessions/2.html", "players/1.html"} <= set(pages)
    for rel, html in pages.items():
        assert _unwrapped(html, data) == [], rel


def _unwrapped(html: str, data: list[str]) -> list[str]:
    """The words of a page outside ⟦…⟧ that are not data; a wrapped text inside another ("⟦⟦Mangan⟧ 5 han⟧":
    a hand's value names its limit) unwrapped from the inside out."""
    text = visible(html)
    while (inner := re.sub(r"⟦[^⟦⟧]*⟧", " ", text)) != text:
        text = inner
    for d in data:
        text = text.replace(d, " ")
    return re.findall(r"[A-Za-z\u4e00-\u9fff]+", text)


def test_every_word_of_a_games_pdfs_comes_from_the_catalogue(event: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The standings and results PDFs of a game in the pseudo-locale: every word wrapped but the data."""
    with open_database(event) as database, database.reader() as s:
        players = queries.standings(s)
        games = game_sheets(s, 1)
        snap = read_snapshot(s)
    monkeypatch.setattr(base, "LANGUAGES", ["xx", "xx"])
    data = [*data_of(snap), *(y.romaji for y in BY_ID.values())]
    for pdf in (GameStandingsReport(AT).render(Standings(snap.info.name, 2, players)),
                GameResultsReport(AT).render(GameSessionResults(snap.info.name, 1, games))):
        text = "\n".join(pages_text(pdf))
        assert "\x00" in text  # wrapped words are there (the font has no ⟦ ⟧: each reads back as a NUL)
        # a wrapped text inside another ("⟦⟦Mangan⟧ 5 han⟧") reads "\0\0Mangan\0 5 han\0": the inner one goes first
        while (inner := re.sub("\x00\x00[^\x00]*\x00", "\x00", text)) != text:
            text = inner
        assert unwrapped_words(text, data) == []
