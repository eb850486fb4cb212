"""The results workbook (``mcr-tournament export results.xlsx --format xlsx``, File → Export workbook…).

One .xlsx file with the sheets Standings, Teams, one "Session N" per seated session, Hands and
Penalties. Headers are bilingual ("Rank 名次") and frozen; numbers are written as numbers (match points
-16 stays a number a formula can sum); every text cell goes through ``db.rules.safe_text.safe_cell`` so a
name such as ``=HYPERLINK(…)`` stays a name (docs/reports.md "Workbook").
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

import texts
from db.read.views import SEATS, HandRow, PlayerView, TableSheet, ranking_rule, staged
from db.rules.safe_text import safe_cell
from db.rules.stages import plain
from reports.pdf import base
from reports.pdf.base import WIND_ZH, said_two, stage_two, two
from reports.pdf.penalties import kind_text, settlement
from reports.snapshot import Snapshot, played
from texts import NC_, Text

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDE6F0")
SETTLEMENT = {"deducted": NC_("report", "deducted"), "others": NC_("report", "to the other three"),
              "player": NC_("report", "to one player")}

# The column names come from the catalogue under msgctxt "workbook", in the reports' two languages ("Rank 名次").
# They are a contract: programs (and tests/reports/test_workbook.py) find a column by its name, so a reworded
# translation renames the column. The sheet names (Standings, Teams, Session N, Hands, Penalties) are keys
# too and stay English.


class _Said(str):
    """A column's name already said (in one language: the fan names' columns)."""


def _head(text: str) -> str:
    """A column's name (a msgid of msgctxt "workbook", or a ``Text`` with parameters) in both languages."""
    if isinstance(text, _Said):
        return str(text)
    return said_two(text if isinstance(text, Text) else Text(text, "workbook"))


def _sheet(wb: Workbook, title: str, header: Sequence[str], rows: Iterable[Sequence[Any]],
           widths: Sequence[float], freeze_columns: int = 0, note: str | None = None) -> None:
    """A sheet with a bold, frozen header row (and ``freeze_columns`` frozen columns) and the rows
    (streamed: the workbook is write-only, about twice as fast for a big tournament); ``header``: the
    columns' names as ``_head`` says them; ``note``: a comment on the first column's name (the ranking's
    rule: a comment, not a row, so programs still read the sheet as one table)."""
    ws = wb.create_sheet(title)
    for i, w in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(i)].width = w
    ws.freeze_panes = f"{get_column_letter(freeze_columns + 1)}2"
    cells = []
    for text in header:
        cell = WriteOnlyCell(ws, value=_head(text))
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        cells.append(cell)
    if note:
        cells[0].comment = Comment(note, "MCR Referee", width=320, height=90)
    ws.append(cells)
    count = 1
    for row in rows:
        ws.append([safe_cell(v) for v in row])
        count += 1
    ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{count}"


def _player(p: PlayerView | None) -> tuple[str | None, str | None]:
    return (None, None) if p is None else (p.number, p.name)


def _as_is(value: float) -> float:
    return value


def _standings(wb: Workbook, snap: Snapshot, number: Callable[[float], int | float] | None = None) -> None:
    """Rank, number, player, team, table points, match points, then per session its table and match points; a
    staged event's stage columns after them. MCR's, and a Chinese system's (its session result is MCR's table
    points: issue 33), which writes its points by ``number`` (``game_workbook.raw``: whole, or to a
    tenth); MCR's are written as they are, a stage's match points whole where they are (``plain``)."""
    points, match = number or _as_is, number or plain
    n = max(snap.played_sessions, 1)
    # TRANSLATORS: the workbook's column names: programs find a column by its name, keep a translation as it is
    header = [NC_("workbook", "Rank"), NC_("workbook", "No."), NC_("workbook", "Player"), NC_("workbook", "Team"),
              NC_("workbook", "Table pts"), NC_("workbook", "Match pts")]
    for k in range(1, n + 1):
        header += [Text("S{n} table pts", "workbook", n=k), Text("S{n} match pts", "workbook", n=k)]
    # A staged event: what places each player, after the columns that were (programs find them by name)
    stages = staged(snap.standings)
    if stages:
        header += [NC_("workbook", "Stage"), NC_("workbook", "Stage table pts"), NC_("workbook", "Stage match pts"),
                   NC_("workbook", "Carried table pts"), NC_("workbook", "Carried match pts")]
    rows = []
    for r in snap.standings:
        by = {e.session: e for e in r.sessions}
        cells: list[Any] = [r.rank, r.number, r.name, r.team, points(r.table_points), points(r.match_points)]
        for k in range(1, n + 1):
            e = by.get(k)
            cells += [None, None] if e is None else [points(e.table_points), points(e.match_points)]
        if stages and r.stage is not None:
            p = r.stage
            cells += [stage_two(p.label), points(p.table_points), match(p.match_points),
                      points(p.carried_table_points), match(p.carried_match_points)]
        rows.append(cells)
    _sheet(wb, "Standings", header, rows, [8, 9, 26, 20, 11, 11, *([11] * (2 * n)), *([14, 11, 11, 11, 11] * stages)],
           freeze_columns=3, note=said_two(ranking_rule(snap.standings), "\n"))


