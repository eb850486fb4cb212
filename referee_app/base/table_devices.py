"""The table devices' server as the app runs it: a thin wrapper over ``web.api.server.BackgroundServer``
(uvicorn in a thread of this process, over the open tournament's ``Database``), and QR codes as images.

The server writes through the same store as the app, with station "table T device"; the pages see its
writes through the store-wide change marker like any other station's.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter
from reportlab.graphics.barcode import qrencoder

from web.api.server import BackgroundServer, addresses
from web.defaults import DEFAULT_PORT


class TableDevicesServer(QObject):
    """Start and stop the server; ``changed`` is emitted when it starts or stops."""

    changed = Signal()
    address_chosen = Signal()  # Table devices… chose another address for the QR codes

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._server: BackgroundServer | None = None
        self._host = "127.0.0.1"
        self.chosen = ""  # the address chosen for QR codes ("": the first, the default route's)

    @property
    def running(self) -> bool:
        return self._server is not None

    def start(self, db: Any, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> None:
        """Listen on ``host``:``port``: raises ``web.api.server.ListenError`` with the reason when it cannot (the
        port is taken or not allowed), RuntimeError when the server did not start (with its error)."""
        self.stop()
        self._server = BackgroundServer(db, host, port).start()
        self._host = host
        self.changed.emit()

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            self._server = None
            self.changed.emit()

    def addresses(self) -> list[str]:
        """The base URLs phones use (this computer's network addresses when listening on 0.0.0.0)."""
        if self._server is None:
            return []
        return addresses(self._host, self._server.port)

    def base_url(self) -> str:
        """The address QR codes use while it runs (the chosen one, else the first); "" when stopped."""
        found = self.addresses()
        return self.chosen if self.chosen in found else found[0] if found else ""

    def choose(self, url: str) -> None:
        if url != self.chosen:
            self.chosen = url
            self.address_chosen.emit()


def qr_image(text: str, size: int = 240) -> QImage:
    """``text`` as a QR code (error correction M, a 4-module quiet zone), ``size`` pixels square."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    n = code.getModuleCount()
    total = n + 8
    scale = max(1, size // total)
    image = QImage(total * scale, total * scale, QImage.Format.Format_RGB32)
    image.fill(QColor(Qt.GlobalColor.white))
    painter = QPainter(image)
    try:
        for row in range(n):
            for col in range(n):
                if code.isDark(row, col):
                    painter.fillRect((col + 4) * scale, (row + 4) * scale, scale, scale, Qt.GlobalColor.black)
    finally:
        painter.end()
    return image
