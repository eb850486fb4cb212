"""Error dialogs that say what to do next, the hook that keeps tracebacks away from users, and the
SIGTERM handler that ends the app as its close button does."""

from __future__ import annotations

import contextlib
import html
import logging
import signal
import socket
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import FrameType, TracebackType

from PySide6.QtCore import QSocketNotifier, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from referee_app.base.logfile import log_path
from referee_app.words.i18n import tr
from referee_app.words.store_errors import store_problem


class Shown(tuple[str, str]):
    """A message collected in ``SINK``: compares as ``(title, message)``; what to do next beside it."""

    next_step: str = ""


# A test sets this to collect messages instead of showing modal boxes.
SINK: list[tuple[str, str]] | None = None


def show_error(parent: QWidget | None, title: str, message: str, next_step: str = "") -> None:
    """A modal message: what went wrong (``message``, from the layer that refused) and what to do."""
    if SINK is not None:
        shown = Shown((title, message))
        shown.next_step = next_step
        SINK.append(shown)
        return
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(message)
    if next_step:
        box.setInformativeText(f"{tr('What to do next:')} {next_step}")
    box.exec()


def show_text(parent: QWidget | None, title: str, text: str) -> None:
    """A modal box with preformatted text in a fixed-width font (the windowed exe's ``--help``)."""
    if SINK is not None:
        SINK.append((title, text))
        return
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(f"<pre>{html.escape(text.rstrip())}</pre>")
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.exec()


@dataclass
class Outcome:
    ok: bool = True  # False once a refusal was shown


@contextlib.contextmanager
def reporting_errors(parent: QWidget | None, title: str, next_step: str = "") -> Iterator[Outcome]:
    """Run the block; a refusal (one with a :func:`user_message`) becomes :func:`show_error` and sets the
    yielded ``ok`` False, anything unexpected propagates.

    >>> with reporting_errors(None, "Export") as done: pass
    >>> done.ok
    True
    """
    outcome = Outcome()
    try:
        yield outcome
    except Exception as exc:  # noqa: BLE001 - refusals become dialogs; the unexpected re-raise
        if (msg := user_message(exc)) is None:
            raise
        outcome.ok = False
        show_error(parent, title, msg, next_step)


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
        return store_problem(exc)
    return None


def _hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    # the traceback goes to the log file (and to stderr when there is one: not in the windowed exe);
    # the user sees a dialog
    logging.getLogger("referee_app").error("unexpected error", exc_info=(kind, exc, tb))
    if sys.stderr is not None:
        traceback.print_exception(kind, exc, tb, file=sys.stderr)
    if QApplication.instance() is None:
        return
    msg = user_message(exc)
    if msg is not None:
        show_error(QApplication.activeWindow(), tr("Could not do that"), msg)
        return
    next_step = tr("The app hit an unexpected problem. Confirmed results are already saved. "
                   "Try the action again; if it repeats, save a copy of the tournament file and report it.")
    if (log := log_path()) is not None:
        next_step += " " + tr("The details are in the log file {path} (attach it to the report).", path=log)
    show_error(QApplication.activeWindow(), tr("Something went wrong"), f"{kind.__name__}: {exc}", next_step)


_THREAD_HOOK: list[Callable[[threading.ExceptHookArgs], object]] = []  # the one before install_excepthook


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    """An exception that ends a thread (the table devices' server runs in one): into the log file."""
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "?"
    # the exception itself carries its type and traceback (logging reads them from it)
    logging.getLogger("referee_app").error("unexpected error in thread %s", name, exc_info=args.exc_value)
    if sys.stderr is not None:
        threading.__excepthook__(args)


def install_excepthook() -> None:
    """The app's process-wide hooks: unexpected errors become dialogs (and log lines), SIGTERM closes
    the windows."""
    sys.excepthook = _hook
    if threading.excepthook is not _thread_hook:
        _THREAD_HOOK[:] = [threading.excepthook]
        threading.excepthook = _thread_hook
    quit_on_sigterm()


_WAKE: list[object] = []  # the socket pair and its notifier while the SIGTERM handler is installed


def _close_all() -> None:
    QApplication.closeAllWindows()  # closeEvent as for the close button: geometry saved, tournament closed
    QApplication.quit()  # exit status 0, also out of a modal dialog's loop


def _on_sigterm(_signum: int, _frame: FrameType | None) -> None:
    QTimer.singleShot(0, _close_all)  # from the event loop, not from inside whatever Python code was running


def quit_on_sigterm() -> None:
    """SIGTERM (``kill``, a logout, a service manager) closes the windows normally and ends ``app.exec()``
    with status 0, instead of killing the process mid-write.

    Qt's event loop runs no Python code while idle, so Python's handler would wait for the next click: the
    C-level handler writes to a socket (``signal.set_wakeup_fd``) that a QSocketNotifier watches, which
    lets the interpreter run ``_on_sigterm`` at once. Nothing happens outside the main thread or without
    a QApplication.
    """
    app = QApplication.instance()
    if app is None or _WAKE:
        return
    r, w = socket.socketpair()
    r.setblocking(False)
    w.setblocking(False)
    try:
        signal.set_wakeup_fd(w.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread
        r.close()
        w.close()
        return
    notifier = QSocketNotifier(r.fileno(), QSocketNotifier.Type.Read, app)

    def drain() -> None:
        try:
            while r.recv(64):
                pass
        except OSError:  # empty (BlockingIOError) or closed
            pass

    notifier.activated.connect(drain)
    signal.signal(signal.SIGTERM, _on_sigterm)
    _WAKE[:] = [r, w, notifier]


def reset_hooks() -> None:
    """Undo ``install_excepthook`` (for tests): default excepthook and SIGTERM, no wake-up socket."""
    sys.excepthook = sys.__excepthook__
    if _THREAD_HOOK:
        threading.excepthook = _THREAD_HOOK.pop()
    if _WAKE:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.set_wakeup_fd(-1)
        r, w, notifier = _WAKE
        notifier.setEnabled(False)  # type: ignore[attr-defined]
        r.close()  # type: ignore[attr-defined]
        w.close()  # type: ignore[attr-defined]
        _WAKE.clear()
