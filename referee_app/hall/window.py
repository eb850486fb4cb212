"""The hall display window: full screen on the screen the organiser picked, cycling through the chosen
pages (and their sub-pages), redrawn when the store changes at any station.

Keys: Space pins / unpins the page shown, Left / Right flip, Esc closes. The clock page redraws every
second from the derived clock (``ClockWatch``); when the main window's one change-marker poll sees any
station's write (or this app writes), the display re-reads what the change touched of what it shows
(``HallReader``: a hand at one table re-reads that table's progress, and the standings when a page shows
them; docs/gui.md "Refresh by what changed"). The display only reads: it never rings the bell itself.
When the main window opens another tournament the display follows it (``follow``); File → Close closes it.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field, replace
from typing import Any

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QImage, QKeyEvent, QPainter, QPaintEvent, QScreen
from PySide6.QtWidgets import QWidget

from db.read.changes import ALL, Changes
from db.service.public_page import public_settings
from referee_app.base.clock_watch import ClockWatch
from referee_app.hall.calls_banner import paint_calls_banner, untaken_tables
from referee_app.hall.data import NEEDS, PARTS, HallData, HallReader
from referee_app.hall.pages import PAGES, Frame, Painter, paint_frame


@dataclass
class HallOptions:
    screen: int = 0  # index into QGuiApplication.screens()
    pages: list[str] = field(default_factory=lambda: list(PAGES))
    lang: str = "both"  # "both" | "en" | "zh"
    dwell_s: int = 15  # seconds per (sub-)page
    show_calls: bool = False  # "Referee to table 7" while a table's call waits
    base_url: str = ""  # the players' page's server as set in the setup ("": the app's server while it runs)


class HallWindow(QWidget):
    def __init__(self, ctx: Any, options: HallOptions | None = None, parent: QWidget | None = None,
                 server: Any = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("hall_display")
        self.setWindowTitle("MCR Referee — hall")
        self.ctx = ctx
        self.options = options or HallOptions()
        self.keys = [k for k in self.options.pages if k in PAGES] or ["clock"]
        self.index = 0  # which page kind
        self.sub = 0  # which sub-page of it
        self.pinned = False
        self.clipped: list[str] = []  # texts that did not fit at the last paint (tests want none)
        self.elided: list[str] = []  # list names shortened with "…" at the last paint (still readable)
        self.wrapped: list[str] = []  # texts drawn on two lines at the last paint
        self.qr: list[tuple[str, QRect]] = []  # QR codes drawn at the last paint: (text, where)
        self.server = server  # referee_app.base.table_devices.TableDevicesServer: its address for the QR code
        self.page_on = True  # the players' page is switched on (no QR code for a page answering 404)
        self.data: HallData | None = None
        self.call_tables: list[int] = []
        self._ended_read = 0  # the session whose clock's end made us read again
        self.setCursor(Qt.CursorShape.BlankCursor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.watch = ClockWatch(self, ring=False)
        self.watch.ticked.connect(self._ticked)
        # Any station's change (the window's change-marker poll, or this app's writes) reads again what it
        # touched: straight from the runner, so a hall opened before any session is seated follows too.
        self.reader = HallReader(awards="awards" in self.keys)
        self.ctx.runner.changed.connect(self.reload)
        if self.server is not None:  # the QR code follows the server's start, stop and chosen address
            self.server.changed.connect(self._follow_server)
            self.server.address_chosen.connect(self._follow_server)
        self.cycle = QTimer(self)
        self.cycle.setInterval(self.options.dwell_s * 1000)
        self.cycle.timeout.connect(self.advance)
        self.reload()
        self.cycle.start()

    # ---- data ---------------------------------------------------------------------------------------
    def follow(self, ctx: Any) -> None:
        """The main window opened another tournament (File → Open…, a recent file, the demo, a restored
        copy): show that one from now on. Its own settings stay — the screen, the pages, the page shown and
        pinned, the language, the seconds per page, the calls banner, the QR code's address; what was read of
        the old tournament is forgotten and its clock no longer followed (its store is closed). ``None``: the
        old one is closed and the next not open yet: nothing is read meanwhile."""
        self._unbind()
        self.watch.watch(None, 0)  # re-watched by the read below (the same session number is another clock)
        self.ctx = ctx
        self.reader = HallReader(awards="awards" in self.keys)
        self.data, self.call_tables, self._ended_read, self.sub = None, [], 0, 0
        if ctx is None:
            self.update()
            return
        ctx.runner.changed.connect(self.reload)
        self.reload()

    def _unbind(self) -> None:
        if self.ctx is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # the runner may be gone with its tournament
                self.ctx.runner.changed.disconnect(self.reload)

    def reload(self, changes: Changes = ALL) -> None:
        """The store changed: read again what ``changes`` touched of the page shown (the other pages' parts
        are read when they come up); keep the page and, when it still exists, the sub-page."""
        if self.ctx is None:  # between two tournaments (``follow``)
            return
        if changes.wide:
            self.page_on = self.ctx.runner.read(lambda s: public_settings(s).enabled)
        if self.options.show_calls and (changes.calls or changes.wide):
            self.call_tables = self.ctx.runner.read(untaken_tables)
        self.reader.invalidate(changes)
        if self.reader.due(NEEDS.get(self.key, PARTS)):
            self._read()
        else:  # nothing it shows was touched (a check-in, a table link; a call only moves the banner)
            self.update()

    def _catch_up(self) -> None:
        """Another page came up: read its parts when a change marked them since they were last read."""
        if self.reader.due(NEEDS.get(self.key, PARTS)):
            self._read()

    def _read(self) -> None:
        """The data of the page shown, re-reading only what a change marked (nothing: no read at all)."""
        if self.ctx is None:
            return
        needs = NEEDS.get(self.key, PARTS)
        data = self.ctx.runner.read(lambda s: self.reader.read(s, needs))
        self.data = replace(data, page_url=self.page_url())
        if self.data.session != self.watch.session:
            self.watch.watch(self.ctx, self.data.session)  # reads that session's clock (0: stops)
        # else the watch's reading is current: it re-reads on every store change of its session itself
        self.sub = max(0, min(self.sub, self.count() - 1))
        self.update()

    def page_url(self) -> str:
        """The players' page address for the QR code: the setup's base URL, else the app's server's
        (the address chosen for QR codes in Table devices…) while it runs; "" when neither, or when the
        players' page is switched off."""
        if not self.page_on:
            return ""
        base = self.options.base_url or (self.server.base_url() if self.server is not None else "")
        return base.rstrip("/") + "/" if base else ""

    def _follow_server(self) -> None:
        if self.data is not None:
            self.data = replace(self.data, page_url=self.page_url())
            self.sub = min(self.sub, self.count() - 1)
            self.update()

    def _ticked(self, view: object) -> None:
        ended = getattr(view, "state", None) == "ended"
        if ended and self.data is not None and self._ended_read != self.data.session:
            self._ended_read = self.data.session  # once per session
            # its time is over: "find your table" moves on to the next session if seated
            self.reload(Changes(clock=frozenset({self.data.session})))
        self.update()  # the clock (big or in the footer) moves every second

    # ---- paging -------------------------------------------------------------------------------------
    @property
    def key(self) -> str:
        return self.keys[self.index % len(self.keys)]

    def frame(self) -> Frame:
        return Frame.of(QRect(0, 0, self.width(), self.height()))

    def count(self) -> int:
        return 1 if self.data is None else PAGES[self.key].count(self.data, self.frame())

    def flip(self, step: int) -> None:
        """Next (+1) or previous (-1) sub-page, moving to the next or previous page kind at the ends (its
        data read first when a change marked it)."""
        self.sub += step
        if self.sub >= self.count():
            self.index, self.sub = (self.index + 1) % len(self.keys), 0
            self._catch_up()
        elif self.sub < 0:
            self.index = (self.index - 1) % len(self.keys)
            self._catch_up()
            self.sub = self.count() - 1
        self.update()

    def advance(self) -> None:
        if not self.pinned:
            self.flip(1)

    def show_page(self, key: str, sub: int = 0) -> None:
        self.index, self.sub = self.keys.index(key), sub
        self._catch_up()
        self.sub = sub  # as asked, even past the page's end (the painting keeps to the last one)
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        k = event.key()
        if k == Qt.Key.Key_Space:
            self.pinned = not self.pinned
            self.update()
        elif k == Qt.Key.Key_Right:
            self.flip(1)
            self.cycle.start()  # a full dwell after a manual flip
        elif k == Qt.Key.Key_Left:
            self.flip(-1)
            self.cycle.start()
        elif k == Qt.Key.Key_Escape:
            self.close()
        else:
            super().keyPressEvent(event)

    # ---- painting -----------------------------------------------------------------------------------
    def paint_on(self, p: QPainter, rect: QRect) -> None:
        frame = Frame.of(rect)
        pt = Painter(p, rect.height())
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if self.data is None:
            return
        page = PAGES[self.key]
        subs = page.count(self.data, frame)
        sub = min(self.sub, subs - 1)
        view = self.watch.view()
        paint_frame(pt, frame, self.data, page, self.options.lang, sub, subs, view, self.pinned)
        page.paint(pt, frame, self.data, sub, self.options.lang, view)
        if self.call_tables:
            paint_calls_banner(pt, frame, self.call_tables, self.options.lang)
        self.clipped, self.elided, self.qr, self.wrapped = pt.clipped, pt.elided, pt.qr, pt.wrapped

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        try:
            self.paint_on(p, self.rect())
        finally:
            p.end()

    def render_image(self, width: int, height: int) -> QImage:
        """The page as it shows on a ``width``×``height`` screen (screenshots, the benchmark)."""
        img = QImage(width, height, QImage.Format.Format_RGB32)
        p = QPainter(img)
        try:
            if self.size().width() != width or self.size().height() != height:
                self.resize(width, height)
            self.paint_on(p, QRect(0, 0, width, height))
        finally:
            p.end()
        return img

    # ---- placing ------------------------------------------------------------------------------------
    def place(self, screen: QScreen | None = None) -> None:
        """Full screen on ``screen`` (else the options' screen)."""
        screens = QGuiApplication.screens()
        target = screen or (screens[self.options.screen] if 0 <= self.options.screen < len(screens) else None)
        if target is not None:
            self.setScreen(target)
            self.setGeometry(target.geometry())
        self.showFullScreen()
        self.activateWindow()

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        self._unbind()
        if self.server is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.server.changed.disconnect(self._follow_server)
                self.server.address_chosen.disconnect(self._follow_server)
        self.watch.watch(None, 0)
        self.cycle.stop()
        super().closeEvent(event)
