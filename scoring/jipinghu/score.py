"""One Guangdong 鸡平胡 win from its JSON input object to its answer (``mcr-score --rules guangdong-jipinghu``).

The input (docs/scoring-cli.md): ``hand_type`` (a type's id or Chinese name, or a list of them whose 番
add up), ``win`` ("tsumo" | "ron"), ``seat``, ``discarder``, ``dealer`` (winds, as Hebei's) and ``rules``,
the organiser's values. The answer: ``{"valid", "fans", "total", "paid", "points", "deltas"}``: ``total``
the 番 counted, ``paid`` the 番 paid (the cap, 爆胡, applied; 十三幺 past it), ``points`` what each payer pays
(base × 2^paid: "番是2倍的意思"). A self-drawn win is paid by the three others, a discard by its discarder
(source: the losers pay, "X*P*N", P the losing players).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scoring.jipinghu.rules import (
    PROFILE,
    SPECIAL,
    TYPES,
    HandType,
    JipinghuRules,
    missing,
    rules_problem,
    rules_with,
)
from scoring.organiser_values import missing_message
from scoring.win_seats import WINDS, InputError, answer_error, win_seats

__all__ = ["CANNOT_COMBINE", "TypesError", "answer", "hand_types", "score"]

_BY_NAME = {**{t.value: t for t in HandType}, **{info.zh: t for t, info in TYPES.items()}}

_H = HandType
_HONOUR_PUNGS = (_H.LITTLE_DRAGONS, _H.BIG_DRAGONS, _H.LITTLE_WINDS, _H.BIG_WINDS)
# Types that one hand cannot have together, each group with its reason (the types are entered, not tiles, so
# the entry is checked here) and the code the store refuses it with (db/messages.py, in every language).
CANNOT_COMBINE: tuple[tuple[frozenset[HandType], str, str], ...] = (
    *((frozenset({_H.ALL_CHOWS, t}), "平胡 has four chows, the other type pungs", "jipinghu_chows_and_pungs")
      for t in (_H.ALL_PUNGS, _H.ALL_HONOURS, _H.TERMINALS_AND_HONOURS, *_HONOUR_PUNGS)),
    *((frozenset({_H.PURE_ONE_SUIT, t}), "清一色 has no honour", "jipinghu_pure_and_honours")
      for t in (_H.MIXED_ONE_SUIT, _H.ALL_HONOURS, _H.TERMINALS_AND_HONOURS, *_HONOUR_PUNGS)),
    (frozenset({_H.ALL_HONOURS, _H.MIXED_ONE_SUIT}), "字一色 has no suit tile", "jipinghu_honours_and_suits"),
    (frozenset({_H.BIG_DRAGONS, _H.LITTLE_DRAGONS}), "大三元 holds 小三元: count the larger", "jipinghu_larger_holds"),
    (frozenset({_H.BIG_WINDS, _H.LITTLE_WINDS}), "大四喜 holds 小四喜: count the larger", "jipinghu_larger_holds"),
    *((frozenset({d, w}), "three dragons and four winds take more than four sets and a pair",
       "jipinghu_dragons_and_winds")
      for d in (_H.LITTLE_DRAGONS, _H.BIG_DRAGONS) for w in (_H.LITTLE_WINDS, _H.BIG_WINDS)),
)


class TypesError(InputError):
    """Hand types one hand cannot have: ``code`` and ``params`` (the types' Chinese names ``a``, ``b``) for the
    store, which says it in the user's language; the English message for ``mcr-score``'s answer."""

    def __init__(self, message: str, code: str, **params: str) -> None:
        super().__init__(message)
        self.code, self.params = code, params


def hand_types(value: object) -> tuple[HandType, ...]:
    """The hand's types from ``hand_type`` (one name or a list); raises ``InputError`` for an unknown name, and
    ``TypesError`` for a repeated one or types one hand cannot have together."""
    given = value if isinstance(value, list) else [value]
    names = [n for n in given if isinstance(n, str) and n in _BY_NAME]
    if not given or len(names) != len(given):
        raise InputError(f'"hand_type" must be one of {", ".join(t.value for t in HandType)} (or the Chinese '
                         f'name), or a list of them, not {json.dumps(value, ensure_ascii=False)}')
    kinds = tuple(_BY_NAME[n] for n in names)
    if len(set(kinds)) != len(kinds):
        raise TypesError('"hand_type": a type is counted once', "jipinghu_type_twice")
    if len(kinds) > 1 and HandType.CHICKEN in kinds:
        raise TypesError('"hand_type": 鸡胡 is the hand of no other type: it is entered alone',
                         "jipinghu_chicken_alone")
    if len(kinds) > 1 and SPECIAL & set(kinds):
        # "这些特殊牌型不再叠加其他番种"
        raise TypesError('"hand_type": 十三幺 adds no other type (特殊牌型不再叠加其他番种): it is entered alone',
                         "jipinghu_special_alone")
    for group, why, code in CANNOT_COMBINE:
        if group <= set(kinds):
            a, b = sorted(group)
            raise TypesError(f'"hand_type": {TYPES[a].zh} and {TYPES[b].zh} cannot go together ({why})', code,
                             a=TYPES[a].zh, b=TYPES[b].zh)
    return kinds


def score(obj: Mapping[str, Any], rules: JipinghuRules) -> dict[str, Any]:
    """The answer for a request whose organiser's values are ``rules``; raises ``InputError``."""
    kinds = hand_types(obj.get("hand_type"))
    seats = win_seats(dict(obj))
    fans: list[dict[str, Any]] = [{"id": k.value, "zh": TYPES[k].zh, "en": TYPES[k].en, "value": rules.fan(k),
                                   "tiles": []} for k in kinds]
    total = sum(rules.fan(k) for k in kinds)
    # 爆胡: "多少番为顶，不再叠加番数进行计算，特殊牌除外，比如十三幺，可突破爆胡限制"
    paid = total if SPECIAL & set(kinds) else min(total, rules.cap)
    each = rules.base * 2 ** paid
    payers = seats.others() if seats.self_drawn else (seats.discarder,)
    deltas = {w: 3 * each if w == seats.seat and seats.self_drawn else each if w == seats.seat
              else -each if w in payers else 0 for w in WINDS}
    return {"valid": True, "fans": fans, "total": total, "paid": paid, "points": each, "deltas": deltas}


def answer(obj: object) -> dict[str, Any]:
    """The answer object for one input object; never raises for a bad input. With an organiser's value still
    missing: ``rules_missing``, naming them."""
    try:
        if not isinstance(obj, dict):
            raise InputError(f"expected a JSON object, got {type(obj).__name__}")
        rules_obj = obj.get("rules", {})
        if not isinstance(rules_obj, dict):
            raise InputError(f'"rules" must be an object, e.g. {{"fan_pinghu": 1}}, not {json.dumps(rules_obj)}')
        if (problem := rules_problem(rules_obj)) is not None:
            raise InputError(f'"rules": {problem}')
        if gone := missing(rules_obj):
            return answer_error("rules_missing", missing_message(PROFILE, gone))
        return score(obj, rules_with(rules_obj))
    except InputError as e:
        return answer_error("invalid_input", str(e))
