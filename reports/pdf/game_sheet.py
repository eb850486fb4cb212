"""The Riichi score sheet: one landscape A4 page per table (a second one when the hands do not fit).

From a :class:`db.read.views.GameSheet` (the store's reading of a table's game), top to bottom:

* info boxes: profile, session, table, date, start points, time called; the legend; the four players
  (starting seat, number, name, team);
* one line per hand: hand number, round, dealer, honba, deposits, who declared riichi, the outcome and who
  (winner ← discarder, tenpai players, nagashi players, the chombo player), the value (han/fu, a limit or
  yakuman), the yaku, pao, then each player's change and points after the hand. A hand with several
  winners (a double ron) takes one line per winner, and a long list of yaku wraps onto a second line;
* once the game is over: per player the raw points, place, uma, penalty and the final score, with the
  players' signatures; while it is not: the state of the next hand. The referee's signature boxes.

Players are named by their starting seat (E S W N, 东 南 西 北 on a Chinese sheet), as the players' boxes
and the columns say. Headings are bilingual as on every report (``reports.pdf.base.two``); the hand lines'
words (outcomes, limits, yaku) are in the sheet's language, ``lang``: a line of yaku in two languages does not
fit. The English sheet puts the romaji beside each English yaku name when the line has room.

Drawn on the canvas by one Flowable per page (as ``scoresheet.py``): exact geometry, no flowing text.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak

import texts
from db.read.views import GameHandView, GameSheet, GameWinView
from db.rules import game_words
from reports.pdf import base
from reports.pdf.base import Report, ellipsize, fit_size, said_two, two
from reports.pdf.fonts import FontSet
from reports.pdf.scoresheet import wrap
from texts import NC_

GRID = colors.HexColor("#000000")
SHADE = colors.HexColor("#EEEEEE")
FAINT = colors.HexColor("#555555")
SEATS = "ESWN"


# -- words of the hand lines, in the sheet's language ---------------------------------------------------


def seat(player: int, lang: str) -> str:
    """A player by their starting seat: "E" (English), "东" (Chinese)."""
    return texts.gettext(lang, SEATS[player], "wind")


def seats(players: Sequence[int], lang: str) -> str:
    return " ".join(seat(p, lang) for p in players)


def round_label(round_: str, lang: str) -> str:
    """ "E1" as the sheet's language writes it: "E1", "东1"."""
    return (texts.gettext(lang, round_[0], "wind") + round_[1:]) if round_[:1] in SEATS else round_


def outcome(hand: GameHandView, lang: str) -> str:
    """The outcome's name: "Ron", "Exhaustive draw", …"""
    word = game_words.OUTCOMES.get(hand.kind)
    return texts.said(word, lang) if word is not None else hand.kind


def who(hand: GameHandView, lang: str) -> list[str]:
    """Who the outcome names, one entry per line: "S ← W" per winner of a ron, the tsumo's winner, the
    tenpai players of a draw, the nagashi players, the chombo player."""
    if hand.kind == "ron":
        discarder = f" ← {seat(hand.discarder, lang)}" if hand.discarder is not None else ""
        return [seat(w.player, lang) + discarder for w in hand.winners]
    if hand.kind == "tsumo":
        return [seat(w.player, lang) for w in hand.winners]
    if hand.kind == "draw":
        return [texts.said(game_words.COLUMNS["tenpai"], lang) + " " + (seats(hand.tenpai, lang) or "—")]
    if hand.kind == "nagashi":
        line = seats(hand.nagashi, lang)
        if hand.tenpai:
            line += " · " + texts.said(game_words.COLUMNS["tenpai"], lang) + " " + seats(hand.tenpai, lang)
        return [line]
    if hand.kind == "chombo" and hand.chombo is not None:
        return [seat(hand.chombo, lang)]
    return [""]


def value(win: GameWinView, lang: str) -> str:
    return texts.said(game_words.hand_value(win.han, win.fu, win.yakuman, win.limit), lang)


def yaku_items(win: GameWinView, lang: str, romaji: bool) -> list[str]:
    """Each yaku with its han, in the sheet's language: "Riichi 1", "All simples (Tanyao) 1", "Dora 2";
    a yakuman's han (13 and more) is left out, the value says it."""
    items = []
    for yaku_id, han in win.yaku:
        name = texts.said(game_words.yaku_name(yaku_id), lang)
        roma = game_words.yaku_romaji(yaku_id)
        if romaji and roma.lower() != name.lower():
            name = f"{name} ({roma})"
        items.append(name if han >= 13 or han <= 0 else f"{name} {han}")
    return items


