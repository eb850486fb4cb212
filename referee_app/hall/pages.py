"""The hall display's pages, painted with QPainter at sizes computed from the screen's height.

A page never scrolls: what does not fit goes on the next sub-page (``count``). Text is shrunk to fit its
box down to three quarters of its size; anything that would still be cut off is counted in
``Painter.clipped`` (the tests require 0) and drawn elided rather than overflowing.

Names in lists (find your table, standings) are the exception: one line, shrunk to no less than
``NAME_MIN`` (70 %) of the row's type, then elided with "…" (``Painter.name``). Such a name is listed in
``Painter.elided``, not ``clipped`` — unless fewer than ``NAME_KEEP`` of its characters remain visible,
which would leave it unrecognisable and so counts as clipped.

At 1080 lines a list row is 60 px with 34 px type (cap height ≈ 24 px): on a 2 m high projection that is
letters about 4.5 cm high, on a 55" screen about 1.5 cm — both read from 5 m.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter

import texts
from db.read.games import GAME, HANDS, StandingColumns
from db.read.views import AwardCount, AwardHand, Awards
from db.rules import game_words
from db.rules.clock import ClockView, format_remaining
from referee_app.hall.data import HallData
from reports.pdf.base import fmt_signed
from texts import NC_

BG = QColor("#10261c")
BAND = QColor("#1d4032")
STRIPE = QColor("#153226")
FG = QColor("#f4f1e6")
DIM = QColor("#b9c9bd")
ACCENT = QColor("#ffd54f")
RED = QColor("#ff5252")

WIND_ZH = {w: texts.gettext("zh", w, "wind") for w in "ESWN"}  # the catalogue's (msgctxt "wind")
LANGS = ("both", *texts.languages())


def say(lang: str, en: str, **params: object) -> str:
    """A catalogue text (msgctxt "hall", docs/texts.md) in the display's language: English, another
    catalogue's language, or both (English, then Chinese)."""
    english = en.format(**params)
    if lang == "en":
        return english
    if lang == "both":
        return f"{english}  {texts.translate('zh', en, 'hall', **params)}"
    return texts.translate(lang, en, "hall", **params)


def pair(lang: str, en: str, zh: str) -> str:
    """Data given in both languages (a fan's names, scoring's data) in the display's language."""
    return en if lang == "en" else f"{en}  {zh}" if lang == "both" else zh if lang == "zh" else en


NAME_MIN = 0.7  # a name in a list shrinks to 70 % of the row's type at most, then is elided
NAME_KEEP = 10  # an elided name keeps at least this many characters (else it counts as clipped)


class Painter:
    """QPainter helpers: fonts by pixel size, text fitted into a box (shrunk, else elided and counted)."""

    def __init__(self, p: QPainter, height: int, family: str = "") -> None:
        self.p = p
        self.h = height
        self.family = family
        self.clipped: list[str] = []
        self.elided: list[str] = []  # list names drawn elided on purpose (see ``name``)
        self.wrapped: list[str] = []  # texts drawn on two lines (see ``text``)
        self.qr: list[tuple[str, QRect]] = []  # QR codes drawn: (text, where), for the tests
        self._fonts: dict[tuple[int, bool], tuple[QFont, QFontMetrics]] = {}  # a page repeats a few sizes

    def name(self, rect: QRect, text: str, px: int, color: QColor = FG, bold: bool = False) -> None:
        """A name in a list row: one line, shrunk down to ``NAME_MIN`` of ``px``, then elided with "…"."""
        size, low = px, max(8, round(px * NAME_MIN))
        while self.metrics(size, bold).horizontalAdvance(text) > rect.width() and size > low:
            size -= 1
        f, fm = self.font(size, bold), self.metrics(size, bold)
        shown = text
        if fm.horizontalAdvance(text) > rect.width():
            shown = fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
            kept = len(shown.rstrip("…").rstrip())
            (self.clipped if kept < min(NAME_KEEP, len(text)) else self.elided).append(text)
        self.p.setFont(f)
        self.p.setPen(color)
        self.p.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), shown)

    def font(self, px: int, bold: bool = False) -> QFont:
        return self._font(px, bold)[0]

    def metrics(self, px: int, bold: bool = False) -> QFontMetrics:
        return self._font(px, bold)[1]

    def _font(self, px: int, bold: bool) -> tuple[QFont, QFontMetrics]:
        key = (max(8, px), bold)
        if key not in self._fonts:
            f = QFont(self.family) if self.family else QFont()
            f.setPixelSize(key[0])
            f.setBold(bold)
            self._fonts[key] = (f, QFontMetrics(f))
        return self._fonts[key]

    def text(self, rect: QRect, text: str, px: int, color: QColor = FG, bold: bool = False,
             align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft, shrink: float = 0.75) -> None:
        """``text`` fitted into ``rect``: shrunk down to ``shrink`` of ``px``, then on two lines, else elided."""
        size = px
        while self.metrics(size, bold).horizontalAdvance(text) > rect.width() and size > px * shrink:
            size -= 1
        f, fm = self.font(size, bold), self.metrics(size, bold)
        if fm.horizontalAdvance(text) > rect.width() and " " in text.strip():
            # two lines in the same box, split at the space nearest the middle
            spaces = [i for i, ch in enumerate(text) if ch == " "]
            cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
            lines = [text[:cut].strip(), text[cut:].strip()]
            size = min(size, round(rect.height() * 0.46))
            while max(self.metrics(size, bold).horizontalAdvance(x) for x in lines) > rect.width() and size > px * 0.5:
                size -= 1
            f = self.font(size, bold)
            if max(self.metrics(size, bold).horizontalAdvance(x) for x in lines) <= rect.width():
                self.p.setFont(f)
                self.p.setPen(color)
                half = rect.height() // 2
                for k, line in enumerate(lines):
                    r = QRect(rect.left(), rect.top() + k * half, rect.width(), half)
                    self.p.drawText(r, int(align | (Qt.AlignmentFlag.AlignBottom if k == 0 else Qt.AlignmentFlag.AlignTop)),
                                    line)
                self.wrapped.append(text)
                return
        if fm.horizontalAdvance(text) > rect.width():
            self.clipped.append(text)
            text = fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
        self.p.setFont(f)
        self.p.setPen(color)
        self.p.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), text)


