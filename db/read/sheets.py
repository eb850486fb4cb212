"""Read side, the tables: who sits where, each table's score sheet (hands, penalties, totals), every hand and
penalty recorded, a session's progress table by table, who entered each hand.

Every function takes the ORM ``Session`` first and only reads; no ORM object leaves (``db.read.views``).
The other read modules build on the rows and views read here (``table_rows``, ``seat_views``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import replace

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.errors import InputError
from db.models import AuditLog, HandResult, Penalty, Player, Seat, SessionTable, Tournament
from db.read.game_state import games_round, is_game
from db.read.lookup import settings as _settings
from db.read.lookup import tournament as _tournament
from db.read.views import (
    FanView,
    HandRow,
    PenaltyRow,
    PlayerView,
    TableProgress,
    TableSheet,
    last_hand,
)
from db.rules.profiles import SeatRotation, Settings
from db.rules.rotation import WINDS, hand_winds, round_seats
from db.rules.scores import table_points, table_ranks

Four = tuple[PlayerView, PlayerView, PlayerView, PlayerView]
HandKey = tuple[int, int, int]  # session, table, hand


def player_view(p: Player) -> PlayerView:
    return PlayerView(p.number, p.name, p.team, p.country, p.substitute, p.ema_number, p.first_name, p.last_name,
                      withdrawn_from=p.withdrawn_from)


def table_rows(s: Session, session: int | None = None, table: int | None = None) -> list[SessionTable]:
    q = select(SessionTable).order_by(SessionTable.session, SessionTable.table_no)
    if session is not None:
        q = q.where(SessionTable.session == session)
    if table is not None:
        q = q.where(SessionTable.table_no == table)
    return list(s.scalars(q))


def seat_views(s: Session, table_ids: Iterable[int]) -> dict[int, Four]:
    ids = list(table_ids)
    out: dict[int, list[PlayerView]] = defaultdict(list)
    if ids:
        rows = s.execute(select(Seat.table_id, Seat.position, Player).join(Player, Player.id == Seat.player_id)
                         .where(Seat.table_id.in_(ids)).order_by(Seat.table_id, Seat.position)).all()
        for tid, _pos, p in rows:
            out[tid].append(player_view(p))
    return {tid: (v[0], v[1], v[2], v[3]) for tid, v in out.items() if len(v) == 4}


def fan_views(stored: list[dict[str, object]] | None) -> tuple[FanView, ...]:
    # here: the engine's tables load for a hand's fans (not for the standings)
    from scoring.mcr.fans import FAN_INFO, Fan

    if not stored:
        return ()
    views = []
    for f in stored:
        fan_id, count = str(f["id"]), int(str(f.get("count", 1)))
        try:
            info = FAN_INFO[Fan(fan_id)]
        except ValueError:  # a fan id this version does not know (stored by another version): show the id
            views.append(FanView(fan_id, fan_id, fan_id, 0, count))
            continue
        views.append(FanView(fan_id, info.zh, info.en, info.points, count))
    return tuple(views)


def _hand_row(h: HandResult, tbl: SessionTable, rotate: bool) -> HandRow:
    w = hand_winds(h.hand_no, rotate)
    return HandRow(
        hand=h.hand_no, kind=h.kind, prevailing=w.prevailing, dealer=w.dealer, winds=w.seat_winds,
        winner=h.winner, discarder=h.discarder, self_drawn=h.self_drawn, fan_total=h.fan_total,
        flowers=h.flowers or 0, fans=fan_views(h.fans), notation=h.notation, deltas=h.deltas,
        session=tbl.session, table=tbl.table_no, fourth_tile=h.fourth_tile, kong_related=h.kong_related,
        last_tile_of_wall=h.last_tile_of_wall, flowers_known=h.flowers is not None,
        station=h.station or "", referee=h.referee or "",
    )


def _penalty_row(p: Penalty, tbl: SessionTable, four: Four) -> PenaltyRow:
    return PenaltyRow(
        session=tbl.session, table=tbl.table_no, hand=p.hand_no, player=four[p.position], seat=WINDS[p.position],
        kind=p.kind, points=p.points, settlement=p.settlement,
        to_player=None if p.to_position is None else four[p.to_position], reason=p.reason,
        deltas=p.deltas, id=p.id,
    )


def _sum4(rows: Iterable[Sequence[int]]) -> tuple[int, int, int, int]:
    tot = [0, 0, 0, 0]
    for r in rows:
        for i in range(4):
            tot[i] += r[i]
    return (tot[0], tot[1], tot[2], tot[3])


def _sheet(tbl: SessionTable, four: Four, st: Settings, t: Tournament, hands: list[HandResult],
           pens: list[Penalty]) -> TableSheet:
    rotate = st.seat_rotation is SeatRotation.ROTATE
    hand_rows = tuple(_hand_row(h, tbl, rotate) for h in sorted(hands, key=lambda h: h.hand_no))
    pen_rows = tuple(_penalty_row(p, tbl, four) for p in sorted(pens, key=lambda p: p.id))
    mp = _sum4([h.deltas for h in hand_rows] + [p.deltas for p in pen_rows])
    tp = table_points(mp, st.table_points)
    rk = table_ranks(mp)
    return TableSheet(
        tournament=t.name, session=tbl.session, table=tbl.table_no, players=four,
        round_seats=tuple(round_seats(i, rotate) for i in range(4)),
        hands_per_session=st.hands_per_session, hands=hand_rows, penalties=pen_rows, match_points=mp,
        session_scores=(500 + mp[0], 500 + mp[1], 500 + mp[2], 500 + mp[3]),
        ranks=(rk[0], rk[1], rk[2], rk[3]), table_points=(tp[0], tp[1], tp[2], tp[3]),
        time_called_after=tbl.time_called_after, signed_off=tbl.signed_off, version=tbl.version,
        session_date=t.start_date, start_time=tbl.start_time, end_time=tbl.end_time,
    )


def table_sheets(s: Session, session: int, table: int | None = None) -> list[TableSheet]:
    st = _settings(s)
    t = _tournament(s)
    tables = table_rows(s, session, table)
    ids = [t.id for t in tables]
    seats = seat_views(s, ids)
    hands: dict[int, list[HandResult]] = defaultdict(list)
    pens: dict[int, list[Penalty]] = defaultdict(list)
    if ids:
        for h in s.scalars(select(HandResult).where(HandResult.table_id.in_(ids))):
            hands[h.table_id].append(h)
        for p in s.scalars(select(Penalty).where(Penalty.table_id.in_(ids))):
            pens[p.table_id].append(p)
    return [_sheet(tbl, seats[tbl.id], st, t, hands[tbl.id], pens[tbl.id]) for tbl in tables if tbl.id in seats]


def table_sheet(s: Session, session: int, table: int) -> TableSheet:
    """One table's sheet; its hands changed by a correction are marked (``HandRow.corrected``)."""
    sheets = table_sheets(s, session, table)
    if not sheets:
        raise InputError("table", code="no_table", session=session, table=table)
    corrected = set(s.scalars(select(AuditLog.hand).where(
        AuditLog.action == AuditAction.CORRECT, AuditLog.session == session, AuditLog.table_no == table,
        AuditLog.hand.is_not(None))))
    if corrected:
        sh = sheets[0]
        sheets[0] = replace(sh, hands=tuple(replace(h, corrected=True) if h.hand in corrected else h
                                            for h in sh.hands))
    return sheets[0]


