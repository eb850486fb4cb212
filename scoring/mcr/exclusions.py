"""Which fans do not count together: the exclusion table (data) and the few conditional rules (functions).

Order of application (``apply_exclusions``):

1. Table rows whose excluding fan is not a set-combination fan, in FANS.md number order. A fan removed by
   an earlier row excludes nothing (so 九莲宝灯 removes 不求人 before 不求人 could remove 自摸: S2).
2. The set-combination principles (H2) choose the combination fans that count.
3. All table rows again, in number order (rows whose excluding fan is a combination fan now act).
4. The conditional rules: 九莲宝灯 幺九刻 ×1, the knitted-straight waits (S5), the seven-pairs
   companions (S1), and 无番和 when nothing is left.

Scope of a row: ``HAND`` removes every occurrence of the excluded fans; ``SETS`` only the occurrences made
entirely of the excluding fan's own sets (e.g. 圈风刻 removes the 幺九刻 of its own pung only).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from operator import itemgetter

from scoring.mcr.decompose import Form
from scoring.mcr.fan_rules import Found, View
from scoring.mcr.fans import Fan
from scoring.model import WinContext

__all__ = [
    "COMBINATION_FANS", "EXCLUSIONS", "SEVEN_PAIRS_COMPANIONS", "Exclusion", "Scope", "apply_exclusions",
    "apply_set_combination_principles", "chicken_hand", "knitted_straight_waits", "last_tile_applies",
    "nine_gates_terminal_pung", "seven_pairs_companions",
]

F = Fan


class Scope(Enum):
    HAND = "hand"
    SETS = "sets"


@dataclass(frozen=True, slots=True)
class Exclusion:
    fan: Fan
    excludes: tuple[Fan, ...]
    rule: str
    scope: Scope = Scope.HAND


_S = Scope.SETS

# One row per excluding fan: what it does not count with, and where the rule is written.
# "001" is sources/001_cd06a0aaeda1937a.txt §1.4 (the fan's own definition or note).
EXCLUSIONS: tuple[Exclusion, ...] = (
    Exclusion(F.BIG_FOUR_WINDS, (F.BIG_THREE_WINDS, F.ALL_PUNGS, F.PREVALENT_WIND, F.SEAT_WIND,
                                 F.PUNG_OF_TERMINALS_OR_HONORS), "001 大四喜"),
    Exclusion(F.BIG_THREE_DRAGONS, (F.TWO_DRAGONS_PUNGS, F.DRAGON_PUNG), "001 大三元"),
    Exclusion(F.ALL_GREEN, (F.HALF_FLUSH,), "001 绿一色 note, C2"),
    Exclusion(F.NINE_GATES, (F.FULL_FLUSH, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.NO_HONORS),
              "001 九莲宝灯, S2, S3 (幺九刻 ×1: nine_gates_terminal_pung)"),
    Exclusion(F.FOUR_KONGS, (F.ALL_PUNGS, F.SINGLE_WAIT), "001 四杠, K2"),
    Exclusion(F.SEVEN_SHIFTED_PAIRS, (F.FULL_FLUSH, F.SEVEN_PAIRS, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND,
                                      F.NO_HONORS, F.SINGLE_WAIT), "001 连七对, S4"),
    Exclusion(F.THIRTEEN_ORPHANS, (F.ALL_TYPES, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.SINGLE_WAIT,
                                   F.ALL_TERMINALS_AND_HONORS),
              "001 十三幺, S6; 混幺九 by the 不重复 principle (001 §1.3.7)"),
    Exclusion(F.ALL_TERMINALS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.DOUBLE_PUNG, F.PUNG_OF_TERMINALS_OR_HONORS,
                                F.NO_HONORS, F.ALL_TERMINALS_AND_HONORS), "001 清幺九, C4"),
    Exclusion(F.LITTLE_FOUR_WINDS, (F.BIG_THREE_WINDS,), "001 小四喜"),
    Exclusion(F.LITTLE_FOUR_WINDS, (F.PUNG_OF_TERMINALS_OR_HONORS,), "001 小四喜: its three pungs", _S),
    Exclusion(F.LITTLE_THREE_DRAGONS, (F.TWO_DRAGONS_PUNGS, F.DRAGON_PUNG), "001 小三元"),
    Exclusion(F.ALL_HONORS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS,
                             F.ALL_TERMINALS_AND_HONORS), "001 字一色, C4"),
    Exclusion(F.FOUR_CONCEALED_PUNGS, (F.ALL_PUNGS, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND),
              "001 四暗刻, S2"),
    Exclusion(F.PURE_TERMINAL_CHOWS, (F.FULL_FLUSH, F.ALL_CHOWS, F.PURE_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS,
                                      F.NO_HONORS), "001 一色双龙会"),
    Exclusion(F.QUADRUPLE_CHOW, (F.PURE_TRIPLE_CHOW, F.TILE_HOG, F.PURE_DOUBLE_CHOW), "001 一色四同顺"),
    Exclusion(F.FOUR_PURE_SHIFTED_PUNGS, (F.PURE_SHIFTED_PUNGS, F.ALL_PUNGS), "001 一色四节高"),
    Exclusion(F.FOUR_PURE_SHIFTED_CHOWS, (F.PURE_SHIFTED_CHOWS, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS),
              "001 一色四步高", _S),
    Exclusion(F.ALL_TERMINALS_AND_HONORS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS),
              "001 混幺九, C4"),
    Exclusion(F.SEVEN_PAIRS, (F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.SINGLE_WAIT), "001 七对, S1"),
    Exclusion(F.GREATER_HONORS_AND_KNITTED_TILES, (F.LESSER_HONORS_AND_KNITTED_TILES, F.ALL_TYPES,
                                                   F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.SINGLE_WAIT),
              "001 七星不靠, S6; 全不靠 by the 不重复 principle"),
    Exclusion(F.ALL_EVEN_PUNGS, (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS), "001 全双刻"),
    Exclusion(F.FULL_FLUSH, (F.NO_HONORS,), "001 清一色"),
    Exclusion(F.PURE_TRIPLE_CHOW, (F.PURE_DOUBLE_CHOW,), "001 一色三同顺", _S),
    Exclusion(F.UPPER_TILES, (F.UPPER_FOUR, F.NO_HONORS), "001 全大"),
    Exclusion(F.MIDDLE_TILES, (F.ALL_SIMPLES, F.NO_HONORS), "001 全中"),
    Exclusion(F.LOWER_TILES, (F.LOWER_FOUR, F.NO_HONORS), "001 全小"),
    Exclusion(F.PURE_STRAIGHT, (F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS), "001 清龙", _S),
    Exclusion(F.THREE_SUITED_TERMINAL_CHOWS, (F.ALL_CHOWS, F.TWO_TERMINAL_CHOWS, F.MIXED_DOUBLE_CHOW,
                                              F.NO_HONORS),
              "001 三色双龙会; 无字 by the 不重复 principle (as the reference calculator)"),
    Exclusion(F.ALL_FIVE, (F.ALL_SIMPLES, F.NO_HONORS), "001 全带五"),
    Exclusion(F.TRIPLE_PUNG, (F.DOUBLE_PUNG,), "001 三同刻", _S),
    Exclusion(F.LESSER_HONORS_AND_KNITTED_TILES, (F.ALL_TYPES, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND,
                                                  F.SINGLE_WAIT), "001 全不靠, S6"),
    Exclusion(F.UPPER_FOUR, (F.NO_HONORS,), "001 大于五"),
    Exclusion(F.LOWER_FOUR, (F.NO_HONORS,), "001 小于五"),
    Exclusion(F.BIG_THREE_WINDS, (F.PUNG_OF_TERMINALS_OR_HONORS,), "001 三风刻: its three pungs", _S),
    Exclusion(F.REVERSIBLE_TILES, (F.ONE_VOIDED_SUIT,), "001 推不倒, C1"),
    Exclusion(F.MIXED_TRIPLE_CHOW, (F.MIXED_DOUBLE_CHOW,), "001 三色三同顺", _S),
    Exclusion(F.LAST_TILE_DRAW, (F.SELF_DRAWN,), "001 妙手回春, W3"),
    Exclusion(F.OUT_WITH_REPLACEMENT_TILE, (F.SELF_DRAWN,), "001 杠上开花, W3"),
    Exclusion(F.ROBBING_THE_KONG, (F.LAST_TILE,), "001 抢杠和, W2"),
    Exclusion(F.MELDED_HAND, (F.SINGLE_WAIT,), "001 全求人, W1"),
    Exclusion(F.TWO_CONCEALED_KONGS, (F.TWO_CONCEALED_PUNGS,), "001 双暗杠"),
    Exclusion(F.TWO_DRAGONS_PUNGS, (F.DRAGON_PUNG,), "001 双箭刻", _S),
    Exclusion(F.FULLY_CONCEALED_HAND, (F.SELF_DRAWN,), "001 不求人"),
    Exclusion(F.PREVALENT_WIND, (F.PUNG_OF_TERMINALS_OR_HONORS,), "001 圈风刻: this pung", _S),
    Exclusion(F.SEAT_WIND, (F.PUNG_OF_TERMINALS_OR_HONORS,), "001 门风刻: this pung", _S),
    Exclusion(F.ALL_CHOWS, (F.NO_HONORS,), "001 平和"),
    Exclusion(F.ALL_SIMPLES, (F.NO_HONORS,), "001 断幺"),
)

# Fans made of a combination of two or more sets (the 关联组合类番种 of 001 §1.3.7).
COMBINATION_FANS: frozenset[Fan] = frozenset({
    F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS,
    F.MIXED_TRIPLE_CHOW, F.MIXED_SHIFTED_CHOWS, F.MIXED_STRAIGHT, F.PURE_STRAIGHT, F.PURE_SHIFTED_CHOWS,
    F.PURE_TRIPLE_CHOW, F.QUADRUPLE_CHOW, F.FOUR_PURE_SHIFTED_CHOWS,
    F.DOUBLE_PUNG, F.TRIPLE_PUNG, F.MIXED_SHIFTED_PUNGS, F.PURE_SHIFTED_PUNGS, F.FOUR_PURE_SHIFTED_PUNGS,
    F.TWO_DRAGONS_PUNGS, F.BIG_THREE_DRAGONS, F.LITTLE_THREE_DRAGONS,
    F.BIG_THREE_WINDS, F.LITTLE_FOUR_WINDS, F.BIG_FOUR_WINDS,
})

# S1: the only fans a seven-pairs hand can take besides 七对 itself (and 连七对, 花牌).
SEVEN_PAIRS_COMPANIONS: frozenset[Fan] = frozenset({
    F.ALL_GREEN, F.ALL_HONORS, F.ALL_TERMINALS, F.ALL_TERMINALS_AND_HONORS, F.FULL_FLUSH, F.UPPER_TILES,
    F.MIDDLE_TILES, F.LOWER_TILES, F.UPPER_FOUR, F.LOWER_FOUR, F.REVERSIBLE_TILES, F.LAST_TILE_DRAW,
    F.LAST_TILE_CLAIM, F.ALL_TYPES, F.HALF_FLUSH, F.TILE_HOG, F.ALL_SIMPLES, F.NO_HONORS, F.ONE_VOIDED_SUIT,
    F.SELF_DRAWN, F.FLOWER_TILES, F.SEVEN_PAIRS, F.SEVEN_SHIFTED_PAIRS,
})

_ROWS_IN_ORDER = tuple(sorted(EXCLUSIONS, key=lambda e: e.fan.number))


def _rows_by_fan(combination_excluders: bool) -> dict[Fan, tuple[tuple[int, Exclusion], ...]]:
    """Each excluding fan's rows with their place in ``_ROWS_IN_ORDER`` (the first pass leaves out the rows
    of combination fans): a hand looks up only the rows of its own fans."""
    out: dict[Fan, list[tuple[int, Exclusion]]] = {}
    for k, row in enumerate(_ROWS_IN_ORDER):
        if combination_excluders or row.fan not in COMBINATION_FANS:
            out.setdefault(row.fan, []).append((k, row))
    return {fan: tuple(rows) for fan, rows in out.items()}


_ROWS = {False: _rows_by_fan(False), True: _rows_by_fan(True)}
_COMBINATION_EXCLUDERS = frozenset(row.fan for row in EXCLUSIONS if row.fan in COMBINATION_FANS)
_PLACE = itemgetter(0)
_FAN_OF = itemgetter(0)  # of a ``Found``


def _apply_rows(found: list[Found], present: set[Fan], combination_excluders: bool) -> list[Found]:
    """The table rows in FANS.md order, each only while its excluding fan is still present. ``present``:
    the fans of ``found``, kept up to date here."""
    by_fan = _ROWS[combination_excluders]
    rows: list[tuple[int, Exclusion]] = []
    for fan in present:  # a fan absent at the start never comes back: no other row can act
        if fan in by_fan:
            rows += by_fan[fan]
    if not rows:
        return found
    rows.sort(key=_PLACE)
    for _, row in rows:
        if row.fan not in present:
            continue
        if row.scope is Scope.HAND:
            if not present.isdisjoint(row.excludes):
                present.difference_update(row.excludes)
                found = [f for f in found if f.fan in present]
        else:
            owners = [f for f in found if f.fan is row.fan]
            kept = [f for f in found if f.fan not in row.excludes
                    or not any(f.sets and f.sets <= o.sets for o in owners)]
            if len(kept) != len(found):
                found = kept
                present.clear()
                present.update([f.fan for f in found])
    return found


def apply_set_combination_principles(found: list[Found]) -> list[Found]:
    """H2: "the 不重复 / 不拆移 / 不相同 / 套算一次 principles of source 001 §1.3.7 apply — the combination
    relations among sets may not form a cycle, sets already forming a fan are not split to form another, and
    a set not yet used may be combined with a used one only once."

    Each combination fan links its sets (the pair too, for 小三元 / 小四喜). The fans kept are the subset
    whose links form no cycle (a forest: every fan must join sets not yet connected) with the highest
    points. Between equal points: more different fans, then more of the fans listed first in FANS.md
    (一般高 before 喜相逢 before 连六 before 老少副), which is the reference calculator's choice. 234567饼 +
    234567条: 喜相逢 ×2 + 连六 ×1; 123·234·345·567饼: 一色三步高 + 连六 (234·567).
    """
    combos = [f for f in found if f.fan in COMBINATION_FANS]
    if len(combos) <= 1:
        return found
    others = [f for f in found if f.fan not in COMBINATION_FANS]
    key = tuple((f.fan, tuple(sorted(f.sets))) for f in combos)
    keep = _best_forest(key)
    return others + [combos[i] for i in keep]


@lru_cache(maxsize=16384)
def _best_forest(items: tuple[tuple[Fan, tuple[int, ...]], ...]) -> tuple[int, ...]:
    """The indexes of ``items`` kept: an exact search over every subset whose links form a forest, taking
    items by points (high first) then FANS.md number, each first taken then left out. A subset is better
    by (points, number of different fans, counts per fan in FANS.md order); the first best one found wins.
    A branch that cannot reach the best points found so far is not followed (it could only score less)."""
    order = sorted(range(len(items)), key=lambda i: (-items[i][0].points, items[i][0].number))
    fans = sorted({fan for fan, _ in items}, key=lambda f: f.number)
    slot = {fan: k for k, fan in enumerate(fans)}  # counts of the other fans are 0 in every subset
    points = [items[i][0].points for i in order]
    slots = [slot[items[i][0]] for i in order]
    links = [items[i][1] for i in order]
    left = [sum(points[k:]) for k in range(len(order) + 1)]  # points still available from item k on
    counts = [0] * len(fans)
    chosen: list[int] = []
    best: list[tuple[tuple[int, int, tuple[int, ...]], tuple[int, ...]]] = []

    def find(parent: dict[int, int], v: int) -> int:
        while parent.get(v, v) != v:
            v = parent[v]
        return v

    def dfs(k: int, total: int, parent: dict[int, int]) -> None:
        if best and total + left[k] < best[0][0][0]:
            return
        if k == len(order):
            score = (total, sum(1 for c in counts if c), tuple(counts))
            if not best or score > best[0][0]:
                best[:] = [(score, tuple(sorted(order[j] for j in chosen)))]
            return
        roots = [find(parent, v) for v in links[k]]
        if len(set(roots)) == len(roots):
            merged = dict(parent)
            for r in roots[1:]:
                merged[r] = roots[0]
            chosen.append(k)
            counts[slots[k]] += 1
            dfs(k + 1, total + points[k], merged)
            counts[slots[k]] -= 1
            chosen.pop()
        dfs(k + 1, total, parent)

    dfs(0, 0, {})
    return best[0][1]


def nine_gates_terminal_pung(found: list[Found]) -> list[Found]:
    """九莲宝灯 "不计 ... 幺九刻 ×1" (source 001): one pung of 1s or 9s is part of the gates. Won on 2, 5 or
    8, the other pung still counts (S3)."""
    if not any(f.fan is F.NINE_GATES for f in found):
        return found
    for i, f in enumerate(found):
        if f.fan is F.PUNG_OF_TERMINALS_OR_HONORS:
            return found[:i] + found[i + 1:]
    return found


def knitted_straight_waits(view: View, found: list[Found]) -> list[Found]:
    """S5: "when the waiting tile is one of the knitted straight's nine tiles, no 边张/嵌张/单钓将" (source
    001, 组合龙 and 边张 notes)."""
    if view.form is Form.KNITTED_STRAIGHT and view.winning in view.reading.knitted:
        return [f for f in found if f.fan not in (F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT)]
    return found


def seven_pairs_companions(view: View, found: list[Found]) -> list[Found]:
    """S1: "Seven pairs combines with exactly these (source 001, 七对 note): 绿一色, 字一色, 清幺九, 混幺九,
    清一色, 全大, 全中, 全小, 大于五, 小于五, 推不倒, 妙手回春, 海底捞月, 五门齐, 混一色, 四归一, 断幺, 无字,
    缺一门, 自摸, 花牌." Anything else found on a seven-pairs reading is dropped."""
    if view.form is not Form.SEVEN_PAIRS:
        return found
    return [f for f in found if f.fan in SEVEN_PAIRS_COMPANIONS]


