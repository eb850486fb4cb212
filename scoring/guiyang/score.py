"""One Guiyang 捉鸡 win from its JSON input object to its answer (``mcr-score --rules guiyang-zhuoji``).

The input (docs/scoring-cli.md): ``hand`` (NOTATION.md, three suits, no claimed chow, winning tile last),
``win`` ("tsumo" | "ron"), ``seat``, ``discarder``, ``dealer`` (winds, as Hebei's), the flags ``rinshan``
(杠上胡, self-drawn) and ``chankan`` (抢杠, on the robbed player's added kong), ``hot_kong`` (热炮: the kind of
the kong the discarder made just before the winning discard), the hand's standing kongs ``kongs`` (豆),
the chickens (``chickens``, ``charging_chicken``, ``responsible_chicken``) and ``rules``, the organiser's
values. The answer: ``{"valid", "fans", "total", "payments", "deltas"}``; ``total`` is the hand's 番, paid
by each payer; ``payments`` the kongs', the chickens' and the hot kong's, each with its payers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.errors import HandError, SituationError, TileCountError, TooManyCopiesError
from scoring.guangdong.settle import KongKind, KongPaid
from scoring.guiyang.hands import INFO, KONG_DRAW, HandType, hand_type
from scoring.guiyang.rules import PROFILE, GuiyangRules, missing, rules_problem, rules_with
from scoring.json_lines import true_or_false
from scoring.mcr.decompose import all_counts
from scoring.model import Hand, MeldKind
from scoring.notation import parse_hand
from scoring.organiser_values import missing_message
from scoring.tiles import name, tile
from scoring.win_seats import WINDS, InputError, WinSeats, answer_error, win_seats

__all__ = ["CHICKEN_PROBLEMS", "FLAGS", "PROBLEMS", "ChickensError", "answer", "next_dealer", "read_chickens", "score"]

FLAGS = ("rinshan", "chankan")
CHICKEN = tile("1s")  # 幺鸡

# 豆 (source: "闷豆…其他3个玩家每人给闷豆者20番", "转弯豆…每人给转弯豆者10番", "点豆…被点豆者给点豆者10番"):
# (id, Chinese, English, from each other player, from the discarder)
_KONGS = {KongKind.CONCEALED: ("mendou", "闷豆", "Concealed Kong", 20, 0),
          KongKind.ADDED: ("zhuanwandou", "转弯豆", "Added Kong", 10, 0),
          KongKind.MELDED: ("diandou", "点豆", "Kong on a Discard", 0, 10)}
# 热炮: "根据该豆的形式付给胡牌者钱（闷豆60番、转弯豆30番、点豆10番）"
_HOT = {KongKind.CONCEALED: 60, KongKind.ADDED: 30, KongKind.MELDED: 10}

# The refusals, in English (the answer's message).
PROBLEMS: dict[str, str] = {
    "guiyang_honours": "Guiyang is played with the three suits only (108 tiles): no winds or dragons",
    "guiyang_chow": "no chow may be claimed in Guiyang (不可吃牌): only pungs and kongs are declared",
    "guiyang_copies": "{tile} is in the hand {count} times: there are only 4 of each tile",
    "guiyang_waiting": "a waiting hand (13 tiles, no winning tile) cannot be scored: write the winning tile last",
    "guiyang_self_drawn_only": "rinshan (杠上胡) is a self-drawn win",
    "guiyang_discard_only": "chankan (抢杠) and hot_kong (热炮) are wins on another player's tile (ron)",
    "guiyang_robbed_or_hot": "a robbed kong's tile (抢杠) is not a discard after a kong (热炮): not both",
    "guiyang_rinshan_without_kong": "a win on a kong's replacement tile (杠上胡) needs a kong among the melds",
    "guiyang_robbed_copy": ("robbing the kong on {tile} is impossible: the winner's hand already holds {tile}, "
                            "but the robbed kong holds the other three copies"),
    "guiyang_plain_on_discard": ("a 平胡 wins on a discard only with a kong of its own (有豆), on a discard "
                                 "after the discarder's kong (热炮) or by robbing a kong (抢杠)"),
}


# The chickens' inputs that cannot be, by the code the store refuses them with (db/messages.py, in every
# language): (the line's field, the answer's English message, kept as it was: docs/scoring-cli.md).
CHICKEN_PROBLEMS: dict[str, tuple[str, str]] = {
    "guiyang_winner_chickens": ("chickens", "the winner's chickens are read from its tiles: leave its wind out of "
                                            "\"chickens\""),
    "guiyang_responsible_self": ("responsible_chicken",
                                 '"responsible_chicken": the claimer is another player than the discarder'),
    "guiyang_first_chicken_twice": ("responsible_chicken", "the hand's first 幺鸡 is either unclaimed "
                                                           "(charging_chicken) or claimed (responsible_chicken), "
                                                           "not both"),
}


class ChickensError(InputError):
    """Chickens that cannot be counted so: ``code`` (a key of ``CHICKEN_PROBLEMS``) for the store, which says it
    in the user's language; the English message for ``mcr-score``'s answer."""

    def __init__(self, code: str) -> None:
        self.field, message = CHICKEN_PROBLEMS[code]
        super().__init__(message)
        self.code = code


def _refusal(kind: type[HandError], reason: str, **params: Any) -> HandError:
    return kind(PROBLEMS[reason].format(**params), reason=reason, **params)


@dataclass(frozen=True, slots=True)
class Chickens:
    """The chickens counted at the end of the hand, by the referee, besides the winner's own 幺鸡 (read from its
    tiles): ``counts`` by wind; the 冲锋鸡's discarder; the 责任鸡's (discarder, claimer)."""

    counts: tuple[tuple[str, int], ...] = ()
    charging: str | None = None
    responsible: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Request:
    hand: str
    seats: WinSeats
    rinshan: bool
    chankan: bool
    hot_kong: KongKind | None
    kongs: tuple[KongPaid, ...]
    chickens: Chickens
    rules: GuiyangRules


def _wind(value: object, field: str) -> str:
    if value not in WINDS:
        raise InputError(f'"{field}" must be "E", "S", "W" or "N", not {json.dumps(value)}')
    assert isinstance(value, str)
    return value


def _kind(value: object, field: str) -> KongKind:
    if not isinstance(value, str) or value not in tuple(KongKind):
        raise InputError(f'"{field}" must be "melded", "added" or "concealed", not {json.dumps(value)}')
    return KongKind(value)


def _kongs(obj: dict[str, Any]) -> tuple[KongPaid, ...]:
    value = obj.get("kongs", [])
    if not isinstance(value, list) or not all(isinstance(k, dict) for k in value):
        raise InputError('"kongs" must be a list of objects {"kind", "by", "discarder"}')
    out = []
    for k in value:
        kind, by = _kind(k.get("kind"), "kind"), _wind(k.get("by"), "by")
        discarder = None if k.get("discarder") is None else _wind(k["discarder"], "discarder")
        if (kind is KongKind.MELDED) != (discarder is not None) or discarder == by:
            raise InputError('a melded kong (点豆), and only a melded kong, names its "discarder", another wind')
        out.append(KongPaid(kind, by, discarder))
    return tuple(out)


def read_chickens(obj: Mapping[str, Any], winner: str) -> Chickens:
    """The chickens of an input object won by ``winner``; ``InputError`` (``ChickensError`` for what the
    store's lines can hold) when they cannot be."""
    counts = obj.get("chickens", {})
    if not isinstance(counts, dict) or any(w not in WINDS or type(n) is not int or not 0 <= n <= 4
                                           for w, n in counts.items()):
        raise InputError('"chickens" must map winds to the chickens counted to them, 0 to 4, e.g. {"S": 2}')
    if winner in counts:
        raise ChickensError("guiyang_winner_chickens")
    charging = obj.get("charging_chicken")
    charging = None if charging is None else _wind(charging, "charging_chicken")
    resp = obj.get("responsible_chicken")
    responsible = None
    if resp is not None:
        if not isinstance(resp, dict):
            raise InputError('"responsible_chicken" must be {"from": wind, "to": wind} or null')
        frm, to = _wind(resp.get("from"), "from"), _wind(resp.get("to"), "to")
        if frm == to:
            raise ChickensError("guiyang_responsible_self")
        responsible = (frm, to)
    if charging is not None and responsible is not None:
        raise ChickensError("guiyang_first_chicken_twice")
    return Chickens(tuple((w, counts[w]) for w in WINDS if counts.get(w)), charging, responsible)


def read_request(obj: object) -> Request:
    """The request of an input object; raises ``InputError`` or ``HandError``, and ``ValueError`` naming the
    organiser's values that are wrong or missing."""
    if not isinstance(obj, dict):
        raise InputError(f"expected a JSON object, got {type(obj).__name__}")
    if not isinstance(obj.get("hand"), str):
        raise InputError('"hand" must be a string' if "hand" in obj else 'missing "hand"')
    seats = win_seats(obj)
    flags = true_or_false(obj, FLAGS, InputError)
    hot = obj.get("hot_kong")
    hot_kong = None if hot is None else _kind(hot, "hot_kong")
    rules_obj = obj.get("rules", {})
    if not isinstance(rules_obj, dict):
        raise InputError(f'"rules" must be an object, e.g. {{"chicken": 1}}, not {json.dumps(rules_obj)}')
    if (problem := rules_problem(rules_obj)) is not None:
        raise InputError(f'"rules": {problem}')
    request = Request(obj["hand"], seats, flags["rinshan"], flags["chankan"], hot_kong, _kongs(obj),
                      read_chickens(obj, seats.seat), rules_with(rules_obj))
    if seats.self_drawn and (request.chankan or request.hot_kong is not None):
        raise _refusal(SituationError, "guiyang_discard_only")
    if not seats.self_drawn and request.rinshan:
        raise _refusal(SituationError, "guiyang_self_drawn_only")
    if request.chankan and request.hot_kong is not None:
        raise _refusal(SituationError, "guiyang_robbed_or_hot")
    return request


def read_hand(text: str) -> Hand:
    """The hand, checked against the 108 tiles and the no-chow rule."""
    hand = parse_hand(text)
    if hand.winning is None:
        raise _refusal(TileCountError, "guiyang_waiting")
    if any(t >= 27 for t in hand.all_tiles()):
        raise _refusal(SituationError, "guiyang_honours")
    if any(m.kind is MeldKind.CHOW for m in hand.melds):
        raise _refusal(SituationError, "guiyang_chow")
    counts = all_counts(hand)
    if max(counts) > 4:
        t = counts.index(max(counts))
        raise _refusal(TooManyCopiesError, "guiyang_copies", tile=name(t), count=counts[t])
    return hand


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment besides the win: ``each`` from each of ``payers`` to ``payee``."""

    id: str
    zh: str
    en: str
    payee: str
    payers: tuple[str, ...]
    each: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "zh": self.zh, "en": self.en, "to": self.payee, "from": list(self.payers),
                "value": self.each}


def _others(wind: str) -> tuple[str, ...]:
    return WinSeats(seat=wind).others()


def payments(r: Request, winner_chickens: int) -> tuple[Payment, ...]:
    """The kongs', the hot kong's and the chickens' payments (issue 33: the organiser's chicken values)."""
    out = []
    for k in r.kongs:
        pid, zh, en, each, discarder = _KONGS[k.kind]
        out.append(Payment(pid, zh, en, k.by, (k.discarder,), discarder) if k.discarder is not None
                   else Payment(pid, zh, en, k.by, _others(k.by), each))
    if r.hot_kong is not None and r.seats.discarder is not None:
        out.append(Payment("repao", "热炮", "Discard after a Kong", r.seats.seat, (r.seats.discarder,),
                           _HOT[r.hot_kong]))
    rules, c = r.rules, r.chickens
    for wind, n in ((r.seats.seat, winner_chickens), *c.counts):
        if n:
            out.append(Payment("ji", "鸡", "Chicken", wind, _others(wind), n * rules.chicken))
    if c.charging is not None:
        out.append(Payment("chongfengji", "冲锋鸡", "Charging Chicken", c.charging, _others(c.charging),
                           rules.charging_chicken))
    if c.responsible is not None:
        frm, to = c.responsible
        out.append(Payment("zerenji", "责任鸡", "Responsible Chicken", to, (frm,), rules.responsible_chicken))
    return tuple(p for p in out if p.each)


def score(r: Request) -> dict[str, Any]:
    """The answer of a valid request; raises ``HandError`` for a hand that may not win this way."""
    hand = read_hand(r.hand)
    seats = r.seats
    if r.rinshan and not any(m.kind.is_kong for m in hand.melds):
        raise _refusal(SituationError, "guiyang_rinshan_without_kong")
    assert hand.winning is not None
    if r.chankan and hand.all_tiles().count(hand.winning) > 1:
        raise _refusal(SituationError, "guiyang_robbed_copy", tile=name(hand.winning))
    kind = hand_type(hand)
    has_kong = any(m.kind.is_kong for m in hand.melds)
    if kind is HandType.PLAIN and not seats.self_drawn and not (has_kong or r.chankan or r.hot_kong):
        # "平胡可以自摸胡牌，或在有"豆"情况下允许点胡"; 热炮, 抢杠: "如果听牌者是无豆的平胡依然可以胡"
        raise _refusal(SituationError, "guiyang_plain_on_discard")
    info = INFO[kind]
    whole = [name(t) for t in sorted(hand.all_tiles())]
    fans: list[dict[str, Any]] = [{"id": kind.value, "zh": info.zh, "en": info.en, "value": info.value,
                                   "tiles": whole}]
    total = info.value
    if r.rinshan:
        fid, zh, en, value = KONG_DRAW
        fans.append({"id": fid, "zh": zh, "en": en, "value": value, "tiles": [name(hand.winning)]})
        total += value
    deltas = dict.fromkeys(WINDS, 0)
    if seats.self_drawn:
        win = [(w, total) for w in seats.others()]
    else:
        assert seats.discarder is not None
        # 抢杠: "计算番数时胡牌算自摸，被抢杠者包3家的牌"
        win = [(seats.discarder, 3 * total if r.chankan else total)]
    for payer, amount in win:
        deltas[payer] -= amount
        deltas[seats.seat] += amount
    paid = payments(r, all_counts(hand)[CHICKEN])
    for p in paid:
        for payer in p.payers:
            deltas[payer] -= p.each
            deltas[p.payee] += p.each
    return {"valid": True, "fans": fans, "total": total, "payments": [p.to_json() for p in paid],
            "deltas": deltas}


def answer(obj: object) -> dict[str, Any]:
    """The answer object for one input object; never raises for a bad hand or input. With an organiser's
    value still missing: ``rules_missing``, naming them."""
    if isinstance(obj, dict) and isinstance(obj.get("rules", {}), dict):
        rules = obj.get("rules", {})
        if rules_problem(rules) is None and (gone := missing(rules)):
            return answer_error("rules_missing", missing_message(PROFILE, gone))
    try:
        return score(read_request(obj))
    except InputError as e:
        return answer_error("invalid_input", str(e))
    except HandError as e:
        return answer_error(e.code, e.message)


def next_dealer(dealer: str, winners: tuple[str, ...]) -> str:
    """The next hand's dealer (source 003: "首局后，胡牌者接庄", the winner deals). ``winners`` in the order they
    won (with several on one discard, from the discarder's next player on); the first deals. A drawn hand
    (no winner): the dealer stays (docs/rule-systems.md).

    >>> next_dealer("E", ("W",)), next_dealer("E", ()), next_dealer("S", ("N", "E"))
    ('W', 'E', 'N')
    """
    return winners[0] if winners else dealer
