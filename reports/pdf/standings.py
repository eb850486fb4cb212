"""Standings (R98 annex 6, overall): individual ranking with table points, match points and the
per-session breakdown; or the team ranking (``teams=True`` in the data)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from db.read.views import (
    StagePlace,
    StageStandingRow,
    StandingRow,
    TeamStandingRow,
    ranking_rule,
    stage_rule,
    staged,
)
from reports.pdf.base import (
    Report,
    fmt_points,
    fmt_signed,
    said_two,
    shrink_cells,
    stage_two,
    table_style,
    text_markup,
    two,
)
from reports.snapshot import provisional_text
from texts import NC_


@dataclass(frozen=True, slots=True)
class Standings:
    tournament: str
    after: int  # standings after this many sessions
    players: Sequence[StandingRow] = ()
    teams: Sequence[TeamStandingRow] | None = None  # set: print the team ranking instead of players
    still_playing: int = 0  # tables counted while still playing: the ranking is marked provisional


@dataclass(frozen=True, slots=True)
class StageStandings:
    """One stage's own ranking (``standings --stage NAME``): its players, what each carried, its sessions."""

    tournament: str
    stage: str
    first_session: int
    last_session: int
    players: Sequence[StageStandingRow] = ()
    still_playing: int = 0


def stage_cells(p: StagePlace | None) -> list[str]:
    """A staged event's three columns of the final ranking: the stage reached (its name in both languages
    for the qualifying stage), the points carried into it and its totals (table points / match points)."""
    if p is None:  # a row no stage placed, in a staged ranking: the columns stay aligned
        return ["", "", ""]
    carried = ("–" if p.stage == "qualifying"
               else f"{fmt_points(p.carried_table_points)} / {fmt_signed(p.carried_match_points)}")
    # one line, shrunk to the column (shrink_cells): on two lines every qualifying row was taller, and a
    # 20-player ranking left its last row alone on a second page
    return [stage_two(p.label), carried, f"{fmt_points(p.table_points)} / {fmt_signed(p.match_points)}"]


def stage_headers() -> list[str]:
    return [two("Stage"), two("Carried", "\n"), two("Stage pts", "\n")]


