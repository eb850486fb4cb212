"""Pieces every form dialog uses: the OK / Cancel row and the red line that says what is wrong."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel

from referee_app.i18n import tr

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


def problem_label() -> QLabel:
    label = QLabel()
    label.setStyleSheet(PROBLEM_STYLE)
    return label
