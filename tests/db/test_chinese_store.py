"""The store of the Chinese systems (docs/rule-systems.md "At the table"): the session's length and its time
call, the prevailing wind after the dealer has gone round, several winners in Hebei and Guiyang ordered from
the discarder, and the profiles whose numbers the organiser types before any session starts (issue 33 item 5)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from db import Database
from db.commands.cli import main
from db.errors import InputError
from db.service.games import preview_game_line, record_game_line
from tests.db.helpers import make_tournament

PLAYERS = "number,name\n1,Aki\n2,Ben\n3,Cho\n4,Dee\n"


def _run(db: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", str(db), *argv])
    return code, out.getvalue(), err.getvalue()


def _cli(db: Path, *argv: str) -> str:
    code, out, err = _run(db, *argv)
    assert code == 0, (argv, out, err)
    return out


def _table(tmp_path: Path, profile: str, *init: str) -> tuple[Path, list[str]]:
    db = tmp_path / "t.mcr"
    _cli(db, "init", "--name", "Club night", "--profile", profile, *init)
    (tmp_path / "p.csv").write_text(PLAYERS, encoding="utf-8")
    _cli(db, "players", "import", str(tmp_path / "p.csv"))
    return db, []


def _seat(db: Path) -> list[str]:
    _cli(db, "seat", "1")
    t = json.loads(_cli(db, "seating", "1", "--format", "json"))[0]
    return [str(t["seats"][w]) for w in "ESWN"]


def _import(db: Path, tmp_path: Path, lines: list[dict[str, Any]]) -> tuple[int, str, str]:
    path = tmp_path / "lines.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return _run(db, "results", "import", str(path))


def _hands(db: Path) -> list[dict[str, Any]]:
    return [r for r in json.loads(_cli(db, "results", "list", "--format", "json")) if "hand" in r]


def test_a_nanchang_session_ends_after_its_hands_and_the_wind_turns_after_the_dealer_went_round(
        tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "nanchang", "--hands-per-session", "6")
    e, s, w, n = _seat(db)
    # non-dealers win: the dealer moves E -> S -> W -> N -> E (the south wind round) -> S
    winners = [s, w, n, e, s, w]
    lines = [{"session": 1, "table": 1, "hand": k, "type": "tsumo", "winner": p, "hand_type": "平胡"}
             for k, p in enumerate(winners, start=1)]
    assert _import(db, tmp_path, lines)[0] == 0
    assert [(h["round"], h["dealer"]) for h in _hands(db)] == [
        ("E1", e), ("E2", s), ("E3", w), ("E4", n), ("S1", e), ("S2", s)]
    code, _out, err = _import(db, tmp_path, [{"session": 1, "table": 1, "hand": 7, "type": "draw"}])
    assert code != 0 and "hand" in err  # a seventh hand in a session of six is refused
    assert len(_hands(db)) == 6


def test_time_called_makes_the_hand_in_play_the_last(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "hebei")
    e, s, _w, _n = _seat(db)
    draw = {"session": 1, "table": 1, "type": "draw"}
    assert _import(db, tmp_path, [{**draw, "hand": 1}, {"session": 1, "table": 1, "type": "time_called",
                                                       "after_hand": 2}, {**draw, "hand": 2}])[0] == 0
    code, _out, err = _import(db, tmp_path, [{**draw, "hand": 3}])
    assert code != 0 and "game is over after hand 2" in err
    assert "provisional" not in _cli(db, "standings")  # every table's session is over


def test_several_hebei_winners_on_one_discard_are_kept_from_the_discarder_and_each_paid_alone(
        tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "hebei")
    e, s, w, n = _seat(db)
    # N discards; E and S win (listed S first): from N the order of play is E, then S. 门清 + 碰碰胡 = 5 fans each;
    # E deals (+8 from the discarder), S does not and wins from a non-dealer (+5)
    hand = "111m222p333s444m55p"
    line = {"session": 1, "table": 1, "hand": 1, "type": "ron", "discarder": n,
            "winners": [{"player": s, "hand": hand}, {"player": e, "hand": hand}]}
    assert _import(db, tmp_path, [line])[0] == 0
    (h,) = _hands(db)
    assert [x["player"] for x in h["winners"]] == [e, s]
    assert h["deltas"] == {e: 8 + 5, s: 5 + 5, w: 0, n: -23}
    assert [(b["kind"], b.get("player")) for b in h["breakdown"]] == [("win", e), ("win", s)]


def test_guiyang_starts_no_session_until_the_organiser_types_its_numbers(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "guiyang-zhuoji")
    settings = json.loads(_cli(db, "settings"))
    assert [m["name"] for m in settings["missing_rules"]] == ["chicken", "charging_chicken", "responsible_chicken"]
    assert all("source 003" in m["why"] for m in settings["missing_rules"][:1])
    code, _out, err = _run(db, "seat", "1")
    assert code != 0 and "· chicken; The charging chicken (冲锋鸡) · charging_chicken; The responsible chicken (责任鸡) · " \
        "responsible_chicken yet" in err and "settings --rule" in err
    assert len(err.strip().splitlines()) == 1
    code, _out, err = _run(db, "clock", "start", "--session", "1")
    assert code != 0 and "has not set" in err
    _cli(db, "settings", "--rule", "chicken=1")
    assert [m["name"] for m in json.loads(_cli(db, "settings"))["missing_rules"]] == [
        "charging_chicken", "responsible_chicken"]  # values typed one at a time add up
    _cli(db, "settings", "--rule", "charging_chicken=2", "--rule", "responsible_chicken=1")
    assert "missing_rules" not in json.loads(_cli(db, "settings"))
    e, s, w, n = _seat(db)
    # S self-draws a plain hand (平胡 10) holding one 幺鸡 (1 from each other player); W was counted two more
    line = {"session": 1, "table": 1, "hand": 1, "type": "tsumo", "winner": s, "tiles": "123s234m456m789p55p",
            "chickens": {w: 2}}
    assert _import(db, tmp_path, [line])[0] == 0
    (h,) = _hands(db)
    assert h["deltas"] == {s: 30 + 3 - 2, e: -10 - 1 - 2, w: -10 - 1 + 6, n: -10 - 1 - 2}
    assert h["dealer"] == e and h["winner"] == s


@pytest.mark.parametrize("profile", ["guangdong-jipinghu"])
def test_jipinghu_scores_a_win_by_the_organisers_fan_after_they_are_typed(tmp_path: Path, profile: str) -> None:
    db, _ = _table(tmp_path, profile)
    names = [m["name"] for m in json.loads(_cli(db, "settings"))["missing_rules"]]
    assert names[0] == "fan_jihu" and len(names) == 12
    _cli(db, "settings", *(x for k, name in enumerate(names) for x in ("--rule", f"{name}={min(k, 3)}")))
    e, s, w, n = _seat(db)
    # 清一色 + 对对胡: 番 3 + 2 = 5 (as typed above), paid at the cap of 3: 1 × 2^3 = 8 from the discarder
    line = {"session": 1, "table": 1, "hand": 1, "type": "ron", "discarder": w,
            "winners": [{"player": n, "hand_type": ["qingyise", "duiduihu"]}]}
    code, _out, err = _import(db, tmp_path, [line])
    assert code == 0, err
    (h,) = _hands(db)
    assert h["deltas"] == {e: 0, s: 0, w: -8, n: 8}
    assert h["winners"][0]["total"] == 5


def _refused(db: Path, tmp_path: Path, line: dict[str, Any], words: str) -> None:
    """``line`` is refused in one line naming ``words``, and nothing is written."""
    before = _hands(db)
    code, _out, err = _import(db, tmp_path, [line])
    assert code != 0 and words in err, err
    assert "Traceback" not in err and _hands(db) == before


def test_sichuan_refuses_events_in_an_order_the_situations_cannot_have(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "sichuan-xuezhan")
    e, s, w, n = _seat(db)
    at = {"session": 1, "table": 1, "hand": 1, "type": "hand"}
    pure = "11m22m33m44m55m66m77m"
    end = {"type": "wall_end", "ready": [], "pigs": []}
    _refused(db, tmp_path, {**at, "events": [{"type": "tsumo", "winner": n, "tiles": pure, "haitei": True},
                                             {"type": "tsumo", "winner": s, "tiles": "11p22p33p44p55p66p77p"}, end]},
             "event 1: after a win on the last tile")
    _refused(db, tmp_path, {**at, "events": [{"type": "kong", "player": w, "kind": "concealed"},
                                             {"type": "tsumo", "winner": e, "tiles": pure, "tenhou": True}, end]},
             "event 2: a win on the first tiles")
    _refused(db, tmp_path, {**at, "events": [{"type": "ron", "discarder": w, "winners": [
        {"player": s, "hand": pure, "rinshan": True}]}, end]}, "event 1: a win on a kong's replacement tile")
    # the same after W's kong is a 杠上炮 (+1): 清七对 4 + 1, paid at the cap of 3
    ok = {**at, "events": [{"type": "kong", "player": w, "kind": "concealed"},
                           {"type": "ron", "discarder": w, "winners": [{"player": s, "hand": pure, "rinshan": True}]},
                           end]}
    assert _import(db, tmp_path, [ok])[0] == 0
    assert _hands(db)[0]["events"][1]["winners"][0]["total"] == 5


def test_sichuan_several_first_winners_on_one_discard_give_the_deal_to_the_discarder_and_each_a_line(
        tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "sichuan-xuezhan")
    e, s, w, n = _seat(db)
    first = {"session": 1, "table": 1, "hand": 1, "type": "hand", "events": [
        {"type": "ron", "discarder": w, "winners": [{"player": e, "fan": 1}, {"player": s, "fan": 2}]},
        {"type": "wall_end", "ready": [], "pigs": []}]}
    assert _import(db, tmp_path, [first, {"session": 1, "table": 1, "hand": 2, "type": "hand",
                                          "events": [{"type": "wall_end", "ready": [], "pigs": []}]}])[0] == 0
    one, two = _hands(db)
    # from W the order of play is N, E, S: E's line first
    assert [(b["kind"], b["player"], b["deltas"][w]) for b in one["breakdown"]] == [("win", e, -2), ("win", s, -4)]
    assert two["dealer"] == w  # 一炮多响，点炮者坐庄


def test_a_key_given_twice_in_a_line_is_refused_not_collapsed(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "guangdong-tuidaohu", "--rule", "horses=2")
    e, s, w, n = _seat(db)
    raw = ('{"session": 1, "table": 1, "hand": 1, "type": "tsumo", "winner": "' + s + '", "tiles": '
           '"111m222p333s444m55z", "horses": {"' + e + '": ["1m"], "' + e + '": ["2m"]}}\n')
    (tmp_path / "twice.jsonl").write_text(raw, encoding="utf-8")
    code, _out, err = _run(db, "results", "import", str(tmp_path / "twice.jsonl"))
    assert code != 0 and f"the key '{e}' is given twice" in err and _hands(db) == []


def test_guiyang_refuses_what_the_tiles_contradict_and_what_a_draw_does_not_pay(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "guiyang-zhuoji", "--rule", "chicken=1", "--rule", "charging_chicken=0",
                   "--rule", "responsible_chicken=0")
    e, s, w, n = _seat(db)
    at = {"session": 1, "table": 1, "hand": 1}
    win = {**at, "type": "tsumo", "winner": s, "tiles": "111s234m456m789p55p"}  # three 幺鸡 in the winner's tiles
    _refused(db, tmp_path, {**win, "chickens": {w: 2}}, "5 chickens")
    _refused(db, tmp_path, {**win, "kongs": [{"player": s, "kind": "concealed"}]}, "not among the melds")
    _refused(db, tmp_path, {**at, "type": "draw", "kongs": [{"player": w, "kind": "concealed"}]}, "pays nothing")
    assert _import(db, tmp_path, [{**win, "chickens": {w: 1}}])[0] == 0


def test_a_missing_value_cannot_be_taken_back_once_a_session_is_seated(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "guangdong-jipinghu")
    names = [m["name"] for m in json.loads(_cli(db, "settings"))["missing_rules"]]
    _cli(db, "settings", *(x for name in names for x in ("--rule", f"{name}=1")))
    _seat(db)
    code, _out, err = _run(db, "settings", "--rule", "fan_pinghu=null")
    assert code != 0 and "fan_pinghu" in err and "missing_rules" not in json.loads(_cli(db, "settings"))


def test_hebei_pays_each_kong_in_its_owners_line(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "hebei")
    e, s, w, n = _seat(db)
    # E (dealer) self-draws with its own concealed kong of 9p; W made an added kong, N a melded kong from S
    line = {"session": 1, "table": 1, "hand": 1, "type": "tsumo", "winner": e, "tiles": "[9999p]111m222s345s5m5m",
            "kongs": [{"player": w, "kind": "added"}, {"player": n, "kind": "melded", "discarder": s}]}
    code, _out, err = _import(db, tmp_path, [line])
    assert code == 0, err
    kongs = [(b["player"], b["deltas"]) for b in _hands(db)[0]["breakdown"] if b["kind"] == "kong"]
    assert kongs == [(w, {e: -1, s: -1, w: 3, n: -1}), (n, {e: 0, s: -3, w: 0, n: 3}),
                     (e, {e: 6, s: -2, w: -2, n: -2})]


def test_two_first_draw_wins_in_one_sichuan_hand_are_legal(tmp_path: Path) -> None:
    """地胡 on the dealer's first discard, then another player's 地胡 on its first draw: 血战 goes on after a win."""
    db, _ = _table(tmp_path, "sichuan-xuezhan")
    e, s, w, n = _seat(db)
    events: list[dict[str, Any]] = [
        {"type": "ron", "discarder": e, "winners": [{"player": s, "hand": "11m22m33m44m55m66m77m", "chiihou": True}]},
        {"type": "tsumo", "winner": w, "tiles": "11p22p33p44p55p66p77p", "chiihou": True},
        {"type": "wall_end", "ready": [], "pigs": []}]
    line = {"session": 1, "table": 1, "hand": 1, "type": "hand", "events": events}
    code, _out, err = _import(db, tmp_path, [line])
    assert code == 0, err
    _refused(db, tmp_path, {**line, "hand": 2, "events": [{"type": "kong", "player": n, "kind": "concealed"},
                                                         *events]}, "event 2: a win on the first tiles")


def test_two_guiyang_winners_on_one_discarded_chicken_hold_the_same_tile(tmp_path: Path) -> None:
    db, _ = _table(tmp_path, "guiyang-zhuoji", "--rule", "chicken=1", "--rule", "charging_chicken=0",
                   "--rule", "responsible_chicken=0")
    e, s, w, n = _seat(db)
    # two 1s in S's hand, the discarded one won by S and N: four 幺鸡 in all, not five
    line = {"session": 1, "table": 1, "hand": 1, "type": "ron", "discarder": w, "winners": [
        {"player": s, "hand": "222m333m444p55p111s"}, {"player": n, "hand": "22p33p44p66p77p88p11s"}]}
    code, _out, err = _import(db, tmp_path, [line])
    assert code == 0, err



# Sichuan entered as it happens (players 1-4 at E, S, W, N): 1's concealed kong, then 2 wins on 3's discard
# (typed 2 fan); the hand goes on
KONG_THEN_WIN = {"type": "hand", "events": [{"type": "kong", "player": "1", "kind": "concealed"},
                                            {"type": "ron", "discarder": "3", "winners": [{"player": "2", "fan": 2}]}]}


def test_a_sichuan_hand_not_over_is_previewed_as_paid_so_far_marked_partial_and_still_not_recorded(
        db: Database) -> None:
    make_tournament(db, players=4, profile="sichuan-xuezhan")
    with db.factory.begin() as s:
        p = preview_game_line(s, 1, 1, 1, KONG_THEN_WIN, partial=True)
    assert p.partial is True and p.hand is not None
    # the rules (docs/rule-systems.md): a concealed kong, 2 bases from each other player, paid at once; a win
    # on a discard of 2 fan, base × 2² from the discarder; no refund and no wall's check before the end
    assert [(q.kind, q.seat, q.changes) for q in p.hand.payments] == [
        ("kong", 0, (6, -2, -2, -2)), ("win", 1, (0, 4, -4, 0))]
    assert p.hand.deltas == (6, 2, -6, -2) and [w.total for w in p.hand.winners] == [2]
    with pytest.raises(InputError) as refused, db.factory.begin() as s:  # the refusal rolls back
        preview_game_line(s, 1, 1, 1, KONG_THEN_WIN)  # not asked partial: refused as before
    assert refused.value.code == "sichuan_unfinished"
    with pytest.raises(InputError) as refused, db.factory.begin() as s:  # the refusal rolls back
        record_game_line(s, 1, 1, 1, KONG_THEN_WIN)
    assert refused.value.code == "sichuan_unfinished"
    with db.factory.begin() as s:
        over = {**KONG_THEN_WIN, "events": [*KONG_THEN_WIN["events"], {"type": "wall_end", "ready": [], "pigs": []}]}
        whole = preview_game_line(s, 1, 1, 1, over, partial=True)
        assert whole.partial is False and whole.hand is not None
        assert "refund" in [q.kind for q in whole.hand.payments]  # the kong's owner not ready gives it back
        assert record_game_line(s, 1, 1, 1, over) == "recorded"
