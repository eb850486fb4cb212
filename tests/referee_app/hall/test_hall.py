"""The hall display: paging and keys, the screen chooser, no text cut off at 1080p, the clock page at its
warning and at zero, and a redraw when another station changes the store."""

from __future__ import annotations

from datetime import timedelta

from PySide6.QtCore import Qt

from db.read.changes import ALL
from db.rules.clock import utc_now
from db.service.clock import start_clock
from db.service.results import record_draw
from db.storage.store import open_database
from referee_app.hall.data import read_hall
from referee_app.hall.pages import PAGES
from referee_app.hall.window import HallOptions, HallWindow


def _hall(qtbot, window, **kw) -> HallWindow:
    hall = HallWindow(window.ctx, HallOptions(**kw))
    qtbot.addWidget(hall)
    hall.resize(1920, 1080)
    return hall


def test_find_your_table_is_in_name_order_with_table_and_seat(qtbot, window) -> None:
    data = window.ctx.runner.read(read_hall)
    assert data.session == 1 and len(data.places) == 8
    assert [p.name for p in data.places] == sorted(p.name for p in data.places)  # Latin names: A–Z
    assert {p.seat for p in data.places} == {"E", "S", "W", "N"}


def test_keys_flip_pin_and_close(qtbot, window) -> None:
    hall = _hall(qtbot, window, pages=["clock", "find", "standings"])
    hall.show()
    assert hall.key == "clock"
    qtbot.keyClick(hall, Qt.Key.Key_Right)
    assert hall.key == "find"
    qtbot.keyClick(hall, Qt.Key.Key_Left)
    assert hall.key == "clock"
    qtbot.keyClick(hall, Qt.Key.Key_Left)
    assert hall.key == "standings"
    qtbot.keyClick(hall, Qt.Key.Key_Space)
    assert hall.pinned
    hall.advance()  # the cycle timer's step does nothing while pinned
    assert hall.key == "standings"
    qtbot.keyClick(hall, Qt.Key.Key_Space)
    hall.advance()
    assert hall.key == "clock"
    qtbot.keyClick(hall, Qt.Key.Key_Escape)
    assert not hall.isVisible()


def test_every_page_fits_1080p_in_both_languages(qtbot, window) -> None:
    for lang in ("both", "en", "zh"):
        hall = _hall(qtbot, window, lang=lang)
        for key in PAGES:
            hall.show_page(key)
            for sub in range(hall.count()):
                hall.sub = sub
                hall.render_image(1920, 1080)
                assert hall.clipped == [], (lang, key, sub)


def test_clock_page_warning_and_time_up(qtbot, window, tournament_file) -> None:
    with open_database(tournament_file) as db, db.factory.begin() as s:  # another station starts the clock
        start_clock(s, 1, minutes=90, now=utc_now() - timedelta(minutes=80))
    hall = _hall(qtbot, window, pages=["clock"])
    view = hall.watch.view()
    assert view is not None and view.warning and 590 <= view.remaining_s <= 600
    hall.render_image(1920, 1080)
    assert hall.clipped == []
    with open_database(tournament_file) as db, db.factory.begin() as s:
        from db.service.clock import end_clock

        end_clock(s, 1)  # time is up (taking back more than is left is refused)
    assert window.watcher.poll()  # the window's one change-marker poll sees the other station's write
    view = hall.watch.view()
    assert view is not None and view.time_up
    hall.render_image(1920, 1080)
    assert hall.clipped == []


def test_redraws_when_another_station_records(qtbot, window, tournament_file) -> None:
    hall = _hall(qtbot, window, pages=["best"])
    assert hall.data is not None and list(hall.data.best) == []  # "best == ()" would narrow its type for good
    with open_database(tournament_file) as db, db.factory.begin() as s:
        from db.read import queries
        from db.service.results import record_win

        four = [p.number for p in queries.seating(s, 1)[0].players]
        record_draw(s, 1, 1, 1)
        record_win(s, 1, 1, 2, winner=four[0], discarder=four[1], fan=24)
    with qtbot.waitSignal(hall.watch.changed, timeout=3000):
        pass  # the 1 s poll sees the change marker move
    assert [b.fan_total for b in hall.data.best] == [24]


def test_the_view_menu_opens_it_on_the_chosen_screen(qtbot, window, monkeypatch) -> None:
    from referee_app.hall import setup

    monkeypatch.setattr(setup.HallSetupDialog, "ask", classmethod(lambda cls, parent=None: HallOptions(
        screen=0, pages=["find", "clock"], lang="zh")))
    act = window.findChild(type(window.act_projector), "act_hall")
    assert act is not None and act.text() == "Hall display…"
    act.trigger()
    hall = window.hall_display  # deleted on close (WA_DeleteOnClose), so not handed to qtbot
    assert hall.isVisible() and hall.keys == ["find", "clock"] and hall.options.lang == "zh"
    hall.close()


