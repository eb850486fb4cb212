"""What the app looks like whatever is installed: its icon, and a Chinese font when the system has none.

Both come from ``resources/`` (beside the packages, or in the bundle: ``resources.root()``).
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QSize
from PySide6.QtGui import QFontDatabase, QIcon
from PySide6.QtWidgets import QApplication

import resources

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SHIPPED_FONT = resources.FONTS / "wqy-microhei.ttc"


def app_icon() -> QIcon:
    """The window and taskbar icon: the tile with 中, one PNG per size (no SVG plugin needed)."""
    icon = QIcon()
    for size in ICON_SIZES:
        png = resources.ICONS / f"mcr-referee-{size}.png"
        if png.is_file():
            icon.addFile(str(png), QSize(size, size))
    return icon


def set_windows_app_id() -> None:
    """Windows groups taskbar buttons by app id: without one, a venv's app shows python's icon."""
    if sys.platform != "win32":
        return
    import contextlib
    import ctypes

    with contextlib.suppress(AttributeError, OSError):
        ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID("MCRReferee.MCRReferee")  # type: ignore[attr-defined]


def has_chinese_font() -> bool:
    return bool(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))


def ensure_cjk_font(app: QApplication) -> str | None:
    """Load the shipped WenQuanYi Micro Hei when no installed font can draw Chinese, and make it the
    fallback of the UI font. Returns the family added (None when the system has one, or on failure)."""
    if has_chinese_font():
        return None
    font_id = QFontDatabase.addApplicationFont(str(SHIPPED_FONT))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        return None
    font = app.font()
    font.setFamilies([font.family(), families[0]])
    app.setFont(font)
    return families[0]
