"""The table score sheet: its 16 lines with running totals (the Score sheet page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from db.read.views import HandRow, TableSheet
from referee_app.models.base import RowsModel
from referee_app.models.cells import CENTER, NEG, POS, RIGHT, signed, wind_label
from referee_app.words.i18n import tr


def short_name(name: str) -> str:
    """The first word of a name ("黄勇 Huang Yong" -> "黄勇"), for narrow column headers."""
    return name.split(" ")[0] if name else name


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One of the 16 lines of the paper sheet: the hand if recorded, else just its number and winds."""

    hand: int
    prevailing: str
    dealer: int
    row: HandRow | None
    totals: tuple[int, int, int, int] | None


def sheet_rows(sheet: TableSheet, winds_of: Any) -> list[SheetRow]:
    """The 16 (``hands_per_session``) lines, with running totals over the recorded hands.

    ``winds_of(hand) -> (prevailing, dealer)`` comes from ``db.rules.rotation`` (the seating rules live there).
    """
    by_hand = {h.hand: h for h in sheet.hands}
    totals = [0, 0, 0, 0]
    out: list[SheetRow] = []
    n = max(sheet.hands_per_session, max(by_hand, default=0))
    for k in range(1, n + 1):
        h = by_hand.get(k)
        prevailing, dealer = (h.prevailing, h.dealer) if h else winds_of(k)
        running: tuple[int, int, int, int] | None = None
        if h is not None:
            totals = [totals[i] + h.deltas[i] for i in range(4)]
            running = (totals[0], totals[1], totals[2], totals[3])
        out.append(SheetRow(k, prevailing, dealer, h, running))
    return out


class SheetModel(RowsModel[SheetRow]):
    """The table score sheet: hand, wind, dealer, winner, discarder, fan, points ×4, running totals ×4."""

    COL_HAND, COL_WIND, COL_DEALER, COL_WINNER, COL_DISCARDER, COL_FAN = range(6)
    COL_POINTS = 6  # 6..9: points of players E, S, W, N in this hand
    COL_TOTAL = 10  # 10..13: running totals
    BASE_HEADERS = ["Hand", "Wind", "Dealer", "Winner", "Discarder", "Fan"]

    def __init__(self, parent: Any = None) -> None:
        super().__init__((), parent)
        self.players: tuple[str, str, str, str] = ("E", "S", "W", "N")
        self.HEADERS = self.BASE_HEADERS + ["P"] * 4 + ["Σ"] * 4

    def set_sheet(self, sheet: TableSheet | None, winds_of: Any) -> None:
        if sheet is None:
            self.players = ("", "", "", "")
            self.set_rows([])
            return
        self.players = tuple(p.name for p in sheet.players)  # type: ignore[assignment]
        self.set_rows(sheet_rows(sheet, winds_of))
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    def header(self, section: int) -> str:
        if section < self.COL_POINTS:
            return tr(self.BASE_HEADERS[section])
        if section < self.COL_TOTAL:
            return short_name(self.players[section - self.COL_POINTS])
        return "Σ " + short_name(self.players[section - self.COL_TOTAL])

    def _name(self, i: int | None) -> str:
        return "" if i is None else self.players[i]

    def cell(self, r: SheetRow, col: int) -> Any:
        h = r.row
        if col == self.COL_HAND:  # a corrected line is marked (the Log has its before and after)
            return f"{r.hand} ✎" if h is not None and h.corrected else r.hand
        if col == self.COL_WIND:
            return wind_label(r.prevailing)
        if col == self.COL_DEALER:
            return self._name(r.dealer)
        if h is None:
            return ""
        if col == self.COL_WINNER:
            return tr("draw") if h.kind == "draw" else self._name(h.winner)
        if col == self.COL_DISCARDER:
            if h.kind == "draw":
                return ""
            return tr("self-drawn") if h.self_drawn or h.discarder is None else self._name(h.discarder)
        if col == self.COL_FAN:
            return "" if h.kind == "draw" else h.fan_total
        if self.COL_POINTS <= col < self.COL_TOTAL:
            return signed(h.deltas[col - self.COL_POINTS])
        if r.totals is not None:
            return r.totals[col - self.COL_TOTAL]
        return ""

    def sort_value(self, r: SheetRow, col: int) -> Any:
        return r.hand

    def alignment(self, col: int) -> Any:
        return RIGHT if col >= self.COL_FAN else CENTER if col == self.COL_HAND else None

    def foreground(self, r: SheetRow, col: int) -> Any:
        if r.row is None:
            return None
        if self.COL_POINTS <= col < self.COL_TOTAL:
            v = r.row.deltas[col - self.COL_POINTS]
            return POS if v > 0 else NEG if v < 0 else None
        return None

    def font(self, r: SheetRow, col: int) -> Any:
        if col >= self.COL_TOTAL and r.totals is not None:
            f = QFont()
            f.setBold(True)
            return f
        return None

    def tooltip(self, r: SheetRow, col: int) -> Any:
        h = r.row
        if h is not None and h.corrected and col == self.COL_HAND:
            return tr("Corrected: the Log shows it before and after, with the reason.")
        if h is None or not h.fans:
            return None
        lines = [f"{f.zh} {f.en}  {f.points}" + (f" × {f.count}" if f.count > 1 else "") for f in h.fans]
        if h.notation:
            lines.insert(0, h.notation)
        return "\n".join(lines)
