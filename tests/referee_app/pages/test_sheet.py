"""The score sheet: totals-only entry from the keyboard, penalties, corrections, time called."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from db.read import queries
from db.service.tournament import penalty_presets
from referee_app.dialogs.correction import CorrectionDialog
from referee_app.dialogs.penalty import PenaltyDialog
from referee_app.models import SheetModel


def open_sheet(window):
    window.show_sheet(1, 1)
    return window.pages["Score sheet"]


def test_totals_only_entry_by_keyboard(qtbot, window):
    sheet = open_sheet(window)
    players = sheet.sheet.players
    sheet.winner.setFocus()
    qtbot.keyClicks(sheet.winner, "S")  # the South player
    qtbot.keyClick(sheet.winner, Qt.Key.Key_Tab)
    qtbot.keyClicks(sheet.discarder, "W")  # West discarded
    qtbot.keyClick(sheet.discarder, Qt.Key.Key_Tab)
    qtbot.keyClicks(sheet.fan, "24")
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        qtbot.keyClick(sheet.fan, Qt.Key.Key_Return)
    h = sheet.sheet.hands[0]
    assert (h.winner, h.discarder, h.fan_total, h.deltas) == (1, 2, 24, (-8, 48, -32, -8))
    assert sheet.fan.text() == ""
    assert sheet.next_label.text().startswith("<b>Hand 2</b>")
    # self-drawn: "+" picks it in the discarder box
    qtbot.keyClicks(sheet.winner, "N")
    qtbot.keyClicks(sheet.discarder, "+")
    qtbot.keyClicks(sheet.fan, "8")
    qtbot.keyClick(sheet.fan, Qt.Key.Key_Enter)
    h = sheet.sheet.hands[1]
    assert (h.winner, h.self_drawn, h.deltas) == (3, True, (-16, -16, -16, 48))
    m = sheet.model
    assert m.data(m.index(1, m.COL_DISCARDER)) == "self-drawn"
    assert m.data(m.index(1, m.COL_TOTAL + 3)) == str(-8 + 48)  # North's running total after hand 2
    assert players[3].name.split()[0] in m.headerData(m.COL_TOTAL + 3, Qt.Orientation.Horizontal)


def test_totals_below_eight_is_refused_with_a_message(qtbot, window, error_messages):
    sheet = open_sheet(window)
    # the store refuses it (any caller) …
    assert not sheet.record_totals(sheet.sheet.players[0].number, None, 6)
    assert sheet.sheet.hands == ()
    assert "at least 8" in error_messages[-1][1]
    # … and the totals bar asks first: change the fan, or record the false win (错和)
    qtbot.keyClicks(sheet.winner, "W")
    qtbot.keyClicks(sheet.fan, "6")
    qtbot.keyClick(sheet.fan, Qt.Key.Key_Return)
    box = sheet.false_win_prompt
    assert box is not None and "false win" in box.text() and sheet.sheet.players[2].name in box.text()
    back = next(b for b in box.buttons() if b.text() == "Change the fan")
    qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert sheet.false_win_prompt is None and sheet.sheet.hands == ()
    assert sheet.fan.text() == "6"  # kept, to fix
    qtbot.keyClick(sheet.fan, Qt.Key.Key_Return)
    box = sheet.false_win_prompt
    record = next(b for b in box.buttons() if b.text() == "Record false win penalty")
    qtbot.mouseClick(record, Qt.MouseButton.LeftButton)
    pd = sheet.penalty_dialog
    assert pd is not None and pd.player.currentData() == sheet.sheet.players[2].number
    assert pd.kind.currentData() == "false_win_wrong" and pd.hand == 1
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        pd.accept()
    assert [p.kind for p in sheet.sheet.penalties] == ["false_win_wrong"]
    assert sheet.sheet.hands == () and sheet.fan.text() == ""


def test_the_penalty_dialog_chooses_nobody_until_the_referee_does(qtbot, window):
    sheet = open_sheet(window)
    presets = window.ctx.runner.read(lambda s: penalty_presets(s))
    d = PenaltyDialog(sheet, sheet.sheet.players, presets)
    qtbot.addWidget(d)
    ok = d.buttons.button(QDialogButtonBox.StandardButton.Ok)
    d.kind.setCurrentIndex(d.kind.findData("rule_violation"))
    d.amount.setEditText("10")
    assert d.player.currentIndex() == -1 and d.value() is None and not ok.isEnabled()
    assert d.effect.text() == "Choose the player."
    d.player.setCurrentIndex(1)
    assert ok.isEnabled() and d.value().player == sheet.sheet.players[1].number
    d.settle_buttons["player"].setChecked(True)  # paid to a player: who receives it is chosen too
    assert d.to.currentIndex() == -1 and not ok.isEnabled()
    d.to.setCurrentIndex(3)
    assert ok.isEnabled() and d.value().to == sheet.sheet.players[3].number


def test_penalty_dialog_presets_and_settlements(qtbot, window):
    sheet = open_sheet(window)
    presets = window.ctx.runner.read(lambda s: penalty_presets(s))
    d = PenaltyDialog(sheet, sheet.sheet.players, presets)
    qtbot.addWidget(d)
    d.player.setCurrentIndex(2)
    d.kind.setCurrentIndex(d.kind.findData("false_win_wrong"))
    assert d.amount.currentText() == "30" and d.settle_buttons["others"].isChecked()
    assert d.effect.text().split()[-1] == "+10"
    d.amount.setEditText("20")  # 20 cannot be split in three
    assert not d.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    d.settle_buttons["player"].setChecked(True)
    d.to.setCurrentIndex(0)
    assert d.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    qtbot.keyClicks(d.reason, "claimed a win with 6 fans")
    p = d.value()
    assert (p.points, p.settlement, p.to, p.kind) == (20, "player", sheet.sheet.players[0].number,
                                                      "false_win_wrong")
    assert sheet.record_penalty(p)
    pen = sheet.sheet.penalties[0]
    assert pen.deltas == (20, 0, -20, 0)
    assert sheet.sheet.match_points == (20, 0, -20, 0)
    assert "claimed a win" in sheet.penalties.text()
    s = sheet.summary
    assert s.data(s.index(0, 1)) == "+20"


def test_correct_a_hand_with_a_reason(qtbot, window):
    sheet = open_sheet(window)
    num = [p.number for p in sheet.sheet.players]
    assert sheet.record_totals(num[0], num[1], 16)
    d = CorrectionDialog(sheet, sheet.sheet.players, sheet.sheet.hands[0])
    qtbot.addWidget(d)
    assert d.fan.text() == "16"
    d.fan.setText("24")
    assert d.value() is None and "reason" in d.problem.text()  # a reason is required
    qtbot.keyClicks(d.reason, "fan total misread")
    c = d.value()
    assert sheet.apply_correction(c)
    assert sheet.sheet.hands[0].fan_total == 24
    log = window.ctx.runner.read(queries.audit_log)
    assert log[-1].action == "correct" and log[-1].reason == "fan total misread"
    window.go("Log")
    assert window.pages["Log"].model.rows[0].reason == "fan total misread"
    # into a draw
    d2 = CorrectionDialog(sheet, sheet.sheet.players, sheet.sheet.hands[0])
    qtbot.addWidget(d2)
    d2.kind.setCurrentIndex(d2.kind.findData("draw"))
    d2.reason.setText("it was a draw")
    assert sheet.apply_correction(d2.value())
    assert sheet.sheet.hands[0].kind == "draw"


def test_draw_time_called_and_sign_off(qtbot, window):
    sheet = open_sheet(window)
    assert sheet.record_draw()
    assert sheet.call_time()
    assert sheet.sheet.time_called_after == 1
    assert sheet.next_hand() is None and not sheet.totals_box.isEnabled()
    assert sheet.toggle_sign_off()
    window.go("Sessions & tables")
    rows = window.pages["Sessions & tables"].model.rows
    assert (rows[0].status, rows[0].time_called) == ("signed off", 1)


def test_correct_by_entering_the_hand_again(qtbot, window):
    """The "enter the hand" correction through the sheet's own path: the correction dialog, then hand
    entry opened on the recorded situation, Confirm records the correction with its reason."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    sheet = open_sheet(window)
    num = [p.number for p in sheet.sheet.players]
    assert sheet.record_totals(num[0], None, 30)
    sheet.view.setCurrentIndex(sheet.model.index(0, 0))
    assert sheet.selected_hand() == 1

    def answer() -> None:  # no assert in here: a failure must not leave the modal dialog open
        d = QApplication.activeModalWidget()
        if not isinstance(d, CorrectionDialog):
            return
        d.kind.setCurrentIndex(d.kind.findData("hand"))
        d.reason.setText("fans were miscounted")
        d.accept()

    QTimer.singleShot(0, answer)
    sheet.correct_button.click()
    d = sheet.entry_dialog
    assert d is not None  # the sheet owns it (deleted once confirmed)
    # hand entry starts from what is recorded: East won self-drawn
    assert (d.vm.situation.winner, d.vm.situation.discarder) == (0, None) and d.entry.self_drawn.isChecked()
    qtbot.keyClicks(d.entry.notation, "[789m2][777s3][234s3]89sEE7s")
    d.entry.discard.setChecked(True)
    d.entry.discarder.setCurrentIndex(d.entry.discarder.findData(1))
    total = d.vm.preview.result.total
    fans = {f.fan.en for f in d.vm.preview.result.fans}
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    h = sheet.sheet.hands[0]
    assert (h.notation, h.discarder, h.fan_total) == ("[789m2][777s3][234s3]89sEE7s", 1, total)
    assert {f.en for f in h.fans} == fans and "Tile Hog" in fans
    log = window.ctx.runner.read(queries.audit_log)
    assert log[-1].action == "correct" and log[-1].reason == "fans were miscounted"
    assert sheet.entry_dialog is None


