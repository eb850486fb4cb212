"""The score sheet of a Riichi table on the desk (issue 32 §4-5): a hanchan entered through the page (a ron
from tiles through hand entry, a tsumo by totals, a draw with tenpai and riichi, a chombo, a correction of an
earlier hand that moves the round of a later one), the next hand's state the store derives, the results at
the end, the standings page's columns, and a stale entry kept."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

import texts
from db.read import queries
from db.read.games import game_sheet
from db.rules.game_words import COLUMNS, OUTCOMES
from db.service.games import record_game_line
from db.service.players import PlayerInput, import_players
from db.service.seats import seat_session
from db.service.tournament import create_tournament
from db.storage.store import open_database

NAMES = ["Alice", "Bob", "Chen", "Dora"]


def make_file(path, profile="riichi-ema2016"):
    """A real Riichi tournament file: 4 players, session 1 seated, nothing recorded."""
    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Riichi Cup", profile, sessions=2)
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


@pytest.fixture
def riichi_file(tmp_path):
    return make_file(tmp_path / "riichi.mcr")


@pytest.fixture
def riichi_window(qtbot, riichi_file):
    return make_window(qtbot, riichi_file)


def open_game(window):
    window.show_sheet(1, 1)
    page = window.pages["Score sheet"]
    assert page.game.isVisible() and not page.view.isVisible()  # the game's sheet in place of MCR's lines
    return page, page.game


def choose(box, data):
    i = box.findData(data)
    assert i >= 0, (data, [box.itemData(k) for k in range(box.count())])
    box.setCurrentIndex(i)


def record(qtbot, window, panel):
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        assert panel.submit(), panel.message.text()


def cell(panel, row, col):
    return panel.table.item(row, col).text()


def test_a_hanchan_entered_through_the_sheet(qtbot, riichi_window, riichi_file):
    window = riichi_window
    page, panel = open_game(window)
    assert "hand 1" in panel.next_line.text() and "E1" in panel.next_line.text()
    assert [panel.outcome.itemData(i) for i in range(panel.outcome.count())] == ["ron", "tsumo", "draw", "chombo"]

    # hand 1: East (the dealer) declares riichi and wins on South's discard, the tiles through hand entry
    choose(panel.outcome, "ron")
    panel.riichi[0].setChecked(True)
    choose(panel.discarder, 1)
    choose(panel.winner_rows[0].player, 0)
    d = panel.open_tiles(panel.winner_rows[0])
    assert d is not None and d.vm.context.dealer == "E" and d.vm.context.deposits == 1  # East's own stick
    assert d.vm.flags["riichi"] and d.vm.discarder == "S"  # what the form said is the entry's start
    qtbot.keyClicks(d.body.notation, "234m567p678s22p55s5s")
    assert d.ok.isEnabled(), d.body.message.text()
    entered = d.vm.notation()
    d.ok.click()
    assert panel.winner_rows[0].tiles is not None and panel.winner_rows[0].tiles["hand"] == entered
    assert entered in panel.winner_rows[0].tiles_line.text()
    record(qtbot, window, panel)
    h1 = panel.vm.sheet.hands[0]
    assert (h1.kind, h1.winners[0].player, h1.discarder, h1.riichi) == ("ron", 0, 1, (0,))
    assert h1.winners[0].yaku and h1.deltas[0] > 0 and h1.deltas[1] < 0
    assert cell(panel, 0, 6) == "Ron" and cell(panel, 0, 7) == "E ← S" and "Riichi" in cell(panel, 0, 9)
    assert "E1" in panel.next_line.text() and "1 honba" in panel.next_line.text()  # the dealer repeats
    assert panel.winner_rows[0].player.currentData() is None  # the next hand starts empty

    # hand 2: South wins by tsumo, typed from a paper sheet: 2 han 30 fu
    choose(panel.outcome, "tsumo")
    choose(panel.winner_rows[0].player, 1)
    panel.winner_rows[0].han.setValue(2)
    choose(panel.winner_rows[0].fu, 30)
    record(qtbot, window, panel)
    assert cell(panel, 1, 1) == "E1" and cell(panel, 1, 3) == "1"  # round and honba of hand 2
    assert cell(panel, 1, 8) == "2 han 30 fu"
    assert "E2" in panel.next_line.text() and f"dealer S {panel.vm.sheet.players[1].name}" in panel.next_line.text()

    # hand 3: exhaustive draw, South and West tenpai, West declared riichi
    choose(panel.outcome, "draw")
    panel.tenpai[1].setChecked(True)
    panel.tenpai[2].setChecked(True)
    panel.riichi[2].setChecked(True)
    record(qtbot, window, panel)
    h3 = panel.vm.sheet.hands[2]
    assert (h3.round, h3.tenpai, h3.riichi, h3.deltas) == ("E2", (1, 2), (2,), (-1500, 1500, 500, -1500))
    assert "deposits on the table: 1" in panel.next_line.text() and "E2" in panel.next_line.text()

    # hand 4: a chombo by North; the hand is replayed
    choose(panel.outcome, "chombo")
    assert not panel.riichi[0].isVisible() and panel.chombo.isVisible()
    choose(panel.chombo, 3)
    record(qtbot, window, panel)
    assert cell(panel, 3, 6) == "Chombo" and cell(panel, 3, 7) == "N"

    # correct hand 2: it was East's tsumo, a mangan; East deals on, so hand 3 is now East 1
    panel.table.selectRow(1)
    panel.correct_selected()
    assert panel.correcting == 2 and panel.outcome.currentData() == "tsumo" and panel.winner_rows[0].han.value() == 2
    choose(panel.winner_rows[0].player, 0)
    choose(panel.winner_rows[0].limit, "mangan")
    panel.winner_rows[0].han.setValue(0)
    choose(panel.winner_rows[0].fu, 0)
    assert not panel.submit() and "reason" in panel.message.text()  # a correction needs its reason
    panel.reason_edit.setText("misread the sheet")
    record(qtbot, window, panel)
    assert panel.correcting is None
    assert cell(panel, 2, 1) == "E1" and cell(panel, 2, 2) == "E"  # hand 3: round and dealer derived again
    assert panel.vm.sheet.hands[1].deltas == (12300, -4100, -4100, -4100)  # a dealer mangan, 1 honba

    # the game ends: time is called during hand 5 (EMA: one more hand after the gong), the last hands entered
    box = panel.ask_time_called()
    assert box is not None and "hand 5" in box.text()
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        box.button(box.StandardButton.Yes).click()
    assert "time called during hand 5" in panel.next_line.text() and not panel.time_button.isEnabled()
    for _ in range(3):  # the hand in play at the gong, and the one more the preset plays
        if "Game over" in panel.next_line.text():
            break
        choose(panel.outcome, "draw")
        record(qtbot, window, panel)
    assert "Game over" in panel.next_line.text() and panel.results.isVisible()
    assert not panel.record_button.isEnabled()
    scores = [panel.results.item(r, 5).text() for r in range(4)]
    with open_database(riichi_file) as db, db.factory.begin() as s:
        sheet = game_sheet(s, 1, 1)
    assert scores == [f"{r.score:+.1f}" for r in sheet.results]
    assert panel.results.item(3, 4).text() == "-20.0"  # North's chombo

    # the standings page: the score (thousands, one decimal, signed) and the points, titled by the system
    window.go("Standings")
    st = window.pages["Standings"]
    m = st.model
    assert (m.headerData(m.COL_TABLE_POINTS, Qt.Orientation.Horizontal),
            m.headerData(m.COL_MATCH_POINTS, Qt.Orientation.Horizontal)) == ("Score", "Points")
    with open_database(riichi_file) as db, db.factory.begin() as s:
        rows = queries.standings(s)
    first = m.rows[0]
    assert m.data(m.index(0, m.COL_TABLE_POINTS)) == f"{rows[0].table_points:+.1f}"
    assert m.data(m.index(0, m.COL_MATCH_POINTS)) == f"{first.match_points:,}"
    assert "Session 1: score" in m.headerData(m.COL_SESSIONS, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)


def test_a_stale_entry_is_refused_and_kept(qtbot, riichi_window, riichi_file):
    window = riichi_window
    page, panel = open_game(window)
    choose(panel.outcome, "ron")
    choose(panel.discarder, 2)
    choose(panel.winner_rows[0].player, 1)
    panel.winner_rows[0].han.setValue(3)
    choose(panel.winner_rows[0].fu, 40)
    # meanwhile another station (a table's phone) records hand 1
    with open_database(riichi_file) as db, db.factory.begin() as s:
        seats = [p.number for p in game_sheet(s, 1, 1).players]
        record_game_line(s, 1, 1, 1, {"type": "draw", "tenpai": [], "riichi": []})
    assert not panel.submit()
    assert panel.message.text().startswith("Not recorded: the table changed meanwhile")
    assert "kept" in panel.message.text()
    # the entry is still there, and the sheet shows what the other station recorded
    assert (panel.outcome.currentData(), panel.discarder.currentData(), panel.winner_rows[0].player.currentData(),
            panel.winner_rows[0].han.value(), panel.winner_rows[0].fu.currentData()) == ("ron", 2, 1, 3, 40)
    assert panel.table.rowCount() == 1 and "hand 2" in panel.next_line.text()
    record(qtbot, window, panel)  # recorded as the next hand, read afresh
    h = panel.vm.sheet.hands[1]
    assert (h.hand, h.kind, h.winners[0].player, h.line["winners"][0]["player"]) == (2, "ron", 1, seats[1])


def test_the_sheet_in_chinese_and_a_refusal_in_words(qtbot, riichi_window):
    from referee_app.words.i18n import LANG

    page, panel = open_game(riichi_window)
    choose(panel.outcome, "ron")
    choose(panel.discarder, 1)
    choose(panel.winner_rows[0].player, 1)  # the discarder cannot win on their own discard
    panel.winner_rows[0].han.setValue(1)
    choose(panel.winner_rows[0].fu, 30)
    assert not panel.submit() and panel.message.text() and "Traceback" not in panel.message.text()
    assert panel.vm.sheet.hands == ()
    LANG.set("zh")
    assert panel.outcome.itemText(0) == texts.said(OUTCOMES["ron"], "zh") != "Ron"
    assert panel.form.title() == "第 1 盘" and panel.next_line.text().startswith("<b>下一盘：第 1 盘</b>")
    assert panel.table.horizontalHeaderItem(1).text() == texts.said(COLUMNS["round"], "zh")


def test_the_form_s_lines_are_the_contract_s():
    import doctest

    from referee_app.pages import game_vm

    result = doctest.testmod(game_vm)
    assert result.failed == 0 and result.attempted > 0


def test_two_winners_on_one_discard_and_a_liable_player(qtbot, riichi_window):
    window = riichi_window
    _page, panel = open_game(window)
    choose(panel.outcome, "ron")
    choose(panel.discarder, 1)
    first, second = panel.winner_rows[0], panel.winner_rows[1]
    choose(first.player, 0)
    first.yakuman.setValue(1)
    choose(first.pao, 3)  # North fed the big dragons: liable
    choose(second.player, 2)
    second.han.setValue(2)
    choose(second.fu, 30)
    record(qtbot, window, panel)
    h = panel.vm.sheet.hands[0]
    assert [(w.player, w.yakuman, w.pao) for w in h.winners] == [(0, 1, 3), (2, 0, None)]
    assert cell(panel, 0, 7) == "E ← S\nW ← S" and cell(panel, 0, 8) == "Yakuman\n2 han 30 fu"
    assert "Pao N" in cell(panel, 0, 9)
    assert h.line["winners"][0]["pao"] == panel.vm.sheet.players[3].number


def test_tenhou_offers_abortive_draws_and_nagashi_and_no_chombo(qtbot, tmp_path):
    window = make_window(qtbot, make_file(tmp_path / "tenhou.mcr", "riichi-tenhou"))
    _page, panel = open_game(window)
    assert [panel.outcome.itemData(i) for i in range(panel.outcome.count())] == \
        ["ron", "tsumo", "draw", "abortive", "nagashi"]
    choose(panel.outcome, "abortive")
    assert panel.reason.isVisible() and not panel.discarder.isVisible()
    choose(panel.reason, "kyuushu")
    record(qtbot, window, panel)
    assert (cell(panel, 0, 6), cell(panel, 0, 9)) == ("Abortive draw", "Nine terminals")
    choose(panel.outcome, "nagashi")
    panel.nagashi[2].setChecked(True)
    panel.tenpai[2].setChecked(True)
    record(qtbot, window, panel)
    h = panel.vm.sheet.hands[1]
    assert (h.kind, h.nagashi, h.honba) == ("nagashi", (2,), 1)
    assert cell(panel, 1, 6) == "Nagashi mangan"


def test_the_last_hand_is_deleted_with_a_reason(qtbot, riichi_window):
    window = riichi_window
    _page, panel = open_game(window)
    for _ in range(2):
        choose(panel.outcome, "draw")
        record(qtbot, window, panel)
    assert panel.table.rowCount() == 2 and "hand 3" in panel.next_line.text()
    prompt = panel.ask_delete()
    assert prompt is not None and "hand 2" in prompt.labelText()
    prompt.setTextValue("")
    prompt.accept()
    assert panel.table.rowCount() == 2 and "reason" in panel.message.text()  # no reason, nothing deleted
    prompt = panel.ask_delete()
    prompt.setTextValue("entered twice")
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        prompt.accept()
    assert panel.table.rowCount() == 1 and "hand 2" in panel.next_line.text()


def test_a_hand_from_tiles_is_corrected_with_its_own_state(qtbot, riichi_window):
    window = riichi_window
    _page, panel = open_game(window)
    choose(panel.outcome, "draw")
    panel.tenpai[0].setChecked(True)  # the dealer tenpai: East deals again, 1 honba
    record(qtbot, window, panel)
    choose(panel.outcome, "tsumo")
    choose(panel.winner_rows[0].player, 2)
    panel.riichi[2].setChecked(True)
    d = panel.open_tiles(panel.winner_rows[0])
    assert d is not None and d.vm.tsumo and d.vm.context.honba == 1
    d.vm.set_notation("234m567p678s22p55s5s")
    d.ok.click()
    record(qtbot, window, panel)
    h2 = panel.vm.sheet.hands[1]
    assert h2.winners[0].tiles and h2.line["tiles"] and "tiles" not in h2.line.get("winners", [{}])[0]
    # hand 3 moves the state on; hand 2 is corrected from its tiles with its own state (1 honba), not hand 3's
    choose(panel.outcome, "draw")
    record(qtbot, window, panel)
    panel.table.selectRow(1)
    panel.correct_selected()
    assert panel.winner_rows[0].tiles is not None
    d = panel.open_tiles(panel.winner_rows[0])
    assert d is not None and d.vm.context.honba == 1 and d.vm.notation() == h2.winners[0].tiles
    assert d.vm.flags["riichi"]
    d.vm.set_flag("ippatsu", True)
    d.ok.click()
    panel.reason_edit.setText("ippatsu forgotten")
    record(qtbot, window, panel)
    h2 = panel.vm.sheet.hands[1]
    assert h2.line.get("ippatsu") is True and any(y == "ippatsu" for y, _ in h2.winners[0].yaku)


def test_the_standings_page_shows_the_score_and_the_points(qtbot, riichi_window, riichi_file):
    with open_database(riichi_file) as db, db.factory.begin() as s:
        nums = [p.number for p in game_sheet(s, 1, 1).players]
        record_game_line(s, 1, 1, 1, {"type": "ron", "discarder": nums[1], "riichi": [],
                                      "winners": [{"player": nums[0], "han": 3, "fu": 40}]})
    riichi_window.go("Standings")
    page = riichi_window.pages["Standings"]
    page.refresh()
    m = page.model
    heads = [m.headerData(c, Qt.Orientation.Horizontal) for c in range(m.columnCount())]
    assert heads[m.COL_TABLE_POINTS:m.COL_MATCH_POINTS + 1] == ["Score", "Points"]
    top = m.rows[0]
    assert top.number == nums[0]  # East won 7,700 as the dealer (3 han 40 fu): 37,700 points, first
    assert (m.data(m.index(0, m.COL_TABLE_POINTS)), m.data(m.index(0, m.COL_MATCH_POINTS)),
            m.data(m.index(0, m.COL_SESSIONS))) == ("+22.7", "37,700", "+22.7 (37,700)")
    assert page.rule.text() == "ranking by score, then points"
    from referee_app.words.i18n import LANG

    LANG.set("zh")
    assert [m.headerData(c, Qt.Orientation.Horizontal) for c in (m.COL_TABLE_POINTS, m.COL_MATCH_POINTS)] == \
        [texts.said(COLUMNS["score"], "zh"), texts.said(COLUMNS["raw"], "zh")]
    assert page.rule.text() == "先比得分，再比点数"


def test_a_game_is_signed_off_when_it_is_over_and_early_with_a_reason(qtbot, riichi_window, riichi_file):
    window = riichi_window
    page, panel = open_game(window)
    assert page.sign_button.isVisible()
    choose(panel.outcome, "draw")
    record(qtbot, window, panel)
    # not over: the desk asks the reason first (the store refuses it without one)
    assert page.toggle_sign_off() is False
    prompt = page.sign_off_prompt
    assert prompt is not None and "hand 2 is still to be played" in prompt.labelText()
    prompt.reject()
    # the gong during hand 2, one more hand (EMA): the game is over and signs off without a reason
    box = panel.ask_time_called()
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        box.button(box.StandardButton.Yes).click()
    for _ in range(2):
        choose(panel.outcome, "draw")
        record(qtbot, window, panel)
    assert "Game over" in panel.next_line.text()
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        assert page.toggle_sign_off()
    assert page.vm.sheet.signed_off and page.sign_button.text() == "Undo sign-off"
    with open_database(riichi_file) as db, db.factory.begin() as s:
        assert game_sheet(s, 1, 1).signed_off


def test_a_penalty_at_a_game_table_is_points_after_the_uma_shown_in_thousands(qtbot, riichi_window, riichi_file):
    """The sheet's Penalty… at a game table: the profile's free amount, no settlement to others, the effect in
    thousands after the uma; the sheet lists it under the hands and the results take it."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    window = riichi_window
    page, panel = open_game(window)
    assert page.penalty_button.isVisible() and page.penalty_button.isEnabled()
    assert not panel.penalties.isVisible()
    seen = {}

    def fill():
        d = QApplication.activeModalWidget()
        seen["kinds"] = [d.kind.itemData(i) for i in range(d.kind.count())]
        seen["amount_label"] = d.layout().labelForField(d.amount).text()
        seen["settlement_shown"] = d.settle_buttons["others"].isVisible() or d.to.isVisible()
        d.player.setCurrentIndex(1)  # the player seated South
        d.amount.setEditText("5000")
        seen["effect"] = d.effect.text()
        d.reason.setText("slow play")
        d.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, fill)
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        page.ask_penalty()
    south = page.vm.sheet.players[1]
    assert seen == {"kinds": ["custom"], "amount_label": "Points (after the uma)", "settlement_shown": False,
                    "effect": f"{south.name} -5.0   (after the uma)"}
    assert panel.penalties.isVisible()
    assert f"{south.name} ({south.number}) · Penalty (points after the uma) · -5.0 · slow play" in panel.penalties.text()
    # the game played out (a draw, the gong in hand 2, one more hand): the results take the penalty
    for n in range(3):
        if n == 1:
            box = panel.ask_time_called()
            with qtbot.waitSignal(window.ctx.runner.data_changed):
                box.button(box.StandardButton.Yes).click()
        choose(panel.outcome, "draw")
        record(qtbot, window, panel)
    assert "Game over" in panel.next_line.text()
    row = [panel.results.item(1, c).text() for c in range(6)]
    assert row[4] == "-5.0"
    with open_database(riichi_file) as db, db.factory.begin() as s:
        r = game_sheet(s, 1, 1).results[1]
    assert (r.penalty, r.score) == (-5.0, float(row[5]))


def test_the_calls_desk_s_penalty_at_a_game_table_is_after_the_uma(qtbot, riichi_window):
    """Resolving a call at a game table: the desk reads that its tables play a game, and its "Record a
    penalty…" opens the game's penalty dialog (points after the uma)."""
    from referee_app.pages.calls_desk import CallsPanel, ResolveDialog

    panel = CallsPanel(riichi_window.calls)
    qtbot.addWidget(panel)
    players, presets, game = panel._table(_Call())
    assert game and [p.kind for p in presets] == ["custom"] and len(players) == 4
    d = ResolveDialog(panel, _Call(), [], players, presets, game=game)
    qtbot.addWidget(d)
    p = d.penalty_dialog()
    qtbot.addWidget(p)
    assert p.layout().labelForField(p.amount).text() == "Points (after the uma)"


class _Call:
    """A call as the desk lists it: what the resolve dialog reads of it."""

    session, table, reason, note = 1, 1, "dispute", ""
