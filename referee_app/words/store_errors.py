"""The store's refusals in the referee's language: a thin wrapper over the catalogue.

Every ``TournamentError`` carries a stable ``code`` and its ``params``; ``in_language`` says it through the
catalogue (``texts``, resources/locales; docs/texts.md), so nothing here matches English text. An error
without a known code (raised outside the catalogue) is shown as it is, never hidden.
"""

from __future__ import annotations

from typing import Any

import texts
from referee_app.words.i18n import LANG


def store_problem(exc: Any) -> str:
    """A store refusal's message for the referee, in the current language (a file row's problem without its
    line number)."""
    if hasattr(exc, "problem_in"):  # db.formats.players_csv.RowProblem
        return str(exc.problem_in(LANG.code))
    if isinstance(exc, texts.Said):
        return exc.in_language(LANG.code)
    return str(getattr(exc, "message", exc))


def row_problem(problem: Any) -> str:
    """One line's problem of a file (``db.formats.players_csv.RowProblem``) with its line number, in the
    current language: "line 3: ..." / "第 3 行：..."."""
    return problem.in_language(LANG.code)
