"""The desk's hand model against the table of tile-entry cases the phone's is held to too
(tests/fixtures/hand_entry_cases.json; docs/table-page.md "One table of hands for the phone and the desk")."""

from __future__ import annotations

from typing import Any

import pytest

from referee_app.entry.hand_vm import HandEntryModel, Mode, tile_count
from scoring import tiles as T
from scoring.model import MeldKind
from scoring.notation import parse_hand
from tests.hand_entry_cases import action, all_tiles, cases, problems

MELD_NAMES = {MeldKind.CHOW: "chow", MeldKind.PUNG: "pung", MeldKind.MELDED_KONG: "kong",
              MeldKind.CONCEALED_KONG: "concealed_kong"}


def _do(model: HandEntryModel, step: dict[str, Any]) -> bool:
    """The step done at the desk; whether a tap was refused."""
    what, arg = action(step)
    if what == "mode":
        model.set_mode(Mode(arg))
    elif what == "tap":
        return not model.click_tile(T.tile(arg))
    elif what == "take":
        model.remove_standing_tile(T.tile(arg))
    elif what == "take_meld":
        model.remove_meld(arg)
    elif what == "take_winning":
        model.remove_winning()
    elif what == "undo":
        model.undo()
    else:
        model.clear()
    return False


def _seen(model: HandEntryModel, refused: bool) -> dict[str, Any]:
    return {
        "refused": refused,
        "count": tile_count(model.melds, model.standing, model.winning),
        "melds": [[MELD_NAMES[m.kind], T.name(m.tile)] for m in model.melds],
        "standing": [T.name(k) for k in sorted(model.standing)],
        "winning": None if model.winning is None else T.name(model.winning),
        "greyed": [name for k, name in enumerate(all_tiles()) if not model.can_add(k)],
        "notation": model.notation(),
    }


def same_hand(expected: str, written: str) -> bool:
    """The desk writes the default offer digits the phone leaves out ([123m1] for [123m]): the same hand,
    the same melds, standing tiles and winning tile (the offer never changes the score, NOTATION.md)."""
    def hand(text: str) -> tuple[Any, ...]:
        h = parse_hand(text)
        return tuple((m.kind, m.tile) for m in h.melds), tuple(sorted(h.standing)), h.winning

    return hand(expected) == hand(written)


@pytest.mark.parametrize("case", cases(), ids=lambda c: c["name"])
def test_the_desk_enters_tiles_as_the_shared_cases_say(case: dict[str, Any]) -> None:
    model = HandEntryModel()
    seen = [_seen(model, _do(model, step)) for step in case["steps"]]
    assert problems(case, seen, same_hand) == []


def test_a_notation_of_another_hand_is_not_the_same_hand() -> None:
    assert same_hand("[CCC]123456789mWW", "[CCC1]123456789mWW")
    assert not same_hand("[CCC]123456789mWW", "[CCCC]123456789mW")  # a concealed kong, not a pung
    assert not same_hand("123456789m2345p5p", "123456789m2355p4p")  # another winning tile
