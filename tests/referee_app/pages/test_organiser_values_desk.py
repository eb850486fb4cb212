"""The desk at a table of a system whose numbers the organiser types (issue 33 item 5): Rule values… lists the
values the rule system still needs with why and saves them in one go (then the session can be seated), the
Sessions page says why no session can start until then, the store's refusal is one line in the dialog; a
Guiyang hand with its chickens, the first 幺鸡 and a hot kong, and a 鸡平胡 win naming two hand types, each
entered through the widgets and recorded on a real tournament file."""

from __future__ import annotations

from db.read import queries
from db.read.game_state import missing_rules
from db.read.games import game_sheet
from db.service.players import PlayerInput, import_players
from db.service.seats import seat_session
from db.service.tournament import create_tournament, update_settings
from db.storage.store import open_database

NAMES = ["Alice", "Bob", "Chen", "Dora"]
GUIYANG = {"chicken": 1, "charging_chicken": 2, "responsible_chicken": 3}
JIPINGHU = {f"fan_{t}": n for n, t in enumerate(("jihu", "pinghu", "duiduihu", "hunyise", "qingyise", "ziyise",
                                                 "hunyaojiu", "xiaosanyuan", "dasanyuan", "xiaosixi", "dasixi",
                                                 "shisanyao"))}


def make_file(path, profile, rules=None, seated=False):
    """A real tournament file of ``profile`` with 4 players; ``rules`` typed and session 1 seated if asked."""
    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Club Cup", profile, sessions=2)
        import_players(s, [PlayerInput(str(i + 1), n) for i, n in enumerate(NAMES)])
        if rules:
            update_settings(s, rules=rules)
        if seated:
            seat_session(s, 1)
    return path


def make_window(qtbot, path):
    from referee_app.shell.main import create_window

    w = create_window(str(path))
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    return w


def choose(box, data):
    i = box.findData(data)
    assert i >= 0, (data, [box.itemData(k) for k in range(box.count())])
    box.setCurrentIndex(i)


def settings_of(path):
    with open_database(path) as db, db.factory() as s:
        return queries.settings(s)


def sheet_of(path):
    with open_database(path) as db, db.factory() as s:
        return game_sheet(s, 1, 1)


def test_rule_values_lists_guiyangs_missing_values_and_once_saved_the_session_is_seated(qtbot, tmp_path,
                                                                                        error_messages):
    path = make_file(tmp_path / "guiyang.mcr", "guiyang-zhuoji")
    window = make_window(qtbot, path)
    page = window.pages["Sessions & tables"]
    assert window.stack.currentWidget() is page
    # the banner says why no session starts, and seating is refused by the store
    assert page.rules_banner.isVisible()
    # each value in words, its code beside them (the code is what `settings --rule` takes)
    assert page.rules_text.text() == ("Sessions cannot start: the organiser has not set Each chicken (幺鸡) counted to a "
                                      "player · chicken; The charging chicken (冲锋鸡) · charging_chicken; The "
                                      "responsible chicken (责任鸡) · responsible_chicken.")
    assert not page.seat() and "has not set" in error_messages[-1][1]
    assert "Rule values" in error_messages[-1].next_step
    # Tournament → Rule values…: each missing value with the rule system's why, a number field each
    assert window.act_rule_values.isEnabled()
    d = window.rule_values()
    assert d.isVisible() and list(d.fields) == ["chicken", "charging_chicken", "responsible_chicken"]
    why = d.findChild(type(d.intro), "rule_why_charging_chicken").text()
    # why in the desk's language, the rule system's own line (its English data) under it
    assert why.splitlines() == ["The source gives no number for it and public rule texts differ: the organiser sets "
                                "it.", dict(missing_rules(settings_of(path)))["charging_chicken"]]
    assert all(f.value() == -1 and f.text() == "—" for f in d.fields.values())  # nothing typed yet
    d.fields["chicken"].setValue(1)
    d.fields["charging_chicken"].setValue(2)
    d.fields["responsible_chicken"].setValue(3)
    assert d.save() and d.problem.text() == ""
    assert settings_of(path).rules == GUIYANG and missing_rules(settings_of(path)) == ()
    # the values set are listed (editable until the first result); the banner goes with the dialog
    assert list(d.fields) == ["charging_chicken", "chicken", "responsible_chicken"]
    assert d.fields["chicken"].value() == 1 and d.fields["chicken"].isEnabled()
    d.close()
    assert not page.rules_banner.isVisible()
    assert page.seat()
    assert page.model.rows and len(page.model.rows) == 1


