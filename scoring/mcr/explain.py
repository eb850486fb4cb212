"""A referee's explanation of a ScoreResult and the JSON form of ``mcr-score``.

The words are English; a front end passes ``pgettext`` to say them in another language (``scoring`` imports
nothing of ours, so not the catalogue). The fan names and tile names are scoring's data, in Chinese and
English: ``lang`` chooses which comes first.

>>> from scoring.mcr.fans import Fan
>>> from scoring.mcr.result import AwardedFan, ScoreResult
>>> r = ScoreResult(total=10, fans=(AwardedFan(Fan.MIXED_TRIPLE_CHOW, 1, ((6, 7, 8), (15, 16, 17), (24, 25, 26))),
...                                AwardedFan(Fan.FLOWER_TILES, 2)), meets_minimum=True)
>>> result_to_json(r)["fans"][0]["id"]
'MIXED_TRIPLE_CHOW'
>>> print(explain(r, "en").splitlines()[1])
  Mixed Triple Chow (三色三同顺)  8 = 8  789m 789s 789p: 7-8-9 characters, 7-8-9 bamboo, 7-8-9 dots
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from scoring.mcr.fans import Fan
from scoring.mcr.result import MINIMUM_FANS, AwardedFan, ScoreResult
from scoring.model import Hand, WinContext
from scoring.tiles import NUMERAL_ZH, SUIT_EN, SUIT_ZH, SUITS, Tile, name, name_en, name_zh

__all__ = ["describe_tiles", "english", "explain", "fan_entries", "result_to_json", "waiting_note", "waits_text"]

LANGS = ("zh", "en")  # the languages of scoring's data: fan names, tile names
_WIND_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}
# (context, English) -> the reader's language: gettext's pgettext, passed in by the front end (web.score_cli,
# through the catalogue, msgctxt "breakdown"; the engine's reading names under msgctxt "reading").
Pgettext = Callable[[str, str], str]


def english(context: str, text: str) -> str:
    """The English itself: the words of this module when no front end passes its own."""
    return text


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


def _situation(hand: Hand | None, ctx: WinContext | None, zh: bool, pgettext: Pgettext) -> list[str]:
    lines: list[str] = []
    if hand is not None:
        from scoring.notation import format_hand

        win = hand.winning
        won = "" if win is None else pgettext("breakdown", ", winning on {tile} ({name})").format(
            tile=name(win), name=name_zh(win) if zh else name_en(win))
        lines.append(pgettext("breakdown", "Hand: {hand}{won}").format(hand=format_hand(hand), won=won))
    if ctx is not None:
        how = [pgettext("breakdown", "self-drawn") if ctx.self_drawn else pgettext("breakdown", "on a discard")]
        how += [w for flag, w in ((ctx.fourth_tile, pgettext("breakdown", "last copy of the tile")),
                                  (ctx.kong_related, pgettext("breakdown", "kong (replacement tile / robbing the kong)")),
                                  (ctx.last_tile_of_wall, pgettext("breakdown", "last tile of the wall"))) if flag]
        lines.append(pgettext("breakdown", "Won {how}; seat wind {seat}, prevailing wind {prevailing}; {flowers} "
                              "flower(s)").format(
            how=pgettext("breakdown", ", ").join(how), seat=pgettext("wind.name", _WIND_EN[ctx.seat_wind.value]),
            prevailing=pgettext("wind.name", _WIND_EN[ctx.prevalent_wind.value]), flowers=ctx.flowers))
    return lines


def _fan_line(f: AwardedFan, zh: bool, pgettext: Pgettext) -> str:
    head = pgettext("breakdown", "  {name} ({other})").format(
        name=f.fan.zh if zh else f.fan.en, other=f.fan.en if zh else f.fan.zh)
    points = (pgettext("breakdown", "{points} = {subtotal}") if f.count == 1
              else pgettext("breakdown", "{points} × {count} = {subtotal}")).format(
        points=f.fan.points, count=f.count, subtotal=f.subtotal)
    line = f"{head}  {points}"
    if f.fan is Fan.FLOWER_TILES:
        return line + "  " + pgettext("breakdown", "1 per flower, not part of the 8-fan minimum")
    if f.tiles:
        line += "  " + " ".join(_short(t) for t in f.tiles)
        # Sets and pairs also in words; whole-hand and thirteen-tile fans only as tiles.
        if len(f.tiles) <= 5 and all(len(t) <= 4 for t in f.tiles):
            words = pgettext("breakdown.sets", ", ").join(describe_tiles(t, "zh" if zh else "en") for t in f.tiles)
            line += pgettext("breakdown", ": {words}").format(words=words)
    return line


def explain(result: ScoreResult, lang: str = "en", hand: Hand | None = None,
            ctx: WinContext | None = None, pgettext: Pgettext = english) -> str:
    """A breakdown a referee can read out: each fan with its points, count and the sets that make it, the
    total, the flowers, and whether the hand reaches the 8-fan minimum (flowers not counted).

    ``pgettext(context, English)`` says the words in the reader's language (English here; ``web.score_cli``
    passes the catalogue's); ``lang`` picks the fan and tile names, scoring's data: Chinese first for
    ``zh``, English first otherwise."""
    zh = lang == "zh"
    entries = fan_entries(result)
    flowers = sum(f.subtotal for f in entries if f.fan is Fan.FLOWER_TILES)
    without = result.total - flowers
    lines = _situation(hand, ctx, zh, pgettext)
    if result.reading:
        lines.append(pgettext("breakdown", "Read as: {reading}").format(reading=pgettext("reading", result.reading)))
    lines.append(pgettext("breakdown", "Fans:"))
    lines.extend(_fan_line(f, zh, pgettext) for f in entries)
    flower_part = pgettext("breakdown", " ({without} without flowers + {flowers} for flowers)").format(
        without=without, flowers=flowers) if flowers else ""
    lines.append(pgettext("breakdown", "Total: {total} fans{flowers}").format(total=result.total, flowers=flower_part))
    if result.meets_minimum:
        lines.append(pgettext("breakdown", "Meets the {minimum}-fan minimum: {without} fans without flowers, a "
                              "valid win.").format(minimum=MINIMUM_FANS, without=without))
    else:
        lines.append(pgettext("breakdown", "Below the {minimum}-fan minimum: only {without} fans without flowers "
                              "(flowers do not count), so this is a false win and cannot be recorded as a "
                              "win.").format(minimum=MINIMUM_FANS, without=without))
    return "\n".join(lines)


def waits_text(waits: tuple[Tile, ...], lang: str = "en", pgettext: Pgettext = english) -> str:
    """What a 13-tile hand waits on, in words (``lang`` and ``pgettext`` as for :func:`explain`).

    >>> waits_text((11, 14), "en")
    'Waits on 2 tiles: 3s (3 bamboo), 6s (6 bamboo)'
    >>> waits_text((), "zh")
    'Not waiting on any tile (the hand is not ready)'
    """
    if not waits:
        return pgettext("breakdown", "Not waiting on any tile (the hand is not ready)")
    tiles = pgettext("breakdown", ", ").join(
        pgettext("breakdown", "{tile} ({name})").format(tile=name(t), name=name_zh(t) if lang == "zh" else name_en(t))
        for t in waits)
    if len(waits) == 1:
        return pgettext("breakdown", "Waits on 1 tile: {tiles}").format(tiles=tiles)
    return pgettext("breakdown", "Waits on {n} tiles: {tiles}").format(n=len(waits), tiles=tiles)


def waiting_note(pgettext: Pgettext = english) -> str:
    """Said before the waits when a 13-tile hand was given to be scored."""
    return pgettext("breakdown", "This is a waiting hand (13 tiles, no winning tile), so there is nothing to "
                    "score yet.")
