"""Reports saved as PDF from the Reports page (parsed back), and errors shown as dialogs."""

from __future__ import annotations

import sys

import pytest
from pypdf import PdfReader

from referee_app.base import errors


def reports_after_a_win(window):  # type: ignore[no-untyped-def]
    """The Reports page after a win of 16 fans at table 1 of session 1; (the score sheet page, the Reports page)."""
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    num = [p.number for p in sheet.sheet.players]
    assert sheet.record_totals(num[0], num[1], 16)
    window.go("Reports")
    page = window.pages["Reports"]
    return sheet, page


def test_save_score_sheets_and_standings_as_pdf(window, tmp_path):
    sheet, page = reports_after_a_win(window)
    page.list.setCurrentRow(0)
    out = tmp_path / "sheets.pdf"
    assert page.save_to(str(out))
    pdf = PdfReader(out)
    assert len(pdf.pages) == 2  # one page per table
    text = pdf.pages[0].extract_text()
    assert "Spring Open" in text and sheet.sheet.players[0].name in text
    page.list.setCurrentRow(5)  # standings
    assert not page.session.isEnabled()
    out2 = tmp_path / "standings.pdf"
    assert page.save_to(str(out2))
    assert "Alice" in "".join(p.extract_text() for p in PdfReader(out2).pages)
    assert "Saved" in page.status.text()


def test_report_of_an_unseated_session_says_what_to_do(window, error_messages):
    window.go("Reports")
    page = window.pages["Reports"]
    page.list.setCurrentRow(4)  # seating
    page.session.setCurrentIndex(2)  # session 3: not seated
    assert page.pdf() is None
    assert "not seated" in error_messages[-1][1]


def test_excepthook_shows_a_dialog_not_a_traceback(qtbot, capsys):
    errors.install_excepthook()
    try:
        from db.errors import InputError

        try:
            raise InputError("fan", "must be a number")
        except InputError:
            sys.excepthook(*sys.exc_info())
        assert errors.SINK[-1] == ("Could not do that", '"fan": must be a number')
        try:
            raise ZeroDivisionError("division by zero")
        except ZeroDivisionError:
            sys.excepthook(*sys.exc_info())
        title, msg = errors.SINK[-1]
        assert title == "Something went wrong" and "ZeroDivisionError" in msg
        assert "Traceback" in capsys.readouterr().err  # kept for the log on stderr
    finally:
        errors.reset_hooks()


def test_runner_reraises_the_unexpected(window):
    with pytest.raises(ZeroDivisionError):
        window.ctx.runner.run(lambda s: 1 / 0)