@dataclass
class Frame:
    """Where a page draws: the whole screen, the title band, the body and the footer band."""

    full: QRect
    title: QRect
    body: QRect
    footer: QRect

    @staticmethod
    def of(rect: QRect) -> Frame:
        h = rect.height()
        band, foot = round(h * 0.11), round(h * 0.06)
        return Frame(rect, QRect(rect.left(), rect.top(), rect.width(), band),
                     QRect(rect.left(), rect.top() + band, rect.width(), h - band - foot),
                     QRect(rect.left(), rect.bottom() - foot + 1, rect.width(), foot))


def row_height(h: int) -> int:
    return max(24, round(h / 18))


class HallPage:
    key = ""
    en = ""  # the title: a catalogue text (msgctxt "hall")

    def count(self, data: HallData, frame: Frame) -> int:
        """How many sub-pages the content needs on this frame."""
        return 1

    def paint(self, pt: Painter, frame: Frame, data: HallData, sub: int, lang: str, clock: ClockView | None) -> None:
        raise NotImplementedError

    def title(self, lang: str) -> str:
        return say(lang, self.en)


def session_name(lang: str, n: int) -> str:
    return say(lang, "Session {n}", n=n)


def standings_where(data: HallData, lang: str) -> str:
    """Which sessions the standings count; while the players' page hides them after session N (docs/gui.md)
    the hall's are those after N too, and say so."""
    where = say(lang, "after session {n}", n=data.after) if data.after else ""
    cut = data.hidden_after
    if cut is None:
        return where
    if data.after >= cut:
        return say(lang, "after session {n}; later results hidden", n=cut)
    return where + ("  ·  " if where else "") + say(lang, "hidden after session {n}", n=cut)