def test_projector_refreshes_itself(qtbot, window):
    from referee_app.pages.standings import ProjectorView

    pv = ProjectorView(window.ctx, None)
    qtbot.addWidget(pv)
    assert pv.model.rowCount() == 8 and all(r.match_points == 0 for r in pv.all_rows)
    sheet = open_sheet(window)
    num = [p.number for p in sheet.sheet.players]
    assert sheet.record_totals(num[0], num[1], 8)
    pv.timer.setInterval(50)
    qtbot.waitUntil(lambda: pv.all_rows[0].match_points == 32, timeout=3000)  # 8 + 8 + (8 + 8)
    assert pv.model.rows[0].number == num[0]


def test_selected_hand_shows_its_tiles_and_fans(qtbot, window):
    sheet = open_sheet(window)
    num = [p.number for p in sheet.sheet.players]
    from db.service.results import record_win

    assert window.ctx.runner.run_ok(lambda s: record_win(
        s, 1, 1, 1, winner=num[0], self_drawn=True, notation="[789m2][777s3][234s3]89sEE7s"))
    sheet.refresh()
    assert sheet.side_tabs.tabText(0) == "Penalties (0)"
    sheet.view.setCurrentIndex(sheet.model.index(0, 0))
    assert sheet.side_tabs.currentIndex() == 1
    assert sum(len(g) for g, _ in sheet.hand_tiles._groups) == 14
    assert "Tile Hog" in sheet.hand_fans.text() and "四归一" in sheet.hand_fans.text()


