"""What every printed sheet shares: A4 geometry, fonts, named styles and the page frame.

Every page carries the tournament name, the document title (English and Chinese side by side), the
time the PDF was generated and "Page X of Y". Y is known only at the end, so the canvas keeps each
page's drawing and stamps the frame on all of them when the document is saved (NumberedCanvas).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, ClassVar, Generic, Protocol, TypeVar
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, StyleSheet1
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageBreak, PageTemplate, Table, TableStyle

import texts
from reports.pdf.fonts import FontSet, fonts
from texts import NC_

D = TypeVar("D")
T = TypeVar("T")

# Seats and winds in both languages (the sheets are read by Chinese- and English-speaking referees).
# The winds' names come from the catalogue (msgctxt "wind": E → 东; "wind.name": E → East), one home for
# every front end (docs/texts.md).
WIND_ZH = {w: texts.gettext("zh", w, "wind") for w in "ESWN"}
WIND_EN = {"E": NC_("wind.name", "East"), "S": NC_("wind.name", "South"), "W": NC_("wind.name", "West"),
           "N": NC_("wind.name", "North")}


# The bilingual reports: English first, then the second language, each from the catalogue (msgctxt "report",
# docs/texts.md); the pseudo-locale test sets both to "xx".
LANGUAGES = ["en", "zh"]


def two(en: str, sep: str = " ", *, second_first: bool = False, **params: object) -> str:
    """A catalogue text in the reports' two languages: ``two("Table")`` -> ``"Table 桌"``, ``sep`` between
    them (``"\n"`` in a narrow column header); one text when both languages say it alike."""
    first, second = (texts.translate(lang, en, "report", **params) for lang in LANGUAGES)
    if first == second:
        return first
    return f"{second}{sep}{first}" if second_first else f"{first}{sep}{second}"


def second(en: str, **params: object) -> str:
    """A catalogue text in the reports' second language only (a narrow column)."""
    return texts.translate(LANGUAGES[1], en, "report", **params)


def first(en: str, **params: object) -> str:
    """A catalogue text in the reports' first language only (a caption whose second language sits apart)."""
    return texts.translate(LANGUAGES[0], en, "report", **params)


def said_two(value: texts.Said, sep: str = " ", *, second_first: bool = False) -> str:
    """A text made elsewhere (a ``texts.Text``: a penalty kind's label, a workbook column's name) in the
    reports' two languages, as ``two`` says a report's own texts."""
    one, other = (texts.said(value, lang) for lang in LANGUAGES)
    if one == other:
        return one
    return f"{other}{sep}{one}" if second_first else f"{one}{sep}{other}"


def stage_two(name: str, sep: str = " ") -> str:
    """A stage's name as the reports say it: the qualifying stage's (a ``texts.Text``) in both languages, an
    organiser's name as typed."""
    return said_two(name, sep) if isinstance(name, texts.Text) else name


def bi(en: str, zh: str) -> str:
    """A bilingual label, English first: ``bi("Table", "桌")`` -> ``"Table 桌"``."""
    return f"{en} {zh}"


def fmt_points(value: float) -> str:
    """Table points: 4, 2.5, 1.75 (no trailing zeros).

    >>> fmt_points(3.0), fmt_points(1.75), fmt_points(0.5)
    ('3', '1.75', '0.5')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".")


def fmt_signed(value: float) -> str:
    """Match points with their sign: +24, -8, 0; a stage's carried half keeps its ``.5``.

    >>> fmt_signed(24), fmt_signed(-8), fmt_signed(0), fmt_signed(-30.5), fmt_signed(12.0)
    ('+24', '-8', '0', '-30.5', '+12')
    """
    if not value:
        return "0"
    return f"{int(value):+d}" if float(value).is_integer() else f"{value:+.1f}"


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
    title_en = NC_("report", "Report")

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

    @property
    def frame_size(self) -> tuple[float, float]:
        """Width and height of the body frame, in points."""
        width, height = self.pagesize
        return (width - self.left_margin - self.right_margin, height - self.top_margin - self.bottom_margin)

    def fill_widths(self, widths: Sequence[float], fill: int = -1) -> list[float]:
        """Column widths with column ``fill`` widened (or narrowed) so that the table spans the frame."""
        out = list(widths)
        out[fill] += self.frame_size[0] - sum(out)
        return out

    def _paged_tables(self, intro: Sequence[Flowable], header: Sequence[object], blocks: Sequence[Sequence[list[object]]],
                      widths: Sequence[float], header_h: float, row_h: float,
                      style: Callable[[list[list[object]]], list[tuple]]) -> list[Flowable]:
        """Fixed-height rows laid out page by page so that no block splits; the header repeats per page."""
        width, height = self.frame_size
        used = 0.0
        for flowable in intro:
            _, h = flowable.wrap(width, height)
            used += h + flowable.getSpaceBefore() + flowable.getSpaceAfter()
        first = int((height - used - header_h - 2) // row_h)
        rest = int((height - header_h - 2) // row_h)
        story: list[Flowable] = list(intro)
        for n, rows in enumerate(pages_of_blocks(blocks, first, rest)):
            if n:
                story.append(PageBreak())
            data = [list(header), *rows]
            commands = style(data)  # first: it may cut long texts in ``data`` (shrink_cells)
            table = Table(data, colWidths=widths, rowHeights=[header_h] + [row_h] * len(rows), hAlign="LEFT")
            table.setStyle(TableStyle(commands))
            story.append(table)
        return story

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
        heading = two(self.title_en)
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
        generated = generated_stamp(self.generated_at)
        font = self.fonts.main

        def paint(canvas: Canvas, number: int, total: int) -> None:
            canvas.saveState()
            top = height - self.top_margin + 6 * mm
            canvas.setFont(font, 10)
            room = right - left - stringWidth(heading, font, 10) - 6 * mm
            canvas.drawString(left, top, ellipsize(tournament, font, 10, room))
            canvas.drawRightString(right, top, heading)
            canvas.setLineWidth(0.5)
            canvas.line(left, top - 2 * mm, right, top - 2 * mm)
            bottom = self.bottom_margin - 7 * mm
            canvas.setFont(font, 7.5)
            stamp = two("Generated") + f" {generated}"
            page = two("Page {number} of {total}", " · ", number=number, total=total)
            canvas.drawString(left, bottom, stamp)
            room = right - left - 2 * max(stringWidth(stamp, font, 7.5), stringWidth(page, font, 7.5)) - 8 * mm
            canvas.drawCentredString(width / 2, bottom, ellipsize(tournament, font, 7.5, room))
            canvas.drawRightString(right, bottom, page)
            canvas.restoreState()

        return paint


class OfASession(Protocol):
    """The data of a report of one session."""

    @property
    def tournament(self) -> str: ...
    @property
    def session(self) -> int: ...


S = TypeVar("S", bound=OfASession)


class SessionReport(Report[S]):
    """A report of one session: the tournament's name, and "Session N" after the title."""

    def _tournament(self, data: S) -> str:
        return data.tournament

    def _subtitle(self, data: S) -> str:
        return two("Session") + f" {data.session}"