def test_the_setup_dialog_lists_the_screens(qtbot) -> None:
    from PySide6.QtGui import QGuiApplication

    from referee_app.hall.setup import HallSetupDialog

    d = HallSetupDialog()
    qtbot.addWidget(d)
    assert d.screen_box.count() == len(QGuiApplication.screens())
    d.boxes["teams"].setChecked(False)
    d.lang.setCurrentIndex(d.lang.findData("en"))
    opts = d.options()
    assert "teams" not in opts.pages and opts.lang == "en"


def test_find_your_table_moves_on_once_the_clock_has_ended(qtbot, window, tournament_file) -> None:
    from db.service.clock import end_clock
    from db.service.seats import seat_session
    from referee_app.hall.data import places_session

    with open_database(tournament_file) as db, db.factory.begin() as s:
        start_clock(s, 1, minutes=90, now=utc_now() - timedelta(minutes=10))
        record_draw(s, 1, 1, 1)
    data = window.ctx.runner.read(read_hall)
    assert (data.session, data.seating_session) == (1, 1)  # session 2 is not seated yet
    with open_database(tournament_file) as db, db.factory.begin() as s:
        seat_session(s, 2)
    data = window.ctx.runner.read(read_hall)
    assert (data.session, data.seating_session) == (1, 1)  # seated, but session 1 is still being played
    with open_database(tournament_file) as db, db.factory.begin() as s:
        assert places_session(s, 1, utc_now() + timedelta(minutes=81)) == 2  # its time would be over
        end_clock(s, 1)  # the referee ends session 1 while tables still finish
    data = window.ctx.runner.read(read_hall)
    assert (data.session, data.seating_session) == (1, 2)  # the clock stays session 1's, the seats are 2's
    with open_database(tournament_file) as db, db.reader() as s:
        from db.read import queries

        seats2 = {(p.name, t.table) for t in queries.seating(s, 2) for p in t.players}
    assert {(p.name, p.table) for p in data.places} == seats2
    hall = _hall(qtbot, window, pages=["find"])
    assert hall.watch.reading is not None and hall.watch.reading.times.session == 1
    hall.render_image(1920, 1080)
    assert hall.clipped == []


LONG = "François Oberhofer-Schwarzenberg"


def _paint(page_key: str, data, lang: str = "en"):
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QImage, QPainter

    from referee_app.hall.pages import Frame, Painter

    img = QImage(1920, 1080, QImage.Format.Format_RGB32)
    p = QPainter(img)
    try:
        pt = Painter(p, 1080)
        PAGES[page_key].paint(pt, Frame.of(QRect(0, 0, 1920, 1080)), data, 0, lang, None)
    finally:
        p.end()
    return pt


def test_long_names_are_elided_on_one_line_not_clipped(qapp) -> None:
    from db.read.views import StandingRow
    from referee_app.hall.data import HallData, Place

    places = tuple(Place(n, str(i), i, "E") for i, n in enumerate([LONG, "Anna Smith", "王秀英"], 1))
    row = StandingRow(1, "1", LONG + " " + LONG, "Vienna", 12, 1087)
    data = HallData("Open", 1, 4, places=places, standings=(row,))
    for lang in ("en", "zh", "both"):
        pt = _paint("find", data, lang)
        assert (pt.clipped, pt.elided) == ([], [LONG]), lang
        pt = _paint("standings", data, lang)
        assert (pt.clipped, pt.elided) == ([], [row.name]), lang


def test_an_elided_name_keeps_its_readable_size_and_a_stub_counts_as_clipped(qapp) -> None:
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QImage, QPainter

    from referee_app.hall.pages import NAME_MIN, Painter

    img = QImage(600, 100, QImage.Format.Format_RGB32)
    p = QPainter(img)
    try:
        pt = Painter(p, 1080)
        pt.name(QRect(0, 0, 300, 60), LONG, 34)
        assert p.font().pixelSize() == round(34 * NAME_MIN) and pt.elided == [LONG] and pt.clipped == []
        pt.name(QRect(0, 0, 300, 60), "Anna Smith", 34)
        assert p.font().pixelSize() == 34 and pt.elided == [LONG]  # fits: full size, whole
        pt.name(QRect(0, 0, 60, 60), LONG, 34)  # a box so small only a stub is left: that is clipped
        assert pt.clipped == [LONG]
    finally:
        p.end()


def test_find_your_table_puts_equal_names_in_number_order(tmp_path) -> None:
    """Name, then the number as a number ("2" before "10"), as in the printed seating."""
    from db.service.players import PlayerInput, import_players
    from db.service.seats import seat_session
    from db.service.tournament import create_tournament

    names = {2: "Li Na", 10: "Li Na"}
    with open_database(tmp_path / "t.mcr", create=True) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Open", "cmr1998", sessions=2)
            import_players(s, [PlayerInput(str(i), names.get(i, f"P{i:02d}")) for i in range(1, 13)])
            seat_session(s, 1)
        with db.reader() as s:
            data = read_hall(s)
    assert [p.number for p in data.places if p.name == "Li Na"] == ["2", "10"]


