"""What every command shares: output in json / csv / text, the audit actor, dates. (Input files are read
by ``db.formats.text_files``: UTF-8, line by line.)"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from db.errors import InputError
from db.rules.safe_text import safe_cell
from db.service.audit import Actor, default_actor
from db.storage.database import Database

Command = Callable[[argparse.Namespace, Database], int]

FORMATS = ("json", "csv", "text")


def actor_of(args: argparse.Namespace) -> Actor:
    base = default_actor()
    return Actor(args.station or base.station, args.referee or base.referee)


def date_arg(text: str | None) -> date | None:
    """``--date``: an ISO date, or None when not given."""
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        raise InputError("--date", code="not_a_date", text=text) from exc


def emit(rows: list[dict[str, Any]], fmt: str, columns: Sequence[str], json_rows: Any = None) -> None:
    if fmt == "json":
        print(json.dumps(rows if json_rows is None else json_rows, ensure_ascii=False, indent=1))
        return
    table = [[_cell(r.get(c)) for c in columns] for r in rows]
    if fmt == "csv":  # text cells a spreadsheet would run get a ' (db/rules/safe_text.py); numbers stay numbers
        table = [[safe_cell(v) if isinstance(r.get(c), str) else v for c, v in zip(columns, row, strict=True)]
                 for r, row in zip(rows, table, strict=True)]
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(columns)
        w.writerows(table)
        sys.stdout.write(buf.getvalue())
        return
    # Text is for people: leave out columns empty in every row, shorten long cells.
    keep = [i for i in range(len(columns)) if any(row[i] for row in table)] or list(range(len(columns)))
    columns = [columns[i] for i in keep]
    table = [[_shorten(row[i]) for i in keep] for row in table]
    widths = [max([_width(c)] + [_width(row[i]) for row in table]) for i, c in enumerate(columns)]
    for row in [list(columns)] + table:
        print("  ".join(_pad(v, widths[i]) for i, v in enumerate(row)).rstrip())


def _shorten(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, dict | list):
        return json.dumps(v, ensure_ascii=False)
    return str(v)


def _width(text: str) -> int:
    # CJK characters take two columns in a terminal.
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def format_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default text)")
