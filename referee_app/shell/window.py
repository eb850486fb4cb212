"""The main window: menus, the navigation list and the pages; opening and closing tournaments."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMenuBar,
    QMessageBox,
    QStackedWidget,
    QWidget,
)
from shiboken6 import isValid

import texts
from db.read.changes import ALL, Changes
from db.storage.files import write_atomic
from referee_app.base import file_dialogs, settings
from referee_app.base.context import TournamentContext
from referee_app.base.errors import reporting_errors, show_error, user_message
from referee_app.base.runner import Runner
from referee_app.dialogs.common import ask_new_file
from referee_app.hall.setup import hall_action
from referee_app.pages.base import TournamentPage
from referee_app.pages.calls_desk import CallsDesk
from referee_app.pages.start import StartPage
from referee_app.shell.backup_menu import BackupActions
from referee_app.shell.watcher import ChangeWatcher
from referee_app.words.i18n import LANG, release_qt_translations, tr

log = logging.getLogger(__name__)


@contextlib.contextmanager
def _busy() -> Iterator[None]:
    """The wait cursor while a long export runs."""
    from PySide6.QtWidgets import QApplication

    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()


NAV = ["Players", "Sessions & tables", "Score sheet", "Standings", "Reports", "Log", "Check-in"]


#: the window manager's frame around the first window (title bar, borders), not known before it is shown
FRAME = QSize(16, 48)


def first_size(room: QSize) -> QSize:
    """The first window's size for a screen's available room (without the taskbar): most of it, and all
    of it frame included, from 1280×720 up (on a 1366×768 laptop the status bar was off screen).

    >>> first_size(QSize(1280, 680)), first_size(QSize(1920, 1040))
    (PySide6.QtCore.QSize(1264, 632), PySide6.QtCore.QSize(1728, 936))
    """
    w, h = room.width() - FRAME.width(), room.height() - FRAME.height()
    return QSize(min(w, max(1264, room.width() * 9 // 10)), min(h, max(672, room.height() * 9 // 10)))


class MainWindow(QMainWindow):
    tournament_opened = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.ctx: TournamentContext | None = None
        self.tournament_name = ""
        self.hall_displays: list[Any] = []  # opened by View → Hall display… (hall/setup.open_hall)
        self._waiting: list[Any] = []  # displays between a closed tournament and the next one (``_release``)
        self.setObjectName("main_window")
        self.setMinimumSize(QSize(1000, 600))
        self._initial_size()

        central = QWidget()
        lay = QHBoxLayout(central)
        lay.setContentsMargins(6, 6, 6, 6)
        self.nav = QListWidget()
        self.nav.setObjectName("navigation")
        self.nav.setFixedWidth(165)
        self.nav.setStyleSheet("QListWidget { font-size: 14px; } QListWidget::item { padding: 8px 6px; }")
        lay.addWidget(self.nav)
        self.stack = QStackedWidget()
        lay.addWidget(self.stack, 1)
        self.setCentralWidget(central)

        self.start = StartPage()
        self.start.new_requested.connect(self.new_tournament)
        self.start.open_requested.connect(self.open_dialog)
        self.start.demo_requested.connect(self.open_demo)
        self.start.file_chosen.connect(self.open_file)
        self.stack.addWidget(self.start)

        # the tournament pages (and SQLAlchemy behind them) load with the first tournament, so the
        # window itself comes up at once
        self.pages: dict[str, TournamentPage] = {}
        for key in NAV:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.nav.addItem(item)
        self.nav.currentRowChanged.connect(self._nav_changed)

        self._build_menus()
        # Every writer's change shows within ~1 s (referee_app/shell/watcher.py)
        self.watcher = ChangeWatcher(self)
        self.watcher.file_gone.connect(self.backup.file_gone)
        self.watcher.changed.connect(self.backup.changed_elsewhere)
        self.calls = CallsDesk(self)  # the referee calls: the indicator on every page, and the Calls panel
        LANG.changed.connect(self._language_changed)  # a method: disconnected when self dies
        self._on_session_end()
        self.retranslate()
        self._show_start()

    def _on_session_end(self) -> None:
        """Windows log-off and shutdown: Qt asks to save (``commitDataRequest``, WM_QUERYENDSESSION), then
        emits ``aboutToQuit`` (WM_ENDSESSION) and the system ends the process at once, without closeEvent.
        So the closing backup is taken at the first and the tournament closed at the second; a normal quit
        has closed it already (``close_tournament`` does nothing then)."""
        app = QGuiApplication.instance()
        if not isinstance(app, QGuiApplication):  # (instance() is typed as the core application)
            return
        # Qt asks for a direct connection: the session manager is valid only during the emission
        app.commitDataRequest.connect(self._commit_data, Qt.ConnectionType.DirectConnection)
        app.aboutToQuit.connect(self.close_tournament)

    def warn_if_translocated(self) -> bool:
        """macOS: say how to leave App Translocation (``paths.AppHome.translocated``); True if it was shown."""
        if not settings.app_home().translocated:
            return False
        show_error(self, tr("The app runs from a temporary copy"),
                   tr("macOS started MCR Referee from a temporary read-only copy (App Translocation), because "
                      "the app was opened where it was downloaded or unpacked. From there it cannot see the "
                      "files beside it: portable mode is off, and the settings go to your user profile."),
                   tr("Quit the app, move “MCR Referee.app” with Finder (drag it to Applications, or to "
                      "another folder on your stick), then start it again."))
        return True

    def _commit_data(self, _manager: object = None) -> None:
        self.closing_backup()

    def closing_backup(self) -> None:
        """The backup that closing takes (a file written since its last backup gets one), now, keeping the
        tournament open: the log-off may still be cancelled by another program."""
        if self.ctx is not None and getattr(self.ctx.db, "backups", None) is not None:
            self.ctx.db.backups.on_close()

    # ---- pages ----------------------------------------------------------------------------------
    def _make_page(self, key: str) -> TournamentPage:
        # imported here: the pages load with the first tournament opened (_ensure_pages), not with the window
        from referee_app.pages import checkin, log, players, reports, sessions, sheet, standings

        page: TournamentPage
        if key == "Players":
            page = players.PlayersPage()
        elif key == "Sessions & tables":
            page = sessions.SessionsPage()
            page.open_sheet.connect(self.show_sheet)  # type: ignore[attr-defined]
            page.tournament_finished.connect(self._show_final)  # type: ignore[attr-defined]
        elif key == "Score sheet":
            page = sheet.SheetPage()
        elif key == "Standings":
            page = standings.StandingsPage()
        elif key == "Reports":
            page = reports.ReportsPage()
        elif key == "Check-in":
            page = checkin.CheckInPage()
        else:
            page = log.LogPage()
        page.setObjectName("page_" + key.split()[0].lower())
        return page

    def _ensure_pages(self) -> None:
        if self.pages:
            return
        for key in NAV:
            page = self._make_page(key)
            self.pages[key] = page
            self.stack.addWidget(page)
            page.retranslate()

    def page(self, key: str) -> TournamentPage:
        return self.pages[key]

    def go(self, key: str) -> None:
        row = NAV.index(key)
        if self.nav.currentRow() == row:
            self._nav_changed(row)
        else:
            self.nav.setCurrentRow(row)

    def show_sheet(self, session: int, table: int) -> None:
        sheet = self.pages["Score sheet"]
        sheet.show_table(session, table)  # type: ignore[attr-defined]
        self.go("Score sheet")

    def _show_final(self) -> None:
        self.go("Standings")

    def _nav_changed(self, row: int) -> None:
        if self.ctx is None or row < 0:
            return
        page = self.pages[NAV[row]]
        self.stack.setCurrentWidget(page)
        page.refresh()

    def _show_start(self) -> None:
        self.nav.setVisible(False)
        self._enable_file_actions()
        self.start.refresh()
        self.stack.setCurrentWidget(self.start)
        self._update_title()

    # ---- menus ----------------------------------------------------------------------------------
    def _build_menus(self) -> None:
        mb = self.menuBar()
        self._build_file_menu(mb)

        self.view_menu = mb.addMenu("")
        self.act_projector = QAction(self)
        self.act_projector.setShortcut("F11")
        self.act_projector.triggered.connect(self.projector)
        self.view_menu.addAction(self.act_projector)
        self.view_menu.addAction(hall_action(self))  # the hall display (referee_app/hall)

        self.tournament_menu = mb.addMenu("")
        self.act_rule_values = QAction(self)
        self.act_rule_values.setObjectName("rule_values")
        self.act_rule_values.triggered.connect(self.rule_values)
        self.tournament_menu.addAction(self.act_rule_values)

        self.tables_menu = mb.addMenu("")
        self.act_devices = QAction(self)
        self.act_devices.setObjectName("table_devices")
        self.act_devices.triggered.connect(self.table_devices)
        self.tables_menu.addAction(self.act_devices)
        self.devices_server: Any = None  # referee_app.base.table_devices.TableDevicesServer, made on first use

        self.lang_menu = mb.addMenu("")
        group = QActionGroup(self)
        # every catalogue found (resources/locales, docs/texts.md), each named in its own language
        self.lang_actions: dict[str, QAction] = {}
        for code in texts.languages():
            act = QAction(texts.language_name(code), self, checkable=True)
            group.addAction(act)
            act.triggered.connect(lambda _c=False, code=code: self.set_language(code))
            self.lang_menu.addAction(act)
            self.lang_actions[code] = act
        self.act_en, self.act_zh = self.lang_actions["en"], self.lang_actions.get("zh")

    def _build_file_menu(self, mb: QMenuBar) -> None:
        """File: new, open, demo, recent; exports; the backups; close and quit."""
        self.file_menu = mb.addMenu("")
        self.act_new = QAction(self)
        self.act_new.setShortcut(QKeySequence.StandardKey.New)
        self.act_new.triggered.connect(self.new_tournament)
        self.act_open = QAction(self)
        self.act_open.setShortcut(QKeySequence.StandardKey.Open)
        self.act_open.triggered.connect(self.open_dialog)
        self.act_demo = QAction(self)
        self.act_demo.triggered.connect(self.open_demo)
        self.recent_menu = QMenu(self)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.act_export_workbook = QAction(self)
        self.act_export_workbook.setObjectName("export_workbook")
        self.act_export_workbook.triggered.connect(self.export_workbook)
        self.act_export_ema = QAction(self)
        self.act_export_ema.setObjectName("export_ema")
        self.act_export_ema.triggered.connect(self.export_ema)
        self.act_publish = QAction(self)
        self.act_publish.setObjectName("publish_site")
        self.act_publish.triggered.connect(self.publish_site)
        self.act_close = QAction(self)
        self.act_close.triggered.connect(self.ask_close_tournament)
        self.act_quit = QAction(self)
        self.act_quit.setShortcut(QKeySequence.StandardKey.Quit)
        self.act_quit.triggered.connect(self.ask_quit)
        self._asked_to_quit = False  # File → Quit asked already: closeEvent does not ask again
        self.file_menu.addAction(self.act_new)
        self.file_menu.addAction(self.act_open)
        self.file_menu.addAction(self.act_demo)
        self.file_menu.addMenu(self.recent_menu)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.act_export_workbook)
        self.file_menu.addAction(self.act_export_ema)
        self.file_menu.addAction(self.act_publish)
        self.file_menu.addSeparator()
        # issue 12: Back up now, Restore from backup…, Second backup folder…, the status-bar label
        self.backup = BackupActions(self, self.open_file)
        self.backup.add_to(self.file_menu)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.act_close)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = settings.recent_files()
        for f in files:
            act = self.recent_menu.addAction(f)
            act.triggered.connect(lambda _c=False, f=f: self.open_file(f))
        if not files:
            self.recent_menu.addAction(tr("No recent files yet.")).setEnabled(False)

    def set_language(self, code: str) -> None:
        settings.set_language(code)
        LANG.set(code)

    def _language_changed(self, _code: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.file_menu.setTitle(tr("File"))
        self.view_menu.setTitle(tr("View"))
        self.tournament_menu.setTitle(tr("Tournament"))
        self.act_rule_values.setText(tr("Rule values…"))
        self.tables_menu.setTitle(tr("Tables"))
        self.act_devices.setText(tr("Table devices…"))
        self.lang_menu.setTitle(tr("Language"))
        self.act_new.setText(tr("New tournament…"))
        self.act_open.setText(tr("Open…"))
        self.act_demo.setText(tr("Open demo tournament"))
        self.recent_menu.setTitle(tr("Recent files"))
        self.act_export_workbook.setText(tr("Export workbook…"))
        self.act_export_ema.setText(tr("Export EMA results…"))
        self.act_publish.setText(tr("Publish website…"))
        self.act_close.setText(tr("Close tournament"))
        self.act_quit.setText(tr("Quit"))
        self.act_projector.setText(tr("Projector view"))
        self.backup.retranslate()
        for code, act in self.lang_actions.items():
            act.setChecked(LANG.code == code)
        for i in range(self.nav.count()):
            item = self.nav.item(i)
            item.setText(tr(item.data(Qt.ItemDataRole.UserRole)))
        self.start.retranslate()
        for p in self.pages.values():
            p.retranslate()
        self._update_title()

    def _update_title(self) -> None:
        base = tr("MCR Referee")
        self.setWindowTitle(f"{base} — {self.tournament_name}" if self.tournament_name else base)

    # ---- opening and closing --------------------------------------------------------------------
    def open_dialog(self) -> None:
        path, _ = file_dialogs.get_open_file_name(self, tr("Open…"), str(settings.documents_dir()),
                                              tr("Tournament files (*.mcr);;All files (*)"))
        if path:
            self.open_file(path)

    def open_file(self, path: str, *, carry_on: bool = False) -> bool:
        """Open a tournament file (or database URL). Shows what to do when it cannot. ``carry_on``: it is the
        copy of the tournament open now (saved after its file vanished): the page on screen stays, and what
        the score sheet was entering or asking goes on into it (``TournamentContext.lineage``)."""
        from PySide6.QtWidgets import QApplication

        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        self.statusBar().showMessage(tr("Opening {path}…", path=path))
        try:
            return self._open_file(path, carry_on)
        finally:
            QApplication.restoreOverrideCursor()
            self.statusBar().clearMessage()

    def _open_file(self, path: str, carry_on: bool = False) -> bool:
        from db.storage.store import open_database

        if "://" not in path and not Path(path).is_file():
            show_error(self, tr("Could not open the file"), tr("{path}: no such file.", path=path),
                       tr("Check that the path is a tournament file (.mcr) and that no other program has it locked."))
            settings.remove_recent_file(path)
            self.start.refresh()
            return False
        if self.ctx is not None and "://" not in path and "://" not in self.ctx.path and self.backup.gone is False \
                and Path(path).resolve() == Path(self.ctx.path).resolve():
            return True  # open already: the open store goes on (a second one would only be a second connection)
        try:
            db = open_database(path)
        except Exception as exc:  # noqa: BLE001 - shown to the user with the next step
            show_error(self, tr("Could not open the file"), user_message(exc) or f"{type(exc).__name__}: {exc}",
                       tr("Check that the path is a tournament file (.mcr) and that no other program has it locked."))
            return False
        return self._opened(db, path, carry_on)

    def _opened(self, db: object, path: str, carry_on: bool = False) -> bool:
        # imported here: the store's helpers (the demo, its queries) load with a tournament, not with the window
        from referee_app.base import store

        self._ensure_pages()
        runner = Runner(db.factory, db.reader, self)  # type: ignore[attr-defined]
        ctx = TournamentContext(db, runner, path)
        try:
            info = runner.read(store.tournament_info)
        except Exception as exc:  # noqa: BLE001
            db.close()  # type: ignore[attr-defined]
            show_error(self, tr("Could not open the file"), user_message(exc) or f"{type(exc).__name__}: {exc}",
                       tr("Check that the path is a tournament file (.mcr) and that no other program has it locked."))
            return False
        shown = self.stack.currentWidget()
        if carry_on and self.ctx is not None:
            ctx.lineage = self.ctx.lineage
        else:
            shown = None
        self._release()  # the displays on other screens wait for this one
        self.ctx = ctx
        self.tournament_name = info.name
        self.watcher.watch(ctx)  # takes the store as it is now as drawn; own writes catch up in the runner
        runner.changed.connect(self.refresh_current)
        self.calls.attach(ctx)
        self.backup.attach(ctx)
        if "://" not in path:
            settings.add_recent_file(path)
        for p in self.pages.values():
            p.set_context(ctx)
        self.nav.setVisible(True)
        self._enable_file_actions()
        self._update_title()
        # the copy of the same tournament: back where the referee was (the score sheet under hand entry)
        try:
            self.go(next((k for k, p in self.pages.items() if p is shown), "Sessions & tables"))
        finally:
            self._follow_waiting(ctx)
        self.tournament_opened.emit(info.name)
        return True

    def _follow_waiting(self, ctx: TournamentContext) -> None:
        """The hall display and the projector view show the tournament opened now, once the window is in it.
        A display whose first reading fails stays up, bound to the new tournament (said in the log): it reads
        again at the next change or page, so a passing lock or a server's blip heals by itself."""
        waiting, self._waiting = self._waiting, []
        for w in waiting:
            if not isValid(w):
                continue
            try:
                w.follow(ctx)
            except Exception:  # noqa: BLE001 - a display never stops the file from opening
                log.exception("a display could not read the tournament opened yet")

    def open_demo(self) -> bool:
        # imported here: the store's helpers (the demo, its queries) load with a tournament, not with the window
        from referee_app.base import store

        path = settings.data_dir() / "demo.mcr"
        if self.ctx is not None and Path(self.ctx.path).resolve() == path.resolve():
            self._release()  # the demo file is about to be replaced; the displays wait for the new copy
        try:
            store.create_demo(path)
        except Exception as exc:  # noqa: BLE001
            self._close_waiting()
            show_error(self, tr("Demo tournament"), user_message(exc) or f"{type(exc).__name__}: {exc}",
                       tr("Create a new tournament instead."))
            return False
        if self.open_file(str(path)):
            return True
        self._close_waiting()
        return False

    def new_tournament(self) -> None:
        # imported here: the wizard (and the store's create it uses) loads when asked, not with the window
        from referee_app.dialogs.wizard import NewTournamentWizard

        path = NewTournamentWizard.ask(self)
        if path and self.open_file(path):
            self.go("Players")  # the next step: add or import the players

    def server_running(self) -> bool:
        return self.devices_server is not None and self.devices_server.running

    def may_stop_server(self) -> bool:
        """Closing the tournament stops the tables' phones' server: ask first while it runs (it used to
        stop without a word). True: go on."""
        if not self.server_running():
            return True
        box = QMessageBox(QMessageBox.Icon.Question, tr("Close tournament"),
                          tr("The server for the tables' phones is running. Closing the tournament stops it: "
                             "the phones cannot record until the tournament is open again and the server "
                             "started (Tables → Table devices…)."), parent=self)
        box.setObjectName("stop_server_question")
        stop = box.addButton(tr("Stop the server and close"), QMessageBox.ButtonRole.AcceptRole)
        stop.setObjectName("stop_server_yes")
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        answer = box.clickedButton() is stop
        box.deleteLater()
        return answer

    def ask_close_tournament(self) -> None:
        """File → Close."""
        if self.may_stop_server():
            self.close_tournament()

    def ask_quit(self) -> None:
        """File → Quit: asks (``may_stop_server``) once, then closes the window."""
        if self.may_stop_server():
            self._asked_to_quit = True
            self.close()

    def close_tournament(self) -> None:
        """File → Close (also closing the window, and the end of the system's session): the tournament
        closes, and the windows that showed it on other screens with it: they have nothing left to show."""
        self._release()
        self._close_waiting()

    def displays(self) -> list[Any]:
        """The windows that show the open tournament on other screens: the hall displays opened from this
        window (top-level windows of their own, so minimising the desk leaves them on the projector) and
        the standings' projector views (children of this window)."""
        # imported here: a page's module, and the pages load with the first tournament (_make_page)
        from referee_app.pages.standings import ProjectorView

        self.hall_displays = [h for h in self.hall_displays if isValid(h) and h.isVisible()]
        return [*self.hall_displays, *(v for v in self.findChildren(ProjectorView) if v.isVisible())]

    def _close_waiting(self) -> None:
        waiting, self._waiting = self._waiting, []
        for w in waiting:
            if isValid(w):
                w.close()

    def _release(self) -> None:
        """Close the open tournament (its store last: the closing backup) and detach everything that
        showed it. The displays on other screens stop reading and wait, in ``_waiting``, for the
        tournament opened next (``_opened``: they follow it) or for ``_close_waiting``."""
        if self.ctx is None:
            return
        for w in self.displays():
            w.follow(None)
            self._waiting.append(w)
        if self.server_running():
            self.devices_server.stop()  # its requests finish first; the database closes after
            log.info("the tables' phones' server stopped with the tournament")
            self.statusBar().showMessage(tr("The server for the tables' phones was stopped with the tournament."),
                                         10000)
        for p in self.pages.values():
            p.set_context(None)
        self.watcher.stop()
        self.backup.attach(None)
        self.calls.attach(None)
        ctx, self.ctx = self.ctx, None
        ctx.close()  # Database.close(): the closing backup; once, as self.ctx is None from here on
        self.tournament_name = ""
        self._show_start()

    # ---- exports: the same functions as `mcr-tournament export --format xlsx` and `publish` ----------
    def table_devices(self) -> None:
        """Tables → Table devices…: the server for the tables' phones and each table's link (docs/web.md)."""
        if self.ctx is None:
            return
        # Imported here: the server (uvicorn, Starlette) loads only when a referee asks for it.
        from db.read import queries
        from referee_app.base.table_devices import TableDevicesServer
        from referee_app.dialogs.devices import DevicesDialog

        if self.devices_server is None:
            self.devices_server = TableDevicesServer(self)
        ctx = self.ctx
        sessions = ctx.runner.read(lambda s: queries.tournament_info(s).sessions)
        seated = ctx.runner.read(queries.seated_sessions)
        DevicesDialog(self, ctx.db, ctx.runner, self.devices_server, sessions,
                      max(seated, default=1)).exec()

    def rule_values(self) -> QWidget | None:
        """Tournament → Rule values…: the organiser's values for the rule system (the Sessions page's dialog,
        which reads again when it closes)."""
        if self.ctx is None:
            return None
        return self.pages["Sessions & tables"].ask_rule_values()  # type: ignore[attr-defined]

    def _enable_file_actions(self) -> None:
        for act in (self.act_export_workbook, self.act_export_ema, self.act_publish, self.act_devices,
                    self.act_rule_values):
            act.setEnabled(self.ctx is not None)

    def _export_folder(self) -> Path:
        """Beside the tournament file (on the stick, in portable mode), else where dialogs start."""
        if self.ctx is not None and "://" not in self.ctx.path and Path(self.ctx.path).parent.is_dir():
            return Path(self.ctx.path).resolve().parent
        return settings.documents_dir()

    def _stem(self) -> str:
        return Path(self.ctx.path).stem if self.ctx is not None and "://" not in self.ctx.path else "results"

    def _ask_export_path(self, title: str, name: str, file_filter: str) -> str | None:
        """A save dialog beside the tournament file; the file's suffix is added when the user left it off."""
        return ask_new_file(self, title, self._export_folder() / f"{self._stem()}{name}", file_filter,
                            Path(name).suffix)

    def _export_to(self, path: str, render: Callable[[Any], bytes], title: str, hint: str) -> bool:
        """Render from one read-only session and write ``path`` atomically; errors are shown, not raised."""
        assert self.ctx is not None
        with reporting_errors(self, title, hint) as done, _busy():  # a big tournament takes a few seconds
            data = self.ctx.runner.read(render)
            write_atomic(Path(path), data)
        if not done.ok:
            return False
        self.statusBar().showMessage(tr("Saved {path} ({kb} KiB).", path=path, kb=len(data) // 1024 + 1), 10000)
        return True

    def export_workbook(self) -> None:
        if self.ctx is not None and (path := self._ask_export_path(
                tr("Export workbook…"), "-results.xlsx", tr("Excel workbook (*.xlsx)"))):
            self.export_workbook_to(path)

    def export_workbook_to(self, path: str) -> bool:
        """Write the results workbook (reports.workbook) to ``path``."""
        from reports.snapshot import read_snapshot
        from reports.workbook import render_workbook

        return self._export_to(path, lambda s: render_workbook(read_snapshot(s)), tr("Export workbook…"),
                               tr("If another program (Excel, a PDF reader) has the file open, close it "
                                  "there; otherwise choose a folder you can write to."))

    def export_ema(self) -> None:
        if self.ctx is not None and (path := self._ask_export_path(
                tr("Export EMA results…"), "-ema.csv", tr("EMA results (*.csv)"))):
            self.export_ema_to(path)

    def export_ema_to(self, path: str) -> bool:
        """Write the EMA results file (db.formats.ema_csv, as `export --format ema`) to ``path``; a tournament
        not ready for EMA (tables unfinished, ...) is refused with the tables named."""
        from db.formats.ema_csv import export_ema

        return self._export_to(path, export_ema, tr("Export EMA results…"),
                               tr("Finish every table (all hands, time called or signed off) and give every "
                                  "country as an ISO code, then export again."))

    def publish_site(self) -> None:
        if self.ctx is None:
            return
        folder = file_dialogs.get_existing_directory(self, tr("Publish website… (choose an empty folder)"),
                                                  str(self._export_folder()))
        if folder:
            self.publish_site_to(folder)

    def publish_site_to(self, folder: str) -> bool:
        """Write the results website (reports.site) into ``folder``; errors are shown, not raised."""
        from reports.site import publish
        from reports.snapshot import read_snapshot

        assert self.ctx is not None
        with reporting_errors(self, tr("Publish website…"), tr("Choose a folder you can write to.")) as done, _busy():
            count = publish(self.ctx.runner.read(read_snapshot), Path(folder))
        if not done.ok:
            return False
        self.statusBar().showMessage(tr("Published {count} pages to {folder}: open index.html.", count=count,
                                        folder=folder), 10000)
        return True

    def refresh_current(self, changes: Changes = ALL) -> None:
        """The page on screen re-reads what ``changes`` touched of it (the others read when shown)."""
        w = self.stack.currentWidget()
        if isinstance(w, TournamentPage):
            w.refresh_for(changes)

    def projector(self) -> None:
        if self.ctx is None:
            return
        # imported here: a page's module, and the pages load with the first tournament (_make_page)
        from referee_app.pages.standings import ProjectorView

        ProjectorView.show_for(self.ctx, self)

    def _initial_size(self) -> None:
        """The size and place of the last run; the first time, most of the screen, inside it."""
        saved = settings.window_geometry()
        if saved is not None and self.restoreGeometry(saved):
            return
        screen = QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 720)
        size = first_size(room.size())
        self.resize(size)
        # centred in the room: on a laptop the status bar is on screen, not under the taskbar
        self.move(room.left() + (room.width() - size.width() - FRAME.width()) // 2,
                  room.top() + max(0, (room.height() - size.height() - FRAME.height()) // 2))

    def closeEvent(self, e: QCloseEvent) -> None:
        # the window's close button asks as File → Quit does; SIGTERM and the system's log-off do not wait
        if e.spontaneous() and not self._asked_to_quit and not self.may_stop_server():
            e.ignore()
            return
        self._asked_to_quit = False
        settings.set_window_geometry(self.saveGeometry())
        self.close_tournament()
        super().closeEvent(e)

    def shut_down(self) -> None:
        """After the event loop: take down what this window made, in order, while Python and the QApplication
        are whole — the tournament closed (its displays with it), the phones' server stopped and joined, then
        this window deleted (its pages, dialogs and panels with it) and the windows closed meanwhile
        (``deleteLater``: the hall displays) deleted.

        Why: its children hold it (lambdas connected to its actions; the calls desk, the change
        watcher and others keep ``self.window``), a cycle through Qt's ownership that Python's collector cannot
        see, so the window outlived ``main()``; PySide's exit handler then deleted
        it and the hall displays left waiting, in no set order, while the interpreter was finalising — after
        a long run, "QObject: shared QObject was deleted directly" and a segmentation fault."""
        from PySide6.QtCore import QCoreApplication, QEvent
        from shiboken6 import delete

        self.close_tournament()
        if self.devices_server is not None:
            self.devices_server.stop()
        self.calls.attach(None)
        if isValid(self):
            delete(self)
        release_qt_translations()  # Qt's translators of ours: no call into Python from Qt's own teardown
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
