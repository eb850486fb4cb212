"""Stages and cuts played through ``mcr-tournament`` (in-process, real parser, real database) on SQLite and
PostgreSQL, checked against the test's own computation of the cut, the carried points, the rank seating
and the final ranking."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import random
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from db.commands.cli import main

HANDS = 2
TP = (4.0, 2.0, 1.0, 0.0)


def cli(cwd: Path, db: str, *args: str, ok: bool = True) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["--db", db, *args])
    finally:
        os.chdir(old)
    if ok:
        assert code == 0, err.getvalue()
    return code, out.getvalue(), err.getvalue()


def cli_json(cwd: Path, db: str, *args: str) -> Any:
    return json.loads(cli(cwd, db, *args, "--format", "json")[1])


# ------------------------------------------------------------------ the test's own computation


def table_points(mp: Sequence[float]) -> list[float]:
    """4/2/1/0 by match points, tied players sharing the places they cover."""
    out = [0.0] * 4
    for i in range(4):
        better = sum(1 for j in range(4) if mp[j] > mp[i])
        same = sum(1 for j in range(4) if mp[j] == mp[i])
        out[i] = sum(TP[better:better + same]) / same
    return out


class Ledger:
    """Each player's match points and table points per session, from the hands the test recorded."""

    def __init__(self) -> None:
        self.mp: dict[str, dict[int, int]] = defaultdict(dict)
        self.tp: dict[str, dict[int, float]] = defaultdict(dict)

    def table(self, session: int, seats: list[str], hands: list[tuple[str, str, int]]) -> None:
        mp = dict.fromkeys(seats, 0)
        for winner, discarder, fan in hands:  # a win off a discard: F + 8 from the discarder, 8 from the others
            for p in seats:
                mp[p] += fan + 24 if p == winner else -(fan + 8) if p == discarder else -8
        tps = table_points([mp[p] for p in seats])
        for p, t in zip(seats, tps, strict=True):
            self.mp[p][session], self.tp[p][session] = mp[p], t

    def ranking(self, players: Sequence[str], sessions: range, carried: dict[str, tuple[float, float]],
                previous_rank: dict[str, int]) -> list[tuple[int, str, float, float]]:
        """(rank, number, total table points, total match points): table points, match points, best
        session, times reached (the R98 tie-breaks), then the previous stage's rank; equal keys share."""
        keyed = []
        for p in players:
            tps = [self.tp[p][k] for k in sessions if k in self.tp[p]]
            tp = carried.get(p, (0.0, 0.0))[0] + sum(tps)
            mp = carried.get(p, (0.0, 0.0))[1] + sum(self.mp[p][k] for k in sessions if k in self.mp[p])
            best = max(tps, default=0.0)
            key = (tp, mp, best, tps.count(best), -previous_rank.get(p, 0))
            keyed.append((key, p, tp, mp))
        keyed.sort(key=lambda k: int(k[1]))
        keyed.sort(key=lambda k: k[0], reverse=True)
        out: list[tuple[int, str, float, float]] = []
        for i, (key, p, tp, mp) in enumerate(keyed):
            rank = out[-1][0] if out and keyed[i - 1][0] == key else i + 1
            out.append((rank, p, tp, mp))
        return out


def play_session(cwd: Path, db: str, session: int, ledger: Ledger, rng: random.Random) -> list[list[str]]:
    """Record every hand of ``session`` (wins off a discard with distinct fan totals), as result lines."""
    tables = cli_json(cwd, db, "seating", str(session))
    lines = []
    seatings = []
    for t in tables:
        seats = [t["seats"][w] for w in "ESWN"]
        seatings.append(seats)
        hands = []
        for hand in range(1, HANDS + 1):
            winner, discarder = rng.sample(seats, 2)
            fan = rng.randrange(8, 88)
            hands.append((winner, discarder, fan))
            lines.append({"session": session, "table": t["table"], "hand": hand, "type": "win", "winner": winner,
                          "discarder": discarder, "fan": fan})
        ledger.table(session, seats, hands)
    path = cwd / f"s{session}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    cli(cwd, db, "results", "import", str(path), "--atomic")
    return seatings


def players_csv(cwd: Path, n: int, substitutes: int = 0) -> Path:
    path = cwd / "players.csv"
    path.write_text("number,name,substitute\n" + "".join(f"{i},Player {i},no\n" for i in range(1, n + 1))
                    + "".join(f"{i},Reserve {i},yes\n" for i in range(n + 1, n + substitutes + 1)), encoding="utf-8")
    return path


