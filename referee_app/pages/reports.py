"""Reports: every PDF of the reports layer, saved where the user says, or printed.

Printing: the PDFs come from ReportLab and PySide6-Essentials has no PDF renderer (QtPdf is not part
of it), so "Print…" asks for the printer with Qt's print dialog and hands the PDF to the system's print
spooler (CUPS ``lp``), which prints PDF directly; where there is no ``lp`` the PDF opens in the system
viewer to print from there.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from db.read import queries
from db.storage.files import write_atomic
from referee_app.base import file_dialogs, settings
from referee_app.base.errors import reporting_errors, show_error, user_message
from referee_app.dialogs.common import ask_output_path
from referee_app.pages.base import TournamentPage
from referee_app.pages.common import push_button
from referee_app.words.i18n import tr
from texts import N_

# (key, English title, needs a session, file name stem)
REPORTS = [
    ("scoresheets", "Score sheets", True, "scoresheets"),
    ("blank", "Blank score sheets", True, "blank-scoresheets"),
    ("results", "Results", True, "results"),
    ("penalties", "Penalty record", True, "penalties"),
    ("seating", "Seating", True, "seating"),
    ("standings", "Standings", False, "standings"),
    ("teams", "Team standings", False, "team-standings"),
    ("stage", "Stage standings", False, "stage-standings"),
    ("awards", N_("Prize list"), False, "prizes"),
]
STAGE_ROW = [key for key, *_rest in REPORTS].index("stage")
DESCRIPTIONS = {
    "scoresheets": "One A4 page per table with every hand, the totals, ranks and table points (R98 annex 5).",
    "blank": "Score sheets before play: names and seats filled in, the grid empty, for the tables.",
    "results": "A session's results per table and its best scores.",
    "penalties": "The session's penalty record (R98 annex 4).",
    "seating": "A session's seating by table, and alphabetically by player, to post at the entrance.",
    "standings": "The individual ranking with the per-session breakdown.",
    "teams": "The team ranking.",
    "stage": "One stage's ranking: the points each player carried into it, its sessions, its totals.",
    "awards": N_("The prize list: best hands, best of each session, chicken hands, most wins, best team "
                 "(as on the hall display's awards page)."),
}


def builder(key: str) -> Callable[[Any, argparse.Namespace], bytes]:
    from reports import cli

    return {
        "scoresheets": cli.build_scoresheets, "blank": cli.build_scoresheets, "results": cli.build_results,
        "penalties": cli.build_penalties, "seating": cli.build_seating, "standings": cli.build_standings,
        "teams": cli.build_standings, "stage": cli.build_standings, "awards": cli.build_awards,
    }[key]


def render(s: Any, key: str, session: int, table: int | None = None, stage: str | None = None) -> bytes:
    """The PDF bytes of report ``key`` (the same builders as ``mcr-tournament report``; ``stage``: the
    stage of "stage", as ``report standings --stage``)."""
    args = argparse.Namespace(session=session, table=table, blank=key == "blank", after=None, teams=key == "teams",
                              stage=stage if key == "stage" else None)
    return builder(key)(s, args)


class ReportsPage(TournamentPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = self._titled()
        body = QHBoxLayout()
        self.list = QListWidget()
        self.list.setObjectName("report_list")
        self.list.setMaximumWidth(320)
        self.list.setStyleSheet("QListWidget::item { padding: 8px; }")
        for _report in REPORTS:
            self.list.addItem(QListWidgetItem())  # worded in retranslate; the row is the REPORTS index
        self.list.currentRowChanged.connect(lambda _r: self._update())
        body.addWidget(self.list)
        right = QVBoxLayout()
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.session = QComboBox()
        self.session.setObjectName("report_session")
        self.table = QComboBox()
        self.table.setObjectName("report_table")
        self.stage = QComboBox()  # a staged event's stages, for "Stage standings"
        self.stage.setObjectName("report_stage")
        for box in (self.session, self.table, self.stage):
            box.setMinimumWidth(120)
        self.session_label, self.table_label, self.stage_label = QLabel(), QLabel(), QLabel()
        form.addRow(self.session_label, self.session)
        form.addRow(self.table_label, self.table)
        form.addRow(self.stage_label, self.stage)
        self.description = QLabel()
        self.description.setObjectName("report_description")
        self.description.setWordWrap(True)
        right.addWidget(self.description)
        right.addLayout(form)
        buttons = QHBoxLayout()
        self.save_button = push_button("save_pdf", self.save_dialog)
        self.print_button = push_button("print_pdf", self.print_report)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.print_button)
        buttons.addStretch(1)
        right.addLayout(buttons)
        self.status = QLabel()
        self.status.setObjectName("report_status")
        self.status.setWordWrap(True)
        right.addWidget(self.status)
        right.addStretch(1)
        body.addLayout(right, 1)
        lay.addLayout(body, 1)
        self.retranslate()
        self.list.setCurrentRow(0)

    def retranslate(self) -> None:
        self.title.setText(tr("Reports"))
        for i, (_k, title, _s, _st) in enumerate(REPORTS):
            self.list.item(i).setText(tr(title))
        self.session_label.setText(tr("Session"))
        self.table_label.setText(tr("Table"))
        self.stage_label.setText(tr("Stage"))
        self.save_button.setText(tr("Save as PDF…"))
        self.print_button.setText(tr("Print…"))
        self._update()

    def current(self) -> tuple[str, str, bool, str]:
        return REPORTS[max(0, self.list.currentRow())]

    def refresh(self) -> None:
        if self.ctx is None:
            return
        info, seated = self.ctx.runner.read(lambda s: (queries.tournament_info(s), queries.seated_sessions(s)))
        keep = self.session.currentData()
        self.session.clear()
        for n in range(1, info.sessions + 1):
            self.session.addItem(str(n), n)
        if keep:
            self.session.setCurrentIndex(keep - 1)
        elif seated:
            self.session.setCurrentIndex(seated[-1] - 1)
        tables = self.ctx.runner.read(lambda s: len(queries.seating(s, self.session.currentData() or 1)))
        self.table.clear()
        self.table.addItem(tr("all"), None)
        for t in range(1, tables + 1):
            self.table.addItem(str(t), t)
        stages = self.ctx.runner.read(queries.stages)
        chosen = self.stage.currentData()
        self.stage.clear()
        for v in stages:
            self.stage.addItem(v.name, v.name)
        if chosen is not None and self.stage.findData(chosen) >= 0:
            self.stage.setCurrentIndex(self.stage.findData(chosen))
        self._update()

    def _update(self) -> None:
        key, _title, needs_session, _stem = self.current()
        self.description.setText(tr(DESCRIPTIONS[key]))
        self.session.setEnabled(needs_session)
        self.table.setEnabled(key in ("scoresheets", "blank"))
        self.stage.setEnabled(key == "stage")
        # the list offers "Stage standings" only in a staged event
        self.list.item(STAGE_ROW).setHidden(self.stage.count() == 0)

    def pdf(self) -> bytes | None:
        assert self.ctx is not None
        key = self.current()[0]
        session = self.session.currentData() or 1
        table = self.table.currentData() if key in ("scoresheets", "blank") else None
        stage = self.stage.currentData()
        try:
            return self.ctx.runner.read(lambda s: render(s, key, session, table, stage))
        except Exception as exc:  # noqa: BLE001 - the store / fonts say what is wrong
            from reports.pdf.fonts import (
                MissingFontError,  # loaded with the report already: costs nothing here
            )

            msg = user_message(exc) or (str(exc) if isinstance(exc, MissingFontError) else None)
            if msg is None:
                raise
            show_error(self, tr("Reports"), msg, tr("Choose another session, or seat this one first."))
            return None

    def default_name(self) -> str:
        key, _t, needs_session, stem = self.current()
        if key == "stage":  # the stage's place among the stages: its name is free text
            return f"{stem}-{self.stage.currentIndex() + 1}.pdf"
        return f"{stem}-s{self.session.currentData() or 1}.pdf" if needs_session else f"{stem}.pdf"

    def default_folder(self) -> Path:
        """Beside the tournament file (on the stick, in portable mode), else where dialogs start."""
        if self.ctx is not None and "://" not in self.ctx.path and Path(self.ctx.path).parent.is_dir():
            return Path(self.ctx.path).resolve().parent
        return settings.documents_dir()

    def save_dialog(self) -> None:
        path = ask_output_path(self, tr("Save as PDF…"), self.default_folder() / self.default_name(),
                               lambda start: file_dialogs.get_save_file_name(self, tr("Save as PDF…"), start,
                                                                             "PDF (*.pdf)")[0])
        if path:
            self.save_to(path)

    def save_to(self, path: str) -> bool:
        data = self.pdf()
        if data is None:
            return False
        with reporting_errors(self, tr("Save as PDF…"), tr("If another program (Excel, a PDF reader) has the file "
                                                          "open, close it there; otherwise choose a folder you "
                                                          "can write to.")) as done:
            write_atomic(Path(path), data)
        if not done.ok:
            return False
        self.status.setText(tr("Saved {path} ({kb} KiB).", path=path, kb=len(data) // 1024 + 1))
        return True

    def print_report(self) -> None:
        data = self.pdf()
        if data is None:
            return
        tmp = Path(tempfile.mkdtemp(prefix="mcr-print-")) / self.default_name()
        tmp.write_bytes(data)
        lp = shutil.which("lp")
        if lp:
            from PySide6.QtPrintSupport import QPrintDialog, QPrinter

            printer = QPrinter()
            dlg = QPrintDialog(printer, self)
            if dlg.exec() != QPrintDialog.DialogCode.Accepted:
                return
            cmd = [lp, "-n", str(max(1, printer.copyCount()))]
            if printer.printerName():
                cmd += ["-d", printer.printerName()]
            r = subprocess.run([*cmd, str(tmp)], capture_output=True, text=True, check=False)
            if r.returncode != 0:
                show_error(self, tr("Print…"), r.stderr.strip() or "lp failed",
                           tr("Save as PDF and print it from a PDF viewer."))
                return
            self.status.setText(tr("Sent to the printer."))
            return
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(tmp)))
        self.status.setText(tr("Opened {path} in the PDF viewer: print it from there.", path=str(tmp)))
