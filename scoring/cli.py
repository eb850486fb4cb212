"""``mcr-score``: the hand calculator. Imports nothing from Qt, SQLAlchemy or ReportLab.

    mcr-score NOTATION [--self-drawn] [--last-tile] [--kong] [--last-of-wall] [--seat E|S|W|N]
              [--prevailing E|S|W|N] [--flowers N] [--lang zh|en] [--json]
    mcr-score --waits NOTATION13
    mcr-score --stream        one JSON object per stdin line -> exactly one JSON line per input line

Errors go to stderr with exit status 1. In ``--stream`` mode nothing ever escapes a line: every problem
becomes ``{"error": {"code": ..., "message": ...}}`` on that line's output. The engine is imported on first
use so that ``--help`` and the stream start fast; repeated hands are answered from a cache.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from functools import lru_cache
from typing import IO, TYPE_CHECKING, Any, NoReturn

from scoring.errors import HandError, HandParseError
from scoring.model import Hand, WinContext, Wind

if TYPE_CHECKING:
    from scoring.result import ScoreResult

__all__ = ["build_parser", "main", "score_notation", "stream_line", "run_stream"]

_WINDS = {w.value: w for w in Wind}
_FLAG_FIELDS = ("self_drawn", "fourth_tile", "kong_related", "last_tile_of_wall")
_WIND_FIELDS = ("seat_wind", "prevalent_wind")
# Characters that str.splitlines() treats as line ends but json.dumps(ensure_ascii=False) leaves raw:
# escaped so that every reader sees exactly one line per answer.
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors exit with status 1 like every other mcr-score error."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(1, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="mcr-score", description="Score an MCR (国标麻将) winning hand, or list a waiting hand's "
                "waits. Notation: see NOTATION.md, e.g. [789m2][777s3][234s3]89sEE7s (winning tile last).")
    p.add_argument("notation", nargs="?", help="hand in NOTATION.md form, e.g. [789m2][777s3][234s3]89sEE7s")
    p.add_argument("--self-drawn", action="store_true", help="won by drawing the tile (自摸)")
    p.add_argument("--last-tile", action="store_true", help="the winning tile is the last copy (和绝张)")
    p.add_argument("--kong", action="store_true",
                   help="kong-related: replacement tile when self-drawn (杠上开花), robbing a kong otherwise (抢杠和)")
    p.add_argument("--last-of-wall", action="store_true",
                   help="last tile of the wall: self-drawn 妙手回春, on a discard 海底捞月")
    p.add_argument("--seat", choices=list(_WINDS), default="E", help="seat wind (门风), default E")
    p.add_argument("--prevailing", choices=list(_WINDS), default="E", help="prevailing wind (圈风), default E")
    p.add_argument("--flowers", type=int, default=0, help="number of flowers 0–8 (花牌)")
    p.add_argument("--lang", choices=["zh", "en"], default="en", help="language of the breakdown (default en)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the breakdown")
    p.add_argument("--waits", action="store_true", help="list the waiting tiles of a 13-tile hand")
    p.add_argument("--stream", action="store_true",
                   help="read one JSON object per line on stdin, write one JSON line per input line")
    return p


# ---------------------------------------------------------------------------------------------- scoring


@lru_cache(maxsize=4096)
def score_notation(notation: str, ctx: WinContext) -> ScoreResult:
    """Parse, validate and score, cached on (notation, context): both are frozen values."""
    from scoring.engine import score_hand  # it calls validate_hand first
    from scoring.notation import parse_hand

    return score_hand(parse_hand(notation), ctx)


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def _dumps(obj: dict[str, Any]) -> str:
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    if "\x85" in text or "\u2028" in text or "\u2029" in text:  # rare: translate() itself is slow
        return text.translate(_LINE_BREAKS)
    return text


class _InputError(Exception):
    """A stream line that is JSON but not a valid request."""


def _request(obj: object) -> tuple[str, WinContext]:
    if not isinstance(obj, dict):
        raise _InputError(f"expected a JSON object, got {type(obj).__name__}")
    notation = obj.get("notation")
    if notation is None:
        raise _InputError('missing "notation"')
    if not isinstance(notation, str):
        raise _InputError(f'"notation" must be a string, not {json.dumps(notation)}')
    flags: dict[str, bool] = {}
    for field in _FLAG_FIELDS:
        value = obj.get(field, False)
        if not isinstance(value, bool):
            raise _InputError(f'"{field}" must be true or false, not {json.dumps(value)}')
        flags[field] = value
    winds: dict[str, Wind] = {}
    for field in _WIND_FIELDS:
        value = obj.get(field, "E")
        if not isinstance(value, str) or value not in _WINDS:
            raise _InputError(f'"{field}" must be "E", "S", "W" or "N", not {json.dumps(value)}')
        winds[field] = _WINDS[value]
    flowers = obj.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int):
        raise _InputError(f'"flowers" must be a whole number 0–8, not {json.dumps(flowers)}')
    return notation, WinContext(
        self_drawn=flags["self_drawn"], fourth_tile=flags["fourth_tile"], kong_related=flags["kong_related"],
        last_tile_of_wall=flags["last_tile_of_wall"], seat_wind=winds["seat_wind"],
        prevalent_wind=winds["prevalent_wind"], flowers=flowers)


@lru_cache(maxsize=32768)  # answer lines are small strings; results themselves are cached less
def _answer(notation: str, ctx: WinContext) -> str:
    from scoring.engine import score_json_text
    from scoring.notation import parse_hand_uncached

    try:
        # This cache holds the answer text; the result and the parsed hand are not kept a second time.
        return score_json_text(parse_hand_uncached(notation), ctx)  # fan names hold no line breaks
    except HandError as e:
        return _dumps(_error(e.code, e.message))
    except Exception as e:  # never let one hand stop the stream
        return _dumps(_error("internal", f"{type(e).__name__}: {e}"))


def stream_line(line: bytes | str) -> str:
    """The one output line (without newline) for one input line; never raises."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        text = text.lstrip("\ufeff").strip()
        if not text:
            return _dumps(_error("invalid_json", "blank line: expected one JSON object per line"))
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError) as e:
            return _dumps(_error("invalid_json", f"not JSON: {e}"))
        try:
            notation, ctx = _request(obj)
        except _InputError as e:
            return _dumps(_error("invalid_input", str(e)))
        return _answer(notation, ctx)
    except UnicodeDecodeError:
        return _dumps(_error("invalid_json", "the line is not valid UTF-8"))
    except Exception as e:  # pragma: no cover - last line of defence
        try:
            return _dumps(_error("internal", f"{type(e).__name__}: {e}"))
        except Exception:
            return '{"error":{"code":"internal","message":"unexpected error"}}'


