"""One seat convention at the desk: wherever a referee picks a player by a letter — the
totals entry, hand entry's winner, discarder and payments — the letter is the player's starting seat (as the
sheet's columns), with the hand's wind beside it when it is another ("S  李娜  (5) · now East"); the rule
is ``db.rules.seat_labels``, which the phone's API uses too (tests/web/table/test_table_follows.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from db.rules.seat_labels import seat_label, wind_now
from referee_app.words.i18n import LANG


def open_sheet(window):
    window.show_sheet(1, 1)
    return window.pages["Score sheet"]


def _items(box) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def test_the_note_says_the_hands_wind_only_where_it_differs_in_each_language():
    assert [wind_now(i, w) for i, w in enumerate(("N", "E", "S", "W"))] == [
        "now North", "now East", "now South", "now West"]
    assert [wind_now(i, w) for i, w in enumerate("ESWN")] == [None] * 4
    assert wind_now(1, None) is None  # the session is over: no hand in play
    assert wind_now(1, "E", "zh") == "本盘门风东"
    assert seat_label(1, "S  李娜  (5)", "E", "zh") == "S  李娜  (5) · 本盘门风东"


def test_the_totals_entrys_letters_are_the_starting_seats_with_the_hands_wind_beside_them(qtbot, window):
    sheet = open_sheet(window)
    players = sheet.sheet.players
    assert _items(sheet.winner)[1] == f"S  {players[1].name}  ({players[1].number})"  # hand 1: the same wind
    assert sheet.record_totals(players[0].number, None, 30)
    # hand 2: South deals. The letter stays the starting seat (the sheet's columns); the wind is beside it
    items = _items(sheet.winner)
    assert items[0] == f"E  {players[0].name}  ({players[0].number}) · now North"
    assert items[1] == f"S  {players[1].name}  ({players[1].number}) · now East"
    assert _items(sheet.discarder)[2] == items[1]  # after "+  self-drawn"
    sheet.winner.setFocus()
    qtbot.keyClicks(sheet.winner, "S")  # the key is the letter shown: the player who started South
    assert sheet.winner.currentData() == players[1].number
    LANG.set("zh")
    try:
        sheet.retranslate()
        assert _items(sheet.winner)[1].endswith("· 本盘门风东")
    finally:
        LANG.set("en")


def test_hand_entrys_players_are_lettered_by_starting_seat_and_follow_the_hand_a_stale_entry_moves_to(
        qtbot, window):
    sheet = open_sheet(window)
    players = sheet.sheet.players
    d = sheet.record_win()
    qtbot.waitExposed(d)
    e = d.entry
    assert _items(e.winner)[1] == f"S  {players[1].name} ({players[1].number})"  # hand 1: no note
    e.winner.setCurrentIndex(e.winner.findData(1))
    qtbot.keyClicks(e.notation, "[789m2][777s3][234s3]89sEE7s")
    e.discard.setChecked(True)
    e.discarder.setCurrentIndex(e.discarder.findData(2))
    assert e.pay_names[1].text().startswith(f"S  {players[1].name}")
    # another station records hand 1 meanwhile; the entry is kept and moved on to hand 2, whose winds differ
    from db.service.results import record_draw

    with window.ctx.db.factory.begin() as s:
        record_draw(s, 1, 1, 1)
    qtbot.mouseClick(d.confirm, Qt.MouseButton.LeftButton)
    assert d.stale.isVisible()
    qtbot.mouseClick(d.stale.next_button, Qt.MouseButton.LeftButton)
    assert "Hand 2" in d.windowTitle()
    south = f"S  {players[1].name} ({players[1].number}) · now East"
    assert _items(e.winner)[1] == south and _items(e.winner)[0].endswith("· now North")
    assert south in _items(e.discarder) or e.vm.situation.winner == 1  # the winner is not a discarder
    assert e.pay_names[1].text().startswith(south)  # "★": the winner
    assert e.pay_names[2].text().startswith(f"W  {players[2].name} ({players[2].number}) · now South")
    d.reject()