def points(value: int) -> str:
    """Points with a thousands separator: 30,000."""
    return f"{value:,}"


def change(value: int) -> str:
    """A hand's change of a player's points, signed; nothing for none."""
    return f"{value:+,}" if value else ""


def thousands(value: float) -> str:
    """Uma, penalties and the final score: thousands, one decimal, signed.

    >>> thousands(45.3), thousands(-20), thousands(0.0), thousands(-0.04)
    ('+45.3', '-20.0', '0.0', '0.0')
    """
    text = f"{value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


# -- geometry ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Sizes in points; the width of landscape A4 at 10 mm margins is 785."""

    info_h: float = 28
    players_h: float = 30
    gap: float = 5
    head_h: float = 32
    line_h: float = 9.5  # one line of a hand
    pad: float = 4  # above and below a hand's lines
    size: float = 7.5  # the hand lines' print
    cont_h: float = 16  # the heading of a continued page
    result_head_h: float = 20
    result_row_h: float = 22
    next_h: float = 26
    sign_w: float = 190
    yaku_lines: int = 4  # a winner's yaku wrap onto at most this many lines


# (line height, print size) of the hand lines, largest first: a short game is printed large, a long one
# small enough to stay on one page as long as it can (docs/reports.md).
PRINT: tuple[tuple[float, float], ...] = ((13, 9), (11.5, 8.5), (10.5, 8), (9.5, 7.5))

# (key, width): the hand line's columns; "yaku" takes what is left of the width.
COLUMNS: tuple[tuple[str, float], ...] = (
    ("hand", 20), ("round", 22), ("dealer", 24), ("honba", 22), ("deposits", 30), ("riichi", 34),
    ("outcome", 58), ("who", 46), ("value", 64), ("yaku", 0), ("pao", 22),
)
CHANGE_W, POINTS_W = 38, 38  # each player's two columns


@dataclass(frozen=True, slots=True)
class HandLines:
    """One hand as printed: its cells, line by line (a double ron has a line per winner)."""

    hand: GameHandView
    outcome: str
    who: tuple[str, ...]
    values: tuple[str, ...]
    yaku: tuple[tuple[str, ...], ...]  # per winner (or an abortive draw's reason): its lines
    yaku_size: float
    pao: tuple[str, ...]

    @property
    def lines(self) -> int:
        per_winner = [max(1, len(lines)) for lines in self.yaku] or [1]
        return max(sum(per_winner), len(self.who), 1)


def lay_out_yaku(items: list[str], sep: str, font: str, width: float, size: float,
                 max_lines: int) -> tuple[float, list[str]]:
    """The yaku at the largest size (down to 6 pt, still read at arm's length) at which they fit ``max_lines``
    lines of ``width``; still too long at 6 pt: the last line ends with "…"."""
    s = size
    while True:
        lines = _wrap_items(items, sep, font, s, width)
        if len(lines) <= max_lines or s <= 6:
            break
        s -= 0.5
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + "…", font, s, width)
    return s, lines


def _wrap_items(items: list[str], sep: str, font: str, size: float, width: float) -> list[str]:
    """Lines of whole items joined by ``sep`` (a line ends with it when the list goes on); an item alone
    wider than the line is cut by characters."""
    lines: list[str] = []
    line = ""
    mark = sep.rstrip()  # what ends a line when the list goes on ("," or "、")
    for n, item in enumerate(items):
        candidate = f"{line}{sep}{item}" if line else item
        # the mark a line would end with counts, else it is pushed alone onto a line of its own ("、")
        tail = mark if n < len(items) - 1 else ""
        if stringWidth(candidate + tail, font, size) <= width or not line:
            line = candidate
        else:
            lines.append(line + mark)
            line = item
    if line:
        lines.append(line)
    out: list[str] = []
    for line in lines:
        out.extend(wrap([line], font, size, width) if stringWidth(line, font, size) > width else [line])
    return out


