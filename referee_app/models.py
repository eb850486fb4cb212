"""Item models (QAbstractTableModel) for every table on screen. No widgets: testable alone.

Each model has ``COL_*`` constants, a ``HEADERS`` list of English header texts (translated at display
time) and ``set_rows(rows)``. Rows are the plain read models of ``db.read.views`` or ``scoring`` values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

import texts
from db.actions import AuditAction
from db.rules.names import romanised
from referee_app.words.i18n import LANG, tr
from scoring import tiles as T
from scoring.result import AwardedFan

R = TypeVar("R")
Index = QModelIndex | QPersistentModelIndex
TILES_ROLE = Qt.ItemDataRole.UserRole + 1  # the tiles a fan is made of (set[int])
SORT_ROLE = Qt.ItemDataRole.UserRole + 2  # a value that sorts correctly (numbers as numbers)
TILE_GROUPS_ROLE = Qt.ItemDataRole.UserRole + 3  # tiles to draw in a cell (tuple of tile tuples)


class RowsModel(QAbstractTableModel, Generic[R]):
    """Base: a list of rows, headers from ``HEADERS``, cells from ``cell(row, column)``."""

    HEADERS: list[str] = []

    def __init__(self, rows: Sequence[R] = (), parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[R] = list(rows)
        LANG.changed.connect(self._language_changed)

    def _language_changed(self, _code: str) -> None:
        if self.columnCount():
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
        if self.rows and self.columnCount():
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, self.columnCount() - 1))

    def set_rows(self, rows: Sequence[R]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> R:
        return self.rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole:
            if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
                return self.header_tooltip(section)
            return None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
            return self.header(section)
        if orientation == Qt.Orientation.Vertical:
            return section + 1
        return None

    def header(self, section: int) -> str:
        return tr(self.HEADERS[section])

    def header_tooltip(self, section: int) -> str | None:
        """What a column holds, when its header alone may not say it."""
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self.rows)):
            return None
        row = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            v = self.cell(row, col)
            return None if v is None else str(v) if not isinstance(v, str) else v
        if role == SORT_ROLE:
            return self.sort_value(row, col)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return self.alignment(col)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self.foreground(row, col)
        if role == Qt.ItemDataRole.FontRole:
            return self.font(row, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row, col)
        return self.extra(row, col, role)

    # hooks
    def cell(self, row: R, col: int) -> Any:
        raise NotImplementedError

    def sort_value(self, row: R, col: int) -> Any:
        v = self.cell(row, col)
        return v if isinstance(v, int | float) else ("" if v is None else str(v))

    def alignment(self, col: int) -> Any:
        return None

    def foreground(self, row: R, col: int) -> Any:
        return None

    def font(self, row: R, col: int) -> Any:
        return None

    def tooltip(self, row: R, col: int) -> Any:
        return None

    def extra(self, row: R, col: int, role: int) -> Any:
        return None


RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
CENTER = int(Qt.AlignmentFlag.AlignCenter)
NEG = QBrush(QColor("#b3261e"))
POS = QBrush(QColor("#1b6e2d"))


def signed(v: float) -> str:
    """+24, -8, 0; a stage's carried half keeps its .5 (12.0 shows as +12)."""
    text = str(int(v)) if float(v).is_integer() else f"{v:.1f}"
    return f"+{text}" if v > 0 else text


class FansModel(RowsModel[AwardedFan]):
    """The fans of a scored hand: names in both languages, points, and the tiles that make each."""

    COL_ZH, COL_EN, COL_POINTS, COL_TILES = range(4)
    HEADERS = ["Chinese", "English", "Points", "Made of"]  # the fans' names in Chinese, in English

    def cell(self, row: AwardedFan, col: int) -> Any:
        if col == self.COL_ZH:
            return row.fan.zh
        if col == self.COL_EN:
            return row.fan.en
        if col == self.COL_POINTS:
            return f"{row.points} × {row.count}" if row.count > 1 else str(row.points)
        if col == self.COL_TILES:
            return "  ".join("".join(T.name(t) for t in group) for group in row.tiles)
        return None

    def sort_value(self, row: AwardedFan, col: int) -> Any:
        return row.subtotal if col == self.COL_POINTS else super().sort_value(row, col)

    def alignment(self, col: int) -> Any:
        return RIGHT if col == self.COL_POINTS else None

    def extra(self, row: AwardedFan, col: int, role: int) -> Any:
        if role == TILES_ROLE:
            return {t for group in row.tiles for t in group}
        if role == TILE_GROUPS_ROLE and col == self.COL_TILES:
            return row.tiles
        return None


