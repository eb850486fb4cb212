"""The score sheet of a game whose session is MCR's table points on its points (a Chinese system: Guangdong,
Hebei, Nanchang, Sichuan; ``GameSheet.thousands`` is False): one landscape A4 page per table, as Riichi's
(``game_sheet.py``), with a Chinese system's hand lines.

Each hand: its number, round and dealer (derived, never typed), its kind in the system's words
(``game_words.outcome``; a Sichuan hand names each of its wins), the winners (winner ← discarder) with their
total and fans (or hand types: "en (zh) value" on an English sheet, "zh value" on a Chinese one), then what was
paid and why, one line per payment (the win, the horses, each kong with its kind, the end-of-wall checks) with
each player's change on that line, and the hand's change and the points after it. No honba, deposits, riichi,
han or fu: these systems have none. The session's result is MCR's: the points, the place and the table points
(4/2/1/0), not uma.

The sheet is chosen by what the sheet holds (``thousands``), never by the profile's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.platypus import Flowable

import texts
from db.read.games import HANDS
from db.read.views import GameHandView, GameSheet, GameWinView
from db.rules import game_words
from reports.game_lines import payment_words, wins_of
from reports.pdf import base
from reports.pdf.base import said_two, two
from reports.pdf.fonts import FontSet
from reports.pdf.game_sheet import (
    FAINT,
    SHADE,
    GameSheetPage,
    GameSheetReport,
    _Geometry,
    change,
    lay_out_yaku,
    round_label,
    seat,
)
from texts import NC_

# (key, width): the hand line's columns; "fans" takes what is left of the width.
COLUMNS: tuple[tuple[str, float], ...] = (
    ("hand", 20), ("round", 22), ("dealer", 24), ("outcome", 72), ("who", 46), ("total", 32), ("fans", 0),
    ("payments", 136),
)
CHANGE_W, POINTS_W = 30, 30  # each player's two columns: a Chinese system's points are small numbers


def signed(value: int) -> str:
    """Points as MCR's match points are written: signed, "0" for none.

    >>> signed(48), signed(-8), signed(0), signed(1200)
    ('+48', '-8', '0', '+1,200')
    """
    return f"{value:+,}" if value else "0"


def fan_items(win: GameWinView, lang: str) -> list[str]:
    """A win's fans (or hand types) with their values: "碰碰胡 8" on a Chinese sheet, "All Pungs (碰碰胡) 8" on an
    English one (the hand types keep their Chinese names beside the English); a fan worth 0 (a doubling the
    total already counts) is named alone."""
    items = []
    for f in win.fans:
        name = game_words.fan_label(f.zh, f.en if f.en != f.zh else "", lang)
        items.append(f"{name} {f.value}" if f.value else name)
    return items


def win_lines(hand: GameHandView, numbers: Sequence[str], wording: str, lang: str) -> tuple[list[str], list[str]]:
    """Per winner: the kind of its win and who ("S ← W", "S"). A line of events (Sichuan's) names each win's
    own kind; a one-line hand says its kind once, on its first winner."""
    kinds, whos = [], []
    for n, (w, (kind, discarder)) in enumerate(zip(hand.winners, wins_of(hand, numbers), strict=True)):
        if kind is not None:
            kinds.append(texts.said(game_words.EVENTS[kind], lang))
        else:
            kinds.append(texts.said(game_words.outcome(hand.kind, wording), lang) if n == 0 else "")
        whos.append(seat(w.player, lang) + (f" ← {seat(discarder, lang)}" if discarder is not None else ""))
    return kinds, whos


def payment_lines(hand: GameHandView, numbers: Sequence[str], lang: str) -> list[tuple[str, tuple[int, ...]]]:
    """The sheet's payment lines: "Win S", "Horses S", "Concealed kong W", "Flower pig (three suits)", with
    each player's change."""
    return [(texts.said(p.word, lang) + (f" {seat(p.seat, lang)}" if p.seat is not None else ""), p.changes)
            for p in payment_words(hand, numbers)]


@dataclass(frozen=True, slots=True)
class PointsLines:
    """One hand as printed: its winners' lines (kind, who, total, fans) and its payments' lines."""

    hand: GameHandView
    outcome: str  # the hand's kind when it has no winner (a draw)
    kinds: tuple[str, ...]
    who: tuple[str, ...]
    totals: tuple[str, ...]
    fans: tuple[tuple[str, ...], ...]  # per winner: its lines
    fan_size: float
    payments: tuple[tuple[str, tuple[int, ...]], ...]

    @property
    def total_line(self) -> bool:
        """Whether the hand's change has a line of its own (more than one payment: each has its line)."""
        return len(self.payments) > 1

    @property
    def lines(self) -> int:
        winners = sum(max(1, len(f)) for f in self.fans)
        return max(winners, len(self.payments) + (1 if self.total_line else 0), 1)


def points_lines(hand: GameHandView, sheet: GameSheet, lang: str, font: str, fans_w: float,
                 g: _Geometry) -> PointsLines:
    numbers = [p.number for p in sheet.players]
    kinds, whos = win_lines(hand, numbers, sheet.wording, lang)
    sep = texts.said(game_words.YAKU_SEP, lang)
    fans, sizes = [], []
    for w in hand.winners:
        items = fan_items(w, lang)
        size, lines = lay_out_yaku(items, sep, font, fans_w - 5, g.size, g.yaku_lines) if items else (g.size, [])
        fans.append(tuple(lines))
        sizes.append(size)
    return PointsLines(
        hand=hand, outcome=texts.said(game_words.outcome(hand.kind, sheet.wording), lang), kinds=tuple(kinds),
        who=tuple(whos), totals=tuple(str(w.total) for w in hand.winners), fans=tuple(fans),
        fan_size=min(sizes, default=g.size), payments=tuple(payment_lines(hand, numbers, lang)))


class PointsSheetPage(GameSheetPage):
    """One page of a Chinese system's table sheet (``GameSheetPage``'s header, boxes and signatures)."""

    def __init__(self, sheet: GameSheet, rows: Sequence[PointsLines], *, first: bool, last: bool, lang: str,
                 fonts: FontSet, width: float, height: float, g: _Geometry) -> None:
        super().__init__(sheet, [], first=first, last=last, lang=lang, fonts=fonts, width=width, height=height, g=g)
        self.points_rows = rows
        fixed = sum(w for _, w in COLUMNS) + 4 * (CHANGE_W + POINTS_W)
        self.widths = {key: (w or width - fixed) for key, w in COLUMNS}

    def _legend(self) -> list[str]:
        return [two("players by their starting seat") + ": " + "  ".join(
                    " ".join(dict.fromkeys([seat(i, self.lang), *(seat(i, lang) for lang in base.LANGUAGES)]))
                    for i in range(4)),
                "← " + two("discarder") + " · " + said_two(game_words.CHINESE_COLUMNS["payments"]) + ": "
                + two("each player's change")]

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
        words = game_words.CHINESE_COLUMNS
        headers = {
            "hand": two("Hand", "\n"), "round": said_two(game_words.COLUMNS["round"], "\n"),
            "dealer": two("Dealer", "\n"), "outcome": two("Outcome", "\n"), "who": two("Who", "\n"),
            "total": said_two(words["total"], "\n"), "fans": said_two(words["fans"], "\n"),
            "payments": said_two(words["payments"], "\n"),
        }
        self._column_heads(top, xs, [(key, headers[key]) for key, _ in COLUMNS])
        pw = CHANGE_W + POINTS_W
        for i, player in enumerate(self.sheet.players):
            x = xs["players"] + i * pw
            self._box(x, top, pw, g.head_h, fill=SHADE)
            self._text(x, top + 1, pw, 10, f"{seat(i, self.lang)} · {player.number}", 7.5)
            self._text(x, top + 10, pw, 10, player.name, 7)
            for n, (w, words_) in enumerate(((CHANGE_W, two("Change", "\n")),
                                             (POINTS_W, said_two(game_words.COLUMNS["raw"], "\n")))):
                for k, text in enumerate(words_.split("\n")):  # two short lines: the columns are narrow
                    self._text(x + n * CHANGE_W, top + 19 + k * 6, w, 6, text, 5.5, color=FAINT)
        head_top = top
        top += g.head_h
        for n, row in enumerate(self.points_rows):
            top = self._draw_points_hand(row, top, xs, shade=n % 2 == 1)
        return self._players_rule(xs, head_top, top)

    def _draw_points_hand(self, row: PointsLines, top: float, xs: dict[str, float], shade: bool) -> float:
        g, hand, lang = self.g, row.hand, self.lang
        h = row.lines * g.line_h + g.pad
        fill = SHADE if shade else None
        self._row_boxes([key for key, _ in COLUMNS], xs, top, h, fill, CHANGE_W, POINTS_W)
        pw = CHANGE_W + POINTS_W
        size = g.size
        first = top + g.pad / 2  # the top of the first line

        def cell(key: str, line: int, text: str, align: str = "center") -> None:
            self._text(xs[key], first + line * g.line_h, self.widths[key], g.line_h, text, size, align=align)

        cell("hand", 0, str(hand.hand))
        cell("round", 0, round_label(hand.round, lang))
        cell("dealer", 0, seat(hand.dealer, lang))
        if not hand.winners:
            cell("outcome", 0, row.outcome, align="left")
        line = 0
        for n, fans in enumerate(row.fans):
            cell("outcome", line, row.kinds[n], align="left")
            cell("who", line, row.who[n])
            cell("total", line, row.totals[n])
            for k, text in enumerate(fans):
                self._text(xs["fans"], first + (line + k) * g.line_h, self.widths["fans"], g.line_h, text,
                           row.fan_size, align="left", fit=False)
            line += max(1, len(fans))
        for n, (text, changes) in enumerate(row.payments):
            cell("payments", n, text, align="left")
            for i in range(4):
                self._text(xs["players"] + i * pw, first + n * g.line_h, CHANGE_W, g.line_h, change(changes[i]),
                           size, align="right")
        last = len(row.payments) if row.total_line else max(0, len(row.payments) - 1)
        if row.total_line:
            cell("payments", last, texts.said(game_words.CHINESE_COLUMNS["hand_change"], lang), align="right")
        for i in range(4):
            x = xs["players"] + i * pw
            line_top = first + last * g.line_h
            if row.total_line or not row.payments:
                self._text(x, line_top, CHANGE_W, g.line_h, change(hand.deltas[i]), size, align="right")
            self._text(x + CHANGE_W, line_top, POINTS_W, g.line_h, signed(hand.scores[i]), size, align="right")
        if row.total_line:  # the hand's change under its payments' lines
            c = self.canv
            c.setLineWidth(0.3)
            y = self._y(first + last * g.line_h)
            c.line(xs["players"], y, xs["players"] + 4 * pw, y)
        return top + h

    def _draw_next(self, top: float) -> None:
        """The session goes on: the round and dealer of the next hand, the points now."""
        s, g, lang = self.sheet, self.g, self.lang
        w = self.width - g.sign_w - g.gap
        self._box(0, top, w, g.next_h, width=0.8)
        self._label(0, top, w, two("Next hand"))
        parts = []
        if s.next_round is not None:
            parts.append(said_two(game_words.COLUMNS["round"]) + " " + round_label(s.next_round, lang))
        if s.next_dealer is not None:
            parts.append(two("Dealer") + " " + seat(s.next_dealer, lang))
        parts.append(said_two(game_words.COLUMNS["raw"]) + " " + "  ".join(
            f"{seat(i, lang)} {signed(p)}" for i, p in enumerate(s.scores)))
        self._text(0, top + 8, w, g.next_h - 8, "   ·   ".join(parts), 9, align="left")

    def _draw_results(self, top: float) -> None:
        """MCR's session result: the points, the place, the table points (ties shared)."""
        s, g, lang = self.sheet, self.g, self.lang
        columns: list[tuple[str, float]] = [
            (two("Seat"), 34), (two("Player"), 150), (said_two(game_words.COLUMNS["raw"]), 70),
            (two("Place"), 50), (two("Table points"), 80),
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
            values = [seat(i, lang), f"{player.number}  {player.name}", signed(round(result.raw)),
                      str(result.place), HANDS.total_text(result.score), ""]
            x = 0.0
            for n, ((_, w), text) in enumerate(zip(columns, values, strict=True)):
                self._box(x, row_top, w, g.result_row_h)
                self._text(x, row_top, w, g.result_row_h, text, 12 if n == 4 else 10,
                           align="left" if n == 1 else "center")
                x += w
        c = self.canv
        c.setLineWidth(1.2)
        height = g.result_head_h + 4 * g.result_row_h
        c.rect(0, self._y(top + height), room, height)


class PointsSheetReport(GameSheetReport):
    """A Chinese system's score sheets: each table on one landscape A4 page (two when its hands need it)."""

    title_en = NC_("report", "Score sheet")

    def _fixed_width(self) -> float:
        return sum(w for _, w in COLUMNS) + 4 * (CHANGE_W + POINTS_W)

    def _hand_rows(self, sheet: GameSheet, text_w: float, g: _Geometry) -> list[Any]:
        return [points_lines(h, sheet, self.lang, self.fonts.main, text_w, g) for h in sheet.hands]

    def _page(self, sheet: GameSheet, rows: list[Any], *, first: bool, last: bool, g: _Geometry) -> Flowable:
        width, height = self.frame_size
        return PointsSheetPage(sheet, rows, first=first, last=last, lang=self.lang, fonts=self.fonts, width=width,
                               height=height - 1, g=g)
