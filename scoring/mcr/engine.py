"""The fan engine: from a winning hand and how it was won to the fans an MCR referee awards.

Pipeline (``score_hand``):

1. ``validate_hand`` (tile counts, copies, flowers, contradictory situations: typed errors).
2. ``decompose.readings``: every reading of the tiles — seven pairs, thirteen orphans, the knitted forms,
   then every four-sets-and-a-pair division. None: ``NotWinningError``.
3. Per reading, a ``View``: which sets are exposed (a discarded winning tile exposes the pung it completes,
   unless a concealed chow of the same reading can take it), whether the wait is unique (H3), 和绝张 (W2),
   九莲宝灯 (S3).
4. The detectors of ``scoring.mcr.fan_rules`` report every fan whose definition holds.
5. ``exclusions.apply_exclusions`` removes what does not count together (table + H2 + conditional rules).
6. The reading with the highest total wins (H1); ties as in ``_choose``. Flowers are added last.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, repeat
from operator import attrgetter, itemgetter, not_

from scoring.errors import NotWinningError
from scoring.mcr.decompose import (
    Counts,
    Form,
    Reading,
    all_counts,
    concealed_counts,
    meld_sets,
    readings_of_counts,
)
from scoring.mcr.exclusions import apply_exclusions, last_tile_applies
from scoring.mcr.explain import fans_json_text
from scoring.mcr.fan_rules import HAND_TILES, Found, Situation, View
from scoring.mcr.fan_rules.concealment import concealed_pung_fans, concealment_fans, kong_fans, tile_hog_fans
from scoring.mcr.fan_rules.sets import chow_combination_fans, pung_combination_fans, single_pung_fans
from scoring.mcr.fan_rules.shape import division_fans
from scoring.mcr.fan_rules.situation import wait_fans, win_fans
from scoring.mcr.fan_rules.special import special_fans
from scoring.mcr.fan_rules.suits import tile_fans
from scoring.mcr.fans import Fan
from scoring.mcr.result import MINIMUM_FANS, AwardedFan, ScoreResult
from scoring.mcr.validate import validated_counts
from scoring.model import Hand, WinContext
from scoring.notation import format_hand, parse_hand
from scoring.tiles import Tile

__all__ = ["score", "score_hand", "score_hand_uncached", "score_json_text", "score_reading"]

_NINE_GATES_RANKS = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def score(notation: str, ctx: WinContext | None = None) -> ScoreResult:
    """Score a hand written in NOTATION.md form, e.g. ``score("[789m2][777s3][234s3]89sEE7s")``.

    >>> score("1122335577889m9m").total
    66
    """
    return score_hand(parse_hand(notation), ctx if ctx is not None else WinContext())


@lru_cache(maxsize=4096)
def score_hand(hand: Hand, ctx: WinContext) -> ScoreResult:
    """The highest-scoring reading of ``hand`` won in ``ctx`` (H1), with every fan and its tiles.

    Raises ``TileCountError`` for a 13-tile hand, ``NotWinningError`` when the tiles form no winning shape,
    and the other typed ``HandError``s of ``scoring.mcr.validate``. Cached: the app asks again for the hand on
    screen.
    """
    return score_hand_uncached(hand, ctx)


def score_hand_uncached(hand: Hand, ctx: WinContext) -> ScoreResult:
    """``score_hand`` without its cache, for a caller that caches its own answers: a cache that is never
    hit only costs the hashing and keeps results alive for the garbage collector."""
    situation, reading, found = _best_reading(hand, ctx)
    return _result(reading, found, ctx.flowers, situation.counts)


def score_json_text(hand: Hand, ctx: WinContext) -> str:
    """``explain.result_json_text(score_hand(hand, ctx))``, the ``mcr-score --stream`` answer, counted
    straight from the fans found (the answer has no tiles: no result objects are built for it)."""
    _, _, found = _best_reading(hand, ctx)
    fans = list(map(_FAN_OF, found))
    points = sum(map(_POINTS.__getitem__, fans))
    counts = dict.fromkeys(fans, 1)
    if len(counts) < len(fans):  # a fan found more than once: count them
        counts = dict.fromkeys(fans, 0)
        for fan in fans:
            counts[fan] += 1
    if ctx.flowers:
        counts[Fan.FLOWER_TILES] = ctx.flowers
    return fans_json_text(points + ctx.flowers, counts, points >= MINIMUM_FANS)


def _best_reading(hand: Hand, ctx: WinContext) -> tuple[Situation, Reading, tuple[Found, ...]]:
    """The hand's situation, the chosen reading and its fans after exclusions (flowers not included)."""
    concealed, every = validated_counts(hand, ctx)  # a 13-tile hand is a TileCountError there
    all_readings = readings_of_counts(tuple(concealed), meld_sets(hand))
    if not all_readings:
        raise NotWinningError(f"not a winning hand: {format_hand(hand)} form no 4 sets and a pair, "
                              f"seven pairs, thirteen orphans or knitted hand", reason="no_form",
                              hand=format_hand(hand))
    situation = _situation(hand, ctx, concealed, every)
    if len(all_readings) == 1:
        return situation, all_readings[0], score_reading(all_readings[0], ctx, situation)
    return (situation, *_choose([(r, score_reading(r, ctx, situation)) for r in all_readings]))


