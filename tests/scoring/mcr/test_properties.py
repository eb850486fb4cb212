"""Properties over generated legal hands (hypothesis drives the seeds of scoring.mcr.generate)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.mcr.explain import fan_entries
from scoring.mcr.fans import Fan
from scoring.mcr.generate import FORMS, GeneratedHand, random_winning_hand
from scoring.mcr.validate import validate_hand
from scoring.model import Hand
from scoring.notation import format_hand, parse_hand, parse_hand_uncached
from scoring.tiles import name

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def generated(draw: st.DrawFn) -> GeneratedHand:
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    form = draw(st.sampled_from([None, None, None, *FORMS]))
    return random_winning_hand(random.Random(seed), form)


def scrambled(hand: Hand, rng: random.Random) -> tuple[str, Hand]:
    """The same hand written another way: melds in another order, standing tiles shuffled, one suffix each."""
    melds = list(hand.melds)
    rng.shuffle(melds)
    standing = list(hand.standing)
    rng.shuffle(standing)
    same = Hand(tuple(melds), hand.standing, hand.winning)
    head = format_hand(Hand(tuple(melds), (), None))
    assert hand.winning is not None
    return head + "".join(name(t) for t in standing) + name(hand.winning), same


@SETTINGS
@given(generated())
def test_notation_round_trips(g: GeneratedHand) -> None:
    assert parse_hand_uncached(g.notation) == g.hand
    assert format_hand(parse_hand_uncached(g.notation)) == g.notation


@SETTINGS
@given(generated(), st.randoms(use_true_random=False))
def test_any_writing_order_parses_to_the_same_hand(g: GeneratedHand, rng: random.Random) -> None:
    text, same = scrambled(g.hand, rng)
    assert parse_hand_uncached(text) == same
    assert sorted(parse_hand_uncached(text).all_tiles()) == sorted(g.hand.all_tiles())


@SETTINGS
@given(generated())
def test_generated_hands_are_valid(g: GeneratedHand) -> None:
    validate_hand(g.hand, g.ctx)


@SETTINGS
@given(generated())
def test_thirteen_tile_form_round_trips(g: GeneratedHand) -> None:
    waiting = Hand(g.hand.melds, g.hand.standing, None)
    text = format_hand(waiting)
    assert parse_hand_uncached(text) == waiting


@SETTINGS
@given(generated())
def test_generated_legal_hands_always_score(g: GeneratedHand) -> None:
    from scoring.mcr.engine import score_hand

    result = score_hand(g.hand, g.ctx)
    entries = fan_entries(result)
    assert result.total == sum(f.subtotal for f in entries)  # the total includes the flowers
    assert sum(f.count for f in entries if f.fan is Fan.FLOWER_TILES) == g.ctx.flowers
    assert result.meets_minimum == (result.total - g.ctx.flowers >= 8)


@SETTINGS
@given(generated(), st.randoms(use_true_random=False))
def test_score_does_not_depend_on_writing_order(g: GeneratedHand, rng: random.Random) -> None:
    from scoring.mcr.engine import score_hand

    text, _ = scrambled(g.hand, rng)
    a = score_hand(g.hand, g.ctx)
    b = score_hand(parse_hand(text), g.ctx)
    assert a.total == b.total
    assert Counter({f.fan: f.count for f in a.fans}) == Counter({f.fan: f.count for f in b.fans})
