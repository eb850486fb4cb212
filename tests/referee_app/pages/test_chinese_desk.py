"""The desk at a table of a Chinese system (issue 33): the sheet's hand list in the system's words (the kind,
the winners with their totals and fans, the payments, each player's change and points; no honba, deposits,
riichi, han or fu), the entry of a "wins" hand (Guangdong: two winners on one discard, horses, a kong) and of
an "events" hand (Sichuan: a kong, a self-drawn win, two winners on one discard, the end of the wall), each
with the store's live preview, recorded through the widgets on a real tournament file."""

from __future__ import annotations

import pytest

from db.read.games import game_sheet
from db.service.players import PlayerInput, import_players
from db.service.seats import seat_session
from db.service.tournament import create_tournament
from db.storage.store import open_database

NAMES = ["Alice", "Bob", "Chen", "Dora"]


def make_file(path, profile):
    """A real tournament file of ``profile``: 4 players, session 1 seated, nothing recorded."""
    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Club Cup", profile, sessions=2)
        import_players(s, [PlayerInput(str(i + 1), n) for i, n in enumerate(NAMES)])
        seat_session(s, 1)
    return path


def make_window(qtbot, path):
    from referee_app.shell.main import create_window

    w = create_window(str(path))
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    return w


def open_game(window):
    window.show_sheet(1, 1)
    page = window.pages["Score sheet"]
    assert page.game.isVisible() and not page.view.isVisible()
    return page, page.game


def choose(box, data):
    i = box.findData(data)
    assert i >= 0, (data, [box.itemData(k) for k in range(box.count())])
    box.setCurrentIndex(i)


def record(qtbot, window, panel):
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        assert panel.submit(), panel.message.text()


def sheet_of(path):
    with open_database(path) as db, db.factory() as s:
        return game_sheet(s, 1, 1)


@pytest.fixture
def guangdong_file(tmp_path):
    return make_file(tmp_path / "guangdong.mcr", "guangdong-tuidaohu")


@pytest.fixture
def sichuan_file(tmp_path):
    return make_file(tmp_path / "sichuan.mcr", "sichuan-xuezhan")


def pick_tiles(row, names):
    """The winner's tiles through the tile picker (its buttons clicked), OK."""
    from scoring import tiles as T

    d = row.open_tiles()
    for name in names:
        d.body.picker.buttons[T.tile(name)].click()
    assert d.body.message.text() == ""
    d.accept()
    assert row.tiles_dialog is None


def enter_guangdong_double_ron(panel):
    """Hand 1: E discards, S and N win on it; W has a melded kong from E; S and W each drew a horse."""
    form = panel.chinese_form
    choose(form.outcome, "ron")
    choose(form.discarder, 0)
    choose(form.winners[0].player, 1)
    pick_tiles(form.winners[0], ["1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m", "6m", "C", "C"])
    choose(form.winners[1].player, 3)
    form.winners[1].tiles.setText("111z222z333z444z55z")
    form.horses[1].setText("1m")
    form.horses[2].setText("2p")
    choose(form.kongs[0].player, 2)
    choose(form.kongs[0].kind, "melded")
    choose(form.kongs[0].discarder, 0)


def cells(panel, row):
    return [panel.table.item(row, c).text() for c in range(panel.table.columnCount())]


