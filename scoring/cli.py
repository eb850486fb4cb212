"""``mcr-score``: the hand calculator. Imports nothing from Qt, SQLAlchemy or ReportLab.

    mcr-score NOTATION [--self-drawn] [--last-tile] [--kong] [--last-of-wall] [--seat E|S|W|N]
              [--prevailing E|S|W|N] [--flowers N] [--lang zh|en] [--json]
    mcr-score --waits NOTATION13
    mcr-score --stream        one JSON object per stdin line -> exactly one JSON line per input line

Errors go to stderr with exit status 1. In ``--stream`` mode nothing ever escapes a line: every problem
becomes ``{"error": {"code": ..., "message": ...}}`` on that line's output. The engine is imported on first
use so that ``--help`` and the stream start fast; repeated hands are answered from a cache.

This module speaks English. The ``mcr-score`` console script is ``web.score_cli``, a thin front end that
passes a :class:`Front` saying the same words in the environment's language through the catalogue
(``scoring`` imports nothing of ours, so not the catalogue): every text people read here goes through
``front.pgettext`` (msgctxt ``mcr-score``) and a hand's problem through ``front.problem``. The ``--json``
and ``--stream`` outputs are contracts and never change with the language.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import IO, TYPE_CHECKING, Any, NoReturn

from scoring.errors import HandError, HandParseError
from scoring.json_lines import LineNotJson, dumps, read_json_line, run_lines, true_or_false
from scoring.model import Hand, WinContext, Wind

if TYPE_CHECKING:
    from scoring.mcr.result import ScoreResult

__all__ = ["Front", "build_parser", "main", "score_notation", "stream_line", "run_stream"]

_WINDS = {w.value: w for w in Wind}
_FLAG_FIELDS = ("self_drawn", "fourth_tile", "kong_related", "last_tile_of_wall")
_WIND_FIELDS = ("seat_wind", "prevalent_wind")

def _english(context: str, text: str) -> str:
    return text


def _engine_words(e: HandError) -> str:
    return e.message


def _english_words(lang: str) -> Callable[[str, str], str]:
    return _english


@dataclass(frozen=True, slots=True)
class Front:
    """How the command line speaks to people, English by default. ``pgettext(context, English)`` gives a
    text in the reader's language (gettext's name, so the catalogue's extraction finds the English here);
    ``problem`` says a hand's problem; ``lang`` is the default of ``--lang``, ``languages`` its choices, and
    ``words(lang)`` the ``pgettext`` of the breakdown in that language."""

    pgettext: Callable[[str, str], str] = _english
    problem: Callable[[HandError], str] = _engine_words
    lang: str = "en"
    languages: tuple[str, ...] = ("zh", "en")
    words: Callable[[str], Callable[[str, str], str]] = _english_words


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors exit with status 1 like every other mcr-score error, and argparse's own
    words ("usage:", the group titles, "error:") come from the front end."""

    front: Front = Front()

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        said = self.front.pgettext("mcr-score", "error: {message}").format(message=message)
        self.exit(1, f"{self.prog}: {said}\n")

    def format_usage(self) -> str:
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups,
                            self.front.pgettext("mcr-score", "usage: "))
        return formatter.format_help()

    def format_help(self) -> str:
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups,
                            self.front.pgettext("mcr-score", "usage: "))
        formatter.add_text(self.description)
        for group in self._action_groups:
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()


