"""Read side, the tables' scores: each played table's outcome (summed in the database) and each player's
sessions played, which every ranking (``db.read.standings``, ``db.read.stages``) starts from.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import attrgetter

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db.models import HandResult, Penalty, Player, Seat, SessionTable
from db.read.lookup import settings as _settings
from db.read.views import SessionEntry
from db.rules.profiles import Settlement
from db.rules.rotation import WINDS
from scoring.systems import SeatResult
from scoring.systems import system as rule_system


@dataclass(frozen=True, slots=True)
class TableScore:
    """A played table's outcome (computed, never stored)."""

    session: int
    table: int
    numbers: tuple[str, str, str, str]
    match_points: tuple[float, float, float, float]  # whole but for a game's share of deposits (``exact_points``)
    table_points: tuple[float, ...]  # the system's session score (MCR: table points; Riichi: the score in thousands)
    deducted: int
    results: tuple[SeatResult, ...] = ()  # the system's session results (a game's raw points, uma, penalty)


def table_scores(s: Session, after: int | None = None, only: Iterable[tuple[int, int]] | None = None
                 ) -> list[TableScore]:
    """Scores of every table that has at least one result (hand, penalty or time call), sessions ≤ ``after``;
    ``only``: of those (session, table) only (the hall re-reads the table a change touched).

    Sums run in the database, so the cost grows with the number of tables, not of hands.
    """
    st = _settings(s)
    q = select(SessionTable)
    if after is not None:
        q = q.where(SessionTable.session <= after)
    wanted: list[SessionTable] | None = None
    if only is not None:
        places = sorted(set(only))
        wanted = [t for k, n in places for t in s.scalars(q.where(SessionTable.session == k,
                                                                  SessionTable.table_no == n))]
    picked = None if wanted is None else [t.id for t in wanted]
    sums: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    penalty_sums: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for model, into in ((HandResult, sums), (Penalty, penalty_sums)):
        cols = [func.sum(model.d0), func.sum(model.d1), func.sum(model.d2), func.sum(model.d3)]
        sq = select(model.table_id, *cols).group_by(model.table_id)
        for tid, *d in s.execute(sq if picked is None else sq.where(model.table_id.in_(picked))).all():
            acc = into[tid]
            for i in range(4):
                acc[i] += int(d[i] or 0)
    for tid in penalty_sums:  # a table with penalties only has a score too
        sums.setdefault(tid, [0, 0, 0, 0, 0])
    dq = select(Penalty.table_id, func.sum(Penalty.points)).where(Penalty.settlement == Settlement.DEDUCTED) \
        .group_by(Penalty.table_id)
    for tid, ded in s.execute(dq if picked is None else dq.where(Penalty.table_id.in_(picked))).all():
        sums[tid][4] += int(ded or 0)
    chombos: dict[int, list[int]] = defaultdict(list)  # a game's chombos (a kind no MCR hand has)
    cq = select(HandResult.table_id, HandResult.winner).where(HandResult.kind == "chombo")
    for tid, seat in s.execute(cq if picked is None else cq.where(HandResult.table_id.in_(picked))).all():
        chombos[tid].append(int(seat or 0))
    tables = [t for t in (s.scalars(q) if wanted is None else wanted)
              if t.id in sums or t.time_called_after is not None]
    numbers: dict[int, list[str]] = defaultdict(list)
    replaced: dict[int, list[int]] = defaultdict(list)  # the seats substitutes held: a system may fix their result
    ids = [t.id for t in tables]
    for chunk in range(0, len(ids), 500):
        part = ids[chunk:chunk + 500]
        for tid, _pos, num, sub in s.execute(select(Seat.table_id, Seat.position, Player.number, Player.substitute)
                                             .join(Player, Player.id == Seat.player_id)
                                             .where(Seat.table_id.in_(part)).order_by(Seat.table_id, Seat.position)):
            if sub:
                replaced[tid].append(len(numbers[tid]))
            numbers[tid].append(num)
    options = json.dumps(st.system_options(), sort_keys=True)
    out = []
    for t in sorted(tables, key=lambda t: (t.session, t.table_no)):
        d = sums.get(t.id, [0, 0, 0, 0, 0])
        nums = numbers[t.id]
        if len(nums) != 4:
            continue
        p = penalty_sums.get(t.id, [0, 0, 0, 0])
        results = _session_result(st.profile, (d[0], d[1], d[2], d[3]), (p[0], p[1], p[2], p[3]),
                                  tuple(sorted(chombos.get(t.id, ()))), options, tuple(replaced[t.id]))
        mp = tuple(exact_points(r.raw) for r in results)
        out.append(TableScore(t.session, t.table_no, (nums[0], nums[1], nums[2], nums[3]),
                              (mp[0], mp[1], mp[2], mp[3]), tuple(float(r.score) for r in results), d[4],
                              results))
    return out


def exact_points(value: Fraction) -> int | float:
    """A session's points: whole (MCR's always), or a game's with the share of leftover deposits tied firsts
    split, kept exact (a third of 1,000: 31,333.33…) and rounded only where shown (one decimal).

    >>> exact_points(Fraction(31000)), round(exact_points(Fraction(94000, 3)), 1)
    (31000, 31333.3)
    """
    return int(value) if value.denominator == 1 else float(value)


def points_total(values: Iterable[float]) -> int | float:
    """Points added up: whole when they add up to a whole number (three thirds of a deposit make 1,000, not
    999.99…), so MCR's totals stay the integers they were.

    >>> points_total([24, -8]), points_total([94000 / 3] * 3), round(points_total([94000 / 3, 30000]), 1)
    (16, 94000, 61333.3)
    """
    total = math.fsum(values)
    whole = round(total)
    return int(whole) if abs(total - whole) < 1e-6 else total


@lru_cache(maxsize=8192)
def _session_result(profile: str, hands: tuple[int, int, int, int], penalties: tuple[int, int, int, int],
                    chombos: tuple[int, ...], options: str, replacements: tuple[int, ...] = ()) -> tuple[SeatResult, ...]:
    """The system's session result (``RuleSystem.session_result``; ``options`` as JSON text), kept per value:
    the hall ranks the same tables again after each hand."""
    return rule_system(profile).session_result(hands, penalties, chombos, json.loads(options), replacements)


def player_entries(s: Session, after: int | None) -> dict[str, tuple[SessionEntry, ...]]:
    """Each player's played sessions (sessions ≤ ``after``), in session order."""
    return player_entries_of(table_scores(s, after))


def player_entries_of(scores: Iterable[TableScore]) -> dict[str, tuple[SessionEntry, ...]]:
    """Each player's played sessions from the tables' scores already read (:func:`table_scores`)."""
    entries: dict[str, list[SessionEntry]] = defaultdict(list)
    for ts in scores:
        for num, entry in _score_entries(ts):
            entries[num].append(entry)
    return {n: tuple(sorted(es, key=_SESSION)) for n, es in entries.items()}


_SESSION = attrgetter("session")


@lru_cache(maxsize=4096)
def _score_entries(ts: TableScore) -> tuple[tuple[str, SessionEntry], ...]:
    """A table's four players' entries; kept per score (a value), as the hall ranks the same kept scores
    again after each hand and building 1,600 frozen entries was most of that ranking's time."""
    return tuple((num, SessionEntry(ts.session, ts.table, WINDS[i], ts.match_points[i], ts.table_points[i],
                                    ts.results[i] if ts.results else None))
                 for i, num in enumerate(ts.numbers))
