"""The players CSV import dialog: Enter previews and only Import imports; the
file is read in the encoding Excel saved it in (named above the preview), split by the import's own
delimiter rule; a file that cannot be read says why. Real files in ``tmp_path``, real widgets."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from referee_app.dialogs.csv_import import CsvImportDialog
from referee_app.words.i18n import LANG


@pytest.fixture
def dialog(qtbot):
    d = CsvImportDialog(None)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def _type_path(qtbot, d: CsvImportDialog, path: Path) -> None:
    d.path.setFocus()
    d.path.clear()
    qtbot.keyClicks(d.path, str(path))


def test_enter_in_the_path_box_previews_and_only_the_import_button_imports(qtbot, dialog, tmp_path: Path) -> None:
    f = tmp_path / "players.csv"
    f.write_text("number,name\n1,Ann\n2,Bo\n", encoding="utf-8")
    _type_path(qtbot, dialog, f)
    qtbot.keyClick(dialog.path, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted  # it imported at once before
    assert [(r.number, r.name) for r in dialog.model.rows] == [("1", "Ann"), ("2", "Bo")]
    assert dialog.import_button.isEnabled() and dialog.import_button.text() == "Import 2 players"
    qtbot.keyClick(dialog.path, Qt.Key.Key_Enter)  # the keypad's Enter too: previews again, nothing more
    assert dialog.isVisible()
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted and [p.name for p in dialog.players] == ["Ann", "Bo"]


def test_a_changed_path_is_previewed_before_it_can_be_imported(qtbot, dialog, tmp_path: Path) -> None:
    (tmp_path / "a.csv").write_text("number,name\n1,Ann\n", encoding="utf-8")
    (tmp_path / "b.csv").write_text("number,name\n7,Zed\n8,Yan\n", encoding="utf-8")
    _type_path(qtbot, dialog, tmp_path / "a.csv")
    qtbot.keyClick(dialog.path, Qt.Key.Key_Return)
    assert dialog.import_button.isEnabled()
    qtbot.keyClicks(dialog.path, "x")  # typing: what is shown is not this path's any more
    assert not dialog.import_button.isEnabled()
    dialog.path.setText(str(tmp_path / "b.csv"))
    dialog.accept()  # e.g. Alt+I: previews the new path instead of importing it unseen
    assert dialog.isVisible() and [r.number for r in dialog.model.rows] == ["7", "8"]
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and [p.number for p in dialog.players] == ["7", "8"]


@pytest.mark.parametrize(("data", "encoding"), [
    pytest.param("number,name,team\n1,张伟,北京\n2,李娜,上海\n".encode("gbk"), "GBK", id="gbk"),
    pytest.param("\ufeffnumber,name,team\n1,张伟,北京\n2,李娜,上海\n".encode(), "UTF-8 (BOM)", id="utf-8-bom"),
    pytest.param("number,name,team\n1,张伟,北京\n2,李娜,上海\n".encode("utf-16"), "UTF-16", id="utf-16"),
])
def test_excels_chinese_encodings_are_read_and_named(qtbot, dialog, tmp_path: Path, data: bytes,
                                                      encoding: str) -> None:
    """Excel's default CSV on Chinese Windows is GBK: it showed "'utf-8' codec can't decode"."""
    f = tmp_path / "players.csv"
    f.write_bytes(data)
    dialog.path.setText(str(f))
    dialog.load()
    assert [(r.number, r.name, r.team) for r in dialog.model.rows] == [("1", "张伟", "北京"), ("2", "李娜", "上海")]
    assert dialog.read_as.text() == f"Read as {encoding}; columns separated by comma."
    assert dialog.problems.text() == "" and dialog.import_button.isEnabled()


def test_a_european_excel_file_previews_in_columns(qtbot, dialog, tmp_path: Path) -> None:
    """Excel in French or German saves ";" and Windows-1252: the preview split on "," (one column)."""
    f = tmp_path / "joueurs.csv"
    f.write_bytes("number;name;country\n1;Hélène Dupont;FR\n2;Jürgen Müller;DE\n".encode("cp1252"))
    dialog.path.setText(str(f))
    dialog.load()
    assert [(r.number, r.name, r.country) for r in dialog.model.rows] == [("1", "Hélène Dupont", "FR"),
                                                                          ("2", "Jürgen Müller", "DE")]
    assert dialog.read_as.text() == "Read as Windows-1252; columns separated by semicolon."
    assert [p.name for p in dialog.players] == ["Hélène Dupont", "Jürgen Müller"]


def test_a_file_that_cannot_be_read_says_why_in_both_languages(qtbot, dialog, tmp_path: Path) -> None:
    f = tmp_path / "players.csv"
    f.write_bytes("number,name\n1,Zoé\n".encode("utf-16-le"))  # UTF-16 without its byte-order mark
    dialog.path.setText(str(f))
    dialog.load()
    assert dialog.problems.text() == ("players.csv is not a text file (it holds NUL bytes: perhaps UTF-16 without "
                                      "its byte-order mark); save it from the spreadsheet as “CSV UTF-8”")
    assert not dialog.import_button.isEnabled() and dialog.model.rows == []
    LANG.set("zh")
    try:
        dialog.load()
        assert dialog.problems.text().startswith("players.csv 不是文本文件")
        dialog.path.setText(str(tmp_path / "missing.csv"))
        dialog.load()
        assert dialog.problems.text() == f"{tmp_path / 'missing.csv'}：文件不存在。"
    finally:
        LANG.set("en")


def test_more_than_10000_players_are_refused_in_the_preview(qtbot, dialog, tmp_path: Path) -> None:
    f = tmp_path / "big.csv"
    f.write_text("number,name\n" + "".join(f"{i},P{i}\n" for i in range(1, 10_003)), encoding="utf-8")
    dialog.path.setText(str(f))
    dialog.load()
    assert dialog.problems.text() == "big.csv: more than 10,000 players (line 10002): a tournament has at most 10,000"
    assert dialog.model.rows == [] and not dialog.import_button.isEnabled()


def test_an_unclosed_quote_is_shown_on_its_row(qtbot, dialog) -> None:
    dialog.load_text('number,name\n1,Ann\n2,"Bo\n3,Cy\n')
    assert [(r.line, r.number) for r in dialog.model.rows] == [(2, "1"), (3, "")]
    assert dialog.model.rows[1].error.startswith("a quoted cell runs from this line to line 4")
    assert not dialog.import_button.isEnabled()


def test_the_preview_shows_who_is_a_substitute(qtbot, dialog) -> None:
    """The Substitute column, as the import reads the cell (a cell it cannot read as it is)."""
    dialog.load_text("number,name,substitute\n1,Ann,yes\n2,Bo,\n3,Cy,x\n4,Di,maybe\n")
    m = dialog.model
    assert m.headerData(m.COL_SUBSTITUTE, Qt.Orientation.Horizontal) == "Substitute"
    assert [m.index(r, m.COL_SUBSTITUTE).data() for r in range(m.rowCount())] == ["✓", "", "✓", "maybe"]
    assert "maybe" in m.index(3, m.COL_PROBLEM).data()


def test_csv_preview_shows_the_first_problem(qtbot):
    d = CsvImportDialog(None)
    qtbot.addWidget(d)
    d.resize(800, 300)
    d.show()
    rows = "\n".join(f"{i},Player {i},," for i in range(1, 40))
    d.load_text("number,name,team,country\n" + rows + "\n40,,,\n")
    assert d.view.currentIndex().row() == 39
    qtbot.waitUntil(lambda: d.view.rowAt(d.view.viewport().height() // 2) >= 30)
    assert not d.import_button.isEnabled()
