"""The 34 tile kinds as small integers, in notation order (m, s, p, E S W N C F P).

0–8 characters 1m–9m, 9–17 bamboo 1s–9s, 18–26 dots 1p–9p,
27–30 winds E S W N, 31–33 dragons C (red 中) F (green 发) P (white 白).
Flowers are never tiles here: a hand carries them as a count.
"""

from __future__ import annotations

from enum import IntEnum

Tile = int  # 0..33

NUM_KINDS = 34
SUITS = ("m", "s", "p")
HONOR_LETTERS = ("E", "S", "W", "N", "C", "F", "P")

SUIT_ZH = {"m": "万", "s": "条", "p": "饼"}
SUIT_EN = {"m": "characters", "s": "bamboo", "p": "dots"}
HONOR_ZH = {"E": "东", "S": "南", "W": "西", "N": "北", "C": "中", "F": "发", "P": "白"}
HONOR_EN = {
    "E": "East", "S": "South", "W": "West", "N": "North",
    "C": "Red Dragon", "F": "Green Dragon", "P": "White Dragon",
}
NUMERAL_ZH = "一二三四五六七八九"


class Suit(IntEnum):
    CHARACTERS = 0
    BAMBOO = 1
    DOTS = 2
    HONORS = 3


EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + HONORS
# 绿一色: 2 3 4 6 8 bamboo and green dragon.
GREEN_TILES = frozenset({10, 11, 12, 14, 16, GREEN})
# 推不倒: 1234589 dots, 245689 bamboo, white dragon.
REVERSIBLE = frozenset({18, 19, 20, 21, 22, 25, 26, 10, 12, 13, 14, 16, 17, WHITE})


def tile(text: str) -> Tile:
    """Tile kind from its short name, e.g. ``tile("3s") == 11``, ``tile("C") == 31``."""
    if len(text) == 1 and text in HONOR_LETTERS:
        return 27 + HONOR_LETTERS.index(text)
    if len(text) == 2 and text[0] in "123456789" and text[1] in SUITS:
        return SUITS.index(text[1]) * 9 + int(text[0]) - 1
    raise ValueError(f"not a tile: {text!r}")


def name(t: Tile) -> str:
    """Short name in the notation: ``name(11) == "3s"``."""
    if t >= 27:
        return HONOR_LETTERS[t - 27]
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def name_zh(t: Tile) -> str:
    """Chinese name: 三条, 东, 中."""
    if t >= 27:
        return HONOR_ZH[HONOR_LETTERS[t - 27]]
    return NUMERAL_ZH[t % 9] + SUIT_ZH[SUITS[t // 9]]


def name_en(t: Tile) -> str:
    """English name: 3 bamboo, East, Red Dragon."""
    if t >= 27:
        return HONOR_EN[HONOR_LETTERS[t - 27]]
    return f"{t % 9 + 1} {SUIT_EN[SUITS[t // 9]]}"


def suit(t: Tile) -> Suit:
    return Suit(min(t // 9, 3))


def rank(t: Tile) -> int:
    """1–9 for suited tiles, 0 for honours."""
    return t % 9 + 1 if t < 27 else 0


def sort_key(t: Tile) -> int:
    return t