# ---- players, tables, sheet, standings, log ---------------------------------------------------------
from db.read.views import (  # noqa: E402 - grouped with the models that use them
    AuditEntry,
    HandRow,
    PlayerView,
    StagePlace,
    StandingRow,
    TableSheet,
    TeamStandingRow,
    number_key,
    staged,
)


def number_sort(number: str) -> str:
    """``db.read.views.number_key`` as one string, for the sort role of a Qt model ("2" < "10" < "A1")."""
    kind, value, text = number_key(number)
    return f"{kind}{value:012d}{text}"


def short_name(name: str) -> str:
    """The first word of a name ("黄勇 Huang Yong" -> "黄勇"), for narrow column headers."""
    return name.split(" ")[0] if name else name


SEAT_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def wind_label(code: str) -> str:
    return tr(SEAT_NAMES.get(code, code))


CHECKED = "✓"  # a yes in a table's column (the header says what it means, in any language)


class PlayersModel(RowsModel[PlayerView]):
    COL_NUMBER, COL_NAME, COL_TEAM, COL_SUBSTITUTE, COL_COUNTRY, COL_EMA, COL_FIRST, COL_LAST = range(8)
    HEADERS = ["Number", "Name", "Team", "Substitute", "Country", "EMA number", "First name", "Last name"]

    def cell(self, row: PlayerView, col: int) -> Any:
        if col >= self.COL_FIRST:  # as the EMA file writes them: entered, else split from the name
            return row.names[col - self.COL_FIRST]
        return (row.number, row.name, row.team or "", CHECKED if row.substitute else "", row.country or "",
                row.ema_number or "")[col]

    def sort_value(self, row: PlayerView, col: int) -> Any:
        # "2" before "10"; as text, sort keys must be comparable strings
        if col == self.COL_NAME:
            return romanised(row.name)  # name order: Chinese names by their pinyin (db.rules.names)
        return number_sort(row.number) if col == self.COL_NUMBER else super().sort_value(row, col)


@dataclass(frozen=True, slots=True)
class TableProgressRow:
    """One table of a session on the Sessions page: seating + progress + status."""

    table: int
    players: tuple[PlayerView, ...]
    hands: int
    hands_per_session: int
    time_called: int | None
    status: str
    replaces: tuple[tuple[str, str], ...] = ()  # (substitute's number, "number name" of whom they replace)


class TablesModel(RowsModel[TableProgressRow]):
    COL_TABLE, COL_E, COL_S, COL_W, COL_N, COL_PROGRESS, COL_TIME, COL_STATUS = range(8)
    HEADERS = ["Table", "East", "South", "West", "North", "Progress", "Time called", "Status"]

    def cell(self, row: TableProgressRow, col: int) -> Any:
        if col == self.COL_TABLE:
            return row.table
        if self.COL_E <= col <= self.COL_N:
            p = row.players[col - self.COL_E]
            whom = dict(row.replaces).get(p.number)
            replaces = "  · " + tr("for {player}", player=whom) if whom else ""
            return f"{p.number}  {p.name}" + (f"  ({p.team})" if p.team else "") + replaces
        if col == self.COL_PROGRESS:
            return f"{row.hands} / {row.hands_per_session}"
        if col == self.COL_TIME:
            return tr("after hand {n}", n=row.time_called) if row.time_called is not None else ""
        return tr(row.status)

    def sort_value(self, row: TableProgressRow, col: int) -> Any:
        return row.hands if col == self.COL_PROGRESS else super().sort_value(row, col)

    def alignment(self, col: int) -> Any:
        return CENTER if col in (self.COL_TABLE, self.COL_PROGRESS) else None

    def foreground(self, row: TableProgressRow, col: int) -> Any:
        if col == self.COL_STATUS:
            return {"needs attention": NEG, "time called: to confirm": NEG, "signed off": POS}.get(row.status)
        return None


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


