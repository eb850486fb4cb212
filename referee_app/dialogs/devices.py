"""Tables → Table devices…: start or stop the server for the tables' phones, see its addresses, and each
table's link with its QR code (scanned by the table's phone); replace a table's link (revoke)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from db.read import queries
from db.service.devices import active_links, device_links, revoke_device
from referee_app.base import settings
from referee_app.base.errors import show_error
from referee_app.base.runner import Runner
from referee_app.base.table_devices import TableDevicesServer, qr_image
from referee_app.words.i18n import tr
from texts import N_
from web.api.server import ListenError
from web.defaults import DEFAULT_PORT

URL_ROLE = Qt.ItemDataRole.UserRole
TABLE_ROLE = Qt.ItemDataRole.UserRole + 1
HOSTS = (("127.0.0.1", "This computer only"), ("0.0.0.0", "Phones on the local network"))
SETTINGS_KEY = "devices_server"  # {"host", "port"} of the last start (settings.remembered_options)
FIREWALL = N_("Windows: allow MCR Referee when the firewall asks. Venue Wi-Fi is often a \"Public\" network, "
             "which the firewall blocks: allow Public networks too, or make this network Private "
            "(Settings → Network & Internet).")


class DevicesDialog(QDialog):
    def __init__(self, parent: QWidget | None, db: Any, runner: Runner, server: TableDevicesServer,
                 sessions: int, session: int = 1) -> None:
        super().__init__(parent)
        self.db, self.runner, self.server = db, runner, server
        self.setWindowTitle(tr("Table devices"))
        self.setMinimumWidth(720)
        lay = QVBoxLayout(self)

        form = QFormLayout()
        self.host = QComboBox()
        self.host.setObjectName("devices_host")
        for host, label in HOSTS:
            self.host.addItem(tr(label), host)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.start_stop = QPushButton()
        self.start_stop.setObjectName("devices_start")
        self.start_stop.clicked.connect(self._start_stop)
        row = QHBoxLayout()
        row.addWidget(self.host, 1)
        row.addWidget(QLabel(tr("Port")))
        row.addWidget(self.port)
        row.addWidget(self.start_stop)
        form.addRow(tr("Server"), row)
        self.status = QLabel()
        self.status.setObjectName("devices_status")
        self.status.setWordWrap(True)
        form.addRow("", self.status)
        # The QR codes' address: the default route's first (web.api.server.addresses); the others (virtual
        # adapters, VPNs, a second network) can be chosen when the phones cannot reach the first.
        self.address = QComboBox()
        self.address.setObjectName("devices_address")
        self.address.currentIndexChanged.connect(self._address_changed)
        form.addRow(tr("Address for the QR codes"), self.address)
        self.firewall = QLabel(tr(FIREWALL))
        self.firewall.setObjectName("devices_firewall")
        self.firewall.setWordWrap(True)
        form.addRow("", self.firewall)
        self.host.currentIndexChanged.connect(
            lambda _i: self.firewall.setVisible(self.host.currentData() != "127.0.0.1"))
        self.session = QSpinBox()
        self.session.setRange(1, max(1, sessions))
        self.session.setValue(session)
        self.session.valueChanged.connect(self.load)
        form.addRow(tr("Session"), self.session)
        self._recall()
        lay.addLayout(form)

        body = self._tables_and_link()
        lay.addLayout(body, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.server.changed.connect(self._server_changed)
        self._server_changed()

    def _tables_and_link(self) -> QHBoxLayout:
        """The tables on the left; the chosen one's QR code, link, copy and replace on the right."""
        body = QHBoxLayout()
        self.tables = QListWidget()
        self.tables.setObjectName("devices_tables")
        self.tables.currentItemChanged.connect(self._show_selected)
        body.addWidget(self.tables, 1)
        side = QVBoxLayout()
        self.qr = QLabel()
        self.qr.setObjectName("devices_qr")
        self.qr.setFixedSize(260, 260)
        self.link = QLineEdit()  # a link is one long word: a label cut it off
        self.link.setObjectName("devices_link")
        self.link.setReadOnly(True)
        self.copy = QPushButton(tr("Copy link"))
        self.copy.setObjectName("devices_copy")
        self.copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.link.text()))
        self.revoke = QPushButton(tr("Replace this table's link"))
        self.revoke.setObjectName("devices_revoke")
        self.revoke.clicked.connect(self._revoke)
        side.addWidget(self.qr)
        side.addWidget(self.link)
        side.addWidget(self.copy)
        side.addWidget(self.revoke)
        side.addStretch(1)
        return body

    # ---- the server ------------------------------------------------------------------------------
    def _recall(self) -> None:
        """The address and port of the last start (the port was asked afresh every time)."""
        kept = settings.remembered_options(SETTINGS_KEY)
        at = self.host.findData(kept.get("host"))
        if at >= 0:
            self.host.setCurrentIndex(at)
        port = kept.get("port")
        if isinstance(port, int) and self.port.minimum() <= port <= self.port.maximum():
            self.port.setValue(port)

    def base_url(self) -> str:
        chosen = self.address.currentData()
        if self.server.running and chosen:
            return str(chosen)
        found = self.server.addresses()
        return found[0] if found else f"http://{self.host.currentData()}:{self.port.value()}"

    def _address_changed(self, _index: int = 0) -> None:
        self.server.choose(str(self.address.currentData() or ""))  # the hall display's QR code follows
        self.load()

    def _start_stop(self) -> None:
        if self.server.running:
            self.server.stop()
            return
        try:
            self.server.start(self.db, self.host.currentData(), self.port.value())
            settings.remember_options(SETTINGS_KEY, {"host": self.host.currentData(), "port": self.port.value()})
        except ListenError as exc:
            show_error(self, tr("Could not start the server"),
                       tr("Port {port} is in use or not allowed.", port=self.port.value()) + "\n" + str(exc),
                       tr("Choose another port and try again."))
        except Exception as exc:  # noqa: BLE001 - whatever stopped it, the referee sees the reason
            show_error(self, tr("Could not start the server"), f"{type(exc).__name__}: {exc}")

    def _server_changed(self) -> None:
        running = self.server.running
        self.start_stop.setText(tr("Stop") if running else tr("Start"))
        self.host.setEnabled(not running)
        self.port.setEnabled(not running)
        self.address.blockSignals(True)
        self.address.clear()
        for url in self.server.addresses():
            self.address.addItem(url, url)
        kept = self.address.findData(self.server.chosen)  # the choice made before (the hall's QR code uses it)
        if kept >= 0:
            self.address.setCurrentIndex(kept)
        self.address.setEnabled(self.address.count() > 1)
        self.address.blockSignals(False)
        self.firewall.setVisible(self.host.currentData() != "127.0.0.1")
        if running:
            self.status.setText(tr("Running on {addresses}", addresses=", ".join(self.server.addresses())))
        else:
            self.status.setText(tr("Stopped: the tables' links work only while the server runs."))
        self.load()

    # ---- the links -------------------------------------------------------------------------------
    def load(self) -> None:
        """Each seated table's link. Read without the write lock; only when a seated table has no link
        yet is one issued (a write, audited like every change). An unseated session shows none."""
        current = self.tables.currentRow()
        self.tables.clear()
        n = self.session.value()
        links, tables = self.runner.read(lambda s: (active_links(s, n), len(queries.seating(s, n))))
        if len(links) < tables:
            links = self.runner.run(lambda s: device_links(s, n), self, tr("Could not show the links")) or []
        base = self.base_url()
        for link in links:
            item = QListWidgetItem(tr("Table {table}", table=link.table) + "   " + link.url(base))
            item.setData(URL_ROLE, link.url(base))
            item.setToolTip(link.url(base))
            item.setData(TABLE_ROLE, link.table)
            self.tables.addItem(item)
        if links:
            self.tables.setCurrentRow(min(max(current, 0), len(links) - 1))
        self._show_selected()

    def _show_selected(self, *_args: object) -> None:
        item = self.tables.currentItem()
        self.revoke.setEnabled(item is not None)
        self.copy.setEnabled(item is not None)
        if item is None:
            self.qr.clear()
            self.link.clear()
            return
        url = str(item.data(URL_ROLE))
        self.qr.setPixmap(QPixmap.fromImage(qr_image(url, 256)))
        self.link.setText(url)

    def done(self, result: int) -> None:
        # The server outlives the dialog: stop following it, and go (no hidden dialogs left behind).
        self.server.changed.disconnect(self._server_changed)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        super().done(result)

    def _revoke(self) -> None:
        item = self.tables.currentItem()
        if item is None:
            return
        table = int(item.data(TABLE_ROLE))
        self.runner.run(lambda s: revoke_device(s, self.session.value(), table), self,
                        tr("Could not replace the link"))
        self.load()
