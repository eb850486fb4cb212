"""Error dialogs that say what to do next, and the hook that keeps tracebacks away from users."""

from __future__ import annotations

import sys
import traceback
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from referee_app.i18n import tr

# A test sets this to collect messages instead of showing modal boxes.
SINK: list[tuple[str, str]] | None = None


def show_error(parent: QWidget | None, title: str, message: str, next_step: str = "") -> None:
    """A modal message: what went wrong (``message``, from the layer that refused) and what to do."""
    if SINK is not None:
        SINK.append((title, message))
        return
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(message)
    if next_step:
        box.setInformativeText(f"{tr('What to do next:')} {next_step}")
    box.exec()


def user_message(exc: BaseException) -> str | None:
    """The message a refusal carries for people (HandError / TournamentError, the store's in the
    current language: ``store_errors``), or None if unexpected."""
    from scoring.errors import HandError

    if isinstance(exc, HandError):
        return exc.message
    try:
        from db.errors import TournamentError
    except ImportError:  # pragma: no cover - db is part of the install
        return None
    if isinstance(exc, TournamentError):
        from referee_app.store_errors import store_problem

        return store_problem(exc)
    return None


def _hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    # the traceback goes to stderr for the log; the user sees a dialog
    traceback.print_exception(kind, exc, tb, file=sys.stderr)
    if QApplication.instance() is None:
        return
    msg = user_message(exc)
    if msg is not None:
        show_error(QApplication.activeWindow(), tr("Could not do that"), msg)
        return
    show_error(QApplication.activeWindow(), tr("Something went wrong"),
               f"{kind.__name__}: {exc}",
               tr("The app hit an unexpected problem. Confirmed results are already saved. "
                  "Try the action again; if it repeats, save a copy of the tournament file and report it."))


def install_excepthook() -> None:
    sys.excepthook = _hook