class SummaryModel(RowsModel[tuple[str, tuple[Any, Any, Any, Any]]]):
    """Below the sheet: penalties, match points, session score, rank, table points per player."""

    COL_WHAT = 0
    HEADERS = ["", "P", "P", "P", "P"]

    def __init__(self, parent: Any = None) -> None:
        super().__init__((), parent)
        self.players: tuple[str, ...] = ("", "", "", "")

    def set_sheet(self, sheet: TableSheet | None) -> None:
        if sheet is None:
            self.set_rows([])
            return
        self.players = tuple(p.name for p in sheet.players)
        pen = [0, 0, 0, 0]
        for p in sheet.penalties:
            for i in range(4):
                pen[i] += p.deltas[i]
        rows: list[tuple[str, tuple[Any, Any, Any, Any]]] = [
            ("Penalties", tuple(signed(v) if v else "" for v in pen)),  # type: ignore[list-item]
            ("Match points", tuple(signed(v) for v in sheet.match_points)),  # type: ignore[list-item]
            ("Session score", sheet.session_scores),
            ("Rank", sheet.ranks),
            ("Table points", tuple(f"{v:g}" for v in sheet.table_points)),  # type: ignore[list-item]
        ]
        self.set_rows(rows)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 4)

    def header(self, section: int) -> str:
        return "" if section == 0 else self.players[section - 1]

    def cell(self, row: tuple[str, tuple[Any, Any, Any, Any]], col: int) -> Any:
        return tr(row[0]) if col == 0 else row[1][col - 1]

    def alignment(self, col: int) -> Any:
        return RIGHT if col else None


class StandingsModel(RowsModel[StandingRow]):
    """Individuals: rank, number, name, team, table points, match points, then one column per session."""

    COL_RANK, COL_NUMBER, COL_NAME, COL_TEAM, COL_TABLE_POINTS, COL_MATCH_POINTS = range(6)
    COL_SESSIONS = 6  # without stages; a staged event's final ranking has the stage columns first (set_rows)
    BASE = ["Rank", "Number", "Name", "Team", "Table points", "Match points"]
    # A staged event's final ranking: what places each player (db.read.views.StagePlace), after the totals
    COL_STAGE, COL_CARRIED, COL_STAGE_POINTS = 6, 7, 8
    STAGE = ["Stage", "Carried", "Stage points"]

    def __init__(self, parent: Any = None) -> None:
        super().__init__((), parent)
        self.sessions = 0
        self.staged = False
        self.HEADERS = list(self.BASE)

    def set_rows(self, rows: Sequence[StandingRow], sessions: int | None = None) -> None:  # type: ignore[override]
        self.beginResetModel()
        self.rows = list(rows)
        self.sessions = sessions if sessions is not None else max(
            (e.session for r in rows for e in r.sessions), default=0)
        self.staged = staged(self.rows)
        self.COL_SESSIONS = len(self.BASE) + (len(self.STAGE) if self.staged else 0)
        self.HEADERS = self.BASE + (self.STAGE if self.staged else []) + ["S"] * self.sessions
        self.endResetModel()

    def header(self, section: int) -> str:
        if section >= self.COL_SESSIONS:
            return tr("Session {n}", n=section - self.COL_SESSIONS + 1)
        return tr(self.HEADERS[section])

    def header_tooltip(self, section: int) -> str | None:
        if section >= self.COL_SESSIONS:
            return tr("Session {n}: table points (match points)", n=section - self.COL_SESSIONS + 1)
        if self.staged and section in (self.COL_CARRIED, self.COL_STAGE_POINTS):
            return tr("table points (match points)")
        return None

    def stage_cell(self, p: StagePlace | None, col: int) -> str:
        if p is None:
            return ""
        if col == self.COL_STAGE:
            return texts.said(p.label, LANG.code)
        if col == self.COL_CARRIED:
            return "–" if p.stage == "qualifying" else \
                f"{p.carried_table_points:g} ({signed(p.carried_match_points)})"
        return f"{p.table_points:g} ({signed(p.match_points)})"

    def cell(self, r: StandingRow, col: int) -> Any:
        if col == self.COL_RANK:
            return r.rank
        if col == self.COL_NUMBER:
            return r.number
        if col == self.COL_NAME:
            return r.name
        if col == self.COL_TEAM:
            return r.team or ""
        if col == self.COL_TABLE_POINTS:
            return f"{r.table_points:g}"
        if col == self.COL_MATCH_POINTS:
            return signed(r.match_points)
        if col < self.COL_SESSIONS:
            return self.stage_cell(r.stage, col)
        n = col - self.COL_SESSIONS + 1
        for e in r.sessions:
            if e.session == n:
                return f"{e.table_points:g} ({signed(e.match_points)})"
        return ""

    def sort_value(self, r: StandingRow, col: int) -> Any:
        if col == self.COL_TABLE_POINTS:
            return r.table_points
        if col == self.COL_MATCH_POINTS:
            return r.match_points
        if col == self.COL_NUMBER:
            return number_sort(r.number)
        if self.staged and r.stage is not None and col in (self.COL_CARRIED, self.COL_STAGE_POINTS):
            p = r.stage
            return (p.carried_table_points, p.carried_match_points) if col == self.COL_CARRIED else \
                (p.table_points, p.match_points)
        if col >= self.COL_SESSIONS:
            n = col - self.COL_SESSIONS + 1
            return next(((e.table_points, e.match_points) for e in r.sessions if e.session == n), (-1.0, 0))[0]
        return super().sort_value(r, col)

    def alignment(self, col: int) -> Any:
        return RIGHT if col >= self.COL_TABLE_POINTS or col == self.COL_RANK else None


