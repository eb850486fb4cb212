"""Results, penalty record, seating and standings parsed back from the PDF."""

from __future__ import annotations

import io
from datetime import datetime

import pytest
from pypdf import PdfReader

from db.read.views import PlayerView, SessionEntry, StandingRow, TableSeating, TeamStandingRow
from reports.pdf.penalties import PenaltiesReport, PenaltyRecord
from reports.pdf.results import ResultsReport, SessionResults
from reports.pdf.seating import SeatingReport, SessionSeating, sort_key
from reports.pdf.standings import Standings, StandingsReport
from tests.reports import samples
from tests.reports.conftest import fonts, pages_text

T = "第五届国标麻将公开赛 MCR Open 2026"
URL = "http://192.168.1.20:8765/p"


def _frame_ok(pages: list[str]) -> None:
    for n, page in enumerate(pages, start=1):
        assert f"Page {n} of {len(pages)}" in page
        assert T in page
        assert "2026-11-29 18:05" in page


def test_results_lists_every_player_and_the_best_scores(generated_at: datetime) -> None:
    sheets = [samples.sheet(t) for t in range(1, 16)]
    pdf = ResultsReport(generated_at=generated_at).render(SessionResults(T, 1, sheets))
    pages = pages_text(pdf)
    assert len(pages) >= 2
    _frame_ok(pages)
    text = "\n".join(pages)
    for sheet in sheets:
        for i, p in enumerate(sheet.players):
            assert p.name in text
            assert f"{p.number}" in text
            assert str(sheet.session_scores[i]) in text
    assert "Best scores of the session 本局最高分" in text
    top = max((s.match_points[i], s.players[i].name) for s in sheets for i in range(4))
    best_part = text.split("本局最高分", 1)[1]
    assert top[1] in best_part and f"+{top[0]}" in best_part
    assert "Biggest hands 最大番和牌" in text
    teams = text.split("Teams in this session 本局各队成绩", 1)[1]
    paris = [s.table_points[i] for s in sheets for i, p in enumerate(s.players) if p.team == "Paris Mahjong"]
    assert f"Paris Mahjong\n{len(paris)}\n{sum(paris):g}\n" in teams
    assert all(fonts(pdf).values())


def test_results_never_split_a_table_across_pages(generated_at: datetime) -> None:
    sheets = [samples.sheet(t) for t in range(1, 40)]
    pages = pages_text(ResultsReport(generated_at=generated_at).render(SessionResults(T, 1, sheets)))
    # One cell per line in the extracted text; the "best scores" list after the tables is left out.
    cells = [set(page.split("Best scores")[0].splitlines()) for page in pages]
    assert len(pages) >= 4
    for sheet in sheets:
        holders = {n for n, lines in enumerate(cells) for p in sheet.players if p.number in lines}
        assert len(holders) == 1, (sheet.table, holders)


def test_penalty_record(generated_at: datetime) -> None:
    rows = [p for t in (1, 5) for p in samples.sheet(t).penalties]
    pdf = PenaltiesReport(generated_at=generated_at).render(PenaltyRecord(T, 1, rows))
    pages = pages_text(pdf)
    _frame_ok(pages)
    text = pages[0]
    for r in rows:
        assert r.player.name in text and r.player.number in text
    assert "False win 错和" in text and "Lateness 迟到" in text
    assert "10 to each other player\n分给其他三家" in text and "deducted 扣除" in text
    assert "错和 under 8 fans" in text
    assert "4 penalties, 80 points" in text


def test_empty_penalty_record_says_so(generated_at: datetime) -> None:
    pages = pages_text(PenaltiesReport(generated_at=generated_at).render(PenaltyRecord(T, 2, [])))
    assert "No penalties in session 2" in pages[0]


def test_seating_by_table_and_alphabetical(generated_at: datetime) -> None:
    tables = [TableSeating(3, s.table, s.players) for s in (samples.sheet(t) for t in range(1, 31))]
    pdf = SeatingReport(generated_at=generated_at).render(SessionSeating(T, 3, tables))
    pages = pages_text(pdf)
    _frame_ok(pages)
    by_player_start = next(n for n, p in enumerate(pages) if "find your table" in p)
    assert by_player_start > 0
    by_table = "\n".join(pages[:by_player_start])
    wall = "\n".join(pages[by_player_start:])
    for t in tables:
        for p in t.players:
            assert p.name in by_table
            assert f"{p.name} ({p.number})" in wall
    # Alphabetical: Anna before Ingrid before the Chinese names.
    assert wall.index("Anna Schmidt (002)") < wall.index("Ingrid Johansson (010)") < wall.index("张伟 (001)")
    assert all(fonts(pdf).values())


def test_sort_key_ignores_accents_and_case_and_reads_chinese_as_pinyin() -> None:
    names = ["Émile", "zoe", "Ada", "李娜", "ÅSA", "赵敏", "王芳", "张伟", "Wang Fang", "曾志伟"]
    ordered = sorted(names, key=lambda n: sort_key(PlayerView("1", n)))
    assert ordered == ["Ada", "ÅSA", "Émile", "李娜", "Wang Fang", "王芳", "曾志伟", "张伟", "赵敏", "zoe"]


def _standings() -> list[StandingRow]:
    rows = []
    for n in range(1, 9):
        p = samples.player(n)
        sessions = tuple(SessionEntry(s, n, "E", 10 * n - 40 + s, 4.0 if n % 4 == 1 else 1.5) for s in (1, 2, 3))
        rows.append(StandingRow(n, p.number, p.name, p.team, sum(e.table_points for e in sessions),
                                sum(e.match_points for e in sessions), sessions))
    return rows


