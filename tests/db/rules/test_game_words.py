"""The words of a game system's result lines come through the seam (``GameSystem.wording``): each system names the
catalogue's set of words its lines' kinds are said in, and no caller picks them by the system's family (issue 33)."""

from __future__ import annotations

import pytest

from db.rules import game_words
from scoring.systems import SYSTEMS, game_system

GAME_PROFILES = [name for name, make in SYSTEMS.items() if make().shape == "game"]


@pytest.mark.parametrize("profile", GAME_PROFILES)
def test_every_game_system_names_a_wording_with_a_word_for_each_of_its_line_kinds(profile: str) -> None:
    system = game_system(profile)
    kinds = system.outcomes({})
    assert system.wording in game_words.WORDINGS
    assert kinds and all(game_words.has_outcome(k, system.wording) for k in kinds)


def test_a_systems_wording_says_its_kinds_in_its_own_words() -> None:
    riichi, guangdong = game_system("riichi-ema2016").wording, game_system("guangdong-tuidaohu").wording
    assert game_words.outcome("ron", riichi).msgid == "Ron"
    assert game_words.outcome("ron", guangdong).msgid == "Win on a discard"
    # Sichuan's line of events and Hebei's draw: the Chinese systems' words, whatever their family
    assert game_words.outcome("hand", game_system("sichuan-xuezhan").wording).msgid == "Hand"
    assert game_words.outcome("draw", game_system("hebei").wording).msgid == "Draw"


def test_a_kind_without_a_word_is_said_as_it_is() -> None:
    assert not game_words.has_outcome("pass", "chinese")
    assert game_words.outcome("pass", "chinese").msgid == "pass"
