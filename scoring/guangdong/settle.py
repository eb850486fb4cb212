"""One Guangdong hand settled into the four winds' changes: the win, the bought horses, the kongs.

Source 003: "番型计算公式=（番型1+番型2+...）X翻倍X底分"; kongs "杠牌直接输赢。点杠，收取放杠者3倍低分
补杠，收取其他玩家1倍低分 暗杠，收取其他玩家2倍低分"; horses "已胡牌玩家为起点 … 一炮多响时，从放炮者开始",
each hit winning or losing one more share with the player it hits, "杠牌不计入马牌". Who pays a win is
decided in docs/rule-systems.md: on a self-drawn win each other player pays the score, on a discard win
(robbing a kong and 杠上炮 included) the discarder alone pays it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.tiles import Tile

__all__ = ["KongKind", "KongPaid", "Win", "horse_offset", "kong_changes", "settle", "WINDS"]

WINDS = ("E", "S", "W", "N")  # in the order of play: the next player (下家) of E is S


class KongKind(StrEnum):
    MELDED = "melded"  # 点杠 / 明杠: from a discard, paid by its discarder
    ADDED = "added"  # 补杠: a pung made a kong, paid by each other player
    CONCEALED = "concealed"  # 暗杠, paid by each other player


# Kong payments in bases: (from the discarder alone, from each other player).
_KONG_BASES = {KongKind.MELDED: 3, KongKind.ADDED: 1, KongKind.CONCEALED: 2}


@dataclass(frozen=True, slots=True)
class KongPaid:
    kind: KongKind
    by: str  # the wind that made the kong
    discarder: str | None = None  # a melded kong's discarder


@dataclass(frozen=True, slots=True)
class Win:
    winner: str
    discarder: str | None  # None when self-drawn
    points: int  # what each payer pays: the total × the base
    several_winners: bool = False  # one of several winners on one discard: horses count from the discarder


def horse_offset(t: Tile) -> int:
    """How far along the order of play from the counting player a horse tile lands: 1/5/9 and East 0,
    2/6, South and red 1, 3/7, West and green 2, 4/8, North and white 3 (source 003, "买马")."""
    if t < 27:
        return (t % 9) % 4
    return {27: 0, 28: 1, 29: 2, 30: 3, 31: 1, 32: 2, 33: 3}[t]


def _add(out: dict[str, int], payer: str, payee: str, amount: int) -> None:
    out[payer] -= amount
    out[payee] += amount


def _win_payments(win: Win) -> dict[str, int]:
    """What each loser pays the winner."""
    if win.discarder is None:
        return {w: win.points for w in WINDS if w != win.winner}
    return {win.discarder: win.points}


def settle(win: Win, horses: Mapping[str, Sequence[Tile]], kongs: Sequence[KongPaid], base: int) -> dict[str, int]:
    """The four winds' changes. A horse held by H that hits the winner wins H what each loser paid the
    winner, from that loser; one that hits a loser costs H what that loser paid, to the winner; one that
    hits a player who neither won nor paid counts nothing. Kongs are paid apart from the horses."""
    out = dict.fromkeys(WINDS, 0)
    paid = _win_payments(win)
    for loser, amount in paid.items():
        _add(out, loser, win.winner, amount)
    start = WINDS.index(win.discarder if win.several_winners and win.discarder else win.winner)
    for holder, tiles in horses.items():
        for t in tiles:
            hit = WINDS[(start + horse_offset(t)) % 4]
            if hit == win.winner:
                for loser, amount in paid.items():
                    _add(out, loser, holder, amount)
            elif hit in paid:
                _add(out, holder, win.winner, paid[hit])
    kong = kong_changes(kongs, base)
    return {w: out[w] + kong[w] for w in WINDS}


def kong_changes(kongs: Sequence[KongPaid], base: int) -> dict[str, int]:
    """The kongs' payments (at once, on a drawn hand too)."""
    out = dict.fromkeys(WINDS, 0)
    for k in kongs:
        if k.kind is KongKind.MELDED:
            assert k.discarder is not None
            _add(out, k.discarder, k.by, _KONG_BASES[k.kind] * base)
        else:
            for w in WINDS:
                if w != k.by:
                    _add(out, w, k.by, _KONG_BASES[k.kind] * base)
    return out
