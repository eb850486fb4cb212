"""The engine around the fan tables: readings, waits, errors, result shape, tie-breaks, speed."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from scoring.errors import NotWinningError, SituationError, TileCountError, TooManyCopiesError
from scoring.mcr.decompose import Form, concealed_counts, is_complete, readings
from scoring.mcr.engine import _situation, score, score_hand, score_reading
from scoring.mcr.exclusions import COMBINATION_FANS, EXCLUSIONS, SEVEN_PAIRS_COMPANIONS, Scope
from scoring.mcr.fans import Fan
from scoring.mcr.generate import generate_hands
from scoring.mcr.result import MINIMUM_FANS
from scoring.mcr.waits import completing_kinds, completing_kinds_of, is_single_wait, waiting_tiles
from scoring.model import Hand, Meld, WinContext, Wind
from scoring.notation import parse_hand
from scoring.tiles import tile


def tiles(*names: str) -> tuple[int, ...]:
    return tuple(tile(n) for n in names)


# ---------------------------------------------------------------- readings
@pytest.mark.parametrize(("notation", "forms"), [
    pytest.param("1122335577889m9m", [Form.SEVEN_PAIRS, Form.REGULAR], id="seven-pairs-and-regular"),
    pytest.param("1m19s19pEESWNCFP9m", [Form.THIRTEEN_ORPHANS], id="thirteen-orphans"),
    pytest.param("147m25s369pESWNCF", [Form.HONORS_AND_KNITTED], id="lesser-honors-knitted"),
    pytest.param("14789m258s369pEE7m", [Form.KNITTED_STRAIGHT], id="knitted-straight"),
    pytest.param("[123m]147s258p369mEE", [Form.KNITTED_STRAIGHT], id="knitted-straight-with-a-meld"),
    pytest.param("111222333m456s7p7p", [Form.REGULAR, Form.REGULAR], id="pungs-or-chows"),
    pytest.param("1111m2222m3333m44m", [Form.SEVEN_PAIRS] + [Form.REGULAR] * 3,
                 id="four-of-a-kind-as-two-pairs"),
])
def test_readings(notation: str, forms: list[Form]) -> None:
    assert [r.form for r in readings(parse_hand(notation))] == forms


def test_regular_divisions_are_listed_once_and_in_order() -> None:
    rs = readings(parse_hand("111222333m456s7p7p"))
    assert [r.describe() for r in rs] == [
        "4 sets + pair: 111m 222m 333m 456s 77p",
        "4 sets + pair: 123m 123m 123m 456s 77p",
    ]


def test_not_winning_and_thirteen_tiles() -> None:
    with pytest.raises(NotWinningError, match="not a winning hand"):
        score("1m19s19pEESWNCFP1m")
    with pytest.raises(NotWinningError, match="not a winning hand"):
        score("123m456s789p1234pE")
    with pytest.raises(TileCountError):
        score_hand(parse_hand("1112345678999m"), WinContext())


def test_validation_errors_reach_the_caller() -> None:
    with pytest.raises(TooManyCopiesError):
        score("1234567899999m1m")
    with pytest.raises(SituationError):
        score("[789m2][777s3][234s3]89sEE7s", WinContext(kong_related=True))


# ---------------------------------------------------------------- waits
@pytest.mark.parametrize(("notation", "kinds", "waits"), [
    pytest.param("1112345678999m", tiles(*[f"{r}m" for r in range(1, 10)]), None, id="nine-gates-nine-waits"),
    pytest.param("[123p][456s]4444567m", tiles("4m", "7m"), tiles("7m"), id="fifth-copy-is-shape-only"),
    pytest.param("[3333m]1112m456p789p", tiles("2m", "3m"), tiles("2m"), id="kong-holds-all-3m"),
    pytest.param("[123p][456p][789s]7779m", tiles("8m", "9m"), None, id="7779m"),
    pytest.param("1122334466668m", tiles("7m", "8m"), None, id="seven-pairs-wait-too"),
    pytest.param("19m19s19pESWNCFP", tiles("1m", "9m", "1s", "9s", "1p", "9p", "E", "S", "W", "N", "C", "F", "P"),
                 None, id="thirteen-sided"),
    pytest.param("147m258s369pESWN", tiles("C", "F", "P"), None, id="lesser-honors-knitted"),
    pytest.param("147m258s369p79mEE", tiles("8m"), None, id="knitted-straight-closed"),
    pytest.param("123m456s789p1357p", (), None, id="not-ready"),
])
def test_waits(notation: str, kinds: tuple[int, ...], waits: tuple[int, ...] | None) -> None:
    hand = parse_hand(notation)
    assert completing_kinds(hand) == kinds
    assert waiting_tiles(hand) == (kinds if waits is None else waits)


def _before_the_win(hand: Hand) -> tuple[list[int], int]:
    """(the concealed tiles' counts without the winning tile, the number of melds)."""
    before = list(concealed_counts(hand))
    assert hand.winning is not None
    before[hand.winning] -= 1
    return before, len(hand.melds)


def test_wait_pruning_misses_nothing() -> None:
    # waits only tries kinds near the held tiles (plus orphans / knitted tiles when those forms are
    # possible); trying all 34 kinds must give the same answer.
    for g in generate_hands(400, seed=21):
        before, n = _before_the_win(g.hand)
        every = tuple(t for t in range(34) if is_complete(tuple(before[:t] + [before[t] + 1] + before[t + 1:]), n))
        assert completing_kinds_of(tuple(before), n) == every, g.notation


def test_is_complete_agrees_with_readings() -> None:
    # is_complete searches for one division only; readings lists them all: every 14-tile hand the generator
    # gives, with its winning tile replaced by each kind in turn, is complete exactly when it has a reading.
    for g in generate_hands(300, seed=22):
        n = len(g.hand.melds)
        for t in range(34):
            hand = Hand(g.hand.melds, g.hand.standing, t)
            assert is_complete(concealed_counts(hand), n) == bool(readings(hand)), (g.notation, t)


def test_single_wait_is_the_one_completing_kind() -> None:
    for g in generate_hands(400, seed=23):
        before, n = _before_the_win(g.hand)
        kinds = completing_kinds_of(tuple(before), n)
        assert [t for t in range(34) if is_single_wait(tuple(before), n, t)] == (list(kinds) if len(kinds) == 1
                                                                                 else []), g.notation


def test_waits_reject_a_winning_hand() -> None:
    with pytest.raises(TileCountError):
        waiting_tiles(parse_hand("1112345678999m5m"))


# ---------------------------------------------------------------- result shape
def test_result_lists_fans_by_points_then_number_with_their_tiles() -> None:
    result = score("[CCC][FFF][PPP]123m4p4p", WinContext(flowers=3))
    assert [a.fan for a in result.fans] == [Fan.BIG_THREE_DRAGONS, Fan.ONE_VOIDED_SUIT, Fan.SINGLE_WAIT,
                                            Fan.FLOWER_TILES]
    by_fan = {a.fan: a for a in result.fans}
    assert by_fan[Fan.BIG_THREE_DRAGONS].tiles == (tiles("C", "C", "C"), tiles("F", "F", "F"), tiles("P", "P", "P"))
    assert by_fan[Fan.SINGLE_WAIT].tiles == (tiles("4p", "4p"),)
    assert by_fan[Fan.FLOWER_TILES].count == 3
    assert result.total == 93 and result.total_without_flowers == 90 and result.meets_minimum
    assert result.reading == "4 sets + pair"
    assert result.sets[-1] == tiles("4p", "4p")


def test_flowers_never_reach_the_minimum() -> None:
    result = score("[234m][678s][456p]23sNN1s", WinContext(fourth_tile=True, flowers=8))
    assert result.total == 12 and result.total_without_flowers == 4
    assert not result.meets_minimum


def test_chicken_hand_meets_the_minimum() -> None:
    result = score("[234m][678s][456p]23sNN1s")
    assert result.total == MINIMUM_FANS and result.meets_minimum


def test_counted_fans_carry_one_tile_group_per_occurrence() -> None:
    result = score("[123m][789s][111p]999p9m9m")
    hog = {a.fan: a for a in result.fans}[Fan.PUNG_OF_TERMINALS_OR_HONORS]
    assert hog.count == 2 and hog.tiles == (tiles("1p", "1p", "1p"), tiles("9p", "9p", "9p"))


# ---------------------------------------------------------------- tie-breaks (H1)
def test_tie_prefers_pure_triple_chow_reading() -> None:
    # 111 222 333 (一色三节高 + 双暗刻 …) and 123 ×3 (一色三同顺 + 平和 …) both total 53.
    result = score("1112233344456m2m")
    fans = {a.fan for a in result.fans}
    assert result.total == 53
    assert Fan.PURE_TRIPLE_CHOW in fans and Fan.PURE_SHIFTED_PUNGS not in fans


def test_tie_takes_the_first_division() -> None:
    # 123 123 (edge wait on 3m) or 234 234 (closed wait on 3m): same total, the first division listed.
    result = score("1122344m567s456p3m")
    fans = {a.fan for a in result.fans}
    assert Fan.EDGE_WAIT in fans and Fan.CLOSED_WAIT not in fans
    assert result.sets[0] == tiles("1m", "2m", "3m")


# ---------------------------------------------------------------- the exclusion table itself
def test_exclusion_rows_point_to_later_fans() -> None:
    # Rows are applied in FANS.md order; an excluded fan must come after the fan that excludes it.
    for row in EXCLUSIONS:
        for excluded in row.excludes:
            assert excluded.number > row.fan.number, (row.fan, excluded)
        assert row.rule


def test_set_scoped_rows_belong_to_set_fans() -> None:
    set_fans = COMBINATION_FANS | {Fan.PREVALENT_WIND, Fan.SEAT_WIND}
    assert all(row.fan in set_fans for row in EXCLUSIONS if row.scope is Scope.SETS)


def test_seven_pairs_companions_are_the_s1_list() -> None:
    assert len(SEVEN_PAIRS_COMPANIONS) == 21 + 2


# ---------------------------------------------------------------- many hands
HANDS = generate_hands(1500, seed=11)


def test_generated_hands_score_consistently() -> None:
    for g in HANDS:
        result = score_hand(g.hand, g.ctx)
        assert result.total == sum(a.subtotal for a in result.fans), g.notation
        keys = [(-a.points, a.fan.number) for a in result.fans]
        assert keys == sorted(keys), g.notation
        assert len({a.fan for a in result.fans}) == len(result.fans), g.notation
        assert all(a.count >= 1 for a in result.fans), g.notation
        assert result.meets_minimum == (result.total_without_flowers >= MINIMUM_FANS)
        if Fan.CHICKEN_HAND in {a.fan for a in result.fans}:
            assert {a.fan for a in result.fans} <= {Fan.CHICKEN_HAND, Fan.FLOWER_TILES}, g.notation


def test_seat_and_prevailing_wind_only_move_wind_fans() -> None:
    rng = random.Random(5)
    wind_fans = {Fan.PREVALENT_WIND, Fan.SEAT_WIND, Fan.PUNG_OF_TERMINALS_OR_HONORS, Fan.CHICKEN_HAND}
    moved_hands = 0
    for g in rng.sample(HANDS, 300):
        if len(readings(g.hand)) != 1:
            continue  # another wind may make another reading the best one
        base = {a.fan: a.count for a in score_hand(g.hand, g.ctx).fans}
        other = WinContext(g.ctx.self_drawn, g.ctx.fourth_tile, g.ctx.kong_related, g.ctx.last_tile_of_wall,
                           seat_wind=Wind.NORTH, prevalent_wind=Wind.WEST, flowers=g.ctx.flowers)
        moved = {a.fan: a.count for a in score_hand(g.hand, other).fans}
        changed = {f for f in base.keys() | moved.keys() if base.get(f) != moved.get(f)}
        assert changed <= wind_fans, g.notation
        moved_hands += bool(changed)
    assert moved_hands >= 10  # the sample does hold wind pungs whose fans the new winds move


# ---------------------------------------------------------------- symmetries
def _map_hand(hand: Hand, f: Callable[[int], int]) -> Hand:
    melds = tuple(Meld(m.kind, min(f(t) for t in m.tiles), m.offer) for m in hand.melds)
    winning = None if hand.winning is None else f(hand.winning)
    return Hand(melds, tuple(sorted(f(t) for t in hand.standing)), winning)


def _swap_suits(t: int) -> int:
    """Characters <-> dots."""
    return t if t >= 27 or 9 <= t < 18 else (t + 18 if t < 9 else t - 18)


def _reverse_ranks(t: int) -> int:
    """1 <-> 9, 2 <-> 8, …"""
    return t if t >= 27 else t - t % 9 + 8 - t % 9


_SUIT_BOUND = {Fan.ALL_GREEN, Fan.REVERSIBLE_TILES}
_MIRROR = {Fan.UPPER_TILES: Fan.LOWER_TILES, Fan.LOWER_TILES: Fan.UPPER_TILES,
           Fan.UPPER_FOUR: Fan.LOWER_FOUR, Fan.LOWER_FOUR: Fan.UPPER_FOUR}


@pytest.mark.parametrize(("mapping", "rename"), [
    pytest.param(_swap_suits, {}, id="swap-characters-and-dots"),
    pytest.param(_reverse_ranks, _MIRROR, id="reverse-ranks"),
])
def test_scores_do_not_depend_on_suit_names_or_rank_direction(
        mapping: Callable[[int], int], rename: dict[Fan, Fan]) -> None:
    compared = 0
    for g in HANDS[:800]:
        mirrored = _map_hand(g.hand, mapping)
        a, b = score_hand(g.hand, g.ctx), score_hand(mirrored, g.ctx)
        fans_a = {rename.get(x.fan, x.fan): x.count for x in a.fans}
        fans_b = {x.fan: x.count for x in b.fans}
        if _SUIT_BOUND & (fans_a.keys() | fans_b.keys()):
            continue  # 绿一色 and 推不倒 name particular tiles
        assert a.total == b.total, (g.notation, fans_a, fans_b)
        ties = len({sum(f.fan.points for f in score_reading(r, g.ctx, _situation(g.hand, g.ctx)))
                    for r in readings(g.hand)}) < len(readings(g.hand))
        if not ties:  # with equal readings the tie-break follows tile order, which the mapping changes
            assert fans_a == fans_b, g.notation
            compared += 1
    assert compared >= 600  # most hands have no tie and no tile-bound fan


def test_group_divisibility_rule_agrees_with_the_division_search() -> None:
    # decompose._shape decides whether a suit divides without a search (c[i] % 3 chows start at each rank);
    # _shape_divisions lists every division by the recursive search. They must agree on every suit shape up
    # to 9 tiles (fifth copies included) and on random larger ones, and on the honours.
    from scoring.mcr.decompose import _shape, _shape_divisions

    def shapes_up_to(kinds: int, tiles: int) -> list[tuple[int, ...]]:
        if kinds == 0:
            return [()]
        return [(n, *rest) for n in range(min(tiles, 5) + 1) for rest in shapes_up_to(kinds - 1, tiles - n)]

    rng = random.Random(9)
    shapes = shapes_up_to(9, 9) + shapes_up_to(7, 8)
    shapes += [tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)) for _ in range(3000)]
    for g in shapes:
        assert _shape(g)[1] == bool(_shape_divisions(g)), g