def init(cwd: Path, db: str, players: int, sessions: int, substitutes: int = 0) -> None:
    cli(cwd, db, "init", "--name", "Staged Open", "--sessions", str(sessions), "--hands-per-session", str(HANDS))
    cli(cwd, db, "players", "import", str(players_csv(cwd, players, substitutes)))


# ------------------------------------------------------------------ the test event


def test_a_staged_event_played_through_the_command_line(db_url: str, tmp_path: Path) -> None:
    """32 players, 3 qualifying sessions; the top 16 play a semi-final of 2 sessions with half carried;
    the top 4 of it a final of 1 session with nothing carried; rank seating in both."""
    db, rng, ledger = db_url, random.Random(21), Ledger()
    init(tmp_path, db, 32, 3)
    cli(tmp_path, db, "stage", "add", "Semi", "--sessions", "2", "--cut", "16", "--carry", "half", "--seating", "rank")
    cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "none",
        "--seating", "rank")
    assert cli_json(tmp_path, db, "stage", "list") == [
        {"name": "Semi", "first_session": 4, "sessions": 2, "cut": 16, "carry": "half", "seating": "rank",
         "players": None, "tie": None},
        {"name": "Final", "first_session": 6, "sessions": 1, "cut": 4, "carry": "none", "seating": "rank",
         "players": None, "tie": None}]
    everyone = [str(i) for i in range(1, 33)]

    for k in (1, 2, 3):
        cli(tmp_path, db, "seat", str(k), "--seed", "7")
        if k == 1:  # the qualifying plan covers the qualifying sessions only, and the semi waits for it
            code, _out, err = cli(tmp_path, db, "seat", "4", ok=False)
            assert code == 1 and "'Semi'" in err and "'qualifying'" in err and "not complete" in err
        play_session(tmp_path, db, k, ledger, rng)
        assert [len(t["seats"]) for t in cli_json(tmp_path, db, "seating", str(k))] == [4] * 8

    qualifying = ledger.ranking(everyone, range(1, 4), {}, {})
    assert qualifying[15][0] != qualifying[16][0], "the seed gives no tie at the cut (another test covers one)"
    top16 = [p for _r, p, _tp, _mp in qualifying[:16]]
    stages = cli_json(tmp_path, db, "stage", "list")
    assert stages[0]["players"] == top16 and stages[1]["players"] is None

    # The semi-final: half of the qualifying totals carried, seated by rank.
    semi = cli_json(tmp_path, db, "standings", "--stage", "Semi")
    q_rank = {p: r for r, p, _tp, _mp in qualifying}
    q_totals = {p: (tp, mp) for _r, p, tp, mp in qualifying}
    assert [r["number"] for r in semi] == top16
    for row in semi:
        tp, mp = q_totals[row["number"]]
        assert row["carried_table_points"] == tp / 2 and row["carried_match_points"] == mp / 2
        assert row["table_points"] == tp / 2 and row["match_points"] == mp / 2 and row["sessions"] == []
        assert set(row) == {"rank", "number", "name", "team", "table_points", "match_points", "sessions",
                            "carried_table_points", "carried_match_points"}
    cli(tmp_path, db, "seat", "4")
    tables4 = play_session(tmp_path, db, 4, ledger, rng)
    assert [set(t) for t in tables4] == [set(top16[i:i + 4]) for i in range(0, 16, 4)]
    carried_semi = {p: (q_totals[p][0] / 2, q_totals[p][1] / 2) for p in top16}
    after4 = ledger.ranking(top16, range(4, 5), carried_semi, q_rank)
    cli(tmp_path, db, "seat", "5")
    tables5 = play_session(tmp_path, db, 5, ledger, rng)
    by_rank = [p for _r, p, _tp, _mp in after4]
    assert [set(t) for t in tables5] == [set(by_rank[i:i + 4]) for i in range(0, 16, 4)]
    semi_ranking = ledger.ranking(top16, range(4, 6), carried_semi, q_rank)
    assert semi_ranking[3][0] != semi_ranking[4][0]
    semi = cli_json(tmp_path, db, "standings", "--stage", "Semi")
    assert [(r["rank"], r["number"], r["table_points"], r["match_points"]) for r in semi] == semi_ranking

    # The final: the top 4 of the semi-final, nothing carried, one table.
    top4 = [p for _r, p, _tp, _mp in semi_ranking[:4]]
    assert cli_json(tmp_path, db, "stage", "list")[1]["players"] == top4
    final = cli_json(tmp_path, db, "standings", "--stage", "Final")
    assert [(r["number"], r["carried_table_points"], r["carried_match_points"]) for r in final] == \
        [(p, 0.0, 0) for p in top4]
    cli(tmp_path, db, "seat", "6")
    assert [set(t) for t in play_session(tmp_path, db, 6, ledger, rng)] == [set(top4)]
    s_rank = {p: r for r, p, _tp, _mp in semi_ranking}
    final_ranking = ledger.ranking(top4, range(6, 7), {}, s_rank)

    # The final ranking: the final's four, then the semi-final's other twelve, then the qualifying's sixteen.
    expected = [(r, p) for r, p, _tp, _mp in final_ranking]
    expected += [(5 + sum(1 for r2, _p, _a, _b in semi_ranking[4:] if r2 < r), p) for r, p, _tp, _mp in semi_ranking[4:]]
    expected += [(17 + sum(1 for r2, _p, _a, _b in qualifying[16:] if r2 < r), p) for r, p, _tp, _mp in qualifying[16:]]
    standings = cli_json(tmp_path, db, "standings")
    assert [(r["rank"], r["number"]) for r in standings] == expected
    # the keys that were stay as they were; a staged event's rows add "stage": what places the player
    assert list(standings[0]) == ["rank", "number", "name", "team", "table_points", "match_points", "sessions",
                                  "stage"]
    _r, _p, final_tp, final_mp = final_ranking[0]
    assert standings[0]["stage"] == {"name": "Final", "table_points": final_tp, "match_points": final_mp,
                                     "carried_table_points": 0.0, "carried_match_points": 0}
    fifth = semi_ranking[4]
    assert standings[4]["stage"]["name"] == "Semi" and standings[4]["number"] == fifth[1]
    assert (standings[4]["stage"]["table_points"], standings[4]["stage"]["match_points"]) == (fifth[2], fifth[3])
    assert standings[-1]["stage"]["name"] == "qualifying"
    first = standings[0]  # the points shown stay the player's totals over every session played
    assert first["table_points"] == sum(ledger.tp[first["number"]].values())
    assert first["match_points"] == sum(ledger.mp[first["number"]].values())
    assert len(first["sessions"]) == 6
    log = cli_json(tmp_path, db, "log")
    assert [e["what"] for e in log if e["action"] == "stage"] == ["stage 'Semi' added", "stage 'Final' added"]

    # The EMA results file places the players by the final ranking.
    cli(tmp_path, db, "export", "ema.csv", "--format", "ema")
    rows = list(csv.reader(io.StringIO((tmp_path / "ema.csv").read_text(encoding="utf-8-sig"))))
    names = {r["number"]: r["name"] for r in standings}
    assert [(int(r[0]), f"{r[1]} {r[2]}") for r in rows[1:]] == [(rank, names[p]) for rank, p in expected]


