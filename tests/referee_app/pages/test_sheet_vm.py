"""The score sheet's view-model on real tournament files: no widget, the real store underneath.

The tournament of ``conftest.tournament_file``: 8 players in teams Blue (odd numbers) and Red (even), session
1 seated on 2 tables, nothing recorded. Each action is the view-model's operation run in one transaction,
then the sheet is read again, as the page does through its runner.
"""

from __future__ import annotations

import pytest

from db.errors import StaleTableError, TournamentError
from db.service.outcomes import DrawInput, PenaltyInput
from db.service.results import record_win
from db.service.seats import seat_session
from db.service.tournament import create_tournament
from referee_app.pages.sheet_vm import SELF_DRAWN, SheetViewModel
from referee_app.words.i18n import LANG
from scoring.model import Wind

FULL_HAND = "[789m2][777s3][234s3]89sEE7s"  # Tile Hog and more: well over 8 fans
ONE_FAN = "[234m1][567p1]678s23sWW4s"  # a complete hand of 1 fan: a false win
FALSE_WIN_KINDS = ("false_win_wrong", "false_win")


@pytest.fixture
def db(tournament_file):
    from db.storage.store import open_database

    with open_database(tournament_file) as d:
        yield d


def load(db, vm: SheetViewModel) -> SheetViewModel:
    with db.factory() as s:
        vm.load(s)
    return vm


def run(db, vm: SheetViewModel, op) -> None:
    """One action: the operation in its own transaction, then the sheet read again."""
    assert op is not None
    with db.factory.begin() as s:
        op(s)
    load(db, vm)


@pytest.fixture
def vm(db) -> SheetViewModel:
    return load(db, SheetViewModel())


def numbers(vm: SheetViewModel) -> list[str]:
    assert vm.sheet is not None
    return [p.number for p in vm.sheet.players]


def test_opens_on_the_latest_seated_session_at_table_1(db, vm):
    assert (vm.session, vm.table, vm.seated, vm.tables) == (1, 1, [1], 2)
    assert vm.title() == "Score sheet — Session 1 · Table 1"
    assert vm.next_hand == 1 and vm.has_sheet and vm.can_record and not vm.signed_off
    assert vm.next_text() == "<b>Hand 1</b> · Totals only (Ctrl+T)"
    assert vm.sign_text() == "Sign off"
    assert vm.penalties_text() == "—" and vm.penalties_tab() == "Penalties (0)"
    east = vm.sheet.players[0]
    assert vm.players_text().startswith(f"<b>East</b> {east.number} {east.name} <i>({east.team})</i>")
    assert vm.players_text().count("<b>") == 4
    with db.factory.begin() as s:
        seat_session(s, 2)
    load(db, vm)
    assert (vm.session, vm.seated) == (1, [1, 2])  # a table once shown stays shown
    vm.reset()
    load(db, vm)
    assert (vm.session, vm.table) == (2, 1)  # another tournament (here: reopened) starts at the latest


def test_choosing_a_table(db, vm):
    assert not vm.choose(None, 2) and not vm.choose(0, 2) and (vm.session, vm.table) == (1, 1)
    assert vm.choose(1, 2)
    load(db, vm)
    assert vm.title() == "Score sheet — Session 1 · Table 2" and vm.sheet.table == 2
    assert vm.choose(1, None) and vm.table == 1


def test_a_table_that_does_not_exist_is_refused_and_the_sheet_cleared(db, vm):
    shown = vm.sheet
    vm.select(1, 9)
    with pytest.raises(TournamentError, match="no table 9"):
        load(db, vm)
    assert vm.sheet is shown  # nothing half read
    vm.clear()
    assert vm.sheet is None and vm.title() == "Score sheet" and not vm.has_sheet


def test_no_seated_session_shows_no_sheet(tmp_path):
    from db.storage.store import open_database

    with open_database(tmp_path / "empty.mcr", create=True) as d:
        with d.factory.begin() as s:
            create_tournament(s, "Empty Open", "cmr1998", sessions=2)
        vm = load(d, SheetViewModel())
    assert vm.sheet is None and vm.session == 0
    assert vm.title() == "Score sheet"
    assert vm.players_text() == "Select a table in Sessions & tables."
    assert vm.penalties_text() == "" and vm.penalties_tab() == "Penalties"
    assert vm.next_hand is None and not vm.has_sheet and not vm.can_record
    assert vm.winner_choices() == [] and vm.discarder_choices() == []
    assert vm.time_called_question() is None and vm.false_win("1", 6) is None and not vm.is_false_win(6)
    assert all(op is None for op in (vm.record_draw(), vm.call_time(), vm.toggle_sign_off(),
                                     vm.record_totals("1", None, 8), vm.correct(1, DrawInput(), "r")))


