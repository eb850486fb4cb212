"""Recording results: every line form with its exact payments, validation, identity, transactions."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from db import Database, InputError, StaleTableError
from db.formats.result_lines import parse_result_line
from db.models import AuditLog, HandResult
from db.read import queries
from db.rules.profiles import Settlement
from db.service.corrections import correct_hand, correct_penalty, delete_hand, delete_penalty
from db.service.outcomes import DrawInput, PenaltyInput, WinInput
from db.service.results import record_draw, record_hand, record_penalty, record_result, record_win, sign_off
from db.service.tournament import penalty_from_preset
from tests.db.helpers import ACTOR, make_tournament


def line(db: Database, obj: dict, occurrence: int = 1) -> str:
    with db.factory.begin() as s:
        return record_result(s, parse_result_line(obj), actor=ACTOR, occurrence=occurrence)


def sheet(db: Database, table: int = 1):
    with db.factory() as s:
        return queries.table_sheet(s, 1, table)


def test_every_line_form_pays_exactly(db: Database) -> None:
    make_tournament(db)
    # table 1: 1=E 2=S 3=W 4=N
    assert line(db, {"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "1", "discarder": "2",
                     "fan": 24}) == "recorded"
    assert line(db, {"session": 1, "table": 1, "hand": 2, "type": "win", "winner": "1", "self_drawn": True,
                     "fan": 30, "flowers": 2}) == "recorded"
    assert line(db, {"session": 1, "table": 1, "hand": 3, "type": "draw"}) == "recorded"
    assert line(db, {"session": 1, "table": 1, "hand": 4, "type": "penalty", "player": "1", "points": 30,
                     "settlement": "others", "reason": "false win"}) == "recorded"
    assert line(db, {"session": 1, "table": 1, "type": "penalty", "player": "2", "points": 10,
                     "settlement": "deducted", "reason": "late"}) == "recorded"
    assert line(db, {"session": 1, "table": 1, "type": "penalty", "player": "3", "points": 5,
                     "settlement": {"to": "4"}, "reason": "custom"}) == "recorded"
    assert line(db, {"session": 1, "table": 1, "type": "time_called", "after_hand": 3}) == "recorded"
    sh = sheet(db)
    assert [h.deltas for h in sh.hands] == [(48, -32, -8, -8), (114, -38, -38, -38), (0, 0, 0, 0)]
    assert sh.hands[1].flowers == 2 and sh.hands[1].self_drawn
    assert [p.deltas for p in sh.penalties] == [(-30, 10, 10, 10), (0, -10, 0, 0), (0, 0, -5, 5)]
    assert sh.match_points == (48 + 114 - 30, -32 - 38 + 10 - 10, -8 - 38 + 10 - 5, -8 - 38 + 10 + 5)
    assert sum(sh.match_points) == -10  # zero minus the deducted penalty
    assert sh.table_points == (4.0, 0.0, 1.0, 2.0)
    assert sh.session_scores[0] == 500 + sh.match_points[0]
    assert sh.time_called_after == 3
    # winds of hand 2: the South starter deals
    assert sh.hands[1].dealer == 1 and sh.hands[1].winds == ("N", "E", "S", "W")


def test_validation_names_the_field(db: Database) -> None:
    make_tournament(db)
    base = {"session": 1, "table": 1, "hand": 1, "type": "win"}
    cases = [
        ({**base, "winner": "99", "discarder": "2", "fan": 24}, '"winner": player 99 is not seated at table 1'),
        ({**base, "winner": "1", "discarder": "1", "fan": 24}, '"discarder"'),
        ({**base, "winner": "1", "fan": 24}, '"discarder": a win needs a discarder'),
        ({**base, "winner": "1", "discarder": "2", "self_drawn": True, "fan": 24}, '"self_drawn"'),
        ({**base, "winner": "1", "discarder": "2", "fan": 7}, '"fan": 7 fans without flowers'),
        ({**base, "winner": "1", "discarder": "2", "fan": 9, "flowers": 2}, '"fan": 7 fans without flowers'),
        ({**base, "hand": 2, "winner": "1", "discarder": "2", "fan": 9}, '"hand": hands are recorded in order'),
        ({**base, "hand": 17, "winner": "1", "discarder": "2", "fan": 9}, '"hand"'),
        ({**base, "table": 9, "winner": "1", "discarder": "2", "fan": 9}, '"table": session 1 has no table 9'),
        ({**base, "session": 7, "winner": "1", "discarder": "2", "fan": 9}, '"session"'),
        ({**base, "winner": "1", "discarder": "2", "fan": 9, "colour": 1}, '"colour": unknown field'),
        ({"session": 1, "table": 1, "type": "penalty", "player": "1", "points": 10, "settlement": "others"},
         '"points": 10 cannot be split'),
        ({"session": 1, "table": 1, "type": "penalty", "player": "1", "points": 10, "settlement": {"to": "1"}},
         '"settlement"'),
        ({"session": 1, "table": 1, "type": "time_called", "after_hand": 4}, '"after_hand"'),
        ({"session": 1, "table": 1, "type": "bonus"}, '"type"'),
    ]
    for obj, message in cases:
        with pytest.raises(InputError) as err:
            line(db, obj)
        assert message in str(err.value), (obj, str(err.value))
    with db.factory() as s:
        assert s.scalar(select(func.count()).select_from(HandResult)) == 0


def test_no_flowers_tournament_refuses_flowers(db: Database) -> None:
    make_tournament(db, flowers=False)
    with pytest.raises(InputError, match='"flowers": this tournament plays without flowers'):
        line(db, {"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "1", "self_drawn": True,
                  "fan": 10, "flowers": 1})


def test_nothing_after_time_called(db: Database) -> None:
    make_tournament(db)
    line(db, {"session": 1, "table": 1, "hand": 1, "type": "draw"})
    line(db, {"session": 1, "table": 1, "type": "time_called", "after_hand": 1})
    with pytest.raises(InputError, match="time was called after hand 1"):
        line(db, {"session": 1, "table": 1, "hand": 2, "type": "draw"})


def test_identical_lines_are_skipped_conflicting_ones_refused(db: Database) -> None:
    make_tournament(db)
    win = {"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "1", "discarder": "2", "fan": 24}
    pen = {"session": 1, "table": 1, "type": "penalty", "player": "2", "points": 10, "settlement": "deducted"}
    assert line(db, win) == "recorded"
    assert line(db, win) == "skipped"
    assert line(db, pen) == "recorded"
    assert line(db, pen) == "skipped"  # the same penalty line again: already recorded
    assert line(db, pen, occurrence=2) == "recorded"  # a second identical line in the same file is a second penalty
    with pytest.raises(InputError, match="already recorded differently"):
        line(db, {**win, "fan": 25})


def test_stale_version_is_refused_and_writes_nothing(db: Database) -> None:
    make_tournament(db)
    seen = sheet(db).version
    with db.factory.begin() as s:  # station A saves first
        record_draw(s, 1, 1, 1, expected_version=seen, actor=ACTOR)
    with pytest.raises(StaleTableError, match="changed by another station"), db.factory.begin() as s:
        record_win(s, 1, 1, 2, winner="1", discarder="2", fan=8, expected_version=seen, actor=ACTOR)
    sh = sheet(db)
    assert len(sh.hands) == 1 and sh.version > seen
    with db.factory.begin() as s:  # after reloading, station B succeeds
        record_win(s, 1, 1, 2, winner="1", discarder="2", fan=8, expected_version=sh.version, actor=ACTOR)
    assert len(sheet(db).hands) == 2


def test_a_failing_record_writes_nothing(db: Database) -> None:
    make_tournament(db)
    with db.factory() as s:
        audits = s.scalar(select(func.count()).select_from(AuditLog))
    version = sheet(db).version
    with pytest.raises(InputError), db.factory.begin() as s:
        record_win(s, 1, 1, 1, winner="1", discarder="2", fan=3, actor=ACTOR)
    with db.factory() as s:
        assert s.scalar(select(func.count()).select_from(AuditLog)) == audits
    assert sheet(db).version == version and sheet(db).hands == ()


def test_corrections_are_audited_with_before_and_after(db: Database) -> None:
    make_tournament(db)
    line(db, {"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "1", "discarder": "2", "fan": 24})
    line(db, {"session": 1, "table": 1, "hand": 2, "type": "draw"})
    with db.factory.begin() as s:
        pid = record_penalty(s, 1, 1, PenaltyInput("3", 30, Settlement.OTHERS, reason="false win"), actor=ACTOR)
    with pytest.raises(InputError, match="needs a reason"), db.factory.begin() as s:
        correct_hand(s, 1, 1, 1, WinInput("1", "3", fan=24), "  ", actor=ACTOR)
    with db.factory.begin() as s:
        correct_hand(s, 1, 1, 1, WinInput("1", "3", fan=24), "wrong discarder", actor=ACTOR)
        correct_penalty(s, pid, PenaltyInput("3", 20, Settlement.DEDUCTED, reason="x"), "amount", actor=ACTOR)
    with pytest.raises(InputError, match="only the last hand"), db.factory.begin() as s:
        delete_hand(s, 1, 1, 1, "oops", actor=ACTOR)
    with db.factory.begin() as s:
        delete_hand(s, 1, 1, 2, "entered twice", actor=ACTOR)
        delete_penalty(s, pid, "withdrawn by the chief referee", actor=ACTOR)
    sh = sheet(db)
    assert [h.deltas for h in sh.hands] == [(48, -8, -32, -8)] and sh.penalties == ()
    with db.factory() as s:
        log = [e for e in queries.audit_log(s) if e.action in ("correct", "delete")]
    assert [(e.action, e.reason) for e in log] == [
        ("correct", "wrong discarder"), ("correct", "amount"), ("delete", "entered twice"),
        ("delete", "withdrawn by the chief referee")]
    assert '"discarder": "2"' in (log[0].before or "") and '"discarder": "3"' in (log[0].after or "")
    assert log[0].station == "test-station" and log[0].referee == "test-referee"


def test_results_view_lists_hands_with_table_info(db: Database) -> None:
    make_tournament(db)
    line(db, {"session": 1, "table": 2, "hand": 1, "type": "win", "winner": "7", "discarder": "5", "fan": 8})
    with db.factory() as s:
        rows = queries.results(s)
        progress = queries.table_progress(s, 1)
    assert [(r.session, r.table, r.hand, r.winner, r.discarder) for r in rows] == [(1, 2, 1, 2, 0)]
    assert [(p.table, p.hands_recorded, p.next_hand, p.finished) for p in progress] == [(1, 0, 1, False),
                                                                                      (2, 1, 2, False)]


def test_draw_input_and_record_result_for_gui(db: Database) -> None:
    make_tournament(db)
    with db.factory.begin() as s:
        record_hand(s, 1, 1, 1, DrawInput(), actor=ACTOR)
    with pytest.raises(InputError, match="already recorded; correct it"), db.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)


def test_full_hand_is_scored_by_the_engine_with_computed_winds(db: Database) -> None:
    make_tournament(db)
    # Hand 1: player 1 is East in the East round; a pung of East counts both wind fans.
    hand = "[EEE1][123m1][456m1]789m9p9p"
    line(db, {"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "1", "discarder": "2",
              "notation": hand, "fourth_tile": False, "kong_related": False, "last_tile_of_wall": False,
              "flowers": 1})
    h = sheet(db).hands[0]
    ids = {f.id for f in h.fans}
    assert {"PREVALENT_WIND", "SEAT_WIND", "PURE_STRAIGHT"} <= ids
    assert h.fan_total == sum(f.points * f.count for f in h.fans)
    assert h.deltas == (8 + 8 + 8 + h.fan_total, -8 - h.fan_total, -8, -8)
    with pytest.raises(InputError, match='"fan": 1 does not match'):
        line(db, {"session": 1, "table": 1, "hand": 2, "type": "win", "winner": "2", "discarder": "1",
                  "notation": hand, "fan": 1})


def test_full_hand_under_eight_fans_is_refused(db: Database) -> None:
    make_tournament(db)
    with pytest.raises(InputError, match='"notation": .*a win needs at least 8'):
        line(db, {"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "2", "discarder": "1",
                  "notation": "[123m1][234s1][678p1]345s9p9p"})


def _record_in_thread(db: Database, expected_version: int | None) -> list[BaseException]:
    import threading

    errors: list[BaseException] = []

    def station_b() -> None:
        try:
            with db.factory.begin() as s:
                record_win(s, 1, 1, 1, winner="2", discarder="1", fan=8, expected_version=expected_version,
                           actor=ACTOR)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            errors.append(exc)

    import time

    with db.factory.begin() as s:  # station A holds the table while B tries
        record_draw(s, 1, 1, 1, actor=ACTOR)
        b = threading.Thread(target=station_b)
        b.start()
        time.sleep(0.5)
    b.join(30)
    assert not b.is_alive()
    return errors


@pytest.mark.parametrize("with_version", [True, False])
def test_two_stations_at_once_never_lose_an_update(db: Database, with_version: bool) -> None:
    make_tournament(db)
    errors = _record_in_thread(db, sheet(db).version if with_version else None)
    assert len(errors) == 1
    if with_version:
        assert isinstance(errors[0], StaleTableError)
    else:
        assert isinstance(errors[0], InputError) and "already recorded" in str(errors[0])
    hands = sheet(db).hands
    assert [(h.hand, h.kind) for h in hands] == [(1, "draw")]


def test_reader_sessions_do_not_wait_for_writers(db: Database) -> None:
    make_tournament(db)
    with db.factory.begin() as s:
        record_draw(s, 1, 1, 1, actor=ACTOR)
        with db.reader() as r:  # while the write is open, a reader sees the last committed state
            assert queries.table_sheet(r, 1, 1).hands == ()
    with db.reader() as r:
        assert len(queries.table_sheet(r, 1, 1).hands) == 1


def test_penalty_presets_fill_amount_and_settlement(db: Database) -> None:
    make_tournament(db)
    with db.factory.begin() as s:
        pen = penalty_from_preset(s, "false_win_not_ready", "1", hand=1)
        assert (pen.points, pen.settlement, pen.kind) == (60, "others", "false_win_not_ready")
        record_penalty(s, 1, 1, pen, actor=ACTOR)
        with pytest.raises(InputError, match='"points": Rule violation.*: 7 is not one of 5, 10'):
            penalty_from_preset(s, "rule_violation", "1", points=7)
    assert sheet(db).penalties[0].deltas == (-60, 20, 20, 20)


def test_no_seat_changes_keeps_starting_seats(db: Database) -> None:
    from db.rules.profiles import SeatRotation

    make_tournament(db, seat_rotation=SeatRotation.FIXED)
    for hand in range(1, 6):
        line(db, {"session": 1, "table": 1, "hand": hand, "type": "draw"})
    sh = sheet(db)
    assert sh.round_seats[0] == ("E", "E", "E", "E")
    assert (sh.hands[4].prevailing, sh.hands[4].dealer, sh.hands[4].winds) == ("S", 0, ("E", "S", "W", "N"))


def test_the_change_marker_moves_with_every_write_from_any_session(db: Database) -> None:
    make_tournament(db)
    with db.reader() as s:
        first = queries.change_marker(s)
    assert first[0] > 0
    line(db, {"session": 1, "table": 1, "hand": 1, "type": "draw"})
    with db.reader() as s:
        second = queries.change_marker(s)
    assert second != first
    with db.reader() as s:  # a read changes nothing
        assert queries.change_marker(s) == second
    with db.factory.begin() as s:
        correct_hand(s, 1, 1, 1, WinInput(winner="1", discarder="2", fan=8), "typo", actor=ACTOR)
    with db.reader() as s:
        assert queries.change_marker(s) not in (first, second)


def test_a_signed_off_table_takes_no_new_hand_but_corrections(db: Database) -> None:
    make_tournament(db)
    line(db, {"session": 1, "table": 1, "hand": 1, "type": "draw"})
    with db.factory.begin() as s:
        sign_off(s, 1, 1, reason="table ended early", actor=ACTOR)
    with pytest.raises(InputError, match="signed off") as e, db.factory.begin() as s:
        record_draw(s, 1, 1, 2, actor=ACTOR)
    assert e.value.code == "table_signed_off"
    with db.factory.begin() as s:  # a referee still corrects what was recorded
        correct_hand(s, 1, 1, 1, WinInput(winner="1", discarder="2", fan=8), "typo", actor=ACTOR)
    assert [h.kind for h in sheet(db).hands] == ["win"]
