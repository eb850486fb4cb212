"""A Sichuan hand's events settled in order (血战到底): figures computed by hand from the rules of
docs/rule-systems.md "Sichuan 血战到底" (WMT values: base 1, cap 3 fan, 自摸加底), written in each docstring.
Seats 0–3; changes are (seat 0, seat 1, seat 2, seat 3)."""

from __future__ import annotations

import pytest

from scoring.sichuan.rules import SichuanRules
from scoring.sichuan.settle import (
    Check,
    Event,
    Kong,
    KongKind,
    SettleError,
    WallEnd,
    Win,
    Winner,
    hand_changes,
    settle,
)


def test_a_three_winner_hand_with_two_winners_on_one_discard() -> None:
    """1. Seat 1's concealed kong (下雨): 2 from each of the three others: (-2, +6, -2, -2).
    2. Seat 3 discards; seats 0 (1 fan) and 2 (4 fan, capped at 3) both win on it (WMT: 'A single discarded
       tile may result in multiple players winning'): seat 3 pays 2^1 = 2 and 2^3 = 8: (+2, 0, +8, -10).
       Seats 0 and 2 are out; 1 and 3 play on.
    3. Seat 3's added kong (刮风): 1 from each player still in, only seat 1: (0, -1, 0, +1).
    4. Seat 1 self-draws 2 fan: the only player still in, seat 3, pays 2^2 + 1 (自摸加底) = 5: (0, +5, 0, -5).
       Three have won: the hand is over.
    Totals: (0, +10, +6, -16)."""
    events: list[Event] = [Kong(1, KongKind.CONCEALED), Win((Winner(0, 1), Winner(2, 4)), discarder=3),
              Kong(3, KongKind.ADDED), Win((Winner(1, 2),))]
    lines = settle(events)
    assert [s.changes for s in lines] == [(-2, 6, -2, -2), (2, 0, 8, -10), (0, -1, 0, 1), (0, 5, 0, -5)]
    assert [s.in_play for s in lines] == [(0, 1, 2, 3), (0, 1, 2, 3), (1, 3), (1, 3)]
    assert [s.check for s in lines] == [Check.KONG, Check.WIN, Check.KONG, Check.WIN]
    assert hand_changes(events) == (0, 10, 6, -16)
    with pytest.raises(SettleError, match="event 5: the hand is over"):
        settle([*events, Kong(3, KongKind.CONCEALED)])


def test_the_wall_end_checks_a_flower_pig_a_player_not_ready_and_refunds_their_kongs() -> None:
    """1. Seat 2 kongs seat 0's discard (直杠): seat 0 pays 2: (-2, 0, +2, 0).
    2. Seat 3's concealed kong: 2 from each: (-2, -2, -2, +6).
    3. Seat 1 self-draws 平胡 (0 fan): 2^0 + 1 = 2 from each of 0, 2, 3: (-2, +6, -2, -2). Seat 1 is out.
    4. Seat 0's added kong: 1 from each of 2 and 3: (+2, 0, -1, -1).
    5. The wall is empty. Still in: 0, 2, 3. Seat 3 is ready for 2 fan, seat 2 holds three suits (花猪),
       seat 0 is not ready.
       查花猪: seat 2 pays each non-pig still in (0 and 3) the cap, 2^3 = 8: (+8, 0, -16, +8).
       查大叫: seat 0 (not ready, not a pig) pays seat 3 its best hand, 2^2 = 4: (-4, 0, 0, +4).
       退税: the kongs of the players not ready go back to who paid them: seat 2's (event 1) gives seat 0 its 2,
       seat 0's (event 4) gives 1 back to each of 2 and 3: (+2 - 2, 0, -2 + 1, +1) = (0, 0, -1, +1).
    Totals: (0, +4, -20, +16)."""
    events: list[Event] = [Kong(2, KongKind.MELDED, discarder=0), Kong(3, KongKind.CONCEALED), Win((Winner(1, 0),)),
              Kong(0, KongKind.ADDED), WallEnd(ready=(Winner(3, 2),), pigs=(2,))]
    lines = settle(events)
    assert [(s.check, s.changes) for s in lines[3:]] == [
        (Check.KONG, (2, 0, -1, -1)), (Check.FLOWER_PIG, (8, 0, -16, 8)), (Check.NOT_READY, (-4, 0, 0, 4)),
        (Check.REFUND, (0, 0, -1, 1))]
    assert all(s.in_play == (0, 2, 3) for s in lines[3:])
    assert hand_changes(events) == (0, 4, -20, 16)


def test_a_refunded_kong_gives_back_exactly_what_it_was_paid() -> None:
    """Seat 0's concealed kong: 2 from each (-2 → +6 for seat 0). Seat 1 wins 1 fan on seat 2's discard:
    (0, +2, -2, 0). At the wall's end seat 3 is ready for 0 fan, seats 0 and 2 are not: 退税 (-6, +2, +2, +2),
    and 查大叫 each of 0 and 2 pays seat 3 2^0 = 1. Seat 0 ends where its kong began, less the call:
    (-1, +2, -2 - 1, +1 + 1)."""
    events: list[Event] = [Kong(0, KongKind.CONCEALED), Win((Winner(1, 1),), discarder=2), WallEnd(ready=(Winner(3, 0),))]
    lines = settle(events)
    assert lines[-1].check is Check.REFUND and lines[-1].changes == (-6, 2, 2, 2)
    assert hand_changes(events) == (-1, 2, -3, 2)


def test_a_ready_players_kong_is_kept_and_a_larger_ready_hand_is_capped() -> None:
    """Seat 0's concealed kong (+6); at the end seats 0 and 1 are ready (0 with 5 fan, paid 2^3 = 8), 2 and 3
    are not: each pays seat 0 8 and seat 1 2^1 = 2, and no kong is refunded."""
    got = hand_changes([Kong(0, KongKind.CONCEALED), WallEnd(ready=(Winner(0, 5), Winner(1, 1)))])
    assert got == (6 + 16, -2 + 4, -2 - 10, -2 - 10)


def test_a_flower_pig_pays_the_organisers_fan_when_there_is_no_cap() -> None:
    rules = SichuanRules(cap=None, flower_pig_fan=4)
    assert hand_changes([WallEnd(pigs=(3,))], rules) == (16, 16, 16, -48)


@pytest.mark.parametrize(("events", "why"), [
    pytest.param([Win((Winner(0, 1), Winner(1, 1)))], "a self-drawn win has one winner", id="self-drawn, two"),
    pytest.param([Win((Winner(0, 1),), discarder=0)], "discarder 0", id="winner discards"),
    pytest.param([Win((Winner(0, 1),)), Win((Winner(0, 1),))], "winners must be", id="a winner wins again"),
    pytest.param([Win((Winner(0, 1),)), Kong(1, KongKind.MELDED, discarder=0)], "discarder 0",
                 id="a winner discards"),
    pytest.param([Kong(1, KongKind.ADDED, discarder=0)], "a melded kong has a discarder", id="added kong, discarder"),
    pytest.param([WallEnd(), Kong(0, KongKind.CONCEALED)], "last event", id="after the wall's end"),
    pytest.param([WallEnd(ready=(Winner(0, 1),), pigs=(0,))], "different players", id="ready pig"),
    pytest.param([WallEnd(ready=(Winner(0, -1),))], "a fan is 0 or more", id="negative fan"),
])
def test_events_that_cannot_happen_are_refused_with_a_message(events: list, why: str) -> None:
    with pytest.raises(SettleError, match=why):
        settle(events)
