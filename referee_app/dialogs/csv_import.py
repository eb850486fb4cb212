"""Import players from CSV: a preview of every row with what is wrong in it, then import the lot.

The file is read in the encoding a spreadsheet most likely saved it in (``db.formats.text_files.decode_guess``:
UTF-8, UTF-16, GBK, Windows-1252), named above the preview. The rows are split and checked by
``db.formats.players_csv`` (``read_csv_rows``: the delimiter, the line breaks, the quotes; ``check_players``:
required columns, unique numbers, ...), the same code as ``players import``: this dialog only pins each
row problem (a code and its parameters, said in the referee's language by ``store_errors``) to its row.

Enter in the path box (or leaving it) loads the preview; only the Import button imports, and only the file
previewed: editing the path turns the button off until the new path is previewed.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from db.errors import TournamentError
from db.formats.players_csv import RowErrors, check_players, read_csv_rows, substitute_cell
from db.formats.text_files import read_guessed
from db.rules.limits import PLAYERS_CSV_BYTES_MAX
from db.service.players import PlayerInput
from referee_app.base import file_dialogs
from referee_app.dialogs.common import problem_label
from referee_app.models import CHECKED, CsvPreviewModel, CsvRow
from referee_app.words.i18n import tr
from referee_app.words.store_errors import row_problem, store_problem

SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab"}


def preview(text: str, source: str = "players.csv") -> tuple[list[CsvRow], list[str], list[PlayerInput], str]:
    """Rows for the preview, problems not tied to a data row (header), the players if all is well, and the
    delimiter. Raises ``TournamentError`` for a file refused as a whole (more than 10,000 players)."""
    table = read_csv_rows(text, source)
    header = [h.strip().lower() for h in table.rows[0][1]] if table.rows else []
    problems: dict[int, str] = {}
    general: list[str] = []
    players: list[PlayerInput] = []
    try:
        players = check_players(table, source)
    except RowErrors as e:
        for r in e.rows:
            if r.line > 1:
                problems[r.line] = store_problem(r)
            else:
                general.append(row_problem(r))

    def col(row: list[str], name: str) -> str:
        return row[header.index(name)].strip() if name in header and header.index(name) < len(row) else ""

    def substitute(row: list[str]) -> str:  # as the import reads it (players_csv.substitute_cell)
        cell = col(row, "substitute")
        flag = substitute_cell(cell)
        return cell if flag is None else CHECKED if flag else ""

    out = [CsvRow(lineno, col(row, "number"), col(row, "name"), col(row, "team"), col(row, "country"),
                  problems.get(lineno, ""), col(row, "ema_number"), substitute(row))
           for lineno, row in table.rows[1:] if any(c.strip() for c in row)]
    out += [CsvRow(b.line, "", "", "", "", problems.get(b.line, store_problem(b))) for b in table.broken if b.line > 1]
    out.sort(key=lambda r: r.line)
    return out, general, players if not problems and not general else [], table.delimiter


class CsvImportDialog(QDialog):
    import_button: QPushButton  # made with the buttons below; editing the path (above them) disables it

    def __init__(self, parent: QWidget | None = None, path: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Import players"))
        self.resize(820, 520)
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        self.path = QLineEdit(path)
        self.path.setObjectName("csv_path")
        self.path.installEventFilter(self)  # Enter previews (and never reaches the Import button)
        self.path.textEdited.connect(lambda _text: self.import_button.setEnabled(False))  # until previewed
        self.path.editingFinished.connect(self._left_path)  # leaving the box previews too
        browse = QPushButton(tr("Browse…"))
        browse.clicked.connect(self._browse)
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        lay.addLayout(row)
        self.hint = QLabel("number,name[,team][,country][,substitute][,ema_number][,first_name][,last_name]  "
                           + tr("(header row; UTF-8 best, also UTF-16, GBK or Windows-1252; country: ISO code "
                                "such as FR)"))
        self.hint.setWordWrap(True)
        lay.addWidget(self.hint)
        self.read_as = QLabel()  # the encoding and the delimiter the file was read with
        self.read_as.setObjectName("csv_read_as")
        lay.addWidget(self.read_as)
        self.model = CsvPreviewModel(parent=self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.verticalHeader().hide()
        lay.addWidget(self.view, 1)
        self.problems = problem_label("csv_problems", wrap=True)
        lay.addWidget(self.problems)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(tr("Import {n} players", n=0), QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setObjectName("do_import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.players: list[PlayerInput] = []
        self.previewed = ""  # the path text of the preview shown (a changed path is previewed before import)
        if path:
            self.load()
        else:
            self.import_button.setEnabled(False)

    def _browse(self) -> None:
        path, _ = file_dialogs.get_open_file_name(self, tr("Import CSV…"), "", "CSV (*.csv);;All files (*)")
        if path:
            self.path.setText(path)
            self.load()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.path and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.load()
            return True
        return super().eventFilter(watched, event)

    def _left_path(self) -> None:
        if self.path.text() != self.previewed:
            self.load()

    def accept(self) -> None:
        if self.path.text() != self.previewed:  # typed in, not previewed yet: show it first
            self.load()
            return
        super().accept()

    def _refuse(self, message: str) -> None:
        self.model.set_rows([])
        self.players = []
        self.read_as.setText("")
        self.problems.setText(message)
        self.import_button.setText(tr("Import {n} players", n=0))
        self.import_button.setEnabled(False)

    def load(self) -> None:
        self.previewed = self.path.text()
        text = self.path.text().strip()
        if not text:
            self._refuse("")
            return
        try:
            decoded = read_guessed(Path(text), PLAYERS_CSV_BYTES_MAX)
        except TournamentError as e:
            self._refuse(store_problem(e))
            return
        self.load_text(decoded.text, Path(text).name, decoded.encoding)

    def load_text(self, text: str, source: str = "players.csv", encoding: str = "") -> None:
        try:
            rows, general, players, delimiter = preview(text, source)
        except TournamentError as e:  # refused as a whole: more than 10,000 players
            self._refuse(store_problem(e))
            return
        self.model.set_rows(rows)
        self.players = players
        sep = tr(SEPARATORS.get(delimiter, delimiter))
        self.read_as.setText(tr("Read as {encoding}; columns separated by {sep}.", encoding=encoding, sep=sep)
                             if encoding else tr("Columns separated by {sep}.", sep=sep))
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
