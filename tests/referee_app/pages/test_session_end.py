"""Windows log-off and shutdown: Qt emits commitDataRequest, then aboutToQuit, and the system
ends the process without closeEvent; the closing backup must be taken by then."""

from __future__ import annotations

from PySide6.QtCore import SIGNAL


def _written(window):
    window.show_sheet(1, 1)
    assert window.pages["Score sheet"].record_draw()
    db = window.ctx.db
    db.backups.floor = 0  # the closing backup is not skipped for the one the first write made
    return db, len(db.backups.list_backups())


def test_the_save_request_of_a_log_off_takes_the_closing_backup_and_keeps_the_file_open(qapp, window):
    db, before = _written(window)
    # QSessionManager cannot be made from Python (emitting the signal with None crashes PySide6): the
    # connection is checked, then its slot run as Qt would run it
    assert qapp.receivers(SIGNAL("commitDataRequest(QSessionManager&)")) >= 1
    window._commit_data(None)
    assert len(db.backups.list_backups()) == before + 1
    assert window.ctx is not None and window.ctx.db is db  # a cancelled log-off leaves all as it was
    window._commit_data(None)
    assert len(db.backups.list_backups()) == before + 1  # nothing written since: no second copy


def test_the_end_of_a_log_off_closes_the_tournament_with_its_backup(qapp, window):
    db, before = _written(window)
    # Qt's Windows plugin at WM_ENDSESSION: aboutToQuit, then the process ends (no closeEvent, no event loop)
    qapp.aboutToQuit.emit()
    assert window.ctx is None
    assert len(db.backups.list_backups()) == before + 1


def test_a_normal_quit_closes_once(qapp, window):
    db, before = _written(window)
    window.close()  # as a quit does first (closeEvent), then Qt emits aboutToQuit
    qapp.aboutToQuit.emit()  # (not qapp.quit() and exec(): a quit leaves later tests' dialog loops ending at once)
    assert window.ctx is None
    assert len(db.backups.list_backups()) == before + 1