def test_a_guangdong_hand_with_two_winners_horses_and_a_kong_is_entered_previewed_and_recorded(
        qtbot, guangdong_file):
    window = make_window(qtbot, guangdong_file)
    page, panel = open_game(window)
    form = panel.chinese_form
    assert form is not None and form.isVisible() and not panel.riichi_entry.isVisible()
    assert [form.outcome.itemText(i) for i in range(form.outcome.count())] == \
        ["Win on a discard", "Self-drawn", "Draw"]
    assert "honba" not in panel.next_line.text() and "dealer E" in panel.next_line.text()
    enter_guangdong_double_ron(panel)
    # the store's preview: each winner's total and fans (English with the Chinese beside), the payments
    assert form.winners[0].tiles.text() == "112233445566mCC"  # the picker's notation
    preview = form.preview.text().splitlines()
    assert preview[:2] == ["S  Total 24 · Seven Pairs (七对) 16, Half Flush (混一色) 8",
                           "N  Total 152 · All Honours (字一色) 64, Big Four Winds (大四喜) 88"]
    assert "Horses S: E -24 W +24" in preview and "Kong W: E -3 W +3" in preview
    record(qtbot, window, panel)
    numbers = panel.vm.numbers
    stored = sheet_of(guangdong_file).hands[0]
    line = stored.line
    assert line["type"] == "ron" and line["discarder"] == numbers[0]
    assert line["winners"][0]["hand"] == "112233445566mCC"
    assert [w["player"] for w in line["winners"]] == [numbers[1], numbers[3]]
    assert line["horses"] == {numbers[1]: ["1m"], numbers[2]: ["2p"]}
    assert line["kongs"] == [{"player": numbers[2], "kind": "melded", "discarder": numbers[0]}]
    # the sheet: its own columns, no Riichi ones; the payments in words; each player's change and points
    heads = [panel.table.horizontalHeaderItem(c).text() for c in range(panel.table.columnCount())]
    assert heads[:8] == ["Hand", "Round", "Dealer", "Result", "Who", "Total", "Fans", "Payments"]
    assert not {"Honba", "Deposits", "Riichi", "Han", "Fu", "Yaku"} & set(heads)
    row = cells(panel, 0)
    assert row[3:6] == ["Win on a discard", "S ← E\nN ← E", "S 24\nN 152"]
    assert row[6] == "S Seven Pairs (七对) 16, Half Flush (混一色) 8\nN All Honours (字一色) 64, Big Four Winds (大四喜) 88"
    assert row[7].splitlines() == ["Win S: E -24 S +24", "Horses S: E -24 W +24", "Win N: E -152 N +152",
                                   "Horses N: S -152 N +152", "Kong W: E -3 W +3"]
    assert [row[8 + 2 * i] for i in range(4)] == [f"{d:+,}" for d in stored.deltas]
    assert [row[9 + 2 * i] for i in range(4)] == [f"{p:,}" for p in stored.scores]
    assert stored.deltas == (-203, -128, 27, 304)
    # the form is empty for hand 2, the preview says what to choose first
    assert form.winners[0].player.currentData() is None and form.preview.text() == \
        "Choose who discarded the winning tile."
    # a correction starts from the line recorded
    panel.table.selectRow(0)
    panel.correct_selected()
    assert {k: v for k, v in panel.chinese_line().items()} == \
        {k: line[k] for k in ("type", "discarder", "winners", "horses", "kongs")}


def test_a_guangdong_line_the_store_refuses_is_said_in_the_preview_and_kept(qtbot, guangdong_file):
    window = make_window(qtbot, guangdong_file)
    page, panel = open_game(window)
    form = panel.chinese_form
    choose(form.outcome, "tsumo")
    choose(form.winners[0].player, 1)
    form.winners[0].tiles.setText("11m22m")
    assert form.preview.text() and "Total" not in form.preview.text()  # the store's problem with the tiles
    assert not panel.submit()
    assert panel.message.text() and form.winners[0].tiles.text() == "11m22m"
    assert sheet_of(guangdong_file).hands == ()


