"""The players CSV file (``number,name[,team][,country][,substitute][,ema_number][,first_name][,last_name]``):
reading it into
:class:`~db.service.players.PlayerInput` rows, every bad row reported."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from db.errors import InputError, TournamentError
from db.schema import first_line
from db.service.players import PlayerInput, checked_player


class RowErrors(TournamentError):
    """Several rows of a file are wrong; ``problems`` lists "line N: ..." texts."""

    code = "file_rows"

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        super().__init__(source=source, problems=list(problems), lines=[f"{source} {p}" for p in problems])
        self.problems = list(problems)


def _shown(text: str) -> str:
    """A cell as an error message quotes it: its repr (control characters escaped), cut to 40 characters."""
    shown = repr(text)
    return shown if len(shown) <= 40 else shown[:39] + "…"


def parse_players_csv(text: str, source: str = "players.csv") -> list[PlayerInput]:
    """Read ``number,name[,team][,country][,substitute][,ema_number][,first_name][,last_name]`` rows (header
    required, UTF-8, BOM allowed). ``country``: an ISO 3166 alpha-2 code (or a name, mapped to it). The EMA
    columns, when the file has them, set (or with an empty cell clear) the stored values; a file without
    them leaves those alone.

    Every bad row is reported (``RowErrors``), not just the first.
    """
    text = text.removeprefix("\ufeff")
    first = text.split("\n", 1)[0]
    # Spreadsheets in many locales save CSV with ";" (or tabs); take whichever the header uses.
    delimiter = max((",", ";", "\t"), key=first.count) if first else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows: list[list[str]] = []
    linenos: list[int] = []  # the file line each row starts on (a quoted cell may hold line breaks)
    broken: list[str] = []
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # e.g. a cell over the csv module's size limit: this row only
            broken.append(f"line {start}: {first_line(exc)}")
            continue
        rows.append(row)
        linenos.append(start)
    if not rows:
        raise RowErrors(source, ["line 1: empty file; expected the header number,name[,team][,country]"])
    header = [h.strip().lower() for h in rows[0]]
    known = ("number", "name", "team", "country", "substitute", "ema_number", "first_name", "last_name")
    problems: list[str] = []
    if linenos[0] != 1:
        problems.append("line 1: the header cannot be read")
    for h in header:
        if h not in known:
            problems.append(f'line 1: unknown column "{h}"; columns are number,name[,team][,country][,substitute]'
                            '[,ema_number][,first_name][,last_name]')
    for need in ("number", "name"):
        if need not in header:
            problems.append(f'line 1: the header needs a "{need}" column')
    if problems:
        raise RowErrors(source, problems)
    idx = {h: header.index(h) for h in known if h in header}
    out: list[PlayerInput] = []
    seen: dict[str, int] = {}
    problems.extend(broken)
    for lineno, row in zip(linenos[1:], rows[1:], strict=True):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            problems.append(f"line {lineno}: {len(row)} fields, the header has {len(header)}")
            continue

        def cell(name: str, row: list[str] = row) -> str:
            return row[idx[name]].strip() if name in idx else ""

        number, name = cell("number"), cell("name")
        if not number:
            problems.append(f'line {lineno}: "number" is empty')
            continue
        if len(number) > 32 or any(c.isspace() for c in number):
            problems.append(f'line {lineno}: "number" {_shown(number)} must be at most 32 characters without spaces')
            continue
        if not name:
            problems.append(f'line {lineno}: "name" is empty for player {number}')
            continue
        if number in seen:
            problems.append(f'line {lineno}: "number" {number} already used on line {seen[number]}')
            continue
        seen[number] = lineno
        sub = cell("substitute").lower()
        if sub not in ("", "0", "no", "false", "1", "yes", "true", "x"):
            problems.append(f'line {lineno}: "substitute" {_shown(sub)}: use yes or no')
            continue
        try:  # the EMA fields: an ISO country code (or a name it maps from), an 8-digit EMA number
            player = checked_player(PlayerInput(
                number, name, cell("team") or None, cell("country") or None, sub in ("1", "yes", "true", "x"),
                *(cell(c) if c in idx else None for c in ("ema_number", "first_name", "last_name"))))
        except InputError as exc:
            problems.append(f"line {lineno}: {exc}")
            continue
        out.append(player)
    if problems:
        problems.sort(key=lambda p: int(p.split(":")[0].removeprefix("line ")))  # the rows csv could not read too
        raise RowErrors(source, problems)
    return out
