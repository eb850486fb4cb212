"""What the models' cells share: alignment, colours, signed points, the order of player numbers, wind names."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from db.read.views import number_key
from referee_app.words.i18n import tr

RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
CENTER = int(Qt.AlignmentFlag.AlignCenter)
NEG = QBrush(QColor("#b3261e"))
POS = QBrush(QColor("#1b6e2d"))


def signed(v: float) -> str:
    """+24, -8, 0; a stage's carried half keeps its .5 (12.0 shows as +12)."""
    text = str(int(v)) if float(v).is_integer() else f"{v:.1f}"
    return f"+{text}" if v > 0 else text



def number_sort(number: str) -> str:
    """``db.read.views.number_key`` as one string, for the sort role of a Qt model ("2" < "10" < "A1")."""
    kind, value, text = number_key(number)
    return f"{kind}{value:012d}{text}"


SEAT_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def wind_label(code: str) -> str:
    return tr(SEAT_NAMES.get(code, code))


CHECKED = "✓"  # a yes in a table's column (the header says what it means, in any language)
