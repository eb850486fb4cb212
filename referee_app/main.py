"""``mcr-referee``: the desktop app. ``mcr-referee FILE`` opens a tournament, ``--demo`` the demo one.

Before Qt is imported, ``preflight.check()`` makes sure a window can open (Linux: a display, and the
system libraries of Qt's xcb plugin); otherwise one line says what to install or set, and the exit
status is 1 instead of Qt's abort.
"""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="mcr-referee", description="MCR Referee desktop app.",
        epilog="Portable mode: with a file named 'portable' beside the program, settings, recent files "
               "and the demo are kept in the folder 'data' beside it; with MCR_REFEREE_HOME=FOLDER set, "
               "in that folder. Otherwise in the user profile.")
    p.add_argument("file", nargs="?", help="tournament file (.mcr) or database URL to open")
    p.add_argument("--demo", action="store_true", help="open a ready demo tournament")
    p.add_argument("--lang", choices=("en", "zh"), help="user interface language (remembered)")
    return p


def create_window(file: str | None = None, demo: bool = False, lang: str | None = None,  # type: ignore[no-untyped-def]
                  deferred: bool = False):
    """Build the main window (a QApplication must exist) and open what was asked for.

    ``deferred``: open the file once the event loop runs, so the window shows first (the app's start).
    """
    from referee_app import settings
    from referee_app.i18n import LANG
    from referee_app.window import MainWindow

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
    from referee_app.appearance import app_icon, ensure_cjk_font, set_windows_app_id

    set_windows_app_id()
    app.setApplicationName("MCR Referee")
    app.setOrganizationName("mcr-referee")
    app.setWindowIcon(app_icon())
    ensure_cjk_font(app)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from referee_app import preflight

    problem = preflight.check()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from PySide6.QtWidgets import QApplication

    from referee_app.errors import install_excepthook

    app = QApplication.instance() or QApplication(sys.argv[:1])
    prepare_application(app)
    install_excepthook()
    w = create_window(args.file, args.demo, args.lang, deferred=True)
    w.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