class StandingsReport(Report[Standings | StageStandings]):
    """Landscape A4 so that up to ten sessions fit beside the totals (table points / match points each).
    Renders the final ranking (:class:`Standings`; in a staged event with the stage columns), the team
    ranking, or one stage's ranking (:class:`StageStandings`)."""

    pagesize = landscape(A4)
    top_margin = 18 * mm
    title_en = NC_("report", "Standings")
    fixed = (36, 40, 150, 120, 50, 56)  # rank, number, player, team, table points, match points

    def _tournament(self, data: Standings | StageStandings) -> str:
        return data.tournament

    def _subtitle(self, data: Standings | StageStandings) -> str:
        if isinstance(data, StageStandings):
            return f"{two('Stage')} {data.stage}"
        what = two("Teams") if data.teams is not None else two("Players")
        return f"{what} · {self._after(data)}"

    @staticmethod
    def _after(data: Standings) -> str:
        if data.after <= 0:
            return two("no session played yet")
        return two("after session {n}", n=data.after)

    def _provisional(self, data: Standings | StageStandings) -> list[Flowable]:
        """The mark of a ranking that counts tables still playing ("provisional: 2 tables still playing")."""
        mark = provisional_text(data.still_playing)
        if mark is None:
            return []
        return [Paragraph(f'<font color="#b42318"><b>{text_markup(mark[0])} {text_markup(mark[1])}</b></font>',
                          self.styles["body"])]

    def _story(self, data: Standings | StageStandings) -> list[Flowable]:
        if isinstance(data, StageStandings):
            return self._stage(data)
        if data.teams is not None:
            return self._teams(data, data.teams)
        return self._players(data)

    def _players(self, data: Standings) -> list[Flowable]:
        story: list[Flowable] = [
            Paragraph(two("Individual standings") + " · " + self._after(data), self.styles["title"]),
            *self._provisional(data),
            Paragraph(two("Per session: table points / match points") + " · "
                      + said_two(ranking_rule(data.players)), self.styles["small"]),
            Spacer(1, 5),
        ]
        if not data.players:
            return story + [Paragraph(two("No results yet."), self.styles["body"])]
        sessions = max([data.after, *(e.session for r in data.players for e in r.sessions)])
        # A staged event: the stage reached, the points carried into it and its totals decide the places,
        # so they stand beside the whole event's totals
        extra = (64.0, 58.0, 64.0) if staged(data.players) else ()
        fixed = (*self.fixed, *extra)
        width = self.frame_size[0]
        per_session = min(56.0, (width - sum(fixed)) / max(1, sessions))
        widths = self.fill_widths([*fixed, *([per_session] * sessions)], fill=2)  # spare width: the names
        first = 6 + len(extra)  # the first session's column
        header: list[object] = [two("Rank", "\n"), two("No.", "\n"), two("Player"), two("Team"),
                                two("Table pts", "\n"), two("Match pts", "\n"), *(stage_headers() if extra else ()),
                                *(two("S{n}", "\n", n=n) for n in range(1, sessions + 1))]
        rows: list[list[object]] = [header]
        for r in data.players:
            rows.append([str(r.rank), r.number, r.name, r.team or "", fmt_points(r.table_points),
                         fmt_signed(r.match_points), *(stage_cells(r.stage) if extra else ()),
                         *_session_cells(r, 1, sessions)])
        font = self.fonts.main
        fit = shrink_cells(rows, (2, 3, *range(6, first + sessions)), widths, font, 9)  # before the Table: it may cut
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(
            table_style(font, 9)
            + [("ALIGN", (0, 0), (1, -1), "CENTER"), ("ALIGN", (4, 0), (-1, -1), "RIGHT"),
               ("FONT", (4, 1), (4, -1), font, 10.5), ("LEADING", (0, 0), (-1, 0), 8.5)]
            + ([("ALIGN", (6, 0), (6, -1), "LEFT"), ("FONT", (8, 1), (8, -1), font, 10.5),
                ("BACKGROUND", (6, 1), (8, -1), colors.HexColor("#EEF3F8"))] if extra else [])
            + fit
        ))
        return story + [table]

    def _stage(self, data: StageStandings) -> list[Flowable]:
        """One stage's ranking: its totals (the carried points included), the carried part, its sessions."""
        story: list[Flowable] = [
            Paragraph(two("Stage standings") + " · " + text_markup(data.stage), self.styles["title"]),
            *self._provisional(data),
            Paragraph(two("Per session: table points / match points") + " · " + said_two(stage_rule()),
                      self.styles["small"]),
            Spacer(1, 5),
        ]
        if not data.players:
            return story + [Paragraph(two("No results yet."), self.styles["body"])]
        first, last = data.first_session, data.last_session
        fixed = (*self.fixed, 70.0)
        per_session = min(56.0, (self.frame_size[0] - sum(fixed)) / max(1, last - first + 1))
        widths = self.fill_widths([*fixed, *([per_session] * (last - first + 1))], fill=2)
        header: list[object] = [two("Rank", "\n"), two("No.", "\n"), two("Player"), two("Team"),
                                two("Table pts", "\n"), two("Match pts", "\n"), two("Carried", "\n"),
                                *(two("S{n}", "\n", n=n) for n in range(first, last + 1))]
        rows: list[list[object]] = [header]
        for r in data.players:
            rows.append([str(r.rank), r.number, r.name, r.team or "", fmt_points(r.table_points),
                         fmt_signed(r.match_points),
                         f"{fmt_points(r.carried_table_points)} / {fmt_signed(r.carried_match_points)}",
                         *_session_cells(r, first, last)])
        font = self.fonts.main
        fit = shrink_cells(rows, (2, 3, *range(6, 7 + last - first + 1)), widths, font, 9)
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(
            table_style(font, 9)
            + [("ALIGN", (0, 0), (1, -1), "CENTER"), ("ALIGN", (4, 0), (-1, -1), "RIGHT"),
               ("FONT", (4, 1), (4, -1), font, 10.5), ("LEADING", (0, 0), (-1, 0), 8.5)]
            + fit
        ))
        return story + [table]

    def _teams(self, data: Standings, teams: Sequence[TeamStandingRow]) -> list[Flowable]:
        story: list[Flowable] = [
            Paragraph(two("Team standings") + " · " + self._after(data), self.styles["title"]),
            *self._provisional(data),
            Paragraph(two("Team total: the members' table points, then match points"), self.styles["small"]),
            Spacer(1, 5),
        ]
        if not teams:
            return story + [Paragraph(two("No teams."), self.styles["body"])]
        widths = self.fill_widths((40, 180, 60, 64, 0))
        rows: list[list[object]] = [[two("Rank", "\n"), two("Team"), two("Table pts", "\n"),
                                     two("Match pts", "\n"), two("Members")]]
        for t in teams:
            rows.append([str(t.rank), t.team, fmt_points(t.table_points), fmt_signed(t.match_points),
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


def _session_cells(r: StandingRow | StageStandingRow, first: int, last: int) -> list[str]:
    """Sessions ``first``..``last`` of a player: table points / match points, "–" where not played."""
    by_session = {e.session: e for e in r.sessions}
    return [f"{fmt_points(by_session[n].table_points)} / {fmt_signed(by_session[n].match_points)}"
            if n in by_session else "–" for n in range(first, last + 1)]
