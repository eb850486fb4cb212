"""The referee's flow at a real table: sign-off of an unfinished table, shortcuts that work
after a language switch, a stale hand entry that keeps its tiles."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog

from referee_app.words.i18n import LANG

SHOWN_KEY = re.compile(r"(?:^|\()((?:Ctrl|Alt|Shift)\+[^)\s]+|F\d+|Backspace)(?:\)|$)")


def open_sheet(window):
    window.show_sheet(1, 1)
    return window.pages["Score sheet"]


# ---- §1 sign off -----------------------------------------------------------------------------------
def test_sign_off_of_a_nine_hand_table_asks_for_a_reason(qtbot, window, error_messages):
    sheet = open_sheet(window)
    for _ in range(9):
        assert sheet.record_draw()
    qtbot.mouseClick(sheet.sign_button, Qt.MouseButton.LeftButton)
    d = sheet.sign_off_prompt
    assert d is not None and d.isVisible() and "10–16" in d.labelText()
    assert not sheet.sheet.signed_off  # nothing written while it asks
    d.setTextValue("players left: dispute")
    d.accept()
    assert sheet.sheet.signed_off and sheet.sign_off_prompt is None
    with window.ctx.db.factory() as s:
        from db.read import queries

        last = queries.audit_log(s)[-1]
    assert (last.action, last.reason) == ("sign_off", "players left: dispute")
    assert not error_messages


def test_sign_off_question_cancelled_or_empty_signs_nothing(qtbot, window, error_messages):
    sheet = open_sheet(window)
    assert sheet.record_draw()
    LANG.set("zh")
    sheet.toggle_sign_off()
    d = sheet.sign_off_prompt
    assert "缺第 2–16 盘" in d.labelText()
    d.reject()
    assert not sheet.sheet.signed_off
    sheet.toggle_sign_off()
    sheet.sign_off_prompt.accept()  # no reason given: refused, one message
    assert not sheet.sheet.signed_off and len(error_messages) == 1


# ---- §2 shortcuts ------------------------------------------------------------------------------------
def _shown(text: str) -> set[str]:
    return set(SHOWN_KEY.findall(text.replace("&", "")))


def _check_shortcuts(root) -> int:
    """Every button or action that shows a shortcut (in its text or tooltip) has that shortcut active;
    returns how many were checked."""
    checked = 0
    # a key the window's menus own (e.g. F11, Projector view) works on the page's button of the same name
    window_keys = {k for a in root.window().findChildren(QAction) if a.isEnabled() for k in a.shortcuts()}
    for b in root.findChildren(QAbstractButton):
        for key in _shown(b.text()) | _shown(b.toolTip()):
            assert b.shortcut() == QKeySequence(key) or QKeySequence(key) in window_keys, \
                (b.objectName(), b.text(), b.shortcut().toString())
            checked += 1
    for a in root.findChildren(QAction):
        for key in _shown(a.text()) | _shown(a.toolTip()):
            assert QKeySequence(key) in a.shortcuts(), (a.objectName(), a.text())
            checked += 1
        if "\t" in a.text():  # a shortcut written into the text must be the action's own
            assert QKeySequence(a.text().split("\t")[1]) in a.shortcuts()
    return checked


def test_every_shortcut_shown_is_active_after_a_language_switch(qtbot, window):
    sheet = open_sheet(window)
    entry = sheet.record_win()
    try:
        for code in ("en", "zh", "en"):
            LANG.set(code)
            assert _check_shortcuts(window) >= 1  # Record win (Ctrl+H)
            assert _check_shortcuts(entry) >= 8  # the picker's modes, Backspace, Ctrl+Z
        assert sheet.win_button.shortcut() == QKeySequence("Ctrl+H")
        assert window.act_quit.shortcut() == QKeySequence(QKeySequence.StandardKey.Quit)
        assert window.act_projector.shortcut() == QKeySequence("F11")
    finally:
        entry.reject()


def test_ctrl_h_opens_hand_entry_after_a_language_switch(qtbot, window):
    sheet = open_sheet(window)
    LANG.set("zh")
    LANG.set("en")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: sheet.entry_dialog is not None)  # a button's shortcut clicks it animated
    d = sheet.entry_dialog
    assert isinstance(d, QDialog) and d.isVisible()
    d.reject()


# ---- §3 a stale entry is never lost ---------------------------------------------------------------------
HAND = "[789m2][777s3][234s3]89sEE7s"


def _phone_records_hand_1(window, notation: str | None = None) -> None:
    """Another station (a table's phone) records hand 1 while the desk's hand entry is open."""
    from db.service.audit import Actor
    from db.service.results import record_draw, record_win

    phone = Actor(station="table 1 device", referee="device")
    with window.ctx.db.factory.begin() as s:
        if notation is None:
            record_draw(s, 1, 1, 1, actor=phone)
        else:
            from db.read import queries

            first = queries.table_sheet(s, 1, 1).players[1].number
            record_win(s, 1, 1, 1, winner=first, self_drawn=True, notation=notation, actor=phone)


def _enter(qtbot, d) -> None:
    qtbot.waitExposed(d)
    qtbot.keyClicks(d.entry.notation, HAND)
    d.entry.winner.setCurrentIndex(0)  # East won on South's discard
    d.entry.discarder.setCurrentIndex(d.entry.discarder.findData(1))
    assert d.vm.preview.can_confirm


def test_a_stale_confirm_keeps_the_tiles_and_records_them_as_the_next_hand(qtbot, window, error_messages):
    sheet = open_sheet(window)
    d = sheet.record_win()
    _enter(qtbot, d)
    _phone_records_hand_1(window, "[789m2][777s3][234s3]89sEE7s")
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert d.isVisible() and sheet.entry_dialog is d  # refused, and nothing lost
    assert d.vm.notation() == HAND and d.vm.preview.tile_count == 14
    assert not error_messages  # said in the dialog, not in an error box with the wrong advice
    text = d.stale.text.text()
    assert d.stale.isVisible() and "hand 1 was recorded meanwhile by table 1 device (device)" in text
    assert "record them as hand 2" in text and "correct hand 1 with them" in text
    assert d.stale.tiles.isVisible()  # the phone's hand, in tiles
    assert not d.confirm.isEnabled()  # first choose the way on
    qtbot.mouseClick(d.stale.next_button, Qt.MouseButton.LeftButton)
    assert not d.stale.isVisible() and d.confirm.isEnabled() and "Hand 2" in d.windowTitle()
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert not d.isVisible()
    hands = sheet.sheet.hands
    assert [h.hand for h in hands] == [1, 2] and hands[1].notation == HAND and hands[1].station != "table 1 device"


def test_a_stale_confirm_may_correct_the_recorded_hand_in_chinese(qtbot, window, error_messages):
    sheet = open_sheet(window)
    LANG.set("zh")
    d = sheet.record_win()
    _enter(qtbot, d)
    _phone_records_hand_1(window)  # a draw
    qtbot.keyClick(d.entry.notation, Qt.Key.Key_Return)  # Enter confirms
    text = d.stale.text.text()
    assert "第 1 盘已由 table 1 device (device) 记录" in text and "下一步" in text and "更正第 1 盘" in text
    assert d.vm.preview.tile_count == 14
    qtbot.mouseClick(d.stale.correct_button, Qt.MouseButton.LeftButton)  # no reason yet: asks for it
    assert d.isVisible() and sheet.sheet.hands[0].kind == "draw"
    d.stale.reason.setText("the phone entered a draw by mistake")
    qtbot.mouseClick(d.stale.correct_button, Qt.MouseButton.LeftButton)
    assert not d.isVisible() and not error_messages
    h = sheet.sheet.hands
    assert len(h) == 1 and h[0].kind == "win" and h[0].notation == HAND


# ---- §10 the smaller things ------------------------------------------------------------------------------
def test_the_notation_box_accepts_1z_to_7z(qtbot, window):
    sheet = open_sheet(window)
    d = sheet.record_win()
    qtbot.waitExposed(d)
    qtbot.keyClicks(d.entry.notation, "[789m2][777s3][234s3]89s11z7s")
    assert d.vm.preview.tile_count == 14 and d.vm.notation_error is None
    assert d.vm.notation() == HAND  # what is recorded: NOTATION.md's letters
    d.entry.notation.editingFinished.emit()  # leaving the box writes the canonical form
    assert d.entry.notation.text() == HAND
    d.reject()


# ---- §5 totals entry starts empty; Record draw asks first -------------------------------------------------
def test_totals_entry_starts_each_hand_empty(qtbot, window, error_messages):
    sheet = open_sheet(window)
    assert sheet.winner.currentIndex() == -1 and sheet.discarder.currentIndex() == -1
    qtbot.keyClicks(sheet.winner, "S")
    qtbot.keyClicks(sheet.discarder, "W")
    qtbot.keyClicks(sheet.fan, "24")
    qtbot.keyClick(sheet.fan, Qt.Key.Key_Return)
    assert len(sheet.sheet.hands) == 1
    assert (sheet.winner.currentIndex(), sheet.discarder.currentIndex(), sheet.fan.text()) == (-1, -1, "")
    qtbot.keyClicks(sheet.fan, "24")  # a fan and Enter alone no longer records the last winner again
    qtbot.keyClick(sheet.fan, Qt.Key.Key_Return)
    assert len(sheet.sheet.hands) == 1 and "Choose the winner" in error_messages[-1][1]
    # another station records hand 2: the bar, half filled for hand 2, starts empty for hand 3
    qtbot.keyClicks(sheet.winner, "N")
    _phone_records_hand_2(window)
    sheet.refresh()
    assert sheet.winner.currentIndex() == -1


def _phone_records_hand_2(window) -> None:
    from db.service.audit import Actor
    from db.service.results import record_draw

    with window.ctx.db.factory.begin() as s:
        record_draw(s, 1, 1, 2, actor=Actor(station="table 1 device", referee="device"))


def test_record_draw_asks_first(qtbot, window):
    sheet = open_sheet(window)
    qtbot.mouseClick(sheet.draw_button, Qt.MouseButton.LeftButton)
    box = sheet.draw_prompt
    assert box is not None and "hand 1 as a draw" in box.text() and sheet.sheet.hands == ()
    qtbot.mouseClick(box.button(box.StandardButton.No), Qt.MouseButton.LeftButton)
    assert sheet.sheet.hands == () and sheet.draw_prompt is None
    qtbot.mouseClick(sheet.draw_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(sheet.draw_prompt.button(box.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert [h.kind for h in sheet.sheet.hands] == ["draw"]


# ---- §4 one meld model: the mode sticks, as on the phone ---------------------------------------------------
def test_the_meld_mode_sticks_and_is_said_in_words(qtbot):
    from referee_app.entry.hand_vm import HandEntryModel, Mode
    from referee_app.entry.tile_picker import TilePicker
    from scoring import tiles as T

    vm = HandEntryModel()
    picker = TilePicker(vm)
    qtbot.addWidget(picker)
    assert "single tiles" in picker.mode_line.text()
    qtbot.mouseClick(picker.mode_buttons[Mode.PUNG], Qt.MouseButton.LeftButton)
    assert "Pung" in picker.mode_line.text() and "until another mode" in picker.mode_line.text()
    for name in ("C", "8s"):  # the Pung, 中, 8s: two pungs (it gave a pung and a single 8s)
        qtbot.mouseClick(picker.buttons[T.tile(name)], Qt.MouseButton.LeftButton)
    assert [m.tile for m in vm.melds] == [T.tile("C"), T.tile("8s")]
    assert vm.standing == () and vm.mode is Mode.PUNG and picker.mode_buttons[Mode.PUNG].isChecked()
    LANG.set("zh")
    picker.retranslate()  # hand entry calls it on a language switch
    assert "碰" in picker.mode_line.text()


# ---- §8 provisional means marked; team members by name ------------------------------------------------------
def test_standings_and_the_hall_mark_a_provisional_ranking_and_teams_show_names(qtbot, window):
    from referee_app.hall.data import read_hall
    from referee_app.hall.pages import PAGES
    from referee_app.hall.window import HallOptions, HallWindow

    sheet = open_sheet(window)
    window.go("Standings")
    page = window.pages["Standings"]
    assert not page.provisional.isVisible()  # nothing played: nothing to mark
    assert sheet.record_draw()  # table 1 plays on, table 2 has not started
    window.go("Standings")
    assert page.provisional.isVisible() and page.provisional.text() == "Provisional: 1 table(s) still playing"
    m = page.team_model
    members = m.data(m.index(0, m.COL_MEMBERS))
    names = {p.name for p in sheet.sheet.players}
    assert any(n in members for n in names) and not any(ch.isdigit() for ch in members)
    LANG.set("zh")
    window.go("Standings")
    assert page.provisional.text() == "暂定排名：1 桌仍在进行"
    data = window.ctx.runner.read(read_hall)
    assert data.still_playing == 1
    for lang in ("both", "en", "zh"):  # the mark fits the title band at 1080p
        hall = HallWindow(window.ctx, HallOptions(lang=lang))
        qtbot.addWidget(hall)
        for key in ("standings", "teams"):
            assert key in PAGES
            hall.show_page(key)
            hall.render_image(1920, 1080)
            assert hall.clipped == [], (lang, key)


# ---- §9 laptop screens; the Log in the UI's language, in words ------------------------------------------------
def test_the_first_window_fits_the_available_screen_from_1280x720_up(qtbot, window):
    from PySide6.QtCore import QSize

    from referee_app.shell.window import FRAME, first_size

    window.show_sheet(1, 1)  # the tallest page
    smallest = first_size(QSize(1280, 680))  # 1280×720 less a 40 px taskbar
    hint = window.minimumSizeHint()
    assert hint.width() <= smallest.width() and hint.height() <= smallest.height(), (hint, smallest)
    for room in (QSize(1280, 680), QSize(1366, 728), QSize(1920, 1040), QSize(2560, 1400)):
        size = first_size(room)
        assert size.width() + FRAME.width() <= room.width() and size.height() + FRAME.height() <= room.height()
        assert size.width() >= min(1264, room.width() - FRAME.width())  # and most of it
    window.resize(smallest)
    qtbot.waitUntil(lambda: window.height() <= smallest.height())
    assert window.statusBar().isVisible() and window.statusBar().geometry().bottom() <= window.height()


def test_the_log_is_in_the_uis_language_with_before_and_after_in_words(qtbot, window):
    from referee_app.models import AuditModel

    sheet = open_sheet(window)
    qtbot.keyClicks(sheet.winner, "S")
    qtbot.keyClicks(sheet.discarder, "W")
    qtbot.keyClicks(sheet.fan, "24")
    qtbot.keyClick(sheet.fan, Qt.Key.Key_Return)
    for _ in range(2):
        assert sheet.record_draw()
    sheet.toggle_sign_off()
    sheet.sign_off_prompt.setTextValue("table abandoned")
    sheet.sign_off_prompt.accept()
    LANG.set("zh")
    window.go("Log")
    m = window.pages["Log"].model
    rows = {m.data(m.index(r, AuditModel.COL_WHAT)): r for r in range(m.rowCount())}
    assert "第 1 局第 1 桌第 1 盘" in rows and "第 1 局第 1 桌" in rows
    win = rows["第 1 局第 1 桌第 1 盘"]
    after = m.data(m.index(win, AuditModel.COL_AFTER))
    assert "和牌" in after and "和牌者" in after and "点炮者" in after and "番 24" in after
    assert "{" not in after and '"' not in after  # words, not JSON
    signed = rows["第 1 局第 1 桌"]
    assert m.data(m.index(signed, AuditModel.COL_BEFORE)) == "已签字确认 否"
    assert m.data(m.index(signed, AuditModel.COL_AFTER)) == "已签字确认 是"
    LANG.set("en")
    assert m.data(m.index(signed, AuditModel.COL_AFTER)) == "signed off yes"
    assert "session 1 table 1 hand 1" in {m.data(m.index(r, AuditModel.COL_WHAT)) for r in range(m.rowCount())}


# ---- §10 the smaller things: a corrected line marked; the penalty dialog names its hand -----------------------
def test_a_corrected_line_is_marked_and_the_penalty_dialog_names_its_hand(qtbot, window):
    from db.service.outcomes import DrawInput
    from referee_app.dialogs.correction import Correction
    from referee_app.dialogs.penalty import PenaltyDialog
    from referee_app.models import SheetModel

    sheet = open_sheet(window)
    assert sheet.record_draw() and sheet.record_draw()
    m = sheet.model
    assert m.data(m.index(0, SheetModel.COL_HAND)) in (1, "1")
    assert sheet.apply_correction(Correction(1, DrawInput(), "re-checked"))
    assert m.data(m.index(0, SheetModel.COL_HAND)) == "1 ✎" and m.data(m.index(1, SheetModel.COL_HAND)) in (2, "2")
    assert "Log" in m.data(m.index(0, SheetModel.COL_HAND), Qt.ItemDataRole.ToolTipRole)
    d = PenaltyDialog(window, sheet.sheet.players, [], 3)
    qtbot.addWidget(d)
    assert d.hand_label.text() == "<b>3</b>"
    d2 = PenaltyDialog(window, sheet.sheet.players, [], None)
    qtbot.addWidget(d2)
    assert d2.hand_label.text() == "not tied to a hand"


def test_the_halls_best_hands_name_the_winner_once_and_say_more_fans_follow():
    from referee_app.hall.data import BestHand
    from referee_app.hall.pages import best_hand_texts

    fans = tuple((f"Fan {i}", f"番{i}") for i in range(6))
    b = BestHand("Li Wei", "5", 3, 7, 64, fans, True)
    for lang in ("both", "en", "zh"):
        who, text = best_hand_texts(b, lang)
        assert who.count("Li Wei") == 1, who
        assert text.endswith("…") and "Fan 4" not in text and "番4" not in text
    assert best_hand_texts(BestHand("A", "1", 1, 1, 8, fans[:2], False), "en")[1] == "Fan 0, Fan 1"


def test_the_devices_dialog_shows_the_whole_link_and_copies_it(qtbot, window):
    from referee_app.base.table_devices import TableDevicesServer
    from referee_app.dialogs.devices import URL_ROLE, DevicesDialog

    dialog = DevicesDialog(window, window.ctx.db, window.ctx.runner, TableDevicesServer(), sessions=3)
    qtbot.addWidget(dialog)
    dialog.tables.setCurrentRow(0)
    url = dialog.tables.item(0).data(URL_ROLE)
    assert dialog.link.text() == url and dialog.tables.item(0).toolTip() == url  # whole, not cut
    QApplication.clipboard().clear()
    qtbot.mouseClick(dialog.copy, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == url


def test_a_stale_confirm_on_a_table_signed_off_meanwhile_says_so_and_keeps_the_tiles(qtbot, window):
    from db.service.audit import Actor
    from db.service.results import sign_off

    sheet = open_sheet(window)
    d = sheet.record_win()
    _enter(qtbot, d)
    with window.ctx.db.factory.begin() as s:
        sign_off(s, 1, 1, reason="table abandoned", actor=Actor("desk 2", "chief"))
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert d.isVisible() and d.vm.notation() == HAND
    assert "signed off" in d.stale.text.text() and not d.stale.next_button.isVisible()
    d.reject()
