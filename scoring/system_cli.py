"""``mcr-score --rules NAME`` for a system whose ``score_json`` answers with ``fans`` (the Chinese systems of
issue 33): one hand from the command line, or ``--stream``, both through ``system(NAME).score_json``.

The answer object is docs/scoring-cli.md's: ``{"valid", "fans": [{"id", "zh", "en", "value", "tiles"}],
"total", "deltas"}``; the breakdown shows each fan by its Chinese and English names.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import IO, Any

from scoring.json_lines import LineNotJson, read_json_line
from scoring.systems import system

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
        return dumps(system(rules).score_json(obj))
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


def breakdown(result: dict[str, Any], pgettext: Callable[[str, str], str]) -> str:
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