def results(s: Session, session: int | None = None) -> list[HandRow]:
    """Every recorded hand (ordered by session, table, hand); ``winner``/``discarder``/``deltas`` index the
    table's starting seats, see ``seating``."""
    rotate = _settings(s).seat_rotation is SeatRotation.ROTATE
    q = (select(HandResult, SessionTable).join(SessionTable, SessionTable.id == HandResult.table_id)
         .order_by(SessionTable.session, SessionTable.table_no, HandResult.hand_no))
    if session is not None:
        q = q.where(SessionTable.session == session)
    return [_hand_row(h, t, rotate) for h, t in s.execute(q).all()]


def penalties(s: Session, session: int | None = None) -> list[PenaltyRow]:
    q = (select(Penalty, SessionTable).join(SessionTable, SessionTable.id == Penalty.table_id)
         .order_by(SessionTable.session, SessionTable.table_no, Penalty.id))
    if session is not None:
        q = q.where(SessionTable.session == session)
    rows = s.execute(q).all()
    seats = seat_views(s, {t.id for _p, t in rows})
    return [_penalty_row(p, t, seats[t.id]) for p, t in rows]


def table_progress(s: Session, session: int, table: int | None = None) -> list[TableProgress]:
    """Each seated table's progress in ``session`` (only ``table``'s when given)."""
    st = _settings(s)
    tables = table_rows(s, session, table)
    ids = [t.id for t in tables]
    counts = dict(s.execute(select(HandResult.table_id, func.max(HandResult.hand_no)).where(HandResult.table_id.in_(ids))
                            .group_by(HandResult.table_id)).all()) if ids else {}
    pcounts = dict(s.execute(select(Penalty.table_id, func.count()).where(Penalty.table_id.in_(ids))
                             .group_by(Penalty.table_id)).all()) if ids else {}
    seats = seat_views(s, ids)
    rounds = _games_round(s, st, ids)
    out = []
    for t in tables:
        if t.id not in seats:
            continue
        n = int(counts.get(t.id) or 0)
        finished = rounds[t.id] is None if rounds is not None else \
            n >= last_hand(st.hands_per_session, t.time_called_after)
        four = seats[t.id]
        out.append(TableProgress(t.session, t.table_no, (four[0].number, four[1].number, four[2].number,
                                                         four[3].number),
                                 n, int(pcounts.get(t.id) or 0), t.time_called_after, finished,
                                 None if finished else n + 1, t.signed_off, t.version,
                                 (rounds[t.id] or "") if rounds is not None else None))
    return out


def _games_round(s: Session, st: Settings, ids: list[int]) -> dict[int, str | None] | None:
    """A game's tables: the round each plays next, None once its game is over (db.read.games); None for
    fixed hands."""
    return games_round(s, ids) if is_game(st) else None


def entered_by(s: Session) -> dict[HandKey, str]:
    """(session, table, hand) -> who recorded the hand as stored: "referee @ station" (or either alone)."""
    q = (select(SessionTable.session, SessionTable.table_no, HandResult.hand_no, HandResult.referee,
                HandResult.station).join(SessionTable, SessionTable.id == HandResult.table_id))
    out: dict[HandKey, str] = {}
    for session, table, hand, referee, station in s.execute(q).all():
        out[(session, table, hand)] = " @ ".join(x for x in (referee, station) if x)
    return out
