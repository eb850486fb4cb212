"""A referee's explanation of a ScoreResult (Chinese or English) and the JSON form of ``mcr-score``.

>>> from scoring.fans import Fan
>>> from scoring.result import AwardedFan, ScoreResult
>>> r = ScoreResult(total=10, fans=(AwardedFan(Fan.MIXED_TRIPLE_CHOW, 1, ((6, 7, 8), (15, 16, 17), (24, 25, 26))),
...                                AwardedFan(Fan.FLOWER_TILES, 2)), meets_minimum=True)
>>> result_to_json(r)["fans"][0]["id"]
'MIXED_TRIPLE_CHOW'
>>> print(explain(r, "en").splitlines()[1])
  Mixed Triple Chow (三色三同顺)  8 = 8  789m 789s 789p: 7-8-9 characters, 7-8-9 bamboo, 7-8-9 dots
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from scoring.fans import Fan
from scoring.model import Hand, WinContext
from scoring.result import MINIMUM_FANS, AwardedFan, ScoreResult
from scoring.tiles import NUMERAL_ZH, SUIT_EN, SUIT_ZH, SUITS, Tile, name, name_en, name_zh

__all__ = ["describe_tiles", "explain", "fan_entries", "result_to_json", "waits_text"]

LANGS = ("zh", "en")
_WIND_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}
_WIND_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}
# The engine's reading names (decompose.Form values) in Chinese; anything else is shown as given.
_READING_ZH = {
    "4 sets + pair": "四组面子加一对将",
    "seven pairs": "七对",
    "thirteen orphans": "十三幺",
    "honors and knitted tiles": "全不靠型",
    "knitted straight + set + pair": "组合龙加一组面子和一对将",
}


def _short(tiles: tuple[Tile, ...]) -> str:
    from scoring.notation import tiles_text

    return tiles_text(sorted(tiles))


def describe_tiles(tiles: tuple[Tile, ...], lang: str = "en") -> str:
    """One set or group of tiles in words: "7-8-9 bamboo", "Red Dragon ×3", "七八九条", "中×3".

    >>> describe_tiles((31, 31, 31), "zh"), describe_tiles((0, 3, 6), "en"), describe_tiles((27, 28), "en")
    ('中×3', '1-4-7 characters', 'East, South')
    """
    if not tiles:
        return ""
    if all(t == tiles[0] for t in tiles):
        t = tiles[0]
        single = name_zh(t) if lang == "zh" else name_en(t)
        return single if len(tiles) == 1 else f"{single} ×{len(tiles)}" if lang == "en" else f"{single}×{len(tiles)}"
    groups: list[list[Tile]] = []
    for t in sorted(tiles):
        last = groups[-1][0] if groups else -1
        if groups and (t == last if t >= 27 else last < 27 and last // 9 == t // 9):
            groups[-1].append(t)
        else:
            groups.append([t])
    words: list[str] = []
    for group in groups:
        t = group[0]
        if t >= 27:  # a group of one honour kind
            words.append(describe_tiles(tuple(group), lang))
        elif lang == "zh":
            words.append("".join(NUMERAL_ZH[x % 9] for x in group) + SUIT_ZH[SUITS[t // 9]])
        else:
            words.append("-".join(str(x % 9 + 1) for x in group) + " " + SUIT_EN[SUITS[t // 9]])
    return ("、" if lang == "zh" else ", ").join(words)


def fan_entries(result: ScoreResult) -> list[AwardedFan]:
    """The fans of ``result`` in FANS.md order, one entry per fan (repeats merged into ``count``), with
    FLOWER_TILES present whenever the total includes flowers."""
    merged: dict[Fan, AwardedFan] = {}
    for f in result.fans:
        if f.count <= 0:
            continue
        old = merged.get(f.fan)
        merged[f.fan] = f if old is None else AwardedFan(f.fan, old.count + f.count, old.tiles + f.tiles)
    flowers = result.total - sum(_POINTS[f.fan] * f.count for f in merged.values())
    if Fan.FLOWER_TILES not in merged and flowers > 0:
        merged[Fan.FLOWER_TILES] = AwardedFan(Fan.FLOWER_TILES, flowers)
    return [merged[fan] for fan in sorted(merged, key=_NUMBER.__getitem__)]


_POINTS = {fan: fan.points for fan in Fan}
_NUMBER = {fan: fan.number for fan in Fan}


def result_to_json(result: ScoreResult) -> dict[str, Any]:
    """The ``mcr-score --json`` / ``--stream`` object: total (flowers included), fans, meets_minimum."""
    return {
        "total": result.total,
        "fans": [
            {"id": f.fan.value, "zh": f.fan.zh, "en": f.fan.en, "points": f.fan.points, "count": f.count}
            for f in fan_entries(result)
        ],
        "meets_minimum": result.meets_minimum,
    }


def result_json_text(result: ScoreResult) -> str:
    """``result_to_json`` as compact JSON text (``ensure_ascii=False``), the ``--stream`` answer: the same
    characters as ``json.dumps`` gives, assembled from each fan's piece, which ``json.dumps`` made once."""
    return fans_json_text(result.total, {f.fan: f.count for f in fan_entries(result)}, result.meets_minimum)


