"""Is this a hand and a situation that can be scored at all? Typed errors with specific messages.

The engine calls ``validate_hand`` before reading the hand. Which situation combinations are errors
(FANS.md W2–W3; see docs/scoring-cli.md, "mcr-score"):

- 和绝张 (``fourth_tile``) while the winner's own standing tiles hold a copy of the winning tile: error (W2).
- 抢杠和 (``kong_related`` on a discard) while the winning tile is also in the winner's hand or melds: error
  (W3) — the robbed kong holds the other three copies.
- 杠上开花 (``kong_related`` self-drawn) without a kong among the winner's melds: error (W3).
- Not errors: 和绝张 with 抢杠和 (robbing a kong *is* taking the last copy; W2 makes it an exclusion, 抢杠和
  only), and ``last_tile_of_wall`` with any other flag (妙手回春 + 杠上开花, 海底捞月 + 抢杠和): the reference
  calculator scores those combinations and FANS.md does not call them contradictory.

The reference calculator silently drops the contradictory flags instead; FANS.md W3 makes them errors.

>>> from scoring.notation import parse_hand
>>> validate_hand(parse_hand("[789m2][777s3][234s3]89sEE7s"), WinContext(kong_related=True))
Traceback (most recent call last):
...
scoring.errors.SituationError: robbing the kong (抢杠和) on 7s is impossible: the winner's own hand or melds already hold 7s, but the robbed kong holds the other three copies
"""

from __future__ import annotations

from scoring.errors import FlowerCountError, HandError, SituationError, TileCountError, TooManyCopiesError
from scoring.model import Hand, Meld, MeldKind, WinContext, Wind
from scoring.tiles import NUM_KINDS, name

__all__ = ["MAX_FLOWERS", "check_tiles", "validate_context", "validate_hand", "validated_counts"]

MAX_FLOWERS = 8
_FLAGS = ("self_drawn", "fourth_tile", "kong_related", "last_tile_of_wall")
_INT = {int}


def _is_tile(t: object) -> bool:
    return type(t) is int and 0 <= t < NUM_KINDS


def _check_meld(meld: object) -> None:
    if not isinstance(meld, Meld) or not isinstance(meld.kind, MeldKind):
        raise HandError(f"not a meld: {meld!r}", reason="invalid_meld")
    if not _is_tile(meld.tile):
        raise HandError(f"meld {meld.kind.value} has no valid tile: {meld.tile!r} (tiles are 0–33)", reason="not_a_tile")
    if meld.kind is MeldKind.CHOW and (meld.tile >= 27 or meld.tile % 9 > 6):
        raise HandError(f"a chow cannot start at {name(meld.tile)}: not a chow, pung or kong", reason="chow_start",
                        tile=name(meld.tile))


def check_tiles(hand: Hand) -> None:
    """Form checks shared by winning and waiting hands: at most 4 melds, 13 − 3 × melds standing tiles,
    valid tiles, and no tile kind more than four times (H4)."""
    _checked_counts(hand)


def _checked_counts(hand: Hand) -> tuple[list[int], list[int]]:
    """``check_tiles``, giving the counts it built: concealed tiles (standing and winning), every tile."""
    melds = hand.melds
    if len(melds) > 4:
        raise TileCountError(f"{len(melds)} melds, at most 4", reason="too_many_melds", melds=len(melds))
    for meld in melds:
        if type(meld) is Meld:
            t = meld.tile
            if (type(meld.kind) is MeldKind and type(t) is int and 0 <= t < NUM_KINDS
                    and not (meld.kind is MeldKind.CHOW and (t >= 27 or t % 9 > 6))):
                continue  # the usual meld, in one test
        _check_meld(meld)  # it names what is wrong
    expected = 13 - 3 * len(melds)
    standing = hand.standing
    winning = hand.winning
    if len(standing) != expected:
        after = len(standing) + (winning is not None)
        noun = "meld" if len(melds) == 1 else "melds"
        raise TileCountError(f"{after} tiles after {len(melds)} {noun}, expected {expected + 1} "
                             f"({expected} standing + the winning tile)", reason="tile_count", tiles=after,
                             melds=len(melds), expected=expected + 1)
    tiles = (*standing, winning) if winning is not None else tuple(standing)
    if not tiles or set(map(type, tiles)) != _INT or min(tiles) < 0 or max(tiles) >= NUM_KINDS:
        for t in tiles:  # name the first tile that is not one
            if type(t) is not int or not 0 <= t < NUM_KINDS:
                raise HandError(f"not a tile: {t!r} (tiles are 0–33)", reason="not_a_tile")
    concealed = [0] * NUM_KINDS
    for t in tiles:
        concealed[t] += 1
    counts = concealed.copy()
    for meld in melds:
        t = meld.tile
        if meld.kind is MeldKind.CHOW:
            counts[t] += 1
            counts[t + 1] += 1
            counts[t + 2] += 1
        else:
            counts[t] += 3 if meld.kind is MeldKind.PUNG else 4
    if max(counts) > 4:
        copies = {name(t): n for t, n in enumerate(counts) if n > 4}
        raise TooManyCopiesError(", ".join(f"{n} copies of {t}" for t, n in copies.items()), reason="copies",
                                 copies=copies)
    return concealed, counts


