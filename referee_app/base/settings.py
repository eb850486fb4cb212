"""What the app remembers between runs (QSettings): language, recent files, window geometry.

Where: ``paths.app_home()`` — Qt's native per-user store, or ``settings.ini`` in the portable folder —
decided once per run (:func:`app_home`).
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QRect, QSettings

import texts
from referee_app.base import paths

ORG = "mcr-referee"
APP = "MCR Referee"
MAX_RECENT = 8


def app_home() -> paths.AppHome:
    """``paths.app_home()``, worked out once (it looks at the launcher's folder and the user directories)
    for what can decide it: ``MCR_REFEREE_HOME`` and the executable started. Tests that change the user
    directories call :func:`forget_home`."""
    return _home(os.environ.get(paths.ENV_VAR, ""), sys.executable, bool(getattr(sys, "frozen", False)),
                 sys.argv[0] if sys.argv else "")


@functools.cache
def _home(_env: str, _executable: str, _frozen: bool, _argv0: str) -> paths.AppHome:
    return paths.app_home()


def forget_home() -> None:
    """Work :func:`app_home` out again at the next call."""
    _home.cache_clear()


def settings() -> QSettings:
    ini = app_home().settings_file
    if ini is None:
        return QSettings(ORG, APP)
    ini.parent.mkdir(parents=True, exist_ok=True)
    return QSettings(str(ini), QSettings.Format.IniFormat)


def language() -> str:
    v = settings().value("language", "en")
    return v if v in texts.languages() else "en"


def set_language(code: str) -> None:
    settings().setValue("language", code)


def window_geometry() -> QByteArray | None:
    v = settings().value("window_geometry")
    return v if isinstance(v, QByteArray) and not v.isEmpty() else None


def set_window_geometry(geometry: QByteArray) -> None:
    settings().setValue("window_geometry", geometry)


def dialog_geometry(name: str) -> QRect | None:
    """Where a dialog was and its size when it last closed (its ``geometry()``, frame excluded), e.g. hand
    entry. A plain rectangle: ``restoreGeometry`` moved the window by a few pixels on the way back."""
    v = settings().value(f"{name}_geometry")
    return v if isinstance(v, QRect) and v.isValid() else None


def set_dialog_geometry(name: str, geometry: QRect) -> None:
    settings().setValue(f"{name}_geometry", geometry)


def _stored_recent() -> list[str]:
    v = settings().value("recent_files", [])
    if isinstance(v, str):  # QSettings gives a lone string for a one-item list in INI files
        return [v]
    return [str(p) for p in v] if isinstance(v, list | tuple) else []


def recent_files() -> list[str]:
    """Newest first, as paths to open (portable: the ones inside the portable folder are kept relative)."""
    home = app_home()
    return [paths.recalled(f, home) for f in _stored_recent()]


def add_recent_file(path: str) -> None:
    home = app_home()
    p = paths.remembered(path, home)
    files = [f for f in _stored_recent() if f != p]
    settings().setValue("recent_files", [p, *files][:MAX_RECENT])


def remove_recent_file(path: str) -> None:
    home = app_home()
    gone = {path, paths.remembered(path, home)}
    settings().setValue("recent_files", [f for f in _stored_recent() if f not in gone
                                         and paths.recalled(f, home) not in gone])


def documents_dir() -> Path:
    """Where file dialogs start: the portable folder (the stick the app runs from), else the home folder."""
    home = app_home()
    return home.base if home.base is not None else Path.home()


def data_dir() -> Path:
    """Where the demo tournament lives: the user data directory, or the portable folder."""
    d = app_home().data
    d.mkdir(parents=True, exist_ok=True)
    return d


def _second_folders() -> dict[str, str]:
    import json

    v = settings().value("second_backup_folders", "")
    try:
        d = json.loads(v) if isinstance(v, str) and v else {}
    except ValueError:
        return {}
    return {str(k): str(f) for k, f in d.items()} if isinstance(d, dict) else {}


def second_backup_folder(path: str) -> str | None:
    """The second backup folder (a USB stick) chosen for the tournament file ``path``, if any."""
    home = app_home()
    f = _second_folders().get(paths.remembered(path, home))
    return paths.recalled(f, home) if f else None


def set_second_backup_folder(path: str, folder: str | None) -> None:
    """Remember (or with None forget) the second backup folder of the tournament file ``path``."""
    import json

    home = app_home()
    d = _second_folders()
    key = paths.remembered(path, home)
    if folder:
        d[key] = paths.remembered(folder, home)
    else:
        d.pop(key, None)
    settings().setValue("second_backup_folders", json.dumps(d, ensure_ascii=False))


def remembered_options(key: str) -> dict[str, Any]:
    """A dialog's choices as it last kept them (``remember_options``); {} the first time or when unreadable.
    The devices server's address and port, and the hall display's options, were asked afresh
    at every opening."""
    import json

    v = settings().value(key, "")
    try:
        found = json.loads(v) if isinstance(v, str) and v else {}
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def remember_options(key: str, options: dict[str, Any]) -> None:
    import json

    settings().setValue(key, json.dumps(options, ensure_ascii=False))