def fans_json_text(total: int, counts: dict[Fan, int], meets_minimum: bool) -> str:
    """The ``result_to_json`` text of a total, each fan's count (flowers included) and the verdict."""
    ordered = sorted(counts, key=_NUMBER.__getitem__)
    fans = ",".join(map(_fan_entry, ordered, map(counts.__getitem__, ordered)))
    return f'{{"total":{total},"fans":[{fans}],"meets_minimum":{"true" if meets_minimum else "false"}}}'


@cache
def _fan_entry(fan: Fan, count: int) -> str:
    """One fan of the JSON answer with its count (a few hundred pairs occur)."""
    return _fan_json(fan) + str(count) + "}"


@cache
def _fan_json(fan: Fan) -> str:
    """``{"id":…,"zh":…,"en":…,"points":…,"count":`` of one fan."""
    text = json.dumps({"id": fan.value, "zh": fan.zh, "en": fan.en, "points": fan.points, "count": 0},
                      ensure_ascii=False, separators=(",", ":"))
    return text.removesuffix("0}")


def _situation(hand: Hand | None, ctx: WinContext | None, lang: str) -> list[str]:
    lines: list[str] = []
    if hand is not None:
        from scoring.notation import format_hand

        win = hand.winning
        if lang == "zh":
            won = "" if win is None else f"，和 {name(win)}（{name_zh(win)}）"
            lines.append(f"手牌：{format_hand(hand)}{won}")
        else:
            won = "" if win is None else f", winning on {name(win)} ({name_en(win)})"
            lines.append(f"Hand: {format_hand(hand)}{won}")
    if ctx is not None:
        if lang == "zh":
            how = ["自摸" if ctx.self_drawn else "点和"]
            how += [w for flag, w in ((ctx.fourth_tile, "绝张"), (ctx.kong_related, "杠（杠上开花/抢杠）"),
                                      (ctx.last_tile_of_wall, "牌墙最后一张")) if flag]
            lines.append(f"和牌方式：{'、'.join(how)}；门风{_WIND_ZH[ctx.seat_wind.value]}，"
                         f"圈风{_WIND_ZH[ctx.prevalent_wind.value]}；花牌 {ctx.flowers} 张")
        else:
            how = ["self-drawn" if ctx.self_drawn else "on a discard"]
            how += [w for flag, w in ((ctx.fourth_tile, "last copy of the tile"),
                                      (ctx.kong_related, "kong (replacement tile / robbing the kong)"),
                                      (ctx.last_tile_of_wall, "last tile of the wall")) if flag]
            lines.append(f"Won {', '.join(how)}; seat wind {_WIND_EN[ctx.seat_wind.value]}, prevailing wind "
                         f"{_WIND_EN[ctx.prevalent_wind.value]}; {ctx.flowers} flower(s)")
    return lines


