"""Checks made before Qt starts, so that a missing system library or display gives one plain line.

Without them, Qt's xcb platform plugin aborts with a core dump and a page about "could not load the Qt
platform plugin" that never names the Debian package to install. This module imports no Qt; on other
systems than Linux, and for other Qt platforms (offscreen, wayland, …), it checks nothing.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

PROG = "mcr-referee"

# What Qt's xcb plugin (libqxcb.so and libQt6XcbQpa.so.6, from `ldd` on PySide6 6.11) loads from the
# system, beyond libc and the C++ runtime: soname -> the Debian/Ubuntu package that ships it.
XCB_LIBRARIES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}

NO_DISPLAY = (
    f"{PROG}: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set): "
    "start it from a desktop session, under Xvfb (xvfb-run mcr-referee), "
    "or with QT_QPA_PLATFORM=offscreen to run without any window"
)


def qt_platform(env: Mapping[str, str]) -> str | None:
    """The Qt platform plugin that will start, as far as it matters here: "xcb", "none" (no display at
    all) or None (another platform, or Qt's choice among several: nothing to check)."""
    chosen = env.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        name = chosen.split(":")[0].split(";")[0].strip()
        if name != "xcb":
            return None
        return "xcb" if env.get("DISPLAY") else "none"
    if env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland":
        return None  # Qt prefers its wayland plugin in a Wayland session
    if env.get("DISPLAY"):
        return "xcb"
    if env.get("WAYLAND_DISPLAY"):
        return None
    return "none"


def xcb_plugin() -> Path | None:
    """PySide6's xcb platform plugin, found without importing Qt (installed wheel or frozen bundle)."""
    spec = importlib.util.find_spec("PySide6")
    for root in (spec.submodule_search_locations or []) if spec else []:
        plugin = Path(root) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def _unloadable(libraries: Mapping[str, str]) -> list[str]:
    missing = []
    for soname in libraries:
        try:
            ctypes.CDLL(soname)
        except OSError:
            missing.append(soname)
    return missing


def _not_found_by_ldd(plugin: Path | None) -> list[str]:
    """The plugin's libraries the dynamic linker cannot find ("libfoo.so.1 => not found" in ldd)."""
    ldd = shutil.which("ldd")
    if plugin is None or ldd is None:
        return []
    try:
        out = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return re.findall(r"^\s*(\S+) => not found", out, flags=re.MULTILINE)


def missing_libraries(libraries: Mapping[str, str] | None = None, plugin: Path | None = None) -> list[str]:
    """Sonames Qt's xcb plugin needs that do not load: the table's, and any others ldd reports."""
    libraries = XCB_LIBRARIES if libraries is None else libraries
    found = _unloadable(libraries) + _not_found_by_ldd(plugin)
    return list(dict.fromkeys(found))  # in order, once each


def missing_message(missing: list[str], libraries: Mapping[str, str] | None = None) -> str:
    """One line naming the packages to install (Debian/Ubuntu names; the sonames elsewhere)."""
    libraries = XCB_LIBRARIES if libraries is None else libraries
    packages = list(dict.fromkeys(libraries[s] for s in missing if s in libraries))
    unknown = [s for s in missing if s not in libraries]
    head = f"{PROG}: missing system libraries for the Qt window"
    if shutil.which("apt-get") is None:
        return f"{head}: install the packages that provide {' '.join(missing)}"
    line = f"{head}: install them with: sudo apt-get install {' '.join(packages)}" if packages else head
    if unknown:
        line += f"{' and' if packages else ':'} the packages that provide {' '.join(unknown)}"
    return line


def check(env: Mapping[str, str] | None = None, libraries: Mapping[str, str] | None = None,
          platform: str | None = None) -> str | None:
    """None when Qt can start a window; else the one line to print before exiting with status 1."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return None
    target = qt_platform(env)
    if target == "none":
        return NO_DISPLAY
    if target != "xcb":
        return None
    missing = missing_libraries(libraries, xcb_plugin())
    return missing_message(missing, libraries) if missing else None
