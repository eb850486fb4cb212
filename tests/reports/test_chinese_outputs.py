"""A Chinese system's event leaves the building right (issue 33): the score sheet PDF (English and Chinese), the
session results PDF, the prize list, the website, the workbook and the hall's figures of a Guangdong and a
Sichuan tournament built with the ``mcr-tournament`` commands (tests/reports/chinese_event.py), each read back
(``pdftotext -layout``, html.parser, openpyxl) and checked against the store's own ``results list --format
json``: every hand's kind, winners, totals, fans, payments and points, and the session as table points.

On the code before, every one of these outputs was Riichi's: "Riichi score sheet", "0 han 0 fu", honba and
deposits columns, uma and a score in thousands ("+4.0"), a prize list of "152 han 0 fu"."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from db.read import queries
from db.storage.store import open_database
from reports.cli import main
from tests.reports.chinese_event import build
from tests.reports.game_event import run
from tests.reports.site.test_site import parse

GD, SC = "guangdong-tuidaohu", "sichuan-xuezhan"


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return {p: build(tmp_path_factory.mktemp(p), p) for p in (GD, SC)}


def _out(db: Path, *argv: str) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["--db", str(db), *argv]) == 0, argv
    return buf.getvalue()


def _hands(db: Path) -> list[dict[str, Any]]:
    """The hands of ``results list --format json`` (its time call left out)."""
    rows: list[dict[str, Any]] = json.loads(_out(db, "results", "list", "--format", "json"))
    return [r for r in rows if "round" in r]


def _seats(db: Path) -> list[str]:
    """The players' numbers at the starting seats E, S, W, N."""
    return list(json.loads(_out(db, "seating", "1", "--format", "json"))[0]["seats"].values())


def _pdf(db: Path, tmp: Path, *argv: str) -> str:
    out = tmp / "out.pdf"
    run(db, "report", *argv, "-o", str(out))
    return subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout


def _signed(v: int) -> str:
    return f"{v:+,}" if v else "0"


def _hand_line(text: str, hand: int) -> str:
    """The first line of hand ``hand`` on a sheet: it starts with the hand's number and its round."""
    found = re.search(rf"^\s*{hand}\s+(E|东)\d.*$", text, re.M)
    assert found, f"hand {hand} not on the sheet:\n{text}"
    return found.group(0)