def test_a_store_change_reads_the_clock_once(qtbot, window, monkeypatch) -> None:
    """The watch re-reads the clock and tells the display; the display's own read does not read it again."""
    from sqlalchemy.orm import Session

    from db.service.clock import ClockReading
    from referee_app.hall import data as hall_data

    hall = _hall(qtbot, window)
    reads: list[str] = []
    real_reload, real_reading = hall.watch.reload, hall_data.clock_reading

    def reload() -> None:
        reads.append("watch")
        real_reload()

    def reading(s: Session, n: int) -> ClockReading:
        reads.append("hall")
        return real_reading(s, n)

    monkeypatch.setattr(hall.watch, "reload", reload)
    monkeypatch.setattr(hall_data, "clock_reading", reading)
    with qtbot.waitSignal(hall.watch.changed):
        window.ctx.runner.notify(ALL)  # a change that touched everything
    assert reads == ["watch"]


def test_a_hall_opened_before_any_seating_follows_the_first_one(qtbot, tmp_path) -> None:
    from db.service.players import PlayerInput, import_players
    from db.service.seats import seat_session
    from db.service.tournament import create_tournament
    from referee_app.shell.main import create_window

    path = tmp_path / "t.mcr"
    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Open", "cmr1998", sessions=2)
        import_players(s, [PlayerInput(str(i), f"P{i:02d}") for i in range(1, 9)])
    window = create_window(str(path))
    qtbot.addWidget(window)
    hall = _hall(qtbot, window, pages=["find"])
    assert hall.data is not None and hall.data.places == ()
    with open_database(path) as other, other.factory.begin() as s:  # another station seats session 1
        seat_session(s, 1)
    assert window.watcher.poll()
    assert len(hall.data.places) == 8


def _fresh(window):
    return window.ctx.runner.read(read_hall)


def test_a_hand_elsewhere_rereads_only_what_it_touched_and_the_hall_matches_a_full_read(
        qtbot, window, tournament_file) -> None:
    """Refresh by what changed: a hand at table 2 from another station re-reads that table's progress; who
    sits where is not read again, the standings only when their page is shown — and what the hall then
    shows is exactly a full read's."""
    from db.service.players import PlayerInput, import_players

    hall = _hall(qtbot, window, pages=["find", "standings", "teams", "best", "awards"])
    assert hall.key == "find" and hall.data is not None
    before = dict(hall.reader.reads)
    with open_database(tournament_file) as other, other.factory.begin() as s:
        record_draw(s, 1, 2, 1)
    assert window.watcher.poll()
    reads = {k: n - before.get(k, 0) for k, n in hall.reader.reads.items() if n != before.get(k, 0)}
    assert reads == {"table_progress": 1}  # not the places, not the seating, not the standings
    assert hall.data.places == _fresh(window).places and hall.data.still_playing == 1
    hall.show_page("standings")  # its turn: the standings are read as it comes up, once
    assert hall.reader.reads["standings"] == before.get("standings", 0) + 1
    hall.show_page("teams")
    assert hall.reader.reads["standings"] == before.get("standings", 0) + 1
    for key in ("best", "awards"):
        hall.show_page(key)
    fresh = _fresh(window)
    assert hall.data.standings == fresh.standings and hall.data.teams == fresh.teams
    assert hall.data.best == fresh.best and hall.data.awards == fresh.awards
    assert hall.data.still_playing == fresh.still_playing and hall.data.session == fresh.session
    # a name changed elsewhere: every list reads again, on the page shown now
    with open_database(tournament_file) as other, other.factory.begin() as s:
        import_players(s, [PlayerInput("1", "Renamed Player")])
    assert window.watcher.poll()
    hall.show_page("find")
    assert "Renamed Player" in [p.name for p in hall.data.places]
    assert replace_url(hall.data) == _fresh(window)


def replace_url(data):
    from dataclasses import replace

    return replace(data, page_url="")


def test_a_hand_with_the_standings_shown_redraws_them_at_once(qtbot, window, tournament_file) -> None:
    hall = _hall(qtbot, window, pages=["standings"])
    from db.read import queries
    from db.service.results import record_win

    with open_database(tournament_file) as other, other.factory.begin() as s:
        record_draw(s, 1, 1, 1)
        four = [p.number for p in queries.seating(s, 1)[1].players]
        record_win(s, 1, 2, 1, winner=four[0], discarder=four[1], fan=24)
    assert window.watcher.poll()
    assert hall.data is not None
    assert hall.data.standings == _fresh(window).standings == tuple(window.ctx.runner.read(queries.standings))
    assert hall.data.standings[0].number == four[0] and hall.data.still_playing == 2
    assert hall.reader.reads["table_scores"] == 1  # the two tables' scores read again, not every table's
    with open_database(tournament_file) as other, other.factory.begin() as s:
        from db.service.corrections import delete_hand

        delete_hand(s, 1, 2, 1, "wrong table")
    assert window.watcher.poll()
    assert hall.data.standings == tuple(window.ctx.runner.read(queries.standings))
    assert all(e.table != 2 for r in hall.data.standings for e in r.sessions)  # table 2 has no result now
