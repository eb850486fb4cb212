"""Every item model through qtmodeltester, filled from a real tournament; CSV preview; the wizard."""

from __future__ import annotations

from db.read import queries
from referee_app.dialogs.csv_import import CsvImportDialog
from referee_app.dialogs.wizard import NewTournamentWizard
from referee_app.models import (
    AuditModel,
    CsvPreviewModel,
    FansModel,
    PlayersModel,
    SheetModel,
    StandingsModel,
    SummaryModel,
    TablesModel,
    TeamStandingsModel,
)
from referee_app.pages.sessions import status_of
from scoring.mcr.engine import score
from scoring.model import WinContext


def test_every_model_passes_the_model_tester(qtmodeltester, window):
    sheet = window.pages["Score sheet"]
    window.show_sheet(1, 1)
    num = [p.number for p in sheet.sheet.players]
    assert sheet.record_totals(num[0], num[2], 24)
    assert sheet.record_draw()
    runner = window.ctx.runner

    fans = FansModel()
    fans.set_rows(score("[789m2][777s3][234s3]89sEE7s", WinContext(self_drawn=True)).fans)
    qtmodeltester.check(fans)

    players = PlayersModel(runner.read(queries.players))
    assert players.rowCount() == 8
    qtmodeltester.check(players)

    tables = window.pages["Sessions & tables"].model
    assert tables.rowCount() == 2
    qtmodeltester.check(tables)
    assert isinstance(tables, TablesModel)

    m = SheetModel()
    m.set_sheet(sheet.sheet, sheet.winds_of)
    assert m.rowCount() == 16 and m.columnCount() == 14
    qtmodeltester.check(m)

    summary = SummaryModel()
    summary.set_sheet(sheet.sheet)
    qtmodeltester.check(summary)

    st = StandingsModel()
    st.set_rows(runner.read(queries.standings), 3)
    assert st.columnCount() == 6 + 3
    qtmodeltester.check(st)

    teams = TeamStandingsModel(runner.read(queries.team_standings))
    assert teams.rowCount() == 2
    qtmodeltester.check(teams)

    log = AuditModel(runner.read(queries.audit_log))
    assert log.rowCount() > 0
    qtmodeltester.check(log)

    csv_model = CsvPreviewModel()
    qtmodeltester.check(csv_model)


def test_table_status_words():
    assert status_of(0, False, False) == "not started"
    assert status_of(5, False, False) == "open"
    assert status_of(16, True, False) == "needs attention"
    assert status_of(16, True, True) == "signed off"


def test_csv_preview_names_the_bad_rows(qtbot, tmp_path, qtmodeltester):
    f = tmp_path / "players.csv"
    f.write_text("number,name,team\n1,Ann,Red\n2,,Red\n1,Bo,Blue\n3,Cai\n", encoding="utf-8")
    d = CsvImportDialog(None, str(f))
    qtbot.addWidget(d)
    rows = d.model.rows
    assert [r.line for r in rows] == [2, 3, 4, 5]
    assert rows[0].error == ""
    assert "empty" in rows[1].error
    assert "already used on line 2" in rows[2].error
    assert "fields" in rows[3].error
    assert not d.import_button.isEnabled() and d.players == []
    qtmodeltester.check(d.model)
    f.write_text("number,name,team\n1,Ann,Red\n2,Bo,Blue\n", encoding="utf-8")
    d.load()
    assert d.import_button.isEnabled() and d.import_button.text() == "Import 2 players"
    assert [p.name for p in d.players] == ["Ann", "Bo"]


def test_import_players_from_the_players_page(qtbot, window):
    page = window.pages["Players"]
    from db.service.players import PlayerInput

    assert page.save_players([PlayerInput("9", "Ivy", "Blue"), PlayerInput("1", "Alice Z", "Blue")])
    window.go("Players")
    names = {p.number: p.name for p in page.model.rows}
    assert names["9"] == "Ivy" and names["1"] == "Alice Z"


def test_new_tournament_wizard_creates_a_file(qtbot, tmp_path):
    d = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d)
    d.create_file()
    assert "name" in d.problem.text()
    qtbot.keyClicks(d.name, "Autumn Cup")
    assert d.path.text() == str(tmp_path / "Autumn-Cup.mcr")
    d.sessions.setValue(7)
    d.profile.setCurrentIndex(d.profile.findData("gb"))
    d.create_file()
    assert d.created == str(tmp_path / "Autumn-Cup.mcr")
    from db.storage.store import open_database

    with open_database(d.created) as db, db.factory() as s:
        info = queries.tournament_info(s)
    assert (info.name, info.profile, info.sessions) == ("Autumn Cup", "gb", 7)
    d2 = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d2)
    qtbot.keyClicks(d2.name, "Autumn Cup")
    d2.create_file()  # the file exists: never overwritten
    assert d2.created is None and "already exists" in d2.problem.text()
