"""The Riichi entry's model on real hands: every figure is the scorer's (``scoring.riichi.score``), the
refusals are said in words, and ``to_line`` is the ``mcr-score --rules riichi-*`` input object."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee_app.base.tile_state import Mode
from referee_app.entry.riichi_vm import RiichiContext, RiichiEntryModel
from scoring import tiles as T
from scoring.riichi import EMA_2016, TENHOU, answer

PINFU = "234m45655p789s23s4s"  # 234m 456p 55p 789s, 23s waiting on 1s-4s, won on 4s
PLAYERS = ("Ann", "Bob", "Chen", "Dora")


def model(preset=EMA_2016, **context) -> RiichiEntryModel:
    return RiichiEntryModel(RiichiContext(preset, **{"seat": "S", "players": PLAYERS, **context}))


def payments(vm: RiichiEntryModel) -> dict[str, int]:
    return {p.label: p.delta for p in vm.preview.payments}


def yaku(vm: RiichiEntryModel) -> dict[str, tuple[int, tuple[str, ...]]]:
    return {y.id: (y.han, y.tiles) for y in vm.preview.yaku}


def test_a_pinfu_ron_is_scored_by_the_scorer_with_the_discarder_paying():
    vm = model()
    assert vm.set_notation(PINFU)
    vm.set_ron("W")
    p = vm.preview
    assert p.result is not None and p.can_confirm
    assert (p.result.han, p.result.fu, p.result.limit) == (1, 30, None)
    assert list(yaku(vm)) == ["pinfu"]
    assert str(p.figures()) == "1 han 30 fu"
    assert [(str(words), fu) for words, fu in p.fu_parts] == [("base", 30)]
    assert payments(vm) == {"Ann": 0, "Bob": 1000, "Chen": -1000, "Dora": 0}


def test_a_tsumo_pays_the_honba_and_takes_the_deposits_on_the_table():
    vm = model(seat="E", honba=2, deposits=1)  # the dealer: 2 han 20 fu (pinfu, tsumo), 700 all
    vm.set_notation(PINFU)
    vm.set_tsumo()
    assert set(yaku(vm)) == {"pinfu", "menzen_tsumo"}
    # 700 + 2 honba × 100 from each, and the 1,000 stick on the table
    assert payments(vm) == {"Ann": 3 * 900 + 1000, "Bob": -900, "Chen": -900, "Dora": -900}


def test_a_red_five_under_tenhou_is_a_dora_of_its_own():
    vm = model(TENHOU)
    assert vm.set_notation("234m40655p789s23s4s")
    assert vm.notation() == "234m23789s40556p4s"  # the 0 stays where it was written
    assert [(r.five, r.place) for r in vm.reds] == [(T.tile("5p"), "standing")]
    vm.set_ron("N")
    assert yaku(vm)["aka_dora"] == (1, ("0p",))
    assert vm.preview.result is not None and vm.preview.result.han == 2


def test_a_red_five_is_refused_in_words_under_ema_2016_and_not_offered_in_the_picker():
    vm = model(EMA_2016)
    vm.set_notation(PINFU)
    assert not vm.set_notation("406m45655p789s23s4s")
    assert str(vm.notation_error) == "this rule set has no red fives: write the five as 5, not 0"
    assert vm.notation_error.in_language("zh") != str(vm.notation_error)  # said in Chinese too
    assert vm.notation() == "234m23789s45556p4s"  # the hand stays as it was
    assert vm.red_tiles == () and not vm.can_add(34) and not vm.click_tile(34)


def test_a_hand_without_yaku_is_refused_with_the_scorers_words():
    vm = model()
    vm.set_notation("[234m1]45655p789s23s4s")  # open: no pinfu, no riichi, 789s keeps tanyao out
    vm.set_ron("W")
    p = vm.preview
    assert p.result is None and not p.can_confirm and not p.progress
    assert str(p.message) == "the hand has no yaku (dora alone do not count)"
    assert p.message is not None and p.message.in_language("zh") != str(p.message)
    assert p.payments == ()


def test_dora_and_ura_indicators_are_counted_under_riichi():
    vm = model()
    vm.set_notation(PINFU)
    vm.set_ron("W")
    vm.set_flag("riichi", True)
    assert vm.add_indicator("dora", T.tile("3p"))  # dora 4p: one in the hand
    assert vm.add_indicator("ura", T.tile("1s"))  # ura 2s: one
    assert yaku(vm)["dora"] == (1, ("4p",))
    assert yaku(vm)["ura_dora"] == (1, ("2s",))
    assert vm.preview.result is not None and vm.preview.result.han == 4  # riichi, pinfu, dora, ura
    assert payments(vm)["Bob"] == 7700


def test_ura_indicators_without_riichi_are_refused_in_words():
    vm = model()
    vm.set_notation(PINFU)
    vm.set_ron("W")
    vm.add_indicator("ura", T.tile("1s"))
    assert str(vm.preview.message) == "ura dora indicators count only for a winner in riichi"


def test_nothing_is_scored_before_ron_or_tsumo_is_chosen():
    vm = model()
    vm.set_notation(PINFU)
    assert vm.preview.result is None and vm.preview.progress
    assert str(vm.preview.message) == "Choose ron (from whom) or tsumo."
    with pytest.raises(ValueError):
        vm.set_ron("S")  # the winner did not discard to themself


def test_to_line_is_the_scorers_input_object_and_scores_the_same():
    vm = model(TENHOU, seat="W", round="S", honba=1, deposits=2)
    vm.set_notation("234m40655p789s23s4s")
    vm.set_ron("E")
    vm.set_flag("riichi", True)
    vm.add_indicator("dora", 35)  # the red 5s as an indicator: dora 6s
    line = vm.to_line()
    assert line == {"hand": "234m23789s40556p4s", "win": "ron", "discarder": "E", "dora": ["0s"], "ura": [],
                    "riichi": True, "double_riichi": False, "ippatsu": False, "haitei": False, "houtei": False,
                    "rinshan": False, "chankan": False, "tenhou": False, "chiihou": False}
    scored = answer({**line, "seat": "W", "round": "S", "honba": 1, "deposits": 2}, TENHOU)
    assert vm.preview.result is not None
    assert scored == vm.preview.result.to_json()
    vm.set_tsumo()
    assert vm.to_line()["win"] == "tsumo" and "discarder" not in vm.to_line()


def test_the_seats_winds_count_from_the_dealer():
    vm = model(seat="S", dealer="S")  # Bob deals: he is East this hand, Chen South, Ann North
    vm.set_notation(PINFU)
    vm.set_ron("N")
    assert vm.situation().seat == "E" and vm.situation().discarder == "W"
    assert payments(vm) == {"Ann": 0, "Bob": 1500, "Chen": 0, "Dora": -1500}  # a dealer's 1 han 30 fu
    assert [p.wind for p in vm.preview.payments] == ["N", "E", "S", "W"]


def test_clicking_a_red_five_adds_the_five_red_once_per_suit():
    vm = model(TENHOU)
    assert vm.red_tiles == (34, 35, 36)
    assert vm.click_tile(34)  # 0m, a standing tile
    assert vm.notation() == "0m" and vm.copies()[34] == 1 and vm.copies()[T.tile("5m")] == 1
    assert not vm.can_add(34)  # one red 5m
    vm.set_mode(Mode.PUNG)
    assert vm.click_tile(36)  # a pung of 5p holding the red one
    assert vm.notation() == "[055p1]0m"
    vm.set_mode(Mode.TILE)
    vm.remove_meld(0)
    assert vm.notation() == "0m" and vm.can_add(36)  # the red 5p went with its pung
    for _ in range(3):
        assert vm.click_tile(T.tile("5p"))
    assert not vm.can_add(T.tile("5p")) and vm.can_add(36)  # of four fives of dots, one is the red one


def test_indicators_come_from_the_picker_while_a_row_is_the_target():
    vm = model(TENHOU)
    vm.set_target("dora")
    assert vm.click_tile(T.tile("E")) and vm.click_tile(36)
    assert vm.dora == (T.tile("E"), 36) and vm.notation() == ""  # the hand is untouched
    vm.set_target(None)
    vm.click_tile(T.tile("E"))
    assert vm.notation() == "E"
    vm.remove_indicator("dora", 0)
    assert vm.dora == (36,)


def test_the_typed_notation_keeps_red_fives_in_melds_and_on_the_winning_tile():
    vm = model(TENHOU)
    assert vm.set_notation("[406m][505p]234s789s5s0s")
    assert vm.notation() == "[406m][055p]2345789s0s"
    places = {T.name(r.five): r.place for r in vm.reds}
    assert places["5s"] == "win" and places["5m"] == vm.melds[0] and places["5p"] == vm.melds[1]
    assert [g for g, _tag in vm.hand_groups()][-1] == (35,)  # drawn as the red 5s


def test_a_yakuman_is_named_with_its_count_and_paid_as_the_preset_says():
    ema, tenhou = model(EMA_2016), model(TENHOU)
    for vm in (ema, tenhou):
        vm.set_notation("EEESSSWWWNNN1m1m")  # big four winds and four concealed triplets, single wait
        vm.set_tsumo()
    assert str(ema.preview.figures()) == "Yakuman" and payments(ema)["Bob"] == 32_000  # EMA: one, never more
    assert str(tenhou.preview.figures()) == "Yakuman ×4" and payments(tenhou)["Bob"] == 128_000
    assert tenhou.preview.figures().in_language("zh") == "役满 ×4"


def test_the_context_is_a_frozen_value():
    c = RiichiContext(TENHOU, seat="E")
    assert replace(c, honba=3) != c and hash(c) == hash(RiichiContext(TENHOU, seat="E"))
