"""Backups in the app, a deleted file under a running window, and the desk seeing every writer
live: real files, a real second process."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from db.storage.backups import back_up
from referee_app.base import settings
from referee_app.models import AuditModel
from referee_app.shell.main import create_window
from referee_app.words.i18n import LANG


def draw(window) -> None:
    window.show_sheet(1, 1)
    assert window.pages["Score sheet"].record_draw()


def test_status_bar_shows_the_last_backup_after_writes(window):
    label = window.backup.status
    assert label.isVisible() and label.text() == "No backup yet"
    draw(window)  # the first write keeps the state found: an automatic backup
    assert label.text().startswith("Last backup ") and len(label.text()) == len("Last backup 10:15")
    assert str(window.ctx.db.backups.folder) in label.toolTip()
    window.set_language("zh")
    assert label.text().startswith("上次备份 ")
    assert window.backup.act_restore.text() == "从备份恢复…"
    window.close_tournament()
    assert not label.isVisible()


def test_a_failed_automatic_backup_is_explained_in_chinese(window):
    """The backups folder is a file: the write is saved, the status bar says the backup failed and its
    tooltip says why, in the referee's language."""
    folder = window.ctx.db.backups.folder
    folder.write_text("a file where the folder should be")
    draw(window)
    b = window.ctx.db.backups
    assert b.last_refusal is not None and b.last_refusal.code == "backup_folder_failed"
    assert b.last_error == str(b.last_refusal) and b.last_error.startswith(f"cannot create the backup folder {folder.name}")
    window.set_language("zh")
    window.backup.update_status()
    label = window.backup.status
    assert label.text().endswith("上次备份失败") or "失败" in label.text(), label.text()
    assert f"无法创建备份文件夹 {folder.name}：" in label.toolTip(), label.toolTip()
    assert "cannot create" not in label.toolTip()


def test_the_status_lists_the_backups_folder_only_when_another_program_wrote(window, tournament_file, monkeypatch):
    from db.service.results import record_draw
    from db.storage.store import open_database

    b = window.ctx.db.backups
    listed = []
    real = b.list_backups
    monkeypatch.setattr(b, "list_backups", lambda *a: listed.append(a) or real(*a))
    draw(window)  # this program's write and its backup: known without looking
    assert window.backup.status.text().startswith("Last backup ") and listed == []
    with open_database(tournament_file) as other, other.factory.begin() as s:
        record_draw(s, 1, 2, 1)
    assert window.watcher.poll()  # another program wrote: it may have made a backup, look
    assert listed and window.backup.status.text().startswith("Last backup ")


def test_back_up_now_and_the_second_folder_is_remembered_per_file(qtbot, window, tournament_file, tmp_path):
    stick = tmp_path / "stick"
    assert window.backup.set_second_folder(str(stick))  # a backup goes there at once
    assert [b.kind for b in window.ctx.db.backups.list_backups(stick)] == ["manual"]
    made = window.backup.back_up_now()
    assert made is not None and made.parent == window.ctx.db.backups.folder
    assert len(window.ctx.db.backups.list_backups(stick)) == 2
    listed = [b.path.name for b in window.backup.all_backups()]  # each backup once, though in both folders
    assert len(listed) == len(set(listed)) == 2
    assert settings.second_backup_folder(str(tournament_file)) == str(stick.resolve())
    window.close()
    w2 = create_window(str(tournament_file))
    qtbot.addWidget(w2)
    b = w2.ctx.db.backups
    assert b.second_folder == stick.resolve()
    assert w2.backup.act_second_off.isVisible() and str(stick.resolve()) in w2.backup.act_second_off.text()
    b.interval = 0  # the next write makes an automatic backup: it goes to both folders
    draw(w2)
    assert any(x.kind == "auto" for x in b.list_backups(stick))
    assert w2.backup.set_second_folder(None)
    assert settings.second_backup_folder(str(tournament_file)) is None


