"""The hall display and the players' page: the page's address as a QR code on "find your table"
(from the hall setup's base URL or the app's running server), and the standings hidden after session N as
on the players' page."""

from __future__ import annotations

import json

from PySide6.QtCore import QRect
from PySide6.QtGui import QImage
from reportlab.graphics.barcode import qrencoder

from db.formats.result_import import import_result_lines
from db.read import queries
from db.service.public_page import set_public_settings
from db.service.results import sign_off
from db.service.seats import seat_session
from db.storage.store import open_database
from referee_app.base.table_devices import TableDevicesServer
from referee_app.hall.data import read_hall
from referee_app.hall.pages import PAGES, FindTablePage, standings_where
from referee_app.hall.window import HallOptions, HallWindow
from tests.db.helpers import ACTOR

BASE = "http://192.168.1.20:8765"


def _hall(qtbot, window, server=None, **kw) -> HallWindow:
    hall = HallWindow(window.ctx, HallOptions(**kw), server=server)
    qtbot.addWidget(hall)
    hall.resize(1920, 1080)
    return hall


def _modules(image: QImage, where: QRect, text: str) -> tuple[int, int]:
    """Read the QR code drawn at ``where`` back, module by module (the centre pixel of each), against the
    encoder's matrix for ``text`` (no QR decoder is installed): (modules that differ, modules)."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    n = code.getModuleCount()
    scale = where.width() // (n + 8)
    assert scale * (n + 8) == where.width() == where.height() and scale >= 8  # whole pixels, ≥ 8 per module
    wrong = 0
    for row in range(-4, n + 4):  # the quiet zone (4 modules) too: it must be white
        for col in range(-4, n + 4):
            x = where.left() + (col + 4) * scale + scale // 2
            y = where.top() + (row + 4) * scale + scale // 2
            dark = image.pixelColor(x, y).lightness() < 128
            wrong += dark != (0 <= row < n and 0 <= col < n and code.isDark(row, col))
    return wrong, (n + 8) ** 2


def test_find_your_table_shows_the_players_page_address_as_a_qr_code_in_each_language(qtbot, window) -> None:
    for lang in ("both", "en", "zh"):
        hall = _hall(qtbot, window, lang=lang, pages=["find", "standings"], base_url=BASE)
        assert hall.data is not None
        assert hall.data.page_url == BASE + "/"
        hall.show_page("find")
        frame = hall.frame()
        image = hall.render_image(1920, 1080)
        assert hall.clipped == [], lang
        [(text, where)] = hall.qr
        assert text == BASE + "/"  # the players' page: the server's root
        # in the body, where the fourth list column would be: over no list cell, the title or the footer
        assert frame.body.contains(where) and where.left() >= frame.body.left() + 3 * 476
        assert where.width() >= 0.35 * frame.full.height()  # 378 px and more at 1080 lines: see docs/gui.md
        assert FindTablePage.columns(hall.data, frame) == 3
        assert _modules(image, where, text) == (0, (25 + 8) ** 2)
        hall.show_page("standings")  # the other pages carry no code
        hall.render_image(1920, 1080)
        assert hall.qr == [] and hall.clipped == []
        hall.show_page("find")  # a 5:4 screen: three list columns, so two beside the code
        image = hall.render_image(1280, 1024)
        [(text, where)] = hall.qr
        assert hall.clipped == [] and FindTablePage.columns(hall.data, hall.frame()) == 2
        assert hall.frame().body.contains(where) and _modules(image, where, text)[0] == 0


def test_without_an_address_there_is_no_code_and_the_list_keeps_four_columns(qtbot, window) -> None:
    hall = _hall(qtbot, window, pages=["find"])  # no base URL, no server
    assert hall.data is not None
    assert hall.data.page_url == ""
    hall.render_image(1920, 1080)
    assert hall.qr == [] and FindTablePage.columns(hall.data, hall.frame()) == 4


def test_the_code_follows_the_apps_server_and_the_players_page_switch(qtbot, window, tournament_file) -> None:
    server = TableDevicesServer()
    hall = _hall(qtbot, window, server=server, pages=["find"])
    assert hall.data is not None
    assert hall.data.page_url == ""
    server.start(window.ctx.db, "127.0.0.1", 0)
    try:
        url = server.addresses()[0] + "/"
        assert hall.data.page_url == url  # started after the hall opened: the code appears
        image = hall.render_image(1920, 1080)
        [(text, where)] = hall.qr
        assert text == url and _modules(image, where, url)[0] == 0 and hall.clipped == []
        server.choose("http://127.0.0.1:1")  # not one of the server's addresses: the first stays
        assert hall.data.page_url == url
        # the players' page switched off (another station): no code for a page that answers 404
        with open_database(tournament_file) as db, db.factory.begin() as s:
            set_public_settings(s, enabled=False, actor=ACTOR)
        assert window.watcher.poll()
        assert hall.data.page_url == ""
        with open_database(tournament_file) as db, db.factory.begin() as s:
            set_public_settings(s, enabled=True, actor=ACTOR)
        assert window.watcher.poll() and hall.data.page_url == url
    finally:
        server.stop()
    assert hall.data.page_url == ""
    hall.render_image(1920, 1080)
    assert hall.qr == []


def test_the_setup_takes_a_base_url_and_refuses_a_wrong_one(qtbot, window, error_messages) -> None:
    from referee_app.hall.setup import HallSetupDialog

    d = HallSetupDialog(window)
    qtbot.addWidget(d)
    d.base_url.setText("192.168.1.20:8765")
    d.accept()
    assert d.result() != d.DialogCode.Accepted and "192.168.1.20:8765" in error_messages[-1][1]
    d.base_url.setText(BASE + "/")
    d.accept()
    assert d.result() == d.DialogCode.Accepted and d.options().base_url == BASE + "/"
    hall = HallWindow(window.ctx, d.options())
    qtbot.addWidget(hall)
    assert hall.data is not None
    assert hall.data.page_url == BASE + "/"  # one "/" at the end, as printed on the seating


def _win(s, session: int, table: int, fan: int, seat: int = 0) -> str:
    players = queries.seating(s, session)[table - 1].players
    return json.dumps({"session": session, "table": table, "type": "win", "hand": 1,
                       "winner": players[seat].number, "discarder": players[(seat + 1) % 4].number, "fan": fan})


def test_the_hall_standings_follow_the_players_pages_hidden_standings(qtbot, window, tournament_file) -> None:
    with open_database(tournament_file) as db:
        with db.reader() as s:
            lines = [_win(s, 1, 1, 8), _win(s, 1, 2, 10)]
        import_result_lines(db, "\n".join(lines), "f", actor=ACTOR)
        with db.factory.begin() as s:
            seat_session(s, 2)
            set_public_settings(s, hide_standings_after=1, actor=ACTOR)
        with db.reader() as s:
            late = _win(s, 2, 1, 88, seat=2)
        import_result_lines(db, late, "f", actor=ACTOR)  # a big hand in session 2 that would change the ranking
        with db.reader() as s:
            after_1 = [(r.rank, r.number, r.table_points) for r in queries.standings(s, after=1)]
            live = [(r.rank, r.number, r.table_points) for r in queries.standings(s)]
            teams_1 = [(r.rank, r.team, r.table_points) for r in queries.team_standings(s, after=1)]
    assert after_1 != live
    window.watcher.poll()
    hall = _hall(qtbot, window)
    for key in ("best", "awards"):  # each page reads what it shows when it comes up
        hall.show_page(key)
    data = hall.data
    assert data is not None
    assert [(r.rank, r.number, r.table_points) for r in data.standings] == after_1
    assert [(r.rank, r.team, r.table_points) for r in data.teams] == teams_1
    assert data.after == 1 and data.hidden_after == 1 and data.awards is not None
    assert data.awards.best_team is not None and data.awards.best_team.team == teams_1[0][1]
    # the 88-fan hand of session 2 is nowhere: not in the session's best hands nor in the awards
    later = window.ctx.runner.read(lambda s: read_hall(s, session=2))  # the hall about session 2
    assert later.best == () and data.session == 1 and [b.fan_total for b in data.best] == [10, 8]
    assert [b.fan for b in data.awards.best_hands] == [10, 8] and all(b.session == 1 for b in data.awards.best_hands)
    assert standings_where(data, "en") == "after session 1; later results hidden"
    assert standings_where(data, "zh") == "第 1 局后；之后的成绩暂不公布"
    assert standings_where(data, "both") == "after session 1; later results hidden  第 1 局后；之后的成绩暂不公布"
    for lang in ("both", "en", "zh"):
        hall.options.lang = lang
        for key in ("standings", "teams", "best", "awards"):
            hall.show_page(key)
            hall.render_image(1920, 1080)
            assert hall.clipped == [], (lang, key)
    hall.data = later  # "Hidden until the end of the tournament" on the best hands page, in full
    for lang in ("both", "en", "zh"):
        hall.options.lang = lang
        hall.show_page("best")
        hall.render_image(1920, 1080)
        assert hall.clipped == [], lang
    # the end of the tournament (every table of the last session signed off): live again, as on the page
    with open_database(tournament_file) as db, db.factory.begin() as s:
        seat_session(s, 3)
        for t in (1, 2):
            sign_off(s, 3, t, reason="ended early", actor=ACTOR)
    assert window.watcher.poll()
    hall.show_page("awards")  # the standings and the awards, read as the page comes up
    assert [(r.rank, r.number, r.table_points) for r in hall.data.standings] == live
    assert hall.data.hidden_after is None and standings_where(hall.data, "en") == "after session 2"
    assert hall.data.awards is not None
    assert 88 in [b.fan for b in hall.data.awards.best_hands]
    assert [b.fan_total for b in window.ctx.runner.read(lambda s: read_hall(s, session=2)).best] == [88]


def test_a_cut_not_reached_yet_is_said_beside_the_live_standings(qapp) -> None:
    from referee_app.hall.data import HallData

    data = HallData("Spring Open", 2, 4, after=2, hidden_after=3)
    assert standings_where(data, "en") == "after session 2  ·  hidden after session 3"
    assert standings_where(data, "zh") == "第 2 局后  ·  第 3 局后的成绩暂不公布"
    assert PAGES["standings"].count(data, _frame()) == 1


def _frame():
    from referee_app.hall.pages import Frame

    return Frame.of(QRect(0, 0, 1920, 1080))


def test_the_code_uses_the_address_chosen_in_table_devices(qtbot, window, monkeypatch) -> None:
    from referee_app.base import table_devices
    from referee_app.dialogs.devices import DevicesDialog

    # two network addresses (the second a VPN's, say), as in test_devices
    monkeypatch.setattr(table_devices, "addresses", lambda host, port: [f"http://127.0.0.1:{port}",
                                                                        f"http://localhost:{port}"])
    server = TableDevicesServer()
    hall = _hall(qtbot, window, server=server, pages=["find"])
    dialog = DevicesDialog(window, window.ctx.db, window.ctx.runner, server, sessions=3)
    qtbot.addWidget(dialog)
    server.start(window.ctx.db, "127.0.0.1", 0)
    try:
        port = server.addresses()[0].rsplit(":", 1)[1]
        assert hall.data is not None
        assert hall.data.page_url == f"http://127.0.0.1:{port}/"
        dialog.address.setCurrentIndex(1)
        assert hall.data.page_url == f"http://localhost:{port}/"
        again = DevicesDialog(window, window.ctx.db, window.ctx.runner, server, sessions=3)  # reopened
        qtbot.addWidget(again)
        assert again.address.currentData() == f"http://localhost:{port}"  # the choice is kept
    finally:
        server.stop()
    assert hall.data.page_url == ""
