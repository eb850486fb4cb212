"""``mcr-score --rules guangdong-tuidaohu``: one hand's input object to its answer object.

The input (docs/scoring-cli.md): ``hand`` (NOTATION.md, winning tile last), ``joker`` (the indicator tile;
null or absent: no joker in play), ``win`` ("tsumo" | "ron"), ``seat`` and ``discarder`` (winds), the flags
``chankan`` (抢杠胡), ``rinshan`` (杠上开花), ``kong_discard`` (杠上炮), ``haitei`` (海底捞月), ``tenhou``,
``chiihou``, ``multiple_winners``, and for the payments ``base``, ``cap``, ``horses`` and ``kongs``.
The answer: ``{"valid", "fans", "doublings", "points", "total", "jokers", "reading", "deltas"}`` or
``{"valid": false, "error": {"code", "message"}}``; ``deltas`` only when ``seat`` is given.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.errors import HandError, NotWinningError, SituationError, TileCountError, TooManyCopiesError
from scoring.guangdong.hands import Situation, Valued, best_reading, joker_of
from scoring.guangdong.settle import WINDS, KongKind, KongPaid, Win, settle
from scoring.json_lines import true_or_false
from scoring.model import Hand, MeldKind
from scoring.notation import parse_hand
from scoring.tiles import Tile, name, tile

__all__ = ["tile_of", "DOUBLINGS", "FLAGS", "PROBLEMS", "RULES", "InputError", "Request", "answer", "read_request", "rules_problem", "score"]

FLAGS = ("chankan", "rinshan", "kong_discard", "haitei", "tenhou", "chiihou", "multiple_winners")
# (id, Chinese, English): each doubles the hand (source: "【自摸】2倍 【硬胡】2倍").
DOUBLINGS = {"self_drawn": ("自摸", "Self-drawn"), "no_joker": ("硬胡", "No Joker")}
MOST_HORSES = 2  # per player (source: "随机获得1-2张牌"); how many is the event's setting
_Z = {"1": "E", "2": "S", "3": "W", "4": "N", "5": "P", "6": "F", "7": "C"}


# The scorer's refusals by reason, in English; texts/hands.py holds the same templates as the catalogue's
# msgids (msgctxt hand.<reason>), as for Riichi's (tests/scoring/guangdong/test_guangdong_cli.py checks).
PROBLEMS: dict[str, str] = {
    "guangdong_discard_only": "chankan, kong_discard, multiple_winners and discarder are for a win on a discard (ron)",
    "guangdong_self_drawn_only": "rinshan, haitei, tenhou and chiihou are for a self-drawn win (tsumo)",
    "guangdong_robbed_or_after_kong": "a robbed kong's tile is not a discard after a kong: chankan or kong_discard, "
                                      "not both",
    "guangdong_first_draw": "tenhou is the dealer's (E), chiihou another player's",
    "guangdong_no_seat": 'horses, kongs and the discarder are paid between seats: give "seat", the winner\'s wind',
    "guangdong_discarder": 'a win on a discard needs "discarder", another wind than the winner\'s',
    "guangdong_waiting": "a waiting hand (13 tiles, no winning tile) cannot be scored: write the winning tile last",
    "guangdong_chow": "no chow may be claimed in this system (pung and kong only)",
    "guangdong_copies": "{tile} is in the hand {count} times: there are only 4 of each tile",
    "guangdong_joker_discard": "a joker is never discarded, so no win on a discarded joker",
    "guangdong_rinshan_without_kong": "a win on a kong's replacement tile (rinshan) needs a kong among the melds",
    "guangdong_robbed_copy": ("robbing the kong on {tile} is impossible: the winner's hand already holds {tile}, "
                              "but the robbed kong holds the other three copies"),
    "guangdong_not_winning": "not a winning hand: the tiles form no 4 sets and a pair, seven pairs or thirteen "
                             "orphans, whatever the jokers are read as",
    "guangdong_chicken_discard": "a 鸡胡 (a hand of no other type) wins only self-drawn or by robbing a kong, not on a discard",
}


def _refusal(kind: type[HandError], reason: str, **params: Any) -> HandError:
    return kind(PROBLEMS[reason].format(**params), reason=reason, **params)


class InputError(Exception):
    """A request that is JSON but not a valid input object."""


@dataclass(frozen=True, slots=True)
class Request:
    """The input object, read."""

    hand: str
    joker: Tile | None
    situation: Situation
    seat: str | None = None
    discarder: str | None = None
    multiple_winners: bool = False
    base: int = 1
    cap: int | None = None
    horses: tuple[tuple[str, tuple[Tile, ...]], ...] = ()
    kongs: tuple[KongPaid, ...] = ()


def _tile(value: object, field: str) -> Tile:
    if isinstance(value, str):
        text = _Z[value[0]] if re.fullmatch(r"[1-7]z", value) else value
        try:
            return tile(text)
        except ValueError:
            pass
    raise InputError(f'"{field}" must be a tile such as "5m" or "C", not {json.dumps(value)}')


def tile_of(value: object, field: str) -> Tile:
    """A tile as an input gives it ("5m", "C" or "7z"); raises ``InputError`` naming ``field``."""
    return _tile(value, field)


def _wind(obj: dict[str, Any], field: str) -> str | None:
    value = obj.get(field)
    if value is not None and value not in WINDS:
        raise InputError(f'"{field}" must be one of "E", "S", "W", "N", not {json.dumps(value)}')
    return value


def _whole(obj: dict[str, Any], field: str, default: int | None, least: int) -> int | None:
    value = obj.get(field, default)
    if value is None and default is None:
        return None
    if type(value) is not int or value < least:
        raise InputError(f'"{field}" must be a whole number, {least} or more, not {json.dumps(value)}')
    return value


def _horses(obj: dict[str, Any]) -> tuple[tuple[str, tuple[Tile, ...]], ...]:
    value = obj.get("horses", {})
    if not isinstance(value, dict) or any(k not in WINDS or not isinstance(v, list) for k, v in value.items()):
        raise InputError('"horses" must map winds to lists of tiles, e.g. {"E": ["1m", "C"]}')
    out = []
    for wind in WINDS:
        tiles = value.get(wind, [])
        if len(tiles) > MOST_HORSES:
            raise InputError(f'"horses": {wind} holds {len(tiles)} horses, at most {MOST_HORSES}')
        out.append((wind, tuple(_tile(t, "horses") for t in tiles)))
    return tuple(o for o in out if o[1])


def _kongs(obj: dict[str, Any]) -> tuple[KongPaid, ...]:
    value = obj.get("kongs", [])
    if not isinstance(value, list) or not all(isinstance(k, dict) for k in value):
        raise InputError('"kongs" must be a list of objects {"kind", "by", "discarder"}')
    out = []
    for k in value:
        if k.get("kind") not in tuple(KongKind):
            raise InputError(f'a kong\'s "kind" must be "melded", "added" or "concealed", not {json.dumps(k.get("kind"))}')
        by = _wind(k, "by")
        discarder = _wind(k, "discarder")
        if by is None:
            raise InputError('a kong needs "by", the wind that made it')
        melded = k["kind"] == KongKind.MELDED
        if melded != (discarder is not None) or discarder == by:
            raise InputError('a melded kong, and only a melded kong, names its "discarder", another wind')
        out.append(KongPaid(KongKind(k["kind"]), by, discarder))
    return tuple(out)


def read_request(obj: object) -> Request:
    """The request from an input object; raises ``InputError`` (invalid_input) or ``SituationError``."""
    if not isinstance(obj, dict):
        raise InputError(f"expected a JSON object, got {type(obj).__name__}")
    if not isinstance(obj.get("hand"), str):
        raise InputError('"hand" must be a string' if "hand" in obj else 'missing "hand"')
    flags = true_or_false(obj, FLAGS, InputError)
    win = obj.get("win", "tsumo")
    if win not in ("tsumo", "ron"):
        raise InputError(f'"win" must be "tsumo" or "ron", not {json.dumps(win)}')
    joker = None if obj.get("joker") is None else joker_of(_tile(obj["joker"], "joker"))
    situation = Situation(self_drawn=win == "tsumo", robbing_kong=flags["chankan"], kong_flower=flags["rinshan"],
                          kong_discard=flags["kong_discard"], last_tile=flags["haitei"], heavenly=flags["tenhou"],
                          earthly=flags["chiihou"])
    request = Request(obj["hand"], joker, situation, _wind(obj, "seat"), _wind(obj, "discarder"),
                      flags["multiple_winners"], _whole(obj, "base", 1, 1) or 1, _whole(obj, "cap", None, 1),
                      _horses(obj), _kongs(obj))
    _check(request)
    return request


def _check(r: Request) -> None:
    s = r.situation
    reason = None
    if s.self_drawn and (s.robbing_kong or s.kong_discard or r.multiple_winners or r.discarder):
        reason = "guangdong_discard_only"
    elif not s.self_drawn and (s.kong_flower or s.last_tile or s.heavenly or s.earthly):
        reason = "guangdong_self_drawn_only"
    elif s.robbing_kong and s.kong_discard:
        reason = "guangdong_robbed_or_after_kong"
    elif r.seat is not None and (s.heavenly and r.seat != "E" or s.earthly and r.seat == "E"):
        reason = "guangdong_first_draw"
    elif r.seat is None and (r.horses or r.kongs or r.discarder):
        reason = "guangdong_no_seat"
    elif r.seat is not None and not s.self_drawn and (r.discarder is None or r.discarder == r.seat):
        reason = "guangdong_discarder"
    if reason:
        raise _refusal(SituationError, reason)


def _hand(r: Request) -> Hand:
    hand = parse_hand(r.hand)
    if hand.winning is None:
        raise _refusal(TileCountError, "guangdong_waiting")
    if any(m.kind is MeldKind.CHOW for m in hand.melds):
        raise _refusal(SituationError, "guangdong_chow")
    all_tiles = hand.all_tiles()
    for t in sorted(set(all_tiles)):
        if all_tiles.count(t) > 4:
            raise _refusal(TooManyCopiesError, "guangdong_copies", tile=name(t), count=all_tiles.count(t))
    if not r.situation.self_drawn and hand.winning == r.joker:
        raise _refusal(SituationError, "guangdong_joker_discard")
    if r.situation.kong_flower and not any(m.kind.is_kong for m in hand.melds):
        raise _refusal(SituationError, "guangdong_rinshan_without_kong")
    if r.situation.robbing_kong and all_tiles.count(hand.winning) > 1:
        raise _refusal(SituationError, "guangdong_robbed_copy", tile=name(hand.winning))
    return hand


@dataclass(frozen=True, slots=True)
class Scored:
    valued: Valued
    doublings: tuple[str, ...]
    total: int
    deltas: dict[str, int] | None


def score(r: Request) -> Scored:
    """The hand scored and, when the seats are given, settled; raises ``HandError``."""
    hand = _hand(r)
    best = best_reading(hand, r.joker, r.situation)
    if best is None:
        raise _refusal(NotWinningError, "guangdong_not_winning")
    if best.chicken and not r.situation.self_drawn and not r.situation.robbing_kong:
        # source: "鸡只能自摸、抢杠胡、不能点炮胡"
        raise _refusal(SituationError, "guangdong_chicken_discard")
    doublings = tuple(d for d, on in (("self_drawn", r.situation.self_drawn),
                                      ("no_joker", r.joker is not None and r.joker not in hand.all_tiles())) if on)
    total = best.points * 2 ** len(doublings)
    if r.cap is not None:
        total = min(total, r.cap)
    deltas = None
    if r.seat is not None:
        win = Win(r.seat, None if r.situation.self_drawn else r.discarder, total * r.base, r.multiple_winners)
        deltas = settle(win, dict(r.horses), r.kongs, r.base)
    return Scored(best, doublings, total, deltas)


def to_json(s: Scored) -> dict[str, Any]:
    v = s.valued
    out: dict[str, Any] = {
        "valid": True,
        "fans": [{"id": a.type.id, "zh": a.type.zh, "en": a.type.en, "value": a.type.points,
                  "tiles": [name(t) for t in a.tiles]} for a in v.types],
        "doublings": [{"id": d, "zh": DOUBLINGS[d][0], "en": DOUBLINGS[d][1], "factor": 2} for d in s.doublings],
        "points": v.points, "total": s.total,
        "jokers": [name(t) for t in v.jokers],
        "reading": ["".join(name(t) for t in g) for g in v.reading.groups()],
    }
    if s.deltas is not None:
        out["deltas"] = s.deltas
    return out


def answer(obj: object) -> dict[str, Any]:
    """The answer object for one input object; never raises for a bad hand or input."""
    try:
        return to_json(score(read_request(obj)))
    except InputError as e:
        return {"valid": False, "error": {"code": "invalid_input", "message": str(e)}}
    except HandError as e:
        return {"valid": False, "error": {"code": e.code, "message": e.message}}



# The organiser's values (docs/rule-systems.md): the base (底分), the cap on a hand's total (none by default)
# and the horses each player draws.
MOST_VALUE = 1_000_000  # the most a base or a cap may be: every payment stays far within the store's 64 bits
RULES = {"base": f"a whole number from 1 to {MOST_VALUE:,}",
         "cap": f"null (no cap) or a whole number from 1 to {MOST_VALUE:,}",
         "horses": f"0 to {MOST_HORSES} horses per player"}


def rules_problem(rules: Mapping[str, Any]) -> str | None:
    """What is wrong with the organiser's values, or None."""
    for key, value in rules.items():
        if key not in RULES:
            return f"{key}: not a value of guangdong-tuidaohu (its values: {', '.join(RULES)})"
        whole = type(value) is int
        if not (key == "base" and whole and 1 <= value <= MOST_VALUE
                or key == "cap" and (value is None or whole and 1 <= value <= MOST_VALUE)
                or key == "horses" and whole and 0 <= value <= MOST_HORSES):
            return f"{key}: must be {RULES[key]}, not {json.dumps(value)}"
    return None