def test_restore_copies_a_backup_to_a_new_file_and_offers_to_open_it(qtbot, window, tournament_file, tmp_path,
                                                                     monkeypatch, error_messages):
    from referee_app.dialogs.restore import RestoreDialog

    made = window.backup.back_up_now()
    draw(window)  # the open file moves on; the manual backup holds the state before the draw
    before = tournament_file.read_bytes()
    backups = window.backup.all_backups()
    assert made in [b.path for b in backups]
    chosen = next(b for b in backups if b.path == made)
    monkeypatch.setattr(RestoreDialog, "ask", classmethod(lambda cls, parent, rows: chosen))
    target = tmp_path / "restored"
    monkeypatch.setattr(window.backup, "ask_save_path", lambda title, default: str(target) + ".mcr")
    window.backup.restore()
    box = window.backup.open_prompt
    assert box is not None and box.isVisible() and "restored.mcr" in box.text()
    assert tournament_file.read_bytes() == before  # the open tournament untouched
    box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: window.backup.open_prompt is None)
    assert Path(window.ctx.path) == Path(str(target) + ".mcr")
    window.show_sheet(1, 1)
    assert window.pages["Score sheet"].sheet.hands == ()  # the state of the backup
    # never over an existing file: the store refuses and the app says so
    assert window.backup.restore_to(chosen, str(tournament_file)) is None
    assert "already exists" in error_messages[-1][1]


def test_restore_dialog_lists_time_kind_size(qtbot, qtmodeltester, window):
    from referee_app.dialogs.restore import BackupModel, RestoreDialog

    window.backup.back_up_now()
    back_up(window.ctx.db, "session", session=1)
    d = RestoreDialog(window, window.backup.all_backups())
    qtbot.addWidget(d)
    qtmodeltester.check(d.model)
    rows = [[d.model.data(d.model.index(r, c)) for c in range(4)] for r in range(d.model.rowCount())]
    assert sorted(r[BackupModel.COL_KIND] for r in rows) == ["end of session 1", "manual"]
    assert all(r[BackupModel.COL_SIZE].endswith("KiB") for r in rows)
    assert d.chosen() is not None and d.ok.isEnabled()
    empty = RestoreDialog(window, [])
    qtbot.addWidget(empty)
    assert not empty.ok.isEnabled() and not empty.empty.isHidden()


def test_closing_the_window_closes_the_store_once_with_its_backup(qtbot, window, monkeypatch):
    db = window.ctx.db
    calls = []
    real = db.close
    monkeypatch.setattr(db, "close", lambda: (calls.append(1), real())[1])
    draw(window)
    db.backups.floor = 0  # the closing backup is not skipped for the one the first write made
    before = len(db.backups.list_backups())
    window.close()
    window.close()
    assert calls == [1]
    assert len(db.backups.list_backups()) == before + 1


@pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot delete a file SQLite has open")
def test_a_deleted_file_stops_the_writes_and_offers_a_copy(qtbot, window, tournament_file, tmp_path, monkeypatch,
                                                            error_messages):
    draw(window)
    tournament_file.unlink()  # deleted under the running window
    sheet = window.pages["Score sheet"]
    assert not sheet.record_draw()  # refused by the store, not written into the deleted file
    box = window.backup.gone_prompt
    assert box is not None and box.isVisible() and "spring.mcr was deleted, moved or replaced" in box.text()
    assert error_messages == []  # one clear question, not a plain error box
    assert window.backup.status.text() == "Not saved: the tournament file was deleted or moved"
    assert not window.backup.act_backup_now.isEnabled() and window.backup.act_save_copy.isVisible()
    copy = tmp_path / "saved.mcr"
    monkeypatch.setattr(window.backup, "ask_save_path", lambda title, default: str(copy))
    next(b for b in box.buttons() if b.text() == "Save to a new file…").click()
    qtbot.waitUntil(lambda: window.ctx is not None and Path(window.ctx.path) == copy)
    window.show_sheet(1, 1)
    assert [h.kind for h in window.pages["Score sheet"].sheet.hands] == ["draw"]  # nothing lost
    assert window.pages["Score sheet"].record_draw()  # and work goes on in the copy
    assert window.backup.status.text() != "Not saved: the tournament file was deleted or moved"


@pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot delete a file SQLite has open")
def test_the_watcher_notices_a_deleted_file_before_any_write(qtbot, window, tournament_file):
    LANG.set("zh")
    tournament_file.unlink()
    qtbot.waitUntil(lambda: window.backup.gone_prompt is not None, timeout=3000)
    box = window.backup.gone_prompt
    assert "spring.mcr 在打开期间被删除、移走或替换" in box.text()
    next(b for b in box.buttons() if b.text() == "暂不").click()
    qtbot.waitUntil(lambda: window.backup.gone_prompt is None)
    assert window.backup.status.text() == "未保存：比赛文件已被删除或移走"
    assert window.backup.act_save_copy.isVisible() and window.backup.act_save_copy.text() == "保存到新文件…"
    window.watcher.poll()
    assert window.backup.gone_prompt is None  # said once, not every second


