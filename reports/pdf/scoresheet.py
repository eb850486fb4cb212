"""The table score sheet (R98 annex 5 比赛记分表): one landscape A4 page per table.

Layout, top to bottom (all sizes in points; see docs/reports.md):

* info boxes: session, table, date, start, end (empty boxes are filled by hand), and the mark legend;
* the hand grid: for each wind round four hand columns; per hand the winner's fans (short Chinese names
  and the fan total), then per player three rows: mark (▲ dealer, — discarder, + self-drawn, ○ draw,
  ✓ false win, ✗ warning), points won, points lost; a Σ column at the right;
* the result table: per player penalties, match points, session score (500 + match points), rank,
  table points and the player's signature; then the penalty/remark box and the referee's and chief
  referee's signatures.

``blank=True`` prints the sheet before play: names, seats, the dealer ▲ of every hand (known from the
rotation), and an empty grid with cells large enough to write in (≥ 11 mm × 7 mm).

The grid is drawn directly on the canvas by one Flowable per table: it is exact, and 250 tables render
in seconds (a Table of Paragraphs would build thousands of objects per page).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak

import texts
from db.read.views import SEATS, FanView, HandRow, PenaltyRow, TableSheet
from db.rules.profiles import PENALTY_KIND_LABELS
from reports.pdf import base
from reports.pdf.base import (
    WIND_ZH,
    Report,
    ellipsize,
    first,
    fit_size,
    fmt_points,
    fmt_signed,
    second,
    two,
)
from reports.pdf.fonts import FontSet
from reports.snapshot import played
from texts import NC_

GRID = colors.HexColor("#000000")
SHADE = colors.HexColor("#EEEEEE")
FAINT = colors.HexColor("#666666")


# The sheet's words come from the catalogue (msgctxt "report", docs/texts.md) in the reports' two languages
# (reports.pdf.base.LANGUAGES, read when a sheet is drawn: the pseudo-locale test sets both to "xx").
# The wind rounds' captions, one text each (a language may say each its own way).
ROUND = {"E": NC_("report", "East round"), "S": NC_("report", "South round"), "W": NC_("report", "West round"),
         "N": NC_("report", "North round")}


def penalty_kind(kind: str) -> str:
    """A penalty's kind in the remarks, the second language first: "迟到 lateness" (an unknown kind: its code)."""
    label = PENALTY_KIND_LABELS.get(kind)
    if label is None:
        return kind
    one, other = (texts.said(label, lang) for lang in base.LANGUAGES)
    return other if one == other else f"{other} {one.lower()}"


def settlement_text(row: PenaltyRow) -> str:
    """How a penalty's points were settled, short: "扣除 deducted", "→三家 to others", "→ Anna"."""
    if row.settlement == "deducted":
        return two("deducted", second_first=True)
    if row.settlement == "others":
        # TRANSLATORS: the score sheet's remarks, after an arrow: the points go to the table's other three players
        return "→" + two("to others", second_first=True)
    if row.settlement == "player":
        return f"→ {row.to_player.name}" if row.to_player is not None else "→"
    return row.settlement


def fan_total_text(row: HandRow) -> str:
    """A win's fan total as printed, in the second language (a narrow cell): the total already counts the
    flowers, so they are said to be in it ("12番(含花2)"), never added ("12番+2花" read as 14)."""
    if row.flowers:
        return second("{fans} fans (incl. {flowers} flowers)", fans=row.fan_total, flowers=row.flowers)
    return second("{fans} fans", fans=row.fan_total)


def fans_short(fans: Sequence[FanView]) -> list[str]:
    """Chinese short names, ``×n`` for repeated fans: ["清一色", "幺九刻×2"]."""
    return [f.zh + (f"×{f.count}" if f.count > 1 else "") for f in fans]


