"""``mcr-referee``: the desktop app. ``mcr-referee FILE`` opens a tournament, ``--demo`` the demo one.

Before Qt is imported, ``preflight.check()`` makes sure a window can open (Linux: a display, and the
system libraries of Qt's xcb plugin); otherwise one line says what to install or set, and the exit
status is 1 instead of Qt's abort.

The Windows ``mcr-referee.exe`` is a windowed program: it has no console, and ``sys.stdout`` and
``sys.stderr`` are None. Nothing here needs them: ``--help``, ``--version`` and a usage error are shown
in a message box when there is no stream to print them to (``_Parser``), and what the app has to say
later goes to its log file (``referee_app/base/logfile.py``).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import texts
from web.cli import app_version

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


def _utf8_out() -> None:
    """UTF-8 on stdout and stderr whatever the console or pipe (Windows gives a pipe its ANSI code page);
    a windowed program has neither stream (None), which is left alone."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", errors=stream.errors)


def _show_text(text: str) -> None:
    """What argparse would print, in a message box: the windowed exe has nowhere to print it."""
    from PySide6.QtWidgets import QApplication

    from referee_app.base.errors import show_text

    _app = QApplication.instance() or QApplication(sys.argv[:1])
    show_text(None, "MCR Referee", text)


class _Parser(argparse.ArgumentParser):
    """argparse whose help, version and usage errors reach the user also without a console."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse passes sys.stdout / sys.stderr, which are None in the windowed exe
        if not message:
            return
        if file is None:
            _show_text(message)
        else:
            file.write(message)
            if (flush := getattr(file, "flush", None)) is not None:  # (argparse promises only write)
                flush()

    def error(self, message: str) -> NoReturn:
        # one message (usage and error together), so the windowed exe shows one box
        self._print_message(f"{self.format_usage()}{self.prog}: error: {message}\n", sys.stderr)
        self.exit(2)


def build_parser() -> argparse.ArgumentParser:
    # before the window (and its remembered language) exists, the help speaks the environment's language,
    # as the other two commands do (texts.env_language, msgctxt "mcr-referee")
    lang = texts.env_language()
    p = _Parser(
        prog="mcr-referee", description=texts.gettext(lang, "MCR Referee, the desktop app.", "mcr-referee"),
        epilog=texts.gettext(
            lang, "Portable mode: with a file named 'portable' (or portable.txt) beside the program, settings, "
            "recent files and the demo are kept in the folder 'data' beside it; with MCR_REFEREE_HOME=FOLDER set, "
            "in that folder. Otherwise in the user profile.", "mcr-referee"))
    p.add_argument("file", nargs="?", help=texts.gettext(
        lang, "tournament file (.mcr) or database URL to open", "mcr-referee"))
    p.add_argument("--demo", action="store_true",
                   help=texts.gettext(lang, "open a ready demo tournament", "mcr-referee"))
    p.add_argument("--lang", choices=("en", "zh"),
                   help=texts.gettext(lang, "user interface language (remembered)", "mcr-referee"))
    p.add_argument("--version", action="version", version=f"%(prog)s {app_version()}")
    p.add_argument("--smoke-test", metavar="RESULT", type=Path,
                   help=texts.gettext(
                       lang, "check the app works (with --demo: the demo tournament and a score sheet open), write "
                       "'ok' or 'failed: why' to the file RESULT and exit 0 or 1 (the release workflow)", "mcr-referee"))
    return p


def create_window(file: str | None = None, demo: bool = False, lang: str | None = None,  # type: ignore[no-untyped-def]
                  deferred: bool = False):
    """Build the main window (a QApplication must exist) and open what was asked for.

    ``deferred``: open the file once the event loop runs, so the window shows first (the app's start).
    """
    from referee_app.base import settings
    from referee_app.shell.window import MainWindow
    from referee_app.words.i18n import LANG

    if lang:
        settings.set_language(lang)
    LANG.set(settings.language())
    w = MainWindow()
    if demo or file:
        def load() -> None:
            if demo:
                w.open_demo()
            elif file:
                w.open_file(file)

        if deferred:
            from PySide6.QtCore import QTimer

            QTimer.singleShot(0, load)
        else:
            load()
    return w


def prepare_application(app) -> None:  # type: ignore[no-untyped-def]
    """Names, the app icon, and the shipped CJK font when the system has none (Chinese UI)."""
    from referee_app.shell.appearance import app_icon, ensure_cjk_font, set_windows_app_id

    set_windows_app_id()
    app.setApplicationName("MCR Referee")
    app.setOrganizationName("mcr-referee")
    app.setWindowIcon(app_icon())
    ensure_cjk_font(app)


def main(argv: list[str] | None = None) -> int:
    _utf8_out()
    args = build_parser().parse_args(argv)
    from referee_app.shell import preflight

    problem = preflight.check()
    if problem:
        if sys.stderr is not None:
            print(problem, file=sys.stderr)
        return 1
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from referee_app.base import logfile, settings
    from referee_app.base.errors import install_excepthook

    logfile.install(settings.app_home().log_file)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    prepare_application(app)
    install_excepthook()
    if args.smoke_test is not None:
        from referee_app.shell import smoke

        return smoke.run(app, create_window(lang=args.lang), args.smoke_test, args.file, args.demo)
    w = create_window(args.file, args.demo, args.lang, deferred=True)
    w.show()
    QTimer.singleShot(0, w.warn_if_translocated)
    status = app.exec()
    w.shut_down()
    return status


if __name__ == "__main__":
    sys.exit(main())
