"""Headless Chromium for our pages: the published site's and the table page's screenshots and browser tests.

Debian's ``chromium`` and ``chromium-driver`` (``MCR_CHROMIUM`` / ``MCR_CHROMEDRIVER`` name others), driven
by Selenium for clicks and taps, or run alone for a screenshot. The flags keep it off the network: the
machines reach only package registries, and background requests would be refused many at a time.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

CHROMIUM = os.environ.get("MCR_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = os.environ.get("MCR_CHROMEDRIVER") or shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run")
PHONE = (390, 844)


def missing(selenium: bool = True) -> str | None:
    """Why a browser cannot be driven here (for a skip or a tool's message), or None."""
    if selenium:
        try:
            import selenium as _selenium  # noqa: F401
        except ImportError:
            return "selenium is not installed (pip install -e '.[test]')"
    if not CHROMIUM:
        return "no chromium on PATH (Debian: apt-get install chromium chromium-driver)"
    if selenium and not DRIVER:
        return "no chromedriver on PATH (Debian: apt-get install chromium-driver)"
    return None


def open_browser(lang: str | None = None, size: tuple[int, int] = PHONE, *extra_flags: str) -> Any:
    """A Selenium-driven headless Chromium with a phone's viewport (``size``; a desktop window cannot be
    made narrower than 500 px, so the size is emulated), in ``lang`` when given."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--window-size={size[0]},{size[1]}", *extra_flags):
        options.add_argument(flag)
    if lang:
        options.add_argument(f"--lang={lang}")
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    from selenium.common.exceptions import SessionNotCreatedException

    try:
        driver = webdriver.Chrome(options=options, service=Service(executable_path=str(DRIVER)))
    except SessionNotCreatedException:  # a start that died on a busy machine ("DevToolsActivePort file
        # doesn't exist"): once more, then the error stands
        driver = webdriver.Chrome(options=options, service=Service(executable_path=str(DRIVER)))
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})
    return driver