def _stage_after_one_played_session(tmp_path: Path, db: str, players: int, seed: int, *stage: str,
                                    substitutes: int = 0) -> tuple[random.Random, Ledger]:
    """``players`` players (and ``substitutes``), one qualifying session, then ``stage add *stage``; session 1
    seated and played with ``random.Random(seed)``: (the random source, the ledger), to play on."""
    rng, ledger = random.Random(seed), Ledger()
    init(tmp_path, db, players, 1, substitutes=substitutes)
    cli(tmp_path, db, "stage", "add", *stage)
    cli(tmp_path, db, "seat", "1")
    play_session(tmp_path, db, 1, ledger, rng)
    return rng, ledger


def test_a_stage_seated_spread_plans_its_own_sessions_among_its_players(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    rng, ledger = _stage_after_one_played_session(tmp_path, db, 16, 4, "Top8", "--sessions", "2", "--cut", "8",
                                                  "--carry", "full", "--seating", "spread")
    top8 = cli_json(tmp_path, db, "stage", "list")[0]["players"]
    assert top8 == [p for _r, p, _tp, _mp in ledger.ranking([str(i) for i in range(1, 17)], range(1, 2), {}, {})[:8]]
    for k in (2, 3):
        cli(tmp_path, db, "seat", str(k), "--method", "standings")  # the stage's rule decides, not --method
        tables = play_session(tmp_path, db, k, ledger, rng)
        assert sorted(p for t in tables for p in t) == sorted(top8)
    two, three = (cli_json(tmp_path, db, "seating", str(k)) for k in (2, 3))
    assert [set(t["seats"].values()) for t in two] != [set(t["seats"].values()) for t in three]


def test_a_tie_at_the_cut_is_named_and_the_organiser_decides(db_url: str, tmp_path: Path) -> None:
    """12 players, 1 qualifying session whose three tables end alike: the three Norths share every
    tie-break on the line for the 4th place; the final cannot be seated until the organiser decides."""
    db = db_url
    init(tmp_path, db, 12, 1)
    cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "full",
        "--seating", "snake")
    cli(tmp_path, db, "seat", "1")
    lines = []
    seats = cli_json(tmp_path, db, "seating", "1")
    for t in seats:
        e, s_, w, _n = (t["seats"][x] for x in "ESWN")
        # E wins twice (off S, then off W): E 1st (more at a higher table), N 2nd with -16 at every table
        lines += [{"session": 1, "table": t["table"], "hand": 1, "type": "win", "winner": e, "discarder": s_,
                   "fan": 8 + t["table"]},
                  {"session": 1, "table": t["table"], "hand": 2, "type": "win", "winner": e, "discarder": w,
                   "fan": 8}]
    (tmp_path / "r.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    cli(tmp_path, db, "results", "import", "r.jsonl")
    norths = sorted((t["seats"]["N"] for t in seats), key=int)
    easts = [t["seats"]["E"] for t in sorted(seats, key=lambda t: -t["table"])]
    stage = cli_json(tmp_path, db, "stage", "list")[0]
    assert stage["players"] is None and stage["tie"] == {"players": norths, "places": 1}
    code, _out, err = cli(tmp_path, db, "seat", "2", ok=False)
    assert code == 1 and "'Final'" in err and ", ".join(norths) in err and "stage decide" in err
    code, _out, err = cli(tmp_path, db, "standings", "--stage", "Final", ok=False)
    assert code == 1 and "tie at the cut" in err
    code, _out, err = cli(tmp_path, db, "stage", "decide", "Final", "--advance", *norths[:2], ok=False)
    assert code == 1 and "name 1 of the tied players" in err
    cli(tmp_path, db, "stage", "decide", "Final", "--advance", norths[1])
    players = cli_json(tmp_path, db, "stage", "list")[0]["players"]
    assert players == easts + [norths[1]]
    cli(tmp_path, db, "seat", "2")
    assert [set(t["seats"].values()) for t in cli_json(tmp_path, db, "seating", "2")] == [set(players)]
    standings = cli_json(tmp_path, db, "standings")
    assert [(r["rank"], r["number"]) for r in standings[:6]] == \
        [(1, easts[0]), (2, easts[1]), (3, easts[2]), (4, norths[1]), (5, norths[0]), (5, norths[2])]
    decided = [e for e in cli_json(tmp_path, db, "log") if e["action"] == "stage"][-1]
    assert decided["after"] == {"tied": norths, "advance": [norths[1]]}


def test_stage_add_refusals(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    init(tmp_path, db, 8, 2)
    code, _o, err = cli(tmp_path, db, "stage", "add", "Semi", "--sessions", "1", "--cut", "6", "--carry", "full",
                        "--seating", "rank", ok=False)
    assert code == 1 and "multiple of 4" in err
    cli(tmp_path, db, "stage", "add", "Semi", "--sessions", "1", "--cut", "4", "--carry", "full", "--seating", "spread")
    code, _o, err = cli(tmp_path, db, "stage", "add", "semi", "--sessions", "1", "--cut", "4", "--carry", "full",
                        "--seating", "rank", ok=False)
    assert code == 1 and "already a stage" in err
    code, _o, err = cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "8", "--carry", "full",
                        "--seating", "rank", ok=False)
    assert code == 1 and "at most the previous stage's cut (4)" in err
    code, _o, err = cli(tmp_path, db, "settings", "--sessions", "5", ok=False)
    assert code == 1 and "change with its stages" in err
    code, _o, err = cli(tmp_path, db, "standings", "--stage", "Nope", ok=False)
    assert code == 1 and "no stage 'Nope'" in err
    assert json.loads(cli(tmp_path, db, "settings")[1])["sessions"] == 3


def test_a_substitute_comes_in_after_the_qualifying_plan_of_a_staged_event(tmp_path: Path) -> None:
    """The qualifying plan covers the qualifying sessions only (the stage's sessions are not planned):
    a substitution rewrites the plan it has."""
    db = str(tmp_path / "t.sqlite")
    init(tmp_path, db, 8, 2, substitutes=1)
    cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "none", "--seating", "rank")
    cli(tmp_path, db, "seat", "1")
    cli(tmp_path, db, "players", "substitute", "3", "9", "--from-session", "1")
    cli(tmp_path, db, "seat", "2")
    assert "9" in {p for t in cli_json(tmp_path, db, "seating", "2") for p in t["seats"].values()}


