"""The team editor: rename a team and move players between teams, saved through the player edit service
(``import_players``) into the real tournament file; teams over the limit are refused before saving."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from sqlalchemy import update

from db.models import Player
from db.read import queries
from referee_app.dialogs.teams import TeamsDialog


def teams_of(window) -> dict[str, str | None]:
    return {p.number: p.team for p in window.ctx.runner.read(queries.players)}


def select_team(d: TeamsDialog, team: str | None) -> None:
    for r in range(d.team_list.count()):
        if d.team_list.item(r).data(Qt.ItemDataRole.UserRole) == team:
            d.team_list.setCurrentRow(r)
            return
    raise AssertionError(f"no team {team}")


def select_members(d: TeamsDialog, numbers: set[str]) -> None:
    d.members.clearSelection()
    for r in range(d.members.count()):
        item = d.members.item(r)
        item.setSelected(item.data(Qt.ItemDataRole.UserRole) in numbers)


def test_rename_and_move_then_save(qtbot, window):
    page = window.pages["Players"]
    window.go("Players")
    d = TeamsDialog(page, page.model.rows)
    qtbot.addWidget(d)
    ok = d.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert [d.team_list.item(r).text() for r in range(d.team_list.count())] == ["Blue  (4)", "Red  (4)"]
    assert not ok.isEnabled() and d.problem.text() == "No change yet."
    select_team(d, "Red")
    assert [d.members.item(r).data(Qt.ItemDataRole.UserRole) for r in range(d.members.count())] == \
        ["2", "4", "6", "8"]
    qtbot.keyClicks(d.new_name, "Dragons")
    qtbot.mouseClick(d.rename_button, Qt.MouseButton.LeftButton)
    assert d.current_team() == "Dragons" and d.problem.text() == "4 players change team."
    # renaming onto an existing team is refused with a reason
    qtbot.keyClicks(d.new_name, "Blue")
    assert not d.rename_current()
    assert "already exists" in d.problem.text()
    # move two Dragons to a new team, one to no team
    select_members(d, {"2", "4"})
    d.target.setCurrentText("Phoenix")
    qtbot.mouseClick(d.move_button, Qt.MouseButton.LeftButton)
    select_members(d, {"6"})
    d.target.setCurrentText("")
    assert d.move_selected() == 1
    assert ok.isEnabled()
    changes = d.changes()
    assert {c.number: c.team for c in changes} == {"2": "Phoenix", "4": "Phoenix", "6": None, "8": "Dragons"}
    assert all(c.name for c in changes)
    assert page.save_players(changes)
    teams = teams_of(window)
    assert teams == {"1": "Blue", "3": "Blue", "5": "Blue", "7": "Blue", "2": "Phoenix", "4": "Phoenix",
                     "6": None, "8": "Dragons"}
    assert page.model.rows and {r.number: r.team for r in page.model.rows} == teams  # the page refreshed


def test_a_team_over_the_limit_cannot_be_saved(qtbot, window):
    page = window.pages["Players"]
    d = TeamsDialog(page, page.model.rows or window.ctx.runner.read(queries.players))
    qtbot.addWidget(d)
    select_team(d, "Red")
    select_members(d, {"2", "4"})
    d.move_selected("Blue")  # Blue would have 6
    ok = d.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    assert d.problem.text() == "Blue has 6 players: a team has at most 4 players and 1 substitute."
    select_team(d, "Blue")
    select_members(d, {"2"})
    d.move_selected("Red")
    assert ok.isEnabled()


def test_edit_player_keeps_a_substitute(qtbot, window):
    from db.service.players import PlayerInput, import_players
    from referee_app.dialogs.player import PlayerDialog

    assert window.ctx.runner.run(lambda s: import_players(
        s, [PlayerInput("9", "Ivy", "Red", None, True)])) is not None
    ivy = next(p for p in window.ctx.runner.read(queries.players) if p.number == "9")
    d = PlayerDialog(None, ivy)
    qtbot.addWidget(d)
    assert d.substitute.isChecked()
    d.name.setText("Ivy Li")
    assert d.value() == PlayerInput("9", "Ivy Li", "Red", None, True)
    assert window.pages["Players"].save_players([d.value()])  # and saved: still a substitute in the file
    ivy = next(p for p in window.ctx.runner.read(queries.players) if p.number == "9")
    assert (ivy.name, ivy.substitute) == ("Ivy Li", True)


def test_team_change_warns_of_teammates_now_at_one_table(qtbot, window, error_messages):
    from db.read.lookup import seating_numbers
    from db.service.results import record_draw

    page = window.pages["Players"]
    window.go("Players")
    # session 1 is seated (nothing played): put two players of table 1 in one new team
    table1 = window.ctx.runner.read(lambda s: seating_numbers(s, 1))[0]
    d = TeamsDialog(page, page.model.rows)
    qtbot.addWidget(d)
    for team in {t for t in d.teams.values()}:
        select_team(d, team)
        select_members(d, {table1[0], table1[1]})
        d.move_selected("Green")
    changes = d.changes()
    assert {c.number for c in changes} == {table1[0], table1[1]}
    assert page.save_players(changes)
    title, message = error_messages[-1]
    assert title == "Teammates at one table"
    assert message.startswith("Session 1: table 1: team Green")
    # a played session is history: not listed any more
    assert window.ctx.runner.run_ok(lambda s: record_draw(s, 1, 1, 1))
    assert page.warn_teammates() == []


def test_a_player_stored_with_a_direction_mark_does_not_block_the_teams_batch(qtbot, window):
    """A review found: a name stored with U+200F (an older file, a JSON restore) was refused when the
    dialog sent it back unchanged with the new team, and the whole batch with it."""
    page = window.pages["Players"]
    window.go("Players")
    window.ctx.runner.run(lambda s: s.execute(update(Player).where(Player.number == "2")
                                              .values(name="\u200f\u05d3\u05e0\u05d4")), page)
    page.refresh()
    d = TeamsDialog(page, page.model.rows)
    qtbot.addWidget(d)
    select_team(d, "Red")
    qtbot.keyClicks(d.new_name, "Dragons")
    qtbot.mouseClick(d.rename_button, Qt.MouseButton.LeftButton)
    changes = d.changes()
    assert {c.number: c.name for c in changes}["2"] == "\u200f\u05d3\u05e0\u05d4"
    assert page.save_players(changes)
    players = {p.number: (p.name, p.team) for p in window.ctx.runner.read(queries.players)}
    assert players["2"] == ("\u200f\u05d3\u05e0\u05d4", "Dragons") and players["8"][1] == "Dragons"
