"""The lower bounds on teammate meetings and repeated pairs that no plan can beat (the search's target)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from db.seating.model import team_members, validate


def lower_bounds_of(n: int, team_of: Sequence[int], sessions: int) -> tuple[int, int]:
    """(teammate meetings, repeated pairs) that no plan can go below (repeats bound only when teams fit)."""
    tables = n // 4
    teams = team_members(team_of)
    mates = 0
    for team in teams:
        q, r = divmod(len(team), tables)  # spread as evenly as possible over the tables
        mates += sessions * (r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2)
    if mates:
        return mates, 0
    size = {p: len(t) for t in teams for p in t}
    per_player = sum(max(0, 3 * sessions - (n - size[p])) for p in range(n))
    pairs_allowed = n * (n - 1) // 2 - sum(len(t) * (len(t) - 1) // 2 for t in teams)
    overall = 6 * tables * sessions - pairs_allowed
    # Fewer than 4 tables: each later table holds two players who shared a table in session 1.
    q, r = divmod(4, tables)
    pigeonhole = (sessions - 1) * tables * (r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2)
    return 0, max((per_player + 1) // 2, overall, pigeonhole, 0)


def lower_bounds(players: Sequence[str], teams: Mapping[str, str | None], sessions: int) -> tuple[int, int]:
    """(teammate meetings, repeated pairs) below which no plan can go; a plan reaching both is optimal.

    >>> lower_bounds([f"p{k}" for k in range(8)], {}, 3)  # 8 players x 3 sessions
    (0, 8)
    """
    ids, team_of = validate(players, teams)
    return lower_bounds_of(len(ids), team_of, sessions)
