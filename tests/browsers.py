"""The browsers the page tests run in: Debian's headless Chromium, and WebKitGTK (the engine under every
iPhone browser) through webkit2gtk-driver on Xvfb. A test module runs in both with
``pytest.mark.parametrize("browser", ENGINES, indirect=True)``; without the parameter, Chromium."""

from __future__ import annotations

import os
import shutil
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from tools.browser import PHONE

ENGINES = ("chromium", "webkit")
BOTH = pytest.mark.parametrize("browser", ENGINES, indirect=True)


def open_for(request: pytest.FixtureRequest) -> Any:
    """The browser a test asked for, or a skip saying why it cannot run here."""
    from tools.browser import missing, open_browser

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


def driver_for(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A ``browser`` fixture's body: the browser ``open_for`` gives, quit after the test."""
    driver = open_for(request)
    try:
        yield driver
    finally:
        driver.quit()


def serving(database: Any) -> Iterator[Any]:
    """A ``server`` fixture's body: the real server (``web.api.server``) over ``database``, stopped after the test."""
    from web.api.server import BackgroundServer

    srv = BackgroundServer(database).start()
    try:
        yield srv
    finally:
        srv.stop()


# WebKit: Debian's webkit2gtk-driver (WebKitWebDriver driving WebKitGTK's MiniBrowser), the engine under every
# iPhone browser. WebKitGTK has no headless mode, so it draws on an Xvfb display the tests start and stop.
WEBKIT_DRIVER = os.environ.get("MCR_WEBKITDRIVER") or shutil.which("WebKitWebDriver")
XVFB = shutil.which("Xvfb")


def _minibrowser() -> str | None:
    for folder in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"):
        for api in ("4.1", "4.0", "6.0"):
            candidate = f"{folder}/webkit2gtk-{api}/MiniBrowser"
            if os.access(candidate, os.X_OK):
                return candidate
    return None


MINIBROWSER = os.environ.get("MCR_MINIBROWSER") or _minibrowser()


def webkit_missing() -> str | None:
    """Why WebKitGTK cannot be driven here (for a skip), or None."""
    try:
        from selenium.webdriver import WebKitGTK as _webkit  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not (WEBKIT_DRIVER and os.access(WEBKIT_DRIVER, os.X_OK)) or not MINIBROWSER:
        return "no WebKitWebDriver/MiniBrowser (Debian: apt-get install webkit2gtk-driver)"
    if not XVFB:
        return "no Xvfb for WebKitGTK to draw on (Debian: apt-get install xvfb)"
    return None


# WebKitGTK's MiniBrowser puts a toolbar over the page whose widgets hold the window at least 447 px wide;
# a GTK style sheet that shrinks the toolbar's widgets (the page's own text and controls are WebKit's, not
# GTK's) lets the window come down to a phone's 390 px.
_GTK_CSS = "* { font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0; }\n"


class WebKitDisplay:
    """A private X display for WebKitGTK, on a number the server picks itself (``-displayfd``, so parallel
    runs never collide), and a throwaway profile (config, cache, data) for the browsers drawn on it;
    ``stop`` ends the server and removes the profile."""

    def __init__(self) -> None:
        import subprocess
        import tempfile

        self._profile = tempfile.TemporaryDirectory(prefix="mcr-webkit-")
        gtk = os.path.join(self._profile.name, "config", "gtk-3.0")
        os.makedirs(gtk)
        with open(os.path.join(gtk, "gtk.css"), "w", encoding="utf-8") as css:
            css.write(_GTK_CSS)
        read, write = os.pipe()
        try:
            self._process = subprocess.Popen(
                [str(XVFB), "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                pass_fds=(write,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL)
        finally:
            os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.stop()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def env(self) -> dict[str, str]:
        """The environment of a WebKitWebDriver drawing here."""
        env = {**os.environ, "DISPLAY": self.display, "GDK_BACKEND": "x11"}
        env.pop("WAYLAND_DISPLAY", None)
        for name in ("config", "cache", "data"):
            env[f"XDG_{name.upper()}_HOME"] = os.path.join(self._profile.name, name)
        return env

    def stop(self) -> None:
        import subprocess

        self._process.terminate()
        try:
            self._process.wait(5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(5)
        import shutil
        import time

        # a web process of the last browser may still be writing its shader cache for a moment after quit
        # (seen when a session's last WebKit test is a short one): try again, then leave what it wrote
        for _ in range(10):
            try:
                self._profile.cleanup()
                return
            except OSError:
                time.sleep(0.2)
        shutil.rmtree(self._profile.name, ignore_errors=True)


def open_webkit(display: WebKitDisplay, size: tuple[int, int] = PHONE) -> Any:
    """A Selenium-driven WebKitGTK on ``display`` with a viewport of ``size`` (the window made that
    wide, and taller by the toolbar). Offline: every address but this machine's goes to a proxy on a
    closed port, and DNS prefetching is off."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.binary_location = str(MINIBROWSER)
    # one --ignore-host per name: MiniBrowser takes a comma list as one (unmatched) host
    for arg in ("--automation", "--proxy=http://127.0.0.1:9", "--ignore-host=127.0.0.1",
                "--ignore-host=localhost", "--ignore-host=::1", "--enable-dns-prefetching=false"):
        options.add_argument(arg)
    service = Service(executable_path=str(WEBKIT_DRIVER), env=display.env())
    with warnings.catch_warnings():  # Selenium's own WebKitGTK class still sets a deprecated address
        warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
        driver = webdriver.WebKitGTK(options=options, service=service)
    try:
        driver.set_page_load_timeout(30)
        driver.set_window_size(*size)
        driver.get("about:blank")
        toolbar = size[1] - driver.execute_script("return window.innerHeight")
        if toolbar > 0:
            driver.set_window_size(size[0], size[1] + toolbar)
    except BaseException:
        driver.quit()
        raise
    return driver