def build_parser(front: Front = Front()) -> argparse.ArgumentParser:
    pgettext = front.pgettext
    p = _Parser(prog="mcr-score", add_help=False, description=pgettext(
        "mcr-score", "Score an MCR winning hand, or list a waiting hand's waits. Notation: see NOTATION.md, "
        "e.g. {example} (winning tile last).").format(example="[789m2][777s3][234s3]89sEE7s"))
    p.front = front
    p._positionals.title = pgettext("mcr-score", "positional arguments")
    p._optionals.title = pgettext("mcr-score", "options")
    p.add_argument("-h", "--help", action="help", help=pgettext("mcr-score", "show this help and exit"))
    p.add_argument("notation", nargs="?", help=pgettext(
        "mcr-score", "hand in NOTATION.md form, e.g. {example}").format(example="[789m2][777s3][234s3]89sEE7s"))
    p.add_argument("--self-drawn", action="store_true", help=pgettext("mcr-score", "won by drawing the tile"))
    p.add_argument("--last-tile", action="store_true",
                   help=pgettext("mcr-score", "the winning tile is the last copy (Last Tile)"))
    p.add_argument("--kong", action="store_true", help=pgettext(
        "mcr-score", "kong-related: replacement tile when self-drawn (Out with Replacement Tile), robbing a "
        "kong otherwise (Robbing The Kong)"))
    p.add_argument("--last-of-wall", action="store_true", help=pgettext(
        "mcr-score", "last tile of the wall: Last Tile Draw when self-drawn, Last Tile Claim on a discard"))
    p.add_argument("--seat", choices=list(_WINDS), default="E",
                   help=pgettext("mcr-score", "seat wind, default {wind}").format(wind="E"))
    p.add_argument("--prevailing", choices=list(_WINDS), default="E",
                   help=pgettext("mcr-score", "prevailing wind, default {wind}").format(wind="E"))
    p.add_argument("--flowers", type=int, default=0,
                   help=pgettext("mcr-score", "number of flowers {least}–{most}").format(least=0, most=8))
    p.add_argument("--lang", choices=list(front.languages), default=front.lang,
                   help=pgettext("mcr-score", "language of the breakdown, default {lang}").format(lang=front.lang))
    p.add_argument("--json", action="store_true",
                   help=pgettext("mcr-score", "print one JSON object instead of the breakdown"))
    p.add_argument("--waits", action="store_true",
                   help=pgettext("mcr-score", "list the waiting tiles of a 13-tile hand"))
    p.add_argument("--stream", action="store_true", help=pgettext(
        "mcr-score", "read one JSON object per line on stdin, write one JSON line per input line"))
    from scoring.systems import profile_names

    riichi = p.add_argument_group(pgettext("mcr-score", "other rule systems"))
    riichi.add_argument("--rules", choices=list(profile_names()), default=None, help=pgettext(
        "mcr-score", "the rule system's profile, default MCR; a Riichi preset scores a Riichi hand (red five 0, "
                     "honours 1z–7z) with the options below; hebei scores a Hebei hand, nanchang a hand type "
                     "written in place of the notation (e.g. ping_hu)"))
    riichi.add_argument("--discarder", choices=list(_WINDS), default=None,
                        help=pgettext("mcr-score", "Riichi: the discarder's wind on a ron"))
    riichi.add_argument("--dealer", choices=list(_WINDS), default="E", help=pgettext(
        "mcr-score", "Hebei, Nanchang: the dealer's wind, default {wind}").format(wind="E"))
    riichi.add_argument("--dora", help=pgettext("mcr-score", "Riichi: dora indicators, e.g. {example}").format(
        example="3m,7z"))
    riichi.add_argument("--ura", help=pgettext("mcr-score", "Riichi: ura dora indicators (riichi only)"))
    riichi.add_argument("--riichi", action="store_true", help=pgettext("mcr-score", "Riichi: riichi declared"))
    riichi.add_argument("--double-riichi", action="store_true",
                        help=pgettext("mcr-score", "Riichi: double riichi declared"))
    riichi.add_argument("--ippatsu", action="store_true", help=pgettext("mcr-score", "Riichi: ippatsu"))
    riichi.add_argument("--first-draw", action="store_true",
                        help=pgettext("mcr-score", "Riichi: tsumo on the first draw (tenhou, chiihou)"))
    riichi.add_argument("--honba", type=int, default=0, help=pgettext("mcr-score", "Riichi: honba counters"))
    riichi.add_argument("--deposits", type=int, default=0,
                        help=pgettext("mcr-score", "Riichi: riichi deposits on the table"))
    riichi.add_argument("--joker", help=pgettext(
        "mcr-score", "Guangdong: the joker's indicator tile (the joker is the next tile), e.g. {example}").format(
        example="5p"))
    riichi.add_argument("--base", type=int, default=1, help=pgettext(
        "mcr-score", "Guangdong: the bottom points (the base) a total is multiplied by, default 1"))
    riichi.add_argument("--void", choices=["m", "s", "p"], default=None,
                        help=pgettext("mcr-score", "Sichuan: the declared void suit (定缺)"))
    riichi.add_argument("--rule", type=_rule_value(pgettext), action="append", metavar="NAME=VALUE", help=pgettext(
        "mcr-score", "one of the organiser's values of the rule system (its input's \"rules\"), e.g. {example}; "
                     "repeat it for each").format(example="chicken=1"))
    return p


def _rule_value(pgettext: Callable[[str, str], str]) -> Callable[[str], tuple[str, Any]]:
    """``--rule NAME=VALUE``'s reader: the value as JSON when it is (3, null, "fan"), else as the text."""

    def read(text: str) -> tuple[str, Any]:
        key, eq, value = text.partition("=")
        if not eq or not key.strip():
            raise argparse.ArgumentTypeError(pgettext("mcr-score", "write NAME=VALUE, e.g. {example}").format(
                example="chicken=1"))
        try:
            return key.strip(), json.loads(value)
        except ValueError:
            return key.strip(), value

    return read


# ---------------------------------------------------------------------------------------------- scoring


