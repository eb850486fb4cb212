"""A game tournament's (Riichi: ``db.read.games.is_game``) standings and session results PDFs.

The MCR reports (``standings.py``, ``results.py``) print table points and match points; a game's session
result is the system's :class:`scoring.systems.SeatResult` instead: the points at the end (raw), the place,
the uma, the penalty (chombo) and the score in thousands. These renderers print those, in both languages
as every report does, with the columns' words from ``db.rules.game_words.COLUMNS`` (one home for them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from db.read.games import GAME, HANDS
from db.read.views import SEATS, GameSheet, GameWinView, SessionEntry, StagePlace, TeamStandingRow, staged
from db.rules import game_words
from reports.pdf.base import (
    WIND_ZH,
    SessionReport,
    said_two,
    shrink_cells,
    stage_two,
    table_style,
    text_markup,
    two,
)
from reports.pdf.game_sheet import thousands
from reports.pdf.results import table_cell
from reports.pdf.standings import StageStandings, Standings, StandingsReport, stage_headers
from texts import NC_, Text

COLUMNS = game_words.COLUMNS


def raw_points(value: float) -> str:
    """A game's points at the end: 30,000; a share of leftover deposits tied firsts split keeps its decimal.

    >>> raw_points(70500), raw_points(-1200.0), raw_points(30500.5)
    ('70,500', '-1,200', '30,500.5')
    """
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,.1f}"


def col(key: str, sep: str = "\n") -> str:
    """A game column's name in both languages ("Score\\n得分")."""
    return said_two(COLUMNS[key], sep)


def session_cell(e: SessionEntry) -> str:
    """One session of a player in the standings: the score, then the points, then the uma and a penalty
    (left out when none), one a line.

    >>> from fractions import Fraction as F
    >>> from scoring.systems import SeatResult
    >>> print(session_cell(SessionEntry(1, 2, "E", 70500, 55.5, SeatResult(F(70500), 1, F(15), F(0), F(111, 2)))))
    +55.5
    70,500
    +15.0
    """
    r = e.result
    if r is None:  # a session result the system did not give (never for a game): the score alone
        return thousands(e.table_points)
    lines = [thousands(float(r.score)), raw_points(float(r.raw)), thousands(float(r.uma))]
    if r.penalty:
        lines[-1] += f" {thousands(float(r.penalty))}"
    return "\n".join(lines)


