"""What the app remembers between runs (QSettings): language, recent files, window geometry.

Where: ``paths.app_home()`` — Qt's native per-user store, or ``settings.ini`` in the portable folder.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from referee_app import paths

ORG = "mcr-referee"
APP = "MCR Referee"
MAX_RECENT = 8


def settings() -> QSettings:
    ini = paths.app_home().settings_file
    if ini is None:
        return QSettings(ORG, APP)
    ini.parent.mkdir(parents=True, exist_ok=True)
    return QSettings(str(ini), QSettings.Format.IniFormat)


def language() -> str:
    v = settings().value("language", "en")
    return v if v in ("en", "zh") else "en"


def set_language(code: str) -> None:
    settings().setValue("language", code)


def window_geometry() -> QByteArray | None:
    v = settings().value("window_geometry")
    return v if isinstance(v, QByteArray) and not v.isEmpty() else None


def set_window_geometry(geometry: QByteArray) -> None:
    settings().setValue("window_geometry", geometry)


def _stored_recent() -> list[str]:
    v = settings().value("recent_files", [])
    if isinstance(v, str):  # QSettings gives a lone string for a one-item list in INI files
        return [v]
    return [str(p) for p in v] if isinstance(v, list | tuple) else []


def recent_files() -> list[str]:
    """Newest first, as paths to open (portable: the ones inside the portable folder are kept relative)."""
    home = paths.app_home()
    return [paths.recalled(f, home) for f in _stored_recent()]


def add_recent_file(path: str) -> None:
    home = paths.app_home()
    p = paths.remembered(path, home)
    files = [f for f in _stored_recent() if f != p]
    settings().setValue("recent_files", [p, *files][:MAX_RECENT])


def remove_recent_file(path: str) -> None:
    home = paths.app_home()
    gone = {path, paths.remembered(path, home)}
    settings().setValue("recent_files", [f for f in _stored_recent() if f not in gone
                                         and paths.recalled(f, home) not in gone])


def documents_dir() -> Path:
    """Where file dialogs start: the portable folder (the stick the app runs from), else the home folder."""
    home = paths.app_home()
    return home.base if home.base is not None else Path.home()


def data_dir() -> Path:
    """Where the demo tournament lives: the user data directory, or the portable folder."""
    d = paths.app_home().data
    d.mkdir(parents=True, exist_ok=True)
    return d
