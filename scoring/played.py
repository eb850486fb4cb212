"""What a game system's play of a table gives the store (``GameSystem.play``), whatever the system: each hand with
the table's state before it, each player's change, each winner's value and what was paid and why.

Riichi's play (``scoring.riichi.lines``) and the Chinese systems' (``scoring.chinese_game``) both give these
shapes; the store, the sheets and the answers read only them (docs/architecture.md "Rule systems").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["Fan", "GameEnd", "LineWin", "Payment", "PlayedGame", "PlayedHandLike", "TableState", "WinValue",
           "one_line_wins"]

Scores = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Fan:
    """One fan (or hand type) of a Chinese system's win, as its ``mcr-score`` answer names it."""

    id: str
    zh: str
    en: str
    value: int
    tiles: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class WinValue:
    """One winner's value as it was paid. Riichi fills han, fu, yakuman, limit and its yaku (id, han); a Chinese
    system its ``total`` (what its answer calls the total) and its ``fans``."""

    seat: int
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    limit: str | None = None
    yaku: tuple[tuple[str, int], ...] = ()
    tiles: str | None = None  # the hand as written when scored from the tiles
    pao: int | None = None
    yaku_tiles: tuple[tuple[str, ...], ...] = ()
    fu_parts: tuple[tuple[str, int], ...] = ()
    total: int = 0
    fans: tuple[Fan, ...] = ()
    unit: str = "han"  # what the value counts: "han" (Riichi) or "total" (a Chinese system's)


@dataclass(frozen=True, slots=True)
class Payment:
    """Part of a hand's settlement with its reason: "win", "horse", "kong", "flower_pig", "not_ready",
    "refund"; ``seat`` is the player it is about (the winner, the kong's owner), None for a check."""

    kind: str
    seat: int | None
    changes: Scores


@dataclass(frozen=True, slots=True)
class LineWin:
    """One win of a result line (players by number, ``GameSystem.line_wins``): its winner, and the part of the
    line that holds it, where a listing puts the win's value (``results list``)."""

    player: str
    part: dict[str, Any]


def one_line_wins(line: dict[str, Any]) -> tuple[LineWin, ...]:
    """The wins of a line of one result (Riichi's line, a Chinese system's ron/tsumo/draw line, a Sichuan event):
    a ron's winners in the line's order, each its own part; a tsumo's winner, the line itself holding the value.

    >>> one_line_wins({"type": "ron", "winners": [{"player": "3"}, {"player": "1"}]})[1].player
    '1'
    >>> [w.player for w in one_line_wins({"type": "tsumo", "winner": "2"})], one_line_wins({"type": "draw"})
    (['2'], ())
    """
    if "winners" in line:
        return tuple(LineWin(str(w["player"]), w) for w in line["winners"])
    return (LineWin(str(line["winner"]), line),) if line.get("type") == "tsumo" else ()


class TableState(Protocol):
    """A table before a hand (or after the last one)."""

    @property
    def name(self) -> str: ...  # the round: "E1" ... (the prevailing wind and the dealer's seat)

    @property
    def dealer(self) -> int: ...

    @property
    def honba(self) -> int: ...

    @property
    def deposits(self) -> int: ...

    @property
    def scores(self) -> Scores: ...


class GameEnd(Protocol):
    @property
    def state(self) -> TableState: ...

    @property
    def over(self) -> bool: ...


class PlayedHandLike(Protocol):
    @property
    def state(self) -> TableState: ...  # at the start of the hand

    @property
    def deltas(self) -> Scores: ...

    @property
    def scores_after(self) -> Scores: ...

    @property
    def payments(self) -> tuple[Payment, ...]: ...

    @property
    def partial(self) -> bool: ...  # a hand not over yet, played so far for a preview (``GameSystem.play``)

    def win_values(self, record: Mapping[str, Any]) -> tuple[WinValue, ...]:
        """Each winner's value, in the record's order."""
        ...


class PlayedGame(Protocol):
    @property
    def game(self) -> GameEnd: ...

    @property
    def hands(self) -> Sequence[PlayedHandLike]: ...
