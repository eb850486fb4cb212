"""The check-in desk through ``mcr-tournament`` on SQLite and PostgreSQL: two no-shows, two substitutes in
the pool, a late arrival; then a session short of players, and the re-planning rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.db.service.test_stages import cli, cli_json, init


def numbers(tables: list[dict]) -> list[list[str]]:
    return [[t["seats"][w] for w in "ESWN"] for t in tables]


def test_no_shows_get_the_pool_substitutes_and_a_late_arrival_keeps_them_out(db_url: str, tmp_path: Path) -> None:
    db = db_url
    init(tmp_path, db, 16, 2, substitutes=2)  # players 1-16, substitutes 17 and 18
    cli(tmp_path, db, "seat", "1", "--seed", "5")
    printed = numbers(cli_json(tmp_path, db, "seating", "1"))
    assert sorted(int(n) for t in printed for n in t) == list(range(1, 17))

    # The desk: 15 is absent, 16 is not seen; both substitutes came.
    _code, out, _err = cli(tmp_path, db, "checkin", "--session", "1", "--present",
                           *[str(i) for i in range(1, 15)], "17", "18")
    assert "16 present, 0 absent, 2 not seen yet" in out
    cli(tmp_path, db, "checkin", "--session", "1", "--absent", "15")
    desk = cli_json(tmp_path, db, "checkin", "--session", "1")
    assert desk == {"present": [str(i) for i in range(1, 15)] + ["17", "18"], "absent": ["15"], "not_seen": ["16"],
                    "late": []}

    # Seated again: the substitutes take the no-shows' seats (in seating order), nothing else moves.
    cli(tmp_path, db, "seat", "1")
    seated = numbers(cli_json(tmp_path, db, "seating", "1"))
    order = iter(["17", "18"])
    assert seated == [[next(order) if n in ("15", "16") else n for n in t] for t in printed]

    # 16 arrives after the first hand: marked present (late), the substitute keeps the seat.
    e, s_ = seated[0][0], seated[0][1]
    (tmp_path / "h.jsonl").write_text(json.dumps({"session": 1, "table": 1, "hand": 1, "type": "win", "winner": e,
                                                  "discarder": s_, "fan": 8}) + "\n", encoding="utf-8")
    cli(tmp_path, db, "results", "import", "h.jsonl")
    _code, out, _err = cli(tmp_path, db, "checkin", "--session", "1", "--present", "16")
    assert "player 16 arrived after the start: the seating of session 1 stays" in out
    desk = cli_json(tmp_path, db, "checkin", "--session", "1")
    assert "16" in desk["present"] and desk["late"] == ["16"] and desk["not_seen"] == []
    assert numbers(cli_json(tmp_path, db, "seating", "1")) == seated
    code, _out, err = cli(tmp_path, db, "seat", "1", ok=False)
    assert code == 1 and "already has results" in err

    # The session played to its end: the substitutes are not ranked (named beside the ranking), the no-shows
    # have no session 1.
    rest = [{"session": 1, "table": k, "hand": h, "type": "win", "winner": tbl[0], "discarder": tbl[2], "fan": 8}
            for k, tbl in enumerate(seated, start=1) for h in (1, 2) if (k, h) != (1, 1)]
    (tmp_path / "rest.jsonl").write_text("".join(json.dumps(x) + "\n" for x in rest), encoding="utf-8")
    cli(tmp_path, db, "results", "import", "rest.jsonl")
    _c, out, err = cli(tmp_path, db, "standings", "--format", "json")
    standings = {r["number"]: r for r in json.loads(out)}
    assert "17" not in standings and "18" not in standings and len(standings) == 16
    assert err.startswith("not ranked (substitutes): 17 Reserve 17 (")
    assert standings["15"]["sessions"] == [] and standings["16"]["sessions"] == []

    # Session 2 has no check-in yet: everyone expected again, the substitutes back in the pool.
    cli(tmp_path, db, "seat", "2")
    assert sorted(int(n) for t in numbers(cli_json(tmp_path, db, "seating", "2")) for n in t) == list(range(1, 17))

    # The audit log: one entry per desk action, before and after each player's mark.
    marks = [e for e in cli_json(tmp_path, db, "log") if e["action"] == "checkin"]
    assert [m["what"] for m in marks] == ["check-in of session 1"] * 3
    assert marks[1]["before"] == {"15": "not seen"} and marks[1]["after"] == {"15": "absent"}
    assert marks[2]["before"] == {"16": "not seen"} and marks[2]["after"] == {"16": "late"}


def test_seat_after_check_in_says_how_many_substitutes_are_missing(db_url: str, tmp_path: Path) -> None:
    db = db_url
    init(tmp_path, db, 16, 1, substitutes=1)
    cli(tmp_path, db, "checkin", "--session", "1", "--present", "17")
    code, _out, err = cli(tmp_path, db, "seat", "1", ok=False)  # only players present are seated
    assert code == 1 and "1 players present is not a multiple of 4: 15 substitute(s) missing" in err
    assert "Not seen yet: 1 Player 1, 2 Player 2," in err and "16 Player 16. Check in those who are here" in err
    cli(tmp_path, db, "checkin", "--session", "1", "--present", *[str(i) for i in range(1, 17) if i not in (3, 9)])
    cli(tmp_path, db, "checkin", "--session", "1", "--absent", "3", "9")
    code, _out, err = cli(tmp_path, db, "seat", "1", ok=False)
    assert code == 1 and "session 1: 15 players present is not a multiple of 4: 1 substitute(s) missing" in err
    assert err.endswith("Every expected player is checked in or absent and no substitute is left: add 1 "
                        "substitute(s) (a player with substitute: yes), then check them in.\n")

    # Re-planning instead: the session is planned among the players present, filled up from the pool.
    cli(tmp_path, db, "settings", "--no-show", "replan")
    code, _out, err = cli(tmp_path, db, "seat", "1", ok=False)
    assert code == 1 and "1 substitute(s) missing" in err  # 14 present + 1 substitute
    cli(tmp_path, db, "checkin", "--session", "1", "--absent", "4", "5")
    cli(tmp_path, db, "seat", "1")  # 12 present: three tables, the substitute stays in the pool
    seated = sorted(int(n) for t in numbers(cli_json(tmp_path, db, "seating", "1")) for n in t)
    assert seated == [i for i in range(1, 17) if i not in (3, 4, 5, 9)]
    assert json.loads(cli(tmp_path, db, "settings")[1])["no_show"] == "replan"


def test_check_in_refusals(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    init(tmp_path, db, 8, 1)
    code, _o, err = cli(tmp_path, db, "checkin", "--session", "1", "--present", "1", "--absent", "1", ok=False)
    assert code == 1 and "both present and absent" in err
    code, _o, err = cli(tmp_path, db, "checkin", "--session", "1", "--present", "99", ok=False)
    assert code == 1 and "99" in err
    code, _o, err = cli(tmp_path, db, "checkin", "--session", "4", "--present", "1", ok=False)
    assert code == 1 and "session 4 does not exist" in err


def test_the_seating_refusal_names_who_is_not_seen_yet_and_the_substitutes_not_checked_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """20 players and 2 substitutes, 19 checked in: the refusal names player 20 (not seen
    yet) and the two substitutes nobody checked in, and says what to do, in English and in Chinese."""
    db = str(tmp_path / "t.sqlite")
    init(tmp_path, db, 20, 1, substitutes=2)
    cli(tmp_path, db, "checkin", "--session", "1", "--present", *[str(i) for i in range(1, 20)])
    code, out, err = cli(tmp_path, db, "seat", "1", ok=False)
    assert (code, out) == (1, "")
    assert err == ("mcr-tournament: session 1: 19 players present is not a multiple of 4: 1 substitute(s) missing. "
                   "Not seen yet: 20 Player 20. Check in those who are here; mark the others absent and check in "
                   "substitutes for them (not checked in yet: 21 Reserve 21, 22 Reserve 22).\n")
    with monkeypatch.context() as m:
        m.setenv("LANGUAGE", "zh")
        _c, _o, zh = cli(tmp_path, db, "seat", "1", ok=False)
    assert "20 Player 20" in zh and "21 Reserve 21, 22 Reserve 22" in zh and "Not seen" not in zh
    cli(tmp_path, db, "checkin", "--session", "1", "--absent", "20")  # all seen: the substitutes are named
    code, _out, err = cli(tmp_path, db, "seat", "1", ok=False)
    assert err.endswith("Every expected player is checked in or absent: check in 1 of the substitutes not checked "
                        "in yet (21 Reserve 21, 22 Reserve 22).\n")
    cli(tmp_path, db, "checkin", "--session", "1", "--present", "22")
    cli(tmp_path, db, "seat", "1")


def test_the_seating_says_whom_each_substitute_replaces(tmp_path: Path) -> None:
    """A no-show's seat given at the check-in and a withdrawal both show in `seating`:
    JSON ``"replaces"`` at the substitute's table (the other tables as before), the text a column."""
    db = str(tmp_path / "t.sqlite")
    init(tmp_path, db, 16, 2, substitutes=2)  # substitutes 17 and 18
    cli(tmp_path, db, "checkin", "--session", "1", "--present", *[str(i) for i in range(1, 16)], "17")
    cli(tmp_path, db, "checkin", "--session", "1", "--absent", "16")
    cli(tmp_path, db, "seat", "1")
    tables = cli_json(tmp_path, db, "seating", "1")
    [at] = [t for t in tables if "17" in t["seats"].values()]
    assert at["replaces"] == {"17": "16"} and all("replaces" not in t for t in tables if t is not at)
    _c, text, _e = cli(tmp_path, db, "seating", "1", "--format", "text")
    assert "17 for 16 Player 16" in text
    _c, csv_out, _e = cli(tmp_path, db, "seating", "1", "--format", "csv")
    assert csv_out.splitlines()[0] == "table,E,S,W,N"  # the CSV keeps its columns
    log = [e for e in cli_json(tmp_path, db, "log") if e["action"] == "stand_in"]
    assert [e["after"] for e in log] == [{"session": 1, "replaces": {"17": "16"}}]

    cli(tmp_path, db, "players", "substitute", "3", "18", "--from-session", "2")
    cli(tmp_path, db, "seat", "2")
    tables = cli_json(tmp_path, db, "seating", "2")
    assert [t["replaces"] for t in tables if "replaces" in t] == [{"18": "3"}]
