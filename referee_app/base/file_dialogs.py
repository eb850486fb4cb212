"""The app's file dialogs (open, save, choose a folder): Qt's own dialog with an icon provider that never reads a
file, on Linux and macOS.

Why: to draw an icon and the "Type" column, Qt's default icon provider asks ``QMimeDatabase`` about
each file of the folder shown, which opens the files whose name does not settle their type (``event.mcr``, its
``-wal`` and ``-shm``), reads their first bytes and closes them. On POSIX, closing ANY descriptor of a file drops
all the process's fcntl locks on it, SQLite's included: another program then believes it is the last one, and
checkpoints and deletes the WAL the app still writes. The GTK dialog Qt uses as the "native" one on Linux runs in
this process too and sniffs contents the same way (GIO's content type), and on macOS the locks are POSIX locks as
well, so there the dialog is Qt's own, non-native one, with :class:`NameOnlyIconProvider` set before any folder is
listed (``strace -e openat`` shows no tournament file opened; tests/referee_app/base/test_file_dialogs.py). On Windows
the native dialog is kept: its locks belong to a handle, and another handle closing drops nothing.

Every dialog of the app goes through here (a test fails on a ``QFileDialog.get…`` call elsewhere); tests replace
these functions, never Qt's.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QFileInfo
from PySide6.QtGui import QAbstractFileIconProvider, QIcon
from PySide6.QtWidgets import QFileDialog, QFileIconProvider, QWidget

from referee_app.words.i18n import tr

NATIVE = sys.platform == "win32"


class NameOnlyIconProvider(QFileIconProvider):
    """Icons and types from the name alone (folder or file, and the suffix): never opens a file."""

    def icon(self, what: QAbstractFileIconProvider.IconType | QFileInfo) -> QIcon:
        if isinstance(what, QFileInfo):
            kind = QAbstractFileIconProvider.IconType.Folder if what.isDir() else QAbstractFileIconProvider.IconType.File
            return super().icon(kind)
        return super().icon(what)

    def type(self, info: QFileInfo) -> str:  # type: ignore[override]
        if info.isDir():
            return tr("Folder")
        return tr("{suffix} file", suffix=info.suffix().upper()) if info.suffix() else tr("File")


_PROVIDER: NameOnlyIconProvider | None = None


def provider() -> NameOnlyIconProvider:
    """One provider for every dialog (a dialog does not own it, so it lives as long as the app)."""
    global _PROVIDER
    if _PROVIDER is None:
        _PROVIDER = NameOnlyIconProvider()
    return _PROVIDER


def make_dialog(parent: QWidget | None, caption: str, directory: str, file_filter: str) -> QFileDialog:
    """Qt's own dialog, the provider set before the folder is given (so the first listing uses it)."""
    d = QFileDialog(parent, caption)
    d.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    d.setIconProvider(provider())
    if file_filter:
        d.setNameFilters(file_filter.split(";;"))
    start = Path(directory) if directory else None
    if start is not None and not start.is_dir():
        d.setDirectory(str(start.parent))
        d.selectFile(start.name)
    elif start is not None:
        d.setDirectory(str(start))
    return d


def _run(d: QFileDialog) -> tuple[str, str]:
    try:
        if d.exec() != QFileDialog.DialogCode.Accepted or not d.selectedFiles():
            return "", ""
        return d.selectedFiles()[0], d.selectedNameFilter()
    finally:
        d.deleteLater()


def get_open_file_name(parent: QWidget | None, caption: str, directory: str = "", file_filter: str = "") \
        -> tuple[str, str]:
    """Like ``QFileDialog.getOpenFileName``: (path, chosen filter), ("", "") when cancelled."""
    if NATIVE:
        return QFileDialog.getOpenFileName(parent, caption, directory, file_filter)
    d = make_dialog(parent, caption, directory, file_filter)
    d.setFileMode(QFileDialog.FileMode.ExistingFile)
    return _run(d)


def get_save_file_name(parent: QWidget | None, caption: str, directory: str = "", file_filter: str = "", *,
                       options: QFileDialog.Option | None = None) -> tuple[str, str]:
    """Like ``QFileDialog.getSaveFileName`` (asks before replacing a file unless ``DontConfirmOverwrite``)."""
    if NATIVE:
        if options is None:
            return QFileDialog.getSaveFileName(parent, caption, directory, file_filter)
        return QFileDialog.getSaveFileName(parent, caption, directory, file_filter, options=options)
    d = make_dialog(parent, caption, directory, file_filter)
    d.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    d.setFileMode(QFileDialog.FileMode.AnyFile)
    if options is not None:
        d.setOption(options, True)
    return _run(d)


def get_existing_directory(parent: QWidget | None, caption: str, directory: str = "") -> str:
    """Like ``QFileDialog.getExistingDirectory``: the folder, or "" when cancelled."""
    if NATIVE:
        return QFileDialog.getExistingDirectory(parent, caption, directory)
    d = make_dialog(parent, caption, directory, "")
    d.setFileMode(QFileDialog.FileMode.Directory)
    d.setOption(QFileDialog.Option.ShowDirsOnly, True)
    return _run(d)[0]
