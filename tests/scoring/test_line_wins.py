"""``GameSystem.line_wins``: each game system finds a result line's wins itself, so that a listing (``results list``
as JSON, CSV or text) never reads a system's line shape (issue 33: nothing above the seam knows it)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.systems import game_system

SEATS = {"11": 0, "12": 1, "13": 2, "14": 3}
NUMBERS = {s: n for n, s in SEATS.items()}


def _line(profile: str, obj: dict[str, Any]) -> dict[str, Any]:
    """A line as the store gives it back: read into its record, written again by player number."""
    system = game_system(profile)
    return system.line_of(system.read_line(obj, lambda number, _field: SEATS[number]), NUMBERS.__getitem__)


def _wins(profile: str, obj: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    line = _line(profile, obj)
    return [(w.player, w.part) for w in game_system(profile).line_wins(line)]


@pytest.mark.parametrize("profile", ["riichi-ema2016", "hebei"])
def test_a_ron_lines_wins_are_its_winners_each_its_own_part(profile: str) -> None:
    hand = {"hand": "123456789m11p"} if profile == "hebei" else {"han": 2, "fu": 30}
    obj = {"type": "ron", "discarder": "11", "winners": [{"player": "12", **hand}, {"player": "14", **hand}]}
    if profile.startswith("riichi"):
        obj["riichi"] = []
    line = _line(profile, obj)
    wins = game_system(profile).line_wins(line)
    # in the line's order, each part the very winner's object of the line
    assert [w.player for w in wins] == ["12", "14"]
    assert all(w.part is part for w, part in zip(wins, line["winners"], strict=True))


def test_a_tsumo_lines_win_is_the_line_itself() -> None:
    line = _line("guangdong-tuidaohu", {"type": "tsumo", "winner": "13", "tiles": "123456789m11p123s"})
    (win,) = game_system("guangdong-tuidaohu").line_wins(line)
    assert (win.player, win.part is line) == ("13", True)


@pytest.mark.parametrize("profile", ["riichi-ema2016", "nanchang", "sichuan-xuezhan"])
def test_a_line_without_a_win_has_none(profile: str) -> None:
    obj: dict[str, Any] = {"type": "draw"}
    if profile.startswith("riichi"):
        obj.update({"tenpai": ["11"], "riichi": []})
    if profile == "sichuan-xuezhan":
        obj = {"type": "hand", "events": [{"type": "kong", "player": "12", "kind": "concealed"},
                                          {"type": "wall_end", "ready": [{"player": "11", "fan": 2}], "pigs": []}]}
    assert _wins(profile, obj) == []


def test_sichuans_wins_are_its_win_events_in_the_order_they_were_won() -> None:
    obj = {"type": "hand", "events": [
        {"type": "kong", "player": "13", "kind": "concealed"},
        {"type": "tsumo", "winner": "11", "fan": 0},
        {"type": "ron", "discarder": "13", "winners": [{"player": "14", "fan": 2}, {"player": "12", "fan": 1}]}]}
    line = _line("sichuan-xuezhan", obj)
    wins = game_system("sichuan-xuezhan").line_wins(line)
    events = line["events"]
    assert [w.player for w in wins] == ["11", "14", "12"]  # the ron's winners from the discarder's next player
    assert [w.part for w in wins] == [events[1], *events[2]["winners"]]
    assert wins[0].part is events[1] and wins[1].part is events[2]["winners"][0]
