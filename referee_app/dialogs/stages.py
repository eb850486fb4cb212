"""Stages… (from the Standings page): the stages after the qualifying stage, adding one after the last
session or made of the last planned sessions (the form says which sessions it will be), changing or
removing one that has no results, and the organiser's decision at a tie on the cut line. The rules are
the store's (``db.service.stages``, ``db.rules.stages``, ``db.read.queries.stages``); this dialog only asks."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from db.read import queries
from db.read.views import StageView
from db.rules.stages import QUALIFYING, Carry, StageSeating, new_stage_first
from db.service.stages import add_stage, change_stage, decide_tie, remove_stage
from referee_app.words.i18n import tr

COLUMNS = ("Stage name", "Session(s)", "Cut (top N)", "Carried", "Seating by", "Players")
FORM = ("Stage name", "Sessions", "Cut (top N)", "Carried", "Seating by")


class StagesDialog(QDialog):
    def __init__(self, ctx: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("stages_dialog")
        self.setWindowTitle(tr("Stages"))
        self.resize(760, 520)
        lay = QVBoxLayout(self)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("stages_table")
        self.table.setHorizontalHeaderLabels([tr(c) for c in COLUMNS])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._selected_changed)
        lay.addWidget(self.table, 1)

        lay.addLayout(self._form())
        self.span = QLabel()  # which sessions the stage will be: a stage is never added without saying so
        self.span.setObjectName("stage_span")
        self.span.setWordWrap(True)
        lay.addWidget(self.span)
        self.sessions.valueChanged.connect(self._show_span)
        self.last_planned.toggled.connect(self._show_span)
        lay.addLayout(self._buttons_row())

        self.tie_label = QLabel()
        self.tie_label.setObjectName("stage_tie_label")
        self.tie_label.setWordWrap(True)
        self.tied = QListWidget()
        self.tied.setObjectName("stage_tied")
        self.tied.setMaximumHeight(120)
        self.decide_button = QPushButton(tr("Decide"))
        self.decide_button.setObjectName("stage_decide")
        self.decide_button.clicked.connect(self.decide)
        lay.addWidget(self.tie_label)
        lay.addWidget(self.tied)
        lay.addWidget(self.decide_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.views: list[StageView] = []
        self.names: dict[str, str] = {}
        self.planned = 0
        self.reload()

    def _form(self) -> QFormLayout:
        """The stage's name, sessions, cut, carried points and seating."""
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setObjectName("stage_name")
        self.sessions = QSpinBox()
        self.sessions.setObjectName("stage_sessions")
        self.sessions.setRange(1, 20)
        self.cut = QSpinBox()
        self.cut.setObjectName("stage_cut")
        self.cut.setRange(4, 10_000)
        self.cut.setSingleStep(4)
        self.cut.setValue(16)
        self.carry = QComboBox()
        self.carry.setObjectName("stage_carry")
        for c in Carry:
            self.carry.addItem(tr(str(c)), str(c))
        self.seating = QComboBox()
        self.seating.setObjectName("stage_seating")
        for sm in StageSeating:
            self.seating.addItem(tr(str(sm)), str(sm))
        for label, w in zip(FORM, (self.name, self.sessions, self.cut, self.carry, self.seating), strict=True):
            form.addRow(tr(label), w)
        self.last_planned = QCheckBox(tr("Make the last planned sessions the stage"))
        self.last_planned.setObjectName("stage_last_planned")
        form.addRow("", self.last_planned)
        return form

    def _buttons_row(self) -> QHBoxLayout:
        """Add, change and remove a stage."""
        self.add_button = QPushButton(tr("Add stage"))
        self.add_button.setObjectName("stage_add")
        self.add_button.clicked.connect(self.add)
        self.change_button = QPushButton(tr("Save changes to the stage"))
        self.change_button.setObjectName("stage_change")
        self.change_button.clicked.connect(self.change)
        self.remove_button = QPushButton(tr("Remove stage…"))
        self.remove_button.setObjectName("stage_remove")
        self.remove_button.clicked.connect(self.ask_remove)
        row = QHBoxLayout()
        for b in (self.add_button, self.change_button, self.remove_button):
            row.addWidget(b)
        row.addStretch(1)
        return row

    def reload(self) -> None:
        self.views = self.ctx.runner.read(queries.stages)
        self.planned = self.ctx.runner.read(lambda s: queries.settings(s).sessions)
        self.names = self.ctx.runner.read(lambda s: {p.number: p.name for p in queries.players(s)})
        self.table.setRowCount(len(self.views))
        for r, v in enumerate(self.views):
            span = str(v.first_session) if v.sessions == 1 else f"{v.first_session}–{v.last_session}"
            if v.players is not None:
                who = " ".join(v.players)
            elif v.tied:
                who = tr("tie at the cut: {tied}", tied=", ".join(v.tied))
            else:
                who = tr("after {previous}", previous=_stage_name(v.previous))
            for c, text in enumerate((v.name, span, str(v.cut), tr(v.carry), tr(v.seating), who)):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        if self.views and not self.table.selectedItems():
            tied = next((i for i, v in enumerate(self.views) if v.tied and v.players is None), 0)
            self.table.selectRow(tied)
        self._selected_changed()
        self._show_span()

    def selected(self) -> StageView | None:
        rows = {i.row() for i in self.table.selectedItems()}
        return self.views[min(rows)] if rows else None

    def _selected_changed(self) -> None:
        v = self.selected()
        self.change_button.setEnabled(v is not None)
        self.remove_button.setEnabled(v is not None)
        if v is not None:  # the form shows the stage, to change it (or to start a new one from it)
            self.name.setText(v.name)
            self.sessions.setValue(v.sessions)
            self.cut.setValue(v.cut)
            self.carry.setCurrentIndex(self.carry.findData(v.carry))
            self.seating.setCurrentIndex(self.seating.findData(v.seating))
        self._show_tie()

    def _show_span(self) -> None:
        """Which sessions a stage added with the form will be (``db.rules.stages.new_stage_first``, as the store
        adds it); taking the last planned sessions is only offered while the qualifying stage has more."""
        n = self.sessions.value()
        can_take = not self.views and self.planned > 1
        self.last_planned.setEnabled(can_take)
        if not can_take:
            self.last_planned.setChecked(False)
        take = self.last_planned.isChecked()
        first = new_stage_first(self.planned, n, take)
        if take and n >= self.planned:
            self.span.setText(tr("The qualifying stage keeps at least one of the {planned} planned sessions.",
                                 planned=self.planned))
        elif take:
            self.span.setText(tr("A new stage will be {sessions} of the {planned} planned; the qualifying stage "
                                 "keeps {kept}.", sessions=_span(first, n), planned=self.planned,
                                 kept=_span(1, first - 1)))
        else:
            self.span.setText(tr("A new stage will be {sessions}, after the {planned} planned: the tournament "
                                 "will have {total} sessions.", sessions=_span(first, n), planned=self.planned,
                                 total=first + n - 1))

    def _show_tie(self) -> None:
        v = self.selected()
        open_tie = v is not None and bool(v.tied) and v.players is None
        self.tied.clear()
        for w in (self.tie_label, self.tied, self.decide_button):
            w.setVisible(open_tie)
        if not open_tie or v is None:
            return
        self.tie_label.setText(tr("Tie at the cut: check the {places} who go through", places=v.places))
        for n in v.tied:
            item = QListWidgetItem(f"{n}  {self.names.get(n, '')}")
            item.setData(Qt.ItemDataRole.UserRole, n)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.tied.addItem(item)

    def add(self) -> bool:
        name, sessions, cut = self.name.text(), self.sessions.value(), self.cut.value()
        carry, seating = str(self.carry.currentData()), str(self.seating.currentData())
        take = self.last_planned.isChecked()
        ok = self.ctx.runner.run_ok(lambda s: add_stage(s, name, sessions, cut, carry, seating,
                                                        last_planned=take), self)
        if ok:
            self.name.clear()
            self.last_planned.setChecked(False)
            self.reload()
        return ok

    def change(self) -> bool:
        """The selected stage takes the form's values (refused, with the store's line, once it has results)."""
        v = self.selected()
        if v is None:
            return False
        new_name, sessions, cut = self.name.text(), self.sessions.value(), self.cut.value()
        carry, seating = str(self.carry.currentData()), str(self.seating.currentData())
        ok = self.ctx.runner.run_ok(lambda s: change_stage(s, v.name, new_name=new_name, sessions=sessions, cut=cut,
                                                           carry=carry, seating=seating), self)
        if ok:
            self.reload()
        return ok

    def ask_remove(self) -> None:
        v = self.selected()
        if v is None:
            return
        box = QMessageBox(QMessageBox.Icon.Question, tr("Remove stage…"),
                          tr("Remove stage {stage} ({sessions})?", stage=v.name,
                             sessions=_span(v.first_session, v.sessions)), parent=self)
        drop = box.addButton(tr("Remove it and its sessions"), QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton(tr("Remove it; its sessions go to {previous}", previous=_stage_name(v.previous)),
                             QMessageBox.ButtonRole.AcceptRole)
        box.addButton(tr("Cancel"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        if box.clickedButton() in (drop, keep):
            self.remove(keep_sessions=box.clickedButton() is keep)

    def remove(self, keep_sessions: bool = False) -> bool:
        v = self.selected()
        if v is None:
            return False
        ok = self.ctx.runner.run_ok(lambda s: remove_stage(s, v.name, keep_sessions=keep_sessions), self)
        if ok:
            self.table.clearSelection()
            self.name.clear()
            self.reload()
        return ok

    def decide(self) -> bool:
        v = self.selected()
        if v is None:
            return False
        chosen = [str(self.tied.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.tied.count())
                  if self.tied.item(i).checkState() == Qt.CheckState.Checked]
        ok = self.ctx.runner.run_ok(lambda s: decide_tie(s, v.name, chosen), self)
        if ok:
            self.reload()
        return ok

    @classmethod
    def open_for(cls, ctx: Any, parent: QWidget | None) -> None:
        cls(ctx, parent).exec()


def _span(first: int, count: int) -> str:
    last = first + count - 1
    return tr("session {first}", first=first) if last == first else tr("sessions {first}–{last}", first=first,
                                                                         last=last)


def _stage_name(name: str) -> str:
    """A stage's name as the organiser gave it; the first stage's ("qualifying") in the user's language."""
    return tr("the qualifying stage") if name == QUALIFYING else name