def test_totals_entry_records_the_next_hand(db, vm):
    num = numbers(vm)
    assert [d for _t, d in vm.discarder_choices()] == [SELF_DRAWN, *num]
    assert vm.winner_choices()[1] == (f"S  {vm.sheet.players[1].name}  ({num[1]})", num[1])
    assert vm.discarder_choices()[0] == ("+  self-drawn", SELF_DRAWN)
    run(db, vm, vm.record_totals(num[1], num[2], 24))  # South wins on West's discard
    h = vm.sheet.hands[0]
    assert (h.winner, h.discarder, h.fan_total, h.deltas) == (1, 2, 24, (-8, 48, -32, -8))
    assert vm.next_hand == 2 and vm.next_text().startswith("<b>Hand 2</b>")
    run(db, vm, vm.record_totals(num[3], SELF_DRAWN, 8))  # the "+" item: self-drawn
    h = vm.sheet.hands[1]
    assert (h.winner, h.self_drawn, h.deltas) == (3, True, (-16, -16, -16, 48))
    run(db, vm, vm.record_draw())
    assert [h.kind for h in vm.sheet.hands] == ["win", "win", "draw"] and vm.next_hand == 4


def test_sixteen_hands_end_the_session(db, vm):
    for _ in range(16):
        run(db, vm, vm.record_draw())
    assert len(vm.sheet.hands) == 16
    assert vm.next_hand is None and not vm.can_record and vm.has_sheet
    assert vm.next_text() == "Session over"
    assert vm.record_draw() is None and vm.record_totals(numbers(vm)[0], None, 8) is None


def test_under_eight_fans_is_a_false_win(db, vm):
    num = numbers(vm)
    assert vm.is_false_win(7) and not vm.is_false_win(8)
    fw = vm.false_win(num[2], 6)
    assert fw is not None and (fw.position, fw.hand) == (2, 1)
    assert fw.text == (f"6 fans: a win needs at least 8 (flowers not counted), so this is a false win by "
                       f"{vm.sheet.players[2].name}.")
    with db.factory() as s:
        presets = vm.read_presets(s)
    pre = vm.false_win_penalty(fw.position, presets, FALSE_WIN_KINDS)
    assert (pre.player, pre.kind, pre.reason) == (num[2], "false_win_wrong", "")
    # from hand entry: the hand's fans become the reason
    entry = vm.hand_entry_model(1)
    entry.set_notation(ONE_FAN)
    entry.set_situation(winner=0, discarder=1)
    assert entry.preview.result is not None and not entry.preview.can_confirm
    from_entry = vm.false_win_penalty(0, presets, FALSE_WIN_KINDS, entry.preview)
    assert (from_entry.player, from_entry.reason) == (num[0], "False win: 1 fans without flowers")
    # the store refuses the win itself, whoever asks
    with pytest.raises(TournamentError, match="at least 8"):
        run(db, vm, vm.record_totals(num[2], num[0], 6))
    run(db, vm, vm.record_penalty(PenaltyInput(player=pre.player, points=30, settlement="others",
                                               kind=pre.kind or "custom", reason="6 fans", hand=fw.hand)))
    assert vm.sheet.hands == () and vm.next_hand == 1  # the hand is still to play
    assert vm.sheet.penalties[0].deltas == (10, 10, -30, 10)


def test_penalties_are_listed_in_the_language_of_the_reading(db, vm):
    num = numbers(vm)
    run(db, vm, vm.record_penalty(PenaltyInput(player=num[2], points=30, settlement="others",
                                               kind="false_win_wrong", reason="claimed 6 fans", hand=1)))
    run(db, vm, vm.record_penalty(PenaltyInput(player=num[1], points=10, settlement="deducted", kind="lateness")))
    name2, name1 = vm.sheet.players[2].name, vm.sheet.players[1].name
    assert vm.penalties_tab() == "Penalties (2)"
    assert vm.penalties_text() == (
        f"Hand 1 · {name2} · False win (under 8 fans, wrong tile) · -30 (paid to the other three) · claimed 6 fans"
        f"<br>{name1} · Lateness · -10 (deducted)")
    LANG.set("zh")
    load(db, vm)
    assert vm.penalties_tab() == "罚分 (2)"
    assert vm.penalties_text() == (f"盘 1 · {name2} · 错和 · -30 (分给其他三家) · claimed 6 fans"
                                   f"<br>{name1} · 迟到 · -10 (扣除)")


def test_time_called_warns_when_no_hand_is_recorded(db, vm):
    q = vm.time_called_question()
    assert q is not None and q.warning and q.text.startswith("No hand has been recorded at this table yet")
    LANG.set("zh")
    assert "本桌还没有记录任何一盘" in vm.time_called_question().text
    LANG.set("en")
    run(db, vm, vm.record_draw())
    q = vm.time_called_question()
    assert q is not None and not q.warning
    assert q.text == "Time is called after hand 1: the session at this table ends on the 1 hands played. Record it?"
    run(db, vm, vm.call_time())
    assert vm.sheet.time_called_after == 1
    assert vm.next_hand is None and not vm.can_record and vm.next_text() == "Session over"
    assert vm.has_sheet  # penalties, corrections and the sign-off still go on
    with pytest.raises(TournamentError):  # called once only
        run(db, vm, vm.call_time())


