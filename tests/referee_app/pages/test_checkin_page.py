"""The check-in desk page, keyboard first, and the standings page's stage picker, on a real tournament
file (8 players, session 1 seated)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget

from db.read import queries
from db.service.stages import add_stage
from db.storage.store import open_database


def _cell(table: QTableWidget, row: int, col: int) -> str:
    item = table.item(row, col)
    assert item is not None, (row, col)
    return item.text()


def test_the_desk_marks_players_by_number_and_by_part_of_a_name(qtbot, window, tournament_file) -> None:
    window.go("Check-in")
    page = window.pages["Check-in"]
    assert page.counts.text() == "Present 0 · Absent 0 · Not seen yet 8"
    qtbot.keyClicks(page.line, "ali")  # Alice: one player found, Enter marks her
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    assert page.said.text() == "1 Alice: present" and page.line.text() == ""
    qtbot.keyClicks(page.line, "6")  # a number
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    assert page.counts.text() == "Present 2 · Absent 0 · Not seen yet 6"
    qtbot.keyClicks(page.line, "h")  # several names: listed in name order, the first highlighted
    names = [page.found.item(i).text() for i in range(page.found.count())]
    assert names == ["3  Chen", "8  Hu"] and page.found.currentRow() == 0
    qtbot.keyClick(page.line, Qt.Key.Key_Down)  # the highlight moves, the typing stays in the line
    assert page.found.currentRow() == 1
    qtbot.keyClick(page.line, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # Hu is absent
    assert page.said.text() == "8 Hu: absent"
    assert page.counts.text() == "Present 2 · Absent 1 · Not seen yet 5"
    assert [page.not_seen.item(i).text() for i in range(page.not_seen.count())] == \
        ["2  Bob", "3  Chen", "4  Dora", "5  Eve", "7  Gao"]
    window.close_tournament()
    with open_database(tournament_file, writable=False) as db, db.reader() as s:
        desk = queries.checkin(s, 1)
        log = [e for e in queries.audit_log(s) if e.action == "checkin"]
    assert (desk.present, desk.absent) == (("1", "6"), ("8",)) and len(log) == 3


def test_a_fast_referee_s_check_ins_all_land_through_typos_and_several_matches(qtbot, window, tournament_file,
                                                                            error_messages) -> None:
    """Typed as a referee types, without looking up. A text that finds nobody is refused in
    the line (it raised a TypeError, and the keys typed next went into the error dialog); the number
    typed next starts a new search; with several found, Enter takes the one highlighted."""
    window.go("Check-in")
    page = window.pages["Check-in"]

    def typed(text: str, *keys: Qt.Key) -> None:
        qtbot.keyClicks(page.line, text)
        for k in keys:
            qtbot.keyClick(page.line, k)
        qtbot.keyClick(page.line, Qt.Key.Key_Return)

    typed("ali")  # 1 Alice
    typed("zq")  # a typo: nobody
    assert page.said.text() == "No player found for “zq”" and page.line.selectedText() == "zq"
    assert "#b3261e" in page.said.styleSheet()
    typed("2")  # a new search, not "zq2"
    assert page.said.text() == "2 Bob: present" and "#b3261e" not in page.said.styleSheet()
    typed("h")  # Chen and Hu: Enter takes the highlighted, the first
    typed("h", Qt.Key.Key_Down)  # Hu
    typed("xx")
    typed("5")
    typed("xq", Qt.Key.Key_Down)  # ↓ with nothing found moves nothing
    typed("6")
    page.found.setFocus()  # the list was clicked: what is typed next is a new search all the same
    qtbot.keyClicks(page.found, "7")
    assert page.line.text() == "7" and page.line.hasFocus()
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    assert page.counts.text() == "Present 7 · Absent 0 · Not seen yet 1"
    assert error_messages == []
    window.close_tournament()
    with open_database(tournament_file, writable=False) as db, db.reader() as s:
        assert queries.checkin(s, 1).present == ("1", "2", "3", "5", "6", "7", "8")


def test_a_mark_the_store_refuses_is_said_in_the_line_not_in_a_dialog(qtbot, window, error_messages) -> None:
    """E.g. the player was removed at another station between the search and Enter: the refusal is said
    below the line (an error box would take the keys typed next), and the next number starts afresh."""
    window.go("Check-in")
    page = window.pages["Check-in"]
    qtbot.keyClicks(page.line, "4")
    page.mark("99", present=True)
    assert error_messages == [] and "99" in page.said.text() and "#b3261e" in page.said.styleSheet()
    assert page.line.selectedText() == "4" and page.line.hasFocus()
    qtbot.keyClicks(page.line, "5")
    qtbot.keyClick(page.line, Qt.Key.Key_Return)
    assert page.said.text() == "5 Eve: present" and error_messages == []


def test_the_standings_page_picks_a_stage(qtbot, window, tournament_file) -> None:
    window.close_tournament()
    with open_database(tournament_file) as db, db.factory.begin() as s:
        add_stage(s, "Final", 1, 4, "half", "rank")
    from referee_app.shell.main import create_window

    w = create_window(str(tournament_file))
    qtbot.addWidget(w)
    w.show()
    w.go("Standings")
    page = w.pages["Standings"]
    assert page.stage.isVisible() and [page.stage.itemText(i) for i in range(page.stage.count())] == \
        ["Final ranking", "Stage Final"]
    assert page.model.rowCount() == 8
    page.stage.setCurrentIndex(1)
    assert page.model.rowCount() == 0 and "'Final' cannot start yet" in page.stage_note.text()
    page.stage.setCurrentIndex(0)
    assert page.model.rowCount() == 8 and page.stage_note.text() == ""


def test_stages_are_added_and_a_tie_at_the_cut_decided_in_the_dialog(qtbot, window, tournament_file) -> None:
    """Three qualifying sessions where time is called before any hand: all eight players tie (1.75 a
    session), so the final's cut at 4 is a tie the dialog asks the organiser to decide."""
    from db.service.results import call_time
    from db.service.seats import seat_session
    from referee_app.dialogs.stages import StagesDialog

    window.close_tournament()
    with open_database(tournament_file) as db, db.factory.begin() as s:
        for k in (1, 2, 3):
            if k > 1:
                seat_session(s, k)
            for t in (1, 2):
                call_time(s, k, t, 0)
    from referee_app.shell.main import create_window

    w = create_window(str(tournament_file))
    qtbot.addWidget(w)
    w.go("Standings")
    dialog = StagesDialog(w.ctx, w)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.name, "Final")
    dialog.cut.setValue(4)
    dialog.carry.setCurrentIndex(dialog.carry.findData("half"))
    dialog.seating.setCurrentIndex(dialog.seating.findData("snake"))
    assert dialog.add()
    assert [_cell(dialog.table, 0, c) for c in range(5)] == ["Final", "4", "4", "half", "snake"]
    assert dialog.tie_label.isVisibleTo(dialog) and dialog.tied.count() == 8
    assert "check the 4 who go through" in dialog.tie_label.text()
    for i in (0, 2, 4, 6):
        dialog.tied.item(i).setCheckState(Qt.CheckState.Checked)
    assert dialog.decide()
    assert _cell(dialog.table, 0, 5) == "1 3 5 7" and not dialog.tie_label.isVisibleTo(dialog)
    with open_database(tournament_file, writable=False) as db, db.reader() as s:
        assert queries.stages(s)[0].players == ("1", "3", "5", "7")


