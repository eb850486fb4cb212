"""``mcr-score --rules riichi-…``: one Riichi hand from the command line, or ``--stream``.

Called by ``scoring.cli.main`` when ``--rules`` names a Riichi preset. The ``--json`` and ``--stream``
objects are the contract of docs/scoring-cli.md; the breakdown speaks through the front end's
``pgettext`` (yaku names: msgctxt "yaku").
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import IO, Any

from scoring.json_lines import answer_line, run_lines
from scoring.riichi.presets import PRESETS
from scoring.riichi.score import answer
from scoring.riichi.yaku import BY_ID


def stream_line(line: bytes | str, rules: str) -> str:
    """The answer line (without newline) for one input line; never raises."""
    return answer_line(line, lambda obj: answer(obj, PRESETS[rules]))


def run_stream(stdin: IO[bytes], stdout: IO[bytes], rules: str) -> int:
    return run_lines(stdin, stdout, lambda raw: stream_line(raw, rules))


def request(args: argparse.Namespace) -> dict[str, Any]:
    """The input object that the one-hand options describe (the same object ``--stream`` reads)."""
    tsumo = bool(args.self_drawn)
    obj: dict[str, Any] = {
        "hand": args.notation, "win": "tsumo" if tsumo else "ron", "seat": args.seat, "round": args.prevailing,
        "dora": [t for t in (args.dora or "").split(",") if t], "ura": [t for t in (args.ura or "").split(",") if t],
        "riichi": args.riichi, "double_riichi": args.double_riichi, "ippatsu": args.ippatsu,
        "haitei": args.last_of_wall and tsumo, "houtei": args.last_of_wall and not tsumo,
        "rinshan": args.kong and tsumo, "chankan": args.kong and not tsumo,
        "tenhou": args.first_draw and tsumo and args.seat == "E",
        "chiihou": args.first_draw and tsumo and args.seat != "E",
        "honba": args.honba, "deposits": args.deposits,
    }
    if not tsumo:
        obj["discarder"] = args.discarder
    return obj


def breakdown(result: dict[str, Any], pgettext: Callable[[str, str], str]) -> str:
    """The answer as lines a referee reads out."""
    lines = []
    for y in result["yaku"]:
        info = BY_ID.get(y["id"])
        name = pgettext("yaku", info.en) if info else y["id"]
        romaji = f" ({info.romaji})" if info and info.romaji != name else ""
        tiles = " ".join(y["tiles"])
        lines.append(f"  {name}{romaji}: {y['han']} " + pgettext("mcr-score", "han") + (f"  [{tiles}]" if tiles else ""))
    if result["yakuman"]:
        total = pgettext("mcr-score", "{count}× yakuman").format(count=result["yakuman"])
    else:
        total = pgettext("mcr-score", "{han} han {fu} fu").format(han=result["han"], fu=result["fu"])
    if result["limit"] and not result["yakuman"]:
        total += f" ({result['limit']})"
    lines.append(total)
    lines.append(pgettext("mcr-score", "Payments (honba and deposits included): {deltas}").format(
        deltas="  ".join(f"{w} {d:+d}" for w, d in result["deltas"].items())))
    return "\n".join(lines)
