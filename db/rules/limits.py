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
    Run on the text after :func:`_without_invisible_marks`.

    >>> _bad_character("Anna 张伟\\u3000Ω"), _bad_character("a\\x00b"), _bad_character("line\\nnext")
    (None, ('text_control', 0), ('text_control', 10))
    >>> _bad_character("\\ud800")
    ('text_surrogate', 55296)
    >>> _bad_character("Evil\\u202egnp.exe"), _bad_character("a\\u2066b"), _bad_character("\\u0645\\u06cc\\u200c")
    (('text_format', 8238), ('text_format', 8294), None)
    >>> _bad_character("\\U0001f3f4\\U000e0067\\U000e0062\\U000e0065\\U000e006e\\U000e0067\\U000e007f"), _bad_character("a\\U000e0041")
    (None, ('text_format', 917569))
    """
    if text.isprintable():  # the fast path: no control, format, surrogate or separator character
        return None
    flag = False  # inside a flag's tag sequence (U+1F3F4, tag letters, U+E007F cancel tag)
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cs":
            return "text_surrogate", ord(ch)
        if cat == "Cc" or ch in "\u2028\u2029":  # C0/C1 controls (NUL, tab, line breaks); line separators
            return "text_control", ord(ch)
        if _is_tag(ch):
            if not flag:
                return "text_format", ord(ch)
            flag = ch != "\U000e007f"
            continue
        flag = ch == "\U0001f3f4"
        if cat == "Cf" and _dangerous_format(ch):
            return "text_format", ord(ch)
    return None


# Invisible format characters (category Cf). Refused: those that reorder or hide text. A
# right-to-left override (U+202E) shows "Evil<U+202E>gnp.exe" as "Evilexe.png" on every page and PDF, so one
# player's name can pass for another's; embeddings and isolates (U+202A-U+202E, U+2066-U+2069) reorder the same
# way, the deprecated shaping controls (U+206A-U+206F) and interlinear annotations (U+FFF9-U+FFFB) hide or
# change how text reads, and tag characters (U+E0000-U+E007F) carry invisible text, except in a flag emoji
# (U+1F3F4 then tags: England, Scotland, Wales), where they are kept.
# Removed on input instead: invisible marks that change nothing a reader needs and arrive in real names
# pasted from WhatsApp, Excel or web pages (the direction marks LRM, RLM and the Arabic letter mark around
# Hebrew, Arabic and Persian names; the soft hyphen; the BOM; the zero-width space; the word joiner and the
# invisible maths operators). Removing them (not refusing) also makes "Anna" and "An<ZWSP>na" one name.
# Every other Cf stays: the joiners (U+200C, U+200D: Persian and Indic spelling, emoji sequences) and the
# script's own format characters (Arabic number signs, Egyptian hieroglyph controls, ...) are written text.
REMOVED_MARKS = "\u00ad\u061c\u200b\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"
JOINERS = "\u200c\u200d"
_REMOVED = re.compile(f"[{REMOVED_MARKS}]")


def _is_tag(ch: str) -> bool:
    return "\U000e0000" <= ch <= "\U000e007f"


def _dangerous_format(ch: str) -> bool:
    """Whether the format character ``ch`` reorders or hides text (see above)."""
    return ("\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u206f" or "\ufff9" <= ch <= "\ufffb")


def _without_invisible_marks(text: str) -> str:
    """``text`` without the invisible marks of ``REMOVED_MARKS``.

    >>> _without_invisible_marks("\\u200f\\u05d3\\u05e0\\u05d4\\u200e Co\\u00adhen\\ufeff")
    '\u05d3\u05e0\u05d4 Cohen'
    """
    return _REMOVED.sub("", text) if not text.isprintable() else text


def check_text(value: Any, field: str, limit: int, stored: str | None = None) -> str:
    """``value`` if it is one line of text of at most ``limit`` characters with no control character,
    no lone surrogate and no format character that reorders or hides text; else :class:`InputError`
    naming ``field``. Whitespace at the ends and the invisible marks of ``REMOVED_MARKS`` are removed
    first. ``stored``: the value as stored now; given back as it is, never refused, so a value from an
    older file or a restore (stored before a limit existed) never makes its row uneditable.

    >>> check_text("  Anna  ", "name", 100)
    'Anna'
    >>> check_text("x" * 101, "name", 100)
    Traceback (most recent call last):
    db.errors.InputError: "name": 101 characters: at most 100
    """
    if not isinstance(value, str):
        raise InputError(field, code="not_text")
    if stored is not None and value.strip() == stored:
        return stored
    value = _without_invisible_marks(value).strip()
    bad = _bad_character(value)
    if bad is not None:
        raise InputError(field, code=bad[0], char=f"U+{bad[1]:04X}")
    if len(value) > limit:
        raise InputError(field, code="text_too_long", length=len(value), limit=limit)
    return value


def check_optional_text(value: Any, field: str, limit: int, stored: str | None = None) -> str | None:
    """:func:`check_text`, with None (and empty text) kept as None."""
    if value is None:
        return None
    return check_text(value, field, limit, stored) or None


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
