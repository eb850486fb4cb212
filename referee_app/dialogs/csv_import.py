"""Import players from CSV: a preview of every row with what is wrong in it, then import the lot.

The rules (required columns, unique numbers, ...) are ``db.service.parse_players_csv``'s; this dialog
only splits the file into rows for the preview and pins each of its row problems (a code and its parameters,
said in the referee's language by ``store_errors``) to its row.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from db.formats.players_csv import RowErrors, parse_players_csv
from db.service.players import PlayerInput
from referee_app.i18n import tr
from referee_app.models import CsvPreviewModel, CsvRow
from referee_app.store_errors import row_problem, store_problem


def preview(text: str, source: str = "players.csv") -> tuple[list[CsvRow], list[str], list[PlayerInput]]:
    """Rows for the preview, problems not tied to a data row (header), and the players if all is well."""
    text = text.removeprefix("\ufeff")
    rows = list(csv.reader(io.StringIO(text)))
    header = [h.strip().lower() for h in rows[0]] if rows else []
    problems: dict[int, str] = {}
    general: list[str] = []
    players: list[PlayerInput] = []
    try:
        players = parse_players_csv(text, source)
    except RowErrors as e:
        for r in e.rows:
            if r.line > 1:
                problems[r.line] = store_problem(r)
            else:
                general.append(row_problem(r))

    def col(row: list[str], name: str) -> str:
        return row[header.index(name)].strip() if name in header and header.index(name) < len(row) else ""

    out = []
    for lineno, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        out.append(CsvRow(lineno, col(row, "number"), col(row, "name"), col(row, "team"), col(row, "country"),
                          problems.get(lineno, ""), col(row, "ema_number")))
    return out, general, players if not problems and not general else []


class CsvImportDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, path: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Import players"))
        self.resize(820, 520)
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        self.path = QLineEdit(path)
        self.path.setObjectName("csv_path")
        self.path.editingFinished.connect(self.load)
        browse = QPushButton(tr("Browse…"))
        browse.clicked.connect(self._browse)
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        lay.addLayout(row)
        self.hint = QLabel("number,name[,team][,country][,substitute][,ema_number][,first_name][,last_name]"
                           "  (UTF-8, header row; country: ISO code such as FR)")
        lay.addWidget(self.hint)
        self.model = CsvPreviewModel(parent=self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.verticalHeader().hide()
        lay.addWidget(self.view, 1)
        self.problems = QLabel()
        self.problems.setObjectName("csv_problems")
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b3261e;")
        lay.addWidget(self.problems)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(tr("Import {n} players", n=0), QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setObjectName("do_import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.players: list[PlayerInput] = []
        if path:
            self.load()
        else:
            self.import_button.setEnabled(False)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Import CSV…"), "", "CSV (*.csv);;All files (*)")
        if path:
            self.path.setText(path)
            self.load()

    def load(self) -> None:
        p = Path(self.path.text().strip())
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            self.model.set_rows([])
            self.players = []
            self.problems.setText(f"{p}: {e}")
            self.import_button.setEnabled(False)
            return
        self.load_text(text, p.name)

    def load_text(self, text: str, source: str = "players.csv") -> None:
        rows, general, players = preview(text, source)
        self.model.set_rows(rows)
        self.players = players
        bad = sum(1 for r in rows if r.error)
        msgs = list(general)
        if bad:
            msgs.append(tr("{n} rows have problems: fix the file and load it again.", n=bad))
            # the first problem in view (it was below the fold in a long file)
            first = next(i for i, r in enumerate(rows) if r.error)
            self.view.setCurrentIndex(self.model.index(first, 0))
            self.view.scrollTo(self.model.index(first, 0), QAbstractItemView.ScrollHint.PositionAtCenter)
        self.problems.setText("\n".join(msgs))
        self.import_button.setText(tr("Import {n} players", n=len(players)))
        self.import_button.setEnabled(bool(players))

    @classmethod
    def ask(cls, parent: QWidget | None, path: str = "") -> list[PlayerInput] | None:
        d = cls(parent, path)
        return d.players if d.exec() == QDialog.DialogCode.Accepted and d.players else None
