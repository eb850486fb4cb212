"""The engine's hand problems in the user's language.

``scoring`` raises typed ``HandError``s with a stable ``code``, English ``message`` and ``params`` whose
``reason`` names the case (it knows nothing of languages). Hand entry shows them next to the picker, so
here each reason has its Chinese template over the same parameters (tiles named in Chinese), and the
English gets the tile's full name where it helps ("5 copies of 3s (3 bamboo)"). A problem without a known
reason is still shown, prefixed, never hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee_app.i18n import LANG
from scoring import tiles as T
from scoring.errors import HandError


def _tile_zh(name: str) -> str:
    return T.name_zh(T.tile(name))


def _tile_en(name: str) -> str:
    return f"{name} ({T.name_en(T.tile(name))})"


def _copies(p: Mapping[str, Any], zh: bool) -> str:
    if zh:
        return "；".join(f"{_tile_zh(t)}有 {n} 张" for t, n in p["copies"].items()) + "：每种牌只有 4 张。"
    return ", ".join(f"{n} copies of {_tile_en(t)}" for t, n in p["copies"].items()) + ": there are only 4 of each tile."


# A mistake at a place in the notation: said after "第 N 个字符 “text”：".
AT_POSITION: dict[str, str] = {
    "suit_without_digits": '花色字母 "{letter}" 前面没有数字',
    "digits_without_suit": "数字后面缺少花色字母（m、s 或 p）",
    "zero": "牌的数字是 1–9，不能是 0",
    "unknown_suit": '未知的花色字母 "{letter}"（花色为 m 万、s 条、p 饼）',
    "unknown_letter": '未知的牌字母 "{letter}"（字牌为 E S W N C F P）',
    "unopened_meld": '"]" 前面没有 "["',
    "space": "牌谱中不能有空格",
    "unexpected_character": '意外的字符 "{text}"',
    "meld_after_tiles": "副露要写在手牌之前",
    "meld_not_closed": '副露缺少 "]"',
    "melds_over_limit": "副露超过 {most} 副",
    "z_digit": "字牌写作 1z–7z（1z–4z 东南西北，5z 白，6z 发，7z 中）",
}

# The other problems, by reason: a Chinese template (``{tile}`` is named in Chinese), or a function of
# (params, zh) that words both languages.
PROBLEMS: dict[str, str | Callable[[Mapping[str, Any], bool], str]] = {
    "copies": _copies,
    "tile_count": "{melds} 副副露后有 {tiles} 张牌，应为 {expected} 张（{standing} 张手牌 + 和张）。",
    "too_many_melds": "{melds} 副副露，最多 4 副。",
    "waiting_hand": "这是 13 张的听牌，还没有和张：请标出和张。",
    "no_form": "不是和牌：这些牌组不成 4 副面子加 1 对将，也不是七对、十三幺、全不靠或组合龙。",
    "last_tile": "和绝张 {tile} 不可能：和牌者自己的手牌里已有一张 {tile}。",
    "replacement_without_kong": "杠上开花需要和牌者有一副杠。",
    "robbing_kong": "抢杠和 {tile} 不可能：和牌者的手牌或副露里已有 {tile}，而被抢的杠含其余三张。",
    "too_many": "{flowers} 张花牌：花牌只有 {most} 张。",
    "empty": "没有输入牌。",
    "chow_start": "顺子不能从 {tile} 开始。",
    "not_a_meld": "{text}：不是吃、碰或杠。",
    "kong_digit": "{text}：杠后的数字为 1–3（明杠，来自哪一家）、5–7（加杠），暗杠不写数字。",
    "meld_digit": "{text}：吃、碰后的数字为 1–3（来自哪一家）。",
    "waiting_tile_count": "{melds} 副副露后有 {tiles} 张手牌，听牌应为 {expected} 张。",
    "winning_hand": "这手牌已有 14 张：听牌要用和牌前的 13 张，请去掉和张。",
    # problems of a program's input, which the picker cannot produce; said all the same
    "not_text": "牌谱须为文字。",
    "invalid_meld": "不是有效的副露。",
    "not_a_tile": "不是有效的牌。",
    "not_a_hand": "不是一手牌。",
    "not_a_context": "和牌情况无效。",
    "not_a_bool": "{field} 须为是或否。",
    "not_a_wind": "{field} 须为东、南、西、北之一。",
    "not_a_number": "花牌数须为整数。",
}


def _said(e: HandError, zh: bool) -> str | None:
    """``e`` in the current language from its reason and parameters, or None when the reason is unknown
    (or needs no rewording in English)."""
    p = dict(getattr(e, "params", {}) or {})
    reason = p.get("reason")
    if zh and reason in AT_POSITION and p.get("position") is not None and "text" in p:
        return f"第 {p['position']} 个字符 “{p['text']}”：" + AT_POSITION[reason].format(**p) + "。"
    form = PROBLEMS.get(reason) if isinstance(reason, str) else None
    if callable(form):
        return form(p, zh)
    if form is None or not zh:
        return None
    if "tile" in p:
        p["tile"] = _tile_zh(p["tile"])
    if "expected" in p:
        p["standing"] = p["expected"] - 1
    return form.format(**p)


def hand_problem(e: HandError | str) -> str:
    """``e``'s message for the referee, in the current language."""
    zh = LANG.code == "zh"
    if isinstance(e, HandError):
        said = _said(e, zh)
        if said is not None:
            return said
    message = e.message if isinstance(e, HandError) else e
    return f"牌型有误：{message}" if zh else message
