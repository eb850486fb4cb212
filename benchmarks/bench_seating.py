"""Seating benchmark: db.seating.plan_tournament against the best of many random shuffles.

The baseline is what most tournament tools do: shuffle the players every session, swap a teammate away
when two share a table, keep the best of as many tries as the time allows (seats = shuffled order). It
gets the same wall time as our method, and at least one second.

Run: .venv/bin/python benchmarks/bench_seating.py
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from db.seating import (
    Table,
    count_repeats,
    count_teammate_conflicts,
    lower_bounds,
    plan_tournament,
    seat_imbalance,
)


@dataclass(frozen=True)
class Case:
    label: str
    players: int
    sessions: int
    team_sizes: tuple[int, ...]  # sizes of the teams; the other players have no team


CASES = (
    Case("R98 annex 7", 16, 5, ()),
    Case("8 teams of 4", 32, 7, (4,) * 8),
    Case("no teams", 64, 9, ()),
    Case("no teams", 400, 10, ()),
    Case("100 teams of 4", 400, 10, (4,) * 100),
    Case("impossible", 8, 3, ()),
    Case("no teams (search)", 24, 5, ()),
    Case("8 teams of 5", 40, 7, (5,) * 8),
    Case("6 teams of 5 + 2", 32, 6, (5,) * 6 + (2,)),
    Case("5 teams of 4 (dense)", 20, 5, (4,) * 5),
    Case("9 teams of 4 (dense)", 36, 9, (4,) * 9),
    Case("no teams (dense)", 24, 7, ()),
)


@dataclass(frozen=True)
class Result:
    repeats: int
    imbalance: int
    conflicts: int
    seconds: float
    tries: int = 1

    def key(self) -> tuple[int, int, int]:
        return (self.conflicts, self.repeats, self.imbalance)


def make_players(case: Case, seed: int = 0) -> tuple[list[str], dict[str, str | None]]:
    """Player ids in a shuffled order and teams drawn at random, as a real entry list would be."""
    rng = random.Random(seed)
    players = [f"P{k:03d}" for k in range(case.players)]
    rng.shuffle(players)
    pool = players[:]
    rng.shuffle(pool)
    teams: dict[str, str | None] = {p: None for p in players}
    for t, size in enumerate(case.team_sizes):
        for p in pool[:size]:
            teams[p] = f"T{t}"
        pool = pool[size:]
    return players, teams


def random_session(players: list[str], teams: dict[str, str | None], rng: random.Random) -> list[Table]:
    """A shuffled session, then teammates swapped apart at random (a few hundred attempts at most)."""
    order = players[:]
    rng.shuffle(order)
    tables = [order[k : k + 4] for k in range(0, len(order), 4)]

    def clashes(table: list[str]) -> int:
        named = [teams[p] for p in table if teams[p]]
        return len(named) - len(set(named))

    for _ in range(300):
        bad = [t for t in tables if clashes(t)]
        if not bad:
            break
        table = bad[rng.randrange(len(bad))]
        other = tables[rng.randrange(len(tables))]
        i, j = rng.randrange(4), rng.randrange(4)
        before = clashes(table) + clashes(other)
        table[i], other[j] = other[j], table[i]
        if clashes(table) + clashes(other) > before:
            table[i], other[j] = other[j], table[i]
    return [(t[0], t[1], t[2], t[3]) for t in tables]


def baseline(case: Case, players: list[str], teams: dict[str, str | None], seconds: float) -> Result:
    rng = random.Random(1)
    start = time.monotonic()
    best: Result | None = None
    tries = 0
    while tries == 0 or time.monotonic() - start < seconds:
        tries += 1
        plan = [random_session(players, teams, rng) for _ in range(case.sessions)]
        result = Result(count_repeats(plan), seat_imbalance(plan), count_teammate_conflicts(plan, teams), 0.0)
        if best is None or result.key() < best.key():
            best = result
    assert best is not None
    return Result(best.repeats, best.imbalance, best.conflicts, time.monotonic() - start, tries)


def ours(case: Case, players: list[str], teams: dict[str, str | None]) -> Result:
    start = time.monotonic()
    plan = plan_tournament(players, teams, case.sessions, seed=0)
    elapsed = time.monotonic() - start
    return Result(plan.repeated_pairs, plan.seat_imbalance, plan.teammate_conflicts, elapsed)


def main() -> int:
    header = (
        f"{'case':<22}{'players':>8}{'sessions':>9}{'bound':>6}  | {'ours: rep':>9}{'imb':>5}{'conf':>5}{'sec':>7}"
        f"  | {'baseline: rep':>13}{'imb':>5}{'conf':>5}{'sec':>7}{'tries':>8}  | verdict"
    )
    print(header)
    print("-" * len(header))
    failures = 0
    for case in CASES:
        players, teams = make_players(case)
        bound = lower_bounds(players, teams, case.sessions)[1]
        mine = ours(case, players, teams)
        base = baseline(case, players, teams, max(mine.seconds, 1.0))
        # Strictly better than the baseline (teammates, then repeats, then seats), or a tie only where ours
        # is provably optimal: no teammates met, repeats at the proven bound, seats within one. (On 8 x 3
        # a long enough random run can reach the unavoidable 8 repeats too; that tie is not a loss.)
        optimal = mine.conflicts == 0 and mine.repeats == bound and mine.imbalance <= 1
        verdict = "ok" if mine.key() < base.key() or (mine.key() == base.key() and optimal) else "WORSE"
        failures += verdict != "ok"
        print(
            f"{case.label:<22}{case.players:>8}{case.sessions:>9}{bound:>6}  | {mine.repeats:>9}{mine.imbalance:>5}"
            f"{mine.conflicts:>5}{mine.seconds:>7.2f}  | {base.repeats:>13}{base.imbalance:>5}{base.conflicts:>5}"
            f"{base.seconds:>7.2f}{base.tries:>8}  | {verdict}"
        )
    print(
        "\nbound = proven lower bound on repeated pairs (reaching it proves a plan optimal; 0 may be unreachable),"
        "\nrep = repeated pairs (extra meetings),"
        "\nimb = max seat imbalance, conf = teammate pairs at a table"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
