"""Score one Sichuan winner's hand from its tiles (``mcr-score --rules sichuan-xuezhan``).

The pipeline: read the hand (NOTATION.md, three suits, no honours, no claimed chow), check the void suit and
the situation, read every division (``scoring.mcr.decompose``: four sets and a pair, or seven pairs), score
each, keep the best, add the roots and the way of winning, apply the event's cap for the payment.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import HandError, NotWinningError, TileCountError, TooManyCopiesError
from scoring.json_lines import true_or_false
from scoring.mcr.decompose import Form, all_counts, readings
from scoring.model import Hand, MeldKind
from scoring.notation import parse_hand
from scoring.sichuan.fans import INFO, Fan, Shape, roots, shape_fans
from scoring.sichuan.rules import WMT, SelfDrawn, SichuanRules, rules_with
from scoring.tiles import SUITS, Tile, name

WINDS = ("E", "S", "W", "N")
FLAGS = ("haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou")


class SichuanHandError(HandError):
    """A hand that may not win this way under Sichuan's rules (``code`` names the case)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand was won: the input object's fields (docs/scoring-cli.md)."""

    win: str = "tsumo"  # "tsumo" | "ron"
    void: str | None = None  # the declared void suit (定缺): "m", "s" or "p"
    seat: str | None = None  # the winner's wind; East deals; the deltas need it
    discarder: str | None = None  # the discarder's wind on a ron
    out: tuple[str, ...] = ()  # the winds that have already won this hand: they pay nothing
    haitei: bool = False  # 海底捞月: self-drawn, the last tile of the wall
    houtei: bool = False  # 海底炮: won on the last discard
    rinshan: bool = False  # tsumo: 杠上花 (the kong's replacement tile); ron: 杠上炮 (the discard after a kong)
    chankan: bool = False  # 抢杠: robbing an added kong
    tenhou: bool = False  # 天胡: the dealer's first fourteen tiles
    chiihou: bool = False  # 地胡: a non-dealer on the first draw or the dealer's first discard


@dataclass(frozen=True, slots=True)
class FanAward:
    fan: Fan
    tiles: tuple[Tile, ...]

    def to_json(self) -> dict[str, Any]:
        info = INFO[self.fan]
        return {"id": self.fan.value, "zh": info.zh, "en": info.en, "value": info.value,
                "tiles": [name(t) for t in self.tiles]}


@dataclass(frozen=True, slots=True)
class SichuanResult:
    fans: tuple[FanAward, ...]
    total: int  # the fan counted, before the cap
    paid: int  # the fan paid: the total under the event's cap
    points: int  # what each payer pays: base × 2^paid, plus a base when self-drawn pays 自摸加底
    deltas: dict[str, int] | None = field(default=None, hash=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"valid": True, "fans": [f.to_json() for f in self.fans], "total": self.total,
                               "paid": self.paid, "points": self.points}
        if self.deltas is not None:
            out["deltas"] = dict(self.deltas)
        return out


def _error(code: str, message: str) -> SichuanHandError:
    return SichuanHandError(code, message)


def read_hand(text: str, void: str | None) -> Hand:
    """The hand of ``text``, checked against the 108 tiles, the void suit and the no-chow rule."""
    hand = parse_hand(text)
    tiles = hand.all_tiles()
    if any(t >= 27 for t in tiles):
        raise _error("honours", "Sichuan is played with the three suits only: no winds or dragons")
    if any(m.kind is MeldKind.CHOW for m in hand.melds):
        raise _error("chow", "no chow may be claimed in Sichuan: only pungs and kongs are declared")
    counts = all_counts(hand)
    if max(counts) > 4:
        t = counts.index(max(counts))
        raise TooManyCopiesError(f"{max(counts)} copies of {name(t)}: there are four of each tile",
                                 tile=name(t), count=max(counts))
    suits = {SUITS[t // 9] for t in tiles}
    if void is not None and void in suits:
        raise _error("void_suit", f"the hand holds its void suit ({void}): it may not win")
    if len(suits) == 3:
        raise _error("three_suits", "the hand holds all three suits (a flower pig): it may not win")
    return hand


def _check(s: Situation, hand: Hand) -> None:
    ron = s.win == "ron"
    if s.seat is not None and s.discarder == s.seat:
        raise _error("situation", "the discarder is the winner")
    if not ron and s.discarder is not None:
        raise _error("situation", "a self-drawn win has no discarder")
    if ron and s.seat is not None and s.discarder is None:
        raise _error("situation", "a win on a discard needs the discarder's wind for the payments")
    if s.seat in s.out or (s.discarder is not None and s.discarder in s.out):
        raise _error("situation", "a player who has won is out of the hand: it neither wins nor discards")
    if s.haitei and ron or s.houtei and not ron:
        raise _error("situation", "haitei is self-drawn, houtei a discard")
    if s.chankan and (not ron or s.rinshan or s.houtei):
        raise _error("situation", "robbing a kong is a win on another player's added kong tile: neither "
                                  "self-drawn nor a discard")
    if s.rinshan and not ron and not any(m.kind.is_kong for m in hand.melds):
        raise _error("situation", "a win on a kong's replacement tile needs a kong among the melds")
    if s.tenhou and s.chiihou:
        raise _error("situation", "tenhou is the dealer's, chiihou a non-dealer's")
    if (s.tenhou or s.chiihou) and hand.melds:
        raise _error("situation", "a first-turn win has no declared set")
    if s.tenhou and (ron or s.seat not in (None, "E")):
        raise _error("situation", "tenhou is the dealer's self-drawn first hand")
    if s.chiihou and s.seat == "E":
        raise _error("situation", "chiihou is a non-dealer's")


_SITUATION_FANS = (("rinshan", "tsumo", Fan.KONG_DRAW), ("rinshan", "ron", Fan.KONG_DISCARD),
                   ("chankan", "ron", Fan.ROBBING_KONG), ("haitei", "tsumo", Fan.LAST_TILE),
                   ("houtei", "ron", Fan.LAST_TILE), ("tenhou", "tsumo", Fan.HEAVENLY),
                   ("chiihou", "tsumo", Fan.EARTHLY), ("chiihou", "ron", Fan.EARTHLY))


def _value(fans: tuple[FanAward, ...]) -> int:
    return sum(INFO[f.fan].value for f in fans)


def hand_fans(hand: Hand) -> tuple[FanAward, ...]:
    """The best reading's hand types and roots (no way of winning); ``NotWinningError`` when none."""
    counts = all_counts(hand)
    all_declared = len(hand.melds) == 4
    whole = tuple(sorted(hand.all_tiles()))
    best: tuple[FanAward, ...] | None = None
    for reading in readings(hand):
        if reading.form not in (Form.REGULAR, Form.SEVEN_PAIRS):
            continue
        shape = Shape(reading, counts, all_declared)
        fans = tuple(FanAward(f, whole) for f in shape_fans(shape))
        four = [t for t, n in enumerate(counts) if n == 4]
        fans += tuple(FanAward(Fan.ROOT, (t,) * 4) for t in four[len(four) - roots(shape):])
        if best is None or _value(fans) > _value(best):
            best = fans
    if best is None:
        raise NotWinningError("not a winning hand: four sets and a pair, or seven pairs",
                              reason="sichuan_not_winning")
    return best


