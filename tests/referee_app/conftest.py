"""Qt app tests: settings go to a temporary place so tests never touch the user's QSettings."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path, monkeypatch):
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(tmp_path / "settings"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    from referee_app import errors
    from referee_app.i18n import LANG

    errors.SINK = []  # error dialogs are collected, not shown modally
    LANG.set("en")
    yield
    errors.SINK = None
    LANG.set("en")


@pytest.fixture
def error_messages():
    from referee_app import errors

    return errors.SINK
