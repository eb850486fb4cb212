"""Windows' file locks in the app, simulated: os.replace and unlink raise PermissionError
(errno 13) with winerror 32, as Windows does for a file another program has open."""

from __future__ import annotations

import os
from pathlib import Path

from referee_app.base import settings
from referee_app.shell.main import create_window
from referee_app.words.i18n import LANG
from tests.db.storage.test_windows_files import windows_error


def test_the_demo_open_in_another_window_is_said_so(qtbot, monkeypatch, error_messages):
    w = create_window()
    qtbot.addWidget(w)
    assert w.open_demo()
    w.close_tournament()
    demo = settings.data_dir() / "demo.mcr"
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self == demo:  # the other instance's SQLite has it open
            raise windows_error(32, "being used by another process")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    assert not w.open_demo()
    title, message = error_messages[-1]
    assert title == "Demo tournament"
    assert message == ("the demo tournament is open in another MCR Referee window: use it there, or close it there "
                       "and open the demo again")
    LANG.set("zh")
    assert not w.open_demo()
    assert error_messages[-1][1].startswith("演示比赛已在另一个国标麻将裁判窗口中打开")


def test_a_workbook_open_in_excel_says_to_close_it_there(window, tmp_path, monkeypatch, error_messages):
    target = tmp_path / "spring-results.xlsx"
    target.write_bytes(b"the copy Excel has open")

    def held(_src: object, _dst: object) -> None:
        raise windows_error(32, "being used by another process")

    monkeypatch.setattr(os, "replace", held)
    monkeypatch.setattr("db.storage.files.REPLACE_PAUSE_S", 0.001, raising=False)
    assert not window.export_workbook_to(str(target))
    shown = error_messages[-1]
    assert shown == ("Export workbook…", "could not write spring-results.xlsx: another program has the file open: "
                                         "close it there and try again")
    assert "choose a folder you can write to" not in shown[1]
    assert "close it there" in shown.next_step and target.read_bytes() == b"the copy Excel has open"
    LANG.set("zh")
    assert not window.export_workbook_to(str(target))
    assert "另一个程序打开了该文件：请在那个程序中关闭它后再试" in error_messages[-1][1]