def _teams(wb: Workbook, snap: Snapshot) -> None:
    names = {p.number: p.name for p in snap.players}
    rows = [[t.rank, t.team, t.table_points, t.match_points, len(t.members),
             ", ".join(f"{names.get(m, '')} ({m})" for m in t.members)] for t in snap.teams]
    _sheet(wb, "Teams", [NC_("workbook", "Rank"), NC_("workbook", "Team"), NC_("workbook", "Table pts"),
                         NC_("workbook", "Match pts"), NC_("workbook", "Players"), NC_("workbook", "Members")],
           rows, [8, 24, 11, 11, 9, 60], freeze_columns=2)


def _session(wb: Workbook, session: int, sheets: Sequence[TableSheet]) -> None:
    rows = []
    for sheet in sheets:
        done = played(sheet)
        for i, p in enumerate(sheet.players):
            rows.append([sheet.table, f"{SEATS[i]} {WIND_ZH[SEATS[i]]}", p.number, p.name, p.team,
                         *((sheet.match_points[i], sheet.session_scores[i], sheet.ranks[i], sheet.table_points[i])
                           if done else (None,) * 4),
                         len(sheet.hands), two("yes") if sheet.signed_off else two("no")])
    _sheet(wb, f"Session {session}", [NC_("workbook", "Table"), NC_("workbook", "Seat"), NC_("workbook", "No."),
                                      NC_("workbook", "Player"), NC_("workbook", "Team"), NC_("workbook", "Match pts"),
                                      NC_("workbook", "Session score"), NC_("workbook", "Rank"),
                                      NC_("workbook", "Table pts"), NC_("workbook", "Hands"),
                                      NC_("workbook", "Signed off")],
           rows, [8, 9, 9, 26, 20, 11, 11, 8, 11, 9, 9], freeze_columns=4)


def hand_cells(sheet: TableSheet, h: HandRow, entered: str | None) -> list[Any]:
    win = h.kind == "win"
    winner = sheet.players[h.winner] if win and h.winner is not None else None
    discarder = sheet.players[h.discarder] if win and h.discarder is not None else None
    how = None if not win else (two("self-drawn") if h.self_drawn else two("discard"))
    fans_en = "; ".join(f.en + (f" ×{f.count}" if f.count > 1 else "") for f in h.fans)
    fans_zh = "、".join(f.zh + (f"×{f.count}" if f.count > 1 else "") for f in h.fans)
    pays: list[Any] = []
    for i, p in enumerate(sheet.players):
        pays += [p.number, h.deltas[i]]
    return [h.session or sheet.session, sheet.table, h.hand, f"{h.prevailing} {WIND_ZH[h.prevailing]}",
            sheet.players[h.dealer].number, two("win") if win else two("draw"), *_player(winner), how,
            *_player(discarder), h.fan_total if win else None, h.flowers if win and h.flowers_known else None,
            fans_en or None, fans_zh or None, *pays, entered or None]


def _hands(wb: Workbook, snap: Snapshot) -> None:
    # the fan names in English, then in Chinese (scoring's data): each column named in one language
    fans_en = texts.translate(base.LANGUAGES[0], "Fans (en)", "workbook")
    fans_zh = texts.translate(base.LANGUAGES[1], "Fan names (zh)", "workbook")
    header = [NC_("workbook", "Session"), NC_("workbook", "Table"), NC_("workbook", "Hand"), NC_("workbook", "Round"),
              NC_("workbook", "Dealer"), NC_("workbook", "Result"), NC_("workbook", "Winner No."),
              NC_("workbook", "Winner"), NC_("workbook", "How"), NC_("workbook", "Discarder No."),
              NC_("workbook", "Discarder"), NC_("workbook", "Fans"), NC_("workbook", "Flowers"),
              _Said(fans_en), _Said(fans_zh)]
    for seat in SEATS:
        wind = Text(seat, "wind")  # E in English, 东 in Chinese
        header += [Text("{seat} No.", "workbook", seat=wind), Text("{seat} points", "workbook", seat=wind)]
    header.append(NC_("workbook", "Entered by"))
    rows = (hand_cells(sheet, h, snap.entered_by.get((k, sheet.table, h.hand)))
            for k in sorted(snap.sessions) for sheet in snap.sessions[k] for h in sheet.hands)
    _sheet(wb, "Hands", header, rows,
           [8, 7, 7, 9, 9, 10, 10, 20, 14, 10, 20, 8, 8, 40, 30, *([8, 8] * 4), 22], freeze_columns=3)