def test_a_sichuan_hand_of_events_is_entered_previewed_and_recorded(qtbot, sichuan_file):
    window = make_window(qtbot, sichuan_file)
    page, panel = open_game(window)
    form = panel.chinese_form
    assert form is not None and form.isVisible()
    assert [form.kind.itemData(i) for i in range(form.kind.count())] == ["kong", "tsumo", "ron", "wall_end"]
    choose(form.void[2], "s")
    # a concealed kong by S
    choose(form.kind, "kong")
    choose(form.kong.player, 1)
    assert not form.add_event()  # a melded kong (the first kind) names its discarder
    assert form.event_message.text() == "Choose who discarded the melded kong's tile." and form.list.count() == 0
    choose(form.kong.kind, "concealed")
    assert form.add_event() and form.event_message.text() == ""
    # W wins self-drawn, from the tiles
    choose(form.kind, "tsumo")
    choose(form.winners[0].player, 2)
    form.winners[0].tiles.setText("11m22m33m44m55m66m77m")
    assert form.add_event()
    assert [form.list.item(i).text() for i in range(form.list.count())] == \
        ["1. Concealed kong S", "2. Self-drawn win W"]
    # the hand is not over: the store's preview is the payments so far, marked not final (no refund or wall's
    # check yet); recording it is refused, nothing is recorded
    assert form.preview.text().splitlines() == [
        "Not final, the hand goes on: the payments so far. The kong refunds and the checks at the end of the wall "
        "come when it is over.",
        "W  Total 4 · Pure Suit (清一色) 2, Seven Pairs (七对) 2",
        "Kong S: E -2 S +6 W -2 N -2",
        "Win W: E -9 S -9 W +27 N -9",  # 4 fan paid at the cap of 3: 8, and the self-drawn base, by each still in
        "Change: E -11 S -3 W +25 N -11"]
    assert form.preview.property("partial") is True and "dashed" in form.preview.styleSheet()
    assert not panel.submit() and "wall_end" in panel.message.text()
    assert sheet_of(sichuan_file).hands == ()
    # S discards, E and N win on it (typed from the paper sheet): the third win ends the hand
    choose(form.kind, "ron")
    choose(form.discarder, 1)
    choose(form.winners[0].player, 0)
    form.winners[0].fan.setValue(1)
    choose(form.winners[1].player, 3)
    form.winners[1].fan.setValue(2)
    assert form.add_event()
    assert form.list.item(2).text() == "3. Win on a discard E, N ← S"
    preview = form.preview.text().splitlines()
    assert preview[0] == "W  Total 4 · Pure Suit (清一色) 2, Seven Pairs (七对) 2"  # over: no not-final note
    assert "Kong S: E -2 S +6 W -2 N -2" in preview and form.preview.property("partial") is False
    record(qtbot, window, panel)
    numbers = panel.vm.numbers
    stored = sheet_of(sichuan_file).hands[0]
    assert stored.line["void"] == {numbers[2]: "s"}
    assert [e["type"] for e in stored.line["events"]] == ["kong", "tsumo", "ron"]
    # the store keeps several winners in the order of play from the discarder (S): N, then E
    assert [w["player"] for w in stored.line["events"][2]["winners"]] == [numbers[3], numbers[0]]
    row = cells(panel, 0)
    assert row[3] == "Hand"
    assert row[4].splitlines() == ["Concealed kong S", "Self-drawn win W", "Win on a discard N, E ← S"]
    assert row[5].splitlines() == ["W 4", "N 2", "E 1"]
    assert row[7].splitlines()[0] == "Kong S: E -2 S +6 W -2 N -2"
    assert [row[8 + 2 * i] for i in range(4)] == [f"{d:+,}" if d else "" for d in stored.deltas]
    assert form.list.count() == 0  # hand 2 starts with no events


