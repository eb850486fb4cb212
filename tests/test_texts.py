"""The text catalogue (``texts``, resources/locales): complete, consistent with the code, read the way gettext
reads it, and the language chosen the usual way (docs/texts.md)."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import texts
from db.errors import InputError, TournamentError
from db.messages import MESSAGES, render
from texts.po import entries

ROOT = Path(__file__).resolve().parent.parent
LANGS = [lang for lang in texts.languages(pseudo=True) if lang != texts.DEFAULT]


def test_the_catalogues_found_are_zh_and_the_pseudo_locale() -> None:
    assert texts.languages() == ("en", "zh")
    assert texts.languages(pseudo=True) == ("en", "xx", "zh")
    assert [texts.language_name(lang) for lang in texts.languages()] == ["English", "中文"]


def _template() -> list[tuple[str | None, str]]:
    return [(e.context, e.msgid) for e in entries((texts.locales_dir() / "mcr.pot").read_text(encoding="utf-8"))
            if e.msgid]


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_of_the_template_is_translated(lang: str) -> None:
    """A new or reworded English text fails here until `make texts-update` and a translator gave it."""
    template = _template()
    assert len(template) > 300
    have = texts.catalogue(lang)
    assert [k for k in template if k not in have] == []
    assert [k for k in have if k not in set(template)] == []  # an entry the code no longer has


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_the_same_in_every_language(lang: str) -> None:
    wrong = {(ctx, msgid): (sorted(texts.placeholders(msgid)), sorted(texts.placeholders(msgstr)))
             for (ctx, msgid), msgstr in texts.catalogue(lang).items()
             if texts.placeholders(msgid) != texts.placeholders(msgstr)}
    assert wrong == {}


def test_the_pseudo_locale_wraps_every_template_entry() -> None:
    xx = texts.catalogue("xx")
    assert {k: v for k, v in xx.items() if v != f"⟦{k[1]}⟧"} == {}


def test_the_template_is_up_to_date_with_the_code() -> None:
    """`make texts-extract` was run after the last change of a text in the code."""
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_texts
    finally:
        sys.path.remove(str(ROOT / "tools"))
    made = [(m.context, m.id) for m in make_texts.template() if m.id]
    assert sorted(made, key=str) == sorted(_template(), key=str)


def test_the_po_reader_reads_what_babel_reads() -> None:
    babel_po = pytest.importorskip("babel.messages.pofile")
    for lang in LANGS:
        with texts.po_path(lang).open("rb") as f:
            cat = babel_po.read_po(f)
        theirs = {(m.context, m.id): m.string for m in cat if m.id and m.string and not m.fuzzy}
        assert dict(texts.catalogue(lang)) == theirs


@pytest.mark.parametrize(("env", "lang"), [
    ({}, "en"),
    ({"LANG": "zh_CN.UTF-8"}, "zh"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "zh", "LANG": "C"}, "zh"),
    ({"LANGUAGE": "de:zh_TW", "LANG": "en_GB.UTF-8"}, "zh"),
    ({"LANGUAGE": "de", "LC_ALL": "zh_CN.UTF-8"}, "zh"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"),
    ({"LC_MESSAGES": "zh_SG", "LANG": "en_US"}, "zh"),
    ({"LANGUAGE": "en", "LANG": "zh_CN.UTF-8"}, "en"),
])
def test_the_command_line_language_follows_the_environment_in_gettext_order(env: dict[str, str], lang: str) -> None:
    assert texts.env_language(env) == lang


@pytest.mark.parametrize(("header", "lang"), [
    (None, "en"), ("", "en"), ("zh-CN,zh;q=0.9,en;q=0.8", "zh"), ("en-US,en;q=0.9,zh;q=0.8", "en"),
    ("de-DE,de;q=0.9,zh-Hans;q=0.5", "zh"), ("fr", "en"), ("*", "en"), ("zh;q=0, en", "en"), ("zh-TW", "zh"),
])
def test_the_api_language_follows_accept_language(header: str | None, lang: str) -> None:
    assert texts.accept_language(header) == lang


def test_a_refusal_in_each_language_keeps_its_code_and_english() -> None:
    e = TournamentError(code="no_session", session=3, sessions=2)
    assert e.in_language("en") == e.message == "session 3 does not exist (this tournament has sessions 1–2)"
    assert e.in_language("zh") == "第 3 局不存在（本比赛共 2 局）。"
    assert e.in_language("xx") == "⟦session 3 does not exist (this tournament has sessions 1–2)⟧"
    assert e.to_json("zh") == {"code": "no_session", "message": "第 3 局不存在（本比赛共 2 局）。"}
    i = InputError("winner", code="not_a_player_number", value="x")
    assert i.to_json("zh") == {"code": "not_a_player_number", "message": "'x' 不是选手编号。", "field": "winner"}
    assert i.to_json() == {"code": "not_a_player_number", "message": "\"winner\": 'x' is not a player number",
                           "field": "winner"}
    free = TournamentError("said in free words")
    assert free.in_language("zh") == "said in free words"


def test_parts_switches_and_nested_refusals_are_said_in_the_language() -> None:
    from db.errors import BackupError, DatabaseFileGoneError

    assert render("seating_incomplete", {"missing": ["3", "4"], "extra": [], "twice": ["7"]}, "zh") == \
        "座位表须包含每名参赛选手各一次；缺少 3、4；重复 7"
    gone = DatabaseFileGoneError(code="database_file_gone", name="a.mcr", replaced=True)
    assert gone.in_language("zh").startswith("a.mcr 在打开期间被另一个文件替换")
    inner = TournamentError(code="output_folder_missing", name="b.mcr", folder="/x")
    outer = BackupError(code="second_backup_refused", refusal=inner)
    assert outer.message == "second backup folder: could not write b.mcr: the folder /x does not exist"
    assert outer.in_language("zh") == "第二备份文件夹：无法写入 b.mcr：文件夹 /x 不存在。"


def test_causes_said_by_the_store_are_translated_without_matching_english() -> None:
    import errno

    from db.storage.files import describe_os_error

    cause = describe_os_error(OSError(errno.ENOSPC, "No space left on device"))
    e = TournamentError(code="output_failed", name="r.pdf", cause=cause)
    assert e.message == "could not write r.pdf: no space left on device"
    assert e.in_language("zh") == "无法写入 r.pdf：磁盘空间不足。"
    strange = TournamentError(code="output_failed", name="r.pdf", cause="a driver's own words")
    assert strange.in_language("zh") == "无法写入 r.pdf：a driver's own words。"  # the system's words as they are


def test_a_missing_database_is_refused_in_chinese_on_the_command_line(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("mcr-tournament")
    out = subprocess.run([str(exe), "--db", "missing.mcr", "standings"], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path, env={**os.environ, "LANGUAGE": "zh"})
    assert out.returncode == 1
    assert out.stderr == "mcr-tournament: missing.mcr：数据库不存在；请用 init（或 import、demo）创建。\n"
    assert not (tmp_path / "missing.mcr").exists()


def test_command_line_refusals_in_the_pseudo_locale_are_all_wrapped(tmp_path: Path, monkeypatch) -> None:
    from web.cli import main

    monkeypatch.setenv("LANGUAGE", "xx")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.csv").write_text("number,name\n1,A\n", encoding="utf-8")
    said = []
    for argv in (["--db", "missing.mcr", "standings"], ["--db", "t.mcr", "init", "--name", "X"],
                 ["--db", "t.mcr", "init", "--name", "X"], ["--db", "t.mcr", "seat", "1"],
                 ["--db", "t.mcr", "players", "import", "p.csv"], ["--db", "t.mcr", "seat", "1"],
                 ["--db", "t.mcr", "seating", "9"], ["--db", "foo://bar", "standings"]):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            main(argv)
        said.append(err.getvalue())
    refusals = [s for s in said if s]
    assert len(refusals) >= 5, said
    for text in refusals:
        for line in text.splitlines():
            body = line.removeprefix("mcr-tournament: ")
            assert body.startswith("⟦") and body.endswith("⟧"), line


def test_mcr_score_refusals_and_help_in_the_pseudo_locale_are_all_wrapped(monkeypatch) -> None:
    import re

    from web.score_cli import main

    monkeypatch.setenv("LANGUAGE", "xx")
    monkeypatch.setenv("COLUMNS", "1000")  # one help text a line
    said = []
    for argv in ([], ["garbage"], ["[789m2][777s3][234s3]89sEE7s", "--waits"], ["--stream", "x"],
                 ["x", "--seat", "Q"], ["1112345678999m1m", "--flowers", "9"]):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()), \
                contextlib.suppress(SystemExit):
            assert main(argv) == 1
        said.append(err.getvalue())
    for text in said:
        lines = [line for line in text.splitlines() if line.startswith("mcr-score: ")]
        assert len(lines) == 1, text
        body = lines[0].removeprefix("mcr-score: ")
        assert body.startswith("⟦") and body.endswith("⟧"), text
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["--help"])
    help_lines = [line for line in out.getvalue().splitlines() if line.strip()]
    assert help_lines[0].startswith("⟦usage: ⟧mcr-score ")
    for line in help_lines[1:]:
        if not line.startswith(" "):  # the description, the groups' titles
            assert line.removesuffix(":").startswith("⟦") and line.removesuffix(":").endswith("⟧"), line
            continue
        words = re.split(r"\s{2,}", line.strip())[-1]  # the option's help after its syntax
        if not words.startswith("-") and words != "notation":
            assert words.startswith("⟦") and words.endswith("⟧"), line


def test_every_refusal_code_renders_in_chinese_with_its_english_parameters() -> None:
    """Each Chinese template formats with the parameters its English names (no KeyError at the worst time)."""
    import string

    for code, template in MESSAGES.items():
        if not isinstance(template, str):
            continue
        params = {name.split(".")[0].split("[")[0]: 1 for _, name, _, _ in string.Formatter().parse(template) if name}
        assert render(code, params, "zh") != render(code, params, "en"), code


def test_no_english_refusal_template_holds_chinese() -> None:
    """Chinese lives in zh's .po only (call_taken once ended in "… / 该呼叫已由 {referee} 接手")."""
    import re

    from db.messages import Parts, Switch

    cjk = re.compile(r"[\u4e00-\u9fff]")
    for code, template in MESSAGES.items():
        pieces = template.pieces().values() if isinstance(template, Parts | Switch) else [template]
        for piece in pieces:
            assert not (isinstance(piece, str) and cjk.search(piece)), code


def test_a_call_refusal_says_the_calls_status_in_the_language_and_keeps_the_english_word() -> None:
    from db.service.calls import CallReason, _status_word

    e = TournamentError(code="call_closed", call=3, status=_status_word("resolved"))
    assert e.params["status"] == "resolved"
    assert e.in_language("en") == "call 3 is already resolved"
    assert e.in_language("zh") == "第 3 号呼叫已处理。"
    assert CallReason.DISPUTE.en == "Dispute over a hand" and CallReason.DISPUTE.zh == "对一盘有争议"


def test_the_table_pages_call_words_and_reasons_come_with_its_texts() -> None:
    from web.api.page_texts import page_texts

    zh, en = page_texts("zh")["texts"], page_texts("en")["texts"]
    assert zh["Call referee"] == "呼叫裁判" and zh["Wrong tiles / kong"] == "牌张或杠有误"
    assert en["Call referee"] == "Call referee" and en["Dispute over a hand"] == "Dispute over a hand"
