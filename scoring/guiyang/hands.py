"""Guiyang 捉鸡's hand types from the tiles, with source 003's flat values (番, not doublings).

Source 003 (捉鸡川麻将): "底注设定为10番" and the types 平胡 10, 大对子 30, 七对 40, 龙七对 50, 清一色 50,
清大对 80, 青龙背 100; 杠上胡 adds 10. One hand has one type: the named combinations are their parts' sums
(清大对 80 = 清一色 50 + 大对子 30, 青龙背 100 = 清一色 50 + 龙七对 50), so the one combination the source
does not name, 清七对 (seven pairs in one suit), is 清一色 + 七对 = 90 (docs/rule-systems.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.errors import NotWinningError
from scoring.mcr.decompose import Form, Reading, all_counts, readings
from scoring.model import Hand


class HandType(StrEnum):
    PLAIN = "pinghu"  # 平胡: no other type
    ALL_PUNGS = "daduizi"  # 大对子 (对对胡)
    SEVEN_PAIRS = "qidui"  # 七对
    DRAGON_SEVEN_PAIRS = "longqidui"  # 龙七对: five pairs and four of a kind
    PURE_SUIT = "qingyise"  # 清一色
    PURE_ALL_PUNGS = "qingdadui"  # 清大对
    PURE_SEVEN_PAIRS = "qingqidui"  # 清七对: not in the source, its parts' sum
    PURE_DRAGON_SEVEN_PAIRS = "qinglongbei"  # 青龙背


@dataclass(frozen=True, slots=True)
class TypeInfo:
    zh: str
    en: str
    value: int  # 番, paid as it is (no doubling)


INFO: dict[HandType, TypeInfo] = {
    HandType.PLAIN: TypeInfo("平胡", "Plain Hand", 10),
    HandType.ALL_PUNGS: TypeInfo("大对子", "All Pungs", 30),
    HandType.SEVEN_PAIRS: TypeInfo("七对", "Seven Pairs", 40),
    HandType.DRAGON_SEVEN_PAIRS: TypeInfo("龙七对", "Dragon Seven Pairs", 50),
    HandType.PURE_SUIT: TypeInfo("清一色", "Pure Suit", 50),
    HandType.PURE_ALL_PUNGS: TypeInfo("清大对", "Pure All Pungs", 80),
    HandType.PURE_SEVEN_PAIRS: TypeInfo("清七对", "Pure Seven Pairs", 90),
    HandType.PURE_DRAGON_SEVEN_PAIRS: TypeInfo("青龙背", "Pure Dragon Seven Pairs", 100),
}
KONG_DRAW = ("gangshanghu", "杠上胡", "Win on a Kong's Replacement", 10)  # "杠牌后立即自摸，总番数加10番"

# (seven pairs?, all pungs?, four of a kind among the pairs?, one suit?) -> the type; a regular hand's
# "four of a kind" is False (a kong is a set, not a dragon)
_TYPES = {
    (False, False, False, False): HandType.PLAIN, (False, False, False, True): HandType.PURE_SUIT,
    (False, True, False, False): HandType.ALL_PUNGS, (False, True, False, True): HandType.PURE_ALL_PUNGS,
    (True, False, False, False): HandType.SEVEN_PAIRS, (True, False, False, True): HandType.PURE_SEVEN_PAIRS,
    (True, False, True, False): HandType.DRAGON_SEVEN_PAIRS,
    (True, False, True, True): HandType.PURE_DRAGON_SEVEN_PAIRS,
}


def type_of(reading: Reading, counts: tuple[int, ...]) -> HandType:
    """The hand type of one reading (regular or seven pairs) of a hand whose tile counts are ``counts``."""
    pairs = reading.form is Form.SEVEN_PAIRS
    pungs = not pairs and all(s.is_pung for s in reading.sets)
    one_suit = len({t // 9 for t, n in enumerate(counts) if n}) == 1
    return _TYPES[pairs, pungs, pairs and 4 in counts, one_suit]


def hand_type(hand: Hand) -> HandType:
    """The best type of a winning hand (four sets and a pair, or seven pairs); ``NotWinningError`` when none."""
    counts = all_counts(hand)
    found = [type_of(r, counts) for r in readings(hand) if r.form in (Form.REGULAR, Form.SEVEN_PAIRS)]
    if not found:
        raise NotWinningError("not a winning hand: four sets and a pair, or seven pairs",
                              reason="guiyang_not_winning")
    return max(found, key=lambda t: INFO[t].value)
