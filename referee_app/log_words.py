"""The Log in words, in the user's language (issue 19 §9): what changed ("session 1 table 3 hand 2" /
"第 1 局第 3 桌第 2 盘") and the before/after the audit log stores as JSON ("win · winner 5 · discarder 7 ·
24 fan" / "和牌 · 和牌者 5 · 点炮者 7 · 24 番"). The store keeps the JSON (it is the record); this is how
the page shows it. A key or a text this module does not know is shown as it is, never hidden."""

from __future__ import annotations

import json
import re
from typing import Any

from referee_app.i18n import LANG

# (pattern, Chinese) applied in order: the longer places first
WHAT_ZH: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), zh) for p, zh in (
    (r"session (\d+) table (\d+) hand (\d+)", r"第 \1 局第 \2 桌第 \3 盘"),
    (r"session (\d+) table (\d+)", r"第 \1 局第 \2 桌"),
    (r"seating of session (\d+)", r"第 \1 局座位"),
    (r"session (\d+) clock", r"第 \1 局计时"),
    (r"^player (\S+) replaces (\S+) from session (\d+)", r"选手 \1 从第 \3 局起替换 \2"),
    (r"^player (\S+)", r"选手 \1"),
    (r"\bpenalty (\d+)", r"罚分 \1"),
    (r"\btime call confirmed\b", "叫停已确认"),
    (r"\btime called\b", "叫停"),
    (r"\btime is up\b", "时间到"),
    (r"\bdevice link\b", "终端链接"),
    (r"^tournament ", "比赛 "),
    (r"^balanced seating plan$", "均衡编排方案"),
    (r"^clock settings$", "计时设置"),
    (r"^rule settings$", "规则设置"),
    (r"^start date$", "开始日期"),
    (r"^tournament name$", "比赛名称"),
))

#: a stored key: (English, Chinese) label, in the order they are said (the store sorts them by name)
KEYS: dict[str, tuple[str, str]] = {
    "winner": ("winner", "和牌者"), "discarder": ("discarder", "点炮者"), "self_drawn": ("self-drawn", "自摸"),
    "fan": ("fan", "番"), "flowers": ("flowers", "花牌"),
    "player": ("player", "选手"), "kind": ("kind", "类别"), "points": ("points", "分"),
    "settlement": ("settlement", "处理"), "to": ("to", "付给"), "reason": ("reason", "原因"),
    "hand": ("hand", "盘"), "signed_off": ("signed off", "已签字"), "after_hand": ("time called after hand", "叫停于第几盘后"),
    "number": ("number", "编号"), "name": ("name", "姓名"), "team": ("team", "队"), "country": ("country", "国家"),
    "tables": ("tables", "桌"), "policy": ("policy", "规则"),
    "seed": ("seed", "随机种子"), "substitute": ("reserve", "替补"),
    "notation": ("hand", "牌"), "payments": ("payments", "得失"),
}
_ORDER = {k: i for i, k in enumerate(KEYS)}
#: a stored value word: (English, Chinese)
VALUES: dict[str, tuple[str, str]] = {
    "win": ("win", "和牌"), "draw": ("draw", "荒庄"), "penalty": ("penalty", "罚分"),
    "deducted": ("deducted", "扣除"), "others": ("paid to the other three", "赔三家"),
    "player": ("paid to one player", "赔一家"), "false_win_wrong": ("false win", "错和"),
    "false_win": ("false win", "错和"), "lateness": ("lateness", "迟到"), "rule_violation": ("rule violation", "违例"),
    "custom": ("other", "其他"),
}


def _zh() -> bool:
    return LANG.code == "zh"


def what_text(what: str) -> str:
    """The place or subject of a change in the user's language."""
    if not _zh():
        return what
    for pattern, zh in WHAT_ZH:
        what = pattern.sub(zh, what)
    return what


def _value(v: Any) -> str:
    zh = _zh()
    if isinstance(v, bool):
        return ("是" if v else "否") if zh else ("yes" if v else "no")
    if isinstance(v, dict):
        return ", ".join(f"{_key(k)} {_value(x)}" if k in KEYS else f"{k} {_value(x)}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(_value(x) for x in v)
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    if isinstance(v, str) and v in VALUES:
        return VALUES[v][1 if zh else 0]
    return "" if v is None else str(v)


def _key(k: str) -> str:
    label = KEYS.get(k)
    return k if label is None else label[1 if _zh() else 0]


def _signed_payments(p: dict[str, Any]) -> str:
    return ", ".join(f"{n} {v:+d}" if isinstance(v, int) else f"{n} {v}" for n, v in p.items())


def change_text(stored: str | None) -> str:
    """A stored before/after (JSON) in words: "win · winner 5 · discarder 7 · fan 24 · payments 5 +48, …"."""
    if not stored:
        return ""
    try:
        value = json.loads(stored)
    except ValueError:  # not JSON (an older entry): as it is
        return stored
    if not isinstance(value, dict):
        return _value(value)
    parts = []
    if "type" in value:
        parts.append(_value(value["type"]))
    for k, v in sorted(value.items(), key=lambda kv: _ORDER.get(kv[0], len(_ORDER))):
        if k == "type":
            continue
        if k == "payments" and isinstance(v, dict):
            parts.append(f"{_key(k)} {_signed_payments(v)}")
        elif k == "self_drawn" and v is True:
            parts.append(_key(k))
        else:
            parts.append(f"{_key(k)} {_value(v)}")
    return " · ".join(p for p in parts if p)