def paint_frame(pt: Painter, frame: Frame, data: HallData, page: HallPage, lang: str, sub: int, subs: int,
                clock: ClockView | None, pinned: bool) -> None:
    """Title band (page title, tournament, session) and footer (sub-page, pinned, the clock small)."""
    p, h = pt.p, frame.full.height()
    p.fillRect(frame.full, BG)
    p.fillRect(frame.title, BAND)
    pad = round(h * 0.02)
    t = frame.title.adjusted(pad, 0, -pad, 0)
    pt.text(QRect(t.left(), t.top(), round(t.width() * 0.58), t.height()), page.title(lang), round(h * 0.055),
            ACCENT, bold=True)
    right = QRect(t.left() + round(t.width() * 0.6), t.top(), round(t.width() * 0.4), t.height())
    if page.key in ("standings", "teams") or (page.key == "awards" and data.hidden_after is not None):
        where = standings_where(data, lang)
        if data.still_playing:  # a ranking that counts tables still playing says so
            where += ("  ·  " if where else "") + say(lang, "provisional: {n} still playing", n=data.still_playing)
    elif page.key == "find":
        where = session_name(lang, data.seating_session) if data.seating_session else ""
    else:
        where = session_name(lang, data.session) if data.session else ""
    label = data.tournament + ("  ·  " + where if where else "")
    pt.text(right, label, round(h * 0.034), FG, align=Qt.AlignmentFlag.AlignRight)
    f = frame.footer.adjusted(pad, 0, -pad, 0)
    bits = []
    if subs > 1:
        bits.append(f"{sub + 1} / {subs}")
    if pinned:
        bits.append(say(lang, "pinned"))
    pt.text(QRect(f.left(), f.top(), f.width() // 2, f.height()), "   ·   ".join(bits), round(h * 0.028), DIM)
    if clock is not None and page.key != "clock" and clock.state != "not_started":
        left = say(lang, "Time is up") if clock.time_up else \
            say(lang, "{left} left", left=format_remaining(clock.remaining_s))
        pt.text(QRect(f.left() + f.width() // 2, f.top(), f.width() // 2, f.height()), left, round(h * 0.034),
                RED if clock.warning else FG, bold=True, align=Qt.AlignmentFlag.AlignRight)


# ------------------------------------------------------------------------------------------- the clock


class ClockPage(HallPage):
    key, en = "clock", NC_("hall", "Clock")

    def paint(self, pt: Painter, frame: Frame, data: HallData, sub: int, lang: str, clock: ClockView | None) -> None:
        r, h = frame.body, frame.full.height()
        if clock is None:
            pt.text(r, say(lang, "No session is seated yet"), round(h * 0.06), DIM,
                    align=Qt.AlignmentFlag.AlignHCenter)
            return
        top = QRect(r.left(), r.top() + round(h * 0.02), r.width(), round(h * 0.11))
        pt.text(top, session_name(lang, data.session), round(h * 0.08), FG, bold=True,
                align=Qt.AlignmentFlag.AlignHCenter)
        digits = QRect(r.left() + round(r.width() * 0.04), top.bottom() + round(h * 0.02),
                       round(r.width() * 0.92), round(h * 0.48))
        color = RED if clock.warning else FG
        if clock.time_up:
            lines = [say(lang, "Time is up")] if lang != "both" else [say("en", "Time is up"),
                                                                        say("zh", "Time is up")]
            hh = digits.height() // len(lines)
            for i, text in enumerate(lines):
                pt.text(QRect(digits.left(), digits.top() + i * hh, digits.width(), hh), text,
                        round(hh * 0.8), RED, bold=True, align=Qt.AlignmentFlag.AlignHCenter)
        else:
            text = format_remaining(clock.remaining_s)
            template = "0:00:00" if len(text) > 5 else "00:00"
            px = round(digits.height() * 0.95)
            f = pt.font(px, True)
            while QFontMetrics(f).horizontalAdvance(template) > digits.width() and px > 20:
                px -= 4
                f = pt.font(px, True)
            pt.text(digits, text, px, color, bold=True, align=Qt.AlignmentFlag.AlignHCenter)
        state = {"not_started": NC_("hall", "Not started"), "paused": NC_("hall", "Paused"), "running": "",
                 "ended": ""}[clock.state]
        below = QRect(r.left(), digits.bottom() + round(h * 0.02), r.width(), round(h * 0.08))
        notes: list[str] = []
        if clock.state in ("not_started", "paused"):
            notes.append(say(lang, state))
        elif clock.warning and not clock.time_up:
            mark = min(w.at_s for w in clock.warnings if w.passed)  # the nearest mark passed
            notes.append(say(lang, "Less than {n} minutes left", n=mark // 60))
        if notes:
            pt.text(below, notes[0], round(h * 0.06), ACCENT if clock.state != "running" else color, bold=True,
                    align=Qt.AlignmentFlag.AlignHCenter)
        extra = [t for t in clock.tables if t.extra_s and t.remaining_s > 0 and clock.remaining_s < t.remaining_s]
        if extra:
            text = "   ".join(say(lang, "Table {table}: {left}", table=t.table, left=format_remaining(t.remaining_s))
                               for t in extra[:6])
            pt.text(QRect(r.left(), below.bottom() + 4, r.width(), round(h * 0.06)), text, round(h * 0.04), FG,
                    align=Qt.AlignmentFlag.AlignHCenter)


# ------------------------------------------------------------------------------------ find your table


def _columns(frame: Frame) -> int:
    return 4 if frame.full.width() / max(1, frame.full.height()) >= 1.6 else 3


def _rows(frame: Frame) -> int:
    """Rows of a list column under its header row."""
    return max(1, frame.body.height() // row_height(frame.full.height()) - 1)


def _paged(n: int, per_page: int) -> int:
    return max(1, -(-n // max(1, per_page)))


def _cells(r: QRect, widths: Sequence[float]) -> list[QRect]:
    """``r`` cut into cells of the given fractions of its width."""
    out, x = [], r.left()
    for w in widths:
        cw = round(r.width() * w)
        out.append(QRect(x, r.top(), cw, r.height()))
        x += cw
    return out


@lru_cache(maxsize=4)
def _qr(text: str, size: int) -> QImage:
    from referee_app.base.table_devices import qr_image  # with the web server: imported when a QR is drawn

    return qr_image(text, size)


def paint_qr_panel(pt: Painter, box: QRect, url: str, lang: str) -> None:
    """The players' page address as a QR code in ``box`` (one list column's place): a line above saying
    what it is, the code as large as the column allows (whole pixels per module, its white quiet zone
    kept), the address in words below."""
    h = pt.h
    pad = round(h * 0.01)
    line = round(h * 0.09)
    pt.text(QRect(box.left() + pad, box.top(), box.width() - 2 * pad, line),
            say(lang, "Your table and the standings on your phone"), round(h * 0.03), ACCENT, bold=True,
            align=Qt.AlignmentFlag.AlignHCenter)
    side = min(box.width() - 2 * pad, box.height() - 2 * line)
    image = _qr(url, side)
    at = QPoint(box.left() + (box.width() - image.width()) // 2, box.top() + line + (side - image.height()) // 2)
    pt.p.drawImage(at, image)
    pt.qr.append((url, QRect(at, image.size())))
    pt.text(QRect(box.left() + pad, box.top() + line + side, box.width() - 2 * pad, line // 2), url,
            round(h * 0.026), FG, align=Qt.AlignmentFlag.AlignHCenter, shrink=0.6)


class FindTablePage(HallPage):
    key, en = "find", NC_("hall", "Find your table")
    WIDTHS = (0.52, 0.12, 0.15, 0.21)  # name, number, table, seat ("W" and its Chinese)
    WIDTHS_ONE = (0.58, 0.11, 0.16, 0.15)  # one language: the seat is one letter, but its header a word

    @staticmethod
    def columns(data: HallData, frame: Frame) -> int:
        """List columns: one fewer when the players' page's QR code takes the last one's place."""
        return max(1, _columns(frame) - (1 if data.page_url else 0))

    def count(self, data: HallData, frame: Frame) -> int:
        return _paged(len(data.places), self.columns(data, frame) * _rows(frame))

    def paint(self, pt: Painter, frame: Frame, data: HallData, sub: int, lang: str, clock: ClockView | None) -> None:
        h = frame.full.height()
        rh, cols, rows = row_height(h), self.columns(data, frame), _rows(frame)
        if data.page_url:  # the list keeps its columns' width; the code stands where the last one was
            slot = (frame.body.width() - round(h * 0.015)) // _columns(frame)
            body = QRect(frame.body.left(), frame.body.top(), frame.body.width() - slot, frame.body.height())
            paint_qr_panel(pt, QRect(body.right() + 1, body.top(), slot, body.height()), data.page_url, lang)
            frame = Frame(frame.full, frame.title, body, frame.footer)
        if not data.places:
            pt.text(frame.body, say(lang, "No session is seated yet"), round(h * 0.06), DIM,
                    align=Qt.AlignmentFlag.AlignHCenter)
            return
        per = cols * rows
        chunk = data.places[sub * per:(sub + 1) * per]
        pad = round(h * 0.015)
        cw = (frame.body.width() - pad) // cols
        px = round(rh * 0.57)
        widths = self.WIDTHS if lang == "both" else self.WIDTHS_ONE
        head = [say(lang, "Name"), say(lang, "No."), say(lang, "Table"), say(lang, "Seat")]
        if lang == "both":  # the narrow columns: one word each, the Chinese under the English is not needed
            head[1:] = ["No.", "Table", f"Seat {texts.gettext('zh', 'Seat', 'hall')}"]
        for c in range(min(cols, -(-len(chunk) // rows))):  # headers over the columns in use
            x = frame.body.left() + pad + c * cw
            col = QRect(x, frame.body.top(), cw - pad, rh)
            for i, (cell, text) in enumerate(zip(_cells(col, widths), head, strict=True)):
                pt.text(cell.adjusted(4, 0, -4, 0), text, round(px * 0.7), DIM,
                        align=Qt.AlignmentFlag.AlignRight if i else Qt.AlignmentFlag.AlignLeft)
        for k, pl in enumerate(chunk):
            c, r = divmod(k, rows)
            x = frame.body.left() + pad + c * cw
            y = frame.body.top() + (r + 1) * rh
            row = QRect(x, y, cw - pad, rh)
            if r % 2 == 0:
                pt.p.fillRect(row, STRIPE)
            name, num, table, seat = _cells(row, widths)
            pt.name(name.adjusted(6, 0, -4, 0), pl.name, px, FG)  # a long name: smaller, then "…"
            pt.text(num.adjusted(0, 0, -4, 0), pl.number, round(px * 0.72), DIM, align=Qt.AlignmentFlag.AlignRight)
            pt.text(table.adjusted(0, 0, -4, 0), str(pl.table), round(px * 1.1), ACCENT, bold=True,
                    align=Qt.AlignmentFlag.AlignRight)
            wind = pl.seat if lang == "en" else f"{pl.seat} {WIND_ZH[pl.seat]}" if lang == "both" \
                else texts.gettext(lang, pl.seat, "wind")
            pt.text(seat.adjusted(0, 0, -6, 0), wind, px, FG, bold=True, align=Qt.AlignmentFlag.AlignRight)


# ------------------------------------------------------------------------------------------- standings


def _points(x: float) -> str:
    return f"{x:g}"


def _totals(columns: StandingColumns, stages: bool = False) -> tuple[Callable[[float], str], Callable[[float], str]]:
    """How the two totals are written: a game's score "+22.7" (a stage's "+11.45" when a half was carried)
    and points "37,700"; MCR's as they were."""
    if columns.thousands:
        return columns.stage_total_text if stages else columns.total_text, columns.points_text
    return _points, fmt_signed


def said(lang: str, value: str) -> str:
    """A text made elsewhere (a ``texts.Text``: the ranking's rule, the qualifying stage's name) in the
    display's language, as :func:`say` says the hall's own."""
    if lang == "both":
        one, other = texts.said(value, "en"), texts.said(value, "zh")
        return one if one == other else f"{one}  {other}"
    return texts.said(value, lang)


class StandingsPage(HallPage):
    key, en = "standings", NC_("hall", "Individual standings")
    WIDTHS = (0.1, 0.46, 0.2, 0.1, 0.14)  # rank, name, team, table points, match points
    # A staged event: rank, name, the stage reached (and what it carried), its points (what places the
    # player, in the accent colour), the whole event's table points / match points
    STAGED_WIDTHS = (0.08, 0.34, 0.26, 0.16, 0.16)
    # a game's totals are wider than table points: a score "+25.8" and points "40,800"
    GAME_WIDTHS = (0.08, 0.38, 0.2, 0.15, 0.19)
    COLS = 2

    def staged(self, data: HallData) -> bool:
        return any(getattr(r, "stage", None) is not None for r in data.standings)

    def rule(self, data: HallData) -> str | None:
        """The rule that places the players, said under the list: a staged event's, or a rule system's own
        (a game: by score, then points); MCR's plain ranking goes without saying."""
        if self.staged(data):
            return data.columns.ranking_rule(data.standings)
        return data.columns.rule if data.columns.rule != HANDS.rule else None

    def _rows(self, data: HallData, frame: Frame) -> int:
        """Rows under the header; the last row is kept for the rule that places the players, when one is said."""
        return max(1, _rows(frame) - (1 if self.rule(data) is not None else 0))

    def count(self, data: HallData, frame: Frame) -> int:
        return _paged(len(self.rows_of(data)), self.COLS * self._rows(data, frame))

    def header(self, lang: str, stages: bool = False, columns: StandingColumns = HANDS) -> list[str]:
        total, points = self.totals(lang, columns)
        if stages:
            both = say(lang, "TP / MP") if columns.total == HANDS.total else f"{total} / {points}"
            return ["#", say(lang, "Name"), say(lang, "Stage"), say(lang, "Stage pts"), both]
        return ["#", say(lang, "Name"), say(lang, "Team"), total, points]

    @staticmethod
    def totals(lang: str, columns: StandingColumns) -> tuple[str, str]:
        """The two totals' short titles: MCR's "TP" and "MP", a game's "Score" and "Points"."""
        if columns.total == HANDS.total:
            return say(lang, "TP"), say(lang, "MP")
        return said(lang, columns.total), said(lang, columns.points)

    def cells(self, row: object, lang: str, stages: bool = False, columns: StandingColumns = HANDS) -> list[str]:
        r = row  # StandingRow
        p = getattr(r, "stage", None)
        first, second = _totals(columns, stages)
        if stages and p is not None:
            # the word in the display's language(s), the numbers once ("carried 带入 2 / -12" in both)
            points = f"{first(p.carried_table_points)} / {second(p.carried_match_points)}"
            word = say(lang, "carried")
            carried = "" if p.stage == "qualifying" else f"  ·  {word} {points}"
            return [str(r.rank), r.name, said(lang, p.label) + carried,  # type: ignore[attr-defined]
                    f"{first(p.table_points)} / {second(p.match_points)}",
                    f"{first(r.table_points)} / {second(r.match_points)}"]  # type: ignore[attr-defined]
        return [str(r.rank), r.name, r.team or "", first(r.table_points),  # type: ignore[attr-defined]
                second(r.match_points) if columns.thousands else str(r.match_points)]  # type: ignore[attr-defined]

    def rows_of(self, data: HallData) -> Sequence[object]:
        return data.standings

    def paint(self, pt: Painter, frame: Frame, data: HallData, sub: int, lang: str, clock: ClockView | None) -> None:
        h = frame.full.height()
        stages = self.staged(data)
        rh, rows = row_height(h), self._rows(data, frame)
        widths = self.STAGED_WIDTHS if stages else self.GAME_WIDTHS if data.columns.thousands else self.WIDTHS
        items = self.rows_of(data)
        if not items:
            pt.text(frame.body, say(lang, "No results yet"), round(h * 0.06), DIM,
                    align=Qt.AlignmentFlag.AlignHCenter)
            return
        per = self.COLS * rows
        chunk = items[sub * per:(sub + 1) * per]
        pad = round(h * 0.015)
        cw = (frame.body.width() - pad) // self.COLS
        px = round(rh * 0.55)
        right = {0, 3, 4}
        said_rule = self.rule(data)
        if said_rule is not None:  # the rule that places the players, right below the list
            rule = QRect(frame.body.left() + pad, frame.body.top() + (min(len(chunk), rows) + 1) * rh,
                         frame.body.width() - 2 * pad, rh)
            pt.text(rule, said(lang, said_rule), round(px * 0.7), DIM)
        for c in range(self.COLS if len(chunk) > rows else 1):
            col = QRect(frame.body.left() + pad + c * cw, frame.body.top(), cw - pad, rh)
            for i, (cell, text) in enumerate(zip(_cells(col, widths), self.header(lang, stages, data.columns),
                                                 strict=True)):
                pt.text(cell.adjusted(6, 0, -6, 0), text, round(px * 0.7), DIM,
                        align=Qt.AlignmentFlag.AlignRight if i in right else Qt.AlignmentFlag.AlignLeft)
        for k, item in enumerate(chunk):
            c, r = divmod(k, rows)
            row = QRect(frame.body.left() + pad + c * cw, frame.body.top() + (r + 1) * rh, cw - pad, rh)
            if r % 2 == 0:
                pt.p.fillRect(row, STRIPE)
            for i, (cell, text) in enumerate(zip(_cells(row, widths), self.cells(item, lang, stages, data.columns),
                                                 strict=True)):
                color = ACCENT if i == 3 else DIM if i == 2 else FG
                if i == 1:  # the name (a team's on the team page): one line, smaller, then "…"
                    pt.name(cell.adjusted(6, 0, -6, 0), text, px, color)
                    continue
                # points ("7 / +141.5") shrink further before they take two lines: "7 /" over "+141.5" reads
                # wrong
                points = stages and i in (3, 4)
                pt.text(cell.adjusted(6, 0, -6, 0), text, round(px * (0.8 if i == 2 else 1)), color, bold=i in (0, 3),
                        align=Qt.AlignmentFlag.AlignRight if i in right else Qt.AlignmentFlag.AlignLeft,
                        shrink=0.6 if points else 0.75)


class TeamsPage(StandingsPage):
    key, en = "teams", NC_("hall", "Team standings")
    WIDTHS = (0.1, 0.46, 0.2, 0.1, 0.14)  # rank, team, members, table points, match points

    def staged(self, data: HallData) -> bool:
        return False  # teams rank by their members' whole-event totals

    def rule(self, data: HallData) -> str | None:
        return None  # teams rank by their members' totals: the individual page says the rule

    def header(self, lang: str, stages: bool = False, columns: StandingColumns = HANDS) -> list[str]:
        return ["#", say(lang, "Team"), say(lang, "Players"), *self.totals(lang, columns)]

    def cells(self, row: object, lang: str, stages: bool = False, columns: StandingColumns = HANDS) -> list[str]:
        r = row  # TeamStandingRow
        members = ", ".join(r.member_names or r.members)  # type: ignore[attr-defined]
        first, second = _totals(columns)
        return [str(r.rank), r.team, members, first(r.table_points),  # type: ignore[attr-defined]
                second(r.match_points) if columns.thousands else str(r.match_points)]  # type: ignore[attr-defined]

    def rows_of(self, data: HallData) -> Sequence[object]:
        return data.teams


# ------------------------------------------------------------------------------------------ best hands


FANS_SHOWN = 4  # the biggest fans of a best hand; more are said to be there ("…")


def best_hand_texts(b: object, lang: str) -> tuple[str, str]:
    """A best hand's two lines: who and where (the name once, also in both languages), and its biggest
    fans, with "…" when there are more."""
    who = f"{b.name}  ·  " + say(lang, "table {table}, hand {hand}",  # type: ignore[attr-defined]
                                 table=b.table, hand=b.hand)  # type: ignore[attr-defined]
    fans = b.fans  # type: ignore[attr-defined]
    text = ", ".join(pair(lang, en, zh) for en, zh in fans[:FANS_SHOWN]) + (", …" if len(fans) > FANS_SHOWN else "")
    return who, text or say(lang, "(totals only)")


class BestHandsPage(HallPage):
    key, en = "best", NC_("hall", "Best hands of the session")
    PER_PAGE = 5

    def count(self, data: HallData, frame: Frame) -> int:
        return _paged(len(data.best), self.PER_PAGE)

    def paint(self, pt: Painter, frame: Frame, data: HallData, sub: int, lang: str, clock: ClockView | None) -> None:
        h = frame.full.height()
        if not data.best:
            hidden = data.hidden_after is not None and data.session > data.hidden_after  # as on the players' page
            pt.text(frame.body, say(lang, "Hidden until the end of the tournament") if hidden else
                    say(lang, "No hands won yet in this session"), round(h * 0.06), DIM,
                    align=Qt.AlignmentFlag.AlignHCenter)
            return
        rh = frame.body.height() // self.PER_PAGE
        pad = round(h * 0.02)
        for k, b in enumerate(data.best[sub * self.PER_PAGE:(sub + 1) * self.PER_PAGE]):
            row = QRect(frame.body.left() + pad, frame.body.top() + k * rh, frame.body.width() - 2 * pad, rh)
            if k % 2 == 0:
                pt.p.fillRect(row, STRIPE)
            fan_box = QRect(row.left(), row.top(), round(row.width() * 0.16), rh)
            figure = said(lang, game_words.win_value(b.value.han, b.value.fu, b.value.yakuman, b.value.limit,
                                                     b.value.unit)) \
                if b.value is not None else say(lang, "{n} fan", n=b.fan_total) if lang != "both" else f"{b.fan_total}"
            pt.text(fan_box.adjusted(8, 0, -8, 0), figure, round(rh * 0.42), ACCENT, bold=True,
                    align=Qt.AlignmentFlag.AlignRight, shrink=0.5 if b.value is not None else 0.75)
            text_box = QRect(fan_box.right() + pad, row.top(), row.width() - fan_box.width() - pad, rh)
            who, fans = best_hand_texts(b, lang)
            pt.text(QRect(text_box.left(), text_box.top() + rh // 12, text_box.width(), rh // 2), who, round(rh * 0.3),
                    FG, bold=True)
            pt.text(QRect(text_box.left(), text_box.top() + rh // 2, text_box.width(), rh // 2 - rh // 12), fans,
                    round(rh * 0.24), DIM, shrink=0.6)


# ------------------------------------------------------------------------------------------ awards


def award_figure(b: AwardHand, lang: str) -> str:
    """A prize-list hand's figure: its fan total ("88 fan"), or a game's value ("Mangan 5 han", "Yakuman", a
    Chinese system's "Total 16")."""
    v = b.value
    if v is not None:
        return said(lang, game_words.win_value(v.han, v.fu, v.yakuman, v.limit, v.unit))
    return say(lang, "{n} fan", n=b.fan) if lang != "both" else f"{b.fan}"


class AwardsPage(HallPage):
    """The prize list (``db.read.queries.awards``): the tournament's best hands five a page, then one page with
    the chicken hands (无番和), the most wins and the best team."""

    key, en = "awards", NC_("hall", "Awards")
    PER_PAGE = 5

    def count(self, data: HallData, frame: Frame) -> int:
        a = data.awards
        return 1 if a is None else _paged(len(a.best_hands), self.PER_PAGE) + 1

    def paint(self, pt: Painter, frame: Frame, data: HallData, sub: int, lang: str, clock: ClockView | None) -> None:
        h = frame.full.height()
        a = data.awards
        if a is None or not a.most_wins:
            pt.text(frame.body, say(lang, "No hands won yet"), round(h * 0.06), DIM,
                    align=Qt.AlignmentFlag.AlignHCenter)
            return
        hand_pages = _paged(len(a.best_hands), self.PER_PAGE)
        if sub < hand_pages:
            self._hands(pt, frame, a, sub, lang)
        else:
            self._others(pt, frame, a, lang)

    def _hands(self, pt: Painter, frame: Frame, a: Awards, sub: int, lang: str) -> None:
        h = frame.full.height()
        rh = frame.body.height() // (self.PER_PAGE + 1)
        pad = round(h * 0.02)
        pt.text(QRect(frame.body.left() + pad, frame.body.top(), frame.body.width() - 2 * pad, rh),
                say(lang, "Best hands of the tournament"), round(rh * 0.4), FG, bold=True)
        for k, b in enumerate(a.best_hands[sub * self.PER_PAGE:(sub + 1) * self.PER_PAGE]):
            row = QRect(frame.body.left() + pad, frame.body.top() + (k + 1) * rh, frame.body.width() - 2 * pad, rh)
            if k % 2 == 0:
                pt.p.fillRect(row, STRIPE)
            fan_box = QRect(row.left(), row.top(), round(row.width() * 0.16), rh)
            pt.text(fan_box.adjusted(8, 0, -8, 0), award_figure(b, lang), round(rh * 0.42), ACCENT, bold=True,
                    align=Qt.AlignmentFlag.AlignRight, shrink=0.5)
            text_box = QRect(fan_box.right() + pad, row.top(), row.width() - fan_box.width() - pad, rh)
            where = say(lang, "session {session}, table {table}, hand {hand}", session=b.session, table=b.table,
                        hand=b.hand)
            pt.name(QRect(text_box.left(), text_box.top() + rh // 12, text_box.width(), rh // 2), b.name,
                    round(rh * 0.3), FG)
            fans = ", ".join(pair(lang, f.en, f.zh) for f in b.fans[:4])
            pt.text(QRect(text_box.left(), text_box.top() + rh // 2, text_box.width(), rh // 2 - rh // 12),
                    where + ("  ·  " + fans if fans else ""), round(rh * 0.24), DIM, shrink=0.6)

    def _others(self, pt: Painter, frame: Frame, a: Awards, lang: str) -> None:
        h = frame.full.height()
        pad = round(h * 0.02)
        cw = (frame.body.width() - 3 * pad) // 2
        rh = row_height(h)
        px = round(rh * 0.55)
        columns: tuple[tuple[str, tuple[AwardCount, ...]], ...] = (
            (say(lang, "Chicken hands"), a.chicken_hands), (say(lang, "Most wins"), a.most_wins))
        if a.game:  # a game has no fans, so no chicken hands: the wins alone
            columns = ((say(lang, "Most wins"), a.most_wins),)
        rows = max(1, _rows(frame) - 3)
        for c, (title, counts) in enumerate(columns):
            left = frame.body.left() + pad + c * (cw + pad)
            pt.text(QRect(left, frame.body.top(), cw, rh), title, px, ACCENT, bold=True)
            if not counts:
                pt.text(QRect(left, frame.body.top() + rh, cw, rh), "–", px, DIM)
            for k, n in enumerate(counts[:rows]):
                row = QRect(left, frame.body.top() + (k + 1) * rh, cw, rh)
                if k % 2 == 0:
                    pt.p.fillRect(row, STRIPE)
                pt.name(QRect(row.left() + 6, row.top(), round(cw * 0.8) - 12, rh), n.name, px, FG)
                pt.text(QRect(row.left() + round(cw * 0.8), row.top(), round(cw * 0.2) - 6, rh), str(n.count), px, FG,
                        bold=True, align=Qt.AlignmentFlag.AlignRight)
        team = a.best_team
        if team is not None:
            bottom = QRect(frame.body.left() + pad, frame.body.bottom() - rh, frame.body.width() - 2 * pad, rh)
            text = say(lang, "Best team: {team} · {points} TP", team=team.team, points=_points(team.table_points)) \
                if not a.game else say(lang, "Best team: {team} · {score}", team=team.team,
                                       score=f"{said(lang, GAME.total)} {GAME.total_text(team.table_points)}")
            pt.text(bottom, text, px, ACCENT, bold=True, shrink=0.6)


PAGES: dict[str, HallPage] = {p.key: p for p in (ClockPage(), FindTablePage(), StandingsPage(), TeamsPage(),
                                                 BestHandsPage(), AwardsPage())}
