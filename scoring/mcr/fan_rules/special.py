"""The special forms: 七对, 连七对, 十三幺, 全不靠, 七星不靠, 组合龙 (both forms), 九莲宝灯."""

from __future__ import annotations

from scoring.mcr.decompose import Form
from scoring.mcr.fan_rules import HAND_TILES, Found, View
from scoring.mcr.fans import Fan

__all__ = ["special_fans"]


def special_fans(view: View) -> list[Found]:
    r = view.reading
    if r.form is Form.REGULAR:
        return [Found(Fan.NINE_GATES, HAND_TILES)] if view.nine_gates else []
    out: list[Found] = []
    groups = r.groups()
    if r.form is Form.SEVEN_PAIRS:
        out.append(Found(Fan.SEVEN_PAIRS, groups))
        if _shifted_pairs(r.pairs):
            out.append(Found(Fan.SEVEN_SHIFTED_PAIRS, groups))
    elif r.form is Form.THIRTEEN_ORPHANS:
        out.append(Found(Fan.THIRTEEN_ORPHANS, groups))
    elif r.form is Form.HONORS_AND_KNITTED:
        honors = sum(1 for t in r.singles if t >= 27)
        fan = Fan.GREATER_HONORS_AND_KNITTED_TILES if honors == 7 else Fan.LESSER_HONORS_AND_KNITTED_TILES
        out.append(Found(fan, groups))
        if len(r.knitted) == 9:
            # S5: the knitted straight counts within 全不靠 too.
            out.append(Found(Fan.KNITTED_STRAIGHT, tuple(r.knitted[i:i + 3] for i in (0, 3, 6))))
    elif r.form is Form.KNITTED_STRAIGHT:
        out.append(Found(Fan.KNITTED_STRAIGHT, groups[:3]))
    return out


def _shifted_pairs(pairs: tuple[int, ...]) -> bool:
    """Seven pairs of one suit on seven consecutive ranks (连七对)."""
    first = pairs[0]
    return first < 27 and first % 9 <= 2 and pairs == tuple(range(first, first + 7))
