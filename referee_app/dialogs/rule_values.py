"""Rule values… (Tournament menu, and the Sessions page's banner while one is missing): the organiser's values for
the tournament's rule system (issue 33 item 5). A source that leaves numbers open (Guiyang's chickens, 鸡平胡's
番) gives them no default: the store refuses to seat a session, start its clock or record a hand until they are
typed (``db.read.game_state.missing_rules``). The dialog lists each missing value with why the rule system
needs it (the system's own English lines, shown as they are), then the values set already, each in a field,
then the values the system gives a default for (``optional_rules``: 鸡平胡's base and cap), each with its value
now, and saves them all at once through ``update_settings`` (as ``settings --rule NAME=VALUE``); the store's
refusal is said in one line. Once a result exists the values are frozen (the store says so): the fields are
read-only then."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import texts
from db.commands.tournament import rule_values
from db.read import queries
from db.read.game_state import missing_rules, optional_rules
from db.read.lookup import has_results
from db.rules import game_words
from db.service.tournament import update_settings
from referee_app.base.errors import user_message
from referee_app.dialogs.common import problem_label
from referee_app.words.i18n import LANG, tr

UNSET = -1  # a number field's value while nothing is typed (shown as "—")
MOST = 1_000_000


@dataclass(frozen=True, slots=True)
class RuleValues:
    """What the dialog shows: the profile, the values still missing (name, why), those set, frozen or not, and
    the values with a default (name, the value now, what it is), which ``given`` leaves out."""

    profile: str
    missing: tuple[tuple[str, str], ...]
    given: tuple[tuple[str, Any], ...]
    frozen: bool
    optional: tuple[tuple[str, Any, str], ...] = ()


def read_rule_values(s: Any) -> RuleValues:
    st = queries.settings(s)
    missing = missing_rules(st)
    optional = optional_rules(st)
    gone = {name for name, _ in missing} | {name for name, _, _ in optional}
    # a value stored as null is missing, shown once among the missing (its number field), never as "null" text;
    # a value with a default is shown once, among those, with its value now
    given = tuple(sorted((k, v) for k, v in st.rules.items() if v is not None and k not in gone))
    return RuleValues(st.profile, missing, given, has_results(s), optional)


def number_field(name: str, value: int = UNSET) -> QSpinBox:
    box = QSpinBox()
    box.setObjectName(f"rule_{name}")
    box.setRange(UNSET, MOST)
    box.setSpecialValueText("—")  # not typed yet
    box.setValue(value)
    box.setMinimumWidth(110)
    return box


class RuleValuesDialog(QDialog):
    def __init__(self, ctx: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("rule_values_dialog")
        self.setWindowTitle(tr("Rule values"))
        self.resize(860, 320)
        lay = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setObjectName("rule_values_intro")
        self.intro.setWordWrap(True)
        lay.addWidget(self.intro)
        self.area = QScrollArea()
        self.area.setWidgetResizable(True)
        lay.addWidget(self.area, 1)
        self.problem = problem_label("rule_values_problem")
        lay.addWidget(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.save_button = self.buttons.addButton(tr("Save"), QDialogButtonBox.ButtonRole.ApplyRole)
        self.save_button.setObjectName("rule_values_save")
        self.save_button.clicked.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.fields: dict[str, QSpinBox | QLineEdit] = {}
        self.values = RuleValues("", (), (), False)
        self.reload()
        # as tall as its values (a long list scrolls): a few do not float in an empty box
        body = self.area.widget()
        room = body.sizeHint().height() if body is not None else 0
        self.resize(self.width(), max(320, min(640, room + 170)))

    def reload(self) -> None:
        """Read the tournament's values again and lay out a field for each."""
        self.values = v = self.ctx.runner.read(read_rule_values)
        self.fields = {}
        body = QWidget()
        grid = QGridLayout(body)
        grid.setColumnStretch(1, 1)
        row = 0
        if v.missing:
            row = self._heading(grid, row, tr("Not set yet"))
        for name, why in v.missing:
            row = self._value_row(grid, row, name, why, number_field(name))
        if v.given:
            row = self._heading(grid, row, tr("Set already"))
        for name, value in v.given:
            row = self._value_row(grid, row, name, "", self._given_field(name, value))
        if v.optional:
            row = self._heading(grid, row, tr("With a default"))
        for name, value, why in v.optional:
            row = self._value_row(grid, row, name, why, self._given_field(name, value), game_words.RULE_VALUE_DEFAULT)
        grid.setRowStretch(row, 1)
        self.area.setWidget(body)
        for field in self.fields.values():
            field.setEnabled(not v.frozen)
        self.save_button.setEnabled(not v.frozen and bool(self.fields))
        profile = f"{texts.said(game_words.PROFILES[v.profile], LANG.code)} ({v.profile})" \
            if v.profile in game_words.PROFILES else v.profile
        if v.frozen:
            intro = tr("Results exist: the rule values are frozen.")
        elif v.missing:
            intro = tr("The rule system {profile} leaves these numbers to the organiser. Sessions cannot start "
                       "(seating, the clock, the first result) until each is set.", profile=profile)
        elif v.given or v.optional:
            intro = tr("Every value the rule system needs is set; they can be changed until the first result.")
        else:
            intro = tr("The rule system {profile} needs no value from the organiser.", profile=profile)
        self.intro.setText(intro)

    def _heading(self, grid: QGridLayout, row: int, text: str) -> int:
        label = QLabel(f"<b>{text}</b>")
        grid.addWidget(label, row, 0, 1, 2)
        return row + 1

    def _value_row(self, grid: QGridLayout, row: int, name: str, why: str, field: QSpinBox | QLineEdit,
                   said_why: texts.Text = game_words.RULE_VALUE_WHY) -> int:
        """The value's name and its field; under them, why the rule system asks for it (``said_why`` in the
        desk's language, then its own words)."""
        title = QLabel(game_words.rule_value_label(name, LANG.code))  # its words, its code beside them
        title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        grid.addWidget(title, row, 0)
        grid.addWidget(field, row, 1, Qt.AlignmentFlag.AlignLeft)
        self.fields[name] = field
        if not why:
            return row + 1
        # why, in the desk's language: the catalogue's reason, the value's own line under it
        reason = QLabel(f"{texts.said(said_why, LANG.code)}\n{game_words.rule_value_why(name, why, LANG.code)}")
        reason.setObjectName(f"rule_why_{name}")
        reason.setWordWrap(True)
        reason.setStyleSheet("color: #555; margin-bottom: 6px;")
        grid.addWidget(reason, row + 1, 0, 1, 2)
        return row + 2

    @staticmethod
    def _given_field(name: str, value: Any) -> QSpinBox | QLineEdit:
        """A value set already: a number field for a whole number, else its JSON (as ``--rule`` takes it)."""
        if type(value) is int and 0 <= value <= MOST:
            return number_field(name, value)
        line = QLineEdit(json.dumps(value, ensure_ascii=False))
        line.setObjectName(f"rule_{name}")
        return line

    def typed(self) -> dict[str, Any]:
        """The values the fields hold that differ from the tournament's (a missing one left "—" is not sent);
        a line of text is read as ``--rule NAME=VALUE`` reads it."""
        given = {**dict(self.values.given), **{name: value for name, value, _ in self.values.optional}}
        out: dict[str, Any] = {}
        for name, field in self.fields.items():
            if isinstance(field, QSpinBox):
                if field.value() != UNSET:
                    out[name] = field.value()
            else:
                out.update(rule_values([f"{name}={field.text()}"]))
        return {k: v for k, v in out.items() if k not in given or given[k] != v}

    def save(self) -> bool:
        """Every value typed in one transaction; the store's refusal in one line under the fields."""
        values = self.typed()
        if not values:
            self.problem.setText(tr("Type a value first."))
            return False
        refused: list[str] = []

        def refusal(exc: BaseException) -> bool:
            refused.append(user_message(exc) or str(exc))
            return True

        def write(s: Any) -> bool:
            update_settings(s, rules=values)
            return True

        done = self.ctx.runner.run(write, self, tr("Rule values"), on_refused=refusal)
        self.problem.setText(refused[0] if refused else "")
        if done:
            self.reload()
        return bool(done)
