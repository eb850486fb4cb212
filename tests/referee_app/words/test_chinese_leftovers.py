"""English that was left in the Chinese UI: the clock's "5 min", the hall's "15 s", and Qt's own
file dialog ("Look in", "Files of type": texts Qt 6 gave a mnemonic its Chinese catalogue lacks)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel

from referee_app.base import file_dialogs
from referee_app.words.i18n import LANG


def test_the_clocks_minutes_and_the_halls_seconds_say_their_unit_in_chinese(qtbot, window):
    from referee_app.hall.setup import HallSetupDialog

    window.go("Sessions & tables")
    clock = window.pages["Sessions & tables"].clock
    assert clock.minutes.suffix() == " min"
    LANG.set("zh")
    assert clock.minutes.suffix() == " 分钟" and clock.minutes.text() == "5 分钟"
    hall = HallSetupDialog(window)
    qtbot.addWidget(hall)
    assert hall.dwell.suffix() == " 秒"


def labels(dialog) -> dict[str, str]:
    return {w.objectName(): w.text() for w in dialog.findChildren(QLabel) if w.objectName()}


def test_qts_file_dialog_is_chinese_throughout(qtbot, tmp_path):
    LANG.set("zh")
    d = file_dialogs.make_dialog(None, "t", str(tmp_path), "PDF (*.pdf)")
    qtbot.addWidget(d)
    said = labels(d)
    assert said["lookInLabel"] == "查找范围(&L)：" and said["fileTypeLabel"] == "文件类型(&T)："
    assert said["fileNameLabel"] == "文件名称(&N)："  # Qt's own catalogue still answers what it has
    LANG.set("en")
    QApplication.processEvents()  # Qt re-labels its dialog on the LanguageChange event
    assert labels(d)["lookInLabel"] == "&Look in:" and labels(d)["fileNameLabel"] == "File &name:"
