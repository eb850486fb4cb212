"""The results workbook and the CSV outputs, parsed back: sheets, types, totals, and no live formula."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from db.rules.safe_text import FORMULA_START, neutralise
from reports.cli import main
from tests.reports.hostile import HOSTILE, REFEREE, STATION, build

NUMBER = re.compile(r"-?\d+(\.\d+)?")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, tuple[str, ...]]]:
    return build(tmp_path_factory.mktemp("hostile"))


@pytest.fixture(scope="module")
def workbook(hostile: tuple[Path, dict[int, tuple[str, ...]]], tmp_path_factory: pytest.TempPathFactory):
    db, _ = hostile
    out = tmp_path_factory.mktemp("xlsx") / "results.xlsx"
    assert main(["--db", str(db), "export", str(out), "--format", "xlsx"]) == 0
    return load_workbook(out)


def _out(db: Path, *argv: str) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["--db", str(db), *argv]) == 0, argv
    return buf.getvalue()


def _records(ws: Worksheet) -> list[dict[str, Any]]:  # a cell holds str, int, float, None…: each test checks
    rows = list(ws.iter_rows(values_only=True))
    return [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]


def test_sheets_and_frozen_headers(workbook) -> None:
    assert workbook.sheetnames == ["Standings", "Teams", "Session 1", "Session 2", "Hands", "Penalties"]
    for ws in workbook.worksheets:
        assert ws.freeze_panes is not None and ws.freeze_panes.endswith("2"), ws.title  # header row frozen
        assert all(isinstance(c.value, str) and c.font.b for c in ws[1]), ws.title


# The column names programs read (a contract, docs/reports.md "Workbook"): they come from the catalogue
# (msgctxt "workbook") and must stay exactly these.
COLUMNS = {
    "Standings": ["Rank 名次", "No. 编号", "Player 选手", "Team 队", "Table pts 标准分", "Match pts 比赛分",
                  "S1 table pts 第1局标准分", "S1 match pts 第1局比赛分"],
    "Teams": ["Rank 名次", "Team 队", "Table pts 标准分", "Match pts 比赛分", "Players 人数", "Members 队员"],
    "Session 1": ["Table 桌", "Seat 座位", "No. 编号", "Player 选手", "Team 队", "Match pts 比赛分",
                  "Session score 局分", "Rank 名次", "Table pts 标准分", "Hands 盘数", "Signed off 已签"],
    "Hands": ["Session 局", "Table 桌", "Hand 盘", "Round 圈风", "Dealer 庄家", "Result 结果", "Winner No. 和牌者编号",
              "Winner 和牌者", "How 方式", "Discarder No. 点和者编号", "Discarder 点和者", "Fans 番数", "Flowers 花牌",
              "Fans (en)", "番种 (zh)", "E No. 东位编号", "E points 东位得失", "S No. 南位编号", "S points 南位得失",
              "W No. 西位编号", "W points 西位得失", "N No. 北位编号", "N points 北位得失", "Entered by 录入"],
    "Penalties": ["Session 局", "Table 桌", "Hand 盘", "Seat 座位", "No. 编号", "Player 选手", "Team 队", "Offence 违例",
                  "Points 罚分", "Settlement 处理", "To No. 受益者编号", "To player 受益者", "Settlement text 处理说明",
                  "Remarks 备注"],
}


def test_the_column_names_are_the_contract(workbook) -> None:
    for sheet, columns in COLUMNS.items():
        assert [c.value for c in workbook[sheet][1]] == columns, sheet
    assert [c.value for c in workbook["Session 2"][1]] == COLUMNS["Session 1"]


def test_the_workbook_says_only_catalogue_texts_in_the_pseudo_locale(workbook, hostile, tmp_path: Path,
                                                                   monkeypatch) -> None:
    """Both report languages set to the pseudo-locale: every column name is one wrapped text, and every
    word in the cells is wrapped or data (names, teams, numbers, fan names, reasons, who entered a hand,
    the winds' characters as in the PDFs). The sheet names are keys programs read and stay English."""
    from reports.pdf import base
    from scoring.mcr.fans import FAN_INFO
    from tests.reports.conftest import unwrapped_words

    monkeypatch.setattr(base, "LANGUAGES", ["xx", "xx"])
    db, _ = hostile
    out = tmp_path / "xx.xlsx"
    assert main(["--db", str(db), "export", str(out), "--format", "xlsx"]) == 0
    book = load_workbook(out)
    assert book.sheetnames == ["Standings", "Teams", "Session 1", "Session 2", "Hands", "Penalties"]
    data = [REFEREE, STATION, "东", "南", "西", "北", *(f(t) for pair in HOSTILE.values() for t in pair for f in (str, neutralise)),
            *(name for info in FAN_INFO.values() for name in (info.zh, info.en)),
            *(r["Remarks 备注"] for r in _records(workbook["Penalties"]))]  # the reasons the referee typed
    for ws in book.worksheets:
        header = [c.value for c in ws[1]]
        assert all(h.startswith("⟦") and h.endswith("⟧") and unwrapped_words(h, []) == [] for h in header), header
        cells = "\n".join(str(v) for row in ws.iter_rows(min_row=2, values_only=True) for v in row if isinstance(v, str))
        assert unwrapped_words(cells, data) == [], (ws.title, cells[:600])


def test_standings_are_numbers_and_match_the_command(workbook, hostile) -> None:
    db, _ = hostile
    expected = json.loads(_out(db, "standings", "--format", "json"))
    rows = _records(workbook["Standings"])
    assert [(r["No. 编号"], r["Rank 名次"], r["Table pts 标准分"], r["Match pts 比赛分"]) for r in rows] == \
        [(e["number"], e["rank"], e["table_points"], e["match_points"]) for e in expected]
    assert all(isinstance(r["Match pts 比赛分"], int) and isinstance(r["Rank 名次"], int) for r in rows)
    assert any(r["Match pts 比赛分"] < 0 for r in rows)  # negative scores stay numbers
    assert sum(r["Table pts 标准分"] for r in rows) == 14  # two tables, 7 each
    assert all(r["S1 match pts 第1局比赛分"] == r["Match pts 比赛分"] for r in rows)


def test_teams_total_their_members(workbook) -> None:
    players = _records(workbook["Standings"])
    for t in _records(workbook["Teams"]):
        members = [p for p in players if p["Team 队"] == t["Team 队"]]
        assert len(members) == t["Players 人数"] == 2
        assert t["Table pts 标准分"] == sum(p["Table pts 标准分"] for p in members)
        assert t["Match pts 比赛分"] == sum(p["Match pts 比赛分"] for p in members)


def test_session_sheet_per_table(workbook, hostile) -> None:
    _, seats = hostile
    rows = _records(workbook["Session 1"])
    assert [(r["Table 桌"], r["No. 编号"]) for r in rows] == [(t, n) for t in (1, 2) for n in seats[t]]
    for t in (1, 2):
        table = [r for r in rows if r["Table 桌"] == t]
        assert sum(r["Table pts 标准分"] for r in table) == 7
        assert all(r["Session score 局分"] == 500 + r["Match pts 比赛分"] for r in table)
        assert sorted(r["Rank 名次"] for r in table)[0] == 1
    # table 1's penalty goes to the others (sum 0); table 2's 10 points are deducted (sum -10)
    assert sum(r["Match pts 比赛分"] for r in rows if r["Table 桌"] == 1) == 0
    assert sum(r["Match pts 比赛分"] for r in rows if r["Table 桌"] == 2) == -10
    unplayed = _records(workbook["Session 2"])
    assert len(unplayed) == 8 and all(r["Match pts 比赛分"] is None for r in unplayed)


def test_every_hand_with_fans_payments_and_who_entered_it(workbook, hostile) -> None:
    _, seats = hostile
    rows = _records(workbook["Hands"])
    assert len(rows) == 8 + 5
    full = [r for r in rows if r["Fans (en)"] and "Pure Straight" in str(r["Fans (en)"])]
    assert len(full) == 2 and all("清龙" in str(r["番种 (zh)"]) for r in full)
    for r in rows:
        pays = [r[f"{s} points {z}位得失"] for s, z in zip("ESWN", "东南西北", strict=True)]
        assert all(isinstance(p, int) for p in pays) and sum(pays) == 0
        assert r["Entered by 录入"] == f"{REFEREE} @ {STATION}"
        if r["Result 结果"] == "draw 荒牌":
            assert r["Winner 和牌者"] is None and pays == [0, 0, 0, 0]
        else:
            assert isinstance(r["Fans 番数"], int) and r["Fans 番数"] >= 8
            assert r["Winner No. 和牌者编号"] in seats[r["Table 桌"]]
    pens = _records(workbook["Penalties"])
    assert [(p["Table 桌"], p["Points 罚分"], p["Remarks 备注"]) for p in pens] == \
        [(1, 30, "'=1+1 wrong tile"), (2, 10, "'-late <b>5 min</b>")]


def test_no_live_formula_in_the_workbook(workbook) -> None:
    texts = []
    for ws in workbook.worksheets:
        for row in ws.iter_rows():
            for c in row:
                assert c.data_type != "f", (ws.title, c.coordinate, c.value)
                if isinstance(c.value, str):
                    assert not c.value.startswith(FORMULA_START), (ws.title, c.coordinate, c.value)
                    texts.append(c.value)
    for name, team in HOSTILE.values():
        assert neutralise(name) in texts and neutralise(team) in texts  # the names are still there, as text
    assert workbook.properties.title == "'=Open <i>2026</i> 公开赛"


@pytest.mark.parametrize("argv", [
    ("players", "list"), ("standings",), ("standings", "--teams"), ("seating", "1"),
    ("results", "list"), ("log",),
])
def test_no_live_formula_in_csv(hostile, argv: tuple[str, ...]) -> None:
    db, _ = hostile
    rows = list(csv.reader(io.StringIO(_out(db, *argv, "--format", "csv"))))
    assert len(rows) > 1
    for row in rows:
        for cell in row:
            if cell.startswith(FORMULA_START):
                assert NUMBER.fullmatch(cell), (argv, cell)  # only a number may start with "-"


def test_csv_keeps_names_and_negative_numbers(hostile) -> None:
    db, _ = hostile
    rows = list(csv.DictReader(io.StringIO(_out(db, "standings", "--format", "csv"))))
    names = {r["number"]: r["name"] for r in rows}
    assert names["1"] == "'" + HOSTILE["1"][0] and names["6"] == "张伟" and names["5"] == HOSTILE["5"][0]
    assert any(r["match_points"].startswith("-") and int(r["match_points"]) < 0 for r in rows)


def test_export_json_is_unchanged(hostile, tmp_path: Path) -> None:
    db, _ = hostile
    out = tmp_path / "all.json"
    assert main(["--db", str(db), "export", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "mcr-tournament-export"
    guessed = tmp_path / "guess.xlsx"  # a .xlsx name without --format: the workbook
    assert main(["--db", str(db), "export", str(guessed)]) == 0
    assert load_workbook(guessed).sheetnames[0] == "Standings"


def test_missing_folder_is_a_message(hostile, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, _ = hostile
    assert main(["--db", str(db), "export", str(tmp_path / "no" / "r.xlsx"), "--format", "xlsx"]) == 1
    assert "does not exist" in capsys.readouterr().err
