"""What the app remembers between runs (QSettings): language, recent files, window geometry."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

ORG = "mcr-referee"
APP = "MCR Referee"
MAX_RECENT = 8


def settings() -> QSettings:
    return QSettings(ORG, APP)


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


def recent_files() -> list[str]:
    v = settings().value("recent_files", [])
    if isinstance(v, str):  # QSettings gives a lone string for a one-item list in INI files
        return [v]
    return [str(p) for p in v] if isinstance(v, list | tuple) else []


def add_recent_file(path: str) -> None:
    p = str(Path(path).resolve()) if "://" not in path else path
    files = [f for f in recent_files() if f != p]
    settings().setValue("recent_files", [p, *files][:MAX_RECENT])


def remove_recent_file(path: str) -> None:
    settings().setValue("recent_files", [f for f in recent_files() if f != path])


def data_dir() -> Path:
    """Where the demo tournament lives (platformdirs when installed, else ~/.local/share)."""
    try:
        from platformdirs import user_data_dir

        d = Path(user_data_dir("mcr-referee", appauthor=False))
    except ImportError:  # platformdirs is a declared dependency; this keeps a broken install usable
        d = Path.home() / ".local" / "share" / "mcr-referee"
    d.mkdir(parents=True, exist_ok=True)
    return d
