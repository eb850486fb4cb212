"""View → Hall display…: pick the screen (from those Qt sees), the pages and the language, then open it."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import texts
from db.errors import TournamentError
from db.service.devices import check_base_url
from referee_app.base import settings
from referee_app.base.errors import show_error
from referee_app.hall.pages import PAGES
from referee_app.hall.window import HallOptions, HallWindow
from referee_app.words.i18n import LANG, tr

SETTINGS_KEY = "hall_options"  # the last HallOptions chosen (settings.remembered_options)
PAGE_NAMES = {"clock": "Clock", "find": "Find your table", "standings": "Individual standings",
              "teams": "Team standings", "best": "Best hands", "awards": "Awards"}
# "both": English and Chinese; then every catalogue found, each in its own name (docs/texts.md)
LANG_NAMES = {"both": "both", **{code: texts.language_name(code) for code in texts.languages()}}


class HallSetupDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Hall display"))
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.screen_box = QComboBox()
        self.screen_box.setObjectName("hall_screen")
        screens = QGuiApplication.screens()
        for i, s in enumerate(screens):
            g = s.geometry()
            self.screen_box.addItem(f"{i + 1}: {s.name()}  {g.width()}×{g.height()}", i)
        # a second screen is what a hall display is for: offer it first when there is one
        self.screen_box.setCurrentIndex(1 if len(screens) > 1 else 0)
        form.addRow(tr("Screen"), self.screen_box)
        self.boxes: dict[str, QCheckBox] = {}
        pages = QWidget()
        pl = QVBoxLayout(pages)
        pl.setContentsMargins(0, 0, 0, 0)
        for key in PAGES:
            b = QCheckBox(tr(PAGE_NAMES[key]))
            b.setObjectName(f"hall_page_{key}")
            b.setChecked(True)
            self.boxes[key] = b
            pl.addWidget(b)
        form.addRow(tr("Pages"), pages)
        self.lang = QComboBox()
        self.lang.setObjectName("hall_lang")
        for code, name in LANG_NAMES.items():
            self.lang.addItem(tr(name) if code == "both" else name, code)
        form.addRow(tr("Language"), self.lang)
        self.dwell = QSpinBox()
        self.dwell.setRange(3, 300)
        self.dwell.setValue(15)
        self.dwell.setSuffix(" " + tr("s"))  # seconds: "15 秒" in Chinese
        form.addRow(tr("Seconds per page"), self.dwell)
        self.show_calls = QCheckBox(tr("Show “Referee to table N” while a call waits"))
        self.show_calls.setObjectName("hall_show_calls")
        form.addRow("", self.show_calls)
        # The players' page as a QR code on "find your table": the app's server's address while it runs,
        # or this one (another computer serves the page, `mcr-tournament serve`).
        self.base_url = QLineEdit()
        self.base_url.setObjectName("hall_base_url")
        server = getattr(parent, "devices_server", None)  # the window's (open_hall makes it)
        self.base_url.setPlaceholderText((server.base_url() if server is not None else "") or "http://192.168.1.20:8765")
        self.base_url.setToolTip(tr("Empty: the address of this app's server while it runs (Tables → Table devices…)"))
        form.addRow(tr("Players' page address (QR code)"), self.base_url)
        lay.addLayout(form)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        bb.accepted.connect(self.accept)
        bb.rejected.connect(self.reject)
        lay.addWidget(bb)
        self._recall()

    def _recall(self) -> None:
        """The choices of the last hall display opened (asked afresh at every opening); the
        screen only while it is still there."""
        kept = settings.remembered_options(SETTINGS_KEY)
        if not kept:
            return
        screen = kept.get("screen")
        if isinstance(screen, int) and 0 <= screen < self.screen_box.count():
            self.screen_box.setCurrentIndex(screen)
        pages = kept.get("pages")
        if isinstance(pages, list) and pages:
            for key, box in self.boxes.items():
                box.setChecked(key in pages)
        at = self.lang.findData(kept.get("lang"))
        if at >= 0:
            self.lang.setCurrentIndex(at)
        dwell = kept.get("dwell_s")
        if isinstance(dwell, int):
            self.dwell.setValue(dwell)
        self.show_calls.setChecked(kept.get("show_calls") is True)
        base = kept.get("base_url")
        if isinstance(base, str):
            self.base_url.setText(base)

    def options(self) -> HallOptions:
        return HallOptions(self.screen_box.currentData() or 0, [k for k, b in self.boxes.items() if b.isChecked()],
                           self.lang.currentData(), self.dwell.value(), self.show_calls.isChecked(),
                           self.base_url.text().strip())

    def accept(self) -> None:
        text = self.base_url.text().strip()
        if text:
            try:
                check_base_url(text)
            except TournamentError:
                show_error(self, tr("Hall display"), tr("Not a web address: {url}", url=text),
                           tr("Type it as http://192.168.1.20:8765, or leave it empty."))
                return
        settings.remember_options(SETTINGS_KEY, asdict(self.options()))
        super().accept()

    @classmethod
    def ask(cls, parent: QWidget | None = None) -> HallOptions | None:
        d = cls(parent)
        return d.options() if d.exec() == QDialog.DialogCode.Accepted else None


def open_hall(window: Any, options: HallOptions | None = None) -> HallWindow | None:
    """Ask (unless ``options`` are given) and open the hall display for the window's tournament."""
    if window.ctx is None:
        return None
    # The server is made here when Table devices… has not made it yet: started later, the QR code follows.
    from referee_app.base.table_devices import (
        TableDevicesServer,  # loads the web server, as Table devices… does
    )

    if getattr(window, "devices_server", None) is None:
        window.devices_server = TableDevicesServer(window)
    server = window.devices_server
    options = options or HallSetupDialog.ask(window)
    if options is None:
        return None
    hall = HallWindow(window.ctx, options, server=server)
    hall.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    hall.place()
    window.hall_display = hall  # kept (and found by tests)
    # File → Open… of another tournament makes every open hall follow it; File → Close closes them
    window.hall_displays.append(hall)
    return hall


class HallAction(QAction):
    """The View menu's "Hall display…" entry; it re-labels itself when the language changes (a method of
    the action, so the connection goes with the action when its window closes)."""

    def __init__(self, window: Any) -> None:
        super().__init__(tr("Hall display…"), window)
        self.setObjectName("act_hall")
        self.triggered.connect(lambda _checked=False: open_hall(window))
        LANG.changed.connect(self.retranslate)

    @Slot(str)
    def retranslate(self, _code: str = "") -> None:
        self.setText(tr("Hall display…"))


def hall_action(window: Any) -> QAction:
    return HallAction(window)
