"""The engine's hand problems in the referee's language: a thin wrapper over the catalogue.

``scoring`` raises typed ``HandError``s with a stable ``reason`` and parameters; ``db.messages.hand_problem``
turns one into text that says itself in any language (``texts``, msgctxt ``hand.<reason>``). A problem
without a known reason (or a problem given as text) is still shown, prefixed, never hidden.
"""

from __future__ import annotations

from db.messages import hand_problem as _hand_text
from referee_app.words.i18n import LANG
from scoring.errors import HandError


def hand_problem(e: HandError | str) -> str:
    """``e``'s message for the referee, in the current language."""
    return _hand_text(e).in_language(LANG.code)