def test_another_station_saved_first(qtbot, window, tournament_file, error_messages):
    sheet = open_sheet(window)
    num = [p.number for p in sheet.sheet.players]
    from db.service.results import record_draw
    from db.storage.store import open_database

    with open_database(tournament_file) as other, other.factory.begin() as s:  # a second station
        record_draw(s, 1, 1, 1)
    assert sheet.sheet.hands == ()  # this station has not seen it yet
    assert not sheet.record_totals(num[0], num[1], 8)
    assert "changed by another station" in error_messages[-1][1]
    assert [h.kind for h in sheet.sheet.hands] == ["draw"]  # reloaded: the referee sees what is there
    assert sheet.next_hand() == 2


def test_an_action_reloads_the_sheet_once_shown_or_hidden(qtbot, window):
    sheet = open_sheet(window)
    loads: list[int] = []
    real, real_table = sheet.refresh, sheet.refresh_table

    def counted() -> None:  # a spy on the real refresh (it still reads the real file)
        loads.append(1)
        real()

    def counted_table() -> None:  # the shown table's sheet only: what a hand recorded here touched
        loads.append(1)
        real_table()

    sheet.refresh, sheet.refresh_table = counted, counted_table
    assert sheet.record_draw()
    assert len(loads) == 1 and [h.kind for h in sheet.sheet.hands] == ["draw"]
    window.go("Players")  # acted on while hidden (e.g. from another page): it reloads itself
    assert sheet.record_draw()
    assert len(loads) == 2 and len(sheet.sheet.hands) == 2


