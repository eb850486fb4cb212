"""What every printed sheet shares: A4 geometry, fonts, named styles and the page frame.

Every page carries the tournament name, the document title (English and Chinese side by side), the
time the PDF was generated and "Page X of Y". Y is known only at the end, so the canvas keeps each
page's drawing and stamps the frame on all of them when the document is saved (NumberedCanvas).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime
from typing import Any, ClassVar, Generic, TypeVar

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, StyleSheet1
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from reports.fonts import FontSet, fonts

D = TypeVar("D")

# Seats and winds in both languages (the sheets are read by Chinese- and English-speaking referees).
WIND_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}
WIND_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}


def bi(en: str, zh: str) -> str:
    """A bilingual label, English first: ``bi("Table", "桌")`` -> ``"Table 桌"``."""
    return f"{en} {zh}"


def fmt_points(value: float) -> str:
    """Table points: 4, 2.5, 1.75 (no trailing zeros).

    >>> fmt_points(3.0), fmt_points(1.75), fmt_points(0.5)
    ('3', '1.75', '0.5')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".")


def fmt_signed(value: int) -> str:
    """Match points with their sign: +24, -8, 0.

    >>> fmt_signed(24), fmt_signed(-8), fmt_signed(0)
    ('+24', '-8', '0')
    """
    return f"{value:+d}" if value else "0"


class _NumberedCanvas(Canvas):
    """Keeps each page until save(), then draws the frame (which needs the page count) on all."""

    frame_painter: ClassVar[Callable[[Canvas, int, int], None]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:  # noqa: N802 (ReportLab API)
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            type(self).frame_painter(self, number, total)
            super().showPage()
        super().save()


class Report(Generic[D]):
    """Base renderer: subclasses set ``title_en``/``title_zh`` and implement ``_story`` and ``_tournament``."""

    pagesize: tuple[float, float] = A4
    left_margin = 14 * mm
    right_margin = 14 * mm
    top_margin = 20 * mm
    bottom_margin = 14 * mm
    title_en = "Report"
    title_zh = "报表"

    def __init__(self, generated_at: datetime | None = None) -> None:
        self.fonts: FontSet = fonts()  # registers the fonts once per process
        self.generated_at = generated_at or datetime.now().astimezone()
        self.styles = self._stylesheet()

    # -- styles ---------------------------------------------------------------------------------
    def _stylesheet(self) -> StyleSheet1:
        f = self.fonts.main
        sheet = StyleSheet1()
        sheet.add(ParagraphStyle("body", fontName=f, fontSize=9, leading=11.5))
        sheet.add(ParagraphStyle("title", parent=sheet["body"], fontSize=15, leading=19, spaceAfter=4))
        sheet.add(ParagraphStyle("h2", parent=sheet["body"], fontSize=11.5, leading=15, spaceBefore=8,
                                 spaceAfter=4))
        sheet.add(ParagraphStyle("small", parent=sheet["body"], fontSize=7.5, leading=9))
        sheet.add(ParagraphStyle("cell", parent=sheet["body"], fontSize=8.5, leading=10.5))
        sheet.add(ParagraphStyle("cell_right", parent=sheet["cell"], alignment=TA_RIGHT))
        sheet.add(ParagraphStyle("cell_center", parent=sheet["cell"], alignment=TA_CENTER))
        sheet.add(ParagraphStyle("th", parent=sheet["cell"], fontSize=7.5, leading=9,
                                 textColor=colors.HexColor("#222222")))
        sheet.add(ParagraphStyle("th_right", parent=sheet["th"], alignment=TA_RIGHT))
        sheet.add(ParagraphStyle("th_center", parent=sheet["th"], alignment=TA_CENTER))
        return sheet

    # -- the document ---------------------------------------------------------------------------
    def _story(self, data: D) -> list[Flowable]:
        raise NotImplementedError

    def _tournament(self, data: D) -> str:
        raise NotImplementedError

    def _subtitle(self, data: D) -> str:
        """Extra words after the title in the page header (e.g. the session)."""
        return ""

    def render(self, data: D) -> bytes:
        """The PDF document as bytes."""
        buffer = io.BytesIO()
        tournament = self._tournament(data)
        heading = f"{self.title_en} {self.title_zh}"
        if subtitle := self._subtitle(data):
            heading = f"{heading} · {subtitle}"
        doc = BaseDocTemplate(
            buffer,
            pagesize=self.pagesize,
            leftMargin=self.left_margin,
            rightMargin=self.right_margin,
            topMargin=self.top_margin,
            bottomMargin=self.bottom_margin,
            title=f"{tournament} — {heading}",
            author="MCR Referee",
            creator="MCR Referee",
            initialFontName=self.fonts.main,
            initialFontSize=9,
        )
        frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
        painter = self._frame_painter(tournament, heading)
        canvas_class = type("NumberedCanvas", (_NumberedCanvas,), {"frame_painter": staticmethod(painter)})
        doc.build(self._story(data), canvasmaker=canvas_class)
        return buffer.getvalue()

    def _frame_painter(self, tournament: str, heading: str) -> Callable[[Canvas, int, int], None]:
        width, height = self.pagesize
        left, right = self.left_margin, width - self.right_margin
        generated = self.generated_at.strftime("%Y-%m-%d %H:%M %Z").strip()
        font = self.fonts.main

        def paint(canvas: Canvas, number: int, total: int) -> None:
            canvas.saveState()
            top = height - self.top_margin + 6 * mm
            canvas.setFont(font, 10)
            canvas.drawString(left, top, tournament)
            canvas.drawRightString(right, top, heading)
            canvas.setLineWidth(0.5)
            canvas.line(left, top - 2 * mm, right, top - 2 * mm)
            bottom = self.bottom_margin - 7 * mm
            canvas.setFont(font, 7.5)
            canvas.drawString(left, bottom, f"Generated 生成于 {generated}")
            canvas.drawCentredString(width / 2, bottom, tournament)
            canvas.drawRightString(right, bottom, f"Page {number} of {total} · 第 {number}/{total} 页")
            canvas.restoreState()

        return paint


def landscape_a4() -> tuple[float, float]:
    return landscape(A4)