def _fan_line(f: AwardedFan, lang: str) -> str:
    if lang == "zh":
        head = f"  {f.fan.zh}（{f.fan.en}）"
        points = f"{f.fan.points}番" + (f" ×{f.count} = {f.subtotal}番" if f.count != 1 else "")
    else:
        head = f"  {f.fan.en} ({f.fan.zh})"
        points = f"{f.fan.points}" + (f" × {f.count}" if f.count != 1 else "") + f" = {f.subtotal}"
    line = f"{head}  {points}"
    if f.fan is Fan.FLOWER_TILES:
        return line + ("  每花1番，不计入起和番" if lang == "zh" else "  1 per flower, not part of the 8-fan minimum")
    if f.tiles:
        line += "  " + " ".join(_short(t) for t in f.tiles)
        # Sets and pairs also in words; whole-hand and thirteen-tile fans only as tiles.
        if len(f.tiles) <= 5 and all(len(t) <= 4 for t in f.tiles):
            words = ("；" if lang == "zh" else ", ").join(describe_tiles(t, lang) for t in f.tiles)
            line += ("：" if lang == "zh" else ": ") + words
    return line


def explain(result: ScoreResult, lang: str = "en", hand: Hand | None = None,
            ctx: WinContext | None = None) -> str:
    """A breakdown a referee can read out: each fan with its points, count and the sets that make it, the
    total, the flowers, and whether the hand reaches the 8-fan minimum (flowers not counted)."""
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: use zh or en")
    entries = fan_entries(result)
    flowers = sum(f.subtotal for f in entries if f.fan is Fan.FLOWER_TILES)
    without = result.total - flowers
    lines = _situation(hand, ctx, lang)
    if result.reading:
        if lang == "zh":
            lines.append(f"牌型：{_READING_ZH.get(result.reading, result.reading)}")
        else:
            lines.append(f"Read as: {result.reading}")
    lines.append("番种：" if lang == "zh" else "Fans:")
    lines.extend(_fan_line(f, lang) for f in entries)
    if lang == "zh":
        flower_part = f"（不计花牌 {without} 番，花牌 {flowers} 番）" if flowers else ""
        lines.append(f"合计：{result.total} 番{flower_part}")
        if result.meets_minimum:
            lines.append(f"达到 {MINIMUM_FANS} 番起和：不计花牌共 {without} 番，可以和牌。")
        else:
            lines.append(f"未达到 {MINIMUM_FANS} 番起和：不计花牌只有 {without} 番（花牌不计入起和番），"
                         f"这是错和，不能记为和牌。")
    else:
        flower_part = f" ({without} without flowers + {flowers} for flowers)" if flowers else ""
        lines.append(f"Total: {result.total} fans{flower_part}")
        if result.meets_minimum:
            lines.append(f"Meets the {MINIMUM_FANS}-fan minimum: {without} fans without flowers, a valid win.")
        else:
            lines.append(f"Below the {MINIMUM_FANS}-fan minimum: only {without} fans without flowers (flowers "
                         f"do not count), so this is a false win (错和) and cannot be recorded as a win.")
    return "\n".join(lines)


def waits_text(waits: tuple[Tile, ...], lang: str = "en") -> str:
    """What a 13-tile hand waits on, in words.

    >>> waits_text((11, 14), "en")
    'Waits on 2 tiles: 3s (3 bamboo), 6s (6 bamboo)'
    >>> waits_text((), "zh")
    '没有听牌（这手牌还不能和）'
    """
    if lang == "zh":
        if not waits:
            return "没有听牌（这手牌还不能和）"
        return f"听 {len(waits)} 种牌：" + "、".join(f"{name(t)}（{name_zh(t)}）" for t in waits)
    if not waits:
        return "Not waiting on any tile (the hand is not ready)"
    noun = "tile" if len(waits) == 1 else "tiles"
    return f"Waits on {len(waits)} {noun}: " + ", ".join(f"{name(t)} ({name_en(t)})" for t in waits)