def test_a_player_withdrawn_before_a_stage_gives_their_place_to_the_next(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    rng, ledger = _stage_after_one_played_session(tmp_path, db, 8, 8, "Final", "--sessions", "1", "--cut", "4",
                                                  "--carry", "full", "--seating", "rank", substitutes=1)
    ranked = [p for _r, p, _tp, _mp in ledger.ranking([str(i) for i in range(1, 9)], range(1, 2), {}, {})]
    assert cli_json(tmp_path, db, "stage", "list")[0]["players"] == ranked[:4]
    cli(tmp_path, db, "players", "substitute", ranked[1], "9", "--from-session", "2")  # the 2nd withdraws
    assert cli_json(tmp_path, db, "stage", "list")[0]["players"] == [ranked[0], *ranked[2:5]]
    cli(tmp_path, db, "seat", "2")
    assert {p for t in cli_json(tmp_path, db, "seating", "2") for p in t["seats"].values()} == \
        {ranked[0], *ranked[2:5]}


def test_stages_and_the_check_in_desk_survive_an_export_and_import(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    _stage_after_one_played_session(tmp_path, db, 8, 3, "Final", "--sessions", "1", "--cut", "4",
                                    "--carry", "half", "--seating", "snake", substitutes=1)
    cli(tmp_path, db, "checkin", "--session", "2", "--present", "9", "--absent", "1")
    cli(tmp_path, db, "export", "all.json")
    copy = str(tmp_path / "copy.sqlite")
    cli(tmp_path, copy, "import", "all.json")
    for args in (("stage", "list"), ("checkin", "--session", "2"), ("standings", "--stage", "Final"), ("standings",)):
        assert cli_json(tmp_path, copy, *args) == cli_json(tmp_path, db, *args), args


def test_check_names_a_stage_seated_with_players_a_correction_cut_out(tmp_path: Path) -> None:
    """The final is seated, then a qualifying hand is corrected so that another player makes the cut:
    ``check`` names the stage, the session and the players seated who are no longer among its players."""
    db = str(tmp_path / "t.sqlite")
    init(tmp_path, db, 8, 1)
    cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "none", "--seating", "rank")
    cli(tmp_path, db, "seat", "1")
    tables = [[t["seats"][w] for w in "ESWN"] for t in cli_json(tmp_path, db, "seating", "1")]
    lines = [{"session": 1, "table": k, "hand": h, "type": "win", "winner": tbl[0], "discarder": tbl[h], "fan": 8 * k}
             for k, tbl in enumerate(tables, start=1) for h in (1, 2)]
    (tmp_path / "r.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    cli(tmp_path, db, "results", "import", "r.jsonl")
    assert cli(tmp_path, db, "check")[1] == "check: no problems\n"
    before = cli_json(tmp_path, db, "stage", "list")[0]["players"]
    cli(tmp_path, db, "seat", "2")
    # table 1's second hand was South's 80 off West: South tops table 1, its North (2nd before) drops out
    cli(tmp_path, db, "results", "correct", "--session", "1", "--table", "1", "--hand", "2", "--reason", "misread",
        "--line", json.dumps({"type": "win", "winner": tables[0][1], "discarder": tables[0][2], "fan": 80}))
    after = cli_json(tmp_path, db, "stage", "list")[0]["players"]
    assert set(before) - set(after) == {tables[0][3]}
    code, _out, err = cli(tmp_path, db, "check", ok=False)
    gone = sorted(set(before) - set(after), key=int)
    assert code == 1 and f"stage 'Final' session 2: players {', '.join(gone)} are seated but not" in err


def test_a_table_signed_off_early_counts_as_finished_for_the_next_stage(db_url: str, tmp_path: Path) -> None:
    """Table 2 plays one hand of two and is signed off with a reason (time ran out): the qualifying stage
    is complete, the final's players are known and its session can be seated."""
    db = db_url
    init(tmp_path, db, 8, 1)
    cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "none", "--seating", "rank")
    cli(tmp_path, db, "seat", "1")
    lines = []
    for t in cli_json(tmp_path, db, "seating", "1"):
        seats = [t["seats"][w] for w in "ESWN"]
        if t["table"] == 1:
            lines += [{"session": 1, "table": 1, "hand": hand, "type": "win", "winner": seats[2 * hand - 2],
                       "discarder": seats[1], "fan": 8 + 10 * hand} for hand in range(1, HANDS + 1)]
        else:  # one self-drawn hand: the three others tie below the 4th of table 1 (-16), no tie at the cut
            lines.append({"session": 1, "table": 2, "hand": 1, "type": "win", "winner": seats[0], "self_drawn": True,
                          "fan": 20})
    (tmp_path / "s1.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    cli(tmp_path, db, "results", "import", str(tmp_path / "s1.jsonl"), "--atomic")
    assert cli_json(tmp_path, db, "stage", "list")[0]["players"] is None  # table 2 still plays
    cli(tmp_path, db, "results", "sign-off", "--session", "1", "--table", "2", "--reason", "time ran out")
    players = cli_json(tmp_path, db, "stage", "list")[0]["players"]
    assert players is not None and len(players) == 4
    cli(tmp_path, db, "seat", "2")
    assert {p for t in cli_json(tmp_path, db, "seating", "2") for p in t["seats"].values()} == set(players)


def test_a_substitute_takes_a_withdrawn_finalists_place_from_the_session_named(db_url: str, tmp_path: Path) -> None:
    """The final's leader withdraws after its first session (``players substitute OLD 9 --from-session 3``):
    the check-in desk expects the substitute, not the withdrawn player; the next session is seated with the
    substitute in the leader's place (rank seating), set_seating accepts them, ``check`` names no stranger;
    with the substitute marked absent, the refusal counts no withdrawn player as not seen."""
    from db.service.seats import set_seating
    from db.storage.store import open_database
    from tests.db.helpers import ACTOR

    db, rng, ledger = db_url, random.Random(5), Ledger()
    init(tmp_path, db, 8, 1, substitutes=1)
    cli(tmp_path, db, "stage", "add", "Final", "--sessions", "2", "--cut", "4", "--carry", "half", "--seating", "rank")
    cli(tmp_path, db, "seat", "1")
    play_session(tmp_path, db, 1, ledger, rng)
    cli(tmp_path, db, "seat", "2")
    play_session(tmp_path, db, 2, ledger, rng)
    ranked = [row["number"] for row in cli_json(tmp_path, db, "standings", "--stage", "Final")]
    leader, others = ranked[0], ranked[1:]
    cli(tmp_path, db, "players", "substitute", leader, "9", "--from-session", "3")
    assert cli_json(tmp_path, db, "checkin", "--session", "3")["not_seen"] == sorted([*others, "9"], key=int)
    cli(tmp_path, db, "seat", "3")
    seats = cli_json(tmp_path, db, "seating", "3")
    assert {p for t in seats for p in t["seats"].values()} == {*others, "9"}
    assert "no problems" in cli(tmp_path, db, "check")[1]
    with open_database(db) as database, database.factory.begin() as s:
        set_seating(s, 3, [["9", *others]], actor=ACTOR)
    cli(tmp_path, db, "checkin", "--session", "3", "--present", *others, "--absent", "9")
    code, _out, err = cli(tmp_path, db, "seat", "3", ok=False)
    assert code == 1 and "3 players present" in err and "1 substitute(s) missing. Every expected player" in err


# ------------------------------------------------------------------ stages at set-up


def test_a_final_added_by_mistake_after_the_planned_sessions_is_removed_and_made_of_the_last_one(
        db_url: str, tmp_path: Path) -> None:
    """A 3-session tournament: `stage add` appends the final as session 4; `stage remove` takes it back
    (audited), `--last-planned` makes session 3 the final instead, and its seating (made for everyone)
    goes with it."""
    db = db_url
    init(tmp_path, db, 8, 3)
    cli(tmp_path, db, "seat", "1")
    cli(tmp_path, db, "seat", "3")
    _c, out, _e = cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "half",
                      "--seating", "rank")
    assert out == "stage 'Final' added: session 4, top 4, half carried, rank seating\n"
    _c, out, _e = cli(tmp_path, db, "stage", "remove", "Final")
    assert out == "stage 'Final' removed: the tournament has 3 sessions\n"
    assert cli_json(tmp_path, db, "stage", "list") == []
    assert json.loads(cli(tmp_path, db, "settings")[1])["sessions"] == 3
    _c, out, _e = cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "half",
                      "--seating", "rank", "--last-planned")
    assert out == ("stage 'Final' added: session 3, top 4, half carried, rank seating\n"
                   "qualifying: sessions 1–2\n")
    [final] = cli_json(tmp_path, db, "stage", "list")
    assert (final["first_session"], final["sessions"]) == (3, 1)
    assert json.loads(cli(tmp_path, db, "settings")[1])["sessions"] == 3
    assert "session 3 is not seated yet" in cli(tmp_path, db, "seating", "3", ok=False)[2]
    assert len(cli_json(tmp_path, db, "seating", "1")) == 2
    log = json.loads(cli(tmp_path, db, "log", "--format", "json")[1])
    assert [e["what"] for e in log if e["action"] == "stage"] == \
        ["stage 'Final' added", "stage 'Final' removed", "stage 'Final' added"]
    assert any(e["action"] == "seat_delete" and e["what"] == "seating of session 3" for e in log)


