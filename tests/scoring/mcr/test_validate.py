"""validate_hand: one test per error kind, and the situation combinations that are (not) errors."""

from __future__ import annotations

import pytest

from scoring.errors import (
    FlowerCountError,
    HandError,
    SituationError,
    TileCountError,
    TooManyCopiesError,
)
from scoring.mcr.validate import check_tiles, validate_context, validate_hand
from scoring.model import Hand, Meld, MeldKind, WinContext, Wind
from scoring.notation import parse_hand
from scoring.tiles import tile

PLAIN = "[789m2][777s3][234s3]89sEE7s"  # wins on 7s with 7s in its own melds
WITH_KONG = "[1111m][8888p1]23s345pCC4s"
CONCEALED = "2344s234678pFFF4s"  # wins on 4s with a 4s standing


def test_valid_hand_passes() -> None:
    # validate_hand returns None; passing means it does not raise
    validate_hand(parse_hand(PLAIN), WinContext())
    validate_hand(parse_hand(WITH_KONG), WinContext(self_drawn=True, kong_related=True, flowers=8, seat_wind=Wind.NORTH))


def test_waiting_hand_cannot_be_scored() -> None:
    with pytest.raises(TileCountError, match="waiting hand"):
        validate_hand(parse_hand("[789m2][777s3][234s3]89sEE"), WinContext())


def test_wrong_number_of_standing_tiles() -> None:
    hand = Hand((Meld(MeldKind.CHOW, tile("1m")),), tuple(range(9, 20)), tile("2s"))
    with pytest.raises(TileCountError) as info:
        validate_hand(hand, WinContext())
    assert str(info.value) == "12 tiles after 1 meld, expected 11 (10 standing + the winning tile)"
    assert info.value.code == "tile_count"


def test_too_many_melds() -> None:
    chow = Meld(MeldKind.CHOW, 0)
    with pytest.raises(TileCountError, match="5 melds, at most 4"):
        validate_hand(Hand((chow,) * 5, (), 1), WinContext())


def test_five_copies() -> None:
    with pytest.raises(TooManyCopiesError) as info:
        validate_hand(parse_hand("[3333s]3s456m789m111p5s"), WinContext())
    assert str(info.value) == "5 copies of 3s"
    assert info.value.code == "too_many_copies"


def test_several_kinds_over_four_are_all_named() -> None:
    with pytest.raises(TooManyCopiesError, match=r"5 copies of 1m, 5 copies of 9p"):
        validate_hand(parse_hand("[1111m][9999p]1m9p23456s5s"), WinContext())


@pytest.mark.parametrize("flowers", [-1, 9, 100])
def test_flower_count_outside_0_to_8(flowers: int) -> None:
    with pytest.raises(FlowerCountError) as info:
        validate_hand(parse_hand(PLAIN), WinContext(flowers=flowers))
    assert info.value.code == "flowers"
    assert str(flowers) in str(info.value)


def test_flower_count_must_be_an_int() -> None:
    with pytest.raises(FlowerCountError):
        validate_context(WinContext(flowers=True))
    with pytest.raises(FlowerCountError):
        validate_context(WinContext(flowers=2.0))  # type: ignore[arg-type]


def test_winds_must_be_wind_values() -> None:
    with pytest.raises(SituationError, match="seat_wind must be one of E, S, W, N"):
        validate_hand(parse_hand(PLAIN), WinContext(seat_wind="X"))  # type: ignore[arg-type]
    with pytest.raises(SituationError, match="prevalent_wind"):
        validate_hand(parse_hand(PLAIN), WinContext(prevalent_wind=None))  # type: ignore[arg-type]


def test_flags_must_be_booleans() -> None:
    with pytest.raises(SituationError, match="self_drawn must be true or false"):
        validate_context(WinContext(self_drawn=1))  # type: ignore[arg-type]


def test_invalid_meld_and_tile_values() -> None:
    with pytest.raises(HandError, match="chow cannot start at 8m"):
        check_tiles(Hand((Meld(MeldKind.CHOW, tile("8m")),), (0,) * 10, 1))
    with pytest.raises(HandError, match="not a tile"):
        check_tiles(Hand((), (0,) * 12 + (34,), 1))
    with pytest.raises(HandError, match="not a hand"):
        validate_hand("1m", WinContext())  # type: ignore[arg-type]


# --- W2: 和绝张 ---------------------------------------------------------------------------------------


def test_fourth_tile_with_a_standing_copy_is_an_error() -> None:
    with pytest.raises(SituationError) as info:
        validate_hand(parse_hand(CONCEALED), WinContext(fourth_tile=True))
    assert "和绝张" in str(info.value) and "4s" in str(info.value)
    assert info.value.code == "situation"


def test_fourth_tile_with_copies_only_in_melds_is_fine() -> None:
    # 7s is in the winner's exposed pung: visible, so 和绝张 is possible (it is even automatic).
    validate_hand(parse_hand(PLAIN), WinContext(fourth_tile=True))


# --- W3: 抢杠和 / 杠上开花 ----------------------------------------------------------------------------


def test_robbing_the_kong_with_the_tile_in_the_melds_is_an_error() -> None:
    with pytest.raises(SituationError, match="抢杠和"):
        validate_hand(parse_hand(PLAIN), WinContext(kong_related=True))


def test_robbing_the_kong_with_the_tile_standing_is_an_error() -> None:
    with pytest.raises(SituationError, match="抢杠和"):
        validate_hand(parse_hand(CONCEALED), WinContext(kong_related=True))


def test_robbing_the_kong_with_the_tile_in_a_meld_chow_is_an_error() -> None:
    with pytest.raises(SituationError, match="抢杠和"):
        validate_hand(parse_hand("[345s1]234p678pFFFW5s"), WinContext(kong_related=True))


def test_robbing_the_kong_of_a_fresh_tile_is_fine() -> None:
    validate_hand(parse_hand(WITH_KONG), WinContext(kong_related=True))


def test_replacement_tile_without_a_kong_is_an_error() -> None:
    with pytest.raises(SituationError, match="杠上开花"):
        validate_hand(parse_hand(PLAIN), WinContext(self_drawn=True, kong_related=True))


@pytest.mark.parametrize("kong", ["[1111m]", "[1111m1]", "[1111m5]"])
def test_replacement_tile_with_any_kong_is_fine(kong: str) -> None:
    validate_hand(parse_hand(kong + "[8888p1]23s345pCC4s"), WinContext(self_drawn=True, kong_related=True))


# --- combinations that are NOT errors (decided like the reference calculator; see docs/scoring-cli.md) ----


def test_fourth_tile_with_robbing_the_kong_is_accepted() -> None:
    # Robbing a kong is taking the last copy; FANS.md W2 makes it an exclusion (抢杠和 only), not an error.
    validate_hand(parse_hand(WITH_KONG), WinContext(fourth_tile=True, kong_related=True))


@pytest.mark.parametrize("ctx", [
    WinContext(self_drawn=True, last_tile_of_wall=True, kong_related=True),  # 妙手回春 + 杠上开花
    WinContext(self_drawn=False, last_tile_of_wall=True, kong_related=True),  # 海底捞月 + 抢杠和
    WinContext(self_drawn=False, last_tile_of_wall=True, fourth_tile=True),
    WinContext(self_drawn=True, last_tile_of_wall=True, fourth_tile=True),
])
def test_last_tile_of_wall_combinations_are_accepted(ctx: WinContext) -> None:
    validate_hand(parse_hand(WITH_KONG), ctx)