@lru_cache(maxsize=4096)
def score_notation(notation: str, ctx: WinContext) -> ScoreResult:
    """Parse, validate and score, cached on (notation, context): both are frozen values."""
    from scoring.mcr.engine import score_hand  # it calls validate_hand first
    from scoring.notation import parse_hand

    return score_hand(parse_hand(notation), ctx)


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


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
    flags = true_or_false(obj, _FLAG_FIELDS, _InputError)
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
    from scoring.mcr.engine import score_json_text
    from scoring.notation import parse_hand_uncached

    try:
        # This cache holds the answer text; the result and the parsed hand are not kept a second time.
        return score_json_text(parse_hand_uncached(notation), ctx)  # fan names hold no line breaks
    except HandError as e:
        return dumps(_error(e.code, e.message))
    except Exception as e:  # never let one hand stop the stream
        return dumps(_error("internal", f"{type(e).__name__}: {e}"))


def stream_line(line: bytes | str) -> str:
    """The one output line (without newline) for one input line; never raises."""
    try:
        try:
            notation, ctx = _request(read_json_line(line))
        except LineNotJson as e:
            return dumps(_error("invalid_json", str(e)))
        except _InputError as e:
            return dumps(_error("invalid_input", str(e)))
        return _answer(notation, ctx)
    except Exception as e:  # pragma: no cover - last line of defence
        try:
            return dumps(_error("internal", f"{type(e).__name__}: {e}"))
        except Exception:
            return '{"error":{"code":"internal","message":"unexpected error"}}'