def hand_lines(hand: GameHandView, lang: str, font: str, yaku_w: float, g: _Geometry) -> HandLines:
    """What a hand's line says, in ``lang``. The English sheet gives the romaji beside each yaku when that
    takes no more lines and no smaller print than the English names alone."""
    sep = texts.said(game_words.YAKU_SEP, lang)
    yaku: list[list[str]] = []
    sizes: list[float] = []
    for win in hand.winners:
        items = yaku_items(win, lang, romaji=False)
        size, lines = lay_out_yaku(items, sep, font, yaku_w - 5, g.size, g.yaku_lines) if items else (g.size, [])
        if lang == "en" and items:
            r_size, r_lines = lay_out_yaku(yaku_items(win, lang, romaji=True), sep, font, yaku_w - 5, g.size,
                                           g.yaku_lines)
            if r_size >= size and len(r_lines) <= len(lines) and not r_lines[-1].endswith("…"):
                size, lines = r_size, r_lines
        yaku.append(lines)
        sizes.append(size)
    if hand.kind == "abortive" and hand.reason:
        reason = game_words.ABORTIVE.get(hand.reason)
        yaku.append([texts.said(reason, lang) if reason is not None else hand.reason])
        sizes.append(g.size)
    return HandLines(
        hand=hand, outcome=outcome(hand, lang), who=tuple(who(hand, lang)),
        values=tuple(value(w, lang) for w in hand.winners), yaku=tuple(map(tuple, yaku)),
        yaku_size=min(sizes, default=g.size),
        pao=tuple(seat(w.pao, lang) if w.pao is not None else "" for w in hand.winners),
    )


def split_pages(heights: Sequence[float], first: float, rest: float, tail: float) -> list[list[int]]:
    """The hands' indexes page by page: the first page holds ``first`` points of hands, the others ``rest``,
    and the last one also ``tail`` (the results). When the tail does not fit under the last hands, the
    last two hands go over with it, so that the results never stand alone on a page.

    >>> split_pages([10] * 5, first=30, rest=40, tail=0)
    [[0, 1, 2], [3, 4]]
    >>> split_pages([10] * 5, first=60, rest=60, tail=20)
    [[0, 1, 2], [3, 4]]
    >>> split_pages([10] * 3, first=60, rest=60, tail=20)
    [[0, 1, 2]]
    >>> split_pages([], first=60, rest=60, tail=20)
    [[]]
    """
    pages: list[list[int]] = [[]]
    room, used = first, 0.0
    for i, h in enumerate(heights):
        if pages[-1] and used + h > room:
            pages.append([])
            room, used = rest, 0.0
        pages[-1].append(i)
        used += h
    if used + tail > room:
        carried = pages[-1][-2:] if len(pages[-1]) > 2 else []
        pages[-1] = pages[-1][: len(pages[-1]) - len(carried)]
        pages.append(carried)
    return pages


# -- the page --------------------------------------------------------------------------------------------


