"""A Riichi table's game kept by the store (db/service/games.py, db/read/games.py), on SQLite and PostgreSQL:
the round, the dealer, the honba and the deposits derived from the recorded hands, each outcome's settlement,
and a correction of an early hand re-deriving every later one. Table 1 seats players 1-4 at E, S, W, N."""

from __future__ import annotations

from typing import Any

import pytest

from db import Database
from db.errors import InputError, StaleTableError
from db.read import queries
from db.read.games import game_sheet
from db.read.views import GameSheet
from db.service.games import call_game_time, correct_game_hand, delete_game_hand, record_game_line
from tests.db.helpers import ACTOR, make_tournament


def _record(db: Database, hand: int, line: dict[str, Any], version: int | None = None) -> str:
    with db.factory.begin() as s:
        return record_game_line(s, 1, 1, hand, line, expected_version=version, actor=ACTOR)


def _sheet(db: Database) -> GameSheet:
    with db.reader() as s:
        return game_sheet(s, 1, 1)


def _ron(winner: str, discarder: str, han: int = 1, fu: int = 30, riichi: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "ron", "discarder": discarder, "riichi": list(riichi),
            "winners": [{"player": winner, "han": han, "fu": fu}]}


def _state(sheet: GameSheet, hand: int) -> tuple[str, int, int, int]:
    h = sheet.hands[hand - 1]
    return h.round, h.dealer, h.honba, h.deposits


@pytest.fixture
def ema(db: Database) -> Database:
    make_tournament(db, profile="riichi-ema2016")
    return db


def test_the_dealer_repeats_with_a_honba_after_a_dealer_win_and_the_deal_passes_after_another(ema: Database) -> None:
    _record(ema, 1, _ron("1", "2", 2, 30))  # the dealer (East, player 1) wins: E1 again, 1 honba
    _record(ema, 2, _ron("3", "4", 1, 30))  # a non-dealer wins: the honba paid, the deal passes
    sheet = _sheet(ema)
    assert [_state(sheet, n) for n in (1, 2)] == [("E1", 0, 0, 0), ("E1", 0, 1, 0)]
    assert sheet.hands[0].deltas == (2_900, -2_900, 0, 0)  # dealer 2 han 30 fu: 2,900
    assert sheet.hands[1].deltas == (0, 0, 1_000 + 300, -1_000 - 300)  # the honba: 300 from the discarder
    assert (sheet.next_round, sheet.next_dealer, sheet.next_honba) == ("E2", 1, 0)


def test_riichi_deposits_stay_on_the_table_after_a_draw_and_go_to_the_next_winner(ema: Database) -> None:
    _record(ema, 1, {"type": "draw", "tenpai": ["2"], "riichi": ["2"]})  # only 2 tenpai, with riichi
    _record(ema, 2, _ron("4", "3", 1, 30))
    sheet = _sheet(ema)
    assert sheet.hands[0].deltas == (-1_000, 3_000 - 1_000, -1_000, -1_000)
    assert _state(sheet, 2) == ("E2", 1, 1, 1)  # the dealer was noten: the deal passes; 1 honba, 1 deposit
    assert sheet.hands[1].deltas == (0, 0, -1_000 - 300, 1_000 + 300 + 1_000)


def test_a_double_ron_under_ema_pays_both_winners_the_honba_and_deposits_to_the_nearest(ema: Database) -> None:
    _record(ema, 1, {"type": "draw", "tenpai": ["1"], "riichi": ["3"]})  # dealer tenpai: E1 again, 1 honba, 1 stick
    _record(ema, 2, {"type": "ron", "discarder": "1", "riichi": [], "winners": [
        {"player": "4", "han": 2, "fu": 30}, {"player": "2", "han": 3, "fu": 30}]})
    h = _sheet(ema).hands[1]
    # From the discarder (East) the turn goes S (2) before N (4): 2 is nearest and takes the honba and deposit.
    assert h.deltas == (-3_900 - 300 - 2_000, 3_900 + 300 + 1_000, 0, 2_000)
    assert [w.player for w in h.winners] == [3, 1]


def test_a_head_bump_under_wrc_pays_the_nearest_winner_only(db: Database) -> None:
    make_tournament(db, profile="riichi-wrc2022")
    _record(db, 1, {"type": "ron", "discarder": "1", "riichi": [], "winners": [
        {"player": "4", "han": 2, "fu": 30}, {"player": "2", "han": 3, "fu": 30}]})
    assert _sheet(db).hands[0].deltas == (-3_900, 3_900, 0, 0)


def test_a_chombo_replays_the_hand_and_costs_20_after_the_uma(ema: Database) -> None:
    _record(ema, 1, {"type": "chombo", "player": "3"})
    _record(ema, 2, _ron("2", "1", 1, 30))
    sheet = _sheet(ema)
    assert _state(sheet, 2) == ("E1", 0, 0, 0)  # the same hand again
    with ema.reader() as s:
        rows = {r.number: r for r in queries.standings(s)}
    result = rows["3"].sessions[0].result
    assert result is not None and result.penalty == -20 and rows["3"].table_points == pytest.approx(-20.0)