def generated_stamp(moment: datetime) -> str:
    """When a report was made, with the offset from UTC rather than ``%Z``: on Windows that is the zone's
    long name ("W. Europe Standard Time", "中国标准时间"), too long for the footer and not always readable.

    >>> from datetime import timedelta, timezone
    >>> generated_stamp(datetime(2026, 3, 1, 14, 5, tzinfo=timezone(timedelta(hours=1), "W. Europe Standard Time")))
    '2026-03-01 14:05 UTC+01:00'
    >>> generated_stamp(datetime(2026, 3, 1, 14, 5, tzinfo=timezone(timedelta(hours=-3, minutes=-30))))
    '2026-03-01 14:05 UTC-03:30'
    >>> generated_stamp(datetime(2026, 3, 1, 14, 5, tzinfo=timezone.utc)), generated_stamp(datetime(2026, 3, 1, 14, 5))
    ('2026-03-01 14:05 UTC', '2026-03-01 14:05')
    """
    offset = moment.utcoffset()
    when = f"{moment:%Y-%m-%d %H:%M}"
    if offset is None:
        return when
    if not offset:
        return f"{when} UTC"
    z = moment.strftime("%z")  # +0100
    return f"{when} UTC{z[:3]}:{z[3:5]}"


def table_style(font: str, size: float = 8.5, header_rows: int = 1, zebra: bool = True) -> list[tuple]:
    """The common look of list tables: a shaded header, thin grid, optional zebra rows."""
    style: list[tuple] = [
        ("FONT", (0, 0), (-1, -1), font, size),
        ("FONT", (0, 0), (-1, header_rows - 1), font, size - 1),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor("#DDDDDD")),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#888888")),
        ("BOX", (0, 0), (-1, -1), 0.9, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    if zebra:
        style.append(("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, colors.HexColor("#F3F3F3")]))
    return style


def fit_size(text: str, font: str, size: float, width: float, minimum: float = 5.5) -> float:
    """The largest font size <= ``size`` at which ``text`` fits ``width`` points (never below ``minimum``)."""
    while size > minimum and stringWidth(text, font, size) > width:
        size -= 0.5
    return size


def text_markup(text: str) -> str:
    """Plain text as a ``Paragraph`` shows it as typed: ``<``, ``>``, ``&`` escaped, line breaks kept.

    >>> text_markup("a < b & <b>c</b>\\nnext")
    'a &lt; b &amp; &lt;b&gt;c&lt;/b&gt;<br/>next'
    """
    return escape(text).replace("\n", "<br/>")


def ellipsize(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut to ``width`` points at ``size``, with "…" at the end when it was cut.

    >>> ellipsize("Anna", "Helvetica", 10, 100), ellipsize("Maximilian Alexander", "Helvetica", 10, 40)
    ('Anna', 'Maxim…')
    """
    if stringWidth(text, font, size) <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with the ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if stringWidth(text[:mid].rstrip() + "…", font, size) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def shrink_cells(rows: Sequence[list[object]], columns: Sequence[int], widths: Sequence[float],
                 font: str, size: float, first_row: int = 1) -> list[tuple]:
    """FONT commands that shrink long strings (names, teams) to their column instead of overflowing; a
    string still too wide at the smallest size is cut with "…" (in ``rows``, so call this before the
    ``Table`` is made from them)."""
    out: list[tuple] = []
    for r in range(first_row, len(rows)):
        for col in columns:
            text = rows[r][col]
            if isinstance(text, str) and text:
                fitted = fit_size(text, font, size, widths[col] - 6)
                if fitted < size:
                    out.append(("FONT", (col, r), (col, r), font, fitted))
                rows[r][col] = ellipsize(text, font, fitted, widths[col] - 6)
    return out


def pages_of_blocks(blocks: Sequence[Sequence[T]], first: int, rest: int) -> list[list[T]]:
    """Rows grouped by page so that no block (e.g. a table's four players) is split: the first page holds
    ``first`` rows, the others ``rest``.

    >>> pages_of_blocks([[1, 2], [3, 4], [5, 6]], first=3, rest=4)
    [[1, 2], [3, 4, 5, 6]]
    """
    pages: list[list[T]] = [[]]
    capacity = first
    for block in blocks:
        if pages[-1] and len(pages[-1]) + len(block) > capacity:
            pages.append([])
            capacity = rest
        pages[-1].extend(block)
    return pages
