"""Seating of a session: by table (for the referees), then alphabetically by player with table and seat
(large print, for the entrance wall).

Alphabetical order: ``db.rules.names.name_key`` (Chinese names by their pinyin among the Latin ones, case and
accents ignored), then the player number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from db.read.views import SEATS, PlayerView, TableSeating, player_order
from reports.pdf.base import WIND_ZH, SessionReport, ellipsize, shrink_cells, table_style, two
from texts import NC_


@dataclass(frozen=True, slots=True)
class SessionSeating:
    tournament: str
    session: int
    tables: Sequence[TableSeating]
    page_url: str | None = None  # the players' page: a QR code beside the wall list's title
    # a substitute's number -> "number name" of whom they replace (db.read.queries.replacements)
    replaces: Mapping[str, str] = field(default_factory=dict)


def sort_key(player: PlayerView) -> tuple[tuple[str, int, str], tuple[int, int, str]]:
    """Name order (pinyin for Chinese names, accents and case ignored), then the number.

    >>> sorted(["张伟", "Émile", "anna", "Zoe", "李娜"], key=lambda n: sort_key(PlayerView("1", n)))
    ['anna', 'Émile', '李娜', '张伟', 'Zoe']
    """
    return player_order(player.name, player.number)


class SeatingReport(SessionReport[SessionSeating]):
    title_en = NC_("report", "Seating")
    table_widths = (38, 40, 40, 180, 0)  # table, seat, number, name, team (the rest of the width)
    wall_widths = (150, 38, 42, 12, 150, 38, 42)  # name, table, seat | gap | name, table, seat

    def _story(self, data: SessionSeating) -> list[Flowable]:
        if not data.tables:
            raise ValueError(f"session {data.session} has no seating")
        return self._by_table(data) + [PageBreak()] + self._by_player(data)

    def _name_and_number(self, p: PlayerView, width: float) -> str:
        """"name (number)", the name cut with "…" so that the number always shows (at 7 pt at least)."""
        number = f" ({p.number})"
        room = width - 6 - stringWidth(number, self.fonts.main, 7)
        return ellipsize(p.name, self.fonts.main, 7, room) + number

    def _by_table(self, data: SessionSeating) -> list[Flowable]:
        intro = [Paragraph(two("Session {n} seating by table", n=data.session), self.styles["title"]), Spacer(1, 4)]
        widths = self.fill_widths(self.table_widths)
        blocks = []
        for seating in sorted(data.tables, key=lambda t: t.table):
            block: list[list[object]] = []
            for i, p in enumerate(seating.players):
                whom = data.replaces.get(p.number)
                team = " · ".join(t for t in (p.team or "", two("for {player}", player=whom) if whom else "") if t)
                block.append(["" if block else str(seating.table), f"{SEATS[i]} {WIND_ZH[SEATS[i]]}", p.number,
                              p.name, team])
            blocks.append(block)

        def style(rows: list[list[object]]) -> list[tuple]:
            out = table_style(self.fonts.main, 10, zebra=False) + [("ALIGN", (0, 0), (2, -1), "CENTER"),
                                                                  ("LEADING", (0, 0), (-1, 0), 8.5)]
            for r in range(1, len(rows)):
                if rows[r][0]:
                    out += [("LINEABOVE", (0, r), (-1, r), 1.2, colors.black),
                            ("FONT", (0, r), (0, r), self.fonts.main, 14)]
            return out + shrink_cells(rows, (3, 4), widths, self.fonts.main, 10)

        header: list[object] = [two("Table", "\n"), two("Seat", "\n"), two("No.", "\n"), two("Player"), two("Team")]
        return self._paged_tables(intro, header, blocks, widths, 22, 17, style)

    def _by_player(self, data: SessionSeating) -> list[Flowable]:
        """Two columns of large print; each page is filled down the left column, then the right."""
        entries = sorted(
            ((p, seating.table, SEATS[i]) for seating in data.tables for i, p in enumerate(seating.players)),
            key=lambda e: sort_key(e[0]),
        )
        title: Flowable = Paragraph(two("Session {n}: find your table", n=data.session), self.styles["title"])
        width, height = self.frame_size
        if data.page_url:
            title = self._with_qr(title, data.page_url, width)
        _, title_h = title.wrap(width, height)
        row_h, header_h = 19.0, 18.0
        widths: list[float] = list(self.wall_widths)
        spare = width - sum(widths)
        widths[0] += spare / 2
        widths[4] += spare / 2
        story: list[Flowable] = []
        first = True
        while entries or first:
            available = height - header_h - 4 - (title_h + 10 if first else 0)
            per_column = int(available // row_h)
            page, entries = entries[: 2 * per_column], entries[2 * per_column:]
            left, right = page[:per_column], page[per_column:]
            rows: list[list[object]] = [[two("Player"), two("Table"), two("Seat"), "", two("Player"), two("Table"),
                                         two("Seat")]]
            for n in range(len(left)):
                row: list[object] = []
                for side in (left, right):
                    if n < len(side):
                        p, table, seat = side[n]
                        row += [self._name_and_number(p, widths[0]), str(table), f"{seat} {WIND_ZH[seat]}"]
                    else:
                        row += ["", "", ""]
                    if side is left:
                        row.append("")
                rows.append(row)
            font = self.fonts.main
            style = [
                ("FONT", (0, 0), (-1, -1), font, 11.5),
                ("FONT", (0, 0), (-1, 0), font, 8.5),
                ("BACKGROUND", (0, 0), (2, 0), colors.HexColor("#DDDDDD")),
                ("BACKGROUND", (4, 0), (6, 0), colors.HexColor("#DDDDDD")),
                ("LINEBELOW", (0, 0), (2, -1), 0.4, colors.HexColor("#999999")),
                ("LINEBELOW", (4, 0), (6, -1), 0.4, colors.HexColor("#999999")),
                ("FONT", (1, 1), (1, -1), font, 13),
                ("FONT", (5, 1), (5, -1), font, 13),
                ("ALIGN", (1, 0), (2, -1), "CENTER"),
                ("ALIGN", (5, 0), (6, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ] + shrink_cells(rows, (0, 4), widths, font, 11.5)
            table = Table(rows, colWidths=widths, rowHeights=[header_h] + [row_h] * (len(rows) - 1))
            table.setStyle(TableStyle(style))
            if first:
                story += [title, Spacer(1, 6)]
            else:
                story.append(PageBreak())
            story.append(table)
            first = False
        return story

    def _with_qr(self, title: Flowable, url: str, width: float) -> Flowable:
        """The wall list's title beside the players' page as a QR code: a phone finds its table there."""
        size = 62.0
        widget = QrCodeWidget(url, barLevel="M", barBorder=0)
        x0, y0, x1, y1 = widget.getBounds()
        qr = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
        qr.add(widget)
        caption = Paragraph(two("Your table, standings and results on your phone") + f":<br/>{url}",
                            self.styles["cell"])
        box = Table([[title, caption, qr]], colWidths=[width - size - 150, 146, size + 4])
        box.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
        return box
