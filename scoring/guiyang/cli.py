"""``mcr-score --rules guiyang-zhuoji``'s own parts (the rest is scoring/points_cli.py): the input object the
one-hand options describe, and the breakdown a referee reads out: the hand type, the kongs' and chickens'
payments, the total and the changes."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from scoring import points_cli

EXAMPLE = ("--self-drawn --rule chicken=1 --rule charging_chicken=2 --rule responsible_chicken=2 "
           "'123m456m789m1112s2s'")


def request(args: argparse.Namespace) -> dict[str, Any]:
    """The input object the one-hand options describe (``--kong``: 杠上胡 self-drawn, 抢杠 on a discard)."""
    tsumo = bool(args.self_drawn)
    obj: dict[str, Any] = {"hand": args.notation, "win": "tsumo" if tsumo else "ron", "seat": args.seat,
                           "dealer": args.dealer, "rinshan": args.kong and tsumo, "chankan": args.kong and not tsumo}
    if not tsumo:
        obj["discarder"] = args.discarder
    return obj


def breakdown(result: dict[str, Any], lang: str, pgettext: Callable[[str, str], str]) -> str:
    """The systems' common breakdown (points_cli), each kong's and chicken's payment after the hand's types."""
    lines = points_cli.breakdown(result, lang, pgettext).split("\n")
    paid = [f"  {p['zh'] if lang == 'zh' else p['en']}: {','.join(p['from'])} → {p['to']} {p['value']:+d}"
            for p in result.get("payments", [])]
    at = len(result["fans"])
    return "\n".join(lines[:at] + paid + lines[at:])
