"""Backups in the app: File → Back up now / Restore from backup… / Second backup folder…, the
"Last backup 10:15" label in the status bar, and what happens when the open file is deleted or moved.

The store makes the backups (``db.storage.backups``, reached through ``Database.backups``; Back up now is
``db.storage.backups.back_up``, the one way every backup is made); this module only shows them and asks. A restore copies the chosen backup to a NEW file the user names (``restore_backup`` refuses
an existing one, so never the open tournament) and then offers to open it. The second folder is
remembered per tournament file in the app settings and set on the store's ``Backups.second_folder`` each
time the file is opened; the store copies every backup (automatic or "Back up now") into it.

When the store refuses a write because the file is gone (``database_file_gone``) — or the change watcher
notices it first — one window-modal question says so and offers to save what the app still holds
(``Database.save_copy``) to a new file, which is then opened.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QMessageBox

from db.storage.backups import back_up
from referee_app.base import file_dialogs, settings
from referee_app.base.errors import reporting_errors, user_message
from referee_app.dialogs.common import ask_new_file
from referee_app.words.i18n import tr

if TYPE_CHECKING:
    from referee_app.base.context import TournamentContext

MCR_FILTER = "Tournament files (*.mcr);;All files (*)"


class OpenFile(Protocol):
    """``MainWindow.open_file``: passed in, so that this module need not import the window that imports it."""

    def __call__(self, path: str, *, carry_on: bool = False) -> bool: ...


class BackupActions(QObject):
    def __init__(self, window: QMainWindow, open_file: OpenFile) -> None:
        super().__init__(window)
        self.window = window
        self.open_file = open_file
        self.ctx: TournamentContext | None = None
        self.gone = False  # the open file was deleted or moved: nothing more is saved into it
        self.gone_prompt: QMessageBox | None = None
        self.seen_backup: datetime | None = None  # the newest backup found in the folder (another program's)
        self.open_prompt: QMessageBox | None = None
        self.act_backup_now = self._action("backup_now", self.back_up_now)
        self.act_restore = self._action("restore_backup", self.restore)
        self.act_second = self._action("second_backup_folder", self.choose_second_folder)
        self.act_second_off = self._action("second_backup_folder_off", lambda: self.set_second_folder(None))
        self.act_save_copy = self._action("save_copy", self.save_copy)  # shown once the file is gone
        self.status = QLabel()
        self.status.setObjectName("last_backup")
        window.statusBar().addPermanentWidget(self.status)
        self.enable()

    def _action(self, name: str, slot: Any) -> QAction:
        act = QAction(self.window)
        act.setObjectName(name)
        act.triggered.connect(lambda _c=False: slot())
        return act

    def add_to(self, menu: QMenu) -> None:
        for act in (self.act_save_copy, self.act_backup_now, self.act_restore, self.act_second, self.act_second_off):
            menu.addAction(act)

    # ---- the open tournament --------------------------------------------------------------------
    @property
    def backups(self) -> Any:
        """The store's ``Backups`` of the open file; None for a server database or a read-only file."""
        return None if self.ctx is None else self.ctx.db.backups

    def attach(self, ctx: TournamentContext | None) -> None:
        """A tournament was opened (or closed, ``None``): its second folder, the label, the actions."""
        self.ctx = ctx
        self.gone = False
        self.seen_backup = None
        if ctx is not None:
            ctx.runner.on_file_gone = self.file_gone
            ctx.runner.wrote.connect(self.update_status)
            if self.backups is not None:
                folder = settings.second_backup_folder(ctx.path)
                self.backups.second_folder = Path(folder) if folder else None
        self.enable()
        self.update_status()

    def enable(self) -> None:
        has = self.backups is not None and not self.gone
        for act in (self.act_backup_now, self.act_restore, self.act_second):
            act.setEnabled(has)
        self.act_second_off.setVisible(has and self.backups.second_folder is not None)
        self.act_save_copy.setVisible(self.gone and self.ctx is not None)
        self.status.setVisible(self.ctx is not None and (self.backups is not None or self.gone))
        self.retranslate()

    def retranslate(self) -> None:
        self.act_backup_now.setText(tr("Back up now"))
        self.act_restore.setText(tr("Restore from backup…"))
        self.act_second.setText(tr("Second backup folder…"))
        self.act_save_copy.setText(tr("Save to a new file…"))
        second = self.backups.second_folder if self.backups is not None else None
        self.act_second_off.setText(tr("Stop backing up to {folder}", folder=second or ""))
        self.update_status()

    def status_text(self) -> str:
        if self.gone:
            return tr("Not saved: the tournament file was deleted or moved")
        b = self.backups
        if b is None:
            return ""
        # imported here: the restore dialog (and the models it shows) loads when a backup is shown, not with the window
        from referee_app.dialogs.restore import local_time

        last = max((t for t in (self.seen_backup, b.known_backup_time()) if t is not None), default=None)
        text = tr("Last backup {time}", time=local_time(last, today=True)) if last else tr("No backup yet")
        if b.last_error:
            text += " — " + tr("the last backup failed")
        return text

    def changed_elsewhere(self) -> None:
        """Another program wrote (the change watcher): it may have made a backup, so look in the folder."""
        b = self.backups
        if b is not None:
            with contextlib.suppress(Exception):  # a folder that cannot be listed: keep what is known
                self.seen_backup = b.last_backup_time()
        self.update_status()

    def update_status(self) -> None:
        """The label from what is known (this program's backups, the folder as last looked at): cheap
        enough for every write."""
        self.status.setText(self.status_text())
        self.status.setStyleSheet("color: #b00020; font-weight: bold;" if self.gone
                                  or (self.backups is not None and self.backups.last_error) else "")
        b = self.backups
        if b is None:
            self.status.setToolTip("")
            return
        tip = [tr("Backups: {folder}", folder=b.folder)]
        if b.second_folder is not None:
            tip.append(tr("Second backup folder: {folder}", folder=b.second_folder))
        if b.last_error:
            tip.append((b.last_refusal is not None and user_message(b.last_refusal)) or b.last_error)
        self.status.setToolTip("\n".join(tip))

    # ---- Back up now ------------------------------------------------------------------------------
    def back_up_now(self) -> Path | None:
        """A manual backup beside the file (the store copies it to the second folder when there is one)."""
        b = self.backups
        if b is None or self.ctx is None:
            return None
        with reporting_errors(self.window, tr("Back up now"), tr("Choose a folder you can write to.")) as done:
            made = back_up(self.ctx.db)
        self.update_status()
        if not done.ok:
            return None
        self.window.statusBar().showMessage(tr("Backup saved: {path}", path=made), 10000)
        return made

    # ---- Restore from backup… -----------------------------------------------------------------
    def all_backups(self) -> list[Any]:
        """The backups beside the file, and those of the second folder that are not also beside it (the
        same backup is copied to both under one name): each backup once, oldest first."""
        b = self.backups
        if b is None:
            return []
        found = list(b.list_backups())
        if b.second_folder is not None and b.second_folder.is_dir():
            names = {x.path.name for x in found}
            with contextlib.suppress(Exception):  # the stick was pulled: the backups beside the file remain
                found += [x for x in b.list_backups(b.second_folder) if x.path.name not in names]
        return sorted(found, key=lambda x: x.taken_at)

    def restore(self) -> None:
        # imported here: the restore dialog loads when asked, not with the window (this menu is built with it)
        from referee_app.dialogs.restore import RestoreDialog

        chosen = RestoreDialog.ask(self.window, self.all_backups())
        if chosen is None or self.ctx is None:
            return
        stem = Path(self.ctx.path).stem
        default = Path(self.ctx.path).resolve().parent / f"{stem}-restored-{chosen.taken_at.astimezone():%H%M}.mcr"
        path = self.ask_save_path(tr("Restore to a new file…"), default)
        if path:
            self.restore_to(chosen, path)

    def ask_save_path(self, title: str, default: Path) -> str | None:
        """A new file's name from the save dialog (``.mcr`` added when missing); None when cancelled. The
        store refuses an existing name itself, so the dialog does not ask to overwrite."""
        return ask_new_file(self.window, title, default, tr(MCR_FILTER), ".mcr", confirm_overwrite=False)

    def restore_to(self, backup: Any, path: str) -> QMessageBox | None:
        """Copy ``backup`` to the new file ``path`` and ask whether to open it (the box, or None on failure)."""
        from db.storage.backups import restore_backup

        with reporting_errors(self.window, tr("Restore from backup"), tr("Choose a new file name.")) as done:
            out = restore_backup(backup.path, path)
        if not done.ok:
            return None
        return self.offer_open(str(out), tr("The backup was restored to {path}.", path=out))

    def offer_open(self, path: str, text: str) -> QMessageBox:
        """Window-modal: open ``path`` now? (the open tournament is closed, never changed)."""
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        box = QMessageBox(QMessageBox.Icon.Question, tr("Restore from backup"), text, yes | no, self.window)
        box.setObjectName("open_restored")
        box.setInformativeText(tr("Open it now? The tournament open now is closed, not changed."))
        box.setDefaultButton(yes)
        self.open_prompt = box

        def done(_result: int) -> None:
            self.open_prompt = None
            if box.clickedButton() is box.button(yes):
                self.open_file(path)
            box.deleteLater()

        box.finished.connect(done)
        box.open()
        return box

    # ---- Second backup folder… ------------------------------------------------------------------
    def choose_second_folder(self) -> None:
        b = self.backups
        if b is None:
            return
        start = str(b.second_folder or settings.documents_dir())
        folder = file_dialogs.get_existing_directory(self.window, tr("Second backup folder (e.g. a USB stick)"), start)
        if folder:
            self.set_second_folder(folder)

    def set_second_folder(self, folder: str | None) -> bool:
        """Use ``folder`` as the second backup folder of this file (None: stop); remembered for the file.
        A backup is made there at once, so the stick holds the tournament from now on."""
        b = self.backups
        if b is None or self.ctx is None:
            return False
        b.second_folder = Path(folder) if folder else None
        settings.set_second_backup_folder(self.ctx.path, folder)
        self.enable()
        if folder:
            return self.back_up_now() is not None
        return True

    # ---- the file is gone ---------------------------------------------------------------------
    def file_gone(self, _message: str = "") -> QMessageBox | None:
        """Say that the file was deleted or moved and offer to save what the app holds to a new file."""
        self.gone = True
        self.enable()
        if self.ctx is None or self.gone_prompt is not None:
            return self.gone_prompt
        name = Path(self.ctx.path).name
        box = QMessageBox(QMessageBox.Icon.Critical, tr("Tournament file deleted or moved"),
                          tr("{name} was deleted, moved or replaced while it was open. Nothing more can be saved into it; "
                             "this app still holds everything up to the last change.", name=name), parent=self.window)
        box.setObjectName("file_gone")
        box.setInformativeText(tr("Save it to a new file now and go on working in that file."))
        save = box.addButton(tr("Save to a new file…"), QMessageBox.ButtonRole.AcceptRole)
        later = box.addButton(tr("Not now"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save)
        box.setEscapeButton(later)
        self.gone_prompt = box

        def done(_result: int) -> None:
            self.gone_prompt = None
            if box.clickedButton() is save:
                self.save_copy()
            box.deleteLater()

        box.finished.connect(done)
        box.open()
        return box

    def save_copy(self) -> bool:
        if self.ctx is None:
            return False
        p = Path(self.ctx.path)
        path = self.ask_save_path(tr("Save to a new file…"), p.resolve().parent / f"{p.stem}-saved.mcr")
        return bool(path) and self.save_copy_to(str(path))

    def save_copy_to(self, path: str) -> bool:
        """Save what the open connection holds to the new file ``path``, then open that file, carrying on
        what was open in the app (``MainWindow.open_file``'s ``carry_on``)."""
        assert self.ctx is not None
        with reporting_errors(self.window, tr("Save to a new file…"), tr("Choose a new file name.")) as done:
            out = self.ctx.db.save_copy(path)
        if not done.ok:
            return False
        check = self.ctx.db.check_copy(out)
        if not check.complete:  # checked before it is announced: say plainly what is where
            QMessageBox.warning(self.window, tr("Save to a new file…"), tr(
                "The copy {name} does not hold every result recorded here: it fails SQLite's check or misses "
                "results. Keep it, and keep these too: the newest backup {backup} and the results written since, "
                "in {wal}.").format(name=out.name, backup=check.backup.name if check.backup else "—",
                                    wal=check.wal.name if check.wal else "—"))
            return False  # never carry on in a copy known to miss results
        # the same tournament: a hand entry or a question of the score sheet still open goes on in the copy
        return self.open_file(str(out), carry_on=True)
