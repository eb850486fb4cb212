"""The penalty record (R98 annex 4 违例处罚记录): every penalty of a session, one line each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from db.read.views import PenaltyRow
from db.rules.profiles import PENALTY_KIND_LABELS
from db.service.calls import CallReason, CallView
from reports.pdf.base import WIND_ZH, Report, said_two, shrink_cells, table_style, text_markup, two
from texts import NC_

KIND = {kind: f"{label} {label.in_language('zh')}" for kind, label in PENALTY_KIND_LABELS.items()}


def kind_text(kind: str) -> str:
    """A penalty's kind in the reports' two languages ("Lateness 迟到"; an unknown kind: its code)."""
    label = PENALTY_KIND_LABELS.get(kind)
    return kind if label is None else said_two(label)


def settlement(row: PenaltyRow) -> str:
    """How the points were settled, in both languages."""
    if row.settlement == "deducted":
        return two("deducted")
    if row.settlement == "others":
        return f"{row.points // 3} " + two("to each other player")
    if row.settlement == "player" and row.to_player is not None:
        return two("to") + f" {row.to_player.name} ({row.to_player.number})"
    return row.settlement


@dataclass(frozen=True, slots=True)
class PenaltyRecord:
    tournament: str
    session: int
    rows: Sequence[PenaltyRow]
    rulings: Sequence[CallView] = ()  # the session's resolved referee calls


class PenaltiesReport(Report[PenaltyRecord]):
    """Landscape A4: team, name, number, session/hand/table/seat, offence, points, settlement, remarks."""

    pagesize = landscape(A4)
    top_margin = 18 * mm
    title_en = NC_("report", "Penalty record")
    header = [NC_("report", "Team"), NC_("report", "Name"), NC_("report", "No."), NC_("report", "Session"),
              NC_("report", "Hand"), NC_("report", "Table"), NC_("report", "Seat"), NC_("report", "Offence"),
              NC_("report", "Points"), NC_("report", "Settlement"), NC_("report", "Remarks")]
    col_widths = (84, 96, 36, 38, 34, 34, 36, 80, 38, 130, 0)  # remarks: the rest (a reason has up to 500 characters)

    def _tournament(self, data: PenaltyRecord) -> str:
        return data.tournament

    def _subtitle(self, data: PenaltyRecord) -> str:
        return two("Session") + f" {data.session}"

    def _story(self, data: PenaltyRecord) -> list[Flowable]:
        story: list[Flowable] = [
            Paragraph(two("Penalty record, session {n}", n=data.session), self.styles["title"]),
            Spacer(1, 4),
        ]
        if not data.rows:
            story.append(Paragraph(two("No penalties in session {n}.", n=data.session), self.styles["body"]))
            return story + self._rulings(data)
        widths = self.fill_widths(self.col_widths)
        rows: list[list[object]] = [[two(h, "\n") for h in self.header]]
        ordered = sorted(data.rows, key=lambda r: (r.table, r.hand if r.hand is not None else 0, r.player.number))
        cell = self.styles["cell"]
        for r in ordered:  # names, teams and reasons wrap (a penalty record is read in full)
            rows.append([
                Paragraph(text_markup(r.player.team or ""), cell), Paragraph(text_markup(r.player.name), cell),
                r.player.number, str(r.session), "" if r.hand is None else str(r.hand), str(r.table),
                f"{r.seat} {WIND_ZH.get(r.seat, '')}", kind_text(r.kind), str(r.points),
                Paragraph(text_markup(settlement(r)), cell), Paragraph(text_markup(r.reason), cell),
            ])
        font = self.fonts.main
        fit = shrink_cells(rows, (2, 7), widths, font, 8.5)  # before the Table: it may cut texts
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(
            table_style(font, 8.5)
            + [("ALIGN", (2, 0), (6, -1), "CENTER"), ("ALIGN", (8, 1), (8, -1), "RIGHT"),
               ("LEADING", (0, 0), (-1, 0), 8.5), ("VALIGN", (0, 1), (-1, -1), "TOP")]
            + fit
        ))
        story.append(table)
        total = sum(r.points for r in data.rows)
        story += [Spacer(1, 6), Paragraph(two("{n} penalties, {total} points", n=len(data.rows), total=total),
                                          self.styles["body"])]
        return story + self._rulings(data)

    def _rulings(self, data: PenaltyRecord) -> list[Flowable]:
        """The referees' rulings on the tables' calls, in words, with the penalty each caused."""
        done = sorted((c for c in data.rulings if c.status == "resolved"), key=lambda c: (c.table, c.id))
        if not done:
            return []
        cell = self.styles["cell"]
        rows: list[list[object]] = [[two("Table", "\n"), two("Hand", "\n"), two("Called for", "\n"),
                                     two("Referee", "\n"), two("Ruling", "\n"), two("Penalty", "\n")]]
        for c in done:
            reason = CallReason(c.reason) if c.reason in {r.value for r in CallReason} else None
            rows.append([str(c.table), "" if c.hand is None else str(c.hand),
                         Paragraph(text_markup(f"{reason.en} {reason.zh}" if reason else c.reason), cell),
                         Paragraph(text_markup(c.taken_by or ""), cell), Paragraph(text_markup(c.ruling or ""), cell),
                         "" if c.penalty_id is None else f"#{c.penalty_id}"])
        widths = self.fill_widths((34, 34, 110, 96, 0, 48), fill=4)
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(table_style(self.fonts.main, 8.5)
                                  + [("LEADING", (0, 0), (-1, 0), 8.5), ("VALIGN", (0, 1), (-1, -1), "TOP")]))
        return [Spacer(1, 10), Paragraph(two("Rulings on the tables' calls ({n})", n=len(done)), self.styles["body"]),
                Spacer(1, 4), table]
