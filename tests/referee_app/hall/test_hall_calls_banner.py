"""The hall display's calls banner (``referee_app.hall.calls_banner``): the tables named in the display's
language, only the calls no referee has taken, and the red band over the footer's left part."""

from __future__ import annotations

import doctest

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter

from referee_app.hall import calls_banner
from referee_app.hall.calls_banner import calls_banner_text, paint_calls_banner, untaken_tables
from referee_app.hall.pages import Frame, Painter


def test_the_banner_names_the_tables_in_the_display_language() -> None:
    assert doctest.testmod(calls_banner).failed == 0
    assert calls_banner_text([3], "en") == "Referee to table 3"
    assert calls_banner_text([7, 12], "zh") == "请裁判到第 7、12 桌"


def test_only_untaken_calls_are_called_for_in_the_order_they_came(window) -> None:
    from db.service.calls import call_referee, take_call

    with window.ctx.db.factory.begin() as s:
        first = call_referee(s, 1, 2, "time")
        call_referee(s, 1, 1, "dispute")
    assert window.ctx.runner.read(untaken_tables) == [2, 1]
    with window.ctx.db.factory.begin() as s:
        take_call(s, first.id, "Anna")
    assert window.ctx.runner.read(untaken_tables) == [1]


def test_the_banner_paints_the_footers_left_part_red(qapp) -> None:
    image = QImage(1920, 1080, QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    p = QPainter(image)
    try:
        pt = Painter(p, 1080)
        paint_calls_banner(pt, Frame.of(QRect(0, 0, 1920, 1080)), [7], "en")
    finally:
        p.end()
    assert pt.clipped == []  # the text fits the band
    red = image.pixelColor(20, 1075)
    assert (red.red(), red.green(), red.blue()) == (0xc8, 0x23, 0x2c)
    right = image.pixelColor(1900, 1075)  # the right part (the small clock) is left to the frame
    assert (right.red(), right.green(), right.blue()) == (0, 0, 0)
