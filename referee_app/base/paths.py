"""Where the app keeps its settings, recent files and the demo tournament: the user profile, or beside the app.

Portable mode, for referees who carry the app and the tournament on one USB stick:

1. ``MCR_REFEREE_HOME=/some/folder``: everything lives in that folder;
2. else a file named ``portable`` beside the executable (the bundle's ``mcr-referee`` /
   ``mcr-referee.exe``, beside ``MCR Referee.app`` on macOS, or beside the ``mcr-referee`` launcher
   script of a venv): everything lives in ``data/`` beside it. ``portable.txt`` and ``portable.ini`` count
   too, in any case: Explorer hides known extensions, so the "portable" a user makes with New → Text
   Document is ``portable.txt``;
3. else the platform's user directories (``platformdirs``): settings in the user config directory
   (Qt's native store: an INI file on Linux, the registry on Windows, a plist on macOS), the demo in the
   user data directory.

macOS runs a downloaded app that Finder did not move from a random read-only copy ("App Translocation",
``…/AppTranslocation/<id>/d/MCR Referee.app``): nothing beside the real app can be seen from there, so
portable mode is off. ``AppHome.translocated`` says so and the window shows the fix (move the app with
Finder, then start it again).

In portable mode the settings are an INI file (``settings.ini``) in that folder, and recent files
inside the portable folder are remembered relative to it, so they still open when the stick gets
another drive letter or mount point. No Qt here: ``settings.py`` builds the QSettings.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ENV_VAR = "MCR_REFEREE_HOME"
MARKERS = ("portable", "portable.txt", "portable.ini")  # compared without case
TRANSLOCATION = "AppTranslocation"
APP_DIR_NAME = "mcr-referee"
SETTINGS_FILE = "settings.ini"
LOG_FILE = "mcr-referee.log"


# Names Windows keeps for devices, with or without an extension ("CON.mcr" opens the console), in any case.
RESERVED_NAMES = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
                            *(f"{d}{n}" for d in ("COM", "LPT") for n in "0123456789¹²³")})
# A tournament file's suggested name: the backups add about 30 characters to it and live in a folder named
# after it, so 40 keeps even a backup's temporary file well under Windows' 260 (and Linux's 255 bytes a
# name with Chinese letters, 3 bytes each).
STEM_MAX = 40


def is_reserved_name(name: str) -> bool:
    """Whether a file name (with or without extensions) is a Windows device name: such a file cannot be made
    there, and a tournament file travels between systems.

    >>> is_reserved_name("con.mcr"), is_reserved_name("Nul"), is_reserved_name("COM1.backup.mcr"), is_reserved_name("console.mcr")
    (True, True, True, False)
    """
    return name.split(".")[0].rstrip(" ").upper() in RESERVED_NAMES


def file_stem(name: str, limit: int = STEM_MAX) -> str:
    """A file name stem for a tournament name: letters (Chinese too), digits, ``_`` and ``-``, at most
    ``limit`` characters (``STEM_MAX``), never a Windows device name.

    >>> file_stem("Spring Open 2026"), file_stem("第五届 国标麻将公开赛"), file_stem("  ")
    ('Spring-Open-2026', '第五届-国标麻将公开赛', 'tournament')
    >>> file_stem("con"), file_stem("Lpt1"), len(file_stem("x" * 100))
    ('con-tournament', 'Lpt1-tournament', 40)
    """
    slug = re.sub(r"[^\w\-]+", "-", name.strip()).strip("-")[:limit].rstrip("-") or "tournament"
    return f"{slug}-tournament" if is_reserved_name(slug) else slug


@dataclass(frozen=True, slots=True)
class AppHome:
    """The folders the app writes to, and why they were chosen."""

    portable: bool
    config: Path  # settings (portable: settings.ini in it)
    data: Path  # the demo tournament
    base: Path | None = None  # portable: the folder relative recent files are relative to
    reason: str = ""
    translocated: bool = False  # macOS runs the app from a temporary copy: portable mode cannot work

    @property
    def settings_file(self) -> Path | None:
        """The INI file of a portable home; None when Qt's native per-user store is used."""
        return self.config / SETTINGS_FILE if self.portable else None

    @property
    def log_file(self) -> Path:
        """The app's log (``referee_app/base/logfile.py``): beside the demo, so in the portable folder when portable."""
        return self.data / LOG_FILE


def launcher_dir() -> Path:
    """The folder of what the user started: the frozen executable (beside the .app on macOS), else the
    launcher script (``mcr-referee`` in a venv's bin/ or Scripts/)."""
    if getattr(sys, "frozen", False):
        exe = Path(sys.executable).resolve()
        for parent in exe.parents:  # MCR Referee.app/Contents/MacOS/mcr-referee -> beside the .app
            if parent.suffix == ".app":
                return parent.parent
        return exe.parent
    script = sys.argv[0] if sys.argv and sys.argv[0] not in ("", "-c", "-m") else ""
    return Path(script).resolve().parent if script else Path.cwd()


def app_home(env: Mapping[str, str] | None = None, launcher: Path | None = None) -> AppHome:
    """Decide where the app's own files go (see the module docstring for the order)."""
    env = os.environ if env is None else env
    home = env.get(ENV_VAR, "").strip()
    if home:
        d = Path(home).expanduser().resolve()
        return AppHome(True, d, d, d, f"{ENV_VAR} is set")
    launcher = launcher_dir() if launcher is None else launcher
    if (marker := portable_marker(launcher)) is not None:
        d = launcher / "data"
        return AppHome(True, d, d, launcher, f"{marker} exists")
    from platformdirs import user_config_dir, user_data_dir

    return AppHome(False, Path(user_config_dir(APP_DIR_NAME, appauthor=False)),
                   Path(user_data_dir(APP_DIR_NAME, appauthor=False)), None, "user profile",
                   translocated=TRANSLOCATION in launcher.parts)


def portable_marker(folder: Path) -> Path | None:
    """The file in ``folder`` that turns portable mode on (``portable``, ``portable.txt``, ``portable.ini``,
    in any case), or None."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return None
    return next((p for p in sorted(entries) if p.name.lower() in MARKERS and p.is_file()), None)


def remembered(path: str, home: AppHome) -> str:
    """How a recent file is stored: relative to the portable folder when it lies inside it."""
    if "://" in path:  # a database URL
        return path
    p = Path(path).resolve()
    if home.base is not None:
        try:
            return p.relative_to(home.base.resolve()).as_posix()
        except ValueError:
            pass
    return str(p)


def recalled(stored: str, home: AppHome) -> str:
    """The path to open for a stored recent file (the inverse of ``remembered``)."""
    if "://" in stored or home.base is None or Path(stored).is_absolute():
        return stored
    return str(home.base / Path(stored))