def test_a_stage_without_results_is_changed_and_later_stages_move_with_it(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    init(tmp_path, db, 16, 2)
    cli(tmp_path, db, "stage", "add", "Semi", "--sessions", "1", "--cut", "8", "--carry", "half", "--seating", "rank")
    cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "none", "--seating", "rank")
    _c, out, _e = cli(tmp_path, db, "stage", "change", "Semi", "--sessions", "2", "--seating", "snake",
                      "--rename", "Semi-final")
    assert out == "stage 'Semi-final' changed: sessions 3–4, top 8, half carried, snake seating\n"
    stages = {v["name"]: (v["first_session"], v["sessions"], v["cut"], v["seating"])
              for v in cli_json(tmp_path, db, "stage", "list")}
    assert stages == {"Semi-final": (3, 2, 8, "snake"), "Final": (5, 1, 4, "rank")}
    assert json.loads(cli(tmp_path, db, "settings")[1])["sessions"] == 5
    cli(tmp_path, db, "stage", "change", "Final", "--cut", "8")
    code, _o, err = cli(tmp_path, db, "stage", "change", "Semi-final", "--cut", "4", ok=False)
    assert code == 1 and "the cut must be at least the next stage's cut (8): not 4" in err
    code, _o, err = cli(tmp_path, db, "stage", "change", "Final", "--cut", "12", ok=False)
    assert code == 1 and "at most the previous stage's cut (8)" in err
    # removing the semi-final with its sessions kept: they go to the qualifying stage, the final follows
    _c, out, _e = cli(tmp_path, db, "stage", "remove", "Semi-final", "--keep-sessions")
    assert out == "stage 'Semi-final' removed: the tournament has 5 sessions\n"
    assert [(v["name"], v["first_session"]) for v in cli_json(tmp_path, db, "stage", "list")] == [("Final", 5)]
    code, _o, err = cli(tmp_path, db, "stage", "remove", "Nope", ok=False)
    assert code == 1 and "there is no stage 'Nope' (stages: Final)" in err


