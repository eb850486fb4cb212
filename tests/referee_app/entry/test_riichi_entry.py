"""The Riichi entry widget, real widgets offscreen: tiles and flags clicked, the figures shown, in English and
Chinese, on the desk's smallest screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from referee_app.entry.riichi_entry import RiichiEntryWidget
from referee_app.entry.riichi_vm import RiichiContext, RiichiEntryModel
from referee_app.words.i18n import LANG
from scoring import tiles as T
from scoring.riichi import EMA_2016, TENHOU

PLAYERS = ("Ann (1)", "Bob (2)", "Chen (3)", "Dora (4)")


def entry(qtbot, preset=EMA_2016, **context) -> RiichiEntryWidget:
    vm = RiichiEntryModel(RiichiContext(preset, **{"seat": "S", "players": PLAYERS, **context}))
    w = RiichiEntryWidget(vm)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    return w


def click(qtbot, w: RiichiEntryWidget, *names: str) -> None:
    for name in names:
        t = int(name) if name.isdigit() else T.tile(name)
        qtbot.mouseClick(w.picker.buttons[t], Qt.MouseButton.LeftButton)


def press(qtbot, box) -> None:
    """Click a radio button or a check box on its mark (a click past its text is no click)."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def test_the_picker_offers_red_fives_only_under_a_preset_with_them_and_no_flowers(qtbot):
    red = entry(qtbot, TENHOU)
    assert [b.objectName() for b in red.picker.buttons[34:]] == ["tile_0m", "tile_0s", "tile_0p"]
    assert not red.picker.flowers.isVisibleTo(red)
    plain = entry(qtbot, EMA_2016)
    assert len(plain.picker.buttons) == 34


def test_clicking_tiles_and_flags_shows_the_figures_the_yaku_and_the_payments(qtbot):
    w = entry(qtbot, honba=1)
    click(qtbot, w, "2m", "3m", "4m", "4p", "5p", "6p", "5p", "5p", "7s", "8s", "9s", "2s", "3s")
    assert w.vm.winning is None and "13/14" in w.hand_title.text()
    click(qtbot, w, "4s")  # the 14th tile is the winning tile
    assert w.notation.text() == "234m23789s45556p4s"
    assert w.message.text() == "Choose ron (from whom) or tsumo." and w.figures.text() == ""
    press(qtbot, w.ron["W"])
    assert w.ron["W"].text() == "Ron from Chen (3)"
    press(qtbot, w.flags["riichi"])
    qtbot.mouseClick(w.target_buttons["dora"], Qt.MouseButton.LeftButton)
    assert w.target_line.isVisible()
    click(qtbot, w, "3p")  # an indicator now, not a tile of the hand: dora 4p
    qtbot.mouseClick(w.target_buttons["dora"], Qt.MouseButton.LeftButton)
    assert w.vm.dora == (T.tile("3p"),) and w.vm.target is None and not w.target_line.isVisible()
    assert w.figures.text() == "3 han 30 fu"
    assert w.fu_line.text() == "Fu: base 30 → 30"
    names = [w.yaku.item(i, 0).text() for i in range(w.yaku.rowCount())]
    assert names == ["Riichi", "Pinfu (All sequences)", "Dora"]
    assert [w.yaku.item(i, 1).text() for i in range(3)] == ["1", "1", "1"]
    # 3 han 30 fu from a non-dealer: 3,900, and one honba: 300, from the discarder
    values = {p.text(): v.text() for p, v in zip(w.pay_names, w.pay_values, strict=True)}
    assert values == {"Ann (1) (East)": "0", "Bob (2) (South)": "+4200", "Chen (3) (West)": "-4200",
                      "Dora (4) (North)": "0"}


def test_the_hand_and_the_indicator_rows_give_a_tile_back_when_clicked(qtbot):
    w = entry(qtbot, TENHOU)
    w.vm.set_notation("234m40655p789s23s4s")
    w.vm.add_indicator("dora", 36)
    w.vm.set_tsumo()
    assert w.tsumo.isChecked() and w.figures.text() == "4 han 20 fu"  # tsumo, pinfu, red five, dora (0p → 6p)
    qtbot.mouseClick(w.indicator_rows["dora"], Qt.MouseButton.LeftButton, pos=QPoint(10, 10))
    assert w.vm.dora == ()
    qtbot.mouseClick(w.hand_row, Qt.MouseButton.LeftButton, pos=QPoint(10, 10))  # the first tile: 2m
    assert w.vm.preview.tile_count == 13 and w.notation.text() == "34m23789s40556p4s"


def test_a_refusal_is_shown_in_red_in_the_desks_language(qtbot):
    w = entry(qtbot)
    w.notation.setFocus()
    qtbot.keyClicks(w.notation, "[234m1]45655p789s23s4s")
    press(qtbot, w.tsumo)
    assert w.message.text() == "the hand has no yaku (dora alone do not count)"
    assert "#b3261e" in w.message.styleSheet()
    assert [v.text() for v in w.pay_values] == ["", "", "", ""]
    LANG.set("zh")
    assert w.message.text() not in ("", "the hand has no yaku (dora alone do not count)")
    assert w.tsumo.text() == "自摸" and w.flags["riichi"].text() == "立直"


def test_the_figures_and_the_yaku_are_said_in_chinese(qtbot):
    LANG.set("zh")
    w = entry(qtbot, TENHOU, seat="E")
    w.vm.set_notation("234m40655p789s23s4s")
    press(qtbot, w.ron["N"])
    assert w.figures.text() == "2 番 30 符"
    assert [w.yaku.item(i, 0).text() for i in range(w.yaku.rowCount())] == ["平和", "赤宝牌"]
    assert "庄家" in w.winner.text()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_it_fits_the_desks_smallest_screen(qtbot, lang):
    LANG.set(lang)
    w = entry(qtbot, TENHOU, honba=3, deposits=2)
    w.vm.set_notation("[406m][505p]234s789s5s0s")  # red fives everywhere, a long yaku list
    w.vm.set_ron("W")
    qtbot.wait(10)
    room = w.minimumSizeHint()
    # inside the hand-entry dialog's 1180×700 (with its buttons below), so on a 1366×768 screen
    assert room.width() <= 1180 - 16 and room.height() <= 700 - 60, room
    assert w.picker.buttons[0].width() >= 40  # legible tiles, not squeezed to fit
