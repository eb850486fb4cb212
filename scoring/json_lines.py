"""One line of ``mcr-score --stream`` read as JSON, for every rule system's stream (docs/scoring-cli.md): a
line is one UTF-8 JSON object, a byte-order mark and blanks around it ignored."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any


class LineNotJson(Exception):
    """The line is blank, not UTF-8 or not JSON: the answer is an ``invalid_json`` error with this message."""


def read_json_line(line: bytes | str) -> Any:
    """The JSON value of one input line; raises :class:`LineNotJson` saying why there is none."""
    try:
        text = (line.decode("utf-8") if isinstance(line, bytes) else line).lstrip("\ufeff").strip()
    except UnicodeDecodeError:
        raise LineNotJson("the line is not valid UTF-8") from None
    if not text:
        raise LineNotJson("blank line: expected one JSON object per line")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise LineNotJson(f"not JSON: {e}") from None


def true_or_false(obj: dict[str, Any], names: Iterable[str], error: type[Exception]) -> dict[str, bool]:
    """The request's yes/no fields ``names`` (false when absent); ``error`` names the first that is not
    ``true`` or ``false``."""
    flags: dict[str, bool] = {}
    for name in names:
        value = obj.get(name, False)
        if not isinstance(value, bool):
            raise error(f'"{name}" must be true or false, not {json.dumps(value)}')
        flags[name] = value
    return flags
