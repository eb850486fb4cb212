"""Whole plans: checks, construction, search and seats, for a fresh tournament or after played sessions."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Mapping, Sequence

from db.seating.bounds import lower_bounds_of
from db.seating.design import construct
from db.seating.model import (
    SeatingError,
    SeatingPlan,
    count_repeats,
    count_teammate_conflicts,
    named_table,
    seat_imbalance,
    validate,
)
from db.seating.search import EVALUATIONS_PER_SECOND, Search, deal
from db.seating.seats import balance_seats


def plan_tournament(
    players: Sequence[str],
    teams: Mapping[str, str | None],
    sessions: int,
    seed: int = 0,
    time_limit: float = 10.0,
) -> SeatingPlan:
    """Seat ``players`` for ``sessions`` sessions: teammates apart, fewest repeated pairs, balanced seats.

    teams maps a player to a team name or None (players missing from it have no team).
    Raises SeatingError when the number of players is not a multiple of 4.
    """
    if sessions < 1:
        raise SeatingError(f"need at least 1 session, got {sessions} / 场次至少为 1，实为 {sessions}")
    ids, team_of = validate(players, teams)
    n = len(ids)
    rng = random.Random(seed)
    deadline = time.monotonic() + time_limit
    mates_lb, repeats_lb = lower_bounds_of(n, team_of, sessions)
    target = mates_lb * (6 * n * sessions + 1) + repeats_lb

    plan = construct(n, team_of, sessions, rng)  # when complete: no repeat, no teammates, nothing to search
    if len(plan) < sessions:
        while len(plan) < sessions:
            plan.append(deal(team_of, n, rng))
        search = Search(plan, n, team_of, rng)
        if search.total > target:
            plan = search.run(target, deadline, budget=int(time_limit * EVALUATIONS_PER_SECOND))

    seated = balance_seats(plan, n, rng)
    named = tuple(tuple(named_table(ids, table) for table in tables) for tables in seated)
    return SeatingPlan(
        sessions=named,
        repeated_pairs=count_repeats(named),
        seat_imbalance=seat_imbalance(named),
        teammate_conflicts=count_teammate_conflicts(named, teams),
    )


def plan_sessions_after(
    played: Sequence[Sequence[Sequence[str]]],
    players: Sequence[str],
    teams: Mapping[str, str | None],
    sessions: int,
    seed: int = 0,
    time_limit: float = 10.0,
) -> SeatingPlan:
    """Seat `sessions` more sessions after the `played` ones, as plan_tournament does, but avoiding the
    pairs that have already met and balancing seats together with the seats already used.

    played[s][t] lists a played table's players in seat order E, S, W, N (as stored). Players may have
    left since (withdrawals: ignored) or joined (substitutes: no history). The figures describe the new
    sessions: repeated_pairs = extra meetings they add (a pair that already met counts once when it meets
    again), teammate_conflicts = teammate pairs at their tables, seat_imbalance = over all sessions.
    """
    if sessions < 1:
        raise SeatingError(f"need at least 1 session, got {sessions} / 场次至少为 1，实为 {sessions}")
    ids, team_of = validate(players, teams)
    n = len(ids)
    index = {pid: k for k, pid in enumerate(ids)}
    counts = [[0, 0, 0, 0] for _ in ids]
    history: list[tuple[int, int]] = []
    for s, tables in enumerate(played, start=1):
        for table in tables:
            if len(table) != 4:
                raise SeatingError(
                    f"played session {s}: a table has {len(table)} players, not 4 / 已赛第 {s} 轮：有一桌不是 4 人"
                )
            here = [index[pid] for pid in table if pid in index]
            for seat, pid in enumerate(table):
                if pid in index:
                    counts[index[pid]][seat] += 1
            history.extend(itertools.combinations(here, 2))
    rng = random.Random(seed)
    deadline = time.monotonic() + time_limit
    plan = construct(n, team_of, sessions, rng)
    while len(plan) < sessions:
        plan.append(deal(team_of, n, rng))
    search = Search(plan, n, team_of, rng, history)
    met_before: dict[tuple[int, int], int] = {}
    for a, b in history:
        key = (a, b) if a < b else (b, a)
        met_before[key] = met_before.get(key, 0) + 1
    fixed = sum(
        search.big * c if team_of[a] == team_of[b] else max(0, c - 1) for (a, b), c in met_before.items()
    )
    mates_lb, repeats_lb = lower_bounds_of(n, team_of, sessions)
    target = fixed + mates_lb * search.big + repeats_lb
    if search.total > target:
        plan = search.run(target, deadline, budget=int(time_limit * EVALUATIONS_PER_SECOND))
    seated = balance_seats(plan, n, rng, counts)
    named = tuple(tuple(named_table(ids, table) for table in tables) for tables in seated)
    met_after = dict(met_before)
    for session_tables in seated:
        for seats in session_tables:
            for a, b in itertools.combinations(seats, 2):
                key = (a, b) if a < b else (b, a)
                met_after[key] = met_after.get(key, 0) + 1
    added = sum(max(0, c - 1) - max(0, met_before.get(key, 0) - 1) for key, c in met_after.items())
    return SeatingPlan(
        sessions=named,
        repeated_pairs=added,
        seat_imbalance=max(max(c) - min(c) for c in counts),
        teammate_conflicts=count_teammate_conflicts(named, teams),
    )
