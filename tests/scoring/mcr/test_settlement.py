import pytest

from scoring import settle_draw, settle_win


def test_discard_win_pays_base_from_discarder_only() -> None:
    assert settle_win(24, 0, 2).deltas == (48, -8, -32, -8)


def test_self_drawn_win_everyone_pays_base() -> None:
    assert settle_win(10, 1, None).deltas == (-18, 54, -18, -18)


@pytest.mark.parametrize("base", [8, 13, 88, 320])
@pytest.mark.parametrize("winner", range(4))
def test_payments_sum_to_zero(base: int, winner: int) -> None:
    for discarder in [None, *[p for p in range(4) if p != winner]]:
        assert sum(settle_win(base, winner, discarder).deltas) == 0


def test_draw_pays_nothing() -> None:
    assert settle_draw().deltas == (0, 0, 0, 0)


def test_discarder_cannot_be_winner() -> None:
    with pytest.raises(ValueError, match="discarder"):
        settle_win(8, 2, 2)
