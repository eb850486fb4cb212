"""Standings (R98 annex 6, overall): individual ranking with table points, match points and the
per-session breakdown; or the team ranking (``teams=True`` in the data)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from db.views import StandingRow, TeamStandingRow
from reports.base import Report, fmt_points, fmt_signed, shrink_cells, table_style, text_markup, two
from reports.snapshot import provisional_text
from texts import NC_


@dataclass(frozen=True, slots=True)
class Standings:
    tournament: str
    after: int  # standings after this many sessions
    players: Sequence[StandingRow] = ()
    teams: Sequence[TeamStandingRow] | None = None  # set: print the team ranking instead of players
    still_playing: int = 0  # tables counted while still playing: the ranking is marked provisional


class StandingsReport(Report[Standings]):
    """Landscape A4 so that up to ten sessions fit beside the totals (table points / match points each)."""

    pagesize = landscape(A4)
    top_margin = 18 * mm
    title_en = NC_("report", "Standings")
    fixed = (36, 40, 150, 120, 50, 56)  # rank, number, player, team, table points, match points

    def _tournament(self, data: Standings) -> str:
        return data.tournament

    def _subtitle(self, data: Standings) -> str:
        what = two("Teams") if data.teams is not None else two("Players")
        return f"{what} · {self._after(data)}"

    @staticmethod
    def _after(data: Standings) -> str:
        if data.after <= 0:
            return two("no session played yet")
        return two("after session {n}", n=data.after)

    def _provisional(self, data: Standings) -> list[Flowable]:
        """The mark of a ranking that counts tables still playing ("provisional: 2 tables still playing")."""
        mark = provisional_text(data.still_playing)
        if mark is None:
            return []
        return [Paragraph(f'<font color="#b42318"><b>{text_markup(mark[0])} {text_markup(mark[1])}</b></font>',
                          self.styles["body"])]

    def _story(self, data: Standings) -> list[Flowable]:
        if data.teams is not None:
            return self._teams(data, data.teams)
        return self._players(data)

    def _players(self, data: Standings) -> list[Flowable]:
        story: list[Flowable] = [
            Paragraph(two("Individual standings") + " · " + self._after(data), self.styles["title"]),
            *self._provisional(data),
            Paragraph(two("Per session: table points / match points") + " · "
                      + two("ranking by table points, then match points"), self.styles["small"]),
            Spacer(1, 5),
        ]
        if not data.players:
            return story + [Paragraph(two("No results yet."), self.styles["body"])]
        sessions = max([data.after, *(e.session for r in data.players for e in r.sessions)])
        width = self.frame_size[0]
        per_session = min(56.0, (width - sum(self.fixed)) / max(1, sessions))
        widths = self.fill_widths([*self.fixed, *([per_session] * sessions)], fill=2)  # spare width: the names
        header: list[object] = [two("Rank", "\n"), two("No.", "\n"), two("Player"), two("Team"),
                                two("Table pts", "\n"), two("Match pts", "\n"),
                                *(two("S{n}", "\n", n=n) for n in range(1, sessions + 1))]
        rows: list[list[object]] = [header]
        for r in data.players:
            by_session = {e.session: e for e in r.sessions}
            cells = [
                f"{fmt_points(by_session[n].table_points)} / {fmt_signed(by_session[n].match_points)}"
                if n in by_session else "–"
                for n in range(1, sessions + 1)
            ]
            rows.append([str(r.rank), r.number, r.name, r.team or "", fmt_points(r.table_points),
                         fmt_signed(r.match_points), *cells])
        font = self.fonts.main
        fit = shrink_cells(rows, (2, 3, *range(6, 6 + sessions)), widths, font, 9)  # before the Table: it may cut
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
