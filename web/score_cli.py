"""``mcr-score``'s console script: ``scoring.cli`` speaking the environment's language.

``scoring`` imports nothing of ours (not even the catalogue), so its command line speaks English; this thin
front end passes it a :class:`scoring.cli.Front` whose words come from the catalogue (``texts``), in the
language of ``LANGUAGE`` / ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG`` (``texts.env_language``): argparse's help,
the refusal line, the hand's problem (msgctxt ``hand.<reason>``, the same entries as a refusal of ``db``),
the breakdown's words (``--lang`` defaults to the same language). The fan and tile names are scoring's
data; the ``--json`` and ``--stream`` outputs are contracts and never change with the language.

It sits beside ``web/cli.py`` (the top of the command-line layers) and imports only ``scoring`` and
``texts``: no Starlette, no SQLAlchemy, so mcr-score starts as fast as before (benchmarks/bench_dist.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import texts
from scoring import cli
from scoring.errors import HandError
from scoring.tiles import name_en, tile
from texts.hands import hand_problem

__all__ = ["front", "main"]


def _tile_en(text: str) -> str:
    return name_en(tile(text))


def _words(lang: str) -> Callable[[str, str], str]:
    """gettext's ``pgettext(context, English)`` in ``lang``."""

    def pgettext(context: str, text: str) -> str:
        return texts.gettext(lang, text, context)

    return pgettext


def front(lang: str) -> cli.Front:
    """The command line's words in ``lang``."""

    def problem(e: HandError) -> str:
        return hand_problem(e, _tile_en).in_language(lang)

    return cli.Front(pgettext=_words(lang), problem=problem, lang=lang,
                     languages=tuple(sorted(set(texts.languages()) | set(cli.Front().languages))), words=_words)


def main(argv: list[str] | None = None) -> int:
    return cli.main(argv, front(texts.env_language()))


if __name__ == "__main__":
    sys.exit(main())
