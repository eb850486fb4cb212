"""The organiser's values for a Guiyang 捉鸡 event: the chickens' payments, which source 003 does not give.

Source 003 names the system 捉鸡 (catch the chicken) but never says what a chicken (鸡, the 1 of bamboo) pays;
public texts disagree (docs/rule-systems.md "Guiyang 捉鸡"). So the three values have no default: the
organiser types them in the settings, and no hand is scored before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.organiser_values import missing_names, unknown_problem, whole_problem

__all__ = ["PROFILE", "REQUIRED", "GuiyangRules", "missing", "rules_problem", "rules_with"]

PROFILE = "guiyang-zhuoji"

# (value name, what it is and why the source leaves it open): the settings page shows these lines.
REQUIRED: tuple[tuple[str, str], ...] = (
    ("chicken", "What each other player pays, in 番, for each chicken (幺鸡, the 1 of bamboo) counted to a "
                "player at the end of the hand: source 003 names the game 捉鸡 but never says what a chicken "
                "pays, and public rule texts pay it differently."),
    ("charging_chicken", "What each other player pays, in 番, the player who discarded the hand's first 幺鸡 "
                         "when nobody claimed it (冲锋鸡): not in source 003, and public rule texts differ on its "
                         "value and on whether it is played (0: not played)."),
    ("responsible_chicken", "What the player who threw the hand's first 幺鸡 pays, in 番, the player who claimed it "
                            "(责任鸡): not in source 003, and public rule texts differ on its value and on "
                            "whether it is played (0: not played)."),
)
NAMES = tuple(name for name, _ in REQUIRED)


def optional(rules: Mapping[str, Any]) -> tuple[tuple[str, Any, str], ...]:
    """The values with a default the organiser may change: none (every Guiyang value is the organiser's)."""
    return ()


@dataclass(frozen=True, slots=True)
class GuiyangRules:
    """The organiser's values, every one given (``rules_with`` refuses a missing one)."""

    chicken: int
    charging_chicken: int
    responsible_chicken: int


def missing(rules: Mapping[str, Any]) -> tuple[str, ...]:
    """The names of the values the organiser has not typed yet (absent or null)."""
    return missing_names(rules, NAMES)


MOST = 1_000_000  # 番 a chicken pays: a hand's payments stay far within the store's 64-bit whole numbers


def rules_problem(rules: Mapping[str, Any]) -> str | None:
    """What is wrong with the values given (an unknown name, not a whole number 0 or more); a missing value is
    not a problem here: the organiser fills it later."""
    problem = unknown_problem(PROFILE, rules, NAMES)
    for name in NAMES:
        problem = problem or whole_problem(name, rules.get(name), 0, MOST)
    return problem


def rules_with(rules: Mapping[str, Any]) -> GuiyangRules:
    """The organiser's values as one value; ``ValueError`` when one is wrong or missing."""
    problem = rules_problem(rules)
    if problem is None and (gone := missing(rules)):
        problem = f"missing: {', '.join(gone)}"
    if problem is not None:
        raise ValueError(problem)
    return GuiyangRules(**{name: rules[name] for name in NAMES})
