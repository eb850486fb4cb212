"""The organiser's values' lines (what each is, why the source leaves it open) in the reader's language: in
English word for word the rule system's own line (``missing_rules``, ``optional_rules``: the JSON of
``settings``), in Chinese the catalogue's."""

from __future__ import annotations

import re

import pytest

from db.rules.game_words import rule_value_why
from scoring.systems import system as rule_system

PROFILES = ("guiyang-zhuoji", "guangdong-jipinghu")


def _lines(profile: str) -> list[tuple[str, str]]:
    system = rule_system(profile)
    return [*system.missing_rules({}), *((n, why) for n, _v, why in system.optional_rules({}))]


@pytest.mark.parametrize("profile", PROFILES)
def test_each_values_line_in_english_is_the_rule_systems_own(profile: str) -> None:
    lines = _lines(profile)
    assert lines
    for name, why in lines:
        assert rule_value_why(name, why, "en") == why, name


@pytest.mark.parametrize("profile", PROFILES)
def test_each_values_line_is_said_in_chinese(profile: str) -> None:
    for name, why in _lines(profile):
        zh = rule_value_why(name, why, "zh")
        assert zh != why, name
        # Chinese words, not the English line's: no English word of three letters or more is left
        assert not re.search(r"[A-Za-z]{3,}", zh), (name, zh)


def test_a_value_the_catalogue_does_not_know_keeps_the_systems_line() -> None:
    assert rule_value_why("some_new_value", "its line", "zh") == "its line"
