"""Pure ranking rules: the key a player is ranked by, from the profile's tie-breaks (higher first).

Equal keys share a rank (``db.rules.scores.shared_ranks``). The read side (``db.read.standings``,
``db.read.stages``) reads the sessions played and ranks with these keys; the seating by standings ranks a
substitute who played in by :func:`standing_key`. No database here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from db.rules.profiles import TieBreak

# where each tie-break sits in a player's values: (table points, match points, best session, times best)
TIE_BREAK_INDEX = {TieBreak.TABLE_POINTS: 0, TieBreak.MATCH_POINTS: 1, TieBreak.BEST_SESSION: 2,
                   TieBreak.BEST_SESSION_COUNT: 3}


class Played(Protocol):
    """One session a player played, as the ranking reads it (``db.read.views.SessionEntry``)."""

    @property
    def table_points(self) -> float: ...

    @property
    def match_points(self) -> float: ...  # whole but for a game's share of deposits


def key_order(tie_breaks: Sequence[TieBreak]) -> list[int]:
    """The positions in (table points, match points, best session, times best) that the profile's tie-breaks
    read, in their order: the standings pick a key from a row's values with it, without a call per row.

    >>> key_order([TieBreak.MATCH_POINTS, TieBreak.TABLE_POINTS])
    [1, 0]
    """
    return [TIE_BREAK_INDEX[t] for t in tie_breaks]


def sort_key(tie_breaks: Sequence[TieBreak], tp: float, mp: float, best: float, best_count: int
             ) -> tuple[float, ...]:
    """The key of a player's totals by the profile's tie-breaks (higher first).

    >>> sort_key([TieBreak.TABLE_POINTS, TieBreak.BEST_SESSION], 9.0, -20, 4.0, 2)
    (9.0, 4.0)
    """
    values = (tp, mp, best, best_count)
    return tuple(values[TIE_BREAK_INDEX[t]] for t in tie_breaks)


def standing_key(tie_breaks: Sequence[TieBreak], sessions: Sequence[Played]) -> tuple[float, ...]:
    """The ranking's key of one player's played sessions (higher first), as ``db.read.standings`` ranks
    (the key the seating by standings ranks a substitute who played in by, who is in no ranking)."""
    tps = [e.table_points for e in sessions]
    if not tps:
        return sort_key(tie_breaks, 0, 0, 0.0, 0)
    best = max(tps)
    return sort_key(tie_breaks, sum(tps), sum(e.match_points for e in sessions), best, tps.count(best))


def stage_key(tie_breaks: Sequence[TieBreak], tp: float, mp: float, sessions: Sequence[Played],
              previous_rank: int | None) -> tuple[float, ...]:
    """A player's key in a stage: ``tp`` and ``mp``, the stage's sessions plus what they carried into it, by
    the profile's tie-breaks, the best session being of the stage's own ``sessions``; ties these leave are
    broken by the rank in the previous stage (``previous_rank``; 0 for one not ranked there, None when there
    is no previous ranking), so a final that carries nothing starts in the semi-final's order.

    >>> class E:
    ...     table_points, match_points = 4.0, 30
    >>> stage_key([TieBreak.TABLE_POINTS, TieBreak.BEST_SESSION], 6.0, 30, [E()], 3)
    (6.0, 4.0, -3)
    """
    best = max((e.table_points for e in sessions), default=0.0)
    best_count = sum(1 for e in sessions if e.table_points == best) if sessions else 0
    return sort_key(tie_breaks, tp, mp, best, best_count) + (() if previous_rank is None else (-previous_rank,))