def test_the_stage_dialog_says_which_sessions_a_stage_will_be_and_changes_or_removes_it(
        qtbot, window, tournament_file) -> None:
    """A 1-session final in a 3-session tournament: the dialog says it will be session 4,
    can make it session 3 instead, and a stage without results is changed and removed again."""
    from referee_app.dialogs.stages import StagesDialog

    dialog = StagesDialog(window.ctx, window)
    qtbot.addWidget(dialog)
    assert dialog.span.text() == "A new stage will be session 4, after the 3 planned: the tournament will have 4 sessions."
    dialog.sessions.setValue(2)
    assert dialog.span.text() == ("A new stage will be sessions 4–5, after the 3 planned: the tournament will have "
                                  "5 sessions.")
    dialog.sessions.setValue(1)
    dialog.last_planned.setChecked(True)
    assert dialog.span.text() == "A new stage will be session 3 of the 3 planned; the qualifying stage keeps sessions 1–2."
    qtbot.keyClicks(dialog.name, "Final")
    dialog.cut.setValue(4)
    assert dialog.add()
    assert [_cell(dialog.table, 0, c) for c in range(2)] == ["Final", "3"]
    assert not dialog.last_planned.isEnabled()  # the last sessions are the final's now
    dialog.table.selectRow(0)
    assert dialog.name.text() == "Final" and dialog.change_button.isEnabled()
    dialog.carry.setCurrentIndex(dialog.carry.findData("full"))
    dialog.name.setText("Grand final")
    assert dialog.change()
    assert [_cell(dialog.table, 0, c) for c in range(4)] == ["Grand final", "3", "4", "full"]
    dialog.table.selectRow(0)
    assert dialog.remove(keep_sessions=True)
    assert dialog.table.rowCount() == 0 and not dialog.remove_button.isEnabled()
    assert dialog.span.text().startswith("A new stage will be session 4, after the 3 planned")
    window.close_tournament()
    with open_database(tournament_file, writable=False) as db, db.reader() as s:
        assert queries.stages(s) == [] and queries.settings(s).sessions == 3
        log = [e.what for e in queries.audit_log(s) if e.action == "stage"]
    assert log == ["stage 'Final' added", "stage 'Final' changed", "stage 'Grand final' removed"]


