"""A staged event's final ranking reads right wherever players look. Built with the
services (tests/staged_event.py: 2 qualifying sessions, a top-4 final carrying half), each output of the
final ranking shows, beside the whole event's totals, the stage reached, the carried points and the stage's
points, with a rule line that says how places are decided; a stage's own ranking is a PDF and a site page."""

from __future__ import annotations

import contextlib
import csv
import io
import json
from pathlib import Path

import openpyxl
import pytest

from db import Database
from reports.cli import main
from tests.reports.conftest import pages_text
from tests.staged_event import build_staged_event

# The final (half of the qualifying points carried): Anna Smith places first with 8 table points (+56) over
# the event, above Marie Dubois (8, +88); the stage's points (6/+68 against 5/+56) are what place them.
ANNA = {"carried": ("2", "-12"), "stage": ("6", "+68")}
RULE_EN = "places: the stage reached first, then that stage's table points, then its match points"
RULE_ZH = "名次：先看所达阶段"
OLD_RULE = "ranking by table points, then match points"


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("staged") / "staged.sqlite"
    db: Database = build_staged_event(path)
    db.close()
    return path


def run(event: Path, *args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", str(event), *args])
    assert code == 0, err.getvalue()
    return out.getvalue()


def test_the_standings_json_adds_the_stage_and_keeps_every_key(event: Path) -> None:
    rows = json.loads(run(event, "standings", "--format", "json"))
    assert [r["name"] for r in rows[:4]] == ["Anna Smith", "Marie Dubois", "Pablo García", "李娜"]
    assert list(rows[0]) == ["rank", "number", "name", "team", "table_points", "match_points", "sessions", "stage"]
    assert (rows[0]["table_points"], rows[0]["match_points"]) == (8.0, 56)  # the whole event's, as before
    assert rows[0]["stage"] == {"name": "Final", "table_points": 6.0, "match_points": 68,
                                "carried_table_points": 2.0, "carried_match_points": -12}
    assert rows[3]["stage"]["carried_table_points"] == 1.5  # half of 李娜's 3 qualifying table points
    assert rows[4]["stage"] == {"name": "qualifying", "table_points": 3.0, "match_points": -2,
                                "carried_table_points": 0.0, "carried_match_points": 0}
    # after session 2 the final's four are known (carried points only); during qualifying nobody is placed by a stage
    after2 = json.loads(run(event, "standings", "--after", "2", "--format", "json"))
    assert after2[0]["stage"] == {"name": "Final", "table_points": 4.0, "match_points": 51,
                                  "carried_table_points": 4.0, "carried_match_points": 51}
    after1 = json.loads(run(event, "standings", "--after", "1", "--format", "json"))
    assert all(list(r) == list(rows[0])[:-1] for r in after1)  # no "stage" key: as an unstaged event's rows
    flat = list(csv.DictReader(io.StringIO(run(event, "standings", "--format", "csv"))))
    assert list(flat[0])[:7] == ["rank", "number", "name", "team", "table_points", "match_points", "sessions"]
    assert (flat[0]["stage"], flat[0]["stage_table_points"], flat[0]["carried_match_points"]) == ("Final", "6", "-12")


def test_the_standings_pdf_shows_the_stage_columns_and_the_rule(event: Path, tmp_path: Path) -> None:
    run(event, "report", "standings", "-o", str(tmp_path / "s.pdf"))
    text = " ".join(pages_text((tmp_path / "s.pdf").read_bytes()))
    assert RULE_EN in text and RULE_ZH in text and OLD_RULE not in text
    assert "Stage" in text and "Carried" in text and "Stage pts" in text
    anna = text[text.index("Anna Smith"):text.index("Marie Dubois")]
    assert "Final" in anna and "2 / -12" in anna and "6 / +68" in anna and "+56" in anna
    brown = text[text.index("John Brown"):]
    assert "Qualifying" in brown and "预赛" in brown


def test_a_stage_has_its_own_pdf(event: Path, tmp_path: Path) -> None:
    run(event, "report", "standings", "--stage", "Final", "-o", str(tmp_path / "final.pdf"))
    text = " ".join(pages_text((tmp_path / "final.pdf").read_bytes()))
    assert "Stage standings" in text and "阶段排名" in text and "Final" in text
    assert "ranking by the stage's table points, then its match points (carried points included)" in text
    assert "John Brown" not in text  # the final's four only
    anna = text[text.index("Anna Smith"):text.index("Marie Dubois")]
    assert "+68" in anna and "2 / -12" in anna and "4 / +80" in anna  # totals, carried, session 3
    code = main(["--db", str(event), "report", "standings", "--stage", "Semi", "-o", str(tmp_path / "x.pdf")])
    assert code == 1 and not (tmp_path / "x.pdf").exists()  # no such stage: refused, nothing written


def test_the_website_shows_the_stage_columns_the_rule_and_a_page_per_stage(event: Path, tmp_path: Path) -> None:
    run(event, "publish", "-o", str(tmp_path / "site"))
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert RULE_EN.replace("'", "&#x27;") in index and RULE_ZH in index and OLD_RULE not in index
    anna = index[index.index("Anna Smith"):index.index("Marie Dubois")]
    assert ">Final<" in anna and '2<span class="sep"> / </span><span class="mp">-12</span>' in anna
    assert '<strong>6<span class="sep"> / </span><span class="mp">+68</span></strong>' in anna
    assert 'href="stages/1.html"' in index  # the stage's page is in the navigation
    stage = (tmp_path / "site" / "stages" / "1.html").read_text(encoding="utf-8")
    assert "Final" in stage and "阶段排名" in stage and "then the rank in the previous stage" in stage
    assert "John Brown" not in stage and stage.index("Anna Smith") < stage.index("Marie Dubois")
    player = (tmp_path / "site" / "players" / "3.html").read_text(encoding="utf-8")
    assert "Final" in player and "6 / +68" in player


def test_the_workbook_adds_the_stage_columns_after_the_old_ones(event: Path, tmp_path: Path) -> None:
    run(event, "export", str(tmp_path / "r.xlsx"))
    ws = openpyxl.load_workbook(tmp_path / "r.xlsx")["Standings"]
    head = [c.value for c in ws[1]]
    assert head[:6] == ["Rank 名次", "No. 编号", "Player 选手", "Team 队", "Table pts 标准分", "Match pts 比赛分"]
    assert head[-5:] == ["Stage 阶段", "Stage table pts 阶段标准分", "Stage match pts 阶段比赛分",
                         "Carried table pts 带入标准分", "Carried match pts 带入比赛分"]
    anna = [c.value for c in ws[2]]
    assert anna[2] == "Anna Smith" and anna[-5:] == ["Final", 6, 68, 2, -12]
    assert [c.value for c in ws[6]][-5:] == ["Qualifying 预赛", 3, -2, 0, 0]
    assert ws["A1"].comment is not None and RULE_EN in ws["A1"].comment.text


def test_the_ema_file_of_a_staged_event_keeps_exactly_its_eight_columns(event: Path, tmp_path: Path) -> None:
    """The upload is defined as the eight columns (rules/TOURNAMENT.md); the stage is in the standings."""
    run(event, "export", str(tmp_path / "ema.csv"), "--format", "ema")
    rows = list(csv.reader(io.StringIO((tmp_path / "ema.csv").read_text(encoding="utf-8-sig"))))
    assert rows[0] == ["Place", "First Name", "Last name", "EMA number", "Table points", "Score", "Ema Member",
                       "Country"]
    assert rows[1] == ["1", "Anna", "Smith", "", "8", "56", "NO", ""]
    assert {len(r) for r in rows} == {8}


def test_the_players_page_shows_the_stage_and_the_rule(event: Path) -> None:
    from db import open_database
    from web.public.page import Page, read_public

    db = open_database(str(event))
    try:
        data = read_public(db)
    finally:
        db.close()
    en, zh = Page(data, "en").index(""), Page(data, "zh").index("")
    anna = en[en.index("Anna Smith"):en.index("Marie Dubois")]
    assert "Final" in anna and 'carried <span class="nw">2 / -12</span>' in anna and "<b>6</b><small>+68</small>" in anna
    assert "places: the stage reached first" in en and "<th>Stage</th>" in en
    assert "名次：先看所达阶段" in zh and '带入 <span class="nw">2 / -12</span>' in zh and "预赛" in zh
    me = Page(data, "en").player("3")
    assert me is not None and "<dt>Stage</dt><dd>Final</dd>" in me and "6 / +68" in me


def test_every_word_of_the_staged_outputs_comes_from_the_catalogue(event: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """In the pseudo-locale every new word (the stage columns, the rule lines, the qualifying stage's name,
    the stage page) is wrapped; only the tournament's data (names, numbers, the stage's name) is not."""
    from db import open_database
    from db.read import queries
    from reports.pdf import base
    from reports.pdf.standings import StageStandings, Standings, StandingsReport
    from reports.site.pages import build_pages
    from reports.snapshot import read_snapshot
    from tests.reports.conftest import unwrapped_words
    from tests.reports.site.test_site_texts import AT, data_of, unwrapped

    db = open_database(str(event))
    try:
        with db.reader() as s:
            snap = read_snapshot(s)
            final = queries.stage_standings(s, "Final")
    finally:
        db.close()
    monkeypatch.setattr(base, "LANGUAGES", ["xx", "xx"])
    data = sorted([*data_of(snap), "Final", "UTC"], key=len, reverse=True)  # UTC: the time of the PDF's frame
    pages = build_pages(snap, AT)
    for rel in ("index.html", "stages/1.html", "players/3.html"):
        assert unwrapped(pages[rel], data) == [], rel
    for report in (Standings("Staged Open", 3, snap.standings), StageStandings("Staged Open", "Final", 3, 3, final)):
        text = " ".join(pages_text(StandingsReport().render(report)))
        assert unwrapped_words(text, data) == [], type(report).__name__


def test_a_staged_ranking_of_22_players_fits_one_page(event: Path) -> None:
    """A walk-through: "Qualifying" over "预赛" made every qualifying row two lines tall, and 20
    players' final ranking left its last row alone on a second page. The stage's name is one line."""
    import dataclasses

    from db import open_database
    from reports.pdf.standings import Standings, StandingsReport, stage_cells
    from reports.snapshot import read_snapshot

    db = open_database(str(event))
    try:
        with db.reader() as s:
            rows = list(read_snapshot(s).standings)
    finally:
        db.close()
    qualifying = [r for r in rows if r.stage is not None and r.stage.stage == "qualifying"]
    assert stage_cells(qualifying[0].stage)[0] == "Qualifying 预赛"
    field = rows[:4] + [dataclasses.replace(qualifying[k % len(qualifying)], rank=k + 1, number=str(100 + k))
                        for k in range(4, 22)]
    assert len(pages_text(StandingsReport().render(Standings("Staged Open", 3, field)))) == 1
