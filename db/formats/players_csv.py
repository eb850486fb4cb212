"""The players CSV file (``number,name[,team][,country][,substitute][,ema_number][,first_name][,last_name]``):
reading it into
:class:`~db.service.players.PlayerInput` rows, every bad row reported."""

from __future__ import annotations

import csv
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import texts
from db.errors import InputError, TournamentError
from db.formats.text_files import split_lines
from db.messages import render
from db.rules.limits import PLAYERS_MAX
from db.service.players import PlayerInput, checked_player
from db.storage.schema import first_line


@dataclass(frozen=True)
class RowProblem:
    """What is wrong with one line of the file: a refusal ``code`` and its ``params`` (``db.messages``), so
    the GUI can say it in the referee's language; ``message`` is the English (``"field": ...`` when a
    player field was refused). ``str()`` is the file check's "line N: ..." text."""

    line: int
    code: str
    params: dict[str, Any] = field(default_factory=dict)
    message: str = ""

    @classmethod
    def of(cls, line: int, code: str, **params: Any) -> RowProblem:
        return cls(line, code, params, render(code, params))

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"

    def problem_in(self, lang: str) -> str:
        """The problem alone, in ``lang``."""
        if lang == texts.DEFAULT:
            return self.message
        try:
            return render(self.code, self.params, lang)
        except (KeyError, IndexError, ValueError):
            return self.message

    def in_language(self, lang: str) -> str:
        """"line N: ..." in ``lang``."""
        return texts.translate(lang, "line {line}: {problem}", "file_row", line=self.line,
                               problem=self.problem_in(lang))

    def to_json(self, lang: str = texts.DEFAULT) -> dict[str, Any]:
        return {"line": self.line, "code": self.code, "message": self.problem_in(lang)}


class RowErrors(TournamentError):
    """Several rows of a file are wrong; ``rows`` are their :class:`RowProblem`, ``problems`` the same as
    "line N: ..." texts."""

    code = "file_rows"

    def __init__(self, source: str, rows: Sequence[RowProblem]) -> None:
        problems = [str(r) for r in rows]
        super().__init__(source=source, problems=problems, lines=[f"{source} {p}" for p in problems], rows=list(rows))
        self.rows = list(rows)
        self.problems = problems

    def in_language(self, lang: str) -> str:
        if lang == texts.DEFAULT:
            return self.message
        return "\n".join(f"{self.params['source']} {r.in_language(lang)}" for r in self.rows)

    def to_json(self, lang: str = texts.DEFAULT) -> dict[str, Any]:
        return {**super().to_json(lang), "rows": [r.to_json(lang) for r in self.rows]}


def substitute_cell(cell: str) -> bool | None:
    """The ``substitute`` cell: True, False (empty too), or None when it is neither.

    >>> substitute_cell("Yes"), substitute_cell(""), substitute_cell("x"), substitute_cell("maybe")
    (True, False, True, None)
    """
    value = cell.strip().lower()
    if value in ("1", "yes", "true", "x"):
        return True
    return False if value in ("", "0", "no", "false") else None


def _shown(text: str) -> str:
    """A cell as an error message quotes it: its repr (control characters escaped), cut to 40 characters."""
    shown = repr(text)
    return shown if len(shown) <= 40 else shown[:39] + "…"


@dataclass(frozen=True)
class CsvRows:
    """A CSV file split into rows, the one reading the import and the app's preview share: the delimiter
    found in the header, every row with the line it starts on (``rows[0]`` is the header, blank rows are
    kept), and the rows that could not be read."""

    delimiter: str
    rows: list[tuple[int, list[str]]]
    broken: list[RowProblem]


def csv_delimiter(header: str) -> str:
    """The delimiter of a header line: ``,``, ``;`` (Excel in many European locales) or a tab, whichever it
    has most of (``,`` when none).

    >>> csv_delimiter("number;name;team"), csv_delimiter("number,name"), csv_delimiter("number")
    (';', ',', ',')
    """
    return max((",", ";", "\t"), key=header.count) if header.strip() else ","


def read_csv_rows(lines: str | Iterable[str], source: str = "players.csv", max_rows: int = PLAYERS_MAX) -> CsvRows:
    """Split ``lines`` (a text, or its lines with their endings, e.g. :func:`db.formats.text_files.utf8_lines`
    of an open file) into rows. Lines may end in ``\r\n``, ``\n`` or a lone ``\r``; a BOM is dropped. A row
    whose quoted cell runs over several lines is reported (a quote not closed: no cell holds a line break).
    More than ``max_rows`` rows after the header stop the reading at once: ``csv_too_many_players``."""
    it = iter(split_lines(lines) if isinstance(lines, str) else lines)
    first = next(it, "").removeprefix("\ufeff")
    delimiter = csv_delimiter(first)
    reader = csv.reader(itertools.chain([first], it) if first else it, delimiter=delimiter)
    rows: list[tuple[int, list[str]]] = []
    broken: list[RowProblem] = []
    data_rows = 0
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # e.g. a cell over the csv module's size limit: this row only
            broken.append(RowProblem.of(start, "csv_row_unreadable", problem=first_line(exc)))
            continue
        if reader.line_num > start:  # a quoted cell holding line breaks: its closing quote is missing
            broken.append(RowProblem.of(start, "csv_quote_unclosed", end=reader.line_num))
            continue
        if rows and any(c.strip() for c in row):
            data_rows += 1
            if data_rows > max_rows:
                raise TournamentError(code="csv_too_many_players", path=source, line=start, limit=max_rows)
        rows.append((start, row))
    return CsvRows(delimiter, rows, broken)


