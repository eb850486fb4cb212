"""A widget named as it is made: tests, screenshots and style sheets find widgets by object name."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject

W = TypeVar("W", bound=QObject)


def named(widget: W, name: str) -> W:
    """``widget``, its object name set to ``name``."""
    widget.setObjectName(name)
    return widget