def test_a_penalty_at_a_chinese_table_is_points_as_at_mcr(qtbot, guangdong_file):
    """The sheet's Penalty… at a Chinese system's table: an amount in points with its settlement (the session
    result is MCR's table points on the points), not Riichi's "after the uma" in thousands."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    window = make_window(qtbot, guangdong_file)
    page, panel = open_game(window)
    seen = {}

    def fill():
        d = QApplication.activeModalWidget()
        seen["amount_label"] = d.layout().labelForField(d.amount).text()
        seen["settlement_shown"] = d.settle_buttons["deducted"].isVisible()
        d.player.setCurrentIndex(1)
        d.amount.setEditText("10")
        seen["effect"] = d.effect.text()
        d.reason.setText("slow play")
        d.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, fill)
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        page.ask_penalty()
    players = page.vm.sheet.players
    assert seen == {"amount_label": "Amount", "settlement_shown": True,
                    "effect": "   ".join(f"{p.name} {-10 if i == 1 else 0}" for i, p in enumerate(players))}
    assert "after the uma" not in panel.penalties.text() and "-10" in panel.penalties.text()


def test_a_nanchang_hand_is_entered_by_its_hand_type_and_a_hebei_hand_by_its_tiles(qtbot, tmp_path):
    """The form's fields follow ``entry_options``: Nanchang's winner is a hand type (its Chinese and English
    names), without joker, horses or kongs; Hebei's a line of tiles with its flags and the others' kongs."""
    path = make_file(tmp_path / "nanchang.mcr", "nanchang")
    window = make_window(qtbot, path)
    page, panel = open_game(window)
    form = panel.chinese_form
    row = form.winners[0]
    assert row.hand_type.isVisible() and not row.tiles.isVisible() and not row.tiles_button.isVisible()
    assert not form.joker.isVisible() and not any(h.isVisible() for h in form.horses)
    assert not any(k.isVisible() for k in form.kongs) and len(form.winners) == 1  # one winner a discard
    first = panel.vm.entry["hand_types"][0]
    assert row.hand_type.itemText(0) == f"{first['en']}  {first['zh']}"  # the Chinese name beside the English
    choose(form.outcome, "tsumo")
    choose(row.player, 2)
    choose(row.hand_type, row.hand_type.itemData(0))
    assert "Total" in form.preview.text()
    record(qtbot, window, panel)
    stored = sheet_of(path).hands[0]
    assert stored.line["hand_type"] == first["id"]
    assert cells(panel, 0)[3] == "Self-drawn" and stored.deltas[2] > 0
    window.close()

    path = make_file(tmp_path / "hebei.mcr", "hebei")
    window = make_window(qtbot, path)
    page, panel = open_game(window)
    form = panel.chinese_form
    assert not form.joker.isVisible() and form.kongs[0].isVisible()
    assert set(form.winners[0].flag_actions) == {"chankan", "rinshan", "haitei"}
    choose(form.outcome, "ron")
    choose(form.discarder, 1)
    choose(form.winners[0].player, 0)
    form.winners[0].tiles.setText("111m222p333s444m55z")
    choose(form.kongs[0].player, 3)
    choose(form.kongs[0].kind, "added")
    assert "Kong N: E -1 S -1 W -1 N +3" in form.preview.text().splitlines()
    record(qtbot, window, panel)
    assert sheet_of(path).hands[0].line["kongs"] == [{"player": panel.vm.numbers[3], "kind": "added"}]


def test_a_recorded_sichuan_hand_is_corrected_from_its_events(qtbot, sichuan_file):
    """Correct hand…: the events recorded come back in the list, one is taken back and another added, and the
    correction (with its reason) replaces the hand."""
    from db.service.games import record_game_line

    with open_database(sichuan_file) as db, db.factory.begin() as s:
        sh = game_sheet(s, 1, 1)
        n = [p.number for p in sh.players]
        record_game_line(s, 1, 1, 1, {"type": "hand", "events": [
            {"type": "tsumo", "winner": n[0], "fan": 1},
            {"type": "wall_end", "ready": [{"player": n[1], "fan": 2}], "pigs": [n[3]]}]})
    window = make_window(qtbot, sichuan_file)
    page, panel = open_game(window)
    form = panel.chinese_form
    panel.table.selectRow(0)
    panel.correct_selected()
    assert [form.list.item(i).text() for i in range(form.list.count())] == \
        ["1. Self-drawn win E", "2. End of the wall: Ready S · Flower pigs N"]
    form.remove_last()
    choose(form.kind, "wall_end")
    choose(form.winners[0].player, 1)
    form.winners[0].fan.setValue(2)
    choose(form.winners[1].player, 2)
    form.winners[1].fan.setValue(1)
    assert form.add_event()
    panel.reason_edit.setText("W was ready too")
    record(qtbot, window, panel)
    stored = sheet_of(sichuan_file).hands[0]
    assert [r["player"] for r in stored.line["events"][1]["ready"]] == [n[1], n[2]]
    assert stored.line["events"][1].get("pigs", []) == []
    assert [e["type"] for e in stored.line["events"]] == ["tsumo", "wall_end"]
