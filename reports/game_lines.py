"""What a Chinese system's hand says beyond its winners' values, read from the store's view of it
(``db.read.views.GameHandView``: its result line by player number and its payments): each win's own kind and
discarder (a Sichuan line of events has several), and each payment's reason (a kong by its kind). One home for
them: the score sheet, the website, the workbook and the players' page say them from here. No ReportLab: the
players' page imports it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from db.read.views import GameHandView
from db.rules import game_words
from texts import Text


def players_of(numbers: Sequence[str]) -> dict[str, int]:
    """Each player's index at the table (0-3, the starting seats E S W N) by number."""
    return {n: i for i, n in enumerate(numbers)}


def wins_of(hand: GameHandView, numbers: Sequence[str]) -> list[tuple[str | None, int | None]]:
    """Per winner (in ``hand.winners``' order): the kind of its own win ("tsumo", "ron") when a line of events
    (Sichuan's) names it, else None (the hand's kind says it), and its discarder (None: self-drawn)."""
    at = players_of(numbers)
    events = hand.line.get("events")
    if isinstance(events, list):  # the hand's events in order: each win with its own kind and discarder
        out: list[tuple[str | None, int | None]] = []
        for e in events:
            if e.get("type") == "tsumo":
                out.append(("tsumo", None))
            elif e.get("type") == "ron":
                out += [("ron", at.get(e.get("discarder")))] * len(e.get("winners", []))
        if len(out) == len(hand.winners):
            return out
    return [(None, hand.discarder if hand.kind == "ron" else None) for _ in hand.winners]


def kong_kinds(line: Mapping[str, Any], numbers: Sequence[str]) -> dict[int, list[str]]:
    """Each player's kongs' kinds as the result line lists them, in order (a Guangdong line's ``kongs``, a
    Sichuan line's kong events); a kong the line does not list (Hebei's winner's, read from the tiles) has none."""
    at = players_of(numbers)
    listed = [*line.get("kongs", []), *(e for e in line.get("events", []) if e.get("type") == "kong")]
    out: dict[int, list[str]] = {}
    for k in listed:
        if k.get("player") in at:
            out.setdefault(at[k["player"]], []).append(str(k.get("kind", "")))
    return out


@dataclass(frozen=True, slots=True)
class PaymentLine:
    """One payment of a hand in words: what it was for ("Win", "Horses", "Concealed kong", "Flower pig (three
    suits)"), the player it is about (None for an end-of-wall check) and each player's change."""

    word: Text
    seat: int | None
    changes: tuple[int, ...]


def payment_words(hand: GameHandView, numbers: Sequence[str]) -> list[PaymentLine]:
    """What the hand paid and why, in order (the sheet, the website and the workbook say them); a kong named by
    its kind when the result line lists it."""
    kongs = kong_kinds(hand.line, numbers)
    out = []
    for p in hand.payments:
        word = game_words.PAYMENTS.get(p.kind, Text(p.kind))
        if p.kind == "kong" and p.seat is not None and kongs.get(p.seat):
            word = game_words.KONG_KINDS.get(kongs[p.seat].pop(0), word)
        out.append(PaymentLine(word, p.seat, tuple(p.changes)))
    return out
