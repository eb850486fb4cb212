"""Seating plans across sessions (TOURNAMENT.md, "Seating across sessions").

Pure Python: no SQLAlchemy, no Qt. The tournament store calls these functions.

Order of goals, as the rules give them:

1. hard: teammates never share a table (always met when every team has at most ``n/4`` members);
2. no two players meet twice (``repeated_pairs``, counted per extra meeting);
3. each player's starting seats spread over E/S/W/N (``seat_imbalance`` <= 1, always met).

Method (see docs/seating.md):

* **Construction.** For ``n = 4m`` players the four groups of ``m`` players of a transversal design built on
  the finite fields of ``m``'s prime-power factors give up to ``m`` sessions in which no pair meets twice
  (for ``m = 4`` the groups themselves make a fifth session: the affine plane AG(2,4) of R98 annex 7).
  Teams are packed into the groups (or, for teams of at most 4 that do not fit, into the tables of one
  parallel class left out), so teammates never meet.
* **Search.** When no construction covers the request (odd sizes, awkward teams, more sessions than the
  construction has), a tabu search swaps players inside a session to remove repeated pairs, starting from
  the construction's sessions or from team-aware random deals, until the proven lower bound is reached
  or its deterministic budget (at worst the time limit) runs out.
* **Later sessions.** plan_sessions_after does the same after some sessions were played, counting the
  pairs that already met (players may have left or come in) and the seats already used.
* **Seats.** Starting seats are an equitable edge colouring of the player/table graph (de Werra): every
  player's seat counts differ by at most one, whatever the tables are.

Everything random comes from ``random.Random(seed)``; nothing depends on set or dict-of-string order, so
the same input and seed give the same plan (unless the time limit cut a search short).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

SEATS: tuple[str, str, str, str] = ("E", "S", "W", "N")
Table = tuple[str, str, str, str]  # player ids at starting seats E, S, W, N

# Internal form: a session is a list of tables, a table a list of 4 player indices (seat order E, S, W, N).
_Session = list[list[int]]


@dataclass(frozen=True)
class SeatingPlan:
    """Tables for every session, with the quality figures of the plan."""

    sessions: tuple[tuple[Table, ...], ...]  # sessions[s][t] = table t+1 of session s+1
    repeated_pairs: int  # pairs meeting more than once, counted per extra meeting
    seat_imbalance: int  # max over players of (max seat count - min seat count)
    teammate_conflicts: int  # teammate pairs sharing a table (0 whenever feasible)


class SeatingError(ValueError):
    """The players or parameters cannot be seated; the message says why (English / 中文)."""


def missing_substitutes(n_players: int) -> int:
    """How many players must be added to reach a multiple of 4.

    >>> missing_substitutes(18), missing_substitutes(16), missing_substitutes(1)
    (2, 0, 3)
    """
    return -n_players % 4


# --------------------------------------------------------------------------------------------- metrics


def _pair_counts(sessions: Sequence[Sequence[Sequence[str]]]) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for tables in sessions:
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                key = (a, b) if a < b else (b, a)
                counts[key] = counts.get(key, 0) + 1
    return counts


def count_repeats(sessions: Sequence[Sequence[Sequence[str]]]) -> int:
    """Extra meetings: a pair meeting k times counts k - 1.

    >>> count_repeats([[("a", "b", "c", "d")], [("a", "b", "c", "d")]])
    6
    """
    return sum(c - 1 for c in _pair_counts(sessions).values() if c > 1)


def seat_imbalance(sessions: Sequence[Sequence[Sequence[str]]]) -> int:
    """Max over players of (most used seat count - least used seat count), unused seats counting 0.

    >>> seat_imbalance([[("a", "b", "c", "d")], [("b", "c", "d", "a")]])
    1
    >>> seat_imbalance([[("a", "b", "c", "d")], [("b", "a", "c", "d")]])  # c and d sat W and N twice
    2
    """
    counts: dict[str, list[int]] = {}
    for tables in sessions:
        for table in tables:
            for seat, player in enumerate(table):
                counts.setdefault(player, [0, 0, 0, 0])[seat] += 1
    return max((max(c) - min(c) for c in counts.values()), default=0)


def count_teammate_conflicts(
    sessions: Sequence[Sequence[Sequence[str]]], teams: Mapping[str, str | None]
) -> int:
    """Teammate pairs sharing a table, summed over all tables of all sessions."""
    return sum(
        1
        for tables in sessions
        for table in tables
        for a, b in itertools.combinations(table, 2)
        if teams.get(a) and teams.get(a) == teams.get(b)
    )


# ---------------------------------------------------------------------------------------------- input


def _check_count(n: int) -> None:
    if n == 0:
        raise SeatingError("no players to seat / 没有可编排的选手")
    missing = missing_substitutes(n)
    if missing:
        raise SeatingError(
            f"{n} players: {missing} substitute{'s' if missing > 1 else ''} missing (need a multiple of 4)"
            f" / {n} 名选手：缺 {missing} 名替补（人数须为 4 的倍数）"
        )


def _team_indices(ids: Sequence[str], teams: Mapping[str, str | None]) -> list[int]:
    """team_of[i]: equal numbers for teammates; a player without a team gets a number of their own."""
    numbers: dict[str, int] = {}
    team_of: list[int] = []
    for i, pid in enumerate(ids):
        name = teams.get(pid)
        if name:
            team_of.append(numbers.setdefault(name, len(numbers)))
        else:
            team_of.append(-1 - i)
    return team_of


def _validate(players: Sequence[str], teams: Mapping[str, str | None]) -> tuple[list[str], list[int]]:
    ids = list(players)
    seen: set[str] = set()
    for pid in ids:
        if pid in seen:
            raise SeatingError(f"player {pid!r} is listed twice / 选手 {pid!r} 重复")
        seen.add(pid)
    _check_count(len(ids))
    return ids, _team_indices(ids, teams)


def _team_members(team_of: Sequence[int]) -> list[list[int]]:
    """Players grouped by team, teams in order of first appearance."""
    groups: dict[int, list[int]] = {}
    for p, t in enumerate(team_of):
        groups.setdefault(t, []).append(p)
    return list(groups.values())


# ------------------------------------------------------------------------- finite fields and designs


def _factorize(m: int) -> list[tuple[int, int]]:
    """Prime factorisation as (p, e) pairs, p increasing."""
    out: list[tuple[int, int]] = []
    p = 2
    while p * p <= m:
        if m % p == 0:
            e = 0
            while m % p == 0:
                m //= p
                e += 1
            out.append((p, e))
        p += 1
    if m > 1:
        out.append((m, 1))
    return out


def _poly_mod(a: list[int], b: list[int], p: int) -> list[int]:
    """Remainder of a by monic b over GF(p); coefficient lists, lowest degree first."""
    a = a[:]
    db = len(b) - 1
    for d in range(len(a) - 1, db - 1, -1):
        c = a[d]
        if c:
            for k in range(db + 1):
                a[d - db + k] = (a[d - db + k] - c * b[k]) % p
    return a[:db]


def _irreducible(p: int, e: int) -> list[int]:
    """The first monic irreducible polynomial of degree e over GF(p) (coefficients, lowest first)."""

    def monic(deg: int) -> list[list[int]]:
        return [list(c) + [1] for c in itertools.product(range(p), repeat=deg)]

    for cand in monic(e):
        if cand[0] == 0:
            continue
        if all(any(_poly_mod(cand, d, p)) for k in range(1, e // 2 + 1) for d in monic(k)):
            return cand
    raise AssertionError(f"no irreducible polynomial of degree {e} over GF({p})")  # cannot happen


@dataclass(frozen=True)
class _Field:
    """GF(p^e); element k stands for the polynomial whose base-p digits are k's."""

    p: int
    e: int
    modulus: tuple[int, ...]

    @staticmethod
    def of(p: int, e: int) -> _Field:
        return _Field(p, e, tuple(_irreducible(p, e)) if e > 1 else (0, 1))

    @property
    def q(self) -> int:
        return self.p**self.e

    def _digits(self, a: int) -> list[int]:
        return [(a // self.p**i) % self.p for i in range(self.e)]

    def add(self, a: int, b: int) -> int:
        if self.e == 1:
            return (a + b) % self.p
        return sum(
            ((x + y) % self.p) * self.p**i
            for i, (x, y) in enumerate(zip(self._digits(a), self._digits(b), strict=True))
        )

    def mul(self, a: int, b: int) -> int:
        if self.e == 1:
            return a * b % self.p
        x, y = self._digits(a), self._digits(b)
        prod = [0] * (2 * self.e - 1)
        for i, xi in enumerate(x):
            if xi:
                for j, yj in enumerate(y):
                    prod[i + j] = (prod[i + j] + xi * yj) % self.p
        rem = _poly_mod(prod, list(self.modulus), self.p)
        return sum(c * self.p**i for i, c in enumerate(rem))


def _transversal_classes(m: int, wanted: int, rng: random.Random) -> list[_Session]:
    """Parallel classes of a transversal design on 4 groups of m points (point i*m + g is g of group i).

    Ring R = product of GF(q) over the prime powers q of m; block of class r at g is
    {(i, g + r*alpha_i)}. Two points of groups i != j meet in classes r and r' only if
    (r - r') * (alpha_j - alpha_i) = 0, so classes are chosen greedily to avoid that; with every q >= 4
    all m classes qualify. Points of one group never meet. Returns at most max(wanted, 1) classes.
    """
    fields = [_Field.of(p, e) for p, e in _factorize(m)] or [_Field(1, 1, (0, 1))]
    radices = [f.q for f in fields]
    elements = list(itertools.product(*(range(q) for q in radices)))  # index = mixed-radix value

    def index(g: Sequence[int]) -> int:
        k = 0
        for digit, q in zip(g, radices, strict=True):
            k = k * q + digit
        return k

    alpha = [[i % q for q in radices] for i in range(4)]  # distinct in every GF(q >= 4)
    pairs = list(itertools.combinations(range(4), 2))

    def compatible(r: Sequence[int], s: Sequence[int]) -> bool:
        return all(
            any(rc != sc and alpha[i][c] != alpha[j][c] for c, (rc, sc) in enumerate(zip(r, s, strict=True)))
            for i, j in pairs
        )

    chosen: list[tuple[int, ...]] = []
    limit = max(wanted, 1) * 2 + 8  # a few spare classes so the seed can choose among them
    for r in elements:
        if all(compatible(r, s) for s in chosen):
            chosen.append(r)
            if len(chosen) >= limit:
                break
    if len(chosen) > wanted:
        chosen = sorted(rng.sample(chosen, max(wanted, 1)))
    classes: list[_Session] = []
    for r in chosen:
        shifts = [
            [f.mul(rc, alpha[i][c]) for c, (f, rc) in enumerate(zip(fields, r, strict=True))]
            for i in range(4)
        ]
        classes.append(
            [
                [
                    i * m + index([f.add(gc, sc) for f, gc, sc in zip(fields, g, shifts[i], strict=True)])
                    for i in range(4)
                ]
                for g in elements
            ]
        )
    return classes


def _pack_teams(sizes: Sequence[int], bins: int, capacity: int, max_nodes: int = 100_000) -> list[int] | None:
    """Assign items (team sizes) to bins of equal capacity; bin per item, or None if not found.

    Players without a team (size 1) fill whatever room is left, so only real teams are searched:
    largest first into the emptiest bin, then, if that fails, a bounded depth-first search.
    """
    where = [0] * len(sizes)
    free = [capacity] * bins
    order = sorted((k for k in range(len(sizes)) if sizes[k] > 1), key=lambda k: (-sizes[k], k))
    for k in order:
        b = max(range(bins), key=lambda b: free[b])
        where[k] = b
        free[b] -= sizes[k]
    if min(free) < 0:
        if len(order) > 300:
            return None
        free = [capacity] * bins
        nodes = 0

        def place(pos: int) -> bool:
            nonlocal nodes
            if pos == len(order):
                return True
            nodes += 1
            if nodes > max_nodes:
                return False
            item = order[pos]
            tried: set[int] = set()
            for b in range(bins):
                if free[b] >= sizes[item] and free[b] not in tried:
                    tried.add(free[b])  # bins with equal room are interchangeable
                    free[b] -= sizes[item]
                    where[item] = b
                    if place(pos + 1):
                        return True
                    free[b] += sizes[item]
            return False

        if not place(0):
            return None
    for k in range(len(sizes)):  # the players without a team, into the remaining room
        if sizes[k] == 1:
            b = next(b for b in range(bins) if free[b] > 0)
            where[k] = b
            free[b] -= 1
    return where


def _construct(n: int, team_of: Sequence[int], sessions: int, rng: random.Random) -> list[_Session]:
    """Sessions without any repeated pair or teammate meeting, from the transversal design, mapped onto
    the players. May return fewer sessions than asked, or none.

    Teams go into the design's four groups (whose members never meet) when they fit; otherwise, if no
    team has more than 4 players, into the tables of one parallel class that is then left out.
    """
    m = n // 4
    teams = _team_members(team_of)
    sizes = [len(t) for t in teams]
    classes = _transversal_classes(m, sessions + 1, rng)  # one spare, in case one must be left out
    groups = [list(range(i * m, (i + 1) * m)) for i in range(4)]
    if m == 4:
        classes.append(groups)  # AG(2,4): the groups are a parallel class too (R98 annex 7's 16 x 5)
    containers: list[list[int]] = groups
    packing = _pack_teams(sizes, 4, m)
    if packing is not None and max(sizes) > 1 and m == 4:
        classes.pop()  # teammates share a group, so the groups cannot be a session
    elif packing is None:
        if max(sizes) > 4 or len(classes) < 2:
            return []
        rng.shuffle(classes)
        containers = classes.pop()
        packing = _pack_teams(sizes, m, 4)
        if packing is None:
            return []
    order = list(range(len(containers)))
    rng.shuffle(order)
    members: list[list[int]] = [[] for _ in containers]
    for team, b in zip(teams, packing, strict=True):
        members[order[b]].extend(team)
    point_to_player = [0] * n
    for points, group in zip(containers, members, strict=True):
        slots = points[:]
        rng.shuffle(slots)
        for slot, player in zip(slots, group, strict=True):
            point_to_player[slot] = player
    rng.shuffle(classes)
    out: list[_Session] = []
    for cls in classes[:sessions]:
        tables = [[point_to_player[x] for x in block] for block in cls]
        rng.shuffle(tables)
        out.append(tables)
    return out


# ---------------------------------------------------------------------------------------- lower bound


def _lower_bounds(n: int, team_of: Sequence[int], sessions: int) -> tuple[int, int]:
    """(teammate meetings, repeated pairs) that no plan can go below (repeats bound only when teams fit)."""
    tables = n // 4
    teams = _team_members(team_of)
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
    ids, team_of = _validate(players, teams)
    return _lower_bounds(len(ids), team_of, sessions)


# --------------------------------------------------------------------------------------------- search

# The search stops after time_limit * this many move evaluations, a deterministic budget (so the same
# input and seed give the same plan) set well below the speed of one 2020s laptop core; the wall-clock
# deadline only cuts in on a slow or busy machine.
_EVALUATIONS_PER_SECOND = 100_000
_SAMPLED_TABLES = 48


def _deal(team_of: Sequence[int], n: int, rng: random.Random) -> _Session:
    """A random session with teammates apart whenever possible: teams laid end to end, largest first,
    dealt round-robin over the tables, so a team of at most n/4 players lands on distinct tables."""
    teams = _team_members(team_of)
    rng.shuffle(teams)
    for t in teams:
        rng.shuffle(t)
    teams.sort(key=len, reverse=True)  # stable: random order among equal sizes
    order = [p for t in teams for p in t]
    count = n // 4
    start = rng.randrange(count)
    tables: _Session = [[] for _ in range(count)]
    for k, p in enumerate(order):
        tables[(k + start) % count].append(p)
    rng.shuffle(tables)
    return tables


class _Search:
    """Tabu search over swaps of two players of one session (after Dotú and Van Hentenryck's social
    golfer search). Cost = big * teammate meetings + repeated pairs."""

    def __init__(
        self,
        sessions: list[_Session],
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

    def _best_move(self, tabu: dict[int, int], it: int, best_total: int) -> tuple[int, int, int, int] | None:
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

    def run(self, target: int, deadline: float, budget: int, max_stall: int = 400) -> list[_Session]:
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


# ---------------------------------------------------------------------------------------------- seats


_SEAT_ORDERS = list(itertools.permutations(range(4)))


def _best_order(table: Sequence[int], counts: Sequence[Sequence[int]], rng: random.Random) -> list[int]:
    """Order (seats E, S, W, N) giving each player a seat they have used least; ties at random."""
    spread = []  # spread[i][seat]: player i's seat imbalance after taking that seat
    for p in table:
        c = counts[p]
        hi = max(c)
        lo, lo2 = sorted(c)[:2]
        row = []
        for seat in range(4):
            taken = c[seat] + 1
            others_lo = lo2 if c[seat] == lo else lo  # least count among the other three seats
            row.append(max(hi, taken) - min(others_lo, taken))
        spread.append(row)
    orders = _SEAT_ORDERS[:]
    rng.shuffle(orders)
    used = [counts[p] for p in table]
    s0, s1, s2, s3 = spread
    u0, u1, u2, u3 = used
    best = min(
        orders,
        key=lambda o: (
            max(s0[o[0]], s1[o[1]], s2[o[2]], s3[o[3]]),
            u0[o[0]] + u1[o[1]] + u2[o[2]] + u3[o[3]],
        ),
    )
    seated = [0, 0, 0, 0]
    for i, seat in enumerate(best):
        seated[seat] = table[i]
    return seated


def _balance_seats(
    sessions: list[_Session], n: int, rng: random.Random, counts: list[list[int]] | None = None
) -> list[_Session]:
    """Seat orders so that every player's four seat counts differ by at most one.

    Greedy first; then, for seats a and b, view each table as an edge from its a-player to its b-player.
    While a player has count[a] - count[b] >= 2, some player reachable along edges has count[a] < count[b]
    (the reachable set cannot have a positive total surplus); swapping a and b on every table of that path
    fixes both ends and changes nobody else. Sum of squared counts drops each time, so it ends.
    With earlier seats in `counts` (updated in place) that is no longer guaranteed: a player with no
    such path keeps their counts.
    """
    counts = counts if counts is not None else [[0, 0, 0, 0] for _ in range(n)]
    out: list[_Session] = []
    for tables in sessions:
        ordered = []
        for table in tables:
            order = _best_order(table, counts, rng)
            for seat, p in enumerate(order):
                counts[p][seat] += 1
            ordered.append(order)
        out.append(ordered)
    changed = True
    while changed:
        changed = False
        for a, b in itertools.permutations(range(4), 2):
            stuck: set[int] = set()
            while True:
                start = next(
                    (p for p in range(n) if counts[p][a] - counts[p][b] >= 2 and p not in stuck), None
                )
                if start is None:
                    break
                edges: list[list[list[int]]] = [[] for _ in range(n)]
                for tables in out:
                    for table in tables:
                        edges[table[a]].append(table)
                parent: dict[int, tuple[int, list[int]]] = {start: (start, [])}
                queue, end = [start], None
                for x in queue:
                    if counts[x][a] - counts[x][b] <= -1:
                        end = x
                        break
                    for table in edges[x]:
                        y = table[b]
                        if y not in parent:
                            parent[y] = (x, table)
                            queue.append(y)
                if end is None:  # only possible with earlier seats
                    stuck.add(start)
                    continue
                while end != start:
                    prev, table = parent[end]
                    table[a], table[b] = table[b], table[a]
                    counts[prev][a] -= 1
                    counts[prev][b] += 1
                    counts[end][a] += 1
                    counts[end][b] -= 1
                    end = prev
                changed = True
    return out


def _named(ids: Sequence[str], table: Sequence[int]) -> Table:
    east, south, west, north = table
    return ids[east], ids[south], ids[west], ids[north]


def _seat_counts(ids: Sequence[str], previous_seats: Mapping[str, Sequence[str]] | None) -> list[list[int]]:
    counts = [[0, 0, 0, 0] for _ in ids]
    for k, pid in enumerate(ids):
        for seat in (previous_seats or {}).get(pid, ()):
            if seat not in SEATS:
                raise SeatingError(
                    f"player {pid!r}: unknown seat {seat!r} (expected one of E, S, W, N)"
                    f" / 选手 {pid!r}：未知座位 {seat!r}（应为 E、S、W、N）"
                )
            counts[k][SEATS.index(seat)] += 1
    return counts


def seat_balance_assign(
    tables: Sequence[Sequence[str]],
    previous_seats: Mapping[str, Sequence[str]] | None = None,
    seed: int = 0,
) -> tuple[Table, ...]:
    """Seat each table's four players so each takes a seat they have used least so far.

    previous_seats[player] lists the seats used in earlier sessions, e.g. ["E", "S"].

    >>> before = {"a": ["E"], "b": ["S"], "c": ["W"], "d": ["N"]}
    >>> (table,) = seat_balance_assign([["a", "b", "c", "d"]], before)
    >>> [SEATS[table.index(p)] != before[p][0] for p in "abcd"]
    [True, True, True, True]
    """
    ids = [p for table in tables for p in table]
    if any(len(table) != 4 for table in tables):
        raise SeatingError("every table needs exactly 4 players / 每桌须为 4 名选手")
    counts = _seat_counts(ids, previous_seats)
    index = {pid: k for k, pid in enumerate(ids)}
    rng = random.Random(seed)
    out = []
    for table in tables:
        order = _best_order([index[p] for p in table], counts, rng)
        out.append(_named(ids, order))
    return tuple(out)


# ------------------------------------------------------------------------------------------ public API


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
    ids, team_of = _validate(players, teams)
    n = len(ids)
    rng = random.Random(seed)
    deadline = time.monotonic() + time_limit
    mates_lb, repeats_lb = _lower_bounds(n, team_of, sessions)
    target = mates_lb * (6 * n * sessions + 1) + repeats_lb

    plan = _construct(n, team_of, sessions, rng)  # when complete: no repeat, no teammates, nothing to search
    if len(plan) < sessions:
        while len(plan) < sessions:
            plan.append(_deal(team_of, n, rng))
        search = _Search(plan, n, team_of, rng)
        if search.total > target:
            plan = search.run(target, deadline, budget=int(time_limit * _EVALUATIONS_PER_SECOND))

    seated = _balance_seats(plan, n, rng)
    named = tuple(tuple(_named(ids, table) for table in tables) for tables in seated)
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
    ids, team_of = _validate(players, teams)
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
    plan = _construct(n, team_of, sessions, rng)
    while len(plan) < sessions:
        plan.append(_deal(team_of, n, rng))
    search = _Search(plan, n, team_of, rng, history)
    met_before: dict[tuple[int, int], int] = {}
    for a, b in history:
        key = (a, b) if a < b else (b, a)
        met_before[key] = met_before.get(key, 0) + 1
    fixed = sum(
        search.big * c if team_of[a] == team_of[b] else max(0, c - 1) for (a, b), c in met_before.items()
    )
    mates_lb, repeats_lb = _lower_bounds(n, team_of, sessions)
    target = fixed + mates_lb * search.big + repeats_lb
    if search.total > target:
        plan = search.run(target, deadline, budget=int(time_limit * _EVALUATIONS_PER_SECOND))
    seated = _balance_seats(plan, n, rng, counts)
    named = tuple(tuple(_named(ids, table) for table in tables) for tables in seated)
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


def _standings_tables(team_of: Sequence[int], n: int) -> list[list[int]]:
    """Tables by rank (players 0.. are ranked best first): each table takes the best remaining players
    with no teammate already there, except that a team with more members left than the later tables can
    take must place one here (otherwise teammates would have to meet later). Teams of at most n/4 always
    fit; a larger team is spread as evenly as possible (size // tables per table, one more at
    size % tables of them), which is the fewest teammate meetings."""
    count = n // 4
    base: dict[int, int] = {}
    extra: dict[int, int] = {}  # tables that may still hold base + 1 members of the team
    left: dict[int, int] = {}
    for members in _team_members(team_of):
        team = team_of[members[0]]
        base[team], extra[team] = divmod(len(members), count)
        left[team] = len(members)
    placed = [False] * n
    tables: list[list[int]] = []
    for t in range(count):
        tables_after = count - t - 1
        table: list[int] = []
        here: dict[int, int] = {}
        while len(table) < 4:
            room = {team: tables_after * base[team] + min(extra[team], tables_after) for team in left}
            need = {team for team, k in left.items() if k > room[team]}
            must = sum(left[team] - room[team] for team in need) >= 4 - len(table)
            free = [p for p in range(n) if not placed[p]]
            pick = next(
                (
                    p
                    for p in free
                    if (here.get(team_of[p], 0) < base[team_of[p]] + (extra[team_of[p]] > 0))
                    and (not must or team_of[p] in need)
                ),
                free[0],  # cannot happen; best ranked then
            )
            team = team_of[pick]
            if here.get(team, 0) == base[team]:
                extra[team] -= 1  # this table takes the team's one-more
            placed[pick] = True
            left[team] -= 1
            here[team] = here.get(team, 0) + 1
            table.append(pick)
        tables.append(table)
    return tables


def seat_by_standings(
    ranked_players: Sequence[str],
    teams: Mapping[str, str | None],
    seed: int = 0,
    previous_seats: Mapping[str, Sequence[str]] | None = None,
) -> tuple[Table, ...]:
    """Seat one session by standings (高高碰): the top four at table 1, the next four at table 2, ...

    Teammates are kept apart by moving the fewest players the shortest way down the ranking; seats go
    to each player's least used seats given previous_seats (e.g. {"p1": ["E", "S"]}).

    >>> tables = seat_by_standings(["a", "b", "c", "d", "e", "f", "g", "h"], {"a": "X", "b": "X"})
    >>> [sorted(t) for t in tables]  # a and b are teammates: b swaps with e
    [['a', 'c', 'd', 'e'], ['b', 'f', 'g', 'h']]
    """
    ids, team_of = _validate(ranked_players, teams)
    counts = _seat_counts(ids, previous_seats)
    rng = random.Random(seed)
    tables = _standings_tables(team_of, len(ids))
    seated = []
    for table in tables:
        order = _best_order(table, counts, rng)
        for seat, p in enumerate(order):
            counts[p][seat] += 1
        seated.append(_named(ids, order))
    return tuple(seated)