class TeamStandingsModel(RowsModel[TeamStandingRow]):
    COL_RANK, COL_TEAM, COL_TABLE_POINTS, COL_MATCH_POINTS, COL_MEMBERS = range(5)
    HEADERS = ["Rank", "Team", "Table points", "Match points", "Members"]

    def cell(self, r: TeamStandingRow, col: int) -> Any:
        members = ", ".join(r.member_names or r.members)  # by name (numbers said nothing on a screen)
        return (r.rank, r.team, f"{r.table_points:g}", signed(r.match_points), members)[col]

    def sort_value(self, r: TeamStandingRow, col: int) -> Any:
        if col == self.COL_TABLE_POINTS:
            return r.table_points
        if col == self.COL_MATCH_POINTS:
            return r.match_points
        return super().sort_value(r, col)

    def alignment(self, col: int) -> Any:
        return RIGHT if col in (self.COL_RANK, self.COL_TABLE_POINTS, self.COL_MATCH_POINTS) else None


def action_name(code: str) -> str:
    """The store's audit action worded for people (``db.actions.AuditAction``'s label); an unknown code
    (written by another version) shows as it is."""
    try:
        action = AuditAction(code)
    except ValueError:
        return code
    return action.en.in_language(LANG.code)


class AuditModel(RowsModel[AuditEntry]):
    COL_TIME, COL_STATION, COL_REFEREE, COL_ACTION, COL_WHAT, COL_BEFORE, COL_AFTER, COL_REASON = range(8)
    HEADERS = ["Time", "Station", "Referee", "Action", "What", "Before", "After", "Reason"]

    def cell(self, r: AuditEntry, col: int) -> Any:
        # in the user's language and in words; the stored JSON stays in the tooltip
        from referee_app.words.log_words import change_text, what_text

        return (r.at.strftime("%Y-%m-%d %H:%M:%S"), r.station, r.referee, action_name(r.action), what_text(r),
                change_text(r.before), change_text(r.after), r.reason or "")[col]

    def tooltip(self, r: AuditEntry, col: int) -> Any:
        if col == self.COL_BEFORE and r.before:
            return f"{self.cell(r, col)}\n\n{r.before}"
        if col == self.COL_AFTER and r.after:
            return f"{self.cell(r, col)}\n\n{r.after}"
        return self.cell(r, col) if col >= self.COL_WHAT else None


@dataclass(frozen=True, slots=True)
class CsvRow:
    """One line of a player CSV in the import preview: the values, or what is wrong with it."""

    line: int
    number: str
    name: str
    team: str
    country: str
    error: str = ""
    ema_number: str = ""
    substitute: str = ""  # the file's cell as read: "✓" for a substitute, "" for not, else the cell itself


class CsvPreviewModel(RowsModel[CsvRow]):
    COL_ROW, COL_NUMBER, COL_NAME, COL_TEAM, COL_SUBSTITUTE, COL_COUNTRY, COL_EMA, COL_PROBLEM = range(8)
    HEADERS = ["Row", "Number", "Name", "Team", "Substitute", "Country", "EMA number", "Problem"]

    def cell(self, r: CsvRow, col: int) -> Any:
        return (r.line, r.number, r.name, r.team, r.substitute, r.country, r.ema_number, r.error)[col]

    def foreground(self, r: CsvRow, col: int) -> Any:
        return NEG if r.error else None
