"""The results workbook (``mcr-tournament export results.xlsx --format xlsx``, File → Export workbook…).

One .xlsx file with the sheets Standings, Teams, one "Session N" per seated session, Hands and
Penalties. Headers are bilingual ("Rank 名次") and frozen; numbers are written as numbers (match points
-16 stays a number a formula can sum); every text cell goes through ``db.safe_text.safe_cell`` so a
name such as ``=HYPERLINK(…)`` stays a name (docs/reports.md "Workbook").
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from db.safe_text import safe_cell
from db.views import SEATS, HandRow, PlayerView, TableSheet
from reports.base import WIND_ZH
from reports.penalties import KIND, settlement
from reports.snapshot import Snapshot, played

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDE6F0")
SETTLEMENT = {"deducted": "deducted 扣除", "others": "to the other three 赔三家", "player": "to one player 赔一家"}


def _sheet(wb: Workbook, title: str, header: Sequence[str], rows: Iterable[Sequence[Any]],
           widths: Sequence[float], freeze_columns: int = 0) -> None:
    """A sheet with a bold, frozen header row (and ``freeze_columns`` frozen columns) and the rows
    (streamed: the workbook is write-only, about twice as fast for a big tournament)."""
    ws = wb.create_sheet(title)
    for i, w in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(i)].width = w
    ws.freeze_panes = f"{get_column_letter(freeze_columns + 1)}2"
    cells = []
    for text in header:
        cell = WriteOnlyCell(ws, value=text)
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        cells.append(cell)
    ws.append(cells)
    count = 1
    for row in rows:
        ws.append([safe_cell(v) for v in row])
        count += 1
    ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{count}"


def _player(p: PlayerView | None) -> tuple[str | None, str | None]:
    return (None, None) if p is None else (p.number, p.name)


def _standings(wb: Workbook, snap: Snapshot) -> None:
    n = max(snap.played_sessions, 1)
    header = ["Rank 名次", "No. 编号", "Player 选手", "Team 队", "Table pts 标准分", "Match pts 比赛分"]
    for k in range(1, n + 1):
        header += [f"S{k} table pts 第{k}局标准分", f"S{k} match pts 第{k}局比赛分"]
    rows = []
    for r in snap.standings:
        by = {e.session: e for e in r.sessions}
        cells: list[Any] = [r.rank, r.number, r.name, r.team, r.table_points, r.match_points]
        for k in range(1, n + 1):
            e = by.get(k)
            cells += [None, None] if e is None else [e.table_points, e.match_points]
        rows.append(cells)
    _sheet(wb, "Standings", header, rows, [8, 9, 26, 20, 11, 11, *([11] * (2 * n))], freeze_columns=3)


def _teams(wb: Workbook, snap: Snapshot) -> None:
    names = {p.number: p.name for p in snap.players}
    rows = [[t.rank, t.team, t.table_points, t.match_points, len(t.members),
             ", ".join(f"{names.get(m, '')} ({m})" for m in t.members)] for t in snap.teams]
    _sheet(wb, "Teams", ["Rank 名次", "Team 队", "Table pts 标准分", "Match pts 比赛分", "Players 人数",
                         "Members 队员"], rows, [8, 24, 11, 11, 9, 60], freeze_columns=2)


def _session(wb: Workbook, session: int, sheets: Sequence[TableSheet]) -> None:
    rows = []
    for sheet in sheets:
        done = played(sheet)
        for i, p in enumerate(sheet.players):
            rows.append([sheet.table, f"{SEATS[i]} {WIND_ZH[SEATS[i]]}", p.number, p.name, p.team,
                         *((sheet.match_points[i], sheet.session_scores[i], sheet.ranks[i], sheet.table_points[i])
                           if done else (None,) * 4),
                         len(sheet.hands), "yes 是" if sheet.signed_off else "no 否"])
    _sheet(wb, f"Session {session}", ["Table 桌", "Seat 座位", "No. 编号", "Player 选手", "Team 队",
                                      "Match pts 比赛分", "Session score 局分", "Rank 名次", "Table pts 标准分",
                                      "Hands 盘数", "Signed off 已签"],
           rows, [8, 9, 9, 26, 20, 11, 11, 8, 11, 9, 9], freeze_columns=4)


def hand_cells(sheet: TableSheet, h: HandRow, entered: str | None) -> list[Any]:
    win = h.kind == "win"
    winner = sheet.players[h.winner] if win and h.winner is not None else None
    discarder = sheet.players[h.discarder] if win and h.discarder is not None else None
    how = None if not win else ("self-drawn 自摸" if h.self_drawn else "discard 点和")
    fans_en = "; ".join(f.en + (f" ×{f.count}" if f.count > 1 else "") for f in h.fans)
    fans_zh = "、".join(f.zh + (f"×{f.count}" if f.count > 1 else "") for f in h.fans)
    pays: list[Any] = []
    for i, p in enumerate(sheet.players):
        pays += [p.number, h.deltas[i]]
    return [h.session or sheet.session, sheet.table, h.hand, f"{h.prevailing} {WIND_ZH[h.prevailing]}",
            sheet.players[h.dealer].number, "win 和牌" if win else "draw 荒牌", *_player(winner), how,
            *_player(discarder), h.fan_total if win else None, h.flowers if win and h.flowers_known else None,
            fans_en or None, fans_zh or None, *pays, entered or None]


def _hands(wb: Workbook, snap: Snapshot) -> None:
    header = ["Session 局", "Table 桌", "Hand 盘", "Round 圈风", "Dealer 庄家", "Result 结果", "Winner No. 和牌者编号",
              "Winner 和牌者", "How 方式", "Discarder No. 点和者编号", "Discarder 点和者", "Fans 番数",
              "Flowers 花牌", "Fans (en)", "番种 (zh)"]
    for seat in SEATS:
        header += [f"{seat} No. {WIND_ZH[seat]}位编号", f"{seat} points {WIND_ZH[seat]}位得失"]
    header.append("Entered by 录入")
    rows = (hand_cells(sheet, h, snap.entered_by.get((k, sheet.table, h.hand)))
            for k in sorted(snap.sessions) for sheet in snap.sessions[k] for h in sheet.hands)
    _sheet(wb, "Hands", header, rows,
           [8, 7, 7, 9, 9, 10, 10, 20, 14, 10, 20, 8, 8, 40, 30, *([8, 8] * 4), 22], freeze_columns=3)


def _penalties(wb: Workbook, snap: Snapshot) -> None:
    rows = []
    for p in snap.penalties:
        rows.append([p.session, p.table, p.hand, f"{p.seat} {WIND_ZH[p.seat]}", p.player.number, p.player.name,
                     p.player.team, KIND.get(p.kind, p.kind), p.points, SETTLEMENT.get(p.settlement, p.settlement),
                     *_player(p.to_player), settlement(p), p.reason or None])
    _sheet(wb, "Penalties", ["Session 局", "Table 桌", "Hand 盘", "Seat 座位", "No. 编号", "Player 选手",
                             "Team 队", "Offence 违例", "Points 罚分", "Settlement 处理", "To No. 受益者编号",
                             "To player 受益者", "Settlement text 处理说明", "Remarks 备注"],
           rows, [8, 7, 7, 9, 9, 22, 18, 22, 8, 22, 10, 20, 30, 40], freeze_columns=3)


def build_workbook(snap: Snapshot) -> Workbook:
    wb = Workbook(write_only=True)
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
