"""A Riichi event's teams, stages and prize list in its outputs (issue 32 item 5, "Stages with carry, teams"): the team
standings' text and CSV columns, one stage's ranking (``standings --stage``) in text, CSV, its PDF and its
website page, and the final ranking's stage columns, all with the game's score and points (a half carried
keeps its second decimal); the JSON keys stay as they are. The prize list's PDF and page say each best hand's
value and leave out chicken hands. Made with the ``mcr-tournament`` commands from
real SQLite files (tests/reports/game_event.py)."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from reports.cli import main
from tests.reports.conftest import pages_text
from tests.reports.game_event import build, run, seats

PLAYERS = "number,name,team\n1,A,x\n2,B,x\n3,C,y\n4,D,y\n5,E,z\n6,F,z\n7,G,w\n8,H,w\n"


def _out(db: Path, *argv: str) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["--db", str(db), *argv]) == 0, argv
    return buf.getvalue()


def _import(db: Path, lines: list[dict[str, Any]]) -> None:
    path = db.parent / "lines.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    run(db, "results", "import", str(path))


def _game(session: int, table: int, p: tuple[str, ...], first: dict[str, Any]) -> list[dict[str, Any]]:
    """Two hands, the time called after the first: EMA plays one more."""
    at = {"session": session, "table": table}
    return [{**at, "hand": 1, **first}, {**at, "type": "time_called", "after_hand": 1},
            {**at, "hand": 2, "type": "draw", "tenpai": [p[0]], "riichi": []}]


@pytest.fixture(scope="module")
def staged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_staged(tmp_path_factory.mktemp("staged"))


def build_staged(folder: Path) -> Path:
    """Eight players, one qualifying session, a final of the top four carrying half of everything; both
    played to their end."""
    db = folder / "staged.mcr"
    run(db, "init", "--name", "Riichi Stages", "--sessions", "1", "--profile", "riichi-ema2016")
    (folder / "p.csv").write_text(PLAYERS, encoding="utf-8")
    run(db, "players", "import", str(folder / "p.csv"))
    run(db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "half", "--seating", "rank")
    run(db, "seat", "1")
    t = seats(db, 1)
    e, s, _w, n = t[1]
    _import(db, _game(1, 1, t[1], {"type": "ron", "discarder": s, "riichi": [n],
                                   "winners": [{"player": n, "han": 3, "fu": 40}]})
            + _game(1, 2, t[2], {"type": "tsumo", "winner": t[2][1], "han": 4, "fu": 30, "riichi": []}))
    run(db, "seat", "2")
    f = seats(db, 2)[1]
    _import(db, _game(2, 1, f, {"type": "ron", "discarder": f[0], "riichi": [f[1]],
                                "winners": [{"player": f[1], "han": 2, "fu": 40}]}))
    return db


def test_the_team_standings_of_a_game_title_their_columns_score_and_points(tmp_path: Path) -> None:
    db = build(tmp_path)
    text = _out(db, "standings", "--teams").splitlines()
    assert text[0].split() == ["rank", "team", "score", "points", "members"]
    assert text[1].split() == ["1", "Kyoto", "+63.2", "153200", "1", "3"]
    rows = list(csv.reader(io.StringIO(_out(db, "standings", "--teams", "--format", "csv"))))
    assert rows[:2] == [["rank", "team", "score", "points", "members"], ["1", "Kyoto", "63.2", "153200", "1 3"]]
    assert set(json.loads(_out(db, "standings", "--teams", "--format", "json"))[0]) == \
        {"rank", "team", "table_points", "match_points", "members"}  # the contract's keys


def test_a_games_stage_ranking_says_score_and_points_with_the_half_carried(staged: Path) -> None:
    text = _out(staged, "standings", "--stage", "Final").splitlines()
    assert text[0].split() == ["rank", "number", "name", "team", "score", "points", "sessions", "carried_score",
                               "carried_points"]
    rows = [line.split() for line in text[1:]]
    carried = [r[7] for r in rows]
    assert all(re.fullmatch(r"[+-]\d+\.\d\d?|0\.0", c) for c in carried), carried
    assert any(re.fullmatch(r"[+-]\d+\.\d5", c) for c in carried), carried  # half of a tenth: two decimals
    as_json = json.loads(_out(staged, "standings", "--stage", "Final", "--format", "json"))
    assert set(as_json[0]) == {"rank", "number", "name", "team", "table_points", "match_points", "sessions",
                               "carried_table_points", "carried_match_points"}
    assert [f"{r['carried_table_points']:+.2f}".rstrip("0") for r in as_json] == \
        [c.rstrip("0") for c in carried]
    head = next(csv.reader(io.StringIO(_out(staged, "standings", "--stage", "Final", "--format", "csv"))))
    assert head[4:6] == ["score", "points"]


def test_a_staged_games_final_ranking_has_its_stage_columns_in_text(staged: Path) -> None:
    text = _out(staged, "standings").splitlines()
    assert text[0].split()[-5:] == ["stage", "stage_score", "stage_points", "carried_score", "carried_points"]
    assert text[1].split()[6] == "Final" and text[-1].split()[6] == "qualifying"


def test_a_games_stage_pdf_and_page_show_score_points_and_its_rule(staged: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "stage.pdf"
    run(staged, "report", "standings", "--stage", "Final", "-o", str(pdf))
    page = pages_text(pdf.read_bytes())[0]
    assert "Score" in page and "得分" in page and "Points" in page and "Table pts" not in page
    assert "ranking by the stage's score" in page.replace("’", "'")
    site = tmp_path / "site"
    run(staged, "publish", "-o", str(site))
    html = (site / "stages" / "1.html").read_text(encoding="utf-8")
    assert "得分" in html and "Table pts" not in html and "table points" not in html
    assert re.search(r"[+-]\d+\.\d5<span class=\"sep\">", html)  # the carried half, its second decimal kept


def test_a_games_prize_list_pdf_and_page_say_the_value_and_leave_out_chicken_hands(tmp_path: Path) -> None:
    db = build(tmp_path)
    run(db, "report", "awards", "-o", str(tmp_path / "awards.pdf"))
    page = pages_text((tmp_path / "awards.pdf").read_bytes())[0]
    assert "Yakuman" in page and "Mangan" in page and "Chicken" not in page and "Riichi" in page
    run(db, "publish", "-o", str(tmp_path / "site"))
    html = (tmp_path / "site" / "awards.html").read_text(encoding="utf-8")
    assert "Yakuman" in html and "役满" in html and "Chicken" not in html and "Most wins" in html


def test_a_staged_games_final_ranking_pdf_and_site_show_the_stage_with_score_and_points(staged: Path,
                                                                                         tmp_path: Path) -> None:
    pdf = tmp_path / "final.pdf"
    run(staged, "report", "standings", "-o", str(pdf))
    page = pages_text(pdf.read_bytes())[0]
    assert "Final" in page and "Qualifying" in page and re.search(r"[+-]\d+\.\d5", page)  # the half carried
    assert "that stage's score" in page.replace("’", "'") and "table points" not in page
    run(staged, "publish", "-o", str(tmp_path / "site"))
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Stage pts" in html and "得分" in html and "that stage&#x27;s score" in html
    assert "table points" not in html


def test_a_staged_games_workbook_adds_the_stage_score_and_points_after_the_old_columns(staged: Path,
                                                                                       tmp_path: Path) -> None:
    import openpyxl

    run(staged, "export", str(tmp_path / "r.xlsx"))
    ws = openpyxl.load_workbook(tmp_path / "r.xlsx")["Standings"]
    head = [c.value for c in ws[1]]
    assert head[:6] == ["Rank 名次", "No. 编号", "Player 选手", "Team 队", "Score 得分", "Points 点数"]
    assert head[6:10] == ["S1 score 第1局得分", "S1 points 第1局点数", "S1 uma 第1局顺位马", "S1 penalty 第1局罚分"]
    assert head[-5:] == ["Stage 阶段", "Stage score 阶段得分", "Stage points 阶段点数",
                         "Carried score 带入得分", "Carried points 带入点数"]
    b = [c.value for c in ws[3]]
    # B carried half of +21.9 and 36,900 into the final: the half keeps its second decimal, as a number
    assert b[:6] == [2, "2", "B", "x", 27.3, 67300] and b[-5:] == ["Final", 16.35, 48850, 10.95, 18450]
    assert [c.value for c in ws[9]][-5:] == ["Qualifying 预赛", -21.2, 23800, 0, 0]
    assert ws["A1"].comment is not None and "places: the stage reached first, then that stage's score" in \
        ws["A1"].comment.text
