"""Guangdong 鸡平胡's hand types and the organiser's values: each type's 番, which source 003 does not give.

Source 003 (广东麻将鸡平胡) fixes the frame: "番是2倍的意思" (each 番 doubles), "爆胡为3番" (the cap),
"特殊牌除外，比如十三幺，可突破爆胡限制，这些特殊牌型不再叠加其他番种" (thirteen orphans passes the cap and
adds no other type), and names 鸡胡, 平胡, 爆胡 and 十三幺. It gives no type's 番, and public texts disagree
(docs/rule-systems.md "Guangdong 鸡平胡"), so every type's 番 is the organiser's, with no default; the hands
are entered by type, not tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.organiser_values import missing_names, unknown_problem, whole_problem

__all__ = ["CAP", "OPTIONAL", "PROFILE", "REQUIRED", "HandType", "JipinghuRules", "TYPES", "missing", "optional",
           "rules_problem", "rules_with"]

PROFILE = "guangdong-jipinghu"
CAP = 3  # "爆胡为3番"


class HandType(StrEnum):
    CHICKEN = "jihu"
    ALL_CHOWS = "pinghu"
    ALL_PUNGS = "duiduihu"
    MIXED_ONE_SUIT = "hunyise"
    PURE_ONE_SUIT = "qingyise"
    ALL_HONOURS = "ziyise"
    TERMINALS_AND_HONOURS = "hunyaojiu"
    LITTLE_DRAGONS = "xiaosanyuan"
    BIG_DRAGONS = "dasanyuan"
    LITTLE_WINDS = "xiaosixi"
    BIG_WINDS = "dasixi"
    THIRTEEN_ORPHANS = "shisanyao"


@dataclass(frozen=True, slots=True)
class TypeInfo:
    zh: str
    en: str
    why: str  # why the organiser types its 番: the settings page's line


_NAMED = "source 003 names it without a 番, and public rule texts give it different values"
_NOT_NAMED = "source 003 does not list it, and public rule texts give it different values"
TYPES: dict[HandType, TypeInfo] = {
    HandType.CHICKEN: TypeInfo("鸡胡", "Chicken Hand", f"a hand of no other type; {_NAMED}"),
    HandType.ALL_CHOWS: TypeInfo("平胡", "All Chows", f"four chows and a pair; {_NAMED}"),
    HandType.ALL_PUNGS: TypeInfo("对对胡", "All Pungs", _NOT_NAMED),
    HandType.MIXED_ONE_SUIT: TypeInfo("混一色", "Mixed One Suit", _NOT_NAMED),
    HandType.PURE_ONE_SUIT: TypeInfo("清一色", "Pure One Suit", _NOT_NAMED),
    HandType.ALL_HONOURS: TypeInfo("字一色", "All Honours", _NOT_NAMED),
    HandType.TERMINALS_AND_HONOURS: TypeInfo("混幺九", "Terminals and Honours", _NOT_NAMED),
    HandType.LITTLE_DRAGONS: TypeInfo("小三元", "Little Three Dragons", _NOT_NAMED),
    HandType.BIG_DRAGONS: TypeInfo("大三元", "Big Three Dragons", _NOT_NAMED),
    HandType.LITTLE_WINDS: TypeInfo("小四喜", "Little Four Winds", _NOT_NAMED),
    HandType.BIG_WINDS: TypeInfo("大四喜", "Big Four Winds", _NOT_NAMED),
    HandType.THIRTEEN_ORPHANS: TypeInfo("十三幺", "Thirteen Orphans", "source 003 says it passes the cap "
                                        "(可突破爆胡限制) and adds no other type, but gives no 番"),
}
# "特殊牌型": past the cap, alone. Source 003 names 十三幺 ("比如十三幺") and no other.
SPECIAL = frozenset({HandType.THIRTEEN_ORPHANS})


def fan_name(kind: HandType) -> str:
    """The organiser's value holding a type's 番."""
    return f"fan_{kind.value}"


REQUIRED: tuple[tuple[str, str], ...] = tuple(
    (fan_name(k), f"The 番 of {t.zh} ({t.en}): {t.why}.") for k, t in TYPES.items())
# The values the source gives (the organiser may change them): "base" the points of a 0-番 hand (the
# source's 游戏基数), "cap" the 爆胡.
DEFAULTS = {"base": 1, "cap": CAP}
# (value name, what it is): the Rule values dialog's lines for the values with a default (``optional``)
OPTIONAL: tuple[tuple[str, str], ...] = (
    ("base", "The points of a hand of 0 番 (the source's 游戏基数, set by the room; default 1): each payer pays "
             "base × 2^番."),
    ("cap", "The most 番 paid (爆胡): source 003 says 3 (爆胡为3番), the default; 十三幺 passes it."),
)


def optional(rules: Mapping[str, Any]) -> tuple[tuple[str, Any, str], ...]:
    """The values with a default: (name, the value typed or else the default, what it is)."""
    return tuple((name, rules[name] if rules.get(name) is not None else DEFAULTS[name], why)
                 for name, why in OPTIONAL)
NAMES = (*DEFAULTS, *(name for name, _ in REQUIRED))


@dataclass(frozen=True, slots=True)
class JipinghuRules:
    base: int
    cap: int
    fans: tuple[tuple[HandType, int], ...]  # every type's 番, in ``HandType``'s order

    def fan(self, kind: HandType) -> int:
        return dict(self.fans)[kind]


def missing(rules: Mapping[str, Any]) -> tuple[str, ...]:
    """The names of the values the organiser has not typed yet (absent or null)."""
    return missing_names(rules, (name for name, _ in REQUIRED))


# The most a value may be: a payment, base × 2^番 from each of three, stays far within 64 bits (10^6 × 2^30 × 3)
BASE_MOST = 1_000_000
FAN_MOST = 30


def rules_problem(rules: Mapping[str, Any]) -> str | None:
    """What is wrong with the values given (an unknown name, a 番 that is not a whole number 0 to 30, a base
    or cap under 1, a base over 1,000,000); a missing 番 is not a problem here: the organiser fills it later."""
    problem = unknown_problem(PROFILE, rules, NAMES)
    for name in NAMES:
        problem = problem or whole_problem(name, rules.get(name), 1 if name in DEFAULTS else 0,
                                           BASE_MOST if name == "base" else FAN_MOST)
    return problem


def rules_with(rules: Mapping[str, Any]) -> JipinghuRules:
    """The organiser's values as one value; ``ValueError`` when one is wrong or missing."""
    problem = rules_problem(rules)
    if problem is None and (gone := missing(rules)):
        problem = f"missing: {', '.join(gone)}"
    if problem is not None:
        raise ValueError(problem)
    given = {**DEFAULTS, **{k: v for k, v in rules.items() if v is not None}}
    return JipinghuRules(given["base"], given["cap"], tuple((k, given[fan_name(k)]) for k in HandType))
