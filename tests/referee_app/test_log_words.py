"""The Log in words (referee_app/log_words.py) and the notation's z_digit problem come from the catalogue:
Chinese from zh's .po, and every word bracketed in the pseudo-locale (docs/texts.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from referee_app.hand_errors import hand_problem
from referee_app.i18n import LANG
from referee_app.log_words import change_text, what_text
from scoring.errors import HandError
from scoring.notation import parse_hand


@pytest.fixture
def language() -> Iterator[None]:
    yield
    LANG.set("en")


def test_the_log_says_places_and_changes_in_chinese_with_the_glossarys_terms(language: None) -> None:
    stored = json.dumps({"type": "draw", "after_hand": 3, "signed_off": True})
    LANG.set("zh")
    assert what_text("session 1 table 3 hand 2") == "第 1 局第 3 桌第 2 盘"
    assert what_text("session 2 table 4 time called") == "第 2 局第 4 桌 到时"
    assert what_text("player 12 replaces 7 from session 3") == "选手 12 从第 3 局起替换 7"
    assert change_text(stored) == "荒牌 · 已签字确认 是 · 到时于第几盘后 3"
    assert change_text(json.dumps({"settlement": "others"})) == "处理 分给其他三家"
    LANG.set("en")
    assert what_text("session 1 table 3 hand 2") == "session 1 table 3 hand 2"
    assert change_text(stored) == "draw · signed off yes · time called after hand 3"


def test_every_word_of_the_log_comes_from_the_catalogue(language: None) -> None:
    LANG.set("xx")
    assert what_text("session 1 table 3 hand 2") == "⟦session 1 table 3 hand 2⟧"
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
    """Issue 34 §15: the Log showed "elapsed_s 0", "原因 dispute", "penalty_id 3", "clock ended" as stored."""
    import re

    from db import queries
    from db.profiles import Settlement
    from db.service import calls, clock
    from db.service.outcomes import PenaltyInput
    from db.service.results import record_penalty
    from db.store import open_database
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
            calls.set_public_settings(s, hide_standings_after=1)
        with db.reader() as s:
            log = [e for e in queries.audit_log(s) if e.action in ("clock", "record", "call", "call_resolve",
                                                                 "public_page")]
    LANG.set("zh")
    said = [(what_text(e.what), change_text(e.before), change_text(e.after)) for e in log]
    words = " ".join(" ".join(x) for x in said)
    assert len(log) >= 7
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", words), words  # no snake_case key or value left
    for raw in ("dispute", "started", "paused", "resumed", "ended", "open", "resolved", "players' page"):
        assert not re.search(rf"\b{re.escape(raw)}\b", words), (raw, words)
    assert "原因 对一盘有争议" in words and "第 1 局计时结束" in words