def test_a_value_changed_after_the_first_result_is_refused_in_one_line(qtbot, tmp_path):
    """Another station records the first hand while the dialog is open: Save says the store's refusal (the
    values are frozen) under the fields, and the dialog read again shows them read-only."""
    from db.service.games import record_game_line

    path = make_file(tmp_path / "guiyang.mcr", "guiyang-zhuoji", GUIYANG, seated=True)
    window = make_window(qtbot, path)
    d = window.rule_values()
    assert not d.values.missing and d.fields["chicken"].isEnabled()
    with open_database(path) as db, db.factory.begin() as s:
        record_game_line(s, 1, 1, 1, {"type": "draw"})
    d.fields["chicken"].setValue(5)
    assert not d.save()
    assert d.problem.text() == "the rule settings are frozen: results exist already"
    assert settings_of(path).rules["chicken"] == 1
    d.reload()
    assert not d.fields["chicken"].isEnabled() and not d.save_button.isEnabled()
    assert d.intro.text() == "Results exist: the rule values are frozen."


def open_game(window):
    window.show_sheet(1, 1)
    page = window.pages["Score sheet"]
    assert page.game.isVisible()
    return page, page.game


def test_a_guiyang_hand_with_chickens_the_responsible_chicken_and_a_hot_kong_is_recorded(qtbot, tmp_path):
    path = make_file(tmp_path / "guiyang.mcr", "guiyang-zhuoji", GUIYANG, seated=True)
    window = make_window(qtbot, path)
    page, panel = open_game(window)
    form = panel.chinese_form
    assert form.chickens.isVisible() and not form.joker.isVisible()
    choose(form.outcome, "ron")
    assert form.hot_kong.isVisible()
    choose(form.discarder, 1)
    choose(form.winners[0].player, 0)
    form.winners[0].tiles.setText("111s222p333m444m55p")  # 大对子 with three 幺鸡 of its own
    form.chickens.counts[2].setValue(1)  # W holds the fourth
    choose(form.chickens.first, "responsible")
    assert form.chickens.to.isVisible()
    choose(form.chickens.by, 3)
    choose(form.chickens.to, 2)
    choose(form.hot_kong, "added")
    preview = form.preview.text().splitlines()
    assert preview[0].startswith("E  Total ") and any(p.startswith("Chickens ") for p in preview), preview
    assert any(p.startswith("Hot kong (热炮) ") for p in preview), preview
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        assert panel.submit(), panel.message.text()
    numbers = panel.vm.numbers
    line = sheet_of(path).hands[0].line
    assert line["chickens"] == {numbers[2]: 1}
    assert line["responsible_chicken"] == {"from": numbers[3], "to": numbers[2]}
    assert line["hot_kong"] == "added" and line["discarder"] == numbers[1]
    # a correction starts from the line recorded: the chickens and the hot kong come back
    panel.table.selectRow(0)
    panel.correct_selected()
    assert form.chickens.counts[2].value() == 1 and form.chickens.to.currentData() == 2
    assert form.hot_kong.currentData() == "added"
    assert {k: panel.chinese_line()[k] for k in ("chickens", "responsible_chicken", "hot_kong")} == \
        {k: line[k] for k in ("chickens", "responsible_chicken", "hot_kong")}


