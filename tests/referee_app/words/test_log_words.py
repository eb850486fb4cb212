"""The Log in words (referee_app/words/log_words.py) and the notation's z_digit problem come from the catalogue:
Chinese from zh's .po, and every word bracketed in the pseudo-locale (docs/texts.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime

import pytest

from db.audit_what import What, at_table, time_called
from db.read.views import AuditEntry
from referee_app.words.hand_errors import hand_problem
from referee_app.words.i18n import LANG
from referee_app.words.log_words import change_text, what_text
from scoring.errors import HandError
from scoring.notation import parse_hand


@pytest.fixture
def language() -> Iterator[None]:
    yield
    LANG.set("en")


def test_the_log_says_places_and_changes_in_chinese_with_the_glossarys_terms(language: None) -> None:
    stored = json.dumps({"type": "draw", "after_hand": 3, "signed_off": True})
    LANG.set("zh")
    assert what_text(_entry(at_table(1, 3, 2))) == "第 1 局第 3 桌第 2 盘"
    assert what_text(_entry(time_called(2, 4))) == "第 2 局第 4 桌 到时"
    assert what_text(_entry(What("substitute", 3, player="12", params={"other": "7"}))) == "选手 12 从第 3 局起替换 7"
    assert change_text(stored) == "荒牌 · 已签字确认 是 · 到时于第几盘后 3"
    assert change_text(json.dumps({"settlement": "others"})) == "处理 分给其他三家"
    LANG.set("en")
    assert what_text(_entry(at_table(1, 3, 2))) == "session 1 table 3 hand 2"
    assert change_text(stored) == "draw · signed off yes · time called after hand 3"


def _entry(what: What, text: str | None = None) -> AuditEntry:
    """An entry about ``what`` as the store reads it back; ``text``: its stored English, if not the writer's."""
    return AuditEntry(1, datetime(2026, 12, 6, 12, 0), "", "", "record", what.english if text is None else text,
                      None, None, None, what.session, what.table, what.hand, what.player, what.code,
                      dict(what.params) or None)


def test_the_place_is_said_from_the_entrys_columns_not_from_its_english(language: None) -> None:
    """The stored English is never read back: an entry whose ``what`` is garbage is said right from its place
    and code, in every language; one whose code this version does not know shows its text as it is."""
    garbled = _entry(at_table(1, 2, 3), text="#?! garbage")
    for lang, said in (("en", "session 1 table 2 hand 3"), ("zh", "第 1 局第 2 桌第 3 盘"),
                       ("xx", "⟦session 1 table 2 hand 3⟧")):
        LANG.set(lang)
        assert what_text(garbled) == said
        assert what_text(_entry(What("clock_minutes", 2, params={"minutes": -5}), text="x")) == {
            "en": "session 2 clock -5 min", "zh": "第 2 局计时 -5 分钟", "xx": "⟦session 2 clock -5 min⟧"}[lang]
    LANG.set("zh")
    newer = replace(garbled, what="written by a newer version", what_code="frobnicated")
    assert what_text(newer) == "written by a newer version"
    assert what_text(replace(garbled, what="kept", what_params={"unexpected": 1}, hand=None, what_code="penalty")) \
        == "kept"  # its parameters do not fit the template: as stored


def test_every_word_of_the_log_comes_from_the_catalogue(language: None) -> None:
    LANG.set("xx")
    assert what_text(_entry(at_table(1, 3, 2))) == "⟦session 1 table 3 hand 2⟧"
    said = change_text(json.dumps({"type": "win", "winner": 5, "self_drawn": True, "fan": 24}))
    assert said == "⟦win⟧ · ⟦winner⟧ 5 · ⟦self-drawn⟧ · ⟦fan⟧ 24"


def test_honours_written_with_a_wrong_z_digit_are_explained_in_chinese(language: None) -> None:
    with pytest.raises(HandError) as caught:
        parse_hand("123m456p789s11z8z")
    LANG.set("zh")
    said = hand_problem(caught.value)
    assert said.startswith("第 ") and "字牌写作 1z–7z" in said and "honours" not in said
    LANG.set("en")
    assert "honours are written 1z–7z" in hand_problem(caught.value)


def test_the_clock_the_calls_and_the_players_page_leave_no_stored_key_in_the_chinese_log(language: None,
                                                                                          tmp_path) -> None:
    """The Log showed "elapsed_s 0", "原因 dispute", "penalty_id 3", "clock ended" as stored."""
    import re

    from db.read import queries
    from db.rules.profiles import Settlement
    from db.service import calls, clock, public_page
    from db.service.outcomes import PenaltyInput
    from db.service.results import record_penalty
    from db.storage.store import open_database
    from tests.db.helpers import make_tournament

    with open_database(tmp_path / "t.mcr", create=True) as db:
        make_tournament(db)
        with db.factory.begin() as s:
            clock.start_clock(s, 1)
            clock.pause_clock(s, 1)
            clock.resume_clock(s, 1)
            clock.end_clock(s, 1)
            pid = record_penalty(s, 1, 1, PenaltyInput("1", 60, Settlement.OTHERS, kind="false_win_not_ready"))
            c = calls.call_referee(s, 1, 1, "dispute", "East claims 8")
            calls.resolve_call(s, c.id, "no win", penalty=pid, referee="Ann")
            public_page.set_public_settings(s, hide_standings_after=1)
        with db.reader() as s:
            log = [e for e in queries.audit_log(s) if e.action in ("clock", "record", "call", "call_resolve",
                                                                 "public_page")]
    LANG.set("zh")
    said = [(what_text(e), change_text(e.before), change_text(e.after)) for e in log]
    words = " ".join(" ".join(x) for x in said)
    assert len(log) >= 7
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", words), words  # no snake_case key or value left
    for raw in ("dispute", "started", "paused", "resumed", "ended", "open", "resolved", "players' page"):
        assert not re.search(rf"\b{re.escape(raw)}\b", words), (raw, words)
    assert "原因 对一盘有争议" in words and "第 1 局计时结束" in words


def test_log_actions_in_words_both_languages(qtbot, window):
    from referee_app.models import AuditModel

    window.go("Log")
    page = window.pages["Log"]
    m = page.model
    shown = {m.data(m.index(r, AuditModel.COL_ACTION)) for r in range(m.rowCount())}
    assert "Player added" in shown and "player_add" not in shown
    assert page.action.findText("Player added") >= 0 and page.action.itemData(page.action.findText("Player added")) \
        == "player_add"
    LANG.set("zh")
    page.refresh()
    shown = {m.data(m.index(r, AuditModel.COL_ACTION)) for r in range(m.rowCount())}
    assert "添加选手" in shown