class GameSheetPage(Flowable):
    """One page of a table's sheet: the header (first page) or a short heading (a continued page), some of
    the hands, and on the last page the results or the next hand's state and the signatures."""

    def __init__(self, sheet: GameSheet, rows: Sequence[HandLines], *, first: bool, last: bool, lang: str,
                 fonts: FontSet, width: float, height: float, g: _Geometry) -> None:
        super().__init__()
        self.sheet, self.rows, self.first, self.last, self.lang = sheet, rows, first, last, lang
        self.fonts, self.width, self.height, self.g = fonts, width, height, g
        fixed = sum(w for _, w in COLUMNS) + 4 * (CHANGE_W + POINTS_W)
        self.widths = {key: (w or width - fixed) for key, w in COLUMNS}

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    # -- helpers (``top`` measured downwards from the top of the page's frame) ----------------------------
    def _y(self, top: float) -> float:
        return self.height - top

    def _text(self, x: float, top: float, w: float, h: float, text: str, size: float, align: str = "center",
              color: colors.Color = GRID, fit: bool = True, minimum: float = 5, cut: bool = True) -> None:
        """``text`` in the box, shrunk to its width (never below ``minimum``), then cut with "…" (unless
        ``cut`` is off: a column's heading is read whole)."""
        if not text:
            return
        font = self.fonts.main
        if fit:
            size = fit_size(text, font, size, w - 4, minimum=minimum)
            text = ellipsize(text, font, size, w - 4) if cut else text
        c = self.canv
        c.setFillColor(color)
        c.setFont(font, size)
        baseline = self._y(top + h / 2) - size * 0.35
        if align == "center":
            c.drawCentredString(x + w / 2, baseline, text)
        elif align == "right":
            c.drawRightString(x + w - 2, baseline, text)
        else:
            c.drawString(x + 2, baseline, text)
        c.setFillColor(GRID)

    def _label(self, x: float, top: float, w: float, text: str, size: float = 6) -> None:
        """A small caption in a box's top-left corner."""
        self._text(x, top, w, size + 2, text, size, align="left", color=FAINT)

    def _box(self, x: float, top: float, w: float, h: float, fill: colors.Color | None = None,
             width: float = 0.5) -> None:
        c = self.canv
        c.setLineWidth(width)
        if fill is not None:
            c.setFillColor(fill)
        c.rect(x, self._y(top + h), w, h, stroke=1, fill=1 if fill is not None else 0)
        c.setFillColor(GRID)

    # -- the page ----------------------------------------------------------------------------------------
    def draw(self) -> None:
        g = self.g
        top = 0.0
        if self.first:
            self._draw_info(top)
            top += g.info_h + g.gap
            self._draw_players(top)
            top += g.players_h + g.gap
        else:
            self._draw_continued(top)
            top += g.cont_h
        top = self._draw_hands(top)
        if self.last:
            top += g.gap
            self._draw_end(top)

    def _draw_info(self, top: float) -> None:
        s, h = self.sheet, self.g.info_h
        profile = game_words.PROFILES.get(s.profile)
        called = "" if s.time_called_after is None else str(s.time_called_after)
        fields = [
            (two("Profile"), texts.said(profile, self.lang) if profile is not None else s.profile, 92, 11),
            (two("Session"), str(s.session), 56, 13),
            (two("Table"), str(s.table), 56, 13),
            (two("Date"), s.session_date.isoformat() if s.session_date else "", 84, 10.5),
            (two("Start points"), points(s.start_points), 76, 10.5),
            (two("Time called after hand"), called, 100, 10.5),
        ]
        x = 0.0
        for caption, text, w, size in fields:
            self._box(x, top, w, h, width=0.8)
            self._label(x, top, w, caption)
            self._text(x, top + 6, w, h - 6, text, size)
            x += w
        x += 6
        room = self.width - x
        legend = self._legend()
        if s.signed_off:
            legend.append(two("Signed off"))
        for n, line in enumerate(legend):
            self._text(x, top + n * 9.3, room, 9.3, line, 7, align="left", color=GRID if n == 2 else FAINT)

    def _legend(self) -> list[str]:
        """The info line's legend: how the players are named, and what the marks and columns say."""
        return [two("players by their starting seat") + ": " + "  ".join(
                    " ".join(dict.fromkeys([seat(i, self.lang), *(seat(i, lang) for lang in base.LANGUAGES)]))
                    for i in range(4)),
                "← " + two("discarder") + " · " + two("honba and deposits at the start of the hand")]

    def _draw_players(self, top: float) -> None:
        s, h = self.sheet, self.g.players_h
        w = self.width / 4
        for i, player in enumerate(s.players):
            x = i * w
            self._box(x, top, w, h, width=0.8)
            self._text(x, top, 30, h, seat(i, self.lang), 15)
            self._text(x + 28, top + 1, w - 30, h / 2, f"{player.number}  {player.name}", 10, align="left")
            if player.team:
                self._text(x + 28, top + h / 2, w - 30, h / 2 - 1, player.team, 7.5, align="left", color=FAINT)

    def _draw_continued(self, top: float) -> None:
        s = self.sheet
        text = (two("Session") + f" {s.session} · " + two("Table") + f" {s.table} · " + two("continued"))
        self._text(0, top, self.width, self.g.cont_h - 4, text, 9, align="left")

    def _xs(self) -> dict[str, float]:
        xs, x = {}, 0.0
        for key, _ in COLUMNS:
            xs[key] = x
            x += self.widths[key]
        xs["players"] = x
        return xs

    def _draw_hands(self, top: float) -> float:
        g = self.g
        xs = self._xs()
        headers = {
            "hand": two("Hand", "\n"),
            "round": said_two(game_words.COLUMNS["round"], "\n"),
            "dealer": two("Dealer", "\n"),
            "honba": said_two(game_words.COLUMNS["honba"], "\n"),
            "deposits": said_two(game_words.COLUMNS["deposits"], "\n"),
            "riichi": said_two(game_words.COLUMNS["riichi"], "\n"),
            "outcome": two("Outcome", "\n"),
            "who": two("Who", "\n"),
            "value": said_two(game_words.COLUMNS["han"]) + " / " + said_two(game_words.COLUMNS["fu"])
            + "\n" + two("or limit"),
            "yaku": two("Yaku", "\n"),
            "pao": said_two(game_words.COLUMNS["pao"], "\n"),
        }
        self._column_heads(top, xs, [(key, headers[key]) for key, _ in COLUMNS])
        pw = CHANGE_W + POINTS_W
        for i, player in enumerate(self.sheet.players):
            x = xs["players"] + i * pw
            self._box(x, top, pw, g.head_h, fill=SHADE)
            self._text(x, top + 1, pw, 10, f"{seat(i, self.lang)} · {player.number}", 7.5)
            self._text(x, top + 10, pw, 10, player.name, 7)
            self._text(x, top + 21, CHANGE_W, 10, two("Change"), 5.5, color=FAINT)
            self._text(x + CHANGE_W, top + 21, POINTS_W, 10, said_two(game_words.COLUMNS["raw"]), 5.5, color=FAINT)
        head_top = top
        top += g.head_h
        for n, row in enumerate(self.rows):
            top = self._draw_hand(row, top, xs, shade=n % 2 == 1)
        return self._players_rule(xs, head_top, top)

    def _column_heads(self, top: float, xs: dict[str, float], headers: Sequence[tuple[str, str]]) -> None:
        """The hand columns' titles (each a line or two, "\n" between), shaded, over the rows."""
        g = self.g
        for key, text in headers:
            self._box(xs[key], top, self.widths[key], g.head_h, fill=SHADE)
            lines = text.split("\n")
            line_h = min(10, (g.head_h - 4) / len(lines))
            first_top = top + (g.head_h - line_h * len(lines)) / 2
            for n, line in enumerate(lines):
                self._text(xs[key], first_top + n * line_h, self.widths[key], line_h, line, 6.5, minimum=4, cut=False)

    def _players_rule(self, xs: dict[str, float], head_top: float, top: float) -> float:
        """The thick line that sets the players' points apart from the hands' description; ``top`` back."""
        c = self.canv
        c.setLineWidth(1.2)
        c.line(xs["players"], self._y(head_top), xs["players"], self._y(top))
        return top

    def _row_boxes(self, keys: Sequence[str], xs: dict[str, float], top: float, h: float,
                   fill: colors.Color | None, change_w: float = CHANGE_W, points_w: float = POINTS_W) -> None:
        """A hand row's cells: the description's columns, then each player's change and points (their widths:
        the sheet's own)."""
        for key in keys:
            self._box(xs[key], top, self.widths[key], h, fill=fill)
        for i in range(4):
            x = xs["players"] + i * (change_w + points_w)
            self._box(x, top, change_w, h, fill=fill)
            self._box(x + change_w, top, points_w, h, fill=fill)

    def _draw_hand(self, row: HandLines, top: float, xs: dict[str, float], shade: bool) -> float:
        g, hand, lang = self.g, row.hand, self.lang
        h = row.lines * g.line_h + g.pad
        fill = SHADE if shade else None
        self._row_boxes([key for key, _ in COLUMNS], xs, top, h, fill)
        pw = CHANGE_W + POINTS_W
        size = g.size
        first = top + g.pad / 2  # the top of the first line

        def cell(key: str, line: int, text: str, align: str = "center", s: float = size) -> None:
            self._text(xs[key], first + line * g.line_h, self.widths[key], g.line_h, text, s, align=align)

        cell("hand", 0, str(hand.hand))
        cell("round", 0, round_label(hand.round, lang))
        cell("dealer", 0, seat(hand.dealer, lang))
        cell("honba", 0, str(hand.honba) if hand.honba else "")
        cell("deposits", 0, str(hand.deposits) if hand.deposits else "")
        cell("riichi", 0, seats(hand.riichi, lang))
        cell("outcome", 0, row.outcome, align="left")
        line = 0
        for n, yaku in enumerate(row.yaku):
            if n < len(row.who) and hand.kind in ("ron", "tsumo"):
                cell("who", line, row.who[n])
            if n < len(row.values):
                cell("value", line, row.values[n])
            if n < len(row.pao):
                cell("pao", line, row.pao[n])
            for k, text in enumerate(yaku):
                self._text(xs["yaku"], first + (line + k) * g.line_h, self.widths["yaku"], g.line_h, text,
                           row.yaku_size, align="left", fit=False)
            line += max(1, len(yaku))
        if hand.kind not in ("ron", "tsumo"):
            for n, text in enumerate(row.who):
                cell("who", n, text)
        mid = top + (h - g.line_h) / 2
        for i in range(4):
            x = xs["players"] + i * pw
            self._text(x, mid, CHANGE_W, g.line_h, change(hand.deltas[i]), size, align="right")
            self._text(x + CHANGE_W, mid, POINTS_W, g.line_h, points(hand.scores[i]), size, align="right")
        return top + h

    def _draw_end(self, top: float) -> None:
        s = self.sheet
        if s.results:
            self._draw_results(top)
        else:
            self._draw_next(top)
        self._draw_signatures(top)

    def _draw_next(self, top: float) -> None:
        """The game goes on: the state the next hand starts from."""
        s, g, lang = self.sheet, self.g, self.lang
        w = self.width - g.sign_w - g.gap
        self._box(0, top, w, g.next_h, width=0.8)
        self._label(0, top, w, two("Next hand"))
        parts = []
        if s.next_round is not None:
            parts.append(said_two(game_words.COLUMNS["round"]) + " " + round_label(s.next_round, lang))
        if s.next_dealer is not None:
            parts.append(two("Dealer") + " " + seat(s.next_dealer, lang))
        parts.append(said_two(game_words.COLUMNS["honba"]) + f" {s.next_honba}")
        parts.append(said_two(game_words.COLUMNS["deposits"]) + f" {s.next_deposits}")
        parts.append(said_two(game_words.COLUMNS["raw"]) + " " + "  ".join(
            f"{seat(i, lang)} {points(p)}" for i, p in enumerate(s.scores)))
        self._text(0, top + 8, w, g.next_h - 8, "   ·   ".join(parts), 9, align="left")

    def _draw_results(self, top: float) -> None:
        s, g, lang = self.sheet, self.g, self.lang
        columns: list[tuple[str, float]] = [
            (two("Seat"), 34), (two("Player"), 150), (said_two(game_words.COLUMNS["raw"]), 62),
            (two("Place"), 44), (said_two(game_words.COLUMNS["uma"]), 56), (said_two(game_words.COLUMNS["penalty"]), 56),
            (said_two(game_words.COLUMNS["score"]), 62),
        ]
        room = self.width - g.sign_w - g.gap
        columns.append((two("Player signature"), room - sum(w for _, w in columns)))
        x = 0.0
        for caption, w in columns:
            self._box(x, top, w, g.result_head_h, fill=SHADE)
            self._text(x, top, w, g.result_head_h, caption, 7.5)
            x += w
        for i, (player, result) in enumerate(zip(s.players, s.results, strict=False)):
            row_top = top + g.result_head_h + i * g.result_row_h
            values = [seat(i, lang), f"{player.number}  {player.name}", points(round(result.raw)), str(result.place),
                      thousands(result.uma), thousands(result.penalty) if result.penalty else "",
                      thousands(result.score), ""]
            x = 0.0
            for n, ((_, w), text) in enumerate(zip(columns, values, strict=True)):
                self._box(x, row_top, w, g.result_row_h)
                size = 12 if n == 6 else 10
                self._text(x, row_top, w, g.result_row_h, text, size, align="left" if n == 1 else "center")
                x += w
            if result.fixed:  # why the uma and the score are not the game's: said above the signature
                w = columns[-1][1]
                self._label(x - w, row_top, w, said_two(game_words.REPLACEMENT, " · "))
        c = self.canv
        c.setLineWidth(1.2)
        height = g.result_head_h + 4 * g.result_row_h
        c.rect(0, self._y(top + height), room, height)

    def _draw_signatures(self, top: float) -> None:
        g = self.g
        x = self.width - g.sign_w
        h = (g.result_head_h + 4 * g.result_row_h) / 2 if self.sheet.results else g.next_h
        signature = two("signature")
        for n, caption in enumerate((two("Referee"), two("Chief referee"))):
            if not self.sheet.results:  # beside the next hand's box: side by side
                w = g.sign_w / 2
                self._box(x + n * w, top, w, h, width=0.8)
                self._label(x + n * w, top, w, caption)
                continue
            self._box(x, top + n * h, g.sign_w, h, width=0.8)
            self._label(x, top + n * h, g.sign_w, f"{caption} — {signature}")


