"""Sessions with no repeated pair and no teammates met, from transversal designs over finite fields.

For ``n = 4m`` players, the parallel classes of a transversal design on four groups of ``m`` points, built
on the product of the finite fields of ``m``'s prime-power factors; teams are packed into the groups (or
into the tables of one class left out), so teammates never meet. See docs/seating.md, "Method" 2.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from db.seating.model import Session, team_members


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


def _transversal_classes(m: int, wanted: int, rng: random.Random) -> list[Session]:
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
    classes: list[Session] = []
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


def construct(n: int, team_of: Sequence[int], sessions: int, rng: random.Random) -> list[Session]:
    """Sessions without any repeated pair or teammate meeting, from the transversal design, mapped onto
    the players. May return fewer sessions than asked, or none.

    Teams go into the design's four groups (whose members never meet) when they fit; otherwise, if no
    team has more than 4 players, into the tables of one parallel class that is then left out.
    """
    m = n // 4
    teams = team_members(team_of)
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
    out: list[Session] = []
    for cls in classes[:sessions]:
        tables = [[point_to_player[x] for x in block] for block in cls]
        rng.shuffle(tables)
        out.append(tables)
    return out
