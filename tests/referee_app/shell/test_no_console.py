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


@pytest.mark.usefixtures("qapp")
def test_help_without_a_console_shows_a_message_box(error_messages: list[tuple[str, str]]) -> None:
    with no_console(), pytest.raises(SystemExit) as ended:
        main(["--help"])
    assert ended.value.code == 0
    [(title, text)] = error_messages
    assert title == "MCR Referee" and text.startswith("usage: mcr-referee") and "--demo" in text


@pytest.mark.usefixtures("qapp")
def test_version_without_a_console_shows_a_message_box(error_messages: list[tuple[str, str]]) -> None:
    with no_console(), pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    [(_title, text)] = error_messages
    assert text.startswith("mcr-referee ")


@pytest.mark.usefixtures("qapp")
def test_usage_error_without_a_console_is_one_message_box(error_messages: list[tuple[str, str]]) -> None:
    with no_console(), pytest.raises(SystemExit) as ended:
        main(["--no-such-option"])
    assert ended.value.code == 2
    [(_title, text)] = error_messages
    assert text.startswith("usage: mcr-referee") and "unrecognized arguments: --no-such-option" in text


def test_help_with_a_console_is_printed(capsys: pytest.CaptureFixture[str],
                                        error_messages: list[tuple[str, str]]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: mcr-referee")
    assert error_messages == []