def test_pao_on_a_daisangen_tsumo_makes_the_liable_player_pay_it_all(ema: Database) -> None:
    _record(ema, 1, {"type": "tsumo", "winner": "2", "yakuman": 1, "pao": "4", "riichi": []})
    assert _sheet(ema).hands[0].deltas == (0, 32_000, 0, -32_000)


def test_a_winner_scored_from_tiles_is_valued_with_the_winds_honba_and_deposits_of_its_hand(ema: Database) -> None:
    _record(ema, 1, {"type": "draw", "tenpai": [], "riichi": ["1"]})  # the dealer noten: E2 next
    # E2: player 2 deals. Player 3 (West) wins a tanyao with one dora by ron from player 4, 1 honba, 1 deposit.
    _record(ema, 2, {"type": "ron", "discarder": "4", "riichi": [], "winners": [
        {"player": "3", "hand": "234m567p678s22p55s5s", "dora": ["1m"]}]})
    h = _sheet(ema).hands[1]
    assert (h.round, h.dealer, h.honba, h.deposits) == ("E2", 1, 1, 1)
    assert (h.winners[0].han, h.winners[0].fu) == (2, 40)
    assert [y for y, _ in h.winners[0].yaku] == ["tanyao", "dora"]
    assert h.deltas == (0, 0, 2_600 + 300 + 1_000, -2_600 - 300)


def test_a_correction_of_hand_3_changes_the_round_of_hand_7(ema: Database) -> None:
    draw = {"type": "draw", "tenpai": [], "riichi": []}  # nobody tenpai: the deal passes, a honba more
    lines = [_ron("2", "1"), _ron("3", "1"), _ron("3", "4"), draw, draw, draw, _ron("3", "4")]
    for n, line in enumerate(lines, start=1):
        _record(ema, n, line)
    before = _sheet(ema)
    assert _state(before, 3) == ("E3", 2, 0, 0)  # player 3 deals and wins: E3 again
    assert _state(before, 7) == ("S2", 1, 4, 0)
    assert before.hands[6].deltas == (0, 0, 1_000 + 1_200, -1_000 - 1_200)  # a non-dealer's 1 han 30 fu, 4 honba
    with ema.factory.begin() as s:  # hand 3 was won by player 4, not by the dealer: E3 passes on
        correct_game_hand(s, 1, 1, 3, _ron("4", "1"), "wrong winner", actor=ACTOR)
    after = _sheet(ema)
    assert _state(after, 4) == ("E4", 3, 0, 0)
    assert _state(after, 7) == ("S3", 2, 3, 0)  # one round later, and player 3 deals it
    assert after.hands[6].deltas == (0, 0, 1_500 + 900, -1_500 - 900)  # now the dealer's: 1,500, 3 honba


def test_a_dealer_win_in_hand_3_after_a_correction_repeats_the_deal_for_every_later_hand(ema: Database) -> None:
    for n, line in enumerate([_ron("2", "1"), _ron("3", "1"), _ron("4", "1"), _ron("1", "2")], start=1):
        _record(ema, n, line)
    assert _state(_sheet(ema), 4) == ("E4", 3, 0, 0)
    with ema.factory.begin() as s:
        correct_game_hand(s, 1, 1, 3, _ron("3", "1"), "the dealer won", actor=ACTOR)
    assert _state(_sheet(ema), 4) == ("E3", 2, 1, 0)


def test_a_stale_edit_is_refused_and_records_nothing(ema: Database) -> None:
    _record(ema, 1, _ron("2", "1"))
    version = _sheet(ema).version
    _record(ema, 2, _ron("3", "1"), version)
    with pytest.raises(StaleTableError):
        _record(ema, 3, _ron("4", "1"), version)
    assert len(_sheet(ema).hands) == 2


def test_tiles_that_are_no_win_in_their_hand_are_refused_with_their_words_and_nothing_is_written(
        ema: Database) -> None:
    with pytest.raises(InputError) as exc:  # no yaku: a dora alone does not count
        _record(ema, 1, {"type": "ron", "discarder": "4", "riichi": [], "winners": [
            {"player": "3", "hand": "234m567p789s22z55s5s", "dora": ["1m"]}]})
    assert "no yaku" in str(exc.value)
    assert _sheet(ema).hands == ()


def test_a_hand_after_the_end_of_the_game_is_refused(ema: Database) -> None:
    for n in range(1, 9):  # eight non-dealer wins: E1 ... S4, over
        dealer = str((n - 1) % 4 + 1)
        _record(ema, n, _ron(str(n % 4 + 1), dealer))
    sheet = _sheet(ema)
    assert sheet.next_round is None and len(sheet.results) == 4
    with pytest.raises(InputError, match="over after hand 8"):
        _record(ema, 9, _ron("2", "1"))