def chicken_hand(view: View, found: list[Found]) -> list[Found]:
    """无番和: "没有其他番种的和牌(花牌除外)" (source 001) — no fan at all besides flowers."""
    if found:
        return found
    return [Found(F.CHICKEN_HAND, view.reading.groups())]


def last_tile_applies(ctx: WinContext, copies_in_melds: int) -> bool:
    """W2: 和绝张 "counts when the other three copies of the winning tile are visible (discards, everyone's
    exposed melds — the winner's own exposed melds included, so it applies automatically when they hold
    three copies)." (抢杠和 excluding 和绝张 is a table row.) ``copies_in_melds``: copies of the winning tile
    in the winner's melds (a kong's four included)."""
    return ctx.fourth_tile or copies_in_melds == 3


def apply_exclusions(view: View, found: list[Found]) -> list[Found]:
    """All exclusions, in the order of the module docstring."""
    present = set(map(_FAN_OF, found))  # the fans of ``found``, kept up to date along the way
    found = _apply_rows(found, present, combination_excluders=False)
    if not present.isdisjoint(COMBINATION_FANS):
        kept = apply_set_combination_principles(found)
        if len(kept) != len(found):
            found = kept
            present = {f.fan for f in found}
        # The first pass's rows have nothing left to remove (fans never come back), so the second one can
        # act only through a combination fan's row.
        if not present.isdisjoint(_COMBINATION_EXCLUDERS):
            found = _apply_rows(found, present, combination_excluders=True)
    if view.nine_gates:  # 九莲宝灯 is only ever found then
        found = nine_gates_terminal_pung(found)
    form = view.form
    if form is Form.KNITTED_STRAIGHT:
        found = knitted_straight_waits(view, found)
    elif form is Form.SEVEN_PAIRS:
        found = seven_pairs_companions(view, found)
    return found if found else chicken_hand(view, found)