def _penalties(wb: Workbook, snap: Snapshot) -> None:
    rows = []
    for p in snap.penalties:
        rows.append([p.session, p.table, p.hand, f"{p.seat} {WIND_ZH[p.seat]}", p.player.number, p.player.name,
                     p.player.team, kind_text(p.kind), p.points,
                     two(SETTLEMENT[p.settlement]) if p.settlement in SETTLEMENT else p.settlement,
                     *_player(p.to_player), settlement(p), p.reason or None])
    _sheet(wb, "Penalties", [NC_("workbook", "Session"), NC_("workbook", "Table"), NC_("workbook", "Hand"),
                             NC_("workbook", "Seat"), NC_("workbook", "No."), NC_("workbook", "Player"),
                             NC_("workbook", "Team"), NC_("workbook", "Offence"), NC_("workbook", "Points"),
                             NC_("workbook", "Settlement"), NC_("workbook", "To No."), NC_("workbook", "To player"),
                             NC_("workbook", "Settlement text"), NC_("workbook", "Remarks")],
           rows, [8, 7, 7, 9, 9, 22, 18, 22, 8, 22, 10, 20, 30, 40], freeze_columns=3)


def _game_sheets(wb: Workbook, snap: Snapshot) -> None:
    """A game tournament's sheets (``reports.game_workbook``): the same sheet names, a game's columns."""
    from reports import game_workbook as gw

    if not snap.thousands:  # a Chinese system's: table points, each hand's wins and its payments
        _points_sheets(wb, snap)
        return
    header, rows, widths, rule = gw.standings_sheet(snap)
    _sheet(wb, "Standings", header, rows, widths, freeze_columns=3, note=rule)
    header, rows = gw.teams_rows(snap)
    _sheet(wb, "Teams", header, rows, [8, 24, 10, 11, 9, 60], freeze_columns=2)
    for k in sorted(snap.games):
        header, rows = gw.session_rows(snap.games[k])
        _sheet(wb, f"Session {k}", header, rows, [8, 9, 9, 26, 20, 10, 8, 9, 9, 9, 9, 9], freeze_columns=4)
    _sheet(wb, "Hands", gw.hands_header(), gw.hands_rows(snap),
           [8, 7, 7, 8, 9, 8, 9, 12, 16, 10, 10, 6, 6, 8, 12, 40, 30, 16, *([8, 9, 9] * 4), 22], freeze_columns=3)
    _penalties(wb, snap)


def _points_sheets(wb: Workbook, snap: Snapshot) -> None:
    """A Chinese system's tournament (``reports.game_workbook``): MCR's sheet names and words for the session
    results, the hands with their wins, and a Payments sheet (each payment of each hand with its reason)."""
    from reports import game_workbook as gw

    _standings(wb, snap, gw.raw)
    header, rows = gw.points_teams_rows(snap)
    _sheet(wb, "Teams", header, rows, [8, 24, 10, 11, 9, 60], freeze_columns=2)
    for k in sorted(snap.games):
        header, rows = gw.points_session_rows(snap.games[k])
        _sheet(wb, f"Session {k}", header, rows, [8, 9, 9, 26, 20, 10, 8, 9, 9, 9], freeze_columns=4)
    _sheet(wb, "Hands", gw.points_hands_header(), gw.points_hands_rows(snap),
           [8, 7, 7, 8, 9, 16, 10, 10, 8, 40, 30, *([8, 9, 9] * 4), 22], freeze_columns=3)
    _sheet(wb, "Payments", gw.payments_header(), gw.payments_rows(snap), [8, 7, 7, 30, 10, 9, 9, 9, 9],
           freeze_columns=3)
    _penalties(wb, snap)


def build_workbook(snap: Snapshot) -> Workbook:
    wb = Workbook(write_only=True)
    if snap.game:
        _game_sheets(wb, snap)
        wb.properties.title = safe_cell(snap.info.name)
        wb.properties.creator = "MCR Referee"
        return wb
    _standings(wb, snap)
    _teams(wb, snap)
    for k in sorted(snap.sessions):
        _session(wb, k, snap.sessions[k])
    _hands(wb, snap)
    _penalties(wb, snap)
    wb.properties.title = safe_cell(snap.info.name)
    wb.properties.creator = "MCR Referee"
    return wb


def render_workbook(snap: Snapshot) -> bytes:
    """The workbook as .xlsx bytes (written by the caller through a temporary file)."""
    buf = io.BytesIO()
    build_workbook(snap).save(buf)
    return buf.getvalue()