class GameStandingsReport(StandingsReport):
    """Landscape A4 as the MCR standings: rank, number, player, team, score, points, then per session the
    score, the points and the uma (and penalty); ``--teams``: the teams' scores and points; a stage's own
    ranking (``--stage``): its scores and points, the carried part included, and its sessions."""

    fixed = (36, 40, 150, 120, 54, 64)  # rank, number, player, team, score, points

    def _story(self, data: Standings | StageStandings) -> list[Flowable]:
        if isinstance(data, StageStandings):
            return self._game_stage(data)
        if data.teams is not None:
            return self._game_teams(data, data.teams)
        return self._game_players(data)

    def _game_teams(self, data: Standings, teams: Sequence[TeamStandingRow]) -> list[Flowable]:
        story: list[Flowable] = [
            Paragraph(two("Team standings") + " · " + self._after(data), self.styles["title"]),
            *self._provisional(data),
            Paragraph(said_two(team_rule()), self.styles["small"]),
            Spacer(1, 5),
        ]
        if not teams:
            return story + [Paragraph(two("No teams."), self.styles["body"])]
        widths = self.fill_widths((40, 180, 60, 70, 0))
        rows: list[list[object]] = [[two("Rank", "\n"), two("Team"), col("score"), col("raw"), two("Members")]]
        for t in teams:
            rows.append([str(t.rank), t.team, thousands(t.table_points), raw_points(t.match_points),
                         Paragraph(text_markup(", ".join(t.members)), self.styles["cell"])])
        font = self.fonts.main
        fit = shrink_cells(rows, (1,), widths, font, 10)
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(
            table_style(font, 10)
            + [("ALIGN", (0, 0), (0, -1), "CENTER"), ("ALIGN", (2, 0), (3, -1), "RIGHT"),
               ("LEADING", (0, 0), (-1, 0), 8.5)]
            + fit
        ))
        return story + [table]

    def _game_players(self, data: Standings) -> list[Flowable]:
        story: list[Flowable] = [
            Paragraph(two("Individual standings") + " · " + self._after(data), self.styles["title"]),
            *self._provisional(data),
            Paragraph(" · ".join([said_two(per_session_rule()), said_two(GAME.ranking_rule(data.players))]),
                      self.styles["small"]),
            Spacer(1, 5),
        ]
        if not data.players:
            return story + [Paragraph(two("No results yet."), self.styles["body"])]
        sessions = max([data.after, *(e.session for r in data.players for e in r.sessions)])
        # a staged event: the stage reached, its score and points and what was carried decide the places
        extra = (64.0, 58.0, 58.0) if staged(data.players) else ()
        fixed = (*self.fixed, *extra)
        per_session = min(60.0, (self.frame_size[0] - sum(fixed)) / max(1, sessions))
        widths = self.fill_widths([*fixed, *([per_session] * sessions)], fill=2)
        header: list[object] = [two("Rank", "\n"), two("No.", "\n"), two("Player"), two("Team"), col("score"),
                                col("raw"), *(stage_headers() if extra else ()),
                                *(two("S{n}", "\n", n=n) for n in range(1, sessions + 1))]
        rows: list[list[object]] = [header]
        for r in data.players:
            by = {e.session: e for e in r.sessions}
            rows.append([str(r.rank), r.number, r.name, r.team or "", thousands(r.table_points),
                         raw_points(r.match_points), *(game_stage_cells(r.stage) if extra else ()),
                         *(session_cell(by[n]) if n in by else "–" for n in range(1, sessions + 1))])
        return story + [self._ranking_table(rows, widths)]


    def _game_stage(self, data: StageStandings) -> list[Flowable]:
        """One stage's ranking: its score and points (the carried part included: what places the players),
        the carried part, then each of its sessions as in the final ranking."""
        story: list[Flowable] = [
            Paragraph(two("Stage standings") + " · " + text_markup(data.stage), self.styles["title"]),
            *self._provisional(data),
            Paragraph(" · ".join([said_two(per_session_rule()), said_two(GAME.stage_rule)]), self.styles["small"]),
            Spacer(1, 5),
        ]
        if not data.players:
            return story + [Paragraph(two("No results yet."), self.styles["body"])]
        first, last = data.first_session, data.last_session
        fixed = (*self.fixed, 90.0)
        per_session = min(60.0, (self.frame_size[0] - sum(fixed)) / max(1, last - first + 1))
        widths = self.fill_widths([*fixed, *([per_session] * (last - first + 1))], fill=2)
        header: list[object] = [two("Rank", "\n"), two("No.", "\n"), two("Player"), two("Team"), col("score"),
                                col("raw"), two("Carried", "\n"), *(two("S{n}", "\n", n=n) for n in range(first, last + 1))]
        rows: list[list[object]] = [header]
        for r in data.players:
            by = {e.session: e for e in r.sessions}
            rows.append([str(r.rank), r.number, r.name, r.team or "", GAME.stage_total_text(r.table_points),
                         raw_points(r.match_points),
                         f"{GAME.stage_total_text(r.carried_table_points)}\n{raw_points(r.carried_match_points)}",
                         *(session_cell(by[n]) if n in by else "–" for n in range(first, last + 1))])
        return story + [self._ranking_table(rows, widths)]

    def _ranking_table(self, rows: list[list[object]], widths: list[float]) -> Table:
        """A ranking's table: names shrunk to fit, the score large, the sessions' cells small."""
        font = self.fonts.main
        fit = shrink_cells(rows, (2, 3), widths, font, 9)
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(
            table_style(font, 9)
            + [("ALIGN", (0, 0), (1, -1), "CENTER"), ("ALIGN", (4, 0), (-1, -1), "RIGHT"),
               ("FONT", (4, 1), (4, -1), font, 10.5), ("FONT", (6, 1), (-1, -1), font, 7.5),
               ("LEADING", (6, 1), (-1, -1), 8.5), ("LEADING", (0, 0), (-1, 0), 8.5),
               ("VALIGN", (0, 0), (-1, -1), "TOP")]
            + fit
        ))
        return table


def game_stage_cells(p: StagePlace | None) -> list[str]:
    """A staged game's three columns of the final ranking (as MCR's ``stage_cells``): the stage reached, the
    score and points carried into it, and its own score and points (a half carried keeps two decimals)."""
    if p is None:
        return ["", "", ""]
    carried = ("–" if p.stage == "qualifying"
               else f"{GAME.stage_total_text(p.carried_table_points)}\n{raw_points(p.carried_match_points)}")
    return [stage_two(p.label), carried, f"{GAME.stage_total_text(p.table_points)}\n{raw_points(p.match_points)}"]


def team_rule() -> Text:
    return Text("team total: the members’ scores, then points", "report")


def per_session_rule() -> Text:
    """The line that says what a game's per-session cell holds."""
    return Text("per session: score, points, uma and penalty", "report")


@dataclass(frozen=True, slots=True)
class GameSessionResults:
    tournament: str
    session: int
    tables: Sequence[GameSheet]
    best: int = 10  # how many players the "best scores" list shows


