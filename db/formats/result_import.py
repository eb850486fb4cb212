"""Importing a JSON-lines file of results: lines parsed, each recorded (or skipped when it is recorded
already), the rejected ones reported with their line numbers."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from db.errors import InputError, TournamentError
from db.formats.result_lines import parse_result_line
from db.service.audit import Actor
from db.service.outcomes import PenaltyInput, ResultLine
from db.service.results import record_result
from db.store import Database


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


def iter_jsonl(text: str) -> Iterable[tuple[int, Any]]:
    """(line number, parsed JSON or the JSONDecodeError) for every non-blank line."""
    for lineno, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            yield lineno, json.loads(raw)
        except json.JSONDecodeError as exc:
            yield lineno, exc
        except RecursionError:  # e.g. thousands of "[": refused like any other line that is not JSON
            yield lineno, json.JSONDecodeError("nested too deeply", raw, 0)


class _Rollback(Exception):
    pass


def import_result_lines(db: Database, text: str, source: str, *, atomic: bool = False, actor: Actor | None = None,
                        on_reject: Callable[[str], None] = lambda _message: None) -> LineReport:
    """Record every line of ``text`` (the file named ``source``): one transaction per line, or one for
    the whole file when ``atomic`` (then nothing is recorded if any line is rejected). ``on_reject``
    receives each rejection ("FILE line N: ...") as it happens."""
    report = LineReport()
    seen: dict[Any, int] = {}

    def one(s: Session, obj: Any) -> None:
        if isinstance(obj, json.JSONDecodeError):
            raise InputError(None, code="not_json", problem=obj.msg, column=obj.colno)
        line = parse_result_line(obj)
        key = result_line_key(line)
        occurrence = 1
        if key is not None:
            seen[key] = seen.get(key, 0) + 1
            occurrence = seen[key]
        if record_result(s, line, actor=actor, occurrence=occurrence) == "recorded":
            report.recorded += 1
        else:
            report.skipped += 1

    def reject(lineno: int, exc: TournamentError) -> None:
        report.rejected += 1
        report.errors.append(f"{source} line {lineno}: {exc}")
        on_reject(report.errors[-1])

    if atomic:
        try:
            with db.factory.begin() as s:
                for lineno, obj in iter_jsonl(text):
                    try:
                        with s.begin_nested():
                            one(s, obj)
                    except TournamentError as exc:
                        reject(lineno, exc)
                if report.rejected:
                    raise _Rollback
        except _Rollback:
            report.rolled_back = True
    else:
        for lineno, obj in iter_jsonl(text):
            try:
                with db.factory.begin() as s:  # one transaction per line
                    one(s, obj)
            except TournamentError as exc:
                reject(lineno, exc)
    return report