def end_height(sheet: GameSheet, g: _Geometry) -> float:
    """The height of the last page's end: the results (or the next hand's state) and the signatures."""
    return g.gap + (g.result_head_h + 4 * g.result_row_h if sheet.results else g.next_h)


class GameSheetReport(Report[Sequence[GameSheet]]):
    """Riichi score sheets: each table on one landscape A4 page (two when its hands need it), in the order
    given; the hand lines in ``lang``."""

    pagesize = landscape(A4)
    left_margin = 10 * mm
    right_margin = 10 * mm
    top_margin = 15 * mm
    bottom_margin = 11 * mm
    title_en = NC_("report", "Riichi score sheet")
    geometry = _Geometry()

    def __init__(self, lang: str = "en", generated_at: datetime | None = None) -> None:
        super().__init__(generated_at)
        self.lang = lang

    def _tournament(self, data: Sequence[GameSheet]) -> str:
        if not data:
            raise ValueError("no tables to print: the session has no seating")
        return data[0].tournament

    def _subtitle(self, data: Sequence[GameSheet]) -> str:
        sessions = sorted({s.session for s in data})
        return two("Session") + " " + ", ".join(map(str, sessions))

    # What a system's sheet prints in its own way (a Chinese system's: ``points_sheet.PointsSheetReport``): the
    # width of the fixed columns, each hand's lines at a print size, and the page that draws them.
    def _fixed_width(self) -> float:
        return sum(w for _, w in COLUMNS) + 4 * (CHANGE_W + POINTS_W)

    def _hand_rows(self, sheet: GameSheet, text_w: float, g: _Geometry) -> list[Any]:
        return [hand_lines(h, self.lang, self.fonts.main, text_w, g) for h in sheet.hands]

    def _page(self, sheet: GameSheet, rows: list[Any], *, first: bool, last: bool, g: _Geometry) -> Flowable:
        width, height = self.frame_size
        return GameSheetPage(sheet, rows, first=first, last=last, lang=self.lang, fonts=self.fonts, width=width,
                             height=height - 1, g=g)

    def layout(self, sheet: GameSheet) -> tuple[_Geometry, list[list[Any]]]:
        """The print size and the table's hands page by page: the largest print (``PRINT``) at which the whole
        game fits one page, else the smallest, over as many pages as it takes."""
        width, height = self.frame_size
        fixed = self._fixed_width()
        for line_h, size in PRINT:
            g = dataclasses.replace(self.geometry, line_h=line_h, size=size)
            rows = self._hand_rows(sheet, width - fixed, g)
            heights = [r.lines * g.line_h + g.pad for r in rows]
            first = height - g.info_h - g.players_h - 2 * g.gap - g.head_h - 2
            rest = height - g.cont_h - g.head_h - 2
            pages = split_pages(heights, first, rest, end_height(sheet, g))
            if len(pages) == 1:
                break
        return g, [[rows[i] for i in page] for page in pages]

    def _story(self, data: Sequence[GameSheet]) -> list[Flowable]:
        story: list[Flowable] = []
        for sheet in data:
            g, pages = self.layout(sheet)
            for n, rows in enumerate(pages):
                if story:
                    story.append(PageBreak())
                story.append(self._page(sheet, rows, first=n == 0, last=n == len(pages) - 1, g=g))
        return story


def game_sheets_pdf(sheets: Sequence[GameSheet], lang: str, *, generated_at: datetime | None = None) -> bytes:
    """The score sheets of ``sheets`` as one PDF, the hand lines in ``lang`` ("en", "zh"): Riichi's, or a
    Chinese system's when its session is table points on its points (``GameSheet.thousands``)."""
    report = GameSheetReport
    if sheets and not sheets[0].thousands:
        from reports.pdf.points_sheet import PointsSheetReport  # it builds on this module: imported when used

        report = PointsSheetReport
    return report(lang=lang, generated_at=generated_at).render(sheets)
