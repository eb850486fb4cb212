"""The tabu search over swaps of two players of one session, and the team-aware random deal it starts from.

Cost = big * teammate meetings + repeated pairs; the meetings of sessions already played count but never
move. See docs/seating.md, "Method" 3.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Sequence

from db.seating.model import Session, team_members

# The search stops after time_limit * this many move evaluations, a deterministic budget (so the same
# input and seed give the same plan) set well below the speed of one 2020s laptop core; the wall-clock
# deadline only cuts in on a slow or busy machine.
EVALUATIONS_PER_SECOND = 100_000
_SAMPLED_TABLES = 48


def deal(team_of: Sequence[int], n: int, rng: random.Random) -> Session:
    """A random session with teammates apart whenever possible: teams laid end to end, largest first,
    dealt round-robin over the tables, so a team of at most n/4 players lands on distinct tables."""
    teams = team_members(team_of)
    rng.shuffle(teams)
    for t in teams:
        rng.shuffle(t)
    teams.sort(key=len, reverse=True)  # stable: random order among equal sizes
    order = [p for t in teams for p in t]
    count = n // 4
    start = rng.randrange(count)
    tables: Session = [[] for _ in range(count)]
    for k, p in enumerate(order):
        tables[(k + start) % count].append(p)
    rng.shuffle(tables)
    return tables


class Search:
    """Tabu search over swaps of two players of one session (after Dotú and Van Hentenryck's social
    golfer search). Cost = big * teammate meetings + repeated pairs."""

    def __init__(
        self,
        sessions: list[Session],
        n: int,
        team_of: Sequence[int],
        rng: random.Random,
        history: Sequence[tuple[int, int]] = (),
    ) -> None:
        """history: pairs that met in sessions already played (fixed; they count but never move)."""
        self.tables = [[t[:] for t in s] for s in sessions]
        self.n = n
        self.team = list(team_of)
        self.rng = rng
        self.big = 6 * n * len(sessions) + len(history) + 1  # one teammate meeting outweighs every repeat
        self.where = [[0] * n for _ in sessions]
        most = len(sessions) + len(history)  # a bound on any pair's meetings
        # Bytes when they can hold the counts: 8 times less memory for large fields.
        self.meet: list[bytearray] | list[list[int]] = (
            [bytearray(n) for _ in range(n)] if most < 256 else [[0] * n for _ in range(n)]
        )
        self.total = 0
        self.bad: list[int] = []  # pair keys a*n+b (a<b) whose cost is > 0
        self.bad_pos: dict[int, int] = {}
        self.evaluations = 0
        for s, tables in enumerate(self.tables):
            for t, table in enumerate(tables):
                for p in table:
                    self.where[s][p] = t
                for a, b in itertools.combinations(table, 2):
                    self._bump(a, b, 1)
        for a, b in history:
            self._bump(a, b, 1)
        self.best_total = self.total
        # The played sessions' own cost, which no swap can remove: the search's floor above the bounds.
        met_before = Counter((a, b) if a < b else (b, a) for a, b in history)
        self.played_cost = sum(self._cost(a, b, c) for (a, b), c in met_before.items())

    def _cost(self, a: int, b: int, c: int) -> int:
        if self.team[a] == self.team[b]:
            return self.big * c
        return c - 1 if c > 1 else 0

    def _bump(self, a: int, b: int, step: int) -> None:
        c = self.meet[a][b]
        self.meet[a][b] = self.meet[b][a] = c + step
        before, after = self._cost(a, b, c), self._cost(a, b, c + step)
        self.total += after - before
        key = a * self.n + b if a < b else b * self.n + a
        if after and not before:
            self.bad_pos[key] = len(self.bad)
            self.bad.append(key)
        elif before and not after:
            pos = self.bad_pos.pop(key)
            last = self.bad.pop()
            if last != key:
                self.bad[pos] = last
                self.bad_pos[last] = pos

    def _swap(self, s: int, u: int, v: int) -> None:
        tables, where = self.tables[s], self.where[s]
        a, b = where[u], where[v]
        ta, tb = tables[a], tables[b]
        for z in ta:
            if z != u:
                self._bump(u, z, -1)
                self._bump(v, z, 1)
        for z in tb:
            if z != v:
                self._bump(v, z, -1)
                self._bump(u, z, 1)
        ta[ta.index(u)] = v
        tb[tb.index(v)] = u
        where[u], where[v] = b, a

    def _movers(self, limit: int) -> list[tuple[int, int]]:
        """(session, player) for every player sitting with a teammate or a previous opponent; at most
        `limit` of them, drawn at random, so early iterations stay cheap."""
        n, S = self.n, len(self.tables)
        keys: set[int] = set()
        for key in self.bad:
            a, b = divmod(key, n)
            for s in range(S):
                if self.where[s][a] == self.where[s][b]:
                    keys.add(s * n + a)
                    keys.add(s * n + b)
        ordered = sorted(keys)
        if len(ordered) > limit:
            ordered = sorted(self.rng.sample(ordered, limit))
        return [divmod(k, n) for k in ordered]

    def _best_move(  # noqa: C901 - the search's hot loop: a call per candidate swap slows every seating
            self, tabu: dict[int, int], it: int, best_total: int) -> tuple[int, int, int, int] | None:
        """Best (delta, session, u, v) swap of a conflicting u with anyone at another table of its
        session; tabu moves only when they beat the best plan so far; ties broken at random."""
        n, team, big, rng = self.n, self.team, self.big, self.rng
        T = n // 4
        pick: tuple[int, int, int, int] | None = None
        ties = 0
        for s, u in self._movers(self.movers):
            tables = self.tables[s]
            home = self.where[s][u]
            mu, tu = self.meet[u], team[u]
            others = [z for z in tables[home] if z != u]
            leave = 0  # cost change of u leaving its table
            for z in others:
                if team[z] == tu:
                    leave -= big
                elif mu[z] >= 2:
                    leave -= 1
            # Large sessions: a random sample of the other tables keeps each step cheap.
            targets = range(T) if T <= _SAMPLED_TABLES else rng.sample(range(T), _SAMPLED_TABLES)
            for tb in targets:
                if tb == home:
                    continue
                table = tables[tb]
                joins = [big if team[z] == tu else (1 if mu[z] >= 1 else 0) for z in table]
                join_all = sum(joins)
                blocked_u = tabu.get((s * n + u) * T + tb, 0) > it
                for k, v in enumerate(table):
                    mv, tv = self.meet[v], team[v]
                    d = leave + join_all - joins[k]
                    for z in table:
                        if z != v:
                            if team[z] == tv:
                                d -= big
                            elif mv[z] >= 2:
                                d -= 1
                    for z in others:
                        if team[z] == tv:
                            d += big
                        elif mv[z] >= 1:
                            d += 1
                    self.evaluations += 1
                    if (
                        blocked_u or tabu.get((s * n + v) * T + home, 0) > it
                    ) and self.total + d >= best_total:
                        continue
                    if pick is None or d < pick[0]:
                        pick, ties = (d, s, u, v), 1
                    elif d == pick[0]:
                        ties += 1
                        if rng.randrange(ties) == 0:
                            pick = (d, s, u, v)
        return pick

    movers = 8  # conflicting players tried per step (8 beat 4, 12 and 24 on hard cases)
    tenure, tenure_spread = 2, 4  # a swap back is tabu for tenure + randrange(spread) steps

    def run(self, target: int, deadline: float, budget: int, max_stall: int = 400) -> list[Session]:
        """Improve until cost <= target, `budget` move evaluations (deterministic) or the deadline."""
        rng, n, S = self.rng, self.n, len(self.tables)
        T = n // 4
        best_total = self.total
        best = [[t[:] for t in s] for s in self.tables]
        tabu: dict[int, int] = {}
        it = stall = 0
        while self.total > target and self.evaluations < budget:
            it += 1
            if it % 16 == 0 and time.monotonic() > deadline:
                break
            before = self.evaluations
            pick = self._best_move(tabu, it, best_total)
            if self.evaluations == before:
                break  # nothing left to move: the remaining cost is in the played sessions
            if pick is None:
                continue
            _, s, u, v = pick
            home_u, home_v = self.where[s][u], self.where[s][v]
            self._swap(s, u, v)
            tabu[(s * n + u) * T + home_u] = it + self.tenure + rng.randrange(self.tenure_spread)
            tabu[(s * n + v) * T + home_v] = it + self.tenure + rng.randrange(self.tenure_spread)
            if self.total < best_total:
                best_total, stall = self.total, 0
                best = [[t[:] for t in ss] for ss in self.tables]
            else:
                stall += 1
            if stall > max_stall and T > 1:
                stall = 0  # stuck: shake the plan with a few random swaps
                for _ in range(1 + rng.randrange(3)):
                    ss = rng.randrange(S)
                    x, y = rng.sample(range(T), 2)
                    self._swap(ss, self.tables[ss][x][rng.randrange(4)], self.tables[ss][y][rng.randrange(4)])
        self.best_total = best_total
        return best
