"""Hand entry by clicks: build a hand, see the fans, total, verdict and payments, confirm, see it on the
sheet. Also: typed notation, invalid states explained, waiting tiles, fan tiles highlighted."""

from __future__ import annotations

from PySide6.QtCore import Qt

from referee_app.entry.hand_entry import HandEntryWidget
from referee_app.entry.hand_vm import HandEntryModel, Mode
from referee_app.models import TILES_ROLE, FansModel
from scoring import tiles as T
from scoring.mcr.engine import score_hand
from scoring.model import Wind


def click_tile(qtbot, entry, name: str) -> None:
    qtbot.mouseClick(entry.picker.buttons[T.tile(name)], Qt.MouseButton.LeftButton)


def click_mode(qtbot, entry, mode: Mode) -> None:
    qtbot.mouseClick(entry.picker.mode_buttons[mode], Qt.MouseButton.LeftButton)


def build_by_clicks(qtbot, entry) -> None:
    """[789m][777s][234s] 89s EE, winning on 7s — every step a click."""
    click_mode(qtbot, entry, Mode.CHOW)
    click_tile(qtbot, entry, "7m")
    click_mode(qtbot, entry, Mode.PUNG)
    click_tile(qtbot, entry, "7s")
    click_mode(qtbot, entry, Mode.CHOW)
    click_tile(qtbot, entry, "2s")
    click_mode(qtbot, entry, Mode.TILE)  # the mode sticks until another is chosen
    for name in ("8s", "9s", "E", "E"):
        click_tile(qtbot, entry, name)
    click_tile(qtbot, entry, "7s")  # the 14th tile: the winning tile


def test_live_preview_while_clicking(qtbot):
    vm = HandEntryModel(("Ann", "Ben", "Cai", "Dan"), (Wind.SOUTH, Wind.WEST, Wind.NORTH, Wind.EAST), Wind.EAST)
    entry = HandEntryWidget(vm)
    qtbot.addWidget(entry)
    build_by_clicks(qtbot, entry)
    assert entry.notation.text() == "[789m1][777s1][234s1]89sEE7s"
    entry.winner.setCurrentIndex(0)  # Ann won, self-drawn
    entry.self_drawn.setChecked(True)
    expected = score_hand(vm.hand(), vm.context())
    model = entry.fans_model
    shown = {model.data(model.index(r, FansModel.COL_EN)) for r in range(model.rowCount())}
    assert shown == {f.fan.en for f in expected.fans}
    assert "Tile Hog" in shown and "Edge Wait" in shown and "Self-Drawn" in shown
    assert entry.total.text() == f"{expected.total} Fan"
    assert "it counts" in entry.verdict.text()
    # self-drawn: each of the three others pays 8 + base
    assert entry.pay_values[0].text() == f"+{3 * (8 + expected.total)}"
    assert [entry.pay_values[i].text() for i in (1, 2, 3)] == [f"-{8 + expected.total}"] * 3
    # the discarder pays the base, the others 8
    entry.discard.setChecked(True)
    entry.discarder.setCurrentIndex(entry.discarder.findData(2))
    assert vm.situation.discarder == 2
    t = vm.preview.result.total  # without self-drawn the total changes
    assert t < expected.total
    assert [entry.pay_values[i].text() for i in range(4)] == [f"+{16 + 8 + t}", "-8", f"-{8 + t}", "-8"]
    # hovering a fan highlights its tiles in the hand
    row = next(r for r in range(model.rowCount()) if model.data(model.index(r, FansModel.COL_EN)) == "Tile Hog")
    entry.fans.setCurrentIndex(model.index(row, 0))
    assert entry.hand_row._highlight == model.data(model.index(row, 0), TILES_ROLE) == {T.tile("7s")}