def test_seating_a_session_short_of_players_names_who_is_not_seen_yet(qtbot, window, tournament_file,
                                                                     error_messages) -> None:
    """Seven of eight players checked in; Generate seating names Hu (not seen yet) and
    sends the referee to the Check-in page, in English and in Chinese."""
    from db.service.checkin import check_in
    from db.service.seats import delete_session_seating
    from referee_app.words.i18n import LANG

    window.close_tournament()
    with open_database(tournament_file) as db, db.factory.begin() as s:
        delete_session_seating(s, 1)
        check_in(s, 1, [str(i) for i in range(1, 8)], [])
    from referee_app.shell.main import create_window

    w = create_window(str(tournament_file))
    qtbot.addWidget(w)
    w.go("Sessions & tables")
    page = w.pages["Sessions & tables"]
    assert not page.seat()
    shown = error_messages[-1]
    assert shown[1] == ("session 1: 7 players present is not a multiple of 4: 1 substitute(s) missing. Not seen "
                        "yet: 8 Hu. Check in those who are here; mark the others absent and add 1 substitute(s) (a "
                        "player with substitute: yes), then check them in.")
    assert shown.next_step.startswith("On the Check-in page, check in the players named")
    LANG.set("zh")
    assert not page.seat()
    zh = error_messages[-1]
    assert "8 Hu" in zh[1] and "Not seen" not in zh[1] and "Check-in" not in zh.next_step


def test_the_sessions_page_says_whom_a_substitute_replaces(qtbot, window, tournament_file) -> None:
    """Hu is absent, the substitute Iris takes his seat: her cell says so."""
    from db.service.checkin import check_in
    from db.service.players import PlayerInput, import_players
    from db.service.seats import seat_session
    from referee_app.models import TablesModel

    window.close_tournament()
    with open_database(tournament_file) as db, db.factory.begin() as s:
        import_players(s, [PlayerInput("9", "Iris", None, None, True)])
        check_in(s, 1, [str(i) for i in range(1, 8)] + ["9"], ["8"])
        seat_session(s, 1)
    from referee_app.shell.main import create_window

    w = create_window(str(tournament_file))
    qtbot.addWidget(w)
    w.go("Sessions & tables")
    m = w.pages["Sessions & tables"].model
    cells = [m.index(r, c).data() for r in range(m.rowCount()) for c in range(TablesModel.COL_E, TablesModel.COL_N + 1)]
    assert [c for c in cells if c.startswith("9 ")] == ["9  Iris  · for 8 Hu"]
    assert sum("· for" in c for c in cells) == 1


def test_a_stage_with_results_is_refused_with_the_stores_line(qtbot, window, tournament_file,
                                                               error_messages) -> None:
    """The final (session 3) has a time call: Save changes and Remove say why not."""
    from db.service.results import call_time
    from db.service.seats import seat_session
    from db.service.stages import decide_tie
    from referee_app.dialogs.stages import StagesDialog

    window.close_tournament()
    with open_database(tournament_file) as db, db.factory.begin() as s:
        add_stage(s, "Final", 1, 4, "half", "rank", last_planned=True)
        for k in (1, 2):
            if k > 1:
                seat_session(s, k)
            for t in (1, 2):
                call_time(s, k, t, 0)
        decide_tie(s, "Final", ["1", "2", "3", "4"])
        seat_session(s, 3)
        call_time(s, 3, 1, 0)
    from referee_app.shell.main import create_window

    w = create_window(str(tournament_file))
    qtbot.addWidget(w)
    dialog = StagesDialog(w.ctx, w)
    qtbot.addWidget(dialog)
    dialog.table.selectRow(0)
    dialog.carry.setCurrentIndex(dialog.carry.findData("full"))
    assert not dialog.change() and not dialog.remove()
    line = "stage 'Final' can no longer be changed or removed: session 3 has results (correct the results instead)"
    assert [m[1] for m in error_messages[-2:]] == [line, line]
    with open_database(tournament_file, writable=False) as db, db.reader() as s:
        assert [(v.name, v.first_session, v.carry) for v in queries.stages(s)] == [("Final", 3, "half")]
