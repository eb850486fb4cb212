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
    validate,
)
from db.seating.search import EVALUATIONS_PER_SECOND, Search, deal
from db.seating.seats import balance_seats
from texts import Text


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
    A fresh plan is a plan after no played sessions: same core, same plan for the same seed.
    """
    return plan_sessions_after((), players, teams, sessions, seed=seed, time_limit=time_limit)


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
    With nothing played they are the plan's own figures.
    """
    if sessions < 1:
        raise SeatingError(Text("need at least 1 session, got {sessions}", "seating", sessions=sessions))
    ids, team_of = validate(players, teams)
    n = len(ids)
    met, counts = _played(played, ids)
    history = [pair for table in met for pair in itertools.combinations(table, 2)]
    rng = random.Random(seed)
    deadline = time.monotonic() + time_limit

    plan = construct(n, team_of, sessions, rng)
    if len(plan) < sessions or history:  # a complete construction alone has no repeat and no teammates
        while len(plan) < sessions:
            plan.append(deal(team_of, n, rng))
        search = Search(plan, n, team_of, rng, history)
        mates_lb, repeats_lb = lower_bounds_of(n, team_of, sessions)
        target = search.played_cost + mates_lb * search.big + repeats_lb
        if search.total > target:
            plan = search.run(target, deadline, budget=int(time_limit * EVALUATIONS_PER_SECOND))

    seated = balance_seats(plan, n, rng, counts)  # counts: the seats already used, updated in place
    named = tuple(tuple(named_table(ids, table) for table in tables) for tables in seated)
    before = [[ids[p] for p in table] for table in met]
    return SeatingPlan(
        sessions=named,
        repeated_pairs=count_repeats([before, *named]) - count_repeats([before]),
        seat_imbalance=max(max(c) - min(c) for c in counts),
        teammate_conflicts=count_teammate_conflicts(named, teams),
    )


def _played(
    played: Sequence[Sequence[Sequence[str]]], ids: Sequence[str]
) -> tuple[list[list[int]], list[list[int]]]:
    """The played tables as the indices of the players still in (those who left are dropped), and each
    player's seat counts so far (E, S, W, N; substitutes start at zero)."""
    index = {pid: k for k, pid in enumerate(ids)}
    counts = [[0, 0, 0, 0] for _ in ids]
    tables: list[list[int]] = []
    for s, session in enumerate(played, start=1):
        for table in session:
            if len(table) != 4:
                raise SeatingError(Text("played session {session}: a table has {count} players, not 4", "seating",
                                        session=s, count=len(table)))
            for seat, pid in enumerate(table):
                if pid in index:
                    counts[index[pid]][seat] += 1
            tables.append([index[pid] for pid in table if pid in index])
    return tables, counts
