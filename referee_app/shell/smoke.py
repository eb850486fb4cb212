"""``mcr-referee --demo --smoke-test FILE``: the release workflow's proof that the app works from the
bundle on each system, not only that its process stays alive.

It builds the main window and shows it, opens the demo tournament (or the FILE given to open) and, for the
demo, session 1 table 1's score sheet with its recorded hands; then writes ``ok`` to FILE, closes the
window as its close button does (the closing backup, the geometry saved) and exits 0. Anything else —
an error dialog, an exception, nothing opened, no hands on the sheet, 120 s gone by — writes
``failed: <why>`` to FILE and exits 1. Error dialogs are collected instead of shown, so no modal box waits
for a click that never comes.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer

from referee_app.base import errors

TIMEOUT_MS = 120_000
log = logging.getLogger("referee_app.shell.smoke")


def _check(w: Any, file: str | None, demo: bool) -> str:
    """What is wrong with the window after opening what was asked for; "" when all is well."""
    if not w.isVisible():
        return "the main window is not visible"
    if demo and not w.open_demo():
        return "the demo tournament did not open"
    if file and not demo and not w.open_file(file):
        return f"{file} did not open"
    if (demo or file) and (w.ctx is None or not w.tournament_name):
        return "no tournament is open"
    if demo:
        w.show_sheet(1, 1)
        sheet = w.pages["Score sheet"]
        if w.stack.currentWidget() is not sheet or sheet.vm.sheet is None:
            return "the score sheet of session 1 table 1 is not shown"
        if sheet.model.rowCount() < 1:
            return "the demo's score sheet shows no hands"
    return ""


def run(app: QCoreApplication, w: Any, out: Path, file: str | None, demo: bool) -> int:
    """Show ``w``, check it from the event loop, write the outcome to ``out``; the exit status."""
    errors.SINK = []
    outcome: list[str] = []

    def finish(problem: str) -> None:
        if outcome:
            return
        shown = "; ".join(f"{title}: {message}" for title, message in errors.SINK or [])
        if not problem and shown:
            problem = f"an error was shown: {shown}"
        outcome.append(problem)
        out.write_text("ok\n" if not problem else f"failed: {problem}\n", encoding="utf-8")
        (log.info if not problem else log.error)("smoke test: %s", problem or "ok")
        app.exit(1 if problem else 0)

    def step() -> None:
        try:
            finish(_check(w, file, demo))
        except Exception as exc:  # noqa: BLE001 - any failure is the test's answer, not a crash
            log.exception("smoke test")
            finish(f"{type(exc).__name__}: {exc}")

    w.show()
    QTimer.singleShot(0, step)
    watchdog = QTimer(app)
    watchdog.setSingleShot(True)
    watchdog.timeout.connect(lambda: finish(f"not done within {TIMEOUT_MS // 1000} s"))
    watchdog.start(TIMEOUT_MS)
    status = app.exec()
    watchdog.stop()
    # Closed as the close button does (the closing backup, the geometry saved), once the loop has ended:
    # closed from inside it, the last window's quit would be left to end the next event loop at once.
    w.close()
    return status
