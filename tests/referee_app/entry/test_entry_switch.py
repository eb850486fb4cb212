"""What the referee was entering at a table goes on in the copy saved after the tournament file vanished
(docs/gui.md "Another tournament opened"): "file deleted or moved → Save to a new file…" opens the copy while
hand entry (or another question of the score sheet) is still open, and Confirm then did nothing — the page had
started the copy afresh, with no table, so nothing was recorded and nothing was said."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from db.read import queries
from db.service.audit import Actor
from db.service.results import record_draw

HAND = "[789m2][777s3][234s3]89sEE7s"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot delete a file SQLite has open")


@pytest.fixture
def autumn(tmp_path) -> Path:
    """Another tournament, session 1 seated: its table 1 exists too."""
    from db.service.players import PlayerInput, import_players
    from db.service.seats import seat_session
    from db.service.tournament import create_tournament
    from db.storage.store import open_database

    path = tmp_path / "autumn.mcr"
    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Autumn Cup", "cmr1998", sessions=2)
        import_players(s, [PlayerInput(str(100 + i), f"Player {i}") for i in range(8)])
        seat_session(s, 1)
    return path


def _sheet(window):
    window.show_sheet(1, 1)
    return window.pages["Score sheet"]


def _entry(qtbot, sheet):
    d = sheet.record_win()
    qtbot.waitExposed(d)
    qtbot.keyClicks(d.entry.notation, HAND)
    d.entry.winner.setCurrentIndex(0)  # East won on South's discard: nothing is chosen for the referee
    d.entry.discarder.setCurrentIndex(d.entry.discarder.findData(1))
    assert d.vm.preview.can_confirm
    return d


def _save_copy(qtbot, window, monkeypatch, copy: Path) -> None:
    """The file-gone question answered as the referee does: "Save to a new file…", the save dialog answered."""
    qtbot.waitUntil(lambda: window.backup.gone_prompt is not None, timeout=3000)
    box = window.backup.gone_prompt
    monkeypatch.setattr(window.backup, "ask_save_path", lambda title, default: str(copy))
    next(b for b in box.buttons() if b.text() in ("Save to a new file…", "保存到新文件…")).click()
    qtbot.waitUntil(lambda: window.ctx is not None and Path(window.ctx.path) == copy)


def _hands(window) -> list:
    return list(window.ctx.runner.read(lambda s: queries.table_sheet(s, 1, 1)).hands)


@pytest.mark.parametrize("how", ["deleted", "moved"])
def test_hand_entry_open_across_save_to_a_new_file_records_into_the_copy(qtbot, window, tournament_file, tmp_path,
                                                                          monkeypatch, error_messages, how):
    sheet = _sheet(window)
    d = _entry(qtbot, sheet)
    if how == "deleted":
        tournament_file.unlink()
    else:
        os.replace(tournament_file, tmp_path / "elsewhere.mcr")
    copy = tmp_path / "saved.mcr"
    _save_copy(qtbot, window, monkeypatch, copy)  # the watcher asked, within a second
    assert d.isVisible() and d.vm.notation() == HAND  # still open, the tiles as entered
    assert window.stack.currentWidget() is sheet  # back at the table the referee was at

    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)

    assert not d.isVisible() and sheet.entry_dialog is None
    hands = _hands(window)  # read from the copy, the file open now
    assert [(h.hand, h.notation, h.discarder) for h in hands] == [(1, HAND, 1)]
    assert [h.hand for h in sheet.sheet.hands] == [1]  # the sheet shows it
    assert error_messages == []


def test_a_confirm_refused_by_the_vanished_file_is_recorded_into_the_copy(qtbot, window, tournament_file, tmp_path,
                                                                          monkeypatch, error_messages):
    """The other way in: Confirm is what finds the file gone (refused before anything is written), the
    referee saves the copy from the question and presses Confirm again."""
    sheet = _sheet(window)
    d = _entry(qtbot, sheet)
    tournament_file.unlink()
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert d.isVisible() and window.backup.gone_prompt is not None
    copy = tmp_path / "saved.mcr"
    _save_copy(qtbot, window, monkeypatch, copy)
    assert _hands(window) == []  # the refused Confirm wrote nothing
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert not d.isVisible() and [h.notation for h in _hands(window)] == [HAND]
    assert error_messages == []


def test_a_table_changed_in_the_copy_meanwhile_gets_the_usual_refusal_with_the_tiles_kept(
        qtbot, window, tournament_file, tmp_path, monkeypatch):
    sheet = _sheet(window)
    d = _entry(qtbot, sheet)
    tournament_file.unlink()
    _save_copy(qtbot, window, monkeypatch, tmp_path / "saved.mcr")
    with window.ctx.db.factory.begin() as s:  # another writer on the copy records hand 1 first
        record_draw(s, 1, 1, 1, actor=Actor(station="table 1 device", referee="device"))
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert d.isVisible() and d.vm.notation() == HAND and d.vm.preview.tile_count == 14
    assert d.stale.isVisible() and "hand 1 was recorded meanwhile by table 1 device" in d.stale.text.text()
    qtbot.mouseClick(d.stale.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert not d.isVisible() and [h.notation for h in _hands(window)] == [None, HAND]


def test_hand_entry_of_a_tournament_no_longer_open_says_so_and_keeps_the_tiles(qtbot, window, tmp_path, autumn):
    """Not through any menu (hand entry is modal to the window): another tournament opened under it. Its
    table 1 exists too, and must not get this hand: the dialog says why nothing is recorded."""
    sheet = _sheet(window)
    d = _entry(qtbot, sheet)
    assert window.open_file(str(autumn))
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert d.isVisible() and d.vm.notation() == HAND
    text = d.stale.text.text()
    assert d.stale.isVisible() and "Not recorded: spring.mcr is no longer open here" in text, text
    assert "Your tiles are kept" in text and not d.confirm.isEnabled()
    assert not d.stale.next_button.isVisible() and not d.stale.correct_button.isVisible()
    assert _hands(window) == []  # Autumn's table 1: untouched
    d.reject()


@pytest.mark.parametrize("question", ["time called", "sign-off", "false-win penalty", "draw"])
def test_a_question_of_the_sheet_open_across_the_switch_is_answered_into_the_copy(qtbot, window, tournament_file,
                                                                                  tmp_path, monkeypatch, question):
    sheet = _sheet(window)
    assert sheet.record_draw()
    if question == "time called":
        box = sheet.ask_time_called()
    elif question == "sign-off":
        sheet.toggle_sign_off()
        box = sheet.sign_off_prompt
        box.setTextValue("a player fell ill")
    elif question == "false-win penalty":
        box = sheet.ask_false_win(0, 2)
    else:
        box = sheet.ask_draw()
    tournament_file.unlink()
    _save_copy(qtbot, window, monkeypatch, tmp_path / "saved.mcr")
    assert box.isVisible()
    if isinstance(box, QMessageBox):
        box.button(QMessageBox.StandardButton.Yes).click()
    else:
        box.accept()
    sh = window.ctx.runner.read(lambda s: queries.table_sheet(s, 1, 1))
    if question == "time called":
        assert sh.time_called_after == 1
    elif question == "sign-off":
        assert sh.signed_off
    elif question == "false-win penalty":
        assert [p.player.number for p in sh.penalties] == [sh.players[0].number]
    else:
        assert [h.kind for h in sh.hands] == ["draw", "draw"]


def test_totals_typed_before_the_switch_stay_in_the_bar(qtbot, window, tournament_file, tmp_path, monkeypatch):
    window.show_sheet(1, 2)
    sheet = window.pages["Score sheet"]
    num = [p.number for p in sheet.sheet.players]
    sheet.winner.setCurrentIndex(sheet.winner.findData(num[2]))
    sheet.discarder.setCurrentIndex(sheet.discarder.findData("+"))
    sheet.fan.setText("16")
    tournament_file.unlink()
    _save_copy(qtbot, window, monkeypatch, tmp_path / "saved.mcr")
    assert window.stack.currentWidget() is sheet and (sheet.vm.session, sheet.vm.table) == (1, 2)
    assert sheet.fan.text() == "16" and sheet.winner.currentData() == num[2]
    qtbot.keyClick(sheet.fan, Qt.Key.Key_Return)
    h = window.ctx.runner.read(lambda s: queries.table_sheet(s, 1, 2)).hands
    assert [(x.fan_total, x.winner) for x in h] == [(16, 2)]


def test_a_question_of_a_tournament_no_longer_open_says_so_in_chinese(qtbot, window, autumn, error_messages):
    sheet = _sheet(window)
    assert sheet.record_draw()
    box = sheet.ask_time_called()
    assert window.open_file(str(autumn))
    window.set_language("zh")
    box.button(QMessageBox.StandardButton.Yes).click()
    assert len(error_messages) == 1, error_messages
    (title, said), step = error_messages[0], error_messages[0].next_step
    assert title == "到时", title
    assert said.startswith("未记录：spring.mcr 已不在本程序中打开") and "第 1 局第 1 桌" in said, said
    assert "请打开它所属的比赛" in step, step
    sh = window.ctx.runner.read(lambda s: queries.table_sheet(s, 1, 1))
    assert sh.tournament == "Autumn Cup" and sh.time_called_after is None  # Autumn's table 1: untouched
