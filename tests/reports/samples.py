"""Deterministic sample data for previews, tests and the benchmark (never used by the commands).

The hands are paid by the rules (TOURNAMENT.md "Winning and paying"), so totals on a sample sheet add
up like real ones.
"""

from __future__ import annotations

from datetime import date, datetime

from db.read.views import FanView, HandRow, PenaltyRow, PlayerView, TableSheet
from db.rules.rotation import hand_winds, round_seats
from db.rules.scores import table_points, table_ranks
from scoring.mcr.settlement import settle_win

# round_seats of the starting seats E, S, W, N (TOURNAMENT.md "Seats and winds").
ROTATION: tuple[tuple[str, str, str, str], ...] = tuple(round_seats(start) for start in range(4))

_NAMES = (
    "张伟", "Anna Schmidt", "李娜", "Jean-Pierre Dupont", "王芳", "Mikko Virtanen", "陈静",
    "Tomás García", "刘洋", "Ingrid Johansson", "杨秀英", "Kenji Watanabe", "黄磊", "Olivia Brown",
    "周杰", "Maximilian von Hohenberg-Lichtenstein",
)
_TEAMS = ("北京队 Beijing", "Paris Mahjong", "上海队 Shanghai", "Helsinki", "成都队 Chengdu")

_FANS = (
    FanView("FULL_FLUSH", "清一色", "Full Flush", 24),
    FanView("PURE_STRAIGHT", "清龙", "Pure Straight", 16),
    FanView("MIXED_TRIPLE_CHOW", "三色三同顺", "Mixed Triple Chow", 8),
    FanView("MIXED_STRAIGHT", "花龙", "Mixed Straight", 8),
    FanView("ALL_PUNGS", "碰碰和", "All Pungs", 6),
    FanView("HALF_FLUSH", "混一色", "Half Flush", 6),
    FanView("ALL_CHOWS", "平和", "All Chows", 2),
    FanView("TILE_HOG", "四归一", "Tile Hog", 2),
    FanView("CONCEALED_HAND", "门前清", "Concealed Hand", 2),
    FanView("ALL_SIMPLES", "断幺", "All Simples", 2),
    FanView("PUNG_OF_TERMINALS_OR_HONORS", "幺九刻", "Pung of Terminals or Honors", 1),
    FanView("SHORT_STRAIGHT", "连六", "Short Straight", 1),
    FanView("SINGLE_WAIT", "单钓将", "Single Wait", 1),
    FanView("SELF_DRAWN", "自摸", "Self-Drawn", 1),
)


def player(n: int) -> PlayerView:
    """Player number ``n`` (1-based): Chinese and European names alternate; every fifth has no team."""
    name = _NAMES[(n - 1) % len(_NAMES)]
    if n > len(_NAMES):
        name = f"{name} {n}"
    team = None if n % 5 == 0 else _TEAMS[n % len(_TEAMS)]
    return PlayerView(number=f"{n:03d}", name=name, team=team)


def _hand(table: int, hand: int) -> HandRow:
    w = hand_winds(hand)
    if (hand + table) % 6 == 0:
        return HandRow(hand=hand, kind="draw", prevailing=w.prevailing, dealer=w.dealer, winds=w.seat_winds)
    winner = (hand * 7 + table) % 4
    self_drawn = (hand + table) % 3 == 0
    start = (hand * 5 + table) % len(_FANS)
    fans = tuple(_FANS[(start + j) % len(_FANS)] for j in range(1 + (hand + table) % 5))
    if sum(f.points for f in fans) < 8:
        fans = (_FANS[2], *fans)
    base = sum(f.points * f.count for f in fans)
    discarder = None if self_drawn else (winner + 1 + hand % 3) % 4
    return HandRow(
        hand=hand, kind="win", prevailing=w.prevailing, dealer=w.dealer, winds=w.seat_winds,
        winner=winner, discarder=discarder, self_drawn=self_drawn, fan_total=base, fans=fans,
        deltas=settle_win(base, winner, discarder).deltas,
    )


def sheet(table: int, session: int = 1, hands: int = 16, tournament: str = "第五届国标麻将公开赛 MCR Open 2026",
          first_player: int | None = None) -> TableSheet:
    """A table's sheet with ``hands`` hands played (0 = before play)."""
    first = first_player if first_player is not None else (table - 1) * 4 + 1
    players = (player(first), player(first + 1), player(first + 2), player(first + 3))
    rows = tuple(_hand(table, h) for h in range(1, hands + 1))
    penalties: tuple[PenaltyRow, ...] = ()
    if hands >= 5 and table % 4 == 1:
        penalties = (
            PenaltyRow(session=session, table=table, hand=5, player=players[2], seat="W", kind="false_win",
                       points=30, settlement="others", to_player=None, reason="错和 under 8 fans",
                       deltas=(10, 10, -30, 10)),
            PenaltyRow(session=session, table=table, hand=None, player=players[3], seat="N", kind="lateness",
                       points=10, settlement="deducted", to_player=None, reason="迟到 5 min",
                       deltas=(0, 0, 0, -10)),
        )
    e, s, w, n = (sum(r.deltas[i] for r in rows) + sum(p.deltas[i] for p in penalties) for i in range(4))
    mp = (e, s, w, n)
    ranks, tp = table_ranks(mp), table_points(mp)
    return TableSheet(
        tournament=tournament, session=session, table=table, players=players,
        round_seats=ROTATION, hands_per_session=16, hands=rows, penalties=penalties,
        match_points=mp, session_scores=(500 + e, 500 + s, 500 + w, 500 + n),
        ranks=(ranks[0], ranks[1], ranks[2], ranks[3]), table_points=(tp[0], tp[1], tp[2], tp[3]),
        session_date=date(2026, 11, 29),
        start_time=datetime(2026, 11, 29, 9, 0) if hands else None,
        end_time=datetime(2026, 11, 29, 11, 45) if hands >= 16 else None,
    )