def _deltas(s: Situation, each: int) -> dict[str, int] | None:
    if s.seat is None:
        return None
    payers = [s.discarder] if s.win == "ron" else [w for w in WINDS if w != s.seat and w not in s.out]
    if not payers:
        raise _error("situation", "nobody is left to pay: three players have already won")
    deltas = dict.fromkeys(WINDS, 0)
    for w in payers:
        assert w is not None
        deltas[w] -= each
        deltas[s.seat] += each
    return deltas


def score(text: str, s: Situation, rules: SichuanRules = WMT) -> SichuanResult:
    """Score the hand ``text`` won as ``s``; raises ``HandError`` when it may not win this way."""
    hand = read_hand(text, s.void)
    if hand.winning is None:
        raise TileCountError("a waiting hand: give the winning tile last", reason="sichuan_no_winning_tile")
    _check(s, hand)
    fans = hand_fans(hand)
    won = (hand.winning,)
    fans += tuple(FanAward(f, won) for flag, win, f in _SITUATION_FANS if getattr(s, flag) and s.win == win)
    if s.win == "tsumo" and rules.self_drawn is SelfDrawn.FAN:
        fans += (FanAward(Fan.SELF_DRAWN, won),)
    total = _value(fans)
    each = rules.win_points(total, s.win == "tsumo")
    return SichuanResult(fans, total, rules.paid_fan(total), each, _deltas(s, each))


