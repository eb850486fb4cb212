"""A Riichi event on the desk beyond its score sheet (issue 32 §5): the hall's standings and team block
with the game's score and points and its rule, the Sessions page's progress of a game table (its round,
or over; not "n / 64"), the team standings page's columns."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtGui import QImage, QPainter

from db.read import queries
from db.read.games import GAME
from db.service.games import record_game_line
from db.storage.store import open_database
from referee_app.hall.data import read_hall
from referee_app.hall.pages import PAGES, Frame, Painter, StandingsPage, TeamsPage, award_figure
from referee_app.models.tables import TablesModel
from referee_app.models.team_standings import TeamStandingsModel
from referee_app.words.i18n import LANG
from tests.referee_app.pages.test_game_sheet import make_file, make_window
from tests.reports.game_event import build


def _read(path: Path, fn):  # type: ignore[no-untyped-def]
    with open_database(path) as db, db.factory() as s:
        return fn(s)


def _paint(key: str, data, lang: str, width: int = 1920, height: int = 1080) -> Painter:  # type: ignore[no-untyped-def]
    img = QImage(width, height, QImage.Format.Format_RGB32)
    p = QPainter(img)
    try:
        pt = Painter(p, height)
        PAGES[key].paint(pt, Frame.of(QRect(0, 0, width, height)), data, 0, lang, None)
    finally:
        p.end()
    return pt


def test_the_halls_standings_of_a_game_show_score_and_points_and_the_rule(qapp, tmp_path) -> None:
    data = _read(build(tmp_path), read_hall)
    assert data.columns is GAME
    page, first = StandingsPage(), data.standings[0]
    assert page.header("en", False, data.columns)[3:] == ["Score", "Points"]
    assert page.header("zh", False, data.columns)[3:] == ["得分", "点数"]
    assert page.cells(first, "en", False, data.columns)[3:] == ["+36.1", f"{first.match_points:,}"]
    assert page.rule(data) == GAME.rule  # said under the list: by score, then points
    teams = TeamsPage()
    assert teams.header("en", False, data.columns)[3:] == ["Score", "Points"]
    assert teams.cells(data.teams[0], "en", False, data.columns)[3:] == ["+63.2", "153,200"]
    for lang in ("en", "zh", "both"):
        for key in ("standings", "teams"):
            for size in ((1920, 1080), (1366, 768)):  # a score "+36.1" is wider than table points
                assert _paint(key, data, lang, *size).clipped == [], (key, lang, size)


def test_a_game_tables_progress_is_its_round_then_game_over_not_hands_of_64(qtbot, tmp_path) -> None:
    path = make_file(tmp_path / "riichi.mcr")
    with open_database(path) as db, db.factory.begin() as s:
        for hand in (1, 2):  # noten draws: the deal passes, E1 -> E2 -> E3
            record_game_line(s, 1, 1, hand, {"type": "draw", "tenpai": [], "riichi": []})
    assert [p.game_round for p in _read(path, lambda s: queries.table_progress(s, 1))] == ["E3"]
    window = make_window(qtbot, path)
    window.go("Sessions & tables")
    model = window.pages["Sessions & tables"].model
    assert model.cell(model.rows[0], TablesModel.COL_PROGRESS) == "E3"
    (tmp_path / "over").mkdir()
    over = make_window(qtbot, build(tmp_path / "over"))  # every game over
    over.go("Sessions & tables")
    model = over.pages["Sessions & tables"].model
    assert [model.cell(r, TablesModel.COL_PROGRESS) for r in model.rows] == ["Game over", "Game over"]
    LANG.set("zh")
    assert model.cell(model.rows[0], TablesModel.COL_PROGRESS) == "本局结束"
    model = window.pages["Sessions & tables"].model
    assert model.cell(model.rows[0], TablesModel.COL_PROGRESS) == "东3"  # the round in the reader's words


def test_the_team_standings_of_a_game_are_titled_and_written_as_score_and_points(qtbot, tmp_path) -> None:
    window = make_window(qtbot, build(tmp_path))
    window.go("Standings")
    model: TeamStandingsModel = window.pages["Standings"].team_model
    assert [model.header(c) for c in (model.COL_TABLE_POINTS, model.COL_MATCH_POINTS)] == ["Score", "Points"]
    assert [model.cell(model.rows[0], c) for c in (model.COL_TABLE_POINTS, model.COL_MATCH_POINTS)] == \
        ["+63.2", "153,200"]


def _paint_sub(key: str, data, lang: str, sub: int) -> Painter:  # type: ignore[no-untyped-def]
    img = QImage(1920, 1080, QImage.Format.Format_RGB32)
    p = QPainter(img)
    try:
        pt = Painter(p, 1080)
        PAGES[key].paint(pt, Frame.of(QRect(0, 0, 1920, 1080)), data, sub, lang, None)
    finally:
        p.end()
    return pt


def test_the_halls_awards_of_a_game_say_each_hands_value_and_have_no_chicken_hands(qapp, tmp_path) -> None:
    data = _read(build(tmp_path), read_hall)
    a = data.awards
    assert a is not None and a.game and a.chicken_hands == ()
    assert award_figure(a.best_hands[0], "en") == "Yakuman" and award_figure(a.best_hands[0], "zh") == "役满"
    assert award_figure(a.best_hands[-1], "en") == "2 han 40 fu"
    page = PAGES["awards"]
    frame = Frame.of(QRect(0, 0, 1920, 1080))
    for lang in ("en", "zh", "both"):
        for sub in range(page.count(data, frame)):
            assert _paint_sub("awards", data, lang, sub).clipped == [], (lang, sub)


def test_the_halls_best_hands_of_a_game_session_are_its_wins_by_value(qapp, tmp_path) -> None:
    data = _read(build(tmp_path), lambda s: read_hall(s, session=1))
    assert len(data.best) == 6  # session 1: a long game's 4 wins and a short one's 2
    assert [b.value.yakuman for b in data.best[:1] if b.value] == [1]
    keys = [b.value.key for b in data.best if b.value]
    assert keys == sorted(keys, reverse=True)
    for lang in ("en", "zh", "both"):
        for size in ((1920, 1080), (1366, 768)):
            assert _paint("best", data, lang, *size).clipped == [], (lang, size)


def test_the_desks_stage_ranking_of_a_game_keeps_the_half_carried(qtbot, tmp_path) -> None:
    from referee_app.models import StandingsModel
    from tests.reports.test_game_stages_teams import build_staged

    window = make_window(qtbot, build_staged(tmp_path))
    window.go("Standings")
    page = window.pages["Standings"]
    page.stage.setCurrentIndex(page.stage.findData("Final"))
    model = page.model
    scores = [model.cell(r, StandingsModel.COL_TABLE_POINTS) for r in model.rows]
    assert scores and any(s.endswith("5") and len(s.split(".")[1]) == 2 for s in scores), scores
    assert model.header(StandingsModel.COL_TABLE_POINTS) == "Score"
