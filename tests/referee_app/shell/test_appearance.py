"""The app icon and the shipped Chinese font, from resources/."""

from __future__ import annotations

import resources
from referee_app.shell import appearance
from referee_app.shell.main import prepare_application


def test_the_icon_files_are_shipped():
    for name in ("mcr-referee.svg", "mcr-referee.ico", "mcr-referee.icns", "mcr-referee-256.png"):
        assert (resources.ICONS / name).is_file(), name
    assert (resources.ICONS / "mcr-referee.ico").read_bytes()[:4] == b"\0\0\1\0"
    assert (resources.ICONS / "mcr-referee.icns").read_bytes()[:4] == b"icns"


def test_the_application_gets_the_icon(qapp):
    before = qapp.font()
    try:
        prepare_application(qapp)
        sizes = {s.width() for s in qapp.windowIcon().availableSizes()}
    finally:
        qapp.setFont(before)
    assert {16, 32, 48, 256} <= sizes


def test_shipped_font_is_the_fallback_when_no_font_draws_chinese(qapp, monkeypatch):
    monkeypatch.setattr(appearance, "has_chinese_font", lambda: False)
    before = qapp.font()
    try:
        family = appearance.ensure_cjk_font(qapp)
        families = qapp.font().families()
    finally:
        qapp.setFont(before)
    assert family == "WenQuanYi Micro Hei"
    assert families == [before.family(), "WenQuanYi Micro Hei"]


def test_nothing_is_loaded_when_the_system_has_a_chinese_font(qapp, monkeypatch):
    monkeypatch.setattr(appearance, "has_chinese_font", lambda: True)
    assert appearance.ensure_cjk_font(qapp) is None
