"""The limits on what the store accepts: text lengths and characters, whole numbers, result lines.

The services enforce them (not the database), so SQLite and PostgreSQL refuse the same input with the
same message, before any SQL runs; docs/data-safety.md "Limits" gives the table and the reasons.
Imports only ``errors``.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from typing import Any

from db.errors import InputError

# Whole numbers: the Integer columns are 32-bit on PostgreSQL (and SQLite refuses anything past 2^63).
INT_MAX = 2**31 - 1

# Text, in characters (code points).
NAME_MAX = 100  # player, team, country, tournament names
NUMBER_MAX = 32  # a player number (the column is String(32))
ACTOR_MAX = 100  # --station, --referee
REASON_MAX = 500  # penalty, correction, swap and substitute reasons
NOTATION_MAX = 200  # a hand in the engine's notation (a real hand is under 60)

# Players: a tournament holds at most this many (2,500 tables); a players CSV is refused once it has more
# rows, or more bytes, before it is read to the end (a row is under 100 bytes in practice).
PLAYERS_MAX = 10_000
PLAYERS_CSV_BYTES_MAX = 10 * 2**20

# One result line (JSON): its size in UTF-8 bytes and how deep its arrays and objects nest.
LINE_BYTES_MAX = 16 * 1024
LINE_DEPTH_MAX = 20


def _bad_character(text: str) -> tuple[str, int] | None:
    """(code, code point) of the first character not allowed, or None. Every text is one line (names,
    and reasons too: the app types them into one-line boxes, and a report prints each in one cell).

    >>> _bad_character("Anna 张伟\\u3000Ω"), _bad_character("a\\x00b"), _bad_character("line\\nnext")
    (None, ('text_control', 0), ('text_control', 10))
    >>> _bad_character("\\ud800")
    ('text_surrogate', 55296)
    >>> _bad_character("Evil\\u202egnp.exe"), _bad_character("a\\u200bb"), _bad_character("\\u0645\\u06cc\\u200c")
    (('text_format', 8238), ('text_format', 8203), None)
    """
    if text.isprintable():  # the fast path: no control, format, surrogate or separator character
        return None
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cs":
            return "text_surrogate", ord(ch)
        if cat == "Cc" or ch in "\u2028\u2029":  # C0/C1 controls (NUL, tab, line breaks); line separators
            return "text_control", ord(ch)
        if cat == "Cf" and ch not in JOINERS:
            return "text_format", ord(ch)
    return None


# Invisible format characters (category Cf) are refused in every text (issue 35): a right-to-left override
# (U+202E) shows "Evil<U+202E>gnp.exe" as "Evilexe.png" on every page and PDF, so one player's name can pass for
# another's; zero-width spaces, bidi marks and isolates make two names look alike. The two joiners stay:
# Persian and Indic names need the zero-width non-joiner to be spelled right, and emoji sequences the joiner;
# neither reorders nor hides text.
JOINERS = "\u200c\u200d"


def check_text(value: Any, field: str, limit: int) -> str:
    """``value`` if it is one line of text of at most ``limit`` characters with no control character
    and no lone surrogate; else :class:`InputError` naming ``field``.
    Whitespace at the ends is removed first.

    >>> check_text("  Anna  ", "name", 100)
    'Anna'
    >>> check_text("x" * 101, "name", 100)
    Traceback (most recent call last):
    db.errors.InputError: "name": 101 characters: at most 100
    """
    if not isinstance(value, str):
        raise InputError(field, code="not_text")
    value = value.strip()
    bad = _bad_character(value)
    if bad is not None:
        raise InputError(field, code=bad[0], char=f"U+{bad[1]:04X}")
    if len(value) > limit:
        raise InputError(field, code="text_too_long", length=len(value), limit=limit)
    return value


def check_optional_text(value: Any, field: str, limit: int) -> str | None:
    """:func:`check_text`, with None (and empty text) kept as None."""
    if value is None:
        return None
    return check_text(value, field, limit) or None


def long_number(raw: str) -> tuple[str, int, int]:
    """Why ``json.loads`` refused ``raw`` with a ``ValueError`` that is not a syntax error: a number past
    Python's limit on digits (4300). (problem, line, column), the problem in words, not Python's advice
    to call ``sys.set_int_max_str_digits()``.

    >>> long_number('{"a": 1,\\n "b": ' + "9" * 4301 + "}")
    ('a number has more than 4300 digits', 2, 7)
    """
    limit = sys.get_int_max_str_digits()
    m = re.search(rf"\d{{{limit + 1},}}", raw)
    start = m.start() if m else 0
    return (f"a number has more than {limit} digits", raw.count("\n", 0, start) + 1,
            start - raw.rfind("\n", 0, start))


def json_depth_exceeds(raw: str, limit: int = LINE_DEPTH_MAX) -> bool:
    """Whether the arrays and objects of the JSON text ``raw`` nest deeper than ``limit`` (brackets
    inside strings do not count); a scan, so deep nesting never reaches ``json.loads``' recursion.

    >>> json_depth_exceeds('{"a": [[1]]}', 2), json_depth_exceeds('{"a": [[1]]}', 3)
    (True, False)
    >>> json_depth_exceeds('{"a": "[[[[["}', 1)
    False
    """
    if raw.count("[") + raw.count("{") <= limit:  # the common case: too few brackets to be that deep
        return False
    depth = 0
    in_string = escaped = False
    for ch in raw:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False
