"""The tile picker and the hand-entry view-model, driven by clicks."""

from __future__ import annotations

from PySide6.QtCore import Qt

from referee_app.entry.hand_vm import HandEntryModel, Mode
from referee_app.entry.tile_picker import TilePicker
from scoring import tiles as T
from scoring.model import MeldKind


def click(qtbot, picker: TilePicker, name: str) -> None:
    qtbot.mouseClick(picker.buttons[T.tile(name)], Qt.MouseButton.LeftButton)


def test_picker_has_34_tiles_in_suit_rows(qtbot):
    vm = HandEntryModel()
    picker = TilePicker(vm)
    qtbot.addWidget(picker)
    assert [b.tile for b in picker.buttons] == list(range(34))
    assert picker.buttons[0].toolTip().startswith("1m")


def test_melds_by_mode_then_tile(qtbot):
    vm = HandEntryModel()
    picker = TilePicker(vm)
    qtbot.addWidget(picker)
    qtbot.mouseClick(picker.mode_buttons[Mode.CHOW], Qt.MouseButton.LeftButton)
    assert vm.mode is Mode.CHOW
    assert not picker.buttons[T.tile("8m")].isEnabled()  # no chow starts at 8
    assert not picker.buttons[T.tile("E")].isEnabled()
    click(qtbot, picker, "7m")
    qtbot.mouseClick(picker.mode_buttons[Mode.CONCEALED_KONG], Qt.MouseButton.LeftButton)
    click(qtbot, picker, "1s")
    assert [m.kind for m in vm.melds] == [MeldKind.CHOW, MeldKind.CONCEALED_KONG]
    assert vm.mode is Mode.CONCEALED_KONG  # the mode sticks (docs/gui.md "One meld model")
    assert picker.buttons[T.tile("1s")].count == 4
    assert not picker.buttons[T.tile("1s")].isEnabled()  # all four used
    assert vm.notation() == "[789m1][1111s]"


def test_fourteenth_tile_is_the_winning_tile_and_undo(qtbot):
    vm = HandEntryModel()
    picker = TilePicker(vm)
    qtbot.addWidget(picker)
    for name in ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"]:
        click(qtbot, picker, name)
    assert vm.winning is None and len(vm.standing) == 13
    click(qtbot, picker, "5m")
    assert vm.winning == T.tile("5m")
    assert vm.notation() == "1112345678999m5m"
    assert not picker.buttons[T.tile("2s")].isEnabled()  # the hand is full
    qtbot.mouseClick(picker.undo_button, Qt.MouseButton.LeftButton)
    assert vm.winning is None
    qtbot.mouseClick(picker.remove_button, Qt.MouseButton.LeftButton)
    assert len(vm.standing) == 12
    qtbot.mouseClick(picker.clear_button, Qt.MouseButton.LeftButton)
    assert vm.hand().all_tiles() == ()


def test_notation_round_trip_and_parse_error():
    vm = HandEntryModel()
    assert vm.set_notation("[789m2][777s3][234s3]89sEE7s")
    assert vm.notation() == "[789m2][777s3][234s3]89sEE7s"
    assert len(vm.melds) == 3 and vm.winning == T.tile("7s")
    assert not vm.set_notation("[123m")
    assert vm.notation_error and "not closed" in vm.notation_error
    assert vm.preview.error == vm.notation_error
    assert len(vm.melds) == 3  # the hand stays as it was


def test_flower_counter_sets_the_situation(qtbot):
    vm = HandEntryModel()
    picker = TilePicker(vm)
    qtbot.addWidget(picker)
    picker.flowers.setValue(3)
    assert vm.situation.flowers == 3
    assert vm.context().flowers == 3


def test_concealed_kong_drawn_with_its_ends_face_down(qtbot):
    from PySide6.QtGui import QImage

    from referee_app.base.tile_faces import TileRow

    def pixels(tag: str) -> QImage:
        row = TileRow(None, tile_width=30)
        qtbot.addWidget(row)
        row.resize(300, 50)
        row.set_groups([((31, 31, 31, 31), tag)])
        return row.grab().toImage()

    melded, concealed = pixels("meld"), pixels("concealed")
    first = (10, 20)  # inside the first tile
    second = (45, 20)  # inside the second
    assert melded.pixelColor(*first) != concealed.pixelColor(*first)  # the end tile: its back
    assert melded.pixelColor(*second) == concealed.pixelColor(*second)  # the middle ones: faces


def test_one_click_one_preview(qtbot):
    """The live preview is scored once per click: a meld or the winning tile used to score it twice."""
    vm = HandEntryModel()
    picker = TilePicker(vm)
    qtbot.addWidget(picker)
    previews: list[object] = []
    vm.changed.connect(previews.append)
    qtbot.mouseClick(picker.mode_buttons[Mode.CHOW], Qt.MouseButton.LeftButton)
    assert previews == []  # a mode is not a change of the hand
    click(qtbot, picker, "7m")
    qtbot.mouseClick(picker.mode_buttons[Mode.WIN], Qt.MouseButton.LeftButton)
    click(qtbot, picker, "5m")
    assert len(previews) == 2 and vm.mode is Mode.WIN
    assert picker.mode_buttons[Mode.WIN].isChecked()
    assert vm.set_notation("")
    assert len(previews) == 3 and vm.hand().all_tiles() == ()


def test_a_click_after_unreadable_notation_scores_the_clicked_hand(qtbot):
    """A typing mistake must not stick: once the referee clicks tiles (or Clear), the hand on screen is
    what is scored, not the old notation error."""
    vm = HandEntryModel()
    vm.set_situation(winner=0, self_drawn=True)
    picker = TilePicker(vm)
    qtbot.addWidget(picker)
    assert vm.set_notation("1112345678999m")
    assert not vm.set_notation("1112345678999m5")
    assert vm.notation_error and "without a suit letter" in vm.preview.error
    click(qtbot, picker, "5m")
    assert vm.notation_error is None and vm.preview.result is not None
    assert "Nine Gates" in {f.fan.en for f in vm.preview.result.fans}
    assert not vm.set_notation("[123m")
    qtbot.mouseClick(picker.clear_button, Qt.MouseButton.LeftButton)
    assert vm.notation_error is None and vm.preview.error == "Enter the hand: click tiles, or type the notation."
    assert not vm.set_notation("[123m")  # on an empty hand too
    qtbot.mouseClick(picker.clear_button, Qt.MouseButton.LeftButton)
    assert vm.notation_error is None


def test_the_picker_draws_the_svg_faces_the_table_page_shows(qtbot):
    from PySide6.QtGui import QColor

    from referee_app.base.tile_faces import face_renderer, tile_pixmap

    for t in range(34):
        assert face_renderer(T.name(t)).isValid(), T.name(t)
    assert face_renderer("back").isValid()
    # 中 (red dragon) drawn from C.svg: red ink in the middle of an ivory face, nothing of the old QPainter code
    img = tile_pixmap(T.tile("C"), 60, 80).toImage()
    colours = {img.pixelColor(x, y).name() for x in range(15, 45) for y in range(20, 60)}
    assert QColor("#c8232c").name() in colours and QColor("#fbf8ef").name() in colours
