"""The engine's hand problems in the user's language.

``scoring`` raises typed ``HandError``s with English messages (it knows nothing of languages). Hand entry
shows them next to the picker, so here each message form the engine can produce is matched and said
again in Chinese (and, in English, with the tile's full name: "5 copies of 3s (3 bamboo)"). An unknown
form is still shown, prefixed, never hidden.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from referee_app.i18n import LANG
from scoring import tiles as T
from scoring.errors import HandError

_TILE = r"([1-9][msp]|[ESWNCFP])"


def _tile_zh(name: str) -> str:
    return T.name_zh(T.tile(name))


def _tile_en(name: str) -> str:
    return f"{name} ({T.name_en(T.tile(name))})"


def _copies(m: re.Match[str], zh: bool) -> str:
    parts = re.findall(r"(\d+) copies of " + _TILE, m.string)
    if zh:
        return "；".join(f"{_tile_zh(t)}有 {n} 张" for n, t in parts) + "：每种牌只有 4 张。"
    return ", ".join(f"{n} copies of {_tile_en(t)}" for n, t in parts) + ": there are only 4 of each tile."


def _zh(template: str) -> Callable[[re.Match[str], bool], str | None]:
    """A Chinese template filled from the match's groups (tiles named in Chinese); English unchanged."""
    def render(m: re.Match[str], zh: bool) -> str | None:
        if not zh:
            return None
        groups = [(_tile_zh(g) if g and re.fullmatch(_TILE, g) else g) for g in m.groups()]
        return template.format(*groups)
    return render


_PARSE_TAILS: list[tuple[str, str]] = [
    (r'suit letter "(.)" without digits before it', '花色字母 "{0}" 前面没有数字'),
    (r"digits without a suit letter \(m, s or p\) after them", "数字后面缺少花色字母（m、s 或 p）"),
    (r"tile numbers are 1–9, not 0", "牌的数字是 1–9，不能是 0"),
    (r'unknown suit letter "(.)"', '未知的花色字母 "{0}"（花色为 m 万、s 条、p 饼）'),
    (r'unknown tile letter "(.)" \(honours are E S W N C F P\)', '未知的牌字母 "{0}"（字牌为 E S W N C F P）'),
    (r'"\]" without a "\[" before it', '"]" 前面没有 "["'),
    (r"no spaces inside a hand", "牌谱中不能有空格"),
    (r'unexpected character "(.)"', '意外的字符 "{0}"'),
    (r"melds are written before the standing tiles", "副露要写在手牌之前"),
    (r"meld not closed", '副露缺少 "]"'),
    (r"more than (\d) melds", "副露超过 {0} 副"),
]

_FORMS: list[tuple[str, Callable[[re.Match[str], bool], str | None]]] = [
    (r"(\d+) copies of " + _TILE, _copies),
    (r"(\d+) tiles after (\d+) melds?, expected (\d+) \((\d+) standing \+ the winning tile\)",
     _zh("{1} 副副露后有 {0} 张牌，应为 {2} 张（{3} 张手牌 + 和张）。")),
    (r"(\d+) melds, at most 4", _zh("{0} 副副露，最多 4 副。")),
    (r"a waiting hand \(13 tiles, no winning tile\)", _zh("这是 13 张的听牌，还没有和张：请标出和张。")),
    (r"not a winning hand", _zh("不是和牌：这些牌组不成 4 副面子加 1 对将，也不是七对、十三幺、全不靠或组合龙。")),
    (r"last tile \(和绝张\) on " + _TILE + " is impossible",
     _zh("和绝张 {0} 不可能：和牌者自己的手牌里已有一张 {0}。")),
    (r"out with replacement tile \(杠上开花\) needs a kong", _zh("杠上开花需要和牌者有一副杠。")),
    (r"robbing the kong \(抢杠和\) on " + _TILE + " is impossible",
     _zh("抢杠和 {0} 不可能：和牌者的手牌或副露里已有 {0}，而被抢的杠含其余三张。")),
    (r"(\d+) flowers: there are only (\d) flower tiles", _zh("{0} 张花牌：花牌只有 {1} 张。")),
    (r"empty hand: nothing written", _zh("没有输入牌。")),
    (r"a chow cannot start at " + _TILE, _zh("顺子不能从 {0} 开始。")),
    (r"(\S+): not a chow, pung or kong", _zh("{0}：不是吃、碰或杠。")),
    (r"(\S+): a kong's digit is", _zh("{0}：杠后的数字为 1–3（明杠，来自哪一家）、5–7（加杠），暗杠不写数字。")),
    (r"(\S+): a (chow|pung)'s digit is 1–3", _zh("{0}：吃、碰后的数字为 1–3（来自哪一家）。")),
]


def _parse_error(message: str, zh: bool) -> str | None:
    m = re.match(r'"(.*)" at (\d+): (.*)$', message)
    if not m or not zh:
        return None
    text, pos, tail = m.groups()
    for pattern, template in _PARSE_TAILS:
        t = re.fullmatch(pattern, tail)
        if t:
            return f"第 {pos} 个字符 “{text}”：" + template.format(*t.groups()) + "。"
    return None


def hand_problem(e: HandError | str) -> str:
    """``e``'s message for the referee, in the current language."""
    message = e.message if isinstance(e, HandError) else e
    zh = LANG.code == "zh"
    said = _parse_error(message, zh)
    if said is not None:
        return said
    for pattern, render in _FORMS:
        m = re.match(pattern, message)
        if m:
            out = render(m, zh)
            if out is not None:
                return out
            break
    return f"牌型有误：{message}" if zh else message
