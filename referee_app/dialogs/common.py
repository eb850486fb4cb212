"""Pieces every form dialog uses: the OK / Cancel row, the red line that says what is wrong, and the
question for a new file's name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QLabel, QWidget

from db.storage.files import tournament_output_problem
from referee_app.base import file_dialogs
from referee_app.base.errors import show_error, user_message
from referee_app.words.i18n import tr

PROBLEM_STYLE = "color: #b3261e;"


def ok_cancel(dialog: QDialog, value: Callable[[], object] | None = None) -> QDialogButtonBox:
    """OK / Cancel in the user's language. With ``value``, OK closes the dialog only when ``value()`` is
    not None (it names the problem on the dialog itself when there is one)."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("OK"))
    buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Cancel"))
    def ok() -> None:
        if value is None or value() is not None:
            dialog.accept()

    buttons.accepted.connect(ok)
    buttons.rejected.connect(dialog.reject)
    return buttons


def problem_label(name: str = "", wrap: bool = False) -> QLabel:
    """The red line that says what is wrong (named ``name``; ``wrap``: over several lines when long)."""
    label = QLabel()
    if name:
        label.setObjectName(name)
    label.setWordWrap(wrap)
    label.setStyleSheet(PROBLEM_STYLE)
    return label


def ask_new_file(parent: QWidget | None, title: str, default_path: str | Path, file_filter: str, suffix: str, *,
                 confirm_overwrite: bool = True) -> str | None:
    """A file name from the save dialog, starting at ``default_path``; ``suffix`` (".xlsx", ".mcr") is
    added when the name does not end with it (in any case: "Event.MCR" stays); None when cancelled.
    ``confirm_overwrite=False`` where the caller refuses an existing file itself. A tournament file is refused
    and the dialog asked again (:func:`ask_output_path`)."""
    def ask(start: str) -> str | None:
        if confirm_overwrite:
            path, _ = file_dialogs.get_save_file_name(parent, title, start, file_filter)
        else:
            path, _ = file_dialogs.get_save_file_name(parent, title, start, file_filter,
                                                      options=QFileDialog.Option.DontConfirmOverwrite)
        if not path:
            return None
        return path if path.lower().endswith(suffix.lower()) else path + suffix

    return ask_output_path(parent, title, default_path, ask)


def ask_output_path(parent: QWidget | None, title: str, start: str | Path,
                    ask: Callable[[str], str | None]) -> str | None:
    """The path ``ask(start)`` gives (a save dialog), asked again as long as it names a tournament file, its
    -wal/-shm, or a file with the tournament marker (db.storage.files.tournament_output_problem): a message box says
    which and why, and the dialog opens again at that name. None when cancelled."""
    where = str(start)
    while (path := ask(where)):
        problem = tournament_output_problem(path)
        if problem is None:
            return path
        show_error(parent, title, user_message(problem) or str(problem))
        where = path
    return None