def _situation(hand: Hand, ctx: WinContext, concealed: list[int] | None = None,
               every: list[int] | None = None) -> Situation:
    """What every reading shares: winning tile, all tile counts, 和绝张, 九莲宝灯 (and the unique wait, found
    when first asked). (``concealed`` and ``every``: the hand's concealed and all tile counts, when already
    counted.)"""
    w = hand.winning
    assert w is not None
    if concealed is None:
        concealed = list(concealed_counts(hand))
    before = concealed.copy()
    before[w] -= 1
    thirteen = tuple(before)
    n_melds = len(hand.melds)
    nine_gates = not n_melds and _is_nine_gates_wait(thirteen)
    counts = all_counts(hand) if every is None else tuple(every)
    return Situation(w, counts, last_tile_applies(ctx, counts[w] - concealed[w]), nine_gates, thirteen, n_melds)


def _is_nine_gates_wait(before: Counts) -> bool:
    """S3: the 13 tiles before winning are exactly 1112345678999 of one suit."""
    return (before[0:9] == _NINE_GATES_RANKS or before[9:18] == _NINE_GATES_RANKS
            or before[18:27] == _NINE_GATES_RANKS)


def score_reading(reading: Reading, ctx: WinContext, situation: Situation) -> tuple[Found, ...]:
    """The fans of one reading after exclusions (flowers not included)."""
    view = View(reading, ctx, situation, _exposed(reading, ctx, situation.winning))
    # Every detector in a fixed order (the order of the fans found matters for ties and for the order of a
    # fan's tiles). A detector that would find nothing in this reading is not called: special forms and
    # 九莲宝灯, chow combinations without two chows, every pung fan without a pung.
    found = special_fans(view) if view.form is not Form.REGULAR or view.nine_gates else []
    if len(view.chows) > 1:
        found += chow_combination_fans(view)
    if view.pungs:
        found += pung_combination_fans(view) + single_pung_fans(view)
    found += division_fans(view) + tile_fans(view)
    if view.pungs:
        found += kong_fans(view) + concealed_pung_fans(view)
    found += concealment_fans(view) + tile_hog_fans(view) + win_fans(view) + wait_fans(view)
    return tuple(apply_exclusions(view, found))


