"""Hand entry, second round: the false-win penalty from a hand under 8 fans, the keyboard (focus, Tab
order, Enter = Confirm, Esc = Cancel, mode shortcuts), and problems and verdicts in both languages."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from db.service.tournament import penalty_presets
from referee_app.entry.hand_entry import HandEntryDialog
from referee_app.entry.hand_vm import HandEntryModel, Mode
from referee_app.words.hand_errors import hand_problem
from referee_app.words.i18n import LANG
from scoring import tiles as T
from scoring.errors import HandError

UNDER_EIGHT = "[234m1][567p1]678s23sWW4s"  # Mixed Double Chow only: 1 fan
VALID = "[789m1][777s1][234s1]89sEE7s"


def open_entry(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    d = sheet.record_win()
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return sheet, d


def test_false_win_button_opens_the_prefilled_penalty_and_records_it(qtbot, window):
    sheet, d = open_entry(qtbot, window)
    assert not d.false_win_button.isVisible()  # nothing to judge yet
    d.entry.winner.setCurrentIndex(2)  # the would-be winner sits West, on East's discard
    d.entry.discarder.setCurrentIndex(d.entry.discarder.findData(0))
    qtbot.keyClicks(d.entry.notation, UNDER_EIGHT)
    assert d.vm.preview.result is not None and not d.vm.preview.result.meets_minimum
    assert d.entry.verdict.text() == "Only 1 fan without flowers: at least 8 are needed; this is a false win."
    assert d.false_win_button.isVisible() and not d.confirm.isEnabled()
    qtbot.mouseClick(d.false_win_button, Qt.MouseButton.LeftButton)
    assert not d.isVisible()  # the hand is not recorded
    pd = sheet.penalty_dialog
    assert pd is not None
    qtbot.addWidget(pd)
    offender = sheet.sheet.players[2]
    assert pd.player.currentData() == offender.number
    assert pd.kind.currentData() == "false_win_wrong"  # the R98 profile's 错和
    assert pd.settlement() == "others" and pd.amount.currentText() == "30"
    assert pd.hand == 1 and "1 fans" in pd.reason.text()
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        qtbot.mouseClick(pd.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert sheet.sheet.hands == [] or all(h.kind != "win" for h in sheet.sheet.hands)
    pens = sheet.sheet.penalties
    assert len(pens) == 1 and pens[0].kind == "false_win_wrong" and pens[0].hand == 1
    assert pens[0].deltas == tuple(-30 if i == 2 else 10 for i in range(4))
    assert sheet.next_hand() == 1  # the hand is still to be played


def test_false_win_not_offered_for_a_counting_hand_or_in_corrections(qtbot, window):
    _sheet, d = open_entry(qtbot, window)
    qtbot.keyClicks(d.entry.notation, VALID)
    d.entry.winner.setCurrentIndex(0)
    d.entry.self_drawn.setChecked(True)
    assert d.confirm.isEnabled() and not d.false_win_button.isVisible()
    plain = HandEntryDialog(HandEntryModel())  # e.g. a correction: no penalty from there
    qtbot.addWidget(plain)
    plain.vm.set_situation(winner=0, self_drawn=True)
    plain.vm.set_notation(UNDER_EIGHT)
    plain.show()
    assert not plain.false_win_button.isVisible()


def test_enter_confirms_and_esc_cancels(qtbot, window):
    sheet, d = open_entry(qtbot, window)
    assert d.focusWidget() is d.entry.notation  # typing starts at once
    qtbot.keyClicks(d.entry.notation, UNDER_EIGHT)
    qtbot.keyClick(d.entry.notation, Qt.Key.Key_Return)  # under 8 fans: Enter records nothing
    assert d.isVisible() and not sheet.sheet.hands
    # a click on a tool button does not take the focus nor become the Enter button
    qtbot.mouseClick(d.entry.picker.clear_button, Qt.MouseButton.LeftButton)
    assert d.vm.standing == () and d.focusWidget() is d.entry.notation
    d.entry.winner.setCurrentIndex(0)
    d.entry.self_drawn.setChecked(True)
    qtbot.keyClicks(d.entry.notation, VALID)
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        qtbot.keyClick(d.entry.notation, Qt.Key.Key_Return)
    assert len(sheet.sheet.hands) == 1 and sheet.sheet.hands[0].notation == "[789m1][777s1][234s1]89sEE7s"
    d2 = sheet.record_win()
    qtbot.addWidget(d2)
    d2.show()
    qtbot.waitExposed(d2)
    qtbot.keyClicks(d2.entry.notation, VALID)
    qtbot.keyClick(d2.entry.notation, Qt.Key.Key_Escape)
    assert not d2.isVisible() and len(sheet.sheet.hands) == 1
    assert sheet.entry_dialog is None
    qtbot.waitUntil(lambda: not shiboken6.isValid(d2))  # a cancelled entry does not linger all day


def test_tab_order_reaches_the_situation_without_the_tiles(qtbot, window):
    _sheet, d = open_entry(qtbot, window)
    order = [d.entry.notation]
    w = d.entry.notation
    for _ in range(4):
        w = w.nextInFocusChain()
        while not (w.focusPolicy() & Qt.FocusPolicy.TabFocus) or not w.isEnabled():
            w = w.nextInFocusChain()
        order.append(w)
    assert order[1] is d.entry.winner and order[2] is d.entry.self_drawn
    assert all(w not in d.entry.picker.buttons for w in order)


def test_mode_shortcuts(qtbot, window):
    _sheet, d = open_entry(qtbot, window)
    d.activateWindow()
    qtbot.waitUntil(d.isActiveWindow)  # shortcuts act in the active window
    qtbot.keyClick(d.entry.notation, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: d.vm.mode is Mode.CHOW)  # a shortcut animates the click
    qtbot.mouseClick(d.entry.picker.buttons[T.tile("3m")], Qt.MouseButton.LeftButton)
    assert d.entry.notation.text() == "[345m1]"
    qtbot.keyClick(d.entry.notation, Qt.Key.Key_5, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: d.vm.mode is Mode.CONCEALED_KONG)
    qtbot.mouseClick(d.entry.picker.buttons[T.tile("E")], Qt.MouseButton.LeftButton)
    assert d.entry.notation.text() == "[345m1][EEEE]"


def _problem(text: str) -> str:
    try:
        from scoring.notation import parse_hand

        parse_hand(text)
    except HandError as e:
        return hand_problem(e)
    raise AssertionError(f"{text} parsed")


def test_problems_in_chinese_and_english(qtbot):
    vm = HandEntryModel()
    vm.set_notation("33333s123456789p")
    assert vm.preview.error == "5 copies of 3s (3 bamboo): there are only 4 of each tile."
    LANG.set("zh")
    vm.refresh()
    assert vm.preview.error == "三条有 5 张：每种牌只有 4 张。"
    assert _problem("[123m") == "第 1 个字符 “[123m”：副露缺少 \"]\"。"
    assert _problem("123x") == "第 1 个字符 “123x”：未知的花色字母 \"x\"（花色为 m 万、s 条、p 饼）。"
    assert _problem("123m") == "0 副副露后有 3 张牌，应为 14 张（13 张手牌 + 和张）。"
    vm.set_notation("1357m2468p13579s1m")
    assert vm.preview.error.startswith("不是和牌")
    vm.set_situation(winner=0, discarder=1)
    vm.set_notation("[234m1][567p1]678s23sWW4s")
    assert vm.preview.verdict == "不计花牌只有 1 番，不足 8 番：这是错和。"
    vm.set_situation(fourth_tile=True)
    vm.set_notation("[234m1][567p1]678s34sWW4s")  # a 4s already stands in the hand
    assert vm.preview.error == "和绝张 四条 不可能：和牌者自己的手牌里已有一张 四条。"
    # an unknown form is still shown, prefixed, never hidden
    assert hand_problem("something new") == "牌型有误：something new"


def test_language_switch_rewords_an_open_hand_entry(qtbot):
    dlg = HandEntryDialog(HandEntryModel(), offer_false_win=True)
    qtbot.addWidget(dlg)
    dlg.vm.set_situation(winner=0, discarder=1)
    dlg.vm.set_notation(UNDER_EIGHT)
    assert "false win" in dlg.entry.verdict.text()
    LANG.set("zh")
    assert dlg.entry.verdict.text() == "不计花牌只有 1 番，不足 8 番：这是错和。"
    dlg.vm.set_notation("33333s123456789p")
    assert dlg.entry.message.text() == "三条有 5 张：每种牌只有 4 张。"
    LANG.set("en")
    assert dlg.entry.message.text().startswith("5 copies of 3s (3 bamboo)")


def test_penalty_dialog_prefill_and_translated_note(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    presets = window.ctx.runner.read(penalty_presets)
    LANG.set("zh")
    from referee_app.dialogs.penalty import PenaltyDialog

    pd = PenaltyDialog(sheet, sheet.sheet.players, presets, 3, player=sheet.sheet.players[1].number,
                       kind="lateness", reason="x")
    qtbot.addWidget(pd)
    assert pd.player.currentIndex() == 1 and pd.kind.currentData() == "lateness"
    assert pd.note.text() == "迟到 10 分钟以内罚 10 分，15 分钟以内罚 20 分"
    assert pd.buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "取消"



def test_hand_and_fan_tiles_are_named_apart_from_hand_numbers(qtbot) -> None:
    # "Hand" (盘, a deal) and "Tiles" (单张, the picker mode) must not label the tiles held or a fan's tiles.
    LANG.set("zh")
    vm = HandEntryModel()
    dlg = HandEntryDialog(vm)
    qtbot.addWidget(dlg)
    vm.set_notation("2344s234678pFFF4s")
    assert dlg.entry.hand_title.text() == "手牌 · 14/14"
    assert dlg.entry.fans_model.headerData(3, Qt.Orientation.Horizontal) == "组成"