def test_time_called_with_no_hand_recorded_asks_first(qtbot, window):
    from PySide6.QtWidgets import QMessageBox

    sheet = open_sheet(window)
    qtbot.mouseClick(sheet.time_button, Qt.MouseButton.LeftButton)
    box = sheet.time_called_prompt
    assert box is not None and box.icon() == QMessageBox.Icon.Warning
    assert "No hand has been recorded at this table yet" in box.text()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.No), Qt.MouseButton.LeftButton)
    assert sheet.time_called_prompt is None and sheet.sheet.time_called_after is None  # nothing recorded
    window.set_language("zh")
    qtbot.mouseClick(sheet.time_button, Qt.MouseButton.LeftButton)
    box = sheet.time_called_prompt
    assert box is not None and "本桌还没有记录任何一盘" in box.text()
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert sheet.sheet.time_called_after == 0


def test_time_called_after_hands_asks_without_the_warning(qtbot, window):
    from PySide6.QtWidgets import QMessageBox

    sheet = open_sheet(window)
    assert sheet.record_draw()
    qtbot.mouseClick(sheet.time_button, Qt.MouseButton.LeftButton)
    box = sheet.time_called_prompt
    assert box is not None and box.icon() == QMessageBox.Icon.Question
    assert "after hand 1" in box.text() and "No hand has been recorded" not in box.text()
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert sheet.sheet.time_called_after == 1


def test_another_stations_write_keeps_the_line_being_read(qtbot, window, tournament_file):
    sheet = open_sheet(window)
    num = [p.number for p in sheet.sheet.players]
    from db.service.results import record_draw, record_win
    from db.storage.store import open_database

    assert window.ctx.runner.run_ok(lambda s: record_win(
        s, 1, 1, 1, winner=num[0], self_drawn=True, notation="[789m2][777s3][234s3]89sEE7s"))
    sheet.view.setCurrentIndex(sheet.model.index(0, 0))
    assert sheet.side_tabs.currentIndex() == 1
    with open_database(tournament_file) as other, other.factory.begin() as s:  # a second station
        record_draw(s, 1, 1, 2)
    sheet.refresh()  # what the live poll does when it sees the change
    assert len(sheet.sheet.hands) == 2
    assert sheet.view.currentIndex().row() == 0 and sheet.side_tabs.currentIndex() == 1
    assert "Tile Hog" in sheet.hand_fans.text()
    sheet.vm.choose(1, 2)
    sheet.refresh()  # another table starts from the top, on the penalties
    assert sheet.side_tabs.currentIndex() == 0


def _spy(signal) -> list[int]:
    seen: list[int] = []
    signal.connect(lambda *_a: seen.append(1))
    return seen


