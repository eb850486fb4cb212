"""A staged event's final ranking on the Standings page, the
projector and the hall shows the stage reached, the carried points and the stage's points, with the rule
that places the players; Reports offers a stage's standings PDF (real window, real file, pytest-qt)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.reports.conftest import pages_text
from tests.staged_event import build_staged_event


@pytest.fixture
def staged_window(qtbot, tmp_path: Path):  # type: ignore[no-untyped-def]
    from referee_app.shell.main import create_window

    path = tmp_path / "staged.mcr"
    build_staged_event(path).close()
    w = create_window(str(path))
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    return w


def _texts(model, row: int) -> list[str]:  # type: ignore[no-untyped-def]
    return [model.data(model.index(row, c)) for c in range(model.columnCount())]


def test_the_standings_page_shows_the_stage_columns_and_the_rule(staged_window) -> None:  # type: ignore[no-untyped-def]
    staged_window.go("Standings")
    page = staged_window.pages["Standings"]
    m, h = page.model, Qt.Orientation.Horizontal
    assert [m.headerData(c, h) for c in (m.COL_STAGE, m.COL_CARRIED, m.COL_STAGE_POINTS)] == \
        ["Stage", "Carried", "Stage points"]
    assert m.COL_SESSIONS == 9 and m.headerData(m.COL_SESSIONS, h) == "Session 1"
    anna = _texts(m, 0)
    assert anna[m.COL_NAME] == "Anna Smith" and anna[m.COL_MATCH_POINTS] == "+56"
    assert anna[m.COL_STAGE:m.COL_SESSIONS] == ["Final", "2 (-12)", "6 (+68)"]
    assert _texts(m, 3)[m.COL_CARRIED] == "1.5 (+2)"  # a carried half keeps its .5
    assert _texts(m, 4)[m.COL_STAGE:m.COL_SESSIONS] == ["Qualifying", "–", "3 (-2)"]
    assert page.rule.text().startswith("places: the stage reached first") and page.rule.isVisible()
    staged_window.set_language("zh")
    assert m.headerData(m.COL_STAGE_POINTS, h) == "阶段得分"
    assert page.rule.text().startswith("名次：先看所达阶段") and _texts(m, 4)[m.COL_STAGE] == "预赛"
    staged_window.set_language("en")
    page.stage.setCurrentIndex(page.stage.findData("Final"))  # one stage's own ranking
    assert page.model.rowCount() == 4
    assert page.rule.text().startswith("ranking by the stage's table points")


def test_the_standings_choices_show_their_whole_text(staged_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A walk-through at 1366×768: the boxes, filled after the page first showed, read "Stage Fin" and
    "live stan"."""
    staged_window.go("Standings")
    page = staged_window.pages["Standings"]
    page.stage.setCurrentIndex(page.stage.findData("Final"))
    qtbot.wait(10)  # the layout's turn
    for box in (page.stage, page.public):
        assert box.isVisible() and box.currentText() in ("Stage Final", "live standings")
        room = box.style().subElementRect(box.style().SubElement.SE_ComboBoxFocusRect, _combo_option(box), box)
        assert box.fontMetrics().horizontalAdvance(box.currentText()) <= room.width(), (box.currentText(), room)


def _combo_option(box):  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QStyleOptionComboBox

    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    return option


def test_the_projector_shows_the_stage_columns_and_the_rule(staged_window) -> None:  # type: ignore[no-untyped-def]
    from referee_app.pages.standings import ProjectorView

    view = ProjectorView(staged_window.ctx)
    try:
        m = view.model
        assert _texts(m, 0)[m.COL_STAGE:m.COL_SESSIONS] == ["Final", "2 (-12)", "6 (+68)"]
        assert view.rule.text().startswith("places: the stage reached first")
    finally:
        view.close()


