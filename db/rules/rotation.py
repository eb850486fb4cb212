"""Seat and prevailing winds of every hand, from the starting seats (TOURNAMENT.md "Seats and winds").

Positions 0–3 are the starting seats E, S, W, N of a session. Pure functions, no database.
"""

from __future__ import annotations

from dataclasses import dataclass

WINDS = ("E", "S", "W", "N")

# ROUND_SEATS[start][round]: the seat a player who started at ``start`` takes in wind round ``round``.
ROUND_SEATS: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 3, 2),  # E: E S N W
    (1, 0, 2, 3),  # S: S E W N
    (2, 3, 0, 1),  # W: W N E S
    (3, 2, 1, 0),  # N: N W S E
)


@dataclass(frozen=True, slots=True)
class HandWinds:
    """``seat_winds[i]`` is the seat wind of starting-seat player i; ``dealer`` is a starting-seat index."""

    prevailing: str
    dealer: int
    seat_winds: tuple[str, str, str, str]


def round_seats(start: int, rotate: bool = True) -> tuple[str, str, str, str]:
    """The seats of the player who started at ``start`` in rounds E, S, W, N.

    >>> round_seats(0)
    ('E', 'S', 'N', 'W')
    >>> round_seats(3, rotate=False)
    ('N', 'N', 'N', 'N')
    """
    seats = ROUND_SEATS[start] if rotate else (start,) * 4
    return (WINDS[seats[0]], WINDS[seats[1]], WINDS[seats[2]], WINDS[seats[3]])


def hand_winds(hand: int, rotate: bool = True) -> HandWinds:
    """Winds of hand ``hand`` (1-based within the session).

    In hand k (0–3) of a round the dealer sits at seat position k; a player at position p has seat wind
    (p − k) mod 4. Hands past 16 start the cycle of rounds again.

    >>> hand_winds(1)
    HandWinds(prevailing='E', dealer=0, seat_winds=('E', 'S', 'W', 'N'))
    >>> hand_winds(2).seat_winds  # the player at position 1 deals
    ('N', 'E', 'S', 'W')
    >>> w = hand_winds(5); (w.prevailing, w.dealer, w.seat_winds)  # South round: E<->S and W<->N swapped
    ('S', 1, ('S', 'E', 'N', 'W'))
    """
    if hand < 1:
        raise ValueError(f"hand {hand}: hands count from 1")
    rnd, k = divmod(hand - 1, 4)
    rnd %= 4
    positions = [ROUND_SEATS[p][rnd] if rotate else p for p in range(4)]
    winds = tuple(WINDS[(pos - k) % 4] for pos in positions)
    dealer = positions.index(k)
    return HandWinds(WINDS[rnd], dealer, (winds[0], winds[1], winds[2], winds[3]))
