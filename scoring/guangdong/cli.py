"""``mcr-score --rules guangdong-tuidaohu``: one hand from the command line, or ``--stream``.

Called by ``scoring.cli.main``. The ``--json`` and ``--stream`` objects are the contract of
docs/scoring-cli.md; the breakdown's words go through the front end's ``pgettext``, the hand types'
names are the answer's own (Chinese and English, as the source writes them).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import IO, Any

from scoring.guangdong.score import answer
from scoring.json_lines import LineNotJson, read_json_line

_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def dumps(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).translate(_LINE_BREAKS)


def stream_line(line: bytes | str) -> str:
    """The answer line (without newline) for one input line; never raises."""
    try:
        try:
            obj = read_json_line(line)
        except LineNotJson as e:
            return dumps({"valid": False, "error": {"code": "invalid_json", "message": str(e)}})
        return dumps(answer(obj))
    except Exception as e:  # never let one hand stop the stream
        return dumps({"valid": False, "error": {"code": "internal", "message": f"{type(e).__name__}: {e}"}})


def run_stream(stdin: IO[bytes], stdout: IO[bytes]) -> int:
    while True:
        raw = stdin.readline()
        if not raw:
            return 0
        try:
            stdout.write(stream_line(raw.rstrip(b"\r\n")).encode("utf-8") + b"\n")
            stdout.flush()
        except BrokenPipeError:
            return 0


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