def test_reports_prints_a_stage_standings_pdf(staged_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    staged_window.go("Reports")
    page = staged_window.pages["Reports"]
    keys = [k for k, *_rest in __import__("referee_app.pages.reports", fromlist=["REPORTS"]).REPORTS]
    row = keys.index("stage")
    assert not page.list.item(row).isHidden() and page.list.item(row).text() == "Stage standings"
    page.list.setCurrentRow(row)
    assert page.stage.isEnabled() and page.stage.currentText() == "Final"
    assert page.default_name() == "stage-standings-1.pdf"
    assert page.save_to(str(tmp_path / "final.pdf"))
    text = " ".join(pages_text((tmp_path / "final.pdf").read_bytes()))
    assert "Stage standings" in text and "Anna Smith" in text and "John Brown" not in text
    page.list.setCurrentRow(keys.index("standings"))  # the final ranking's PDF has the stage columns
    assert page.save_to(str(tmp_path / "all.pdf"))
    assert "places: the stage reached first" in " ".join(pages_text((tmp_path / "all.pdf").read_bytes()))


def test_reports_hides_stage_standings_without_stages(window) -> None:  # type: ignore[no-untyped-def]
    window.go("Reports")
    page = window.pages["Reports"]
    from referee_app.pages.reports import REPORTS

    assert page.list.item([k for k, *_r in REPORTS].index("stage")).isHidden()


def test_the_hall_shows_the_stage_and_the_rule_without_cutting_text(qtbot, staged_window) -> None:  # type: ignore[no-untyped-def]
    from referee_app.hall.pages import PAGES, StandingsPage
    from referee_app.hall.window import HallOptions, HallWindow

    for lang in ("both", "en", "zh"):
        hall = HallWindow(staged_window.ctx, HallOptions(lang=lang, pages=["standings"]))
        qtbot.addWidget(hall)
        hall.show_page("standings")
        hall.render_image(1920, 1080)
        assert hall.clipped == [], lang
        page = PAGES["standings"]
        data = hall.data
        assert isinstance(page, StandingsPage) and data is not None
        assert page.staged(data)
        assert page.header(lang, True)[2:] == {
            "en": ["Stage", "Stage pts", "TP / MP"], "zh": ["阶段", "阶段得分", "标准分 / 比赛分"],
            "both": ["Stage  阶段", "Stage pts  阶段得分", "TP / MP  标准分 / 比赛分"]}[lang]
        anna = page.cells(data.standings[0], lang, True)
        assert anna[1] == "Anna Smith" and anna[3:] == ["6 / +68", "8 / +56"]
        assert anna[2] == {"en": "Final  ·  carried 2 / -12", "zh": "Final  ·  带入 2 / -12",
                           "both": "Final  ·  carried  带入 2 / -12"}[lang]
        assert page.cells(data.standings[4], lang, True)[2] == {"en": "Qualifying", "zh": "预赛",
                                                                 "both": "Qualifying  预赛"}[lang]


def test_the_hall_keeps_a_finalists_points_on_one_line_at_1366x768(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A walk-through: at 1366×768 the finalists' "7 / +141.5" was drawn as "7 /" over "+141.5" (the
    first four rows, the ones the hall is looked at for). Points shrink further before they take two lines."""
    import re

    from db import open_database
    from db.service.players import PlayerInput, import_players
    from db.service.stages import add_stage
    from db.service.tournament import create_tournament
    from referee_app.base.context import TournamentContext
    from referee_app.base.runner import Runner
    from referee_app.hall.window import HallOptions, HallWindow
    from tests import staged_event as ev

    db = open_database(str(tmp_path / "big.mcr"), create=True)
    try:
        with db.factory.begin() as s:
            create_tournament(s, "Big Open", sessions=2, hands_per_session=2, actor=ev.ACTOR)
            import_players(s, [PlayerInput(str(i), n) for i, n in enumerate(ev.NAMES, start=1)], ev.ACTOR)
            add_stage(s, "Final", 1, 4, "half", "rank", ev.ACTOR)
        # big hands: match points in the hundreds, carried halves with .5
        ev._play(db, 1, [(["1", "2", "3", "4"], [("2", "3", 88), ("1", "4", 25)]),
                         (["5", "6", "7", "8"], [("5", "8", 64), ("6", "7", 9)])])
        ev._play(db, 2, [(["1", "5", "2", "6"], [("2", "1", 87), ("5", "6", 13)]),
                         (["3", "7", "4", "8"], [("3", "8", 16), ("7", "4", 10)])])
        from db.read import queries

        with db.reader() as s:
            final = [v for v in queries.stages(s) if v.name == "Final"][0].players
        assert final is not None
        a, b, c, d = final
        ev._play(db, 3, [([a, b, c, d], [(b, c, 88), (a, d, 24)])])
        ctx = TournamentContext(db, Runner(db.factory, db.reader), str(tmp_path / "big.mcr"))
        for lang in ("en", "zh", "both"):
            hall = HallWindow(ctx, HallOptions(lang=lang, pages=["standings"]))
            qtbot.addWidget(hall)
            hall.resize(1366, 768)
            hall.show_page("standings")
            hall.render_image(1366, 768)
            assert hall.data is not None
            cells = [hall.data.standings[k] for k in range(4)]
            assert any(abs(c.stage.match_points) >= 100 for c in cells)  # type: ignore[union-attr]
            split = [t for t in hall.wrapped if re.fullmatch(r"-?[\d.]+ / [+-]?[\d.]+", t)]
            assert split == [] and hall.clipped == [], (lang, split, hall.clipped)
    finally:
        db.close()


def test_the_standings_page_names_the_substitutes_who_played_under_the_ranking(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A walk-through: 赵敏, a substitute with +60 in session 1, was in no ranking at the desk and
    named nowhere on the page (`standings` names her); the stage's carried note named numbers only."""
    import json

    from referee_app.shell.main import create_window
    from tests.substitutes_event import run_cli, seated_with_substitutes

    db = seated_with_substitutes(tmp_path)
    (tmp_path / "r.jsonl").write_text(json.dumps(
        {"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "5", "self_drawn": True, "fan": 8}) + "\n",
        encoding="utf-8")
    run_cli(db, "results", "import", str(tmp_path / "r.jsonl"))
    w = create_window(str(db))
    qtbot.addWidget(w)
    w.go("Standings")
    page = w.pages["Standings"]
    names = [page.model.data(page.model.index(r, page.model.COL_NAME)) for r in range(page.model.rowCount())]
    assert "Zhao Min" not in names and "Ann" in names  # not ranked ...
    assert page.stage_note.text().startswith("not ranked (substitutes): 5 Zhao Min (4, +48)"), page.stage_note.text()
    w.set_language("zh")
    assert page.stage_note.text().startswith("不参加排名（替补）：5 Zhao Min"), page.stage_note.text()
    w.set_language("en")


def test_the_stage_view_names_who_carried_what(staged_window) -> None:  # type: ignore[no-untyped-def]
    staged_window.go("Standings")
    page = staged_window.pages["Standings"]
    page.stage.setCurrentIndex(page.stage.findData("Final"))
    assert "3 Anna Smith carried 2 / -12" in page.stage_note.text(), page.stage_note.text()


def test_the_sessions_page_counts_a_final_of_one_table_in_the_singular(staged_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A walk-through at 1366×768: "1 tables, 1 finished, 4 hands recorded" under the final, and the
    clock's table box read "all tabl"."""
    staged_window.go("Sessions & tables")
    page = staged_window.pages["Sessions & tables"]
    page.session.setCurrentIndex(page.session.findData(3))
    assert page.summary.text() == "1 table, 1 finished, 2 hands recorded", page.summary.text()
    page.session.setCurrentIndex(page.session.findData(1))
    assert page.summary.text().startswith("2 tables, 2 finished")
    staged_window.set_language("zh")
    assert page.summary.text().startswith("2 桌，2 桌已完成")
    staged_window.set_language("en")
    box = page.clock.table
    qtbot.wait(10)
    assert box.currentText() == "all tables"
    room = box.style().subElementRect(box.style().SubElement.SE_ComboBoxFocusRect, _combo_option(box), box)
    assert box.fontMetrics().horizontalAdvance(box.currentText()) <= room.width(), room