def test_time_called_with_no_hand_ends_the_session_at_nothing(db, vm):
    run(db, vm, vm.call_time())
    assert vm.sheet.time_called_after == 0 and vm.next_hand is None


def test_sign_off_stops_recording_until_taken_back(db, vm):
    run(db, vm, vm.record_draw())
    assert "hand(s) 2–" in vm.sign_off_question()  # hands missing: asked with a reason
    run(db, vm, vm.toggle_sign_off("table ended early"))
    assert vm.signed_off and vm.sign_off_question() is None and vm.sign_text() == "Undo sign-off"
    assert vm.next_hand == 2 and not vm.can_record and vm.has_sheet
    run(db, vm, vm.toggle_sign_off())
    assert not vm.signed_off and vm.sign_text() == "Sign off" and vm.can_record


def test_another_station_saved_first(db, tournament_file, vm):
    other = load(db, SheetViewModel())  # a second station on the same file
    run(db, other, other.record_draw())
    assert vm.sheet.hands == ()  # this station has not read it yet
    with pytest.raises(StaleTableError):
        run(db, vm, vm.record_totals(numbers(vm)[0], None, 8))
    load(db, vm)
    assert [h.kind for h in vm.sheet.hands] == ["draw"] and vm.next_hand == 2


def test_a_full_hand_and_its_line(db, vm):
    from referee_app.entry.hand_entry import WinEntry

    entry = vm.hand_entry_model(1)
    assert entry.players[0] == f"{vm.sheet.players[0].name} ({numbers(vm)[0]})"
    entry.set_notation(FULL_HAND)
    entry.set_situation(winner=0, self_drawn=True)  # East self-drawn
    p = entry.preview
    assert p.can_confirm and p.result is not None
    w = vm.win_input(WinEntry(entry.notation(), p.hand, entry.situation, p.result))
    assert (w.winner, w.discarder, w.self_drawn, w.notation) == (numbers(vm)[0], None, True, FULL_HAND)
    run(db, vm, vm.record_hand(1, w))
    r = vm.sheet.hands[0]
    assert r.fan_total == p.result.total
    hand = vm.line_hand(r)
    assert hand is not None and len(hand.standing) + (hand.winning is not None) + 3 * len(hand.melds) == 14
    text = vm.line_text(r)
    assert text.startswith(f"<b>Hand 1</b> · {vm.sheet.players[0].name} · {r.fan_total} Fan<br>")
    assert "四归一 Tile Hog" in text
    # a totals-only line and a draw: no tiles
    run(db, vm, vm.record_totals(numbers(vm)[1], numbers(vm)[0], 9))
    run(db, vm, vm.record_draw())
    totals, draw = vm.sheet.hands[1], vm.sheet.hands[2]
    assert vm.line_hand(totals) is None and vm.line_text(totals).endswith("<br><i>Totals only</i>")
    assert vm.line_hand(draw) is None and vm.line_text(draw) == "draw"
    assert vm.line_hand(None) is None and vm.line_text(None) == ""


def test_hand_entry_gets_the_winds_of_the_hand(db, vm):
    first, fifth = vm.hand_entry_model(1), vm.hand_entry_model(5)
    assert first.prevailing is Wind.EAST and first.seat_winds[0] is Wind.EAST
    assert fifth.prevailing is Wind.SOUTH and fifth.seat_winds != first.seat_winds  # seats rotate (R98)
    assert first.flowers_allowed == vm.flowers_allowed
    assert vm.winds_of(1) == ("E", 0) and vm.winds_of(5)[0] == "S"
    assert vm.entry_title(5) == "Hand entry — Session 1 · Table 1 · Hand 5"
    assert vm.correction_title(3) == "Correct hand… 3"


def test_a_correction_starts_from_what_is_recorded(db, vm):
    num = numbers(vm)
    with db.factory.begin() as s:
        record_win(s, 1, 1, 1, winner=num[2], discarder=num[1], notation=FULL_HAND)
    load(db, vm)
    assert vm.hand_row(1).winner == 2
    entry = vm.correction_entry_model(1)
    assert entry.notation() == FULL_HAND
    assert (entry.situation.winner, entry.situation.discarder) == (2, 1)
    assert vm.correct(1, None, "re-entered") is None  # a correction needs a result
    run(db, vm, vm.correct(1, DrawInput(), "it was a draw"))
    assert vm.sheet.hands[0].kind == "draw" and vm.next_hand == 2
