"""The results workbook and the CSV outputs, parsed back: sheets, types, totals, and no live formula."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from db.safe_text import FORMULA_START, neutralise
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


def _records(ws: Worksheet) -> list[dict[str, object]]:
    rows = list(ws.iter_rows(values_only=True))
    return [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]


def test_sheets_and_frozen_headers(workbook) -> None:
    assert workbook.sheetnames == ["Standings", "Teams", "Session 1", "Session 2", "Hands", "Penalties"]
    for ws in workbook.worksheets:
        assert ws.freeze_panes is not None and ws.freeze_panes.endswith("2"), ws.title  # header row frozen
        assert all(isinstance(c.value, str) and c.font.b for c in ws[1]), ws.title


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
