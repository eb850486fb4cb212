"""``mcr-score --rules sichuan-xuezhan``'s own parts (the rest is scoring/points_cli.py, shared by the systems
scored one win at a time): the input object the one-hand options describe, and the breakdown a referee reads
out, each fan by its Chinese and English names."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

EXAMPLE = "--self-drawn --void p '123m456m789m1112s2s'"


def request(args: argparse.Namespace) -> dict[str, Any]:
    """The input object the one-hand options describe. The seats go in (and so the deltas come out) for a
    self-drawn hand, and for a discard when ``--discarder`` names it."""
    tsumo = bool(args.self_drawn)
    obj: dict[str, Any] = {
        "hand": args.notation, "win": "tsumo" if tsumo else "ron",
        "haitei": args.last_of_wall and tsumo, "houtei": args.last_of_wall and not tsumo,
        "rinshan": args.kong and tsumo, "chankan": args.kong and not tsumo,
        "tenhou": args.first_draw and tsumo and args.seat == "E",
        "chiihou": args.first_draw and args.seat != "E",
    }
    if tsumo or args.discarder is not None:
        obj["seat"] = args.seat
    if not tsumo and args.discarder is not None:
        obj["discarder"] = args.discarder
    if args.void is not None:
        obj["void"] = args.void
    return obj


def breakdown(result: dict[str, Any], lang: str, pgettext: Callable[[str, str], str]) -> str:
    """The answer as lines a referee reads out: each fan (Chinese and English) with its tiles, the total."""
    lines = []
    for f in result["fans"]:
        tiles = " ".join(f["tiles"])
        lines.append(f"  {f['zh']} {f['en']}: {f['value']}" + (f"  [{tiles}]" if tiles else ""))
    lines.append(pgettext("mcr-score", "Total: {total} fan (paid {paid}: {points} from each payer)").format(
        total=result["total"], paid=result.get("paid", result["total"]), points=result.get("points", "")))
    if "deltas" in result:
        lines.append(pgettext("mcr-score", "Payments: {deltas}").format(
            deltas="  ".join(f"{w} {d:+d}" for w, d in result["deltas"].items())))
    return "\n".join(lines)
