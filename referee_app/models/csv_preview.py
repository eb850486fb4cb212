"""A player CSV in the import preview: each line's values, or what is wrong with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee_app.models.base import RowsModel
from referee_app.models.cells import NEG


@dataclass(frozen=True, slots=True)
class CsvRow:
    """One line of a player CSV in the import preview: the values, or what is wrong with it."""

    line: int
    number: str
    name: str
    team: str
    country: str
    error: str = ""
    ema_number: str = ""
    substitute: str = ""  # the file's cell as read: "✓" for a substitute, "" for not, else the cell itself


class CsvPreviewModel(RowsModel[CsvRow]):
    COL_ROW, COL_NUMBER, COL_NAME, COL_TEAM, COL_SUBSTITUTE, COL_COUNTRY, COL_EMA, COL_PROBLEM = range(8)
    HEADERS = ["Row", "Number", "Name", "Team", "Substitute", "Country", "EMA number", "Problem"]

    def cell(self, r: CsvRow, col: int) -> Any:
        return (r.line, r.number, r.name, r.team, r.substitute, r.country, r.ema_number, r.error)[col]

    def foreground(self, r: CsvRow, col: int) -> Any:
        return NEG if r.error else None