def test_individual_standings(generated_at: datetime) -> None:
    rows = _standings()
    pdf = StandingsReport(generated_at=generated_at).render(Standings(T, 3, rows))
    pages = pages_text(pdf)
    _frame_ok(pages)
    text = pages[0]
    assert "after session 3" in text
    for r in rows:
        assert r.name in text
    assert "S3" in text and "4 / -29" in text  # player 1, session 1: 4 table points, -29 match points
    assert "\n12\n-84\n" in text  # player 1 totals: table points, match points
    assert all(fonts(pdf).values())


def test_team_standings(generated_at: datetime) -> None:
    teams = [TeamStandingRow(1, "北京队", 18.5, 120, ("张伟", "李娜")), TeamStandingRow(2, "Helsinki", 9, -120)]
    pages = pages_text(StandingsReport(generated_at=generated_at).render(Standings(T, 2, (), teams)))
    assert "Team standings 团体排名 · after session 2" in pages[0]
    assert "北京队" in pages[0] and "18.5" in pages[0] and "+120" in pages[0] and "张伟, 李娜" in pages[0]


def test_page_count_grows_with_the_data(generated_at: datetime) -> None:
    small = ResultsReport(generated_at=generated_at).render(SessionResults(T, 1, [samples.sheet(1)]))
    big = ResultsReport(generated_at=generated_at).render(
        SessionResults(T, 1, [samples.sheet(t) for t in range(1, 61)]))
    assert len(PdfReader(io.BytesIO(small)).pages) == 1
    assert len(PdfReader(io.BytesIO(big)).pages) >= 5


def test_empty_inputs_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="session 4 has no tables"):
        ResultsReport().render(SessionResults(T, 4, []))
    with pytest.raises(ValueError, match="session 4 has no seating"):
        SeatingReport().render(SessionSeating(T, 4, []))


def test_results_of_a_session_in_progress(generated_at: datetime) -> None:
    sheets = [samples.sheet(1, hands=7), samples.sheet(2, hands=0)]
    text = "\n".join(pages_text(ResultsReport(generated_at=generated_at).render(SessionResults(T, 1, sheets))))
    assert "7 盘 hands" in text and "0 盘 hands" in text
    assert "Best scores" in text
    # Table 2 has no result yet: no ranks or table points (1.75 each would be a four-way tie), and its
    # players are neither among the best scores nor in the team totals, as in the standings.
    tables, best = text.split("Best scores", 1)
    assert "1.75" not in tables and tables.count("—") == 16
    assert not any(p.name in best for p in sheets[1].players)
    empty = [samples.sheet(1, hands=0), samples.sheet(2, hands=0)]
    text = "\n".join(pages_text(ResultsReport(generated_at=generated_at).render(SessionResults(T, 1, empty))))
    assert "No results recorded in this session yet" in text and "Best scores" not in text


def test_standings_before_any_session(generated_at: datetime) -> None:
    rows = [StandingRow(1, "001", "张伟", None, 0.0, 0), StandingRow(1, "002", "Anna", "B", 0.0, 0)]
    text = pages_text(StandingsReport(generated_at=generated_at).render(Standings(T, 0, rows)))[0]
    assert "no session played yet 尚无已赛的局" in text and "after session 0" not in text
    assert "张伟" in text and "Anna" in text



def test_the_lists_say_only_catalogue_texts_in_the_pseudo_locale(generated_at: datetime, monkeypatch) -> None:
    """With both report languages set to the pseudo-locale, every word of the session results, the penalty
    record and the seating (with the players' page's QR code) is wrapped (players, teams, the tournament,
    numbers, the winds' characters, the fan names and the reasons a referee typed aside: they are data). The
    PDF font has no ⟦ ⟧: pypdf reads the missing glyphs back as NUL, so a wrapped text is found between two
    NULs."""
    import re

    from reports.pdf import base

    monkeypatch.setattr(base, "LANGUAGES", ["xx", "xx"])
    sheets = [samples.sheet(t) for t in range(1, 3)]
    rows = [p for t in (1, 5) for p in samples.sheet(t).penalties]
    players = [p for s in sheets for p in s.players] + [r.player for r in rows]
    pdfs = [
        ResultsReport(generated_at=generated_at).render(SessionResults(T, 1, sheets)),
        PenaltiesReport(generated_at=generated_at).render(PenaltyRecord(T, 1, rows)),
        SeatingReport(generated_at=generated_at).render(
            SessionSeating(T, 1, [TableSeating(1, s.table, s.players) for s in sheets], page_url=URL)),
    ]
    data = [T, "UTC", URL, *(p.name for p in players), *(p.team or "" for p in players), *(r.reason for r in rows),
            "东", "南", "西", "北"]
    from scoring.mcr.fans import FAN_INFO

    data += [name for info in FAN_INFO.values() for name in (info.zh, info.en)]  # scoring's data
    data += [w for d in list(data) for w in d.split()]
    for pdf in pdfs:
        text = re.sub(r"[\x00⟦][^\x00⟦⟧]*[\x00⟧]", " ", "\n".join(pages_text(pdf)))
        for d in sorted(filter(None, data), key=len, reverse=True):
            text = text.replace(d, " ")
        assert re.findall(r"[A-Za-z\u4e00-\u9fff]{2,}", text) == [], text[:600]


def test_the_seating_says_whom_a_substitute_replaces(generated_at: datetime) -> None:
    """The by-table list names the player a substitute sits in for."""
    tables = [TableSeating(2, s.table, s.players) for s in (samples.sheet(t) for t in range(1, 3))]
    sub = tables[1].players[2]
    pdf = SeatingReport(generated_at=generated_at).render(
        SessionSeating(T, 2, tables, replaces={sub.number: "099 Wang Fang"}))
    by_table = pages_text(pdf)[0]
    assert "for 099 Wang Fang" in by_table and by_table.count("for 099") == 1