def _exposed(reading: Reading, ctx: WinContext, w: Tile) -> tuple[bool, ...]:
    """Per set: not concealed. On a discard win the winning tile joins one concealed set; if no concealed
    chow of this reading can take it, the concealed pung of that tile took it and is exposed (a pung made
    by a discard is not a concealed pung). Taking it into a chow keeps the pung concealed, so the reading
    scores the better choice."""
    exposed = list(map(not_, map(_CONCEALED, reading.sets)))
    if ctx.self_drawn:
        return tuple(exposed)
    for s in reading.sets:
        if s.is_chow and not s.declared and s.tile <= w <= s.tile + 2:
            return tuple(exposed)
    for i, s in enumerate(reading.sets):
        if s.is_pung and not s.declared and s.tile == w:
            exposed[i] = True
    return tuple(exposed)


_POINTS = {fan: fan.points for fan in Fan}
_CONCEALED = attrgetter("concealed")
_FAN_OF = itemgetter(0)  # of a ``Found``
_ORDER = {fan: (-fan.points, fan.number) for fan in Fan}  # a breakdown's order: points, then FANS.md number
_FORM_TEXT = {form: form.value for form in Form}


def _points(found: tuple[Found, ...]) -> int:
    return sum(_POINTS[f.fan] for f in found)


def _choose(scored: list[tuple[Reading, tuple[Found, ...]]]) -> tuple[Reading, tuple[Found, ...]]:
    """H1: the highest total. Ties, deterministically, as the reference calculator breaks them (readings in
    ``decompose.readings`` order: special forms, then divisions ascending):

    - a four-sets-and-a-pair reading beats a seven-pairs reading of the same total;
    - among divisions, the first one listed, unless a later one holds 一色三同顺 or 三同刻 (then the last
      such one) — or the hand also reads as seven pairs (then the last division of that total).
    """
    best_reading, best_found = scored[0]
    best = _points(best_found)
    seven_pairs = any(r.form is Form.SEVEN_PAIRS for r, _ in scored)
    for reading, found in scored[1:]:
        pts = _points(found)
        if pts > best:
            best_reading, best_found, best = reading, found, pts
        elif pts == best and reading.form is Form.REGULAR:
            fans = {f.fan for f in found}
            if seven_pairs or Fan.PURE_TRIPLE_CHOW in fans or Fan.TRIPLE_PUNG in fans:
                best_reading, best_found = reading, found
    return best_reading, best_found


def _result(reading: Reading, found: tuple[Found, ...], flowers: int, counts: Counts) -> ScoreResult:
    """The result of the chosen reading: fans in breakdown order with their tiles (``HAND_TILES`` becomes
    every tile of the hand, from ``counts``), the total with flowers, the 8-fan verdict."""
    grouped: dict[Fan, list[Found]] = {}
    without_flowers = 0
    for f in found:
        fan = f.fan
        without_flowers += _POINTS[fan]
        fs = grouped.get(fan)
        if fs is None:
            grouped[fan] = [f]
        else:
            fs.append(f)
    fans = list(grouped)
    if flowers:
        fans.append(Fan.FLOWER_TILES)
    fans.sort(key=_ORDER.__getitem__)  # points, then FANS.md number: no two fans tie
    awarded = []
    hand_tiles = (tuple(chain.from_iterable(map(repeat, range(len(counts)), counts))),)
    for fan in fans:
        fs = grouped.get(fan)
        if fs is None:
            awarded.append(AwardedFan(fan, flowers, ()))
        elif len(fs) == 1:
            tiles = fs[0].tiles
            awarded.append(AwardedFan(fan, 1, hand_tiles if tiles is HAND_TILES else tiles))
        else:
            awarded.append(AwardedFan(fan, len(fs), tuple(
                g for f in fs for g in (hand_tiles if f.tiles is HAND_TILES else f.tiles))))
    return ScoreResult(
        total=without_flowers + flowers,
        fans=tuple(awarded),
        meets_minimum=without_flowers >= MINIMUM_FANS,
        reading=_FORM_TEXT[reading.form],
        sets=reading.groups(),
    )