def wrap(words: Sequence[str], font: str, size: float, width: float) -> list[str]:
    """Greedy line filling; a word wider than the line is cut by characters (CJK has no spaces)."""
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}" if line else word
        if stringWidth(candidate, font, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if stringWidth(line + ch, font, size) > width and line:
                lines.append(line)
                line = ""
            line += ch
    if line:
        lines.append(line)
    return lines


def fit_lines(words: Sequence[str], font: str, width: float, height: float,
              sizes: Sequence[float] = (6.0, 5.5, 5.0, 4.5)) -> tuple[float, list[str]]:
    """The largest size at which ``words`` fit the box; at the smallest size, the overflow becomes "…"."""
    for size in sizes:
        lines = wrap(words, font, size, width)
        if len(lines) * size * 1.1 <= height:
            return size, lines
    size = sizes[-1]
    lines = wrap(words, font, size, width)
    keep = max(1, int(height // (size * 1.1)))
    if len(lines) > keep:
        lines = lines[:keep]
        last = lines[-1]
        while last and stringWidth(last + "…", font, size) > width:
            last = last[:-1]
        lines[-1] = last + "…"
    return size, lines


def dealer_of(sheet: TableSheet, hand_index: int) -> int | None:
    """The dealer of hand ``hand_index`` (0-based) from the seat rotation: the player at seat position
    k in hand k of a wind round (TOURNAMENT.md "Seats and winds")."""
    round_index, k = divmod(hand_index, 4)
    for player, seats in enumerate(sheet.round_seats):
        if round_index < len(seats) and seats[round_index] == SEATS[k]:
            return player
    return None


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Column widths and row heights of the sheet, in points. Width 784 fits landscape A4 at 10 mm."""

    info_h: float = 30
    gap: float = 7
    seat_w: float = 50
    player_w: float = 128
    label_w: float = 34
    total_w: float = 46
    round_h: float = 14
    hand_h: float = 14
    fans_h: float = 36
    row_h: float = 20  # one of the three rows (mark / won / lost) of a player
    result_head_h: float = 22
    result_row_h: float = 25
    sign_h: float = 44


class ScoreSheetPage(Flowable):
    """One table's score sheet, drawn on the canvas."""

    def __init__(self, sheet: TableSheet, fonts: FontSet, width: float, blank: bool,
                 geometry: _Geometry, link: str | None = None) -> None:
        super().__init__()
        self.sheet = sheet
        self.link = link
        self.fonts = fonts
        self.width = width
        self.blank = blank
        self.g = geometry
        self.columns = max(1, sheet.hands_per_session)
        self.hand_w = (width - geometry.seat_w - geometry.player_w - geometry.label_w - geometry.total_w) / self.columns
        g = geometry
        self.grid_h = g.round_h + g.hand_h + g.fans_h + 4 * 3 * g.row_h
        self.height = (g.info_h + g.gap + self.grid_h + g.gap + g.result_head_h + 4 * g.result_row_h
                       + g.gap + g.sign_h)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    # -- drawing helpers (y measured downwards from the top of the flowable) ---------------------
    def _y(self, top: float) -> float:
        return self.height - top

    def _text(self, x: float, top: float, w: float, h: float, text: str, size: float,
              align: str = "center", font: str | None = None, color: colors.Color = GRID) -> None:
        c = self.canv
        c.setFillColor(color)
        c.setFont(font or self.fonts.main, size)
        baseline = self._y(top + h / 2) - size * 0.35
        if align == "center":
            c.drawCentredString(x + w / 2, baseline, text)
        elif align == "right":
            c.drawRightString(x + w - 2.5, baseline, text)
        else:
            c.drawString(x + 2.5, baseline, text)

    def _label(self, x: float, top: float, text: str, size: float = 6) -> None:
        """A small caption in the top-left corner of a box."""
        c = self.canv
        c.setFillColor(FAINT)
        c.setFont(self.fonts.main, size)
        c.drawString(x + 2, self._y(top) - size - 1, text)
        c.setFillColor(GRID)

    def _box(self, x: float, top: float, w: float, h: float, fill: colors.Color | None = None,
             width: float = 0.6) -> None:
        c = self.canv
        c.setLineWidth(width)
        if fill is not None:
            c.setFillColor(fill)
        c.rect(x, self._y(top + h), w, h, stroke=1, fill=1 if fill is not None else 0)
        c.setFillColor(GRID)

    def _fit(self, text: str, size: float, width: float) -> float:
        """Shrink ``size`` until ``text`` fits ``width`` (names are never cut)."""
        return fit_size(text, self.fonts.main, size, width, minimum=5)

    def _mark(self, x: float, top: float, w: float, h: float, marks: str) -> None:
        printed = "".join(self.fonts.marks[m] for m in marks)
        self._text(x, top, w, h, printed, 10, font=self.fonts.symbols)

    # -- the page ---------------------------------------------------------------------------------
    def draw(self) -> None:
        g = self.g
        top = 0.0
        self._draw_info(top)
        top += g.info_h + g.gap
        self._draw_grid(top)
        top += self.grid_h + g.gap
        self._draw_results(top)
        top += g.result_head_h + 4 * g.result_row_h + g.gap
        self._draw_signatures(top)

    def _draw_info(self, top: float) -> None:
        s, h = self.sheet, self.g.info_h
        day = s.session_date or (s.start_time.date() if s.start_time else None)
        fields = [
            (two("Session"), str(s.session), 62, 14),
            (two("Table"), str(s.table), 62, 14),
            (two("Date"), day.isoformat() if day else "", 96, 11),
            (two("Start"), s.start_time.strftime("%H:%M") if s.start_time else "", 66, 11),
            (two("End"), s.end_time.strftime("%H:%M") if s.end_time else "", 66, 11),
            (two("Time called after hand"), "" if s.time_called_after is None else str(s.time_called_after),
             112, 11),
        ]
        x = 0.0
        for caption, value, w, size in fields:
            self._box(x, top, w, h, width=0.8)
            self._label(x, top, caption)
            self._text(x, top + 5, w, h - 5, value, size)
            x += w
        x += 8
        legend = [("▲", two("dealer")), ("—", two("discarder")), ("+", two("self-drawn")),
                  ("○", two("draw")), ("✓", two("false win")), ("✗", two("warning"))]
        c = self.canv
        col_w = (self.width - x - 60) / 3
        for i, (mark, words) in enumerate(legend):
            lx = x + (i % 3) * col_w
            ly = self._y(top + 11 + (i // 3) * 12)
            c.setFont(self.fonts.symbols, 9)
            c.drawString(lx, ly, self.fonts.marks[mark])
            c.setFont(self.fonts.main, 7.5)
            c.drawString(lx + 12, ly, words)
        status = []
        if s.signed_off:
            status.append(two("Signed off"))
        c.setFont(self.fonts.main, 7)
        for i, line in enumerate(status):
            c.drawRightString(self.width, self._y(top + 11 + i * 12), line)

    def _grid_x(self) -> tuple[float, float, float, float]:
        g = self.g
        seat_x = 0.0
        player_x = seat_x + g.seat_w
        label_x = player_x + g.player_w
        hands_x = label_x + g.label_w
        return seat_x, player_x, label_x, hands_x

    def _draw_grid(self, top: float) -> None:
        g = self.g
        seat_x, player_x, label_x, hands_x = self._grid_x()
        total_x = hands_x + self.columns * self.hand_w
        head_h = g.round_h + g.hand_h + g.fans_h
        self._draw_captions(top, head_h, (seat_x, player_x, label_x, total_x))
        hands = self._draw_hand_heads(top, hands_x)
        # Player blocks.
        marks = self._marks()
        s = self.sheet
        unplayed = s.time_called_after if (s.time_called_after is not None and not self.blank) else None
        for i in range(4):
            block_top = top + head_h + i * 3 * g.row_h
            self._draw_block(i, block_top, (label_x, hands_x, total_x), hands, marks, unplayed)
        self._draw_heavy_lines(top, head_h, hands_x, total_x)

    def _draw_captions(self, top: float, head_h: float, xs: tuple[float, float, float, float]) -> None:
        """Column captions on the left and the Σ column."""
        g = self.g
        seat_x, player_x, label_x, total_x = xs
        self._box(seat_x, top, g.seat_w, head_h, fill=SHADE)
        self._text(seat_x, top, g.seat_w, head_h / 2, two("Seat"), 7.5)
        self._text(seat_x, top + head_h / 2 - 6, g.seat_w, 12, two("per round"), 6, color=FAINT)
        # TRANSLATORS: the score sheet's seat column: the four wind rounds in order, {winds} = "东 南 西 北"
        rounds = second("{winds} rounds", winds=" ".join(WIND_ZH[w] for w in SEATS))
        self._text(seat_x, top + head_h / 2 + 4, g.seat_w, 12, rounds, 6, color=FAINT)
        self._box(player_x, top, g.player_w, head_h, fill=SHADE)
        self._text(player_x, top, g.player_w, head_h / 2, two("Player"), 8)
        self._text(player_x, top + head_h / 2, g.player_w, head_h / 2, two("name · no. · team"), 6,
                   color=FAINT)
        self._box(label_x, top, g.label_w, g.round_h + g.hand_h, fill=SHADE)
        # TRANSLATORS: the score sheet's caption of its wind-round row (East round, South round, …)
        self._text(label_x, top, g.label_w, g.round_h, two("Round"), 6.5)
        self._text(label_x, top + g.round_h, g.label_w, g.hand_h, two("Hand"), 6.5)
        self._box(label_x, top + g.round_h + g.hand_h, g.label_w, g.fans_h, fill=SHADE)
        self._text(label_x, top + g.round_h + g.hand_h, g.label_w, g.fans_h / 2, two("Fans"), 6.5)
        # the caption is wider than its cell in every language: wrapped at words, never over the next cell
        lines = simpleSplit(two("total incl. flowers"), self.fonts.main, 5, g.label_w - 2)
        line_h = min(5.6, g.fans_h / 2 / max(1, len(lines)))
        first_top = top + g.round_h + g.hand_h + g.fans_h * 3 / 4 - line_h * len(lines) / 2
        for i, line in enumerate(lines):
            self._text(label_x, first_top + i * line_h, g.label_w, line_h, line, self._fit(line, 5, g.label_w - 2))
        self._box(total_x, top, g.total_w, head_h, fill=SHADE)
        self._text(total_x, top, g.total_w, head_h / 2, first("Total") + " Σ", 7.5)
        self._text(total_x, top + head_h / 2, g.total_w, head_h / 2, second("Total"), 7.5)

    def _draw_hand_heads(self, top: float, hands_x: float) -> dict[int, HandRow]:
        """Wind-round groups and hand numbers, with each hand's fans; the hands by number."""
        g, s = self.g, self.sheet
        for r in range((self.columns + 3) // 4):
            span = min(4, self.columns - 4 * r)
            wind = SEATS[r % 4]
            x = hands_x + 4 * r * self.hand_w
            self._box(x, top, span * self.hand_w, g.round_h, fill=SHADE)
            self._text(x, top, span * self.hand_w, g.round_h, two(ROUND[wind]), 7)
        hands = {h.hand: h for h in s.hands}
        for col in range(self.columns):
            x = hands_x + col * self.hand_w
            self._box(x, top + g.round_h, self.hand_w, g.hand_h, fill=SHADE)
            self._text(x, top + g.round_h, self.hand_w, g.hand_h, str(col + 1), 8)
            self._box(x, top + g.round_h + g.hand_h, self.hand_w, g.fans_h)
            row = hands.get(col + 1)
            if row is not None and not self.blank:
                self._draw_fans(x, top + g.round_h + g.hand_h, row)
        return hands

    def _draw_block(self, i: int, block_top: float, xs: tuple[float, float, float], hands: dict[int, HandRow],
                    marks: list[list[str]], unplayed: int | None) -> None:
        """Player ``i``'s block: name, marks, what they won and lost in each hand, and the totals."""
        g = self.g
        label_x, hands_x, total_x = xs
        self._draw_player(i, block_top)
        for j, caption in enumerate((two("Mark"), two("Won"), two("Lost"))):
            self._box(label_x, block_top + j * g.row_h, g.label_w, g.row_h, fill=SHADE)
            self._text(label_x, block_top + j * g.row_h, g.label_w, g.row_h, caption, 5.8)
        won = lost = 0
        for col in range(self.columns):
            x = hands_x + col * self.hand_w
            dead = unplayed is not None and col + 1 > unplayed and (col + 1) not in hands
            for j in range(3):
                self._box(x, block_top + j * g.row_h, self.hand_w, g.row_h, fill=SHADE if dead else None)
            if marks[col][i]:
                self._mark(x, block_top, self.hand_w, g.row_h, marks[col][i])
            row = hands.get(col + 1)
            if row is None or self.blank:
                continue
            delta = row.deltas[i]
            if delta > 0:
                won += delta
                self._text(x, block_top + g.row_h, self.hand_w, g.row_h, str(delta), 9.5)
            elif delta < 0:
                lost += -delta
                self._text(x, block_top + 2 * g.row_h, self.hand_w, g.row_h, str(-delta), 9.5)
        for j, caption in enumerate((two("net"), two("won"), two("lost"))):
            self._box(total_x, block_top + j * g.row_h, g.total_w, g.row_h)
            self._label(total_x, block_top + j * g.row_h, caption, 5)
        if not self.blank:
            self._text(total_x, block_top, g.total_w, g.row_h, fmt_signed(won - lost), 9.5)
            self._text(total_x, block_top + g.row_h, g.total_w, g.row_h, str(won), 9)
            self._text(total_x, block_top + 2 * g.row_h, g.total_w, g.row_h, str(lost), 9)

    def _draw_heavy_lines(self, top: float, head_h: float, hands_x: float, total_x: float) -> None:
        """Heavier lines: around player blocks and between wind rounds, so a pen finds its cell."""
        g = self.g
        c = self.canv
        c.setLineWidth(1.4)
        grid_bottom = top + self.grid_h
        c.rect(0, self._y(grid_bottom), total_x + g.total_w, self.grid_h)
        for i in range(5):
            y = self._y(top + head_h + i * 3 * g.row_h)
            c.line(0, y, total_x + g.total_w, y)
        for r in range(1, (self.columns + 3) // 4):
            x = hands_x + 4 * r * self.hand_w
            c.line(x, self._y(top), x, self._y(grid_bottom))
        for x in (hands_x, total_x):
            c.line(x, self._y(top), x, self._y(grid_bottom))

    def _marks(self) -> list[list[str]]:
        """``marks[col][player]``: the symbols printed in each mark cell."""
        s = self.sheet
        marks = [["", "", "", ""] for _ in range(self.columns)]
        hands = {h.hand: h for h in s.hands}
        called = s.time_called_after if not self.blank else None
        for col in range(self.columns):
            row = hands.get(col + 1)
            if row is None and called is not None and col + 1 > called:
                continue  # not played: time was called
            dealer = row.dealer if (row is not None and not self.blank) else dealer_of(s, col)
            if dealer is not None:
                marks[col][dealer] += "▲"
            if row is None or self.blank:
                continue
            if row.kind == "draw":
                for i in range(4):
                    marks[col][i] += "○"
            elif row.winner is not None:
                if row.self_drawn:
                    marks[col][row.winner] += "+"
                elif row.discarder is not None:
                    marks[col][row.discarder] += "—"
        if not self.blank:
            for penalty in s.penalties:
                if penalty.hand is None or not 1 <= penalty.hand <= self.columns:
                    continue
                who = self._player_index(penalty.player.number)
                if who is not None:
                    marks[penalty.hand - 1][who] += "✓" if penalty.kind.startswith("false_win") else "✗"
        return marks

    def _player_index(self, number: str) -> int | None:
        for i, p in enumerate(self.sheet.players):
            if p.number == number:
                return i
        return None

    def _draw_fans(self, x: float, top: float, row: HandRow) -> None:
        h, w = self.g.fans_h, self.hand_w
        if row.kind == "draw":
            self._text(x, top, w, h, two("draw", second_first=True), 6.5, color=FAINT)
            return
        total = fan_total_text(row)
        names = fans_short(row.fans)
        if stringWidth(total, self.fonts.main, 5) > w - 2 and row.flowers:
            # a language whose words are longer than the cell: the flowers go first among the fan names
            total = second("{fans} fans", fans=row.fan_total)
            names = second("incl. {flowers} flowers", flowers=row.flowers).split() + names
        self._text(x, top, w, 10, total, self._fit(total, 7, w - 2))
        size, lines = fit_lines(names, self.fonts.main, w - 3, h - 11)
        c = self.canv
        c.setFont(self.fonts.main, size)
        for n, line in enumerate(lines):
            c.drawCentredString(x + w / 2, self._y(top + 10 + (n + 1) * size * 1.1) + 0.5, line)

    def _draw_player(self, i: int, top: float) -> None:
        g, s = self.g, self.sheet
        seat_x, player_x, _, _ = self._grid_x()
        h = 3 * g.row_h
        start = SEATS[i]
        self._box(seat_x, top, g.seat_w, h)
        self._text(seat_x, top + 4, g.seat_w, h / 2, f"{start} {WIND_ZH[start]}", 14)
        rounds = s.round_seats[i] if i < len(s.round_seats) else ()
        self._text(seat_x, top + h / 2 + 4, g.seat_w, h / 2 - 4,
                   " ".join(WIND_ZH.get(seat, seat) for seat in rounds), 8.5)
        self._box(player_x, top, g.player_w, h)
        p = s.players[i]
        self._draw_name(player_x, top + 2, g.player_w, h / 2, p.name)
        details = first("No.") + f" {p.number}" + (f" · {p.team}" if p.team else "")
        size = self._fit(details, 7.5, g.player_w - 6)
        self._text(player_x, top + h / 2, g.player_w, h / 3, ellipsize(details, self.fonts.main, size, g.player_w - 6),
                   size, align="left", color=FAINT)

    def _draw_name(self, x: float, top: float, w: float, h: float, name: str) -> None:
        """One line down to 9 pt; a longer name wraps onto two lines rather than shrinking further."""
        size = self._fit(name, 11, w - 6)
        if size >= 9:
            self._text(x, top, w, h, name, size, align="left")
            return
        size = 9.0
        lines = wrap(name.split(), self.fonts.main, size, w - 6)
        while len(lines) > 2 and size > 6:
            size -= 0.5
            lines = wrap(name.split(), self.fonts.main, size, w - 6)
        if len(lines) > 2:  # still longer at the smallest size: the second line ends with "…"
            lines = [lines[0], ellipsize(lines[1] + " " + " ".join(lines[2:]), self.fonts.main, size, w - 6)]
        line_h = size * 1.15
        first = top + (h - line_h * len(lines)) / 2
        for n, line in enumerate(lines):
            self._text(x, first + n * line_h, w, line_h, line, size, align="left")

    def _draw_results(self, top: float) -> None:
        g, s = self.g, self.sheet
        columns = [
            (two("Seat"), g.seat_w),
            (two("Player"), g.player_w),
            (two("Penalties"), 62),
            (two("Match points"), 80),
            (two("Session score") + " (500+)", 96),
            (two("Rank"), 50),
            (two("Table points"), 70),
        ]
        used = sum(w for _, w in columns)
        columns.append((two("Player signature"), self.width - used))
        x = 0.0
        for caption, w in columns:
            self._box(x, top, w, g.result_head_h, fill=SHADE)
            self._text(x, top, w, g.result_head_h, caption, self._fit(caption, 7.5, w - 4))
            x += w
        penalties = [0, 0, 0, 0]
        for p in s.penalties:
            for i in range(4):
                penalties[i] += p.deltas[i]
        for i, player in enumerate(s.players):
            row_top = top + g.result_head_h + i * g.result_row_h
            values = [f"{SEATS[i]} {WIND_ZH[SEATS[i]]}", player.name]
            if self.blank:
                values += ["", "", "", "", "", ""]
            else:
                values += [
                    fmt_signed(penalties[i]) if any(penalties) else "",
                    fmt_signed(s.match_points[i]),
                    str(s.session_scores[i]),
                    str(s.ranks[i]) if played(s) else "",
                    fmt_points(s.table_points[i]) if played(s) else "",  # not started: none yet
                    "",
                ]
            x = 0.0
            for n, ((_, w), value) in enumerate(zip(columns, values, strict=True)):
                self._box(x, row_top, w, g.result_row_h)
                if value:
                    align = "left" if n == 1 else "center"
                    size = self._fit(value, 10.5, w - 6) if n == 1 else 11
                    value = ellipsize(value, self.fonts.main, size, w - 6)
                    self._text(x, row_top, w, g.result_row_h, value, size, align=align)
                x += w
        c = self.canv
        c.setLineWidth(1.4)
        height = g.result_head_h + 4 * g.result_row_h
        c.rect(0, self._y(top + height), self.width, height)

    def _draw_signatures(self, top: float) -> None:
        g, s = self.g, self.sheet
        sign_w = 190
        qr_w = g.sign_h + 40 if self.link else 0
        remarks_w = self.width - 2 * sign_w - qr_w
        if self.link:
            self._draw_link(remarks_w, top, qr_w, g.sign_h)
        self._box(0, top, remarks_w, g.sign_h, width=1.0)
        self._label(0, top, two("Penalties / remarks"), 6.5)
        if not self.blank and s.penalties:
            lines = [self._penalty_line(p) for p in s.penalties]
            c = self.canv
            size = 6.5 if len(lines) <= 4 else 5.5
            c.setFont(self.fonts.main, size)
            keep = int((g.sign_h - 10) // (size * 1.15))
            for n, line in enumerate(lines[:keep]):
                if n == keep - 1 and len(lines) > keep:
                    # outside the f-string: Babel reads no call inside one
                    more, see = two("{n} more", " / ", n=len(lines) - n), two("see penalty record")
                    line = f"… {more} ({see})"
                line = ellipsize(" ".join(line.split()), self.fonts.main, size, remarks_w - 6)  # one line each
                c.drawString(3, self._y(top + 9 + (n + 1) * size * 1.15), line)
        signature = two("signature")
        for n, caption in enumerate((two("Referee"), two("Chief referee"))):
            x = remarks_w + qr_w + n * sign_w
            self._box(x, top, sign_w, g.sign_h, width=1.0)
            self._label(x, top, f"{caption} — {signature}", 6.5)

    def _draw_link(self, x: float, top: float, w: float, h: float) -> None:
        """The table's device link as a QR code (scanned by the table's phone), with a caption."""
        assert self.link is not None
        self._box(x, top, w, h, width=1.0)
        self._label(x, top, first("Table link"), 6)
        self._label(x, top + 8, second("Table link"), 6)
        widget = QrCodeWidget(self.link, barLevel="L", barBorder=0)
        x0, y0, x1, y1 = widget.getBounds()
        size = h - 4
        drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
        drawing.add(widget)
        renderPDF.draw(drawing, self.canv, x + w - size - 2, self._y(top + h - 2))

    def _penalty_line(self, p: PenaltyRow) -> str:
        if p.hand is not None:
            hand = two("hand") + f" {p.hand}"
        else:
            # TRANSLATORS: a penalty given for the whole session, not in one hand (the score sheet's remarks)
            hand = two("session")
        kind = penalty_kind(p.kind)
        settle = settlement_text(p)
        reason = f" — {p.reason}" if p.reason else ""
        return f"{p.seat} {p.player.name}: {kind} {p.points}, {hand}, {settle}{reason}"


class ScoreSheetReport(Report[Sequence[TableSheet]]):
    """Score sheets of a session: one landscape A4 page per table, in the order given."""

    pagesize = landscape(A4)
    left_margin = 10 * mm
    right_margin = 10 * mm
    top_margin = 15 * mm
    bottom_margin = 11 * mm
    title_en = NC_("report", "Score sheet")
    geometry = _Geometry()

    def __init__(self, blank: bool = False, generated_at: datetime | None = None,
                 links: Mapping[tuple[int, int], str] | None = None) -> None:
        """``links``: (session, table) -> the table device's link, printed as a QR code on that sheet."""
        super().__init__(generated_at)
        self.blank = blank
        self.links = links or {}

    def _tournament(self, data: Sequence[TableSheet]) -> str:
        if not data:
            raise ValueError("no tables to print: the session has no seating")
        return data[0].tournament

    def _subtitle(self, data: Sequence[TableSheet]) -> str:
        sessions = sorted({s.session for s in data})
        text = two("Session") + " " + ", ".join(map(str, sessions))
        return text + (" · " + two("blank") if self.blank else "")

    def _story(self, data: Sequence[TableSheet]) -> list[Flowable]:
        width = self.pagesize[0] - self.left_margin - self.right_margin
        story: list[Flowable] = []
        for n, sheet in enumerate(data):
            if n:
                story.append(PageBreak())
            story.append(ScoreSheetPage(sheet, self.fonts, width, self.blank, self.geometry,
                                        self.links.get((sheet.session, sheet.table))))
        return story