def test_a_write_by_another_process_shows_on_the_sheet_without_a_click(qtbot, window, tournament_file, tmp_path):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.sheet.hands == ()
    line = tmp_path / "line.jsonl"
    line.write_text(json.dumps({"session": 1, "table": 1, "hand": 1, "type": "draw"}) + "\n")
    cli = Path(sys.executable).parent / "mcr-tournament"
    subprocess.run([str(cli), "--db", str(tournament_file), "results", "import", str(line)], check=True,
                   capture_output=True, timeout=60)
    qtbot.waitUntil(lambda: len(sheet.sheet.hands) == 1, timeout=3000)
    assert sheet.model.rowCount() >= 1 and sheet.sheet.hands[0].kind == "draw"


def test_own_writes_are_drawn_once_and_a_minimised_window_does_not_poll(qtbot, window):
    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    loads = []
    real, real_table = sheet.refresh, sheet.refresh_table
    sheet.refresh = lambda: (loads.append(1), real())[1]  # type: ignore[method-assign]
    sheet.refresh_table = lambda: (loads.append(1), real_table())[1]  # type: ignore[method-assign]
    assert sheet.record_draw()
    assert len(loads) == 1
    assert not window.watcher.poll()  # the marker after this app's own write is already noted
    assert len(loads) == 1
    window.showMinimized()
    n = window.watcher.polls
    assert not window.watcher.poll() and window.watcher.polls == n


def test_a_hall_display_on_screen_keeps_following_while_the_desk_is_minimised(qtbot, window, tournament_file):
    """The hall on the projector shows every station's hands: minimising the desk must not stop the poll."""
    from db.service.results import record_draw
    from db.storage.store import open_database
    from referee_app.hall.window import HallOptions, HallWindow

    hall = HallWindow(window.ctx, HallOptions(lang="en"))
    qtbot.addWidget(hall)
    hall.show()
    window.showMinimized()
    with open_database(tournament_file) as other, other.factory.begin() as s:
        record_draw(s, 1, 1, 1)
    assert window.watcher.poll()
    hall.close()
    n = window.watcher.polls
    assert not window.watcher.poll() and window.watcher.polls == n  # nothing of ours on screen: no read


def test_the_log_shows_the_station_of_every_change(window):
    draw(window)
    window.go("Log")
    log = window.pages["Log"]
    assert not log.view.isColumnHidden(AuditModel.COL_STATION)
    assert log.view.columnWidth(AuditModel.COL_STATION) >= 120
    assert log.model.data(log.model.index(0, AuditModel.COL_STATION)) == socket.gethostname()


def test_another_station_on_postgresql_shows_live(qtbot, monkeypatch):
    """Two stations on one PostgreSQL database: the window sees the other station's hand within 3 s."""
    import os
    import uuid

    import pytest
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from db.service.players import PlayerInput, import_players
    from db.service.results import record_draw
    from db.service.seats import seat_session
    from db.service.tournament import create_tournament
    from db.storage.store import open_database

    base = os.environ.get("MCR_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("PostgreSQL test skipped: set MCR_TEST_POSTGRES_URL")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    try:
        admin = create_engine(base)
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as exc:  # noqa: BLE001 - no server
        pytest.skip(f"PostgreSQL test skipped: {exc}")
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    try:
        with open_database(url, create=True) as db, db.factory.begin() as s:
            create_tournament(s, "Hall Open", "cmr1998", sessions=2)
            import_players(s, [PlayerInput(str(i), f"P{i}") for i in range(1, 9)])
            seat_session(s, 1)
        w = create_window(url)
        qtbot.addWidget(w)
        w.show()
        assert w.ctx is not None and w.ctx.db.backups is None
        assert not w.backup.status.isVisible() and not w.backup.act_restore.isEnabled()  # no file backups
        w.show_sheet(1, 2)
        sheet = w.pages["Score sheet"]
        with open_database(url) as other, other.factory.begin() as s:  # the other station
            record_draw(s, 1, 2, 1)
        qtbot.waitUntil(lambda: len(sheet.sheet.hands) == 1, timeout=3000)
        w.close()
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