def validate_context(ctx: WinContext) -> None:
    """The situation alone: real booleans, winds E/S/W/N, 0–8 flowers."""
    if (type(ctx) is WinContext and type(ctx.self_drawn) is bool and type(ctx.fourth_tile) is bool
            and type(ctx.kong_related) is bool and type(ctx.last_tile_of_wall) is bool
            and type(ctx.seat_wind) is Wind and type(ctx.prevalent_wind) is Wind
            and type(ctx.flowers) is int and 0 <= ctx.flowers <= MAX_FLOWERS):
        return  # the usual case, in one test; otherwise the checks below name what is wrong
    if not isinstance(ctx, WinContext):
        raise SituationError(f"not a win context: {ctx!r}", reason="not_a_context")
    for flag in _FLAGS:
        value = getattr(ctx, flag)
        if type(value) is not bool:
            raise SituationError(f"{flag} must be true or false, not {value!r}", reason="not_a_bool", field=flag)
    for field in ("seat_wind", "prevalent_wind"):
        value = getattr(ctx, field)
        if not isinstance(value, Wind):
            raise SituationError(f"{field} must be one of E, S, W, N, not {value!r}", reason="not_a_wind", field=field)
    flowers = ctx.flowers
    if type(flowers) is not int:
        raise FlowerCountError(f"flowers must be a whole number 0–{MAX_FLOWERS}, not {flowers!r}", reason="not_a_number")
    if not 0 <= flowers <= MAX_FLOWERS:
        raise FlowerCountError(f"{flowers} flowers: there are only {MAX_FLOWERS} flower tiles (0–{MAX_FLOWERS})",
                               reason="too_many", flowers=flowers, most=MAX_FLOWERS)


def _check_situation(hand: Hand, ctx: WinContext) -> None:
    """The contradictory combinations of FANS.md W2–W3 (see the module docstring)."""
    win = hand.winning
    assert win is not None
    if ctx.fourth_tile and win in hand.standing:
        raise SituationError(f"last tile (和绝张) on {name(win)} is impossible: the winner's own standing tiles "
                             f"hold a copy of {name(win)}", reason="last_tile", tile=name(win))
    if ctx.kong_related:
        if ctx.self_drawn:
            if not any(m.kind.is_kong for m in hand.melds):
                raise SituationError("out with replacement tile (杠上开花) needs a kong among the winner's melds",
                                     reason="replacement_without_kong")
        elif win in hand.standing or any(win in m.tiles for m in hand.melds):
            raise SituationError(f"robbing the kong (抢杠和) on {name(win)} is impossible: the winner's own hand "
                                 f"or melds already hold {name(win)}, but the robbed kong holds the other three "
                                 f"copies", reason="robbing_kong", tile=name(win))


def validate_hand(hand: Hand, ctx: WinContext) -> None:
    """Raise a typed ``HandError`` when ``hand`` won in ``ctx`` cannot be scored; return None when it can.

    Whether the tiles form a winning shape is the engine's question (``NotWinningError``), not this one.

    >>> from scoring.notation import parse_hand
    >>> validate_hand(parse_hand("1112345678999m"), WinContext())
    Traceback (most recent call last):
    ...
    scoring.errors.TileCountError: a waiting hand (13 tiles, no winning tile) cannot be scored; ask for its waits
    """
    validated_counts(hand, ctx)


def validated_counts(hand: Hand, ctx: WinContext) -> tuple[list[int], list[int]]:
    """``validate_hand``, giving the tile counts its checks built: the concealed tiles (standing and
    winning) and every tile of the hand (kongs as four), as lists of 34 counts."""
    if not isinstance(hand, Hand):
        raise HandError(f"not a hand: {hand!r}", reason="not_a_hand")
    if hand.winning is None:
        raise TileCountError("a waiting hand (13 tiles, no winning tile) cannot be scored; ask for its waits",
                             reason="waiting_hand")
    counts = _checked_counts(hand)
    validate_context(ctx)
    _check_situation(hand, ctx)
    return counts