def test_time_called_under_ema_plays_one_more_hand(ema: Database) -> None:
    _record(ema, 1, _ron("2", "1"))
    with ema.factory.begin() as s:
        call_game_time(s, 1, 1, 2, actor=ACTOR)  # the gong during hand 2: hand 3 is the last
    _record(ema, 2, _ron("3", "2"))
    assert _sheet(ema).next_round == "E3"
    _record(ema, 3, _ron("4", "3"))
    assert _sheet(ema).next_round is None
    with pytest.raises(InputError, match="over after hand 3"):
        _record(ema, 4, _ron("1", "4"))


def test_only_the_last_hand_is_deleted_and_a_re_run_of_a_line_is_skipped(ema: Database) -> None:
    assert _record(ema, 1, _ron("2", "1")) == "recorded"
    assert _record(ema, 1, _ron("2", "1")) == "skipped"
    with pytest.raises(InputError, match="already recorded differently"):
        _record(ema, 1, _ron("3", "1"))
    _record(ema, 2, _ron("3", "2"))
    with ema.factory.begin() as s, pytest.raises(InputError):
        delete_game_hand(s, 1, 1, 1, "mistake", actor=ACTOR)
    with ema.factory.begin() as s:
        delete_game_hand(s, 1, 1, 2, "mistake", actor=ACTOR)
    assert len(_sheet(ema).hands) == 1


def test_the_session_result_shares_uma_between_tied_players_and_gives_leftover_deposits_to_first(
        ema: Database) -> None:
    _record(ema, 1, {"type": "draw", "tenpai": ["1", "2"], "riichi": ["1", "2"]})
    with ema.factory.begin() as s:
        call_game_time(s, 1, 1, 1, actor=ACTOR)  # the gong in hand 1: hand 2 is the last
    _record(ema, 2, {"type": "draw", "tenpai": ["1", "2"], "riichi": []})
    sheet = _sheet(ema)
    # 1 and 2: -1,000 (riichi) + 1,500 + 1,500 = 32,000; 3 and 4: 27,000. The two sticks left go to the tied
    # firsts, 1,000 each; the uma is shared: (15 + 5) / 2 = 10 each, (-5 - 15) / 2 = -10.
    assert sheet.scores == (32_000, 32_000, 27_000, 27_000)
    assert [r.raw for r in sheet.results] == [33_000, 33_000, 27_000, 27_000]
    assert [r.score for r in sheet.results] == [13.0, 13.0, -13.0, -13.0]


def _eight_hands(db: Database) -> None:
    for n in range(1, 9):  # eight non-dealer wins: E1 ... S4, the game over
        _record(db, n, _ron(str(n % 4 + 1), str((n - 1) % 4 + 1)))


def test_a_game_table_is_finished_and_signs_off_when_its_game_is_over(ema: Database) -> None:
    from db.service.results import sign_off

    _record(ema, 1, _ron("2", "1"))
    with ema.reader() as s:
        assert not queries.table_progress(s, 1, 1)[0].finished
    with ema.factory.begin() as s, pytest.raises(InputError, match="the game is not over after 1 hands"):
        sign_off(s, 1, 1, actor=ACTOR)
    for n in range(2, 9):
        _record(ema, n, _ron(str(n % 4 + 1), str((n - 1) % 4 + 1)))
    with ema.reader() as s:
        progress = queries.table_progress(s, 1, 1)[0]
    assert progress.finished and progress.next_hand is None
    with ema.factory.begin() as s:
        sign_off(s, 1, 1, actor=ACTOR)


def test_check_plays_each_game_again_and_names_a_stored_change_that_differs(ema: Database) -> None:
    from sqlalchemy import update

    from db.models import HandResult
    from db.read.check import check

    _eight_hands(ema)
    with ema.reader() as s:
        assert check(s) == []
    with ema.factory.begin() as s:
        s.execute(update(HandResult).where(HandResult.hand_no == 3).values(d0=HandResult.d0 + 100))
    with ema.reader() as s:
        problems = check(s)
    assert len(problems) == 2 and problems[0].startswith("session 1 table 1 hand 3: changes")


def test_a_game_signed_off_early_with_a_reason_has_its_results_as_the_standings_count_them(ema: Database) -> None:
    from db.formats.ema_csv import ema_problems
    from db.service.results import sign_off

    _record(ema, 1, _ron("2", "1", 3, 40))
    with ema.factory.begin() as s:
        sign_off(s, 1, 1, reason="a player was taken ill", actor=ACTOR)
    sheet = _sheet(ema)
    with ema.reader() as s:
        rows = {r.number: r for r in queries.standings(s)}
        tables, _players = ema_problems(s)
    assert [r.score for r in sheet.results] == [rows[p.number].table_points for p in sheet.players]
    assert not any("table 1" in str(t) for t in tables)
