"""The browsers the page tests run in: Debian's headless Chromium, and WebKitGTK (the engine under every
iPhone browser) through webkit2gtk-driver on Xvfb. A test module runs in both with
``pytest.mark.parametrize("browser", ENGINES, indirect=True)``; without the parameter, Chromium."""

from __future__ import annotations

from typing import Any

import pytest

ENGINES = ("chromium", "webkit")
BOTH = pytest.mark.parametrize("browser", ENGINES, indirect=True)


def open_for(request: pytest.FixtureRequest) -> Any:
    """The browser a test asked for, or a skip saying why it cannot run here."""
    from tools.browser import missing, open_browser, open_webkit, webkit_missing

    engine = getattr(request, "param", "chromium")
    if engine == "webkit":
        reason = webkit_missing()
        if reason:
            pytest.skip(reason)
        return open_webkit(request.getfixturevalue("webkit_display"))
    reason = missing()
    if reason:
        pytest.skip(reason)
    return open_browser()