def test_a_stage_with_results_is_neither_changed_nor_removed(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    rng, ledger = _stage_after_one_played_session(tmp_path, db, 8, 7, "Final", "--sessions", "1", "--cut", "4",
                                                  "--carry", "half", "--seating", "rank")
    cli(tmp_path, db, "seat", "2")
    play_session(tmp_path, db, 2, ledger, rng)
    for args in (("remove", "Final"), ("change", "Final", "--carry", "full"), ("change", "Final", "--sessions", "2")):
        code, out, err = cli(tmp_path, db, "stage", *args, ok=False)
        assert (code, out) == (1, "")
        assert err.strip().endswith("stage 'Final' can no longer be changed or removed: session 2 has results "
                                    "(correct the results instead)")
    code, _o, err = cli(tmp_path, db, "stage", "add", "Top", "--sessions", "1", "--cut", "4", "--carry", "half",
                        "--seating", "rank", "--last-planned", ok=False)
    assert code == 1 and "the last planned sessions are stage 'Final''s" in err
    # a rename changes no result: allowed
    cli(tmp_path, db, "stage", "change", "Final", "--rename", "Grand final")
    assert [v["name"] for v in cli_json(tmp_path, db, "stage", "list")] == ["Grand final"]


def test_the_last_planned_sessions_with_results_do_not_become_a_stage(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    rng, ledger = random.Random(3), Ledger()
    init(tmp_path, db, 8, 2)
    cli(tmp_path, db, "seat", "2")
    play_session(tmp_path, db, 2, ledger, rng)
    code, _o, err = cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "half",
                        "--seating", "rank", "--last-planned", ok=False)
    assert code == 1 and "session 2 has results: it cannot become a session of stage 'Final'" in err
    code, _o, err = cli(tmp_path, db, "stage", "add", "Final", "--sessions", "2", "--cut", "4", "--carry", "half",
                        "--seating", "rank", "--last-planned", ok=False)
    assert code == 1 and "the qualifying stage keeps at least one" in err
    assert cli_json(tmp_path, db, "stage", "list") == []



def test_a_stage_whose_sessions_have_check_ins_or_a_clock_is_not_removed_nor_renumbered(tmp_path: Path) -> None:
    """The review's reproduction: the semi-final's check-in and running clock stayed under
    session 2 when the semi-final was removed, and the final, taking the number, counted a finalist absent,
    seated a substitute in his place and called time after hand 0. Refused now, naming what is there; a
    change that keeps session 2's number, and the numbers kept (`--keep-sessions`), are allowed. The players'
    page hiding the standings after a session that would move, and a substitute joining from it, are
    refused the same way."""
    db = str(tmp_path / "t.sqlite")
    init(tmp_path, db, 8, 1, substitutes=4)
    cli(tmp_path, db, "stage", "add", "Semi", "--sessions", "1", "--cut", "8", "--carry", "half", "--seating", "rank")
    cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "half",
        "--seating", "rank")
    cli(tmp_path, db, "checkin", "--session", "2", "--absent", "1", "--present", *map(str, range(2, 10)))
    cli(tmp_path, db, "clock", "start", "--session", "2", "--minutes", "1")
    code, out, err = cli(tmp_path, db, "stage", "remove", "Semi", ok=False)
    assert (code, out) == (1, "")
    assert err.strip().endswith(
        "stage 'Semi' cannot be removed nor its sessions renumbered: session 2 already has check-ins, the session "
        "clock, which would pass to the stage taking its number (undo it first, or keep the numbers: "
        "`stage remove --keep-sessions`)")
    assert [(v["name"], v["first_session"]) for v in cli_json(tmp_path, db, "stage", "list")] == \
        [("Semi", 2), ("Final", 3)]
    cli(tmp_path, db, "stage", "change", "Semi", "--sessions", "2")  # session 2 keeps its number
    assert [(v["name"], v["first_session"]) for v in cli_json(tmp_path, db, "stage", "list")] == \
        [("Semi", 2), ("Final", 4)]
    cli(tmp_path, db, "settings", "--hide-standings-after", "3")
    code, _o, err = cli(tmp_path, db, "stage", "change", "Semi", "--sessions", "1", ok=False)
    assert code == 1 and "session 3 already has the players' page hiding the standings after it" in err
    cli(tmp_path, db, "settings", "--hide-standings-after", "0")
    cli(tmp_path, db, "stage", "change", "Semi", "--sessions", "1")
    _c, out, _e = cli(tmp_path, db, "stage", "remove", "Semi", "--keep-sessions")
    assert out == "stage 'Semi' removed: the tournament has 3 sessions\n"
    assert [(v["name"], v["first_session"]) for v in cli_json(tmp_path, db, "stage", "list")] == [("Final", 3)]
    cli(tmp_path, db, "players", "substitute", "8", "12", "--from-session", "3")
    code, _o, err = cli(tmp_path, db, "stage", "remove", "Final", ok=False)
    assert code == 1 and "session 3 already has a player withdrawn or a substitute joined from it" in err


def test_a_stage_whose_tables_have_device_links_is_not_removed(tmp_path: Path) -> None:
    """The semi-final's phones would record into the final that takes its session number."""
    from db.service.devices import device_links
    from db.storage.store import open_database
    from tests.db.helpers import ACTOR

    db, rng = str(tmp_path / "t.sqlite"), random.Random(11)
    init(tmp_path, db, 8, 1, substitutes=4)
    cli(tmp_path, db, "stage", "add", "Semi", "--sessions", "1", "--cut", "8", "--carry", "half", "--seating", "rank")
    cli(tmp_path, db, "stage", "add", "Final", "--sessions", "1", "--cut", "4", "--carry", "half",
        "--seating", "rank")
    cli(tmp_path, db, "seat", "1")
    play_session(tmp_path, db, 1, Ledger(), rng)
    cli(tmp_path, db, "seat", "2")
    with open_database(db) as database, database.factory.begin() as s:
        device_links(s, 2, actor=ACTOR)
    code, _o, err = cli(tmp_path, db, "stage", "remove", "Semi", ok=False)
    assert code == 1 and "session 2 already has device links, which would pass" in err
    assert len(cli_json(tmp_path, db, "seating", "2")) == 2  # one transaction: the seating is still there