class GameResultsReport(SessionReport[GameSessionResults]):
    """Portrait A4: per table its four players by place with the points, place, uma, penalty and score;
    then the session's best scores and biggest hands. A table's four players never split across pages."""

    title_en = NC_("report", "Session results")
    col_widths = (38, 32, 36, 118, 92, 52, 32, 40, 44, 48)
    points_widths = (38, 32, 36, 140, 120, 64, 40, 62)  # a Chinese system's: no uma, penalty or score
    size = 9.0

    def _header(self) -> list[object]:
        return [two("Table", "\n"), two("Seat", "\n"), two("No.", "\n"), two("Player", "\n"), two("Team", "\n"),
                col("raw"), two("Rank", "\n"), col("uma"), col("penalty"), col("score")]

    def _points_header(self) -> list[object]:
        """A Chinese system's session (``GameSheet.thousands`` False): MCR's words, the points and table points."""
        return [two("Table", "\n"), two("Seat", "\n"), two("No.", "\n"), two("Player", "\n"), two("Team", "\n"),
                col("raw"), two("Rank", "\n"), two("Table pts", "\n")]

    def _story(self, data: GameSessionResults) -> list[Flowable]:
        if not data.tables:
            raise ValueError(f"session {data.session} has no tables to report")
        thousands_ = all(sheet.thousands for sheet in data.tables)  # Riichi's score, or table points (Chinese)
        formula = said_two(score_formula()) if thousands_ else two("table points 4/2/1/0")
        intro = [
            Paragraph(two("Session {n} results", n=data.session), self.styles["title"]),
            Paragraph(" · ".join([formula, two("grey table number: sheet not signed off yet")]),
                      self.styles["small"]),
            Spacer(1, 6),
        ]
        blocks: list[list[list[object]]] = []
        unsigned: set[int] = set()
        for sheet in sorted(data.tables, key=lambda s: s.table):
            if not sheet.signed_off:
                unsigned.add(sheet.table)
            order = (sorted(range(4), key=lambda i: (sheet.results[i].place, i)) if sheet.results
                     else list(range(4)))
            block: list[list[object]] = []
            for i in order:
                p = sheet.players[i]
                cells: tuple[str, ...] = ("—",) * (5 if thousands_ else 3)
                if sheet.results and thousands_:
                    r = sheet.results[i]
                    cells = (raw_points(r.raw), str(r.place), thousands(r.uma),
                             thousands(r.penalty) if r.penalty else "", thousands(r.score))
                elif sheet.results:
                    r = sheet.results[i]
                    cells = (HANDS.points_text(r.raw), str(r.place), HANDS.total_text(r.score))
                block.append([table_cell(sheet, len(block)), f"{SEATS[i]} {WIND_ZH[SEATS[i]]}", p.number,
                              p.name, p.team or "", *cells])
            blocks.append(block)

        widths = self.col_widths if thousands_ else self.points_widths
        last = len(widths) - 1

        def style(rows: list[list[object]]) -> list[tuple]:
            font = self.fonts.main
            out = table_style(font, self.size, zebra=False)
            out += [("ALIGN", (5, 0), (-1, -1), "RIGHT"), ("ALIGN", (0, 0), (2, -1), "CENTER"),
                    ("LEADING", (0, 0), (-1, 0), 8.5), ("FONT", (last, 1), (last, -1), font, 10)]
            for r in range(1, len(rows)):
                if str(rows[r][0]).isdigit():
                    out.append(("LINEABOVE", (0, r), (-1, r), 1.2, colors.black))
                    out.append(("FONT", (0, r), (0, r), font, 12))
                    if int(str(rows[r][0])) in unsigned:
                        out.append(("TEXTCOLOR", (0, r), (0, r), colors.HexColor("#777777")))
                elif rows[r][0]:
                    out.append(("FONT", (0, r), (0, r), font, 6.5))
            return out + shrink_cells(rows, (3, 4), widths, self.fonts.main, self.size)

        header = self._header() if thousands_ else self._points_header()
        story = self._paged_tables(intro, header, blocks, widths, 22, 15, style)
        if not any(sheet.results for sheet in data.tables):
            return [*story, Spacer(1, 8),
                    Paragraph(two("No results recorded in this session yet."), self.styles["body"])]
        if not thousands_:
            return story + self._best(data, two("Table pts"), HANDS.total_text, HANDS.points_text) \
                + self._biggest_totals(data)
        return story + self._best(data, col("score", " "), thousands, raw_points) + self._biggest(data)

    def _biggest_totals(self, data: GameSessionResults) -> list[Flowable]:
        """The five biggest wins of the session by their total (a Chinese system's), with their fans."""
        wins = [(w, sheet, h.hand) for sheet in data.tables for h in sheet.hands for w in h.winners]
        if not wins:
            return []
        wins.sort(key=lambda t: (-t[0].total, t[1].table, t[2]))
        rows: list[list[object]] = [[said_two(game_words.CHINESE_COLUMNS["total"], "\n"), two("Table"), two("Hand"),
                                     two("Player"), said_two(game_words.CHINESE_COLUMNS["fans"])]]
        for w, sheet, hand in wins[:5]:
            rows.append([str(w.total), str(sheet.table), str(hand), sheet.players[w.player].name,
                         Paragraph(text_markup(fan_list(w)), self.styles["cell"])])
        widths = (60, 36, 36, 130, 262)
        font = self.fonts.main
        fit = shrink_cells(rows, (3,), widths, font, 8.5)
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(table_style(font) + [("ALIGN", (0, 1), (0, -1), "RIGHT")] + fit))
        return [Spacer(1, 8), KeepTogether([Paragraph(two("Biggest hands"), self.styles["h2"]), table])]

    def _best(self, data: GameSessionResults, score_head: str, score: Callable[[float], str],
              points: Callable[[float], str]) -> list[Flowable]:
        """The session's best seats by their score, then points: Riichi's score in thousands, or a Chinese
        system's table points (as MCR's), each said by ``score`` and ``points``."""
        font = self.fonts.main
        seats = [(sheet.results[i].score, sheet.results[i].raw, sheet.table, i, sheet)
                 for sheet in data.tables if sheet.results for i in range(4)]
        seats.sort(key=lambda t: (-t[0], -t[1], t[2], t[3]))
        rows: list[list[object]] = [["#", two("No."), two("Player"), two("Team"), two("Table"), score_head,
                                     col("raw", " ")]]
        for n, (value, raw, table_no, i, sheet) in enumerate(seats[: data.best], start=1):
            p = sheet.players[i]
            rows.append([str(n), p.number, p.name, p.team or "", str(table_no), score(value), points(raw)])
        widths = (26, 44, 150, 120, 44, 70, 70)
        fit = shrink_cells(rows, (2, 3), widths, font, 8.5)
        best = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        best.setStyle(TableStyle(table_style(font) + [("ALIGN", (4, 0), (-1, -1), "RIGHT")] + fit))
        return [CondPageBreak(160), Spacer(1, 10),
                KeepTogether([Paragraph(two("Best scores of the session"), self.styles["h2"]), best])]

    def _biggest(self, data: GameSessionResults) -> list[Flowable]:
        """The five biggest wins of the session (yakuman first, then han, then fu)."""
        wins = [(w, sheet, h.hand) for sheet in data.tables for h in sheet.hands for w in h.winners]
        if not wins:
            return []
        wins.sort(key=lambda t: (-t[0].yakuman, -t[0].han, -t[0].fu, t[1].table, t[2]))
        rows: list[list[object]] = [[two("Value"), two("Table"), two("Hand"), two("Player"), two("Yaku")]]
        for w, sheet, hand in wins[:5]:
            rows.append([said_two(hand_value(w), "\n"), str(sheet.table), str(hand), sheet.players[w.player].name,
                         Paragraph(text_markup(yaku_list(w)), self.styles["cell"])])
        widths = (84, 36, 36, 130, 238)
        font = self.fonts.main
        fit = shrink_cells(rows, (3,), widths, font, 8.5)
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(table_style(font) + fit))
        return [Spacer(1, 8), KeepTogether([Paragraph(two("Biggest hands"), self.styles["h2"]), table])]


def score_formula() -> Text:
    """How a game's score is made, for the line under the title."""
    return Text("score = (points − return) / 1,000 + uma + penalty", "report")


def hand_value(w: GameWinView) -> Text:
    return game_words.hand_value(w.han, w.fu, w.yakuman, w.limit)


def yaku_list(w: GameWinView) -> str:
    """A win's yaku in both languages with their han ("Riichi 立直 1 · Dora 宝牌 2"); a yakuman's han left
    out (the value says it); "–" when only the totals were entered."""
    items = []
    for yaku_id, han in w.yaku:
        name = said_two(game_words.yaku_name(yaku_id))
        items.append(name if han >= 13 or han <= 0 else f"{name} {han}")
    return " · ".join(items) or "–"




def fan_list(w: GameWinView) -> str:
    """A Chinese system's win's fans (or hand types) in both languages with their values ("All Pungs 碰碰胡 8 ·
    Half Flush 混一色 8"); "–" when only its total was typed."""
    items = []
    for f in w.fans:
        name = f.zh if f.en == f.zh else f"{f.en} {f.zh}"
        items.append(f"{name} {f.value}" if f.value else name)
    return " · ".join(items) or "–"