def test_another_stations_hand_updates_only_the_table_it_was_at(qtbot, window, tournament_file):
    """Refresh by what changed: a hand at table 2 from another station (another Database object on the
    same file) leaves table 1's sheet as it was — the same read, its widgets not rebuilt — and shows on
    table 2's; a hand at table 1 re-reads that table's sheet only (the session and table boxes stay)."""
    from db.service.results import record_draw
    from db.storage.store import open_database

    sheet = open_sheet(window)
    shown = sheet.sheet
    resets, boxes = _spy(sheet.model.modelReset), _spy(sheet.session_box.model().rowsRemoved)
    seen: list[object] = []
    window.ctx.runner.changed.connect(seen.append)
    with open_database(tournament_file) as other, other.factory.begin() as s:
        record_draw(s, 1, 2, 1)
    assert window.watcher.poll()
    assert [(c.tables, c.everything) for c in seen] == [(frozenset({(1, 2)}), False)]
    assert sheet.sheet is shown and resets == [] and boxes == []  # table 1: not read, not redrawn
    assert not sheet.sheet.hands
    with open_database(tournament_file) as other, other.factory.begin() as s:
        record_draw(s, 1, 1, 1)
    assert window.watcher.poll()
    assert sheet.sheet is not shown and len(sheet.sheet.hands) == 1 and sheet.sheet.hands[0].kind == "draw"
    assert len(resets) == 1 and boxes == []  # the sheet's lines again, the boxes untouched
    window.show_sheet(1, 2)
    assert (sheet.vm.table, len(sheet.sheet.hands), sheet.sheet.hands[0].kind) == (2, 1, "draw")


def test_a_players_name_changed_elsewhere_reaches_the_sheet(qtbot, window, tournament_file):
    from db.service.players import PlayerInput, import_players
    from db.storage.store import open_database

    sheet = open_sheet(window)
    number = sheet.sheet.players[0].number
    with open_database(tournament_file) as other, other.factory.begin() as s:
        import_players(s, [PlayerInput(number, "Renamed Player")])
    assert window.watcher.poll()
    assert sheet.sheet.players[0].name == "Renamed Player"
    assert "Renamed Player" in sheet.players_line.text()


def test_an_unknown_change_from_elsewhere_reads_everything_again(qtbot, window, tournament_file):
    """An audit entry whose action this app does not know (a newer version's, say) is "everything": the
    page on screen reads all it shows again, never keeping what may be stale."""
    from datetime import datetime

    from db.models import AuditLog
    from db.read.changes import ALL
    from db.storage.store import open_database

    sheet = open_sheet(window)
    shown = sheet.sheet
    seen: list[object] = []
    window.ctx.runner.changed.connect(seen.append)
    loads: list[int] = []
    real = sheet.refresh
    sheet.refresh = lambda: (loads.append(1), real())[1]  # type: ignore[method-assign]
    with open_database(tournament_file) as other, other.factory.begin() as s:
        s.add(AuditLog(at=datetime.now(), station="elsewhere", referee="", action="table_renamed",
                       what="table 1 is now 'Lotus'"))
    assert window.watcher.poll()
    assert seen == [ALL] and loads == [1] and sheet.sheet is not shown


def test_sheet_names_have_the_room(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    hh = sheet.view.horizontalHeader()
    names = [hh.sectionSize(c) for c in (SheetModel.COL_DEALER, SheetModel.COL_WINNER, SheetModel.COL_DISCARDER)]
    numbers = [hh.sectionSize(c) for c in range(SheetModel.COL_POINTS, SheetModel.COL_TOTAL + 4)]
    assert min(names) > max(numbers)


def test_correction_dialog_says_what_is_recorded(qtbot, window):
    from db.service.results import record_win
    from referee_app.words.i18n import LANG

    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    p = sheet.sheet.players
    assert window.ctx.runner.run_ok(lambda s: record_win(
        s, 1, 1, 1, winner=p[2].number, discarder=p[3].number, fan=12))
    sheet.refresh()
    d = CorrectionDialog(sheet, p, sheet.sheet.hands[0])
    qtbot.addWidget(d)
    assert d.recorded.text() == f"Hand 1 as recorded: {p[2].name}, from {p[3].name}, 12 Fan"
    LANG.set("zh")
    d2 = CorrectionDialog(sheet, p, sheet.sheet.hands[0])
    qtbot.addWidget(d2)
    assert d2.recorded.text() == f"第 1 盘现在记为：{p[2].name}, {p[3].name} 点炮, 12 番"