def test_typed_notation_and_problems_next_to_the_picker(qtbot):
    vm = HandEntryModel()
    vm.set_situation(winner=0, self_drawn=True)
    entry = HandEntryWidget(vm)
    qtbot.addWidget(entry)
    qtbot.keyClicks(entry.notation, "1112345678999m5m")
    assert len(vm.standing) == 13 and vm.winning == T.tile("5m")
    assert "Nine Gates" in {f.fan.en for f in vm.preview.result.fans}
    assert entry.picker.buttons[T.tile("1m")].count == 3
    entry.notation.clear()
    qtbot.keyClicks(entry.notation, "33333s123456789p")
    assert "5 copies of 3s" in entry.message.text()
    assert entry.total.text() == "—"
    entry.notation.clear()
    qtbot.keyClicks(entry.notation, "[123m")
    assert "not closed" in entry.message.text()


def test_waiting_tiles_with_13_tiles(qtbot):
    vm = HandEntryModel()
    entry = HandEntryWidget(vm)
    qtbot.addWidget(entry)
    for name in ["2s", "3s", "4s", "4s", "2p", "3p", "4p", "6p", "7p", "8p", "F", "F", "F"]:
        click_tile(qtbot, entry, name)
    assert vm.preview.waits is not None
    assert set(vm.preview.waits) == {T.tile("1s"), T.tile("4s")}
    assert "Waiting on" in entry.message.text() and "1s" in entry.message.text()


def test_click_a_tile_in_the_hand_to_take_it_out(qtbot):
    vm = HandEntryModel()
    entry = HandEntryWidget(vm)
    qtbot.addWidget(entry)
    click_mode(qtbot, entry, Mode.CHOW)
    click_tile(qtbot, entry, "7m")
    click_mode(qtbot, entry, Mode.TILE)
    click_tile(qtbot, entry, "2s")
    click_tile(qtbot, entry, "1s")
    assert entry.notation.text() == "[789m1]12s"
    entry.hand_row.clicked.emit(0, 1)  # a tile of the chow: the whole chow goes
    assert vm.melds == () and vm.standing == (T.tile("2s"), T.tile("1s"))
    entry.hand_row.clicked.emit(0, 1)  # standing tiles are shown sorted: 1s 2s
    assert vm.standing == (T.tile("1s"),)


def test_record_win_by_clicks_appears_on_the_sheet(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.next_hand() == 1
    dialog = sheet.record_win()
    qtbot.addWidget(dialog)
    entry = dialog.entry
    assert not dialog.confirm.isEnabled()
    build_by_clicks(qtbot, entry)
    assert not dialog.confirm.isEnabled()  # nobody won yet, for all the 14 tiles
    entry.winner.setCurrentIndex(0)
    entry.self_drawn.setChecked(True)
    # winds come from the seating: hand 1, the first player is East
    assert "Prevailing wind: East" in entry.winds.text() and "Seat wind: East" in entry.winds.text()
    total = dialog.vm.preview.result.total
    assert dialog.confirm.isEnabled()
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)
    row = sheet.sheet.hands[0]
    assert (row.hand, row.kind, row.winner, row.self_drawn, row.fan_total) == (1, "win", 0, True, total)
    m = sheet.model
    assert m.data(m.index(0, m.COL_FAN)) == str(total)
    assert m.data(m.index(0, m.COL_WINNER)) == sheet.sheet.players[0].name
    assert m.data(m.index(0, m.COL_POINTS)) == f"+{3 * (8 + total)}"
    assert sheet.next_hand() == 2


def test_typing_progress_is_grey_and_unreadable_notation_is_red(qtbot):
    vm = HandEntryModel()
    entry = HandEntryWidget(vm)
    qtbot.addWidget(entry)
    qtbot.keyClicks(entry.notation, "123m")
    assert "expected 14" in entry.message.text() and "#8c1d18" not in entry.message.styleSheet()
    qtbot.keyClicks(entry.notation, "x")
    assert 'unknown tile letter "x"' in entry.message.text()
    assert "#8c1d18" in entry.message.styleSheet()
