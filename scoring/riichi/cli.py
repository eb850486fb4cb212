"""``mcr-score --rules riichi-…``: one Riichi hand from the command line, or ``--stream``.

Called by ``scoring.cli.main`` when ``--rules`` names a Riichi preset. The ``--json`` and ``--stream``
objects are the contract of docs/scoring-cli.md; the breakdown speaks through the front end's
``pgettext`` (yaku names: msgctxt "yaku").
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import IO, Any

from scoring.json_lines import LineNotJson, read_json_line
from scoring.riichi.presets import PRESETS
from scoring.riichi.score import answer
from scoring.riichi.yaku import BY_ID

_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def dumps(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).translate(_LINE_BREAKS)


def _invalid(code: str, message: str) -> dict[str, Any]:
    return {"valid": False, "error": {"code": code, "message": message}}


def stream_line(line: bytes | str, rules: str) -> str:
    """The answer line (without newline) for one input line; never raises."""
    try:
        try:
            obj = read_json_line(line)
        except LineNotJson as e:
            return dumps(_invalid("invalid_json", str(e)))
        return dumps(answer(obj, PRESETS[rules]))
    except Exception as e:  # never let one hand stop the stream
        return dumps(_invalid("internal", f"{type(e).__name__}: {e}"))


def run_stream(stdin: IO[bytes], stdout: IO[bytes], rules: str) -> int:
    while True:
        raw = stdin.readline()
        if not raw:
            return 0
        out = stream_line(raw.rstrip(b"\r\n"), rules)
        try:
            stdout.write(out.encode("utf-8") + b"\n")
            stdout.flush()
        except BrokenPipeError:
            return 0


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
