"""``mcr-score --rules guangdong-jipinghu``'s own parts (the rest is scoring/points_cli.py): the hand type in
place of the notation, and Sichuan's breakdown (each 番 doubles under a cap there too: the 番 counted, the 番
paid and what each payer pays)."""

from __future__ import annotations

import argparse
from typing import Any

from scoring.sichuan.cli import breakdown

__all__ = ["EXAMPLE", "breakdown", "request"]

EXAMPLE = "--self-drawn --rule fan_jihu=0 --rule fan_pinghu=1 … --rule fan_shisanyao=13 pinghu"


def request(args: argparse.Namespace) -> dict[str, Any]:
    """The input object the one-hand options describe: the positional argument is the hand type (types that add
    up joined by "+", e.g. hunyise+duiduihu)."""
    tsumo = bool(args.self_drawn)
    kinds = args.notation.split("+")
    obj: dict[str, Any] = {"hand_type": kinds[0] if len(kinds) == 1 else kinds, "win": "tsumo" if tsumo else "ron",
                           "seat": args.seat, "dealer": args.dealer}
    if not tsumo:
        obj["discarder"] = args.discarder
    return obj
