"""The store's refusals reach a Chinese-speaking referee in Chinese (English stays as the store says it)."""

from __future__ import annotations

import re

from db.errors import InputError, TournamentError
from db.messages import MESSAGES
from db.service.results import record_draw
from db.storage.store import open_database
from referee_app.words.i18n import LANG
from referee_app.words.store_errors import store_problem

CJK = re.compile(r"[\u4e00-\u9fff]")


def chinese_only(text: str) -> bool:
    """Said in Chinese: Chinese text and no English sentence left (numbers and player names may stay)."""
    return bool(CJK.search(text)) and not re.search(r"[A-Za-z]{4,}", text)


def open_sheet(window):
    window.show_sheet(1, 1)
    return window.pages["Score sheet"]


def test_win_under_eight_fans_and_stale_table_in_chinese(window, tournament_file, error_messages):
    window.set_language("zh")
    sheet = open_sheet(window)
    num = [p.number for p in sheet.sheet.players]
    assert not sheet.record_totals(num[0], num[1], 6)
    msg = error_messages[-1][1]
    assert chinese_only(msg) and "6 番" in msg and "8 番" in msg and "错和" in msg, msg
    with open_database(tournament_file) as other, other.factory.begin() as s:  # a second station saves first
        record_draw(s, 1, 1, 1)
    assert not sheet.record_totals(num[0], num[1], 8)
    msg = error_messages[-1][1]
    assert chinese_only(msg) and "其他终端" in msg and "第 1 局第 1 桌" in msg, msg
    assert [h.kind for h in sheet.sheet.hands] == ["draw"]  # reloaded as before


def test_time_called_twice_and_penalty_split_in_chinese(window, error_messages):
    from db.service.outcomes import PenaltyInput

    LANG.set("zh")
    sheet = open_sheet(window)
    assert sheet.record_draw()
    assert sheet.call_time()
    assert not sheet.call_time()
    msg = error_messages[-1][1]
    assert msg == "第 1 局第 1 桌已在第 1 盘后到时。", msg
    p = sheet.sheet.players[0].number
    assert not sheet.record_penalty(PenaltyInput(player=p, points=10, settlement="others", kind="custom",
                                                 reason="", hand=1))
    assert error_messages[-1][1] == "10 分不能平分给其他三家（须为 3 的倍数）。"


def test_regenerate_and_swap_refusals_in_chinese(window, error_messages):
    sessions = window.pages["Sessions & tables"]
    t1, t2 = sessions.model.rows
    a, b = t1.players[0].number, t2.players[1].number
    assert open_sheet(window).record_draw()
    window.go("Sessions & tables")
    window.set_language("zh")
    assert not sessions.seat()
    msg = error_messages[-1][1]
    assert chinese_only(msg) and msg.startswith("第 1 局已有成绩") and "重新生成" in msg, msg
    assert not sessions.swap(a, b)
    msg = error_messages[-1][1]
    assert chinese_only(msg) and "注明原因" in msg, msg
    window.set_language("en")  # English: the store's own words
    assert not sessions.swap(a, b)
    assert "a reason is required" in error_messages[-1][1]


def test_unknown_or_already_chinese_messages_are_shown_as_they_are():
    LANG.set("zh")
    odd = InputError("widget", "something the table never says")
    assert store_problem(odd) == '"widget": something the table never says'
    mixed = TournamentError("a brand new refusal / 一个新的拒绝")
    assert store_problem(mixed) == "a brand new refusal / 一个新的拒绝"
    known = InputError("reason", code="reason_required")
    assert store_problem(known) == "更正须注明原因。"
    LANG.set("en")
    assert store_problem(known) == '"reason": a correction needs a reason'


def test_every_store_code_has_chinese_text():
    import texts
    from db.messages import Parts, Switch

    def translated(code):
        template = MESSAGES[code]
        if isinstance(template, Parts | Switch):
            return all(texts.lookup("zh", text, f"{code}.{k}") for k, text in template.pieces().items())
        return texts.lookup("zh", template, code) is not None

    assert [code for code in MESSAGES if not translated(code)] == []  # a code without Chinese


