"""Item models (QAbstractTableModel) for every table on screen, one per module. No widgets: testable alone.

Each model has ``COL_*`` constants, a ``HEADERS`` list of English header texts (translated at display
time) and ``set_rows(rows)``; ``base.RowsModel`` is what they share, ``cells`` how their cells look. The
names are re-exported here so that ``from referee_app.models import X`` reads the same wherever X lives.
"""

from referee_app.models.audit import AuditModel, action_name
from referee_app.models.base import SORT_ROLE, TILE_GROUPS_ROLE, TILES_ROLE, Index, RowsModel
from referee_app.models.cells import (
    CENTER,
    CHECKED,
    NEG,
    POS,
    RIGHT,
    SEAT_NAMES,
    number_sort,
    signed,
    wind_label,
)
from referee_app.models.csv_preview import CsvPreviewModel, CsvRow
from referee_app.models.fans import FansModel
from referee_app.models.players import PlayersModel
from referee_app.models.sheet import SheetModel, SheetRow, sheet_rows, short_name
from referee_app.models.standings import StandingsModel
from referee_app.models.summary import SummaryModel
from referee_app.models.tables import TableProgressRow, TablesModel
from referee_app.models.team_standings import TeamStandingsModel

__all__ = [
    "CENTER", "CHECKED", "NEG", "POS", "RIGHT", "SEAT_NAMES", "SORT_ROLE", "TILES_ROLE", "TILE_GROUPS_ROLE",
    "AuditModel", "CsvPreviewModel", "CsvRow", "FansModel", "Index", "PlayersModel", "RowsModel", "SheetModel",
    "SheetRow", "StandingsModel", "SummaryModel", "TableProgressRow", "TablesModel", "TeamStandingsModel",
    "action_name", "number_sort", "sheet_rows", "short_name", "signed", "wind_label",
]
