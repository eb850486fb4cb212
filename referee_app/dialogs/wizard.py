"""New tournament: name, rule profile, sessions, hands, flowers and where to save it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from db.read.game_state import ends_by_rules
from db.read.games import is_game
from db.rules.profiles import PROFILES as PROFILE_SETTINGS
from referee_app.base import paths, settings
from referee_app.base.errors import user_message
from referee_app.base.store import create_tournament_file
from referee_app.dialogs.common import ask_new_file, problem_label
from referee_app.words.i18n import tr
from texts import N_

# Each registered profile's name in the list (the code is what the file stores; a profile without a label here
# is listed by its code, so a new rule system shows up before its words do).
LABELS = {"cmr1998": N_("R98 — Chinese Mahjong Competition Rules (1998)"),
          "gb": N_("GB — Green Book / World & European practice"),
          "riichi-ema2016": N_("Riichi — EMA 2016"),
          "riichi-ema2025": N_("Riichi — EMA 2025"),
          "riichi-wrc2022": N_("Riichi — WRC 2022"),
          "riichi-tenhou": N_("Riichi — Tenhou (red fives)"),
          "guangdong-tuidaohu": N_("Guangdong push-to-win (广东推倒胡)"),
          "hebei": N_("Hebei (河北麻将)"),
          "nanchang": N_("Nanchang (南昌麻将)"),
          "sichuan-xuezhan": N_("Sichuan bloody battle (四川血战到底)"),
          "guiyang-zhuoji": N_("Guiyang catch the chicken (贵阳捉鸡)"),
          "guangdong-jipinghu": N_("Guangdong Jipinghu (广东鸡平胡)")}
PROFILES = [(code, LABELS.get(code, code)) for code in PROFILE_SETTINGS]


class NewTournamentWizard(QDialog):
    def __init__(self, parent: QWidget | None = None, folder: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("New tournament"))
        self.setMinimumWidth(560)
        self.created: str | None = None
        self._folder = Path(folder) if folder else settings.documents_dir()
        form = QFormLayout(self)
        self.name = QLineEdit()
        self.name.setObjectName("wizard_name")
        self.name.textChanged.connect(self._suggest_path)
        form.addRow(tr("Tournament name"), self.name)
        self.profile = QComboBox()
        self.profile.setObjectName("wizard_profile")
        for code, text in PROFILES:
            self.profile.addItem(tr(text), code)
        form.addRow(tr("Rule profile"), self.profile)
        self._form = form
        self.sessions = QSpinBox()
        self.sessions.setObjectName("wizard_sessions")
        self.sessions.setRange(1, 100)
        self.sessions.setValue(5)
        form.addRow(tr("Sessions"), self.sessions)
        self.hands = QSpinBox()
        self.hands.setObjectName("wizard_hands")
        self.hands.setRange(1, 64)
        self.hands.setValue(16)
        self._by_hands = True  # the first profile's hands per session are the tournament's
        form.addRow(tr("Hands per session"), self.hands)
        self.flowers = QCheckBox(tr("Play with flowers"))
        self.flowers.setObjectName("wizard_flowers")
        self.flowers.setChecked(True)
        form.addRow(self.flowers)
        self.profile.currentIndexChanged.connect(self._profile_chosen)
        row = QHBoxLayout()
        self.path = QLineEdit()
        self.path.setObjectName("wizard_path")
        self._path_edited = False
        self.path.textEdited.connect(lambda _t: setattr(self, "_path_edited", True))
        browse = QPushButton(tr("Browse…"))
        browse.clicked.connect(self._browse)
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        form.addRow(tr("Save as"), row)
        self.problem = problem_label("wizard_problem", wrap=True)
        form.addRow(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.create_button = self.buttons.addButton(tr("Create"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.setObjectName("wizard_create")
        self.buttons.accepted.connect(self.create_file)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)

    def _profile_chosen(self, _index: int = 0) -> None:
        """A game that ends by its own rules (Riichi) keeps the profile's ceiling of hands, so the hands row is
        hidden for it; every other system's session is the tournament's hands per session (MCR, the Chinese
        systems: 16 by default), shown and kept while the organiser moves between such profiles. A game has no
        flowers: that row is hidden and takes the profile's value."""
        chosen = PROFILE_SETTINGS[self.profile.currentData()]
        by_hands = not ends_by_rules(chosen)
        if not (by_hands and self._by_hands):  # a value typed for one such profile stays for the next
            self.hands.setValue(chosen.hands_per_session)
        self._by_hands = by_hands
        self.flowers.setChecked(chosen.flowers)
        self._form.setRowVisible(self.hands, by_hands)
        self._form.setRowVisible(self.flowers, not is_game(chosen))

    def _suggest_path(self, name: str) -> None:
        if self._path_edited:
            return
        self.path.setText(str(self._folder / f"{paths.file_stem(name)}.mcr"))

    def _browse(self) -> None:
        path = ask_new_file(self, tr("Save as"), self.path.text(), tr("Tournament files (*.mcr);;All files (*)"),
                            ".mcr")  # "Event.MCR" stays as typed (Windows, macOS)
        if path:
            self.path.setText(path)
            self._path_edited = True

    def create_file(self) -> None:
        if not self.name.text().strip():
            self.problem.setText(tr("The tournament needs a name."))
            return
        path = self.path.text().strip()
        if not path:
            self.problem.setText(tr("Choose where to save the tournament file."))
            return
        if paths.is_reserved_name(Path(path).name):
            self.problem.setText(tr("{name} is a name Windows keeps for a device: choose another file name.",
                                    name=Path(path).name))
            return
        try:
            create_tournament_file(path, self.name.text(), self.profile.currentData(), self.sessions.value(),
                                   self.hands.value(), self.flowers.isChecked())
        except Exception as exc:  # noqa: BLE001 - the store's message says what is wrong
            msg = user_message(exc)
            if msg is None and not isinstance(exc, OSError):
                raise
            self.problem.setText(msg or str(exc))
            return
        self.created = path
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None) -> str | None:
        d = cls(parent)
        d.exec()
        return d.created