def _sheet(db: Path, tmp: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("LANGUAGE", lang)
    return _pdf(db, tmp, "scoresheets", "--session", "1")


# -- the score sheet ------------------------------------------------------------------------------------------


def test_guangdong_sheet_names_each_hand_its_winners_totals_fans_and_payments_in_english(
        events: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = events[GD]
    text = _sheet(db, tmp_path, "en", monkeypatch)
    hands = _hands(db)
    assert "Score sheet" in text and "Riichi score sheet" not in text and "Guangdong push-to-win" in text
    for word in ("Honba", "Deposits", "Riichi", "Han", "fu", "Uma", "Pao", "Yaku"):
        assert not re.search(rf"\b{word}\b", text), word
    # hand 1: E's self-drawn all pungs, total 16, the win and the horses each on a line with its changes
    first = _hand_line(text, 1)
    assert re.search(r"\bSelf-drawn\s+E\s+16\s+All Pungs \(碰碰胡\) 8\s+Win E\b", first), first
    win, horse = (p["deltas"] for p in hands[0]["breakdown"])
    seats = _seats(db)
    assert [p["kind"] for p in hands[0]["breakdown"]] == ["win", "horse"]
    assert first.split("Win E")[1].split() == [_signed(win[n]) for n in seats]
    assert re.search(r"Horses E\s+" + r"\s+".join(re.escape(_signed(horse[n])) for n in seats), text)
    # hand 2: two winners on W's discard with their totals, in the order of play from W (N, then S), the kong by
    # its kind; the hand's change and points
    assert re.search(r"Win on a discard\s+N\s*←\s*W\s+152\s+All Honours \(字一色\) 64,", text)
    assert re.search(r"S\s*←\s*W\s+24\s+Seven Pairs \(七对\) 16, Half Flush \(混一色\) 8", text)
    assert "Big Four Winds (大四喜) 88" in text and "Concealed kong E" in text
    second = hands[1]
    total = re.search(r"Hand's change\s+(.*)$", text, re.M)
    assert total is not None
    # hand 1's line of the hand's change comes first: its changes and points after, seat by seat
    assert total.group(1).split() == [x for n in seats for x in (_signed(hands[0]["deltas"][n]),
                                                                 _signed(hands[0]["scores"][n]))]
    assert [p["kind"] for p in second["breakdown"]] == ["win", "win", "kong"]
    # hand 3: a draw with W's melded kong: one payment, so its changes and the points share its line
    third = _hand_line(text, 3)
    after = third.split("Melded kong W")[1].split()
    expected = [x for n in seats for x in (_signed(hands[2]["deltas"][n]), _signed(hands[2]["scores"][n])) if x != "0"]
    assert re.search(r"\bDraw\b", third) and after == [x for x in expected if x]
    # the session's result: MCR's table points (3/1/0/3: E and N tie first and share 4 + 2) on the points
    results = re.search(r"Table points.*?\n(.*)", text, re.S)
    assert results is not None
    standings = {r["number"]: r for r in json.loads(_out(db, "standings", "--format", "json"))}
    for i, n in enumerate(seats):
        row = re.search(rf"^\s*{'ESWN'[i]}\s+{n}\s+.*$", text, re.M)
        assert row is not None, n
        figures = row.group(0).split("Chief referee")[0].split()[-3:]  # the signature box stands beside
        assert figures == [_signed(standings[n]["match_points"]), str(1 + sum(
            standings[m]["match_points"] > standings[n]["match_points"] for m in seats)),
            f"{standings[n]['table_points']:g}"], row.group(0)
    assert sorted(standings[n]["table_points"] for n in seats) == [0, 1, 3, 3]


def test_guangdong_sheet_in_chinese_says_its_words_in_chinese(
        events: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _sheet(events[GD], tmp_path, "zh", monkeypatch)
    for words in ("广东推倒胡", "自摸", "碰碰胡 8", "和牌 东", "买马 东", "点炮和牌", "七对 16、混一色 8",
                  "暗杠 东", "明杠 西", "荒牌", "本盘得失", "标准分"):
        assert words in text, words
    assert re.search(r"南\s*←\s*西", text)
    assert "All Pungs" not in text and "Self-drawn" not in text and "本场" not in text


def test_sichuan_sheet_shows_each_win_of_a_hand_and_the_end_of_wall_checks(
        events: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = events[SC]
    hands = _hands(db)
    text = _sheet(db, tmp_path, "en", monkeypatch)
    # hand 1: three winners in the order they won, each with its own kind, who and total
    assert re.search(r"Self-drawn win\s+W\s+4\s+Pure Suit \(清一色\) 2, Seven Pairs \(七对\) 2", text)
    assert re.search(r"Win on a discard\s+S\s*←\s*E\s+1\b", text) and re.search(r"Win on a discard\s+N\s*←\s*E\s+2\b", text)
    assert [p["kind"] for p in hands[1]["breakdown"]] == ["kong", "win", "flower_pig", "not_ready", "refund"]
    seats = _seats(db)
    for kind, word in (("flower_pig", "Flower pig (three suits)"), ("not_ready", "Not ready: pays the ready players"),
                       ("refund", "Kong refund (not ready)")):
        changes = next(p["deltas"] for p in hands[1]["breakdown"] if p["kind"] == kind)
        line = re.search(re.escape(word) + r"\s+(.*)$", text, re.M)
        assert line is not None, word
        assert line.group(1).split() == [_signed(changes[n]) for n in seats if changes[n]], word
    assert "Melded kong E" in text and "Concealed kong E" in text
    zh = _sheet(db, tmp_path, "zh", monkeypatch)
    for words in ("四川血战到底", "自摸和牌", "点炮和牌", "查花猪", "退税", "明杠 东", "暗杠 东"):
        assert words in zh, words


# -- the results, the prize list ---------------------------------------------------------------------------------


def test_results_pdf_of_a_chinese_session_is_table_points_and_points_not_uma(events: dict[str, Path],
                                                                           tmp_path: Path) -> None:
    db = events[GD]
    text = _pdf(db, tmp_path, "results", "--session", "1")
    assert "Table pts" in text and "table points 4/2/1/0" in text
    assert "Uma" not in text and "uma" not in text and "return" not in text
    standings = {r["number"]: r for r in json.loads(_out(db, "standings", "--format", "json"))}
    for n, r in standings.items():
        assert re.search(rf"\b{n}\s+\S.*?{re.escape(_signed(r['match_points']))}\s+\d\s+{r['table_points']:g}\s*$",
                         text, re.M), n
    biggest = text.split("Biggest hands")[1]
    assert re.search(r"^\s*152\s+1\s+2\s+Dora Diaz\s+All Honours 字一色 64 · Big Four Winds 大四喜 88", biggest, re.M)


def test_prize_list_ranks_chinese_wins_by_their_total(events: dict[str, Path], tmp_path: Path) -> None:
    db = events[GD]
    text = _pdf(db, tmp_path, "awards")
    assert "Best hands (the total, then the points paid)" in text and not re.search(r"\bhan\b", text)
    best = text.split("Best hand of each session")[0]
    assert re.search(r"Total\s+Fans", best)
    totals = [int(t) for t in re.findall(r"^\s*\d\s+1\s+1\s+\d\s+.*?\(1\d\)\s+(\d+)\s", best, re.M)]
    assert totals == [152, 24, 16]
    assert "Pearl: 4 table points 标准分, +105 match points" in text  # the best team: MCR's words, not a score
    best = json.loads(_out(db, "awards", "--format", "json"))["best_hands"]
    assert best[0]["total"] == 152 and best[0]["han"] == 152  # the contract's han kept, the total by name


def test_hall_says_a_chinese_win_by_its_total(events: dict[str, Path]) -> None:
    from referee_app.hall.pages import award_figure

    with open_database(events[GD]) as database, database.factory() as s:
        best = queries.awards(s).best_hands
    assert [award_figure(b, "en") for b in best] == ["Total 152", "Total 24", "Total 16"]
    assert award_figure(best[0], "zh") == "合计 152"


# -- the website, the workbook ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sites(events: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for p, db in events.items():
        folder = tmp_path_factory.mktemp(f"site-{p}")
        _out(db, "publish", "-o", str(folder))
        out[p] = folder
    return out


def test_site_table_page_lists_each_hand_with_its_wins_and_payments(events: dict[str, Path],
                                                                    sites: dict[str, Path]) -> None:
    db = events[GD]
    page = parse(sites[GD] / "tables" / "1-1.html").visible
    for word in ("Honba", "Deposits", "Uma", " han "):
        assert word not in page, word
    assert "Self-drawn 自摸" in page and "Total 合计 16 · All Pungs 碰碰胡 8" in page
    assert "Win on a discard 点炮和牌 Dora Diaz ← 陈伟 Chen Wei · Total 合计 152" in page
    assert "Bob Brown ← 陈伟 Chen Wei · Total 合计 24" in page
    assert "Horses 买马 李明 Li Ming: E 东 +64, S 南 -16, W 西 -32, N 北 -16" in page
    assert "Concealed kong 暗杠 李明 Li Ming" in page and "Melded kong 明杠 陈伟 Chen Wei: S 南 -3, W 西 +3" in page
    assert re.search(r"Table points\s*标准分", page) and "table points 4/2/1/0" in page
    standings = json.loads(_out(db, "standings", "--format", "json"))
    index = parse(sites[GD] / "index.html").visible
    assert "Table points" in index and "+4.0" not in index and "3 / +118" in index
    assert standings[0]["table_points"] == 3.0 and standings[0]["match_points"] == 118
    sichuan = parse(sites[SC] / "tables" / "1-1.html").visible
    assert "Self-drawn win 自摸和牌 陈伟 Chen Wei · Total 合计 4" in sichuan
    assert "Flower pig (three suits) 查花猪（三门花色）: E 东 +8, S 南 -16, N 北 +8" in sichuan
    awards = parse(sites[GD] / "awards.html").visible
    assert re.search(r"Total\s*合计\s*Fans", awards) and "Dora Diaz (14)152All Honours 字一色 64" in awards and "all_honours" not in awards


def test_workbook_has_the_hands_with_their_wins_and_every_payment(events: dict[str, Path], tmp_path: Path) -> None:
    for profile in (GD, SC):
        db = events[profile]
        out = tmp_path / f"{profile}.xlsx"
        _out(db, "export", str(out), "--format", "xlsx")
        wb = openpyxl.load_workbook(out)
        assert wb.sheetnames == ["Standings", "Teams", "Session 1", "Hands", "Payments", "Penalties"]
        session = list(wb["Session 1"].iter_rows(values_only=True))
        assert session[0][5:8] == ("Match pts 比赛分", "Rank 名次", "Table pts 标准分")
        standings = {r["number"]: r for r in json.loads(_out(db, "standings", "--format", "json"))}
        for row in session[1:]:
            assert (row[5], row[7]) == (standings[row[2]]["match_points"], standings[row[2]]["table_points"])
        hands = _hands(db)
        payments = list(wb["Payments"].iter_rows(values_only=True))[1:]
        seats = _seats(db)
        for h in hands:  # each hand's payments, in order, sum to its changes
            mine = [r for r in payments if r[2] == h["hand"]]
            assert len(mine) == len(h["breakdown"])
            for r, p in zip(mine, h["breakdown"], strict=True):
                assert list(r[5:9]) == [p["deltas"][n] for n in seats]
            assert [sum(r[5 + i] for r in mine) for i in range(4)] == [h["deltas"][n] for n in seats]
        rows = list(wb["Hands"].iter_rows(values_only=True))
        header = rows[0]
        total, fans = header.index("Total 合计"), header.index("Fans (en) 番种 (en)")
        winners = [w for h in hands for e in h.get("events", [h])
                   for w in (e.get("winners", []) if e.get("type") == "ron" else [e] if e.get("type") == "tsumo" else [])]
        assert [r[total] for r in rows[1:] if r[total] is not None] == [w["total"] for w in winners]
        if profile == GD:
            assert rows[1][fans] == "All Pungs 8" and rows[1][fans + 1] == "碰碰胡 8"


def test_a_chinese_workbooks_standings_are_mcrs_sheet_with_its_points_as_numbers(events: dict[str, Path],
                                                                                tmp_path: Path) -> None:
    """A Chinese system's session result is MCR's table points: its Standings sheet is MCR's (one function
    writes both: the same columns, widths and rule), its points whole numbers where they are whole."""
    for profile in (GD, SC):
        out = tmp_path / f"{profile}-standings.xlsx"
        _out(events[profile], "export", str(out), "--format", "xlsx")
        ws = openpyxl.load_workbook(out)["Standings"]
        rows = list(ws.iter_rows(values_only=True))
        assert [str(h).split(" ")[0] for h in rows[0][4:]] == ["Table", "Match", "S1", "S1"]
        assert str(rows[0][6]).startswith("S1 table pts") and str(rows[0][7]).startswith("S1 match pts")
        # MCR's widths: 11 for each points column
        assert [ws.column_dimensions[c].width for c in "ABCDEFGH"] == [8, 9, 26, 20, 11, 11, 11, 11]
        assert ws["A1"].comment.text.startswith("ranking by table points, then match points")
        standings = {r["number"]: r for r in json.loads(_out(events[profile], "standings", "--format", "json"))}
        for row in rows[1:]:
            assert (row[4], row[5]) == (standings[row[1]]["table_points"], standings[row[1]]["match_points"])
            assert all(isinstance(v, int) for v in row[5:8:2])  # match points: whole, written as whole numbers


def test_players_page_lists_the_hands_a_player_won_and_dealt_in_with_their_totals(events: dict[str, Path]) -> None:
    """The public players' page read MCR's hand rows only: a Chinese system's winner had "Hands won (0)"."""
    from web.public.page import Page, read_public

    def hands_part(profile: str, number: str, lang: str) -> str:
        with open_database(events[profile]) as db:
            page = Page(read_public(db), lang).player(number)
        assert page is not None
        return " ".join(re.sub(r"<[^>]+>", " ", page.split('class="facts"')[1]).split())

    bob = hands_part(GD, "12", "en")  # S: won hand 2 on W's discard, total 24, +22 with E's kong paid
    assert "Hands won (1) S1 T1 hand 2 Total 24 · +22 · from 陈伟 Chen Wei Seven Pairs 16 · Half Flush 8" in bob
    assert "Dealt in (0)" in bob
    chen = hands_part(GD, "13", "zh")  # W: dealt in twice on hand 2
    assert "点炮（2 盘）" in chen and "合计 152 · -178 · 和牌者 Dora Diaz 字一色 64 · 大四喜 88" in chen
    li = hands_part(SC, "11", "en")  # E, Sichuan: dealt in to two winners of one hand
    assert "Dealt in (2) S1 T1 hand 1 Total 1 · -9 · won by Bob Brown" in li and "Total 2 · -9 · won by Dora Diaz" in li
