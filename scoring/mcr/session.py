"""MCR's session result at a table: table points by place, tied players sharing the places they cover
(TOURNAMENT.md "Table points")."""

from __future__ import annotations

from collections.abc import Sequence


def table_points(match_points: Sequence[int], by_place: Sequence[float] = (4.0, 2.0, 1.0, 0.0)
                 ) -> tuple[float, ...]:
    """Table points of the players at one table; tied players share the places they cover equally.

    >>> table_points([50, 10, -20, -40])
    (4.0, 2.0, 1.0, 0.0)
    >>> table_points([30, 30, -20, -40])  # two tied first: 3 and 3
    (3.0, 3.0, 1.0, 0.0)
    >>> table_points([0, 0, 0, 0])
    (1.75, 1.75, 1.75, 1.75)
    """
    order = sorted(range(len(match_points)), key=lambda i: -match_points[i])
    result = [0.0] * len(match_points)
    place = 0
    while place < len(order):
        end = place
        while end + 1 < len(order) and match_points[order[end + 1]] == match_points[order[place]]:
            end += 1
        share = sum(by_place[place:end + 1]) / (end - place + 1)
        for i in order[place:end + 1]:
            result[i] = share
        place = end + 1
    return tuple(result)