def test_a_jipinghu_win_names_two_hand_types_whose_fans_add_up(qtbot, tmp_path):
    path = make_file(tmp_path / "jipinghu.mcr", "guangdong-jipinghu", JIPINGHU, seated=True)
    window = make_window(qtbot, path)
    page, panel = open_game(window)
    form = panel.chinese_form
    row = form.winners[0]
    assert row.types_button.isVisible() and not row.hand_type.isVisible() and not row.tiles.isVisible()
    assert not form.chickens.isVisible() and not form.hot_kong.isVisible()
    choose(form.outcome, "tsumo")
    choose(row.player, 1)
    row.type_actions["hunyise"].setChecked(True)  # 番 3
    row.type_actions["duiduihu"].setChecked(True)  # 番 2
    assert row.types_button.text() == "Hand types: All Pungs (对对胡), Mixed One Suit (混一色)"
    preview = form.preview.text().splitlines()
    assert preview[0].startswith("S  Total "), preview
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        assert panel.submit(), panel.message.text()
    stored = sheet_of(path).hands[0]
    assert stored.line["hand_type"] == ["duiduihu", "hunyise"]
    assert stored.winners[0].total == 5  # 2 + 3 番 ...
    assert stored.deltas == (-8, 24, -8, -8)  # ... each of the three pays 1 × 2^3, at the cap of 3 番
    # a correction starts from the types recorded
    panel.table.selectRow(0)
    panel.correct_selected()
    assert form.winners[0].checked_types() == ("duiduihu", "hunyise")
    assert panel.chinese_line()["hand_type"] == ["duiduihu", "hunyise"]


def test_a_closed_tournaments_hand_entry_asks_no_store_when_the_language_changes(qtbot, tmp_path):
    """A window whose tournament was closed lives on until it is collected, and a change of language says its
    form again (which asks for a preview): there is no store left to ask, so nothing is asked (it was an
    AssertionError in the Qt event loop, in whichever test ran next)."""
    from referee_app.words.i18n import LANG

    path = make_file(tmp_path / "guiyang.mcr", "guiyang-zhuoji", GUIYANG, seated=True)
    window = make_window(qtbot, path)
    page, panel = open_game(window)
    form = panel.chinese_form
    choose(form.outcome, "tsumo")
    choose(form.winners[0].player, 0)
    form.winners[0].tiles.setText("111s222p333m444m55p")
    assert "Total" in form.preview.text()
    window.close_tournament()
    LANG.set("zh")
    assert form.outcome.itemText(0) == "点炮和牌"


def test_the_guiyang_desk_offers_no_count_for_a_winner_nor_a_claim_of_ones_own_discard(qtbot, tmp_path):
    """What the store refuses is not offered (entry_options ``chicken_counts`` "others", ``first_chicken``): a
    winner's chickens are read from its tiles, so its count is greyed out and taken back; the responsible
    chicken's claimer is another player than its discarder; the first 幺鸡 is one choice."""
    path = make_file(tmp_path / "guiyang.mcr", "guiyang-zhuoji", GUIYANG, seated=True)
    window = make_window(qtbot, path)
    page, panel = open_game(window)
    form = panel.chinese_form
    counts = form.chickens.counts
    choose(form.outcome, "tsumo")
    counts[1].setValue(2)
    choose(form.winners[0].player, 1)
    assert [c.isEnabled() for c in counts] == [True, False, True, True] and counts[1].value() == 0
    form.winners[0].tiles.setText("123s234m456m789p55p")
    assert "chickens" not in panel.chinese_line() and form.preview.text().startswith("S  Total ")
    choose(form.outcome, "ron")
    choose(form.discarder, 0)
    choose(form.winners[1].player, 3)  # a second winner on the discard: its count is read from its tiles too
    assert [c.isEnabled() for c in counts] == [True, False, True, False]
    first = form.chickens.first
    assert [first.itemData(i) for i in range(first.count())] == [None, "charging", "responsible"]
    choose(first, "responsible")
    choose(form.chickens.by, 2)
    to = form.chickens.to
    assert not to.model().item(to.findData(2)).isEnabled()
    assert all(to.model().item(to.findData(i)).isEnabled() for i in (0, 1, 3))
    to.setCurrentIndex(to.findData(2))  # chosen anyway (a keyboard's reach): taken back
    assert to.currentData() is None
    choose(to, 0)
    assert not form.chickens.by.model().item(form.chickens.by.findData(0)).isEnabled()
