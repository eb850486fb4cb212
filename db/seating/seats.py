"""Starting seats: each player a least-used seat, then de Werra's exact repair (seat counts differ by <= 1)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

from db.seating.model import SEATS, SeatingError, Session, Table, named_table
from texts import Text

_SEAT_ORDERS = list(itertools.permutations(range(4)))


def best_order(table: Sequence[int], counts: Sequence[Sequence[int]], rng: random.Random) -> list[int]:
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


def seat_session(tables: Sequence[Sequence[int]], counts: list[list[int]], rng: random.Random) -> Session:
    """Each table in a best_order, table after table, the seats taken added to ``counts``."""
    seated = []
    for table in tables:
        order = best_order(table, counts, rng)
        for seat, p in enumerate(order):
            counts[p][seat] += 1
        seated.append(order)
    return seated


def balance_seats(
    sessions: list[Session], n: int, rng: random.Random, counts: list[list[int]] | None = None
) -> list[Session]:
    """Seat orders so that every player's four seat counts differ by at most one.

    Greedy first; then, for seats a and b, view each table as an edge from its a-player to its b-player.
    While a player has count[a] - count[b] >= 2, some player reachable along edges has count[a] < count[b]
    (the reachable set cannot have a positive total surplus); swapping a and b on every table of that path
    fixes both ends and changes nobody else. Sum of squared counts drops each time, so it ends.
    With earlier seats in `counts` (updated in place) that is no longer guaranteed: a player with no
    such path keeps their counts.
    """
    counts = counts if counts is not None else [[0, 0, 0, 0] for _ in range(n)]
    out = [seat_session(tables, counts, rng) for tables in sessions]
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


def seat_counts(ids: Sequence[str], previous_seats: Mapping[str, Sequence[str]] | None) -> list[list[int]]:
    """counts[k][seat]: how often ids[k] sat E, S, W, N before; an unknown seat letter is a SeatingError."""
    counts = [[0, 0, 0, 0] for _ in ids]
    for k, pid in enumerate(ids):
        for seat in (previous_seats or {}).get(pid, ()):
            if seat not in SEATS:
                raise SeatingError(Text("player {pid!r}: unknown seat {seat!r} (expected one of E, S, W, N)",
                                        "seating", pid=pid, seat=seat))
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
        raise SeatingError(Text("every table needs exactly 4 players", "seating"))
    counts = seat_counts(ids, previous_seats)
    index = {pid: k for k, pid in enumerate(ids)}
    rng = random.Random(seed)
    out = []
    for table in tables:
        order = best_order([index[p] for p in table], counts, rng)
        out.append(named_table(ids, order))
    return tuple(out)
