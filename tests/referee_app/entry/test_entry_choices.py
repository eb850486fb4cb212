"""Nothing is pre-chosen at the desk. Hand entry opens with no winner and neither a discarder nor
self-drawn; Confirm (and Enter) stay off until the referee chose both, with the phone's prompts. The same
for the other entries that name a winner: a false win from hand entry, a draw corrected into a win."""

from __future__ import annotations

from PySide6.QtCore import Qt

from referee_app.dialogs.correction import CorrectionDialog
from referee_app.entry.hand_vm import HandEntryModel, Mode
from referee_app.words.i18n import LANG
from scoring import tiles as T

UNDER_EIGHT = "[234m1][567p1]678s23sWW4s"  # Mixed Double Chow only: 1 fan


def open_entry(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    d = sheet.record_win()
    qtbot.addWidget(d)
    qtbot.waitExposed(d)
    return sheet, d


def click(qtbot, entry, what: Mode | str) -> None:
    button = entry.picker.mode_buttons[what] if isinstance(what, Mode) else entry.picker.buttons[T.tile(what)]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_hand_entry_opens_with_nothing_chosen_and_enter_after_14_tiles_records_nothing(qtbot, window):
    sheet, d = open_entry(qtbot, window)
    e = d.entry
    assert e.winner.currentIndex() == -1 and e.discarder.currentIndex() == -1
    assert not e.self_drawn.isChecked() and not e.discard.isChecked()
    assert e.prompt.text() == "Choose the winner." and e.prompt.isVisible()
    assert e.winner.placeholderText() == "Choose the winner."
    # the 14 tiles, clicked: [789m][777s][234s] 89s EE, winning on 7s
    for what in (Mode.CHOW, "7m", Mode.PUNG, "7s", Mode.CHOW, "2s", Mode.TILE, "8s", "9s", "E", "E", "7s"):
        click(qtbot, e, what)
    assert d.vm.preview.tile_count == 14 and d.vm.winning == T.tile("7s")
    assert not d.confirm.isEnabled() and e.message.text() == "Choose the winner."
    assert e.fans_model.rowCount() == 0 and e.total.text() == "—"  # no fans for a win nobody won
    assert all(v.text() == "" for v in e.pay_values)
    qtbot.keyClick(e.notation, Qt.Key.Key_Return)
    assert d.isVisible() and not sheet.sheet.hands  # Enter recorded nothing
    e.winner.setCurrentIndex(2)  # West won…
    assert e.prompt.text() == "Choose the discarder, or self-drawn." and not d.confirm.isEnabled()
    qtbot.keyClick(e.notation, Qt.Key.Key_Return)
    assert d.isVisible() and not sheet.sheet.hands
    qtbot.mouseClick(e.discard, Qt.MouseButton.LeftButton, pos=e.discard.rect().center())
    # "Discarded by" takes no player for the referee
    assert e.discard.isChecked() and e.discarder.currentIndex() == -1 and not d.confirm.isEnabled()
    assert d.vm.situation.discarder is None and not d.vm.situation.self_drawn
    e.discarder.setCurrentIndex(e.discarder.findData(1))  # …on South's discard
    assert d.confirm.isEnabled() and not e.prompt.isVisible() and e.fans_model.rowCount() > 0
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        qtbot.keyClick(e.notation, Qt.Key.Key_Return)
    h = sheet.sheet.hands[0]
    assert (h.winner, h.discarder, h.self_drawn) == (2, 1, False)


def test_self_drawn_is_chosen_too_and_the_prompts_are_the_phone_s_in_chinese(qtbot, window):
    LANG.set("zh")
    _sheet, d = open_entry(qtbot, window)
    e = d.entry
    assert e.prompt.text() == "请选择和牌者。"  # the table page's catalogue entries
    e.winner.setCurrentIndex(0)
    assert e.prompt.text() == "请选择点炮者或自摸。" == e.discarder.placeholderText()
    qtbot.keyClicks(e.notation, "[789m1][777s1][234s1]89sEE7s")
    assert not d.confirm.isEnabled()
    qtbot.mouseClick(e.self_drawn, Qt.MouseButton.LeftButton, pos=e.self_drawn.rect().center())
    assert d.confirm.isEnabled() and d.vm.situation.self_drawn and e.discarder.currentIndex() == -1
    assert "Self-Drawn" in {f.fan.en for f in d.vm.preview.result.fans}


def test_the_false_win_penalty_waits_for_the_winner_and_how(qtbot, window):
    _sheet, d = open_entry(qtbot, window)
    qtbot.keyClicks(d.entry.notation, UNDER_EIGHT)
    assert not d.false_win_button.isVisible()  # whose false win? nobody was named
    d.entry.winner.setCurrentIndex(3)
    assert not d.false_win_button.isVisible()
    d.entry.discarder.setCurrentIndex(d.entry.discarder.findData(0))
    assert d.false_win_button.isVisible() and not d.confirm.isEnabled()


def test_choosing_the_discarder_as_winner_swaps_them_and_with_no_winner_before_asks_again():
    vm = HandEntryModel()
    vm.set_situation(discarder=2)
    vm.set_situation(winner=2)  # no winner before: the discarder is to choose again
    assert (vm.situation.winner, vm.situation.discarder, vm.situation.self_drawn) == (2, None, False)
    assert vm.prompt == "Choose the discarder, or self-drawn."
    vm.set_situation(self_drawn=True)
    vm.set_situation(discarder=1)  # a discarder chosen is no longer self-drawn
    assert (vm.situation.discarder, vm.situation.self_drawn, vm.prompt) == (1, False, None)


def test_a_draw_corrected_into_a_win_names_nobody_until_chosen(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.record_draw()
    d = CorrectionDialog(sheet, sheet.sheet.players, sheet.sheet.hands[0])
    qtbot.addWidget(d)
    d.kind.setCurrentIndex(d.kind.findData("win"))
    assert d.winner.currentIndex() == -1 and d.discarder.currentIndex() == -1
    d.fan.setText("16")
    d.reason.setText("it was a win")
    assert d.value() is None and d.problem.text() == "Choose the winner."
    d.winner.setCurrentIndex(1)
    assert d.value() is None and d.problem.text() == "Choose the discarder, or self-drawn."
    d.discarder.setCurrentIndex(d.discarder.findData("+"))
    c = d.value()
    assert c is not None and c.result.winner == sheet.sheet.players[1].number and c.result.self_drawn


def test_totals_entry_asks_for_the_winner_and_how_in_the_phone_s_words(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.winner.currentIndex() == -1 and sheet.winner.placeholderText() == "Choose the winner."
    assert sheet.discarder.currentIndex() == -1
    assert sheet.discarder.placeholderText() == "Choose the discarder, or self-drawn."


def test_changing_the_winner_to_the_discarder_swaps_them():
    vm = HandEntryModel()
    vm.set_situation(winner=0, discarder=2)
    vm.set_situation(winner=2)
    assert (vm.situation.winner, vm.situation.discarder) == (2, 0)  # still a discard, not self-drawn
    vm.set_situation(self_drawn=True)
    vm.set_situation(winner=1)
    assert vm.situation.discarder is None and vm.situation.self_drawn
