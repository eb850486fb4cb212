"""One line of ``mcr-score --stream`` read as JSON, for every rule system's stream (docs/scoring-cli.md): a
line is one UTF-8 JSON object, a byte-order mark and blanks around it ignored."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import IO, Any


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


_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def dumps(obj: dict[str, Any]) -> str:
    """One answer object as one line of JSON: compact, UTF-8 as is, the three line breaks JSON allows inside a
    string escaped (a reader splitting on them would cut the line)."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    if "\x85" in text or "\u2028" in text or "\u2029" in text:  # rare: translate() itself is slow
        return text.translate(_LINE_BREAKS)
    return text


def answer_line(line: bytes | str, answer: Callable[[Any], dict[str, Any]]) -> str:
    """The answer line (without newline) of a system whose ``answer`` takes the input object; never raises."""
    try:
        try:
            obj = read_json_line(line)
        except LineNotJson as e:
            return dumps({"valid": False, "error": {"code": "invalid_json", "message": str(e)}})
        return dumps(answer(obj))
    except Exception as e:  # never let one hand stop the stream
        return dumps({"valid": False, "error": {"code": "internal", "message": f"{type(e).__name__}: {e}"}})


def run_lines(stdin: IO[bytes], stdout: IO[bytes], line_answer: Callable[[bytes], str]) -> int:
    """Answer every line of ``stdin`` until EOF, one flushed line each; a closed reader ends it quietly."""
    while True:
        raw = stdin.readline()
        if not raw:
            return 0
        out = line_answer(raw.rstrip(b"\r\n") if raw.endswith(b"\n") else raw)
        try:
            stdout.write(out.encode("utf-8") + b"\n")
            stdout.flush()
        except BrokenPipeError:
            return 0
