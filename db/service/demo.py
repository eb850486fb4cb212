"""A demo tournament for trying the app: 16 players in 4 teams, session 1 played, session 2 seated.

Session 1 mixes full hands in notation (scored by the engine), totals-only wins, draws and a penalty.
The data are deterministic (fixed seed), so screenshots and tests see the same tournament every time.
"""

from __future__ import annotations

import random
from pathlib import Path

from sqlalchemy.orm import Session

from db.errors import TournamentError
from db.models import Tournament
from db.read.lookup import has_results
from db.rules.profiles import Settlement
from db.service.audit import Actor
from db.service.outcomes import PenaltyInput
from db.service.players import PlayerInput, import_players
from db.service.results import record_draw, record_penalty, record_win
from db.service.seats import seat_session
from db.service.tournament import create_tournament
from db.storage.store import open_database

PLAYERS: tuple[tuple[str, str, str, str], ...] = (
    ("1", "张伟 Zhang Wei", "北京 Beijing", "CN"),
    ("2", "王芳 Wang Fang", "北京 Beijing", "CN"),
    ("3", "李娜 Li Na", "北京 Beijing", "CN"),
    ("4", "刘洋 Liu Yang", "北京 Beijing", "CN"),
    ("5", "陈静 Chen Jing", "上海 Shanghai", "CN"),
    ("6", "杨磊 Yang Lei", "上海 Shanghai", "CN"),
    ("7", "赵敏 Zhao Min", "上海 Shanghai", "CN"),
    ("8", "黄勇 Huang Yong", "上海 Shanghai", "CN"),
    ("9", "Alice Martin", "Paris", "FR"),
    ("10", "Bruno Petit", "Paris", "FR"),
    ("11", "Chloé Durand", "Paris", "FR"),
    ("12", "David Leroy", "Paris", "FR"),
    ("13", "Emma Smith", "London", "GB"),
    ("14", "Frank Jones", "London", "GB"),
    ("15", "Grace Taylor", "London", "GB"),
    ("16", "Henry Brown", "London", "GB"),
)

# Full hands whose score does not depend on the winds (no wind pungs), each at least 8 fans; the flag
# says whether the hand is self-drawn.
HANDS: tuple[tuple[str, bool], ...] = (
    ("[123m1]456789m234p5p5p", False),  # pure straight 一气化龙
    ("1199m3355s77pEECC", True),  # seven pairs 七对
    ("[111s1][999s2][FFF3]55sCC5s", False),  # all pungs + half flush 碰碰和 混一色
    ("[123m1][123s1]123p789sNN", False),  # mixed triple chow 三色三同顺
    ("[567p1]1123467899p9p", False),  # full flush 清一色
)


def fill_demo(s: Session, actor: Actor | None = None) -> None:
    """Create the demo tournament in an empty database (caller's transaction)."""
    from datetime import date

    actor = actor or Actor("demo", "demo")
    create_tournament(s, "演示赛 Demo Open 2026", "cmr1998", sessions=5, start_date=date(2026, 5, 1),
                      actor=actor)
    import_players(s, [PlayerInput(*p) for p in PLAYERS], actor)
    tables = seat_session(s, 1, actor=actor)
    rng = random.Random(1998)
    hand_slots = {1: 0, 4: 1, 7: 2, 10: 3, 13: 4}  # table 1..4 takes full hands at these hand numbers
    for t, four in enumerate(tables, start=1):
        for hand in range(1, 17):
            if hand == 9 and t in (1, 3):
                record_draw(s, 1, t, hand, actor=actor)
                continue
            winner = four[rng.randrange(4)]
            others = [p for p in four if p != winner]
            self_drawn = rng.random() < 0.3
            discarder = None if self_drawn else rng.choice(others)
            if hand in hand_slots and (hand + t) % 2 == 0:
                notation, drawn = HANDS[(hand_slots[hand] + t) % len(HANDS)]
                discarder = None if drawn else (discarder or others[0])
                record_win(s, 1, t, hand, winner=winner, discarder=discarder, self_drawn=drawn,
                           notation=notation, flowers=0, actor=actor)
                continue
            flowers = rng.choice((0, 0, 1, 2))
            fan = rng.choice((8, 8, 9, 10, 12, 13, 16, 24, 32)) + flowers
            record_win(s, 1, t, hand, winner=winner, discarder=discarder, self_drawn=self_drawn,
                       fan=fan, flowers=flowers, actor=actor)
        if t == 2:
            record_penalty(s, 1, t, PenaltyInput(four[3], 30, Settlement.OTHERS, reason="错和 false win (7 fans)",
                                                 kind="false_win_wrong", hand=5), actor=actor)
        if t == 4:
            record_penalty(s, 1, t, PenaltyInput(four[1], 10, Settlement.DEDUCTED, reason="迟到 late 8 min",
                                                 kind="lateness"), actor=actor)
    seat_session(s, 2, actor=actor)


def create_demo(path: str | Path) -> None:
    """Build the demo tournament in a new database file (or URL)."""
    with open_database(path, create=True, backups=False) as db, db.factory.begin() as s:
        if has_results(s) or s.get(Tournament, 1) is not None:
            raise TournamentError(code="demo_needs_new_database", path=path)
        fill_demo(s)
