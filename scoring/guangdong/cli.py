"""``mcr-score --rules guangdong-tuidaohu``: one hand from the command line, or ``--stream``.

Called by ``scoring.cli.main``. The ``--json`` and ``--stream`` objects are the contract of
docs/scoring-cli.md; the breakdown's words go through the front end's ``pgettext``, the hand types'
names are the answer's own (Chinese and English, as the source writes them).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import IO, Any

from scoring.guangdong.score import answer
from scoring.json_lines import answer_line, run_lines


def stream_line(line: bytes | str) -> str:
    """The answer line (without newline) for one input line; never raises."""
    return answer_line(line, answer)


def run_stream(stdin: IO[bytes], stdout: IO[bytes]) -> int:
    return run_lines(stdin, stdout, stream_line)


def request(args: argparse.Namespace) -> dict[str, Any]:
    """The input object that the one-hand options describe (the object ``--stream`` reads)."""
    tsumo = bool(args.self_drawn)
    obj: dict[str, Any] = {
        "hand": args.notation, "win": "tsumo" if tsumo else "ron", "seat": args.seat, "joker": args.joker,
        "rinshan": args.kong and tsumo, "chankan": args.kong and not tsumo, "haitei": args.last_of_wall,
        "tenhou": args.first_draw and args.seat == "E", "chiihou": args.first_draw and args.seat != "E",
        "base": args.base,
    }
    if not tsumo:
        obj["discarder"] = args.discarder
    return obj


def breakdown(result: dict[str, Any], pgettext: Callable[[str, str], str]) -> str:
    """The answer as lines a referee reads out."""
    lines = [f"  {f['zh']} {f['en']}: {f['value']}  [{' '.join(f['tiles'])}]" for f in result["fans"]]
    lines.extend(f"  ×{d['factor']} {d['zh']} {d['en']}" for d in result["doublings"])
    if result["jokers"]:
        lines.append(pgettext("mcr-score", "Jokers read as: {tiles}").format(tiles=" ".join(result["jokers"])))
    lines.append(pgettext("mcr-score", "Total: {total}").format(total=result["total"]))
    if "deltas" in result:
        lines.append(pgettext("mcr-score", "Payments: {deltas}").format(
            deltas="  ".join(f"{w} {d:+d}" for w, d in result["deltas"].items())))
    return "\n".join(lines)