def test_chinese_follows_the_code_not_the_english_words():
    LANG.set("zh")
    exc = InputError("hand", code="hand_out_of_order", table=3, recorded=4, next=5)
    exc.message = exc.detail = "reworded in English"  # the English may change; the Chinese stays
    assert store_problem(exc) == "各盘须按顺序记录：第 3 桌已记录 4 盘，下一盘是第 5 盘。"
    LANG.set("en")
    assert store_problem(exc) == "reworded in English"


def test_every_hand_problem_reason_has_chinese_text():
    import ast
    from pathlib import Path

    import texts
    from db.messages import HAND_PROBLEMS

    root = Path(__file__).resolve().parent.parent.parent.parent / "scoring"
    reasons = {kw.value.value for path in root.rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.Call)
               for kw in node.keywords if kw.arg == "reason" and isinstance(kw.value, ast.Constant)}
    assert len(reasons) > 20
    assert sorted(reasons - set(HAND_PROBLEMS)) == []
    assert [r for r, t in HAND_PROBLEMS.items() if texts.lookup("zh", t, f"hand.{r}") is None] == []


def test_opening_a_file_that_is_not_a_tournament_says_so_in_chinese(qtbot, tmp_path, monkeypatch, error_messages):
    """From the start page's Open…: an empty file, a text file and a folder-less name are refused in Chinese
    (the file name kept), and the file is not changed."""
    from referee_app.shell import window as window_module
    from referee_app.shell.main import create_window

    w = create_window()
    qtbot.addWidget(w)
    w.show()
    w.set_language("zh")
    empty = tmp_path / "empty.mcr"
    empty.write_bytes(b"")
    notes = tmp_path / "notes.mcr"
    notes.write_text("not a database\n", encoding="utf-8")
    for path, words in ((empty, "是空文件，不是比赛文件"), (notes, "不是比赛文件（不是 SQLite 数据库）")):
        monkeypatch.setattr(window_module.file_dialogs, "get_open_file_name", lambda *_a, p=path, **_k: (str(p), ""))
        w.start.open_requested.emit()
        title, msg = error_messages[-1]
        assert title == "无法打开文件", title
        assert msg.startswith(path.name) and words in msg and "未被改动" in msg, msg
        assert chinese_only(msg.replace(path.name, "").replace("SQLite", "")), msg  # a product name may stay
        assert w.stack.currentWidget() is w.start
    assert empty.read_bytes() == b"" and notes.read_text(encoding="utf-8") == "not a database\n"
    w.set_language("en")
    w.start.open_requested.emit()
    assert error_messages[-1][1] == ("notes.mcr is not a tournament file (not an SQLite database); "
                                     "it was not changed")


def test_players_csv_problems_in_chinese_beside_their_rows(qtbot):
    from referee_app.dialogs.csv_import import CsvImportDialog

    LANG.set("zh")
    d = CsvImportDialog(None)
    qtbot.addWidget(d)
    d.load_text("number,name,country\n1,Ann,Atlantis\n1,Bo,FR\n2,,\n3 3,Cy,\n4,Di,FR,x\n")
    errors = [r.error for r in d.model.rows]
    assert errors[0].startswith("选手 1：'Atlantis' 不是国家或地区"), errors
    assert errors[1:] == ['"number"（编号）1 已在第 2 行用过。', '选手 2 的 "name"（姓名）为空。',
                          "\"number\"（编号）'3 3' 最多 32 个字符，且不能有空格。", "此行有 4 个字段，表头有 3 个。"]
    assert not d.import_button.isEnabled()
    d.load_text("number,nom\n1,Ann\n")  # header problems: not tied to a row, with their line
    assert d.problems.text().splitlines() == [
        '第 1 行：未知的列 "nom"；可用的列为 number,name[,team][,country][,substitute][,ema_number]'
        '[,first_name][,last_name]。', '第 1 行：表头须有 "name" 列。']
    LANG.set("en")
    d.load_text("number,name,country\n1,Ann,Atlantis\n")
    assert d.model.rows[0].error.startswith('"country": player 1: \'Atlantis\' is not a country')
