"""One Hebei hand from its JSON input object to its answer (``mcr-score --rules hebei``, docs/scoring-cli.md).

The pipeline: read the request, read the hand (MCR's notation and readings, with Hebei's shapes only:
four sets and a pair, seven pairs, thirteen orphans; no chow may be claimed), take each reading's fans and
keep the best reading, then the base by who won and how, the fans per payer, and the kongs.
"""

from __future__ import annotations

import json
from typing import Any

from scoring.errors import HandError
from scoring.hebei.fans import FANS, Found, Win, fans_of
from scoring.hebei.hand import HebeiHandError, read_hand
from scoring.hebei.settle import Kong, KongKind, base_shares, hand_deltas, kong_deltas
from scoring.json_lines import true_or_false
from scoring.mcr.decompose import Form, readings
from scoring.model import Hand, MeldKind
from scoring.tiles import name
from scoring.win_seats import WINDS, InputError, WinSeats, answer_error, win_seats

FLAGS = ("chankan", "rinshan", "haitei")  # 抢杠胡, 杠上开花, 海底捞月: Riichi's names for the same situations
_OFFER_STEP = {1: -1, 2: 2, 3: 1}  # a melded kong's offer digit -> its discarder, counted from the winner
_FORMS = (Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS)  # 胡牌的基础牌型 and 特殊牌型


def hand_kongs(hand: Hand, seat: str) -> tuple[Kong, ...]:
    """The winner's kongs, read from the hand: a melded kong's offer digit names its discarder (1 上家,
    2 opposite, 3 下家, NOTATION.md), a promoted kong is an added kong."""
    at = WINDS.index(seat)
    out = []
    for meld in hand.melds:
        if meld.kind is MeldKind.MELDED_KONG:
            out.append(Kong(seat, KongKind.MELDED, WINDS[(at + _OFFER_STEP[meld.offer]) % 4]))
        elif meld.kind is MeldKind.PROMOTED_KONG:
            out.append(Kong(seat, KongKind.ADDED))
        elif meld.kind is MeldKind.CONCEALED_KONG:
            out.append(Kong(seat, KongKind.CONCEALED))
    return tuple(out)


def other_kongs(obj: dict[str, Any], seats: WinSeats) -> tuple[Kong, ...]:
    """The other players' kongs of the hand, the input's ``kongs``: [{"seat", "kind", "from"}]."""
    given = obj.get("kongs", [])
    if not isinstance(given, list):
        raise InputError(f'"kongs" must be a list, not {json.dumps(given)}')
    out = []
    for k in given:
        if not isinstance(k, dict) or k.get("seat") not in WINDS or k.get("kind") not in tuple(KongKind):
            raise InputError('each of "kongs" is {"seat": wind, "kind": "melded"|"added"|"concealed", '
                             f'"from": wind (melded)}}, not {json.dumps(k, ensure_ascii=False)}')
        if k["seat"] == seats.seat:
            raise InputError(f"the winner's kongs ({seats.seat}) are read from the hand, not from \"kongs\"")
        source = k.get("from")
        if (k["kind"] == KongKind.MELDED) != (source in WINDS) or source == k["seat"]:
            raise InputError(f'a melded kong needs "from", another player\'s wind; other kongs have none: '
                             f'{json.dumps(k, ensure_ascii=False)}')
        out.append(Kong(k["seat"], KongKind(k["kind"]), source))
    if any(sum(1 for k in out if k.seat == w) > 4 for w in WINDS):
        raise InputError("a player makes at most four kongs")
    return tuple(out)


def _win(obj: dict[str, Any], seats: WinSeats, hand: Hand) -> Win:
    flags = true_or_false(obj, FLAGS, InputError)
    if flags["chankan"] and seats.self_drawn:
        raise HebeiHandError("situation", "hebei_chankan")
    if flags["rinshan"] and (not seats.self_drawn or not any(m.kind.is_kong for m in hand.melds)):
        raise HebeiHandError("situation", "hebei_rinshan")
    if flags["haitei"] and not seats.self_drawn:
        raise HebeiHandError("situation", "hebei_haitei")
    return Win(seats.self_drawn, flags["chankan"], flags["rinshan"], flags["haitei"])


def best_fans(hand: Hand, win: Win) -> Found:
    """The fans of the hand's best reading; raises ``HebeiHandError`` when it has no Hebei shape."""
    best: Found | None = None
    for reading in readings(hand):
        if reading.form in _FORMS:
            found = fans_of(hand, reading, win)
            if best is None or sum(FANS[f].value for f in found) > sum(FANS[f].value for f in best):
                best = found
    if best is None:
        raise HebeiHandError("not_winning_hand", "hebei_not_winning")
    return best


def score(obj: dict[str, Any]) -> dict[str, Any]:
    """The answer for a valid request; raises ``InputError`` or ``HandError``."""
    hand_text = obj.get("hand")
    if not isinstance(hand_text, str):
        raise InputError('"hand" must be a string' if "hand" in obj else 'missing "hand"')
    seats = win_seats(obj)
    kongs = other_kongs(obj, seats)
    hand = read_hand(hand_text)
    found = best_fans(hand, _win(obj, seats, hand))
    fan_total = sum(FANS[f].value for f in found)
    base = sum(base_shares(seats).values())
    all_kongs = hand_kongs(hand, seats.seat) + kongs
    return {"valid": True,
            "fans": [{"id": f.value, "zh": FANS[f].zh, "en": FANS[f].en, "value": FANS[f].value,
                      "tiles": [name(t) for t in tiles]} for f, tiles in found.items()],
            "base": base, "total": base + fan_total,
            "deltas": hand_deltas(seats, fan_total, all_kongs), "kong_deltas": kong_deltas(all_kongs)}


def answer(obj: object) -> dict[str, Any]:
    """The answer object for one input object; never raises for a bad hand or input."""
    try:
        if not isinstance(obj, dict):
            raise InputError(f"expected a JSON object, got {type(obj).__name__}")
        return score(obj)
    except InputError as e:
        return answer_error("invalid_input", str(e))
    except HandError as e:
        return answer_error(e.code, e.message)
