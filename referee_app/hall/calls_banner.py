"""The hall display's banner for the tables' referee calls (docs/web.md "Calling a referee"):
"Referee to table 7, 12" in red over the footer while a call waits untaken, when the hall's setup shows
calls. The desk's own side of the calls (indicator, panel) is ``referee_app.pages.calls_desk``.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor
from sqlalchemy.orm import Session

from db.service.calls import calls_stored, list_calls
from referee_app.hall.pages import FG, Frame, Painter, say
from texts import NC_


def untaken_tables(s: Session) -> list[int]:
    """The tables whose call no referee has taken yet, in the order they called (for the hall display)."""
    if not calls_stored(s):
        return []
    return list(dict.fromkeys(c.table for c in list_calls(s, open_only=True) if c.status == "open"))


def calls_banner_text(tables: list[int], lang: str) -> str:
    """ "Referee to table 7, 12" in the hall display's language ("both": English, then Chinese).

    >>> calls_banner_text([7, 12], "both")
    'Referee to table 7, 12  请裁判到第 7、12 桌'
    """
    def one(code: str) -> str:
        joined = ("、" if code == "zh" else ", ").join(map(str, tables))
        return say(code, NC_("hall", "Referee to table {tables}"), tables=joined)

    return f"{one('en')}  {one('zh')}" if lang == "both" else one(lang)


def paint_calls_banner(pt: Painter, frame: Frame, tables: list[int], lang: str) -> None:
    """The hall display's banner for untaken calls: the footer's left half, red, over the page counter
    (the small clock on the right stays)."""
    f = frame.footer
    band = QRect(f.left(), f.top(), f.width() * 3 // 5, f.height())
    pt.p.fillRect(band, QColor("#c8232c"))
    pad = round(frame.full.height() * 0.02)
    pt.text(band.adjusted(pad, 0, -pad, 0), calls_banner_text(tables, lang), round(frame.full.height() * 0.036),
            FG, bold=True)