def best_waiting_fan(text: str, void: str | None, rules: SichuanRules = WMT) -> int | None:
    """查大叫: the most fan a 13-tile hand could win on a discard (the cap applied), None when it is not
    ready. The way of winning is not counted: the hand did not win."""
    hand = read_hand(text, void)
    if hand.winning is not None:
        raise TileCountError("a waiting hand has 13 tiles (kongs counted as three)", reason="sichuan_not_waiting")
    best: int | None = None
    for t in range(27):
        if void is not None and SUITS[t // 9] == void:
            continue
        try:
            fans = hand_fans(read_hand_with(hand, t, void))
        except HandError:
            continue
        fan = rules.paid_fan(_value(fans))
        best = fan if best is None else max(best, fan)
    return best


def read_hand_with(hand: Hand, t: Tile, void: str | None) -> Hand:
    """``hand`` won on ``t``, checked as a winning hand is."""
    won = Hand(hand.melds, hand.standing, t)
    counts = all_counts(won)
    if counts[t] > 4:
        raise TooManyCopiesError(f"a fifth {name(t)}", tile=name(t), count=counts[t])
    if len({t // 9 for t in won.all_tiles()}) == 3:
        raise _error("three_suits", "three suits")
    return won


# ------------------------------------------------------------------------------------------ the JSON contract


class InputError(Exception):
    """A request that is JSON but not a valid input object."""


def _wind(obj: dict[str, Any], key: str) -> str | None:
    v = obj.get(key)
    if v is not None and v not in WINDS:
        raise InputError(f'"{key}" must be "E", "S", "W" or "N", not {json.dumps(v)}')
    return v


def situation_from_json(obj: object) -> tuple[str, Situation, SichuanRules]:
    """The hand, its situation and the event's values from an input object; raises ``InputError``."""
    if not isinstance(obj, dict):
        raise InputError(f"expected a JSON object, got {type(obj).__name__}")
    hand = obj.get("hand")
    if not isinstance(hand, str):
        raise InputError('"hand" must be a string' if "hand" in obj else 'missing "hand"')
    win = obj.get("win", "tsumo")
    if win not in ("tsumo", "ron"):
        raise InputError(f'"win" must be "tsumo" or "ron", not {json.dumps(win)}')
    void = obj.get("void")
    if void is not None and void not in SUITS:
        raise InputError(f'"void" must be "m", "s" or "p", not {json.dumps(void)}')
    out = obj.get("out", [])
    if not isinstance(out, list) or not all(w in WINDS for w in out) or len(set(out)) != len(out):
        raise InputError(f'"out" must be a list of different winds, e.g. ["S"], not {json.dumps(out)}')
    rules_obj = obj.get("rules", {})
    if not isinstance(rules_obj, dict):
        raise InputError(f'"rules" must be an object, e.g. {{"cap": 4}}, not {json.dumps(rules_obj)}')
    try:
        rules = rules_with(rules_obj)
    except ValueError as e:
        raise InputError(f'"rules": {e}') from None
    flags = true_or_false(obj, FLAGS, InputError)
    s = Situation(win=win, void=void, seat=_wind(obj, "seat"), discarder=_wind(obj, "discarder"),
                  out=tuple(out), **flags)
    return hand, s, rules


def answer(obj: object) -> dict[str, Any]:
    """The answer object for one input object; never raises for a bad hand or input."""
    try:
        hand, situation, rules = situation_from_json(obj)
        return score(hand, situation, rules).to_json()
    except InputError as e:
        return {"valid": False, "error": {"code": "invalid_input", "message": str(e)}}
    except HandError as e:
        return {"valid": False, "error": {"code": e.code, "message": e.message}}
