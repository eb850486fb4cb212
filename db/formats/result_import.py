"""Importing a JSON-lines file of results: lines parsed, each recorded (or skipped when it is recorded
already), the rejected ones reported with their line numbers."""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from db.errors import InputError, TournamentError
from db.formats.result_lines import parse_result_line
from db.formats.text_files import RawLine, split_lines
from db.read.lookup import settings
from db.rules.limits import LINE_BYTES_MAX, LINE_DEPTH_MAX, json_depth_exceeds, long_number
from db.service.audit import Actor
from db.service.games import game_of, record_game_result
from db.service.outcomes import PenaltyInput, ResultLine
from db.service.results import record_result
from db.storage.database import Database
from db.storage.schema import first_line


@dataclass
class LineReport:
    recorded: int = 0
    skipped: int = 0
    rejected: int = 0
    errors: list[str] = field(default_factory=list)
    rolled_back: bool = False  # all or nothing (``atomic``) and a line was rejected: nothing is recorded


def result_line_key(line: ResultLine) -> tuple[Any, ...] | None:
    """Identity of a penalty line within a file, to count identical repeats (``occurrence``)."""
    if isinstance(line.result, PenaltyInput):
        return (line.session, line.table, line.result)
    return None


def parse_json_line(raw: str, field: str | None = None) -> Any:
    """One line's JSON, or :class:`InputError` (naming ``field`` when given: ``--line``) when it is not
    JSON or past the limits (size, nesting, a number's digits); the limits are checked first, so no line
    can make ``json.loads`` recurse deeply or take long.

    >>> parse_json_line('{"type": "draw"}')
    {'type': 'draw'}
    >>> parse_json_line("[" * 10_000)
    Traceback (most recent call last):
    db.errors.InputError: the line nests arrays and objects deeper than 20
    """
    if len(raw) > LINE_BYTES_MAX // 4 and len(size := raw.encode("utf-8", "surrogatepass")) > LINE_BYTES_MAX:
        raise InputError(field, code="line_too_long", size=len(size), limit=LINE_BYTES_MAX)
    if json_depth_exceeds(raw, LINE_DEPTH_MAX):
        raise InputError(field, code="line_too_deep", limit=LINE_DEPTH_MAX)
    try:
        return json.loads(raw, object_pairs_hook=_once)
    except _KeyTwice as exc:  # {"horses": {"3": [...], "3": [...]}} would keep the last silently
        raise InputError(field, code="json_key_twice", key=str(exc.args[0])[:40]) from exc
    except json.JSONDecodeError as exc:
        raise InputError(field, code="not_json", problem=exc.msg, column=exc.colno) from exc
    except ValueError as exc:  # a number of more than 4300 digits (Python's int limit): never a result
        problem, _line, column = long_number(raw)
        raise InputError(field, code="not_json", problem=problem, column=column) from exc
    except RecursionError as exc:  # not reached past the depth check; kept so no line can end the import
        raise InputError(field, code="line_too_deep", limit=LINE_DEPTH_MAX) from exc


class _KeyTwice(Exception):
    """A JSON object naming one key twice (the key is the argument)."""


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different; raises ``_KeyTwice`` naming the first repeated one."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _KeyTwice(key)
        out[key] = value
    return out


def iter_jsonl(lines: str | bytes | Iterable[RawLine]) -> Iterator[tuple[int, str | bytes | LongLine]]:
    """(line number, line) for every non-blank line of a text, a file's bytes or its lines
    (:func:`db.formats.text_files.byte_lines`); a BOM is dropped. Lines end at ``\r\n``, ``\n`` or ``\r``
    only. Bytes stay bytes: each line is decoded alone (:func:`line_text`), so one bad byte rejects only
    its line."""
    if isinstance(lines, str):
        numbered: Iterable[tuple[int, str | bytes]] = enumerate(split_lines(lines), start=1)
    elif isinstance(lines, bytes):
        numbered = enumerate(lines.splitlines(), start=1)  # bytes split at \r\n, \n and \r only
    else:
        for line in lines:
            if line.cut:  # over the line limit, not kept (byte_lines): refused by line_text, whatever it holds
                yield line.number, LongLine(line.cut)
            else:
                yield from _nonblank(line.number, line.data)
        return
    for lineno, raw in numbered:
        yield from _nonblank(lineno, raw)


