"""The shared helpers of the app's file questions and error boxes: ``ask_new_file`` (the save dialog and
the suffix) and ``reporting_errors`` (a refusal becomes one error box, the unexpected propagates)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog

from db.errors import TournamentError
from referee_app.base import file_dialogs
from referee_app.base.errors import reporting_errors
from referee_app.dialogs.common import ask_new_file


@pytest.mark.parametrize(("typed", "got"), [
    ("/x/results", "/x/results.xlsx"),
    ("/x/results.XLSX", "/x/results.XLSX"),  # as typed (Windows, macOS)
    ("/x/results.db", "/x/results.db.xlsx"),
    ("", None),  # cancelled
])
def test_ask_new_file_adds_the_suffix_when_missing(qapp, monkeypatch, typed, got) -> None:
    asked = []

    def answer(parent, title, start, filters, **kw):
        asked.append((title, start, filters, kw))
        return typed, filters

    monkeypatch.setattr(file_dialogs, "get_save_file_name", answer)
    assert ask_new_file(None, "Export", "/x/r.xlsx", "Excel (*.xlsx)", ".xlsx") == got
    assert asked == [("Export", "/x/r.xlsx", "Excel (*.xlsx)", {})]


def test_ask_new_file_can_leave_overwriting_to_the_caller(qapp, monkeypatch) -> None:
    kws: list[dict[str, object]] = []

    def get_save_file_name(*a: object, **kw: object) -> tuple[str, str]:
        kws.append(kw)
        return "/x/t", ""

    monkeypatch.setattr(file_dialogs, "get_save_file_name", get_save_file_name)
    assert ask_new_file(None, "Restore", "/x/t.mcr", "*.mcr", ".mcr", confirm_overwrite=False) == "/x/t.mcr"
    assert kws == [{"options": QFileDialog.Option.DontConfirmOverwrite}]


def test_reporting_errors_shows_a_refusal_and_lets_the_unexpected_through(qapp, error_messages) -> None:
    with reporting_errors(None, "Back up now", "Choose a folder.") as done:
        raise TournamentError("disk full")
    assert not done.ok and error_messages == [("Back up now", "disk full")]
    with pytest.raises(ZeroDivisionError), reporting_errors(None, "Back up now"):
        1 / 0  # noqa: B018
    assert len(error_messages) == 1