def run_stream(stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Answer every line of ``stdin`` until EOF, one flushed line each."""
    return run_lines(stdin, stdout, stream_line)


# ---------------------------------------------------------------------------------------------- one hand


def _fail(front: Front, message: str, notation: str | None = None, position: int | None = None) -> int:
    said = front.pgettext("mcr-score", "error: {message}").format(message=message)
    print(f"mcr-score: {said}", file=sys.stderr)
    if notation is not None and position is not None and 1 <= position <= len(notation) + 1:
        print(f"  {notation}\n  {' ' * (position - 1)}^", file=sys.stderr)
    return 1


def _print(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _waits(hand: Hand, args: argparse.Namespace, front: Front, scoring_asked: bool) -> int:
    from scoring.mcr.explain import waiting_note, waits_text
    from scoring.mcr.validate import check_tiles
    from scoring.mcr.waits import waiting_tiles
    from scoring.notation import format_hand
    from scoring.tiles import name

    check_tiles(hand)
    waits = tuple(waiting_tiles(hand))
    if args.json:
        _print(dumps({"notation": format_hand(hand), "waiting_hand": True, "waits": [name(t) for t in waits]}))
        return 0
    words = front.words(args.lang)
    if scoring_asked:
        _print(waiting_note(words))
    _print(waits_text(waits, args.lang, words))
    return 0


def _one_hand(args: argparse.Namespace, front: Front) -> int:
    from scoring.mcr.explain import explain, result_to_json
    from scoring.notation import parse_hand
    from scoring.tiles import name

    notation: str = args.notation
    try:
        hand = parse_hand(notation)
        if args.waits:
            if hand.winning is not None:
                return _fail(front, front.pgettext(
                    "mcr-score", "--waits needs a 13-tile hand without a winning tile; this one wins on {tile} "
                    "(leave out the last tile)").format(tile=name(hand.winning)))
            return _waits(hand, args, front, scoring_asked=False)
        if hand.winning is None:
            return _waits(hand, args, front, scoring_asked=True)
        ctx = WinContext(self_drawn=args.self_drawn, fourth_tile=args.last_tile, kong_related=args.kong,
                         last_tile_of_wall=args.last_of_wall, seat_wind=_WINDS[args.seat],
                         prevalent_wind=_WINDS[args.prevailing], flowers=args.flowers)
        result = score_notation(notation, ctx)
    except HandParseError as e:
        offset = len(notation) - len(notation.lstrip())
        return _fail(front, front.problem(e), notation.strip(), None if e.position is None else e.position - offset)
    except HandError as e:
        return _fail(front, front.problem(e))
    if args.json:
        _print(dumps(result_to_json(result)))
    else:
        _print(explain(result, args.lang, hand, ctx, front.words(args.lang)))
    return 0


def _utf8_out() -> None:
    """UTF-8 on stdout and stderr whatever the console or pipe (Windows gives a pipe its ANSI code page)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", errors=stream.errors)


def main(argv: list[str] | None = None, front: Front = Front()) -> int:
    """The command line in English (``python -m scoring.cli``); ``web.score_cli.main`` passes a ``front``
    in the environment's language."""
    _utf8_out()
    args = build_parser(front).parse_args(argv)
    if args.rules is not None and args.rules.startswith("riichi-"):
        try:
            return _riichi(args, front)
        except BrokenPipeError:
            return 0
    if args.rules == "guangdong-tuidaohu":
        try:
            return _guangdong(args, front)
        except BrokenPipeError:
            return 0
    if args.rules is not None and _one_win_at_a_time(args.rules):
        try:
            return _points(args, front)
        except BrokenPipeError:
            return 0
    if args.stream:
        if args.notation is not None or args.waits:
            return _fail(front, front.pgettext("mcr-score", "--stream reads hands from stdin; give no NOTATION and "
                                                            "no --waits"))
        return run_stream(sys.stdin.buffer, sys.stdout.buffer)
    if args.notation is None:
        return _fail(front, front.pgettext("mcr-score", "give a hand, e.g. {example}, or use --stream").format(
            example="mcr-score '[789m2][777s3][234s3]89sEE7s'"))
    try:
        return _one_hand(args, front)
    except BrokenPipeError:
        return 0


def _riichi(args: argparse.Namespace, front: Front) -> int:
    """``--rules riichi-…``: the same command for a Riichi hand (scoring/riichi/cli.py)."""
    from scoring.riichi import cli as riichi_cli

    if args.stream:
        if args.notation is not None:
            return _fail(front, front.pgettext("mcr-score", "--stream reads hands from stdin; give no NOTATION and "
                                                            "no --waits"))
        return riichi_cli.run_stream(sys.stdin.buffer, sys.stdout.buffer, args.rules)
    if args.notation is None:
        return _fail(front, front.pgettext("mcr-score", "give a hand, e.g. {example}, or use --stream").format(
            example=f"mcr-score --rules {args.rules} --self-drawn '234m567p33s406s5z5z5z'"))
    from scoring.riichi.presets import PRESETS
    from scoring.riichi.score import InputError, score, situation_from_json

    try:
        hand, situation = situation_from_json(riichi_cli.request(args))
        result = score(hand, situation, PRESETS[args.rules]).to_json()
    except InputError as e:
        return _fail(front, str(e))
    except HandError as e:
        return _fail(front, front.problem(e))
    _print(dumps(result) if args.json else riichi_cli.breakdown(result, front.pgettext))
    return 0


def _one_win_at_a_time(rules: str) -> bool:
    """A system scored one win at a time through its ``score_json`` (Hebei, Nanchang: scoring/points_cli.py)."""
    from scoring.systems import system

    return system(rules).family not in ("mcr", "riichi")


def _points(args: argparse.Namespace, front: Front) -> int:
    """``--rules hebei|nanchang|sichuan-xuezhan``: the system's input object from the options, its answer, or
    ``--stream``."""
    from scoring import points_cli

    if args.stream:
        if args.notation is not None:
            return _fail(front, front.pgettext("mcr-score", "--stream reads hands from stdin; give no NOTATION and "
                                                            "no --waits"))
        return points_cli.run_stream(sys.stdin.buffer, sys.stdout.buffer, args.rules)
    if args.notation is None:
        return _fail(front, front.pgettext("mcr-score", "give a hand, e.g. {example}, or use --stream").format(
            example=points_cli.example(args.rules)))
    from scoring.win_seats import InputError

    try:
        result = points_cli.score(args.rules, points_cli.request(args))
    except InputError as e:
        return _fail(front, str(e))
    except HandError as e:
        return _fail(front, front.problem(e))
    _print(dumps(result) if args.json else points_cli.breakdown(result, args.lang, front.pgettext,
                                                                            args.rules))
    return 0


def _guangdong(args: argparse.Namespace, front: Front) -> int:
    """``--rules guangdong-tuidaohu`` (scoring/guangdong/cli.py)."""
    from scoring.guangdong import cli as guangdong_cli

    if args.stream:
        if args.notation is not None:
            return _fail(front, front.pgettext("mcr-score", "--stream reads hands from stdin; give no NOTATION and "
                                                            "no --waits"))
        return guangdong_cli.run_stream(sys.stdin.buffer, sys.stdout.buffer)
    if args.notation is None:
        return _fail(front, front.pgettext("mcr-score", "give a hand, e.g. {example}, or use --stream").format(
            example=f"mcr-score --rules {args.rules} --self-drawn --joker 5p '111m999pEEECCC6p5s'"))
    from scoring.guangdong.score import InputError, read_request, score, to_json

    try:
        result = to_json(score(read_request(guangdong_cli.request(args))))
    except InputError as e:
        return _fail(front, str(e))
    except HandError as e:
        return _fail(front, front.problem(e))
    _print(dumps(result) if args.json else guangdong_cli.breakdown(result, front.pgettext))
    return 0


if __name__ == "__main__":
    sys.exit(main())
