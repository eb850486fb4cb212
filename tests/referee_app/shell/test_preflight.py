"""Before Qt starts: a missing display or xcb library gives one line and exit status 1, not Qt's abort."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee_app.shell import preflight

ROOT = Path(__file__).resolve().parents[3]
LINUX = sys.platform.startswith("linux")


@pytest.mark.parametrize(("env", "expected"), [
    ({"DISPLAY": ":0"}, "xcb"),
    ({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"}, "xcb"),
    ({"QT_QPA_PLATFORM": "xcb"}, "none"),
    ({}, "none"),
    ({"QT_QPA_PLATFORM": "offscreen"}, None),
    ({"QT_QPA_PLATFORM": "wayland", "DISPLAY": ":0"}, None),
    ({"WAYLAND_DISPLAY": "wayland-0"}, None),
    ({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland", "DISPLAY": ":0"}, None),
    ({"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, "xcb"),
])
def test_which_platform_qt_will_start(env, expected):
    assert preflight.qt_platform(env) == expected


def test_nothing_is_checked_off_linux_or_offscreen():
    assert preflight.check(env={}, platform="win32") is None
    assert preflight.check(env={}, platform="darwin") is None
    assert preflight.check(env={"QT_QPA_PLATFORM": "offscreen"}, platform="linux") is None


def test_no_display_says_so_and_names_offscreen_and_xvfb():
    line = preflight.check(env={}, platform="linux")
    assert line == preflight.NO_DISPLAY
    assert "QT_QPA_PLATFORM=offscreen" in line and "Xvfb" in line and "\n" not in line


def test_the_message_names_the_packages_once(monkeypatch):
    monkeypatch.setattr(preflight.shutil, "which", lambda name: f"/usr/bin/{name}")
    line = preflight.missing_message(["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libfoo.so.9"])
    assert line == ("mcr-referee: missing system libraries for the Qt window: install them with: "
                    "sudo apt-get install libxcb-icccm4 libxcb-keysyms1 and the packages that provide libfoo.so.9")


@pytest.mark.skipif(not LINUX, reason="the xcb check runs on Linux only")
def test_a_library_that_does_not_load_is_reported():
    table = {"libc.so.6": "libc6", "libmcr-no-such-lib.so.7": "libmcr-no-such-lib7"}
    assert preflight.missing_libraries(table, plugin=None) == ["libmcr-no-such-lib.so.7"]


@pytest.mark.skipif(not LINUX, reason="the xcb check runs on Linux only")
def test_the_table_covers_the_x_libraries_of_the_installed_xcb_plugin():
    """The table covers what ldd says the plugin needs (so a missing one is named by its package)."""
    plugin = preflight.xcb_plugin()
    if plugin is None or shutil.which("ldd") is None:
        pytest.skip("no xcb plugin or no ldd here")
    out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, check=False).stdout
    needed = {line.split()[0] for line in out.splitlines() if "=>" in line}
    system = {n for n in needed if not n.startswith(("libQt6", "libicu", "libpyside", "libshiboken"))}
    basics = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libpthread.so.0", "libdl.so.2"}
    direct = set(preflight.XCB_LIBRARIES)
    # The plugin's own direct needs are in the table; what they pull in comes with their packages.
    assert {n for n in system - basics if n.startswith(("libxcb", "libX11", "libxkbcommon"))} <= direct


_RUN_MAIN = """
import sys
from referee_app.shell import main, preflight
preflight.XCB_LIBRARIES = {**preflight.XCB_LIBRARIES, "libmcr-no-such-lib.so.7": "libmcr-no-such-lib7"}
sys.exit(main.main([]))
"""


def _run(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    import os

    base = {k: v for k, v in os.environ.items()
            if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE")}
    return subprocess.run([sys.executable, "-c", _RUN_MAIN], cwd=ROOT, env={**base, **env},
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.skipif(not LINUX, reason="the xcb check runs on Linux only")
def test_mcr_referee_exits_1_with_one_line_for_a_missing_library():
    r = _run({"DISPLAY": ":97"})  # never reached: the check comes first
    assert r.returncode == 1
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("mcr-referee: missing system libraries for the Qt window")
    assert "libmcr-no-such-lib" in lines[0]  # its package (apt), or its soname elsewhere
    assert "Aborted" not in r.stderr and "qt.qpa" not in r.stderr


@pytest.mark.skipif(not LINUX, reason="the xcb check runs on Linux only")
def test_mcr_referee_without_a_display_exits_1_with_one_line():
    r = _run({})
    assert r.returncode == 1
    assert r.stderr.splitlines() == [preflight.NO_DISPLAY]
