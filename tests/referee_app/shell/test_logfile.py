"""The app's log file: in its home (the portable folder when portable), fed by the
root logger, named by the "Something went wrong" dialog, and working with no stdout/stderr at all."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

import pytest

from referee_app.base import errors, logfile, paths, settings


@pytest.fixture
def log_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "stick"))  # portable: everything in that folder
    settings.forget_home()
    path = logfile.install(settings.app_home().log_file)
    yield path
    logfile.uninstall()
    errors.reset_hooks()


def test_the_log_is_in_the_portable_folder_and_gets_the_root_loggers_records(log_file: Path,
                                                                              tmp_path: Path) -> None:
    assert log_file == tmp_path / "stick" / "mcr-referee.log"
    # the server's records (web/ logs through `logging`; uvicorn's own loggers are the server's business)
    logging.getLogger("web.api.server").info("Uvicorn running on http://0.0.0.0:8765")
    logging.getLogger("web.api.server").warning("a phone sent nonsense")
    text = log_file.read_text(encoding="utf-8")
    assert "started:" in text and "Uvicorn running on" in text and "a phone sent nonsense" in text


@pytest.mark.usefixtures("qapp")
def test_an_unexpected_error_without_a_console_is_logged_and_the_dialog_names_the_file(log_file: Path) -> None:
    errors.install_excepthook()
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = None  # the windowed Windows exe
    try:
        try:
            raise ZeroDivisionError("division by zero")
        except ZeroDivisionError:
            sys.excepthook(*sys.exc_info())
    finally:
        sys.stdout, sys.stderr = saved
    assert errors.SINK is not None
    shown = errors.SINK[-1]
    assert shown == ("Something went wrong", "ZeroDivisionError: division by zero")
    assert str(log_file) in shown.next_step  # type: ignore[attr-defined]
    text = log_file.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and "ZeroDivisionError: division by zero" in text


def test_an_error_that_ends_a_thread_is_logged(log_file: Path) -> None:
    import threading

    errors.install_excepthook()

    def boom() -> None:
        raise RuntimeError("server thread died")

    saved = sys.stderr
    sys.stderr = None
    try:
        t = threading.Thread(target=boom, name="table-devices")
        t.start()
        t.join()
    finally:
        sys.stderr = saved
    text = log_file.read_text(encoding="utf-8")
    assert "unexpected error in thread table-devices" in text and "RuntimeError: server thread died" in text


def test_rotation_that_windows_refuses_keeps_logging(log_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # another instance holds the log: on Windows the rename raises WinError 32 (PermissionError, errno 13)
    def held(_src: str, _dst: str) -> None:
        raise PermissionError(13, "The process cannot access the file because it is being used by another "
                                  "process", None, 32)

    monkeypatch.setattr(os, "rename", held)
    monkeypatch.setattr(logfile, "MAX_BYTES", 200)
    [handler] = [h for h in logging.getLogger().handlers if isinstance(h, logfile._Handler)]
    handler.maxBytes = 200
    for i in range(20):
        logging.getLogger("referee_app").warning("line %d %s", i, "x" * 40)
    text = log_file.read_text(encoding="utf-8")
    assert all(f"line {i} " in text for i in range(20))  # nothing lost, nothing raised


def test_an_unwritable_home_means_no_log_not_a_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert logfile.install(blocker / "mcr-referee.log") is None
    assert logfile.log_path() is None
