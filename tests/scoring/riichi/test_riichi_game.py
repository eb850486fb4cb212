"""A Riichi table's game (scoring/riichi/game.py): the 221 real Tenhou games replayed hand by hand, and
each EMA/WRC rule of the game that differs from Tenhou on small hand-made cases (figures from the rule
texts cited in docs/riichi.md "The game")."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest

from scoring.riichi.game import (
    Abortive,
    Chombo,
    Draw,
    Hand,
    Nagashi,
    Ron,
    State,
    Tsumo,
    WinHand,
    final_scores,
    replay,
    session_result,
    settle,
)
from scoring.riichi.presets import EMA_2016, EMA_2025, TENHOU, WRC_2022, RiichiPreset
from tests.scoring.riichi import riichi_games as games

GAMES = games.load_games()


def _outcome(o: dict[str, Any]) -> Any:
    if o["kind"] == "win":
        wins = tuple(WinHand(w["winner"], w["han"], w["fu"], w["yakuman"], w.get("pao")) for w in o["wins"])
        if o["wins"][0]["tsumo"]:
            return Tsumo(wins[0])
        return Ron(o["wins"][0]["from_seat"], wins)
    if o["kind"] == "draw":
        return Draw(frozenset(o["tenpai"]))
    if o["kind"] == "nagashi_mangan":
        return Nagashi(frozenset(o["nagashi"]), frozenset(o["tenpai"]))
    return Abortive(o["draw_type"])


def _tenhou_of(game: dict[str, Any]) -> RiichiPreset:
    """Tenhou's preset for the game's lobby: East-only games (tonpuusen) are 4 rounds; one lobby starts at
    30,000; the games of 2009 show no tenpai-yame (docs/riichi.md "The game")."""
    return dataclasses.replace(TENHOU, start_points=game["start_scores"][0],
                               rounds=8 if game["go_type"]["hanchan"] else 4,
                               tenpai_yame=not game["date"].startswith("200"))


@pytest.mark.skipif(not GAMES, reason="../shared/riichi-games/games.jsonl is not here")
def test_the_real_games_are_all_there() -> None:
    assert len(GAMES) == 221


@pytest.mark.parametrize("game", GAMES, ids=[g["game_id"] for g in GAMES])
def test_real_tenhou_game_replays_as_tenhou_kept_it(game: dict[str, Any]) -> None:
    preset = _tenhou_of(game)
    played = replay([Hand(_outcome(r["outcome"]), tuple(r["riichi"])) for r in game["rounds"]], preset)
    for n, (r, state, result) in enumerate(zip(game["rounds"], played.states, played.results, strict=True)):
        assert (state.round, state.dealer, state.honba, state.deposits, list(state.scores)) == (
            r["round"], r["dealer"], r["honba"], r["riichi_sticks"], r["start_scores"]), f"start of hand {n + 1}"
        assert list(result.changes) == r["score_changes"], f"hand {n + 1}: {r['outcome']}"
        assert list(result.end_scores) == r["end_scores"], f"end of hand {n + 1}"
    assert played.over
    assert [int(s) for s in final_scores(played.state.scores, played.state.deposits, preset)] == game["final_scores"]


# ------------------------------------------------------------------------------- a hand's settlement

E1 = State(round=0, honba=1, deposits=2, scores=(30_000, 30_000, 30_000, 30_000))
# Seat 0 deals and discards; seat 1 wins 3 han 30 fu (3,900), seat 2 wins 2 han 30 fu (2,000).
DOUBLE = Hand(Ron(0, (WinHand(2, han=2, fu=30), WinHand(1, han=3, fu=30))))


def test_ema_several_rons_are_each_paid_by_the_discarder_counters_to_the_nearest() -> None:
    # RCR 2016 3.4.9: the discarder pays the full value of each hand; the honba and deposits: the nearest.
    for preset in (EMA_2016, EMA_2025):
        r = settle(E1, DOUBLE, preset)
        assert r.changes == (-3_900 - 300 - 2_000, 3_900 + 300 + 2_000, 2_000, 0)
        assert (r.next.round, r.next.honba, r.next.deposits) == (1, 0, 0)


def test_the_nearest_winner_is_counted_in_turn_order_from_the_discarder() -> None:
    # Seat 2 discards: seat 3 plays next, so seat 3 is nearer than seat 1.
    hand = Hand(Ron(2, (WinHand(1, han=3, fu=30), WinHand(3, han=2, fu=30))))
    r = settle(E1, hand, EMA_2016)
    assert r.changes == (0, 3_900, -3_900 - 2_000 - 300, 2_000 + 300 + 2_000)


def test_wrc_head_bump_pays_the_nearest_winner_only() -> None:
    # WRC 2015 5.7.6: only the player closer to the discarder in turn order wins.
    r = settle(E1, DOUBLE, WRC_2022)
    assert r.changes == (-3_900 - 300, 3_900 + 300 + 2_000, 0, 0)


def test_tenhou_double_ron_when_the_dealer_is_one_winner_the_dealer_repeats() -> None:
    state = dataclasses.replace(E1, scores=(25_000,) * 4)
    r = settle(state, Hand(Ron(3, (WinHand(0, han=1, fu=30), WinHand(1, han=1, fu=30)))), TENHOU)
    assert r.changes == (1_500 + 300 + 2_000, 1_000, 0, -1_500 - 300 - 1_000)
    assert (r.next.round, r.next.honba, r.next.deposits) == (0, 2, 0)


def test_tenhou_triple_ron_is_an_abortive_draw() -> None:
    hand = Hand(Ron(0, tuple(WinHand(s, han=1, fu=30) for s in (1, 2, 3))), riichi=(2,))
    r = settle(E1, hand, TENHOU)
    assert r.changes == (0, 0, 0, 0)
    assert (r.next.round, r.next.honba, r.next.deposits) == (0, 2, 3)
    assert r.next.scores == (30_000, 30_000, 29_000, 30_000)


def test_tsumo_splits_round_up_to_100_and_honba_is_100_from_each() -> None:
    # 1 han 30 fu non-dealer tsumo: base 240 -> 300 / 500 (rounded up to 100); honba 1: +100 each;
    # the 2 deposits on the table to the winner.
    r = settle(E1, Hand(Tsumo(WinHand(2, han=1, fu=30))), EMA_2016)
    assert r.changes == (-600, -400, 400 + 400 + 600 + 2_000, -400)


def test_totals_only_entry_by_limit_or_by_the_payment() -> None:
    by_limit = settle(E1, Hand(Tsumo(WinHand(2, limit="haneman"))), EMA_2016)
    assert by_limit.changes == (-6_100, -3_100, 12_300 + 2_000, -3_100)
    by_points = settle(E1, Hand(Ron(3, (WinHand(1, points=(7_700, 0)),))), EMA_2016)
    assert by_points.changes == (0, 7_700 + 300 + 2_000, 0, -8_000)


def test_exhaustive_draw_splits_3000_and_counts_a_honba() -> None:
    r = settle(E1, Hand(Draw(frozenset({1})), riichi=(1,)), EMA_2016)
    assert r.changes == (-1_000, 3_000, -1_000, -1_000)
    assert (r.next.round, r.next.honba, r.next.deposits) == (1, 2, 3)


def test_ema_has_no_agari_yame_and_plays_on_below_zero() -> None:
    # South 4, seat 3 deals, is on top and wins: Tenhou stops there (agari-yame), EMA plays on (Pantheon's
    # ema.php has no withLeadingDealerGameOver); after a non-dealer's win both end.
    south4 = State(round=7, honba=0, deposits=0, scores=(20_000, 30_000, 30_000, 40_000))
    dealer_wins = [Hand(Tsumo(WinHand(3, han=1, fu=30)))]
    assert not replay(dealer_wins, EMA_2016, first=south4).over
    assert replay(dealer_wins, TENHOU, first=south4).over
    assert replay([Hand(Tsumo(WinHand(2, han=1, fu=30)))], EMA_2016, first=south4).over
    low = State(round=0, honba=0, deposits=0, scores=(500, 40_000, 40_000, 39_500))
    assert not replay([Hand(Ron(0, (WinHand(1, han=1, fu=30),)))], EMA_2016, first=low).over
    assert replay([Hand(Ron(0, (WinHand(1, han=1, fu=30),)))], TENHOU, first=low).over


# ------------------------------------------------------------------------------- the session result

def test_ema_ties_share_uma() -> None:
    # RCR 2016: tied players share the uma of the places they hold (docs/riichi.md).
    result = session_result((40_000, 30_000, 30_000, 20_000), 0, EMA_2016)
    assert [r.score for r in result] == [25, 0, 0, -25]
    assert [r.place for r in result] == [1, 2, 2, 4]


def test_tenhou_ties_go_by_seat_order_and_oka_to_first() -> None:
    result = session_result((40_000, 30_000, 30_000, 0), 0, TENHOU)
    assert [r.score for r in result] == [10 + 20 + 20, 10, -10, -30 - 20]


def test_ema_tied_firsts_split_the_leftover_deposits() -> None:
    result = session_result((35_000, 35_000, 25_000, 23_000), 2, EMA_2016)
    assert [r.raw for r in result] == [36_000, 36_000, 25_000, 23_000]
    assert [r.score for r in result] == [16, 16, -10, -22]


def test_wrc_shares_uma_but_the_leftover_deposits_go_to_one_first_by_seat_order() -> None:
    result = session_result((35_000, 35_000, 25_000, 23_000), 2, WRC_2022)
    assert [r.raw for r in result] == [37_000, 35_000, 25_000, 23_000]
    assert [r.score for r in result] == [17, 15, -10, -22]


def test_three_way_tie_shares_uma_in_fractions() -> None:
    result = session_result((30_000, 30_000, 30_000, 30_000), 0, dataclasses.replace(
        EMA_2016, uma=(20_000, 10_000, -10_000, -20_000)))
    assert sum(r.score for r in result) == 0
    assert result[0].score == Fraction(0)


def test_chombo_costs_20000_after_uma_and_the_hand_is_replayed() -> None:
    hands = [Hand(Chombo(2), riichi=(1,)), Hand(Draw(frozenset()))]
    played = replay(hands, EMA_2016)
    assert played.states[1] == played.states[0]  # replayed: same round, honba, deposits, scores
    assert played.chombos == (2,)
    result = session_result(played.state.scores, played.state.deposits, EMA_2016, played.chombos)
    assert [r.score for r in result] == [Fraction(15 + 5 - 5 - 15, 4)] * 2 + [-20, 0]
    assert result[2].penalty == -20


# ------------------------------------------------------------------------------- time called

def test_ema_plays_one_more_hand_after_time_wrc_ends_with_the_hand_in_play() -> None:
    draws = [Hand(Draw(frozenset({0})))] * 2  # the dealer repeats: the game would go on
    assert not replay(draws[:1], EMA_2016, time_called_after=1).over
    assert replay(draws, EMA_2016, time_called_after=1).over
    assert replay(draws[:1], WRC_2022, time_called_after=1).over
    with pytest.raises(ValueError, match="after the end"):
        replay(draws, WRC_2022, time_called_after=1)


def test_chombo_in_the_last_hand_after_time_ends_the_game_from_ema_2025() -> None:
    # Time called in hand 1: EMA's last hand is hand 2, WRC's is hand 1.
    hands = [Hand(Draw(frozenset({0}))), Hand(Chombo(1))]
    assert replay(hands, EMA_2025, time_called_after=1).over
    assert not replay(hands, EMA_2016, time_called_after=1).over  # replayed: hand 2 is played again
    assert not replay(hands[1:], EMA_2025, time_called_after=1).over  # hand 1 is not the last: replayed
    assert replay(hands[1:], WRC_2022, time_called_after=1).over


def test_a_dealers_nagashi_without_tenpai_passes_the_deal() -> None:
    # Tenhou treats nagashi mangan as a draw: the dealer repeats only when tenpai (the real games).
    state = State(round=3, honba=0, deposits=0, scores=(25_000,) * 4)
    r = settle(state, Hand(Nagashi(frozenset({3}), frozenset({0}))), TENHOU)
    assert r.changes == (-4_000, -4_000, -4_000, 12_000)
    assert (r.next.round, r.next.honba) == (4, 1)
    r = settle(state, Hand(Nagashi(frozenset({1}), frozenset({3}))), TENHOU)
    assert r.changes == (-2_000, 8_000, -2_000, -4_000)
    assert (r.next.round, r.next.honba) == (3, 1)


@pytest.mark.parametrize(("profile", "last"), [("riichi-ema2016", 6), ("riichi-ema2025", 6), ("riichi-wrc2022", 5),
                                               ("riichi-tenhou", None)])
def test_the_last_hand_after_time_is_the_presets(profile: str, last: int | None) -> None:
    """Time called during hand 5: EMA plays one more hand, WRC ends with the hand in play, Tenhou has no call;
    the system says it (the phone's state bar shows it), the same count the game ends by."""
    from scoring.systems import game_system

    assert game_system(profile).last_hand_after_time({}, 5) == last
