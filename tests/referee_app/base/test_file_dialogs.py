"""An open file dialog made the desk lose results. Qt's default icon provider opened and closed
event.mcr, -wal and -shm to sniff their type, which dropped SQLite's POSIX locks; another program then deleted the
WAL the app was still writing. The app's dialogs (referee_app/base/file_dialogs.py) never read a file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QFileSystemModel, QTreeView

from db.service.audit import Actor
from db.service.results import record_draw
from referee_app.base import file_dialogs
from tests.sqlite_locks import AVAILABLE, held_locks

ACTOR = Actor("desk", "referee")
EXE = str(Path(sys.executable).with_name("mcr-tournament"))
pytestmark = pytest.mark.skipif(not AVAILABLE, reason="reads the kernel's lock table (Linux)")


def _browse_then_cancel(qtbot, folder: Path, seen: list[int]) -> None:
    """Inside the modal dialog: wait until the folder is listed with its icons and types (the detail view
    asks for both), then cancel."""
    d = QApplication.activeModalWidget()
    if not isinstance(d, QFileDialog):  # not open yet
        QTimer.singleShot(50, lambda: _browse_then_cancel(qtbot, folder, seen))
        return
    try:
        _browse(qtbot, d, folder, seen)
    finally:
        d.reject()


def _browse(qtbot, d: QFileDialog, folder: Path, seen: list[int]) -> None:
    d.setViewMode(QFileDialog.ViewMode.Detail)
    model = d.findChild(QFileSystemModel)
    assert model is not None
    root = model.index(str(folder))
    qtbot.wait(1500)  # the folder is read in a thread; files the PDF filter hides are looked at too
    for row in range(model.rowCount(root)):
        for col in range(model.columnCount(root)):
            model.data(model.index(row, col, root))
        model.fileIcon(model.index(row, 0, root))
    for view in d.findChildren(QTreeView):
        view.grab()  # paint it, as the screen does
    qtbot.wait(300)
    seen.append(model.rowCount(root) + 1)


def test_the_save_as_pdf_dialog_in_the_tournament_folder_keeps_every_result(window, qtbot, tmp_path,
                                                                               tournament_file) -> None:
    db = window.ctx.db
    with db.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)
    assert held_locks(tournament_file) > 0
    window.go("Reports")
    seen: list[int] = []
    QTimer.singleShot(50, lambda: _browse_then_cancel(qtbot, tournament_file.parent, seen))
    window.pages["Reports"].save_dialog()  # Reports → Save as PDF…, in the tournament's folder
    assert seen  # the folder was listed, with .mcr, -wal and -shm in it
    assert held_locks(tournament_file) > 0
    # another program at the desk (the devices' links) opens and closes the file
    out = subprocess.run([EXE, "--db", str(tournament_file), "devices", "--session", "1", "--base-url",
                          "http://127.0.0.1:8765"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    with db.factory.begin() as s:
        record_draw(s, 1, 1, 2, actor=ACTOR)  # what the desk shows as recorded ...
    out = subprocess.run([EXE, "--db", str(tournament_file), "results", "list", "--session", "1", "--format",
                          "json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert sorted(h["hand"] for h in json.loads(out.stdout) if h["table"] == 1) == [1, 2]  # ... is in the file


def test_every_dialog_of_the_app_goes_through_file_dialogs() -> None:
    root = Path(file_dialogs.__file__).parent
    found = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if p.name != "file_dialogs.py" and "QFileDialog.get" in p.read_text(encoding="utf-8")]
    assert found == []


@pytest.mark.parametrize("how", ["mv", "cp"])
def test_a_file_replaced_under_the_app_is_said_loudly_and_left_as_it_is(qtbot, window, tournament_file, tmp_path,
                                                                         monkeypatch, how) -> None:
    """``mv`` or ``cp`` of another tournament over the open file: the watcher notices within a second, the app
    offers to save what it holds, and the file now at the name keeps its bytes (the app's WAL is never applied
    to it). The copy saved holds everything for ``mv``."""
    import hashlib
    import shutil

    from db.service.demo import create_demo

    other = tmp_path / "other.mcr"
    create_demo(other)
    window.show_sheet(1, 1)
    assert window.pages["Score sheet"].record_draw()
    if how == "mv":
        other.replace(tournament_file)
    else:
        shutil.copyfile(other, tournament_file)
    digest = hashlib.sha256(tournament_file.read_bytes()).hexdigest()
    qtbot.waitUntil(lambda: window.backup.gone_prompt is not None, timeout=3000)
    assert "spring.mcr was deleted, moved or replaced" in window.backup.gone_prompt.text()
    assert not window.pages["Score sheet"].record_draw()  # refused, not written into the other file
    copy = tmp_path / "saved.mcr"
    monkeypatch.setattr(window.backup, "ask_save_path", lambda title, default: str(copy))
    box = window.backup.gone_prompt
    next(b for b in box.buttons() if b.text() == "Save to a new file…").click()
    qtbot.waitUntil(lambda: window.ctx is not None and Path(window.ctx.path) == copy)
    if how == "mv":
        window.show_sheet(1, 1)
        assert [h.kind for h in window.pages["Score sheet"].sheet.hands] == ["draw"]  # nothing lost
    assert hashlib.sha256(tournament_file.read_bytes()).hexdigest() == digest
    assert not Path(str(tournament_file) + "-wal").exists()


def test_opening_the_open_file_again_goes_on_with_the_open_store(window, tournament_file) -> None:
    ctx = window.ctx
    assert window.open_file(str(tournament_file))
    assert window.ctx is ctx and held_locks(tournament_file) > 0