@dataclass(frozen=True, slots=True)
class LongLine:
    """A line too long to be kept (``RawLine.cut``): its size in bytes, for the refusal."""

    size: int


def _nonblank(lineno: int, raw: str | bytes) -> Iterator[tuple[int, str | bytes]]:
    raw = raw.rstrip("\r\n") if isinstance(raw, str) else raw.rstrip(b"\r\n")  # the line, not its end
    if lineno == 1:
        raw = raw.removeprefix("\ufeff") if isinstance(raw, str) else raw.removeprefix(codecs.BOM_UTF8)
    if raw.strip():
        yield lineno, raw


def line_text(raw: str | bytes | LongLine) -> str:
    """A line as text: bytes decoded as UTF-8, or ``InputError("line_not_utf8")`` (offset in the line);
    ``line_too_long`` for a line not kept."""
    if isinstance(raw, LongLine):
        raise InputError(None, code="line_too_long", size=raw.size, limit=LINE_BYTES_MAX)
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(None, code="line_not_utf8", byte=exc.start) from exc


class _Rollback(Exception):
    pass


def import_result_lines(db: Database, text: str | bytes | Iterable[RawLine], source: str, *, atomic: bool = False,
                        actor: Actor | None = None,
                        on_reject: Callable[[str], None] = lambda _message: None) -> LineReport:
    """Record every line of ``text`` (the file named ``source``: its text, its bytes, or its lines as read
    by :func:`db.formats.text_files.byte_lines`): one transaction per line, or one for the whole file when
    ``atomic`` (then nothing is recorded if any line is rejected). Each line is judged alone, a line that
    is not UTF-8 too. ``on_reject`` receives each rejection ("FILE line N: ...") as it happens."""
    report = LineReport()
    seen: dict[Any, int] = {}

    def one(s: Session, raw: str | bytes | LongLine) -> str:
        obj = parse_json_line(line_text(raw))
        if game_of(settings(s)) is not None and not (isinstance(obj, dict) and obj.get("type") == "penalty"):
            return record_game_result(s, obj, actor=actor)  # a game table's hand: its rule system reads it
        line = parse_result_line(obj)
        key = result_line_key(line)
        occurrence = 1
        if key is not None:
            seen[key] = seen.get(key, 0) + 1
            occurrence = seen[key]
        return record_result(s, line, actor=actor, occurrence=occurrence)

    def count(outcome: str) -> None:  # once the line's transaction (or savepoint) is committed
        if outcome == "recorded":
            report.recorded += 1
        else:
            report.skipped += 1

    def reject(lineno: int, exc: Exception) -> None:
        if not isinstance(exc, TournamentError):  # whatever it is, only this line fails; one line, no SQL
            exc = InputError(None, code="line_failed", problem=f"{type(exc).__name__}: {first_line(exc)}")
        report.rejected += 1
        report.errors.append(f"{source} line {lineno}: {exc}")
        on_reject(report.errors[-1])

    if atomic:
        try:
            with db.factory.begin() as s:
                for lineno, obj in iter_jsonl(text):
                    try:
                        with s.begin_nested():
                            outcome = one(s, obj)
                        count(outcome)
                    except Exception as exc:  # noqa: BLE001 - each line is judged alone
                        reject(lineno, exc)
                if report.rejected:
                    raise _Rollback
        except _Rollback:
            report.rolled_back = True
    else:
        for lineno, obj in iter_jsonl(text):
            try:
                with db.factory.begin() as s:  # one transaction per line
                    outcome = one(s, obj)
                count(outcome)
            except Exception as exc:  # noqa: BLE001 - each line is judged alone
                reject(lineno, exc)
    return report