def run_stream(stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Answer every line of ``stdin`` until EOF, one flushed line each."""
    while True:
        raw = stdin.readline()
        if not raw:
            return 0
        out = stream_line(raw.rstrip(b"\r\n") if raw.endswith(b"\n") else raw)
        try:
            stdout.write(out.encode("utf-8") + b"\n")
            stdout.flush()
        except BrokenPipeError:
            return 0


# ---------------------------------------------------------------------------------------------- one hand


def _fail(message: str, notation: str | None = None, position: int | None = None) -> int:
    print(f"mcr-score: error: {message}", file=sys.stderr)
    if notation is not None and position is not None and 1 <= position <= len(notation) + 1:
        print(f"  {notation}\n  {' ' * (position - 1)}^", file=sys.stderr)
    return 1


def _print(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _waits(hand: Hand, args: argparse.Namespace, scoring_asked: bool) -> int:
    from scoring.explain import waits_text
    from scoring.notation import format_hand
    from scoring.tiles import name
    from scoring.validate import check_tiles
    from scoring.waits import waiting_tiles

    check_tiles(hand)
    waits = tuple(waiting_tiles(hand))
    if args.json:
        _print(_dumps({"notation": format_hand(hand), "waiting_hand": True, "waits": [name(t) for t in waits]}))
        return 0
    if scoring_asked:
        _print("这是一手听牌（13张，没有和牌张），不能算番。" if args.lang == "zh"
               else "This is a waiting hand (13 tiles, no winning tile), so there is nothing to score yet.")
    _print(waits_text(waits, args.lang))
    return 0


def _one_hand(args: argparse.Namespace) -> int:
    from scoring.explain import explain, result_to_json
    from scoring.notation import parse_hand
    from scoring.tiles import name

    notation: str = args.notation
    try:
        hand = parse_hand(notation)
        if args.waits:
            if hand.winning is not None:
                return _fail(f"--waits needs a 13-tile hand without a winning tile; this one wins on "
                             f"{name(hand.winning)} (leave out the last tile)")
            return _waits(hand, args, scoring_asked=False)
        if hand.winning is None:
            return _waits(hand, args, scoring_asked=True)
        ctx = WinContext(self_drawn=args.self_drawn, fourth_tile=args.last_tile, kong_related=args.kong,
                         last_tile_of_wall=args.last_of_wall, seat_wind=_WINDS[args.seat],
                         prevalent_wind=_WINDS[args.prevailing], flowers=args.flowers)
        result = score_notation(notation, ctx)
    except HandParseError as e:
        offset = len(notation) - len(notation.lstrip())
        return _fail(e.message, notation.strip(), None if e.position is None else e.position - offset)
    except HandError as e:
        return _fail(e.message)
    if args.json:
        _print(_dumps(result_to_json(result)))
    else:
        _print(explain(result, args.lang, hand, ctx))
    return 0


def _utf8_out() -> None:
    """UTF-8 on stdout and stderr whatever the console or pipe (Windows gives a pipe its ANSI code page)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", errors=stream.errors)


def main(argv: list[str] | None = None) -> int:
    _utf8_out()
    args = build_parser().parse_args(argv)
    if args.stream:
        if args.notation is not None or args.waits:
            return _fail("--stream reads hands from stdin; give no NOTATION and no --waits")
        return run_stream(sys.stdin.buffer, sys.stdout.buffer)
    if args.notation is None:
        return _fail("give a hand, e.g. mcr-score '[789m2][777s3][234s3]89sEE7s', or use --stream")
    try:
        return _one_hand(args)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
