"""Seat and prevailing winds from the starting seats: TOURNAMENT.md's rotation table."""

from __future__ import annotations

from db.rules.rotation import hand_winds, round_seats

# TOURNAMENT.md "Seats and winds", rows = starting seat, columns = rounds E, S, W, N.
TABLE = {"E": "ESNW", "S": "SEWN", "W": "WNES", "N": "NWSE"}


def test_round_seats_follow_the_table() -> None:
    for start, row in enumerate("ESWN"):
        assert "".join(round_seats(start)) == TABLE[row]


def test_every_hand_has_one_dealer_and_four_distinct_winds() -> None:
    dealers = []
    for hand in range(1, 17):
        w = hand_winds(hand)
        assert sorted(w.seat_winds) == ["E", "N", "S", "W"]
        assert w.seat_winds[w.dealer] == "E"
        assert w.prevailing == "ESWN"[(hand - 1) // 4]
        dealers.append(w.dealer)
    # Everyone deals exactly once per wind round (the dealer passes every hand).
    for r in range(4):
        assert sorted(dealers[4 * r:4 * r + 4]) == [0, 1, 2, 3]


def test_seat_wind_is_position_minus_dealer_position() -> None:
    # West round, third hand (hand 11): positions are E->N(3), S->W(2), W->E(0), N->S(1); dealer at position 2.
    w = hand_winds(11)
    assert w.prevailing == "W"
    assert w.dealer == 1  # the player who started South sits at position 2 (W) in the West round
    assert w.seat_winds == ("S", "E", "W", "N")


def test_no_seat_changes() -> None:
    assert round_seats(2, rotate=False) == ("W", "W", "W", "W")
    w = hand_winds(6, rotate=False)
    assert (w.prevailing, w.dealer, w.seat_winds) == ("S", 1, ("N", "E", "S", "W"))
