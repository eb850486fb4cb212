"""What the GUI lacked: the prize list among the reports, the switch that hides the public
standings after a session, and "finish the session" once every table is signed off."""

from __future__ import annotations

from pypdf import PdfReader

from tests.referee_app.pages.test_reports_errors import reports_after_a_win


def sign_off_all(window, session: int = 1) -> None:
    from db.read import queries
    from db.service.results import sign_off

    with window.ctx.db.factory.begin() as s:
        for t in queries.seating(s, session):
            sign_off(s, session, t.table, reason="ended early")


def test_the_reports_page_saves_the_prize_list(window, tmp_path):
    sheet, page = reports_after_a_win(window)
    titles = [page.list.item(i).text() for i in range(page.list.count())]
    assert "Prize list" in titles
    page.list.setCurrentRow(titles.index("Prize list"))
    assert not page.session.isEnabled() and "best hands" in page.description.text()
    assert page.default_name() == "prizes.pdf"
    out = tmp_path / "prizes.pdf"
    assert page.save_to(str(out))
    text = "".join(p.extract_text() for p in PdfReader(out).pages)
    assert "Prize list" in text and "Best hands" in text and sheet.sheet.players[0].name in text


def test_the_standings_page_hides_the_public_standings_after_a_session_and_shows_them_live_again(window):
    from db.service.public_page import public_settings

    window.go("Standings")
    page = window.pages["Standings"]
    choices = [page.public.itemText(i) for i in range(page.public.count())]
    assert choices[0] == "live standings" and page.public.currentIndex() == 0
    assert choices[1] == "standings after session 1; later results hidden until the end"
    assert page.set_public_cut(1)
    with window.ctx.db.reader() as s:
        assert public_settings(s).hide_standings_after == 1
    assert page.public.currentData() == 1
    assert page.set_public_cut(0)
    with window.ctx.db.reader() as s:
        assert public_settings(s).hide_standings_after is None


def test_finish_the_session_is_offered_once_every_table_is_signed_off(window):
    from db.service.clock import clock_view, start_clock

    window.go("Sessions & tables")
    page = window.pages["Sessions & tables"]
    assert not page.finish_button.isVisible()
    with window.ctx.db.factory.begin() as s:
        start_clock(s, 1)
    sign_off_all(window)
    page.refresh_tables()
    assert page.finish_button.isVisible()
    assert page.finish_button.text() == "Finish session 1: on to session 2"
    assert page.finish()
    with window.ctx.db.reader() as s:
        assert clock_view(s, 1).state == "ended"  # the hall and the phones stop counting down
    assert page.current_session() == 2 and not page.finish_button.isVisible()  # session 2: seat it next


def test_finish_refuses_when_another_station_withdrew_a_sign_off_meanwhile(window, error_messages):
    """The page's view is stale: the service reads the sign-offs again and refuses; the clock keeps running."""
    from db.service.clock import clock_view, start_clock
    from db.service.results import sign_off

    window.go("Sessions & tables")
    page = window.pages["Sessions & tables"]
    with window.ctx.db.factory.begin() as s:
        start_clock(s, 1)
    sign_off_all(window)
    page.refresh_tables()
    assert page.finish_button.isVisible()
    with window.ctx.db.factory.begin() as s:  # another station, the page not told
        sign_off(s, 1, 2, signed=False, reason="a hand to correct")
    assert not page.finish()
    assert any("table(s) 2 not signed off" in m[1] for m in error_messages)
    with window.ctx.db.reader() as s:
        assert clock_view(s, 1).state == "running"
    assert page.current_session() == 1


def test_finishing_the_last_session_shows_the_final_standings(window):
    from db.service.seats import seat_session

    with window.ctx.db.factory.begin() as s:
        for n in (2, 3):
            seat_session(s, n)
    for n in (1, 2, 3):
        sign_off_all(window, n)
    window.go("Sessions & tables")
    page = window.pages["Sessions & tables"]
    page.session.setCurrentIndex(2)
    assert page.finish_button.text() == "Finish the tournament: final standings"
    assert page.finish()
    assert window.stack.currentWidget() is window.pages["Standings"]
