"""``mcr-score --rules hebei|nanchang``: one win from the command line, or ``--stream``.

Called by ``scoring.cli.main`` when ``--rules`` names a system scored one win at a time
(``scoring.systems._PointsTable``). The ``--json`` and ``--stream`` objects are the system's
``score_json`` (docs/scoring-cli.md); the breakdown speaks through the front end's ``pgettext``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import IO, Any

from scoring.json_lines import answer_line, run_lines
from scoring.systems import system

# What the command's one positional argument is, by system: Nanchang is entered by hand type, not tiles.
_POSITIONAL = {"nanchang": "hand_type"}


def stream_line(line: bytes | str, rules: str) -> str:
    """The answer line (without newline) for one input line; never raises."""
    return answer_line(line, system(rules).score_json)


def run_stream(stdin: IO[bytes], stdout: IO[bytes], rules: str) -> int:
    return run_lines(stdin, stdout, lambda raw: stream_line(raw, rules))


# The systems whose ``score`` raises the hand's problem, so that the command line says it in the reader's
# language; another system's refusal is said in its answer's English.
_SCORERS = {"hebei": "scoring.hebei.score", "nanchang": "scoring.nanchang.score"}


def score(rules: str, obj: dict[str, Any]) -> dict[str, Any]:
    """One win's answer; raises ``scoring.win_seats.InputError`` or ``HandError`` for a bad one."""
    from importlib import import_module

    from scoring.win_seats import InputError

    if rules not in _SCORERS:
        answer = system(rules).score_json(obj)
        if answer.get("valid") is False:
            raise InputError(answer["error"]["message"])
        return answer
    result: dict[str, Any] = import_module(_SCORERS[rules]).score(obj)
    return result


# A system whose one-hand options and breakdown are its own (its module: ``request``, ``breakdown``, ``EXAMPLE``).
_OWN = {"sichuan-xuezhan": "scoring.sichuan.cli", "guiyang-zhuoji": "scoring.guiyang.cli",
        "guangdong-jipinghu": "scoring.jipinghu.cli"}


def _own(rules: str) -> Any:
    from importlib import import_module

    return import_module(_OWN[rules]) if rules in _OWN else None


def example(rules: str) -> str:
    """A one-hand command line for the system, for the message when no hand is given."""
    own = _own(rules)
    return f"mcr-score --rules {rules} " + (own.EXAMPLE if own else "--self-drawn '[EEE1][777s3]234m456m5p5p'")


def request(args: argparse.Namespace) -> dict[str, Any]:
    """The input object that the one-hand options describe (the same object ``--stream`` reads)."""
    if (own := _own(args.rules)) is not None:
        return with_rules(dict(own.request(args)), args)
    tsumo = bool(args.self_drawn)
    obj: dict[str, Any] = {_POSITIONAL.get(args.rules, "hand"): args.notation, "win": "tsumo" if tsumo else "ron",
                           "seat": args.seat, "dealer": args.dealer}
    if not tsumo:
        obj["discarder"] = args.discarder
    if args.rules not in _POSITIONAL:
        obj.update(chankan=args.kong and not tsumo, rinshan=args.kong and tsumo, haitei=args.last_of_wall)
    return with_rules(obj, args)


def with_rules(obj: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The input object with the organiser's values of ``--rule NAME=VALUE`` (its ``rules``), when given."""
    if getattr(args, "rule", None):
        obj["rules"] = dict(args.rule)
    return obj


def breakdown(result: dict[str, Any], lang: str, pgettext: Callable[[str, str], str], rules: str = "") -> str:
    """The answer as lines a referee reads out: each fan in the breakdown's language, the base, the total
    and the payments."""
    if (own := _own(rules)) is not None:
        return str(own.breakdown(result, lang, pgettext))
    lines = [f"  {f['zh'] if lang == 'zh' else f['en']}: {f['value']:+d}" for f in result["fans"]]
    if "base" in result:
        lines.insert(0, "  " + pgettext("mcr-score", "base: {points}").format(points=f"{result['base']:+d}"))
    lines.append(pgettext("mcr-score", "total: {points}").format(points=result["total"]))
    lines.append(pgettext("mcr-score", "Payments: {deltas}").format(
        deltas="  ".join(f"{w} {d:+d}" for w, d in result["deltas"].items())))
    return "\n".join(lines)