def parse_players_csv(lines: str | Iterable[str], source: str = "players.csv") -> list[PlayerInput]:
    """Read ``number,name[,team][,country][,substitute][,ema_number][,first_name][,last_name]`` rows (header
    required; ``lines`` a text or its lines, see :func:`read_csv_rows`). ``country``: an ISO 3166 alpha-2
    code (or a name, mapped to it). The EMA columns, when the file has them, set (or with an empty cell
    clear) the stored values; a file without them leaves those alone.

    Every bad row is reported (``RowErrors``), not just the first.
    """
    return check_players(read_csv_rows(lines, source), source)


KNOWN_COLUMNS = ("number", "name", "team", "country", "substitute", "ema_number", "first_name", "last_name")


def check_players(table: CsvRows, source: str = "players.csv") -> list[PlayerInput]:
    """The players of rows read by :func:`read_csv_rows`, or ``RowErrors`` naming every bad row."""
    rows = [row for _line, row in table.rows]
    linenos = [line for line, _row in table.rows]
    broken = table.broken
    if not rows:
        raise RowErrors(source, broken or [RowProblem.of(1, "csv_empty")])
    header = [h.strip().lower() for h in rows[0]]
    problems = _header_problems(header, linenos[0])
    if problems:
        raise RowErrors(source, problems)
    idx = {h: header.index(h) for h in KNOWN_COLUMNS if h in header}
    out: list[PlayerInput] = []
    seen: dict[str, int] = {}
    problems.extend(broken)
    for lineno, row in zip(linenos[1:], rows[1:], strict=True):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            problems.append(RowProblem.of(lineno, "csv_field_count", fields=len(row), columns=len(header)))
            continue
        player = _row_player(lineno, {name: row[i].strip() for name, i in idx.items()}, seen)
        if isinstance(player, RowProblem):
            problems.append(player)
        else:
            out.append(player)
    if problems:
        problems.sort(key=lambda p: p.line)  # the rows csv could not read too
        raise RowErrors(source, problems)
    return out


def _header_problems(header: list[str], first_line: int) -> list[RowProblem]:
    """The header's problems: unreadable, unknown or repeated columns, number or name missing."""
    problems: list[RowProblem] = []
    if first_line != 1:
        problems.append(RowProblem.of(1, "csv_header_unreadable"))
    unknown = [h for h in header if h not in KNOWN_COLUMNS]
    for h in unknown[:10]:  # a header of 100,000 cells is not 100,000 lines of message
        problems.append(RowProblem.of(1, "csv_unknown_column", column=h if len(h) <= 40 else h[:39] + "…"))
    for h in sorted({h for h in header if h in KNOWN_COLUMNS and header.count(h) > 1}):
        problems.append(RowProblem.of(1, "csv_column_twice", column=h))
    for need in ("number", "name"):
        if need not in header:
            problems.append(RowProblem.of(1, "csv_column_missing", column=need))
    return problems


def _row_player(lineno: int, cells: dict[str, str], seen: dict[str, int]) -> PlayerInput | RowProblem:
    """One row's player, or its first problem; ``cells``: the known columns' stripped values; ``seen``: the
    numbers so far and their lines (this row's added once its number and name are good)."""
    def cell(name: str) -> str:
        return cells.get(name, "")

    number, name = cell("number"), cell("name")
    if not number:
        return RowProblem.of(lineno, "csv_number_empty")
    if len(number) > 32 or any(c.isspace() for c in number):
        return RowProblem.of(lineno, "csv_number_invalid", number=_shown(number))
    if not name:
        return RowProblem.of(lineno, "csv_name_empty", number=number)
    if number in seen:
        return RowProblem.of(lineno, "csv_number_twice", number=number, first=seen[number])
    seen[number] = lineno
    sub = cell("substitute").lower()
    flag = substitute_cell(sub)
    if flag is None:
        return RowProblem.of(lineno, "csv_substitute_invalid", value=_shown(sub))
    try:  # the EMA fields: an ISO country code (or a name it maps from), an 8-digit EMA number
        return checked_player(PlayerInput(
            number, name, cell("team") or None, cell("country") or None, flag,
            *(cell(c) if c in cells else None for c in ("ema_number", "first_name", "last_name"))))
    except InputError as exc:
        return RowProblem(lineno, exc.code, exc.params, str(exc))
