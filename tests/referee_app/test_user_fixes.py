"""Fixes found by using the app for a tournament day: the first CSV problem scrolled into view, typing
messages red only when the notation cannot be read, a changed winner keeps "discarded by", and the score
sheet's names not cut while numbers take what they need."""

from __future__ import annotations

from referee_app.dialogs.csv_import import CsvImportDialog
from referee_app.entry.hand_entry import HandEntryWidget
from referee_app.entry.hand_vm import HandEntryModel
from referee_app.models import SheetModel


def test_csv_preview_shows_the_first_problem(qtbot):
    d = CsvImportDialog(None)
    qtbot.addWidget(d)
    d.resize(800, 300)
    d.show()
    rows = "\n".join(f"{i},Player {i},," for i in range(1, 40))
    d.load_text("number,name,team,country\n" + rows + "\n40,,,\n")
    assert d.view.currentIndex().row() == 39
    qtbot.waitUntil(lambda: d.view.rowAt(d.view.viewport().height() // 2) >= 30)
    assert not d.import_button.isEnabled()


def test_typing_progress_is_grey_and_unreadable_notation_is_red(qtbot):
    vm = HandEntryModel()
    entry = HandEntryWidget(vm)
    qtbot.addWidget(entry)
    qtbot.keyClicks(entry.notation, "123m")
    assert "expected 14" in entry.message.text() and "#8c1d18" not in entry.message.styleSheet()
    qtbot.keyClicks(entry.notation, "x")
    assert 'unknown tile letter "x"' in entry.message.text()
    assert "#8c1d18" in entry.message.styleSheet()


def test_changing_the_winner_to_the_discarder_swaps_them():
    vm = HandEntryModel()
    vm.set_situation(winner=0, discarder=2)
    vm.set_situation(winner=2)
    assert (vm.situation.winner, vm.situation.discarder) == (2, 0)  # still a discard, not self-drawn
    vm.set_situation(self_drawn=True)
    vm.set_situation(winner=1)
    assert vm.situation.discarder is None and vm.situation.self_drawn


def test_sheet_names_have_the_room(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    hh = sheet.view.horizontalHeader()
    names = [hh.sectionSize(c) for c in (SheetModel.COL_DEALER, SheetModel.COL_WINNER, SheetModel.COL_DISCARDER)]
    numbers = [hh.sectionSize(c) for c in range(SheetModel.COL_POINTS, SheetModel.COL_TOTAL + 4)]
    assert min(names) > max(numbers)


def test_log_actions_in_words_both_languages(qtbot, window):
    from referee_app.models import AuditModel
    from referee_app.words.i18n import LANG

    window.go("Log")
    page = window.pages["Log"]
    m = page.model
    shown = {m.data(m.index(r, AuditModel.COL_ACTION)) for r in range(m.rowCount())}
    assert "Player added" in shown and "player_add" not in shown
    assert page.action.findText("Player added") >= 0 and page.action.itemData(page.action.findText("Player added")) \
        == "player_add"
    LANG.set("zh")
    page.refresh()
    shown = {m.data(m.index(r, AuditModel.COL_ACTION)) for r in range(m.rowCount())}
    assert "添加选手" in shown


def test_correction_dialog_says_what_is_recorded(qtbot, window):
    from db.service.results import record_win
    from referee_app.dialogs.correction import CorrectionDialog
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


def test_swap_dialog_shows_where_each_player_sits(qtbot, window):
    """Through the page's own button: the dialog it opens labels each player with their table and seat,
    and OK swaps the two chosen."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from referee_app.dialogs.swap import SwapDialog

    window.go("Sessions & tables")
    page = window.pages["Sessions & tables"]
    t1, t2 = page.model.rows
    a, b = t1.players[0], t2.players[2]
    seen: dict[str, object] = {}

    def answer() -> None:  # no assert in here: a failure must not leave the modal dialog open
        d = QApplication.activeModalWidget()
        if not isinstance(d, SwapDialog):
            return
        seen["label"] = d.a.itemText(d.a.findData(a.number))
        seen["width"] = d.minimumWidth()
        d.a.setCurrentIndex(d.a.findData(a.number))
        d.b.setCurrentIndex(d.b.findData(b.number))
        d.accept()

    QTimer.singleShot(0, answer)
    page.swap_button.click()
    assert seen["label"] == f"{a.number}  {a.name}  ·  Table 1 · East"
    assert seen["width"] >= 400
    t1, t2 = page.model.rows
    assert (t1.players[0].number, t2.players[2].number) == (b.number, a.number)
