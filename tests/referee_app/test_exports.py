"""File → Export workbook… and File → Publish website…: the actions, with the file dialogs bypassed."""

from __future__ import annotations

import os
from html.parser import HTMLParser

from openpyxl import load_workbook

from referee_app.base import file_dialogs
from referee_app.words.i18n import LANG


def test_export_workbook_action_writes_a_workbook(window, tmp_path, monkeypatch):
    sheet = window.pages["Score sheet"]
    window.show_sheet(1, 1)
    num = [p.number for p in sheet.sheet.players]
    assert sheet.record_totals(num[0], num[1], 16)
    out = tmp_path / "spring-results"  # the dialog's answer without the extension
    asked = []

    def answer(parent, title, start, filters):
        asked.append((title, start, filters))
        return str(out), filters

    monkeypatch.setattr(file_dialogs, "get_save_file_name", answer)
    assert window.act_export_workbook.isEnabled()
    window.act_export_workbook.trigger()
    assert asked and asked[0][1].endswith("spring-results.xlsx") and "*.xlsx" in asked[0][2]
    wb = load_workbook(tmp_path / "spring-results.xlsx")
    assert wb.sheetnames == ["Standings", "Teams", "Session 1", "Hands", "Penalties"]
    hands = list(wb["Hands"].iter_rows(min_row=2, values_only=True))
    assert len(hands) == 1 and hands[0][11] == 16  # the fan total, as a number
    assert "Saved" in window.statusBar().currentMessage()


def test_publish_action_writes_the_site(window, tmp_path, monkeypatch):
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.setattr(file_dialogs, "get_existing_directory", lambda *a, **k: str(folder))
    window.act_publish.trigger()
    index = folder / "index.html"
    assert index.is_file()

    class Links(HTMLParser):
        links: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag == "a":
                self.links.append(dict(attrs)["href"])

    parser = Links()
    parser.feed(index.read_text(encoding="utf-8"))
    assert "teams.html" in parser.links and "sessions/1.html" in parser.links
    for n in range(1, 9):  # the fixture's eight players
        assert (folder / "players" / f"{n}.html").is_file()
    assert "Published" in window.statusBar().currentMessage()


def test_a_folder_that_cannot_be_written_is_explained(window, tmp_path, error_messages):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert not window.publish_site_to(str(blocker / "site"))
    assert not window.export_workbook_to(str(tmp_path / "missing" / "r.xlsx"))
    assert [t for t, _m in error_messages] == ["Publish website…", "Export workbook…"]


def test_actions_are_bilingual_and_need_a_tournament(window):
    LANG.set("zh")
    assert window.act_export_workbook.text() == "导出工作簿…"
    assert window.act_publish.text() == "发布成绩网站…"
    LANG.set("en")
    assert window.act_publish.text() == "Publish website…"
    window.close_tournament()
    assert not window.act_export_workbook.isEnabled() and not window.act_publish.isEnabled()


def test_export_ema_action_refuses_an_unfinished_tournament_then_writes_the_file(window, tmp_path, monkeypatch,
                                                                                error_messages):
    import csv

    from db.service.results import call_time
    from db.service.tournament import update_settings

    out = tmp_path / "spring-ema"
    monkeypatch.setattr(file_dialogs, "get_save_file_name", lambda *a: (str(out), a[-1]))
    assert window.act_export_ema.isEnabled()
    window.act_export_ema.trigger()
    assert not (tmp_path / "spring-ema.csv").exists()
    (title, msg), = error_messages
    assert title == "Export EMA results…" and "session 1 table 1: not finished" in msg and "session 2" in msg
    window.ctx.runner.run(lambda s: update_settings(s, sessions=1))  # a one-session event, time called at once
    for t in (1, 2):
        window.ctx.runner.run(lambda s, t=t: call_time(s, 1, t, 0))
    assert window.export_ema_to(str(tmp_path / "spring-ema.csv"))
    data = (tmp_path / "spring-ema.csv").read_bytes()
    rows = list(csv.reader(data.decode("utf-8-sig").splitlines()))
    assert data.startswith(b"\xef\xbb\xbf") and rows[0][0] == "Place" and len(rows) == 9
    assert {r[4] for r in rows[1:]} == {"1.75"} and {r[6] for r in rows[1:]} == {"NO"}


def test_a_save_dialog_answered_with_a_tournament_file_says_why_and_asks_again(window, tmp_path, tournament_file,
                                                                               monkeypatch, error_messages):
    """The open tournament, its -wal, or any file with the tournament marker is refused in the
    dialog itself (a box naming the problem), and the dialog opens again; nothing is written over them."""
    from db.storage.files import TOURNAMENT_MARK

    marked = tmp_path / "old-results.xlsx"  # another tournament under a workbook's name
    header = b"SQLite format 3\x00" + bytes(52) + TOURNAMENT_MARK.to_bytes(4, "big") + bytes(28)
    marked.write_bytes(header)
    link = tmp_path / "spring-link.xlsx"  # the open tournament under another name (a hard link)
    os.link(tournament_file, link)
    answers = [str(link), str(marked), str(tmp_path / "good.xlsx")]
    asked: list[str] = []

    def answer(parent, title, start, filters, **kw):
        asked.append(start)
        return answers.pop(0), filters

    monkeypatch.setattr(file_dialogs, "get_save_file_name", answer)
    window.act_export_workbook.trigger()
    assert [t for t, _m in error_messages] == ["Export workbook…"] * 2
    assert "spring-link.xlsx is the tournament file" in error_messages[0][1] and "spring.mcr" in error_messages[0][1]
    assert "is a tournament file" in error_messages[1][1]
    assert asked[1:] == [str(link), str(marked)]  # asked again, at the refused name
    assert marked.read_bytes() == header and load_workbook(tmp_path / "good.xlsx").sheetnames[0] == "Standings"
    assert window.ctx.db.read_rows("PRAGMA quick_check") == [("ok",)]


def test_save_as_pdf_refuses_the_open_tournament_and_asks_again(window, tmp_path, tournament_file, monkeypatch,
                                                               error_messages):
    answers = [str(tournament_file), str(tournament_file) + "-wal", ""]  # the tournament, its WAL, then Cancel
    monkeypatch.setattr(file_dialogs, "get_save_file_name", lambda *a, **kw: (answers.pop(0), a[-1]))
    window.go("Reports")
    window.pages["Reports"].save_dialog()
    assert not answers and [t for t, _m in error_messages] == ["Save as PDF…"] * 2
    assert "is the tournament file" in error_messages[0][1] and "part of the tournament" in error_messages[1][1]
    assert window.ctx.db.read_rows("PRAGMA quick_check") == [("ok",)]
