"""Shared test setup. Qt must be told to draw offscreen before anything imports it."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The command lines speak the environment's language (texts.env_language): the tests read English unless
# they ask for another language themselves.
os.environ["LANGUAGE"] = "en"


import pytest  # noqa: E402 - after the environment line above


@pytest.fixture(scope="session")
def webkit_display():  # type: ignore[no-untyped-def]
    """One Xvfb display (and throwaway profile) for the session's WebKitGTK tests, started on first use."""
    from tests.browsers import WebKitDisplay

    display = WebKitDisplay()
    try:
        yield display
    finally:
        display.stop()
