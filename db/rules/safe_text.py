"""Text cells that a spreadsheet cannot run (CSV / formula injection).

Spreadsheet programs read a cell that begins with ``=``, ``+``, ``-`` or ``@`` (and, after a tab or a
carriage return, the same) as a formula: a player registered as ``=HYPERLINK("http://…")`` would become
a live link in the organiser's spreadsheet. Every CSV and workbook cell of *text* that the project
writes goes through :func:`safe_cell`, which puts a ``'`` in front of such text (the usual
neutralisation: spreadsheets show the text as typed). Numbers are left alone, so a match-point column
of -16 stays the number -16.

Used by ``db/commands/cli.py`` (CSV output) and ``reports/workbook.py`` (the xlsx workbook); it imports nothing.
"""

from __future__ import annotations

from typing import TypeVar

# What makes a spreadsheet read a cell as a formula (OWASP "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

T = TypeVar("T")


def neutralise(text: str) -> str:
    """``text`` with a ``'`` in front when a spreadsheet would run it.

    >>> neutralise('=HYPERLINK("http://x","y")')
    '\\'=HYPERLINK("http://x","y")'
    >>> neutralise("-16"), neutralise("@SUM(A1)"), neutralise("\\tx")
    ("'-16", "'@SUM(A1)", "'\\tx")
    >>> neutralise("Anna"), neutralise("张伟"), neutralise("")
    ('Anna', '张伟', '')
    """
    return "'" + text if text.startswith(FORMULA_START) else text


def safe_cell(value: T) -> T | str:
    """A cell's value for a CSV row or a workbook: text is neutralised, anything else is kept as is.

    >>> safe_cell(-16), safe_cell(1.75), safe_cell(None), safe_cell("+1 555")
    (-16, 1.75, None, "'+1 555")
    """
    return neutralise(value) if isinstance(value, str) else value
