"""Read side, the tables' scores: each played table's outcome (summed in the database) and each player's
sessions played, which every ranking (``db.read.standings``, ``db.read.stages``) starts from.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db.models import HandResult, Penalty, Player, Seat, SessionTable
from db.read.lookup import settings as _settings
from db.read.views import SessionEntry
from db.rules.profiles import Settlement
from db.rules.rotation import WINDS
from db.rules.scores import table_points


@dataclass(frozen=True, slots=True)
class TableScore:
    """A played table's outcome (computed, never stored)."""

    session: int
    table: int
    numbers: tuple[str, str, str, str]
    match_points: tuple[int, int, int, int]
    table_points: tuple[float, ...]
    deducted: int


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
    for model in (HandResult, Penalty):
        cols = [func.sum(model.d0), func.sum(model.d1), func.sum(model.d2), func.sum(model.d3)]
        sq = select(model.table_id, *cols).group_by(model.table_id)
        for tid, *d in s.execute(sq if picked is None else sq.where(model.table_id.in_(picked))).all():
            acc = sums[tid]
            for i in range(4):
                acc[i] += int(d[i] or 0)
    dq = select(Penalty.table_id, func.sum(Penalty.points)).where(Penalty.settlement == Settlement.DEDUCTED) \
        .group_by(Penalty.table_id)
    for tid, ded in s.execute(dq if picked is None else dq.where(Penalty.table_id.in_(picked))).all():
        sums[tid][4] += int(ded or 0)
    tables = [t for t in (s.scalars(q) if wanted is None else wanted)
              if t.id in sums or t.time_called_after is not None]
    numbers: dict[int, list[str]] = defaultdict(list)
    ids = [t.id for t in tables]
    for chunk in range(0, len(ids), 500):
        part = ids[chunk:chunk + 500]
        for tid, _pos, num in s.execute(select(Seat.table_id, Seat.position, Player.number)
                                        .join(Player, Player.id == Seat.player_id)
                                        .where(Seat.table_id.in_(part)).order_by(Seat.table_id, Seat.position)):
            numbers[tid].append(num)
    out = []
    for t in sorted(tables, key=lambda t: (t.session, t.table_no)):
        d = sums.get(t.id, [0, 0, 0, 0, 0])
        mp = (d[0], d[1], d[2], d[3])
        nums = numbers[t.id]
        if len(nums) != 4:
            continue
        out.append(TableScore(t.session, t.table_no, (nums[0], nums[1], nums[2], nums[3]), mp,
                              table_points(mp, st.table_points), d[4]))
    return out


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
    return tuple((num, SessionEntry(ts.session, ts.table, WINDS[i], ts.match_points[i], ts.table_points[i]))
                 for i, num in enumerate(ts.numbers))
