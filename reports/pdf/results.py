"""Session results (R98 annex 6, per session): per table the four players with match points and table
points, then the session's best scores and biggest hands."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from reportlab.lib import colors
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from db.read.views import SEATS, TableSheet
from db.rules.scores import shared_ranks
from reports.pdf.base import (
    WIND_ZH,
    SessionReport,
    fmt_points,
    fmt_signed,
    second,
    shrink_cells,
    table_style,
    two,
)
from reports.pdf.scoresheet import fans_short
from reports.snapshot import played
from texts import NC_

_played = played  # the standings' rule (reports.snapshot): a result or a time call


class _TableFacts(Protocol):
    """What a table's block says of it: an MCR ``TableSheet`` or a game's ``GameSheet``."""

    @property
    def table(self) -> int: ...
    @property
    def hands(self) -> Sequence[object]: ...
    @property
    def time_called_after(self) -> int | None: ...
    @property
    def signed_off(self) -> bool: ...


def table_cell(sheet: _TableFacts, row: int) -> str:
    """A table's block, its first column: the table number; then hands played; time called; signed off (a game's
    sheet says the same: ``reports.pdf.game_results``)."""
    if row == 0:
        return str(sheet.table)
    if row == 1:
        return f"{len(sheet.hands)} " + two("hands", second_first=True)
    if row == 2 and sheet.time_called_after is not None:
        return two("time", second_first=True)
    if row == 3 and sheet.signed_off:
        return two("signed", second_first=True)
    return ""


@dataclass(frozen=True, slots=True)
class SessionResults:
    tournament: str
    session: int
    tables: Sequence[TableSheet]
    best: int = 10  # how many players the "best scores" list shows


class ResultsReport(SessionReport[SessionResults]):
    """Portrait A4; a table's four players never split across pages (tables sorted by number)."""

    title_en = NC_("report", "Session results")
    header = [NC_("report", "Table"), NC_("report", "Seat"), NC_("report", "No."), NC_("report", "Player"),
              NC_("report", "Team"), NC_("report", "Match pts"), NC_("report", "Score"), NC_("report", "Rank"),
              NC_("report", "Table pts")]
    col_widths = (38, 38, 40, 138, 112, 48, 40, 32, 46)
    size = 9.0

    def _story(self, data: SessionResults) -> list[Flowable]:
        if not data.tables:
            raise ValueError(f"session {data.session} has no tables to report")
        intro = [
            Paragraph(two("Session {n} results", n=data.session), self.styles["title"]),
            Paragraph(" · ".join([two("Match points"), two("score = 500 + match points"), two("table points 4/2/1/0"),
                                  two("grey table number: sheet not signed off yet")]), self.styles["small"]),
            Spacer(1, 6),
        ]
        blocks: list[list[list[object]]] = []
        unsigned: set[int] = set()
        for sheet in sorted(data.tables, key=lambda s: s.table):
            block: list[list[object]] = []
            if not sheet.signed_off:
                unsigned.add(sheet.table)
            for i in sorted(range(4), key=lambda i: (sheet.ranks[i], i)):
                p = sheet.players[i]
                block.append([
                    table_cell(sheet, len(block)),
                    f"{SEATS[i]} {WIND_ZH[SEATS[i]]}", p.number, p.name, p.team or "",
                    *((fmt_signed(sheet.match_points[i]), str(sheet.session_scores[i]), str(sheet.ranks[i]),
                       fmt_points(sheet.table_points[i])) if _played(sheet) else ("—",) * 4),
                ])
            blocks.append(block)

        def style(rows: list[list[object]]) -> list[tuple]:
            font = self.fonts.main
            out = table_style(font, self.size, zebra=False)
            out += [("ALIGN", (5, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (2, -1), "CENTER"),
                    ("LEADING", (0, 0), (-1, 0), 8.5)]
            for r in range(1, len(rows)):
                if str(rows[r][0]).isdigit():
                    out.append(("LINEABOVE", (0, r), (-1, r), 1.2, colors.black))
                    out.append(("FONT", (0, r), (0, r), font, 12))
                    if int(str(rows[r][0])) in unsigned:
                        out.append(("TEXTCOLOR", (0, r), (0, r), colors.HexColor("#777777")))
                elif rows[r][0]:
                    out.append(("FONT", (0, r), (0, r), font, 6.5))
            return out + shrink_cells(rows, (3, 4), self.col_widths, self.fonts.main, self.size)

        story = self._paged_tables(intro, [two(h, "\n") for h in self.header], blocks, self.col_widths, 22, 15, style)
        if not any(map(_played, data.tables)):
            return [*story, Spacer(1, 8),
                    Paragraph(two("No results recorded in this session yet."), self.styles["body"])]
        return story + self._best(data) + self._teams(data)

    def _teams(self, data: SessionResults) -> list[Flowable]:
        """The session's team totals (annex 6): members' table points, then match points."""
        members: dict[str, list[tuple[float, int]]] = defaultdict(list)  # team -> (table pts, match pts)
        for sheet in filter(_played, data.tables):
            for i, p in enumerate(sheet.players):
                if p.team:
                    members[p.team].append((sheet.table_points[i], sheet.match_points[i]))
        if not members:
            return []
        totals = [(team, sum(tp for tp, _ in got), sum(mp for _, mp in got), len(got))
                  for team, got in sorted(members.items())]
        rows: list[list[object]] = [[two("Rank"), two("Team"), two("Players count"), two("Table pts"), two("Match pts")]]
        for rank, (team, tp, mp, count) in shared_ranks(totals, key=lambda t: (t[1], t[2])):
            rows.append([str(rank), team, str(count), fmt_points(tp), fmt_signed(mp)])
        widths = (50, 200, 60, 80, 80)
        fit = shrink_cells(rows, (1,), widths, self.fonts.main, 8.5)  # before the Table: it may cut texts
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(table_style(self.fonts.main) + [("ALIGN", (2, 0), (-1, -1), "RIGHT")] + fit))
        return [Spacer(1, 8), CondPageBreak(80),
                Paragraph(two("Teams in this session"), self.styles["h2"]), table]

    def _best(self, data: SessionResults) -> list[Flowable]:
        font = self.fonts.main
        players = [(sheet.match_points[i], sheet.table, i, sheet)
                   for sheet in filter(_played, data.tables) for i in range(4)]
        players.sort(key=lambda t: (-t[0], t[1], t[2]))
        rows: list[list[object]] = [["#", two("No."), two("Player"), two("Team"), two("Table"), two("Match"),
                                     second("Score")]]
        for n, (mp, table, i, sheet) in enumerate(players[: data.best], start=1):
            p = sheet.players[i]
            rows.append([str(n), p.number, p.name, p.team or "", str(table), fmt_signed(mp),
                         str(sheet.session_scores[i])])
        widths = (26, 44, 160, 130, 44, 60, 50)
        fit = shrink_cells(rows, (2, 3), widths, font, 8.5)
        best = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        best.setStyle(TableStyle(table_style(font) + [("ALIGN", (4, 0), (-1, -1), "RIGHT")] + fit))
        story: list[Flowable] = [
            CondPageBreak(160),
            Spacer(1, 10),
            KeepTogether([Paragraph(two("Best scores of the session"), self.styles["h2"]), best]),
        ]
        hands = [
            (row.fan_total, sheet.table, row.hand, row, sheet.players[row.winner])
            for sheet in data.tables for row in sheet.hands if row.kind == "win" and row.winner is not None
        ]
        hands.sort(key=lambda t: (-t[0], t[1], t[2]))
        if hands:
            hand_rows: list[list[object]] = [[two("Fans"), two("Table"), two("Hand"), two("Player"), two("Fan names")]]
            for total, table, hand, row, winner in hands[:5]:
                how = two("self-drawn", second_first=True) if row.self_drawn else two("discard", second_first=True)
                hand_rows.append([
                    str(total), str(table), str(hand), winner.name,
                    Paragraph(" ".join(fans_short(row.fans)) + f" ({how})", self.styles["cell"]),
                ])
            hand_widths = (40, 40, 40, 170, 234)
            fit = shrink_cells(hand_rows, (3,), hand_widths, font, 8.5)
            biggest = Table(hand_rows, colWidths=hand_widths, repeatRows=1, hAlign="LEFT")
            biggest.setStyle(TableStyle(table_style(font) + fit))
            story += [Spacer(1, 8),
                      KeepTogether([Paragraph(two("Biggest hands"), self.styles["h2"]), biggest])]
        return story
