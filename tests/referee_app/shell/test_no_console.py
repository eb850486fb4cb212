"""The windowed Windows exe has no console: sys.stdout and sys.stderr are None.

Simulated here by setting both to None: what argparse would print (--help, --version, a usage error)
is shown in a message box (collected by ``errors.SINK`` in tests) instead of vanishing.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

import pytest

from referee_app.shell.main import main


@contextlib.contextmanager
def no_console() -> Iterator[None]:
    # in the test's body: pytest's capturing sets sys.stdout again when the test's call begins
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = None
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _ends_with_one_message_box(argv: list[str], code: int, error_messages: list[tuple[str, str]]) -> tuple[str, str]:
    """``main(argv)`` without a console: it exits with ``code`` and says itself in one message box, its
    (title, text)."""
    with no_console(), pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == code
    [said] = error_messages
    return said


@pytest.mark.usefixtures("qapp")
def test_help_without_a_console_shows_a_message_box(error_messages: list[tuple[str, str]]) -> None:
    title, text = _ends_with_one_message_box(["--help"], 0, error_messages)
    assert title == "MCR Referee" and text.startswith("usage: mcr-referee") and "--demo" in text


@pytest.mark.usefixtures("qapp")
def test_version_without_a_console_shows_a_message_box(error_messages: list[tuple[str, str]]) -> None:
    _title, text = _ends_with_one_message_box(["--version"], 0, error_messages)
    assert text.startswith("mcr-referee ")


@pytest.mark.usefixtures("qapp")
def test_usage_error_without_a_console_is_one_message_box(error_messages: list[tuple[str, str]]) -> None:
    _title, text = _ends_with_one_message_box(["--no-such-option"], 2, error_messages)
    assert text.startswith("usage: mcr-referee") and "unrecognized arguments: --no-such-option" in text


def test_help_with_a_console_is_printed(capsys: pytest.CaptureFixture[str],
                                        error_messages: list[tuple[str, str]]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: mcr-referee")
    assert error_messages == []
