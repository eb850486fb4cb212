"""A Riichi event's prize list and its points (issue 32 item 5): the best hands ranked by their value (yakuman
first, then han, then fu, then the points the hand paid), the most wins, no chicken hands; and the points of
tied firsts who split the leftover deposits (a third of 1,000 each) kept exact where they are shown or
exported, with one decimal. Made with the ``mcr-tournament`` commands from real SQLite files."""

from __future__ import annotations

import contextlib
import csv
import io
import json
from pathlib import Path

from db.commands.cli import main
from db.read import queries
from db.read.games import GAME
from db.storage.store import open_database
from tests.reports.game_event import build


def _out(db: Path, *argv: str) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["--db", str(db), *argv]) == 0, argv
    return buf.getvalue()


def _tied_firsts(folder: Path) -> Path:
    """One table: East's riichi deposit left on the table by a draw with nobody in tenpai, the time called,
    then a draw with the three others in tenpai: three firsts on 31,000 share the 1,000 left over."""
    db = folder / "tied.mcr"
    _out(db, "init", "--name", "Tied", "--sessions", "1", "--profile", "riichi-ema2016")
    (folder / "p.csv").write_text("number,name,team\n1,A,x\n2,B,x\n3,C,y\n4,D,y\n", encoding="utf-8")
    _out(db, "players", "import", str(folder / "p.csv"))
    _out(db, "seat", "1")
    e, s, w, n = (json.loads(_out(db, "seating", "1", "--format", "json"))[0]["seats"][x] for x in "ESWN")
    at = {"session": 1, "table": 1}
    lines = [{**at, "hand": 1, "type": "draw", "tenpai": [], "riichi": [e]},
             {**at, "type": "time_called", "after_hand": 1},
             {**at, "hand": 2, "type": "draw", "tenpai": [s, w, n], "riichi": []}]
    (folder / "l.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    _out(db, "results", "import", str(folder / "l.jsonl"))
    return db


def test_tied_firsts_keep_their_third_of_the_deposits_in_the_points(tmp_path: Path) -> None:
    db = _tied_firsts(tmp_path)
    with open_database(db) as database, database.factory() as s:
        rows = queries.standings(s)
        teams = queries.team_standings(s)
    firsts = [r for r in rows if r.rank == 1]
    assert len(firsts) == 3 and all(abs(r.match_points - 94000 / 3) < 1e-6 for r in firsts)
    assert GAME.points_text(firsts[0].match_points) == "31,333.3"  # the desk's and the hall's points
    y = next(t for t in teams if t.team == "y")  # two of the tied firsts
    assert abs(y.match_points - 188000 / 3) < 1e-6
    as_json = {t["team"]: t for t in json.loads(_out(db, "standings", "--teams", "--format", "json"))}
    assert as_json["y"]["match_points"] == 62666.7 and as_json["x"]["match_points"] == 57333.3
    text = _out(db, "standings", "--teams").splitlines()
    assert text[1].split()[3] == "62666.7"
    rows_csv = list(csv.reader(io.StringIO(_out(db, "standings", "--teams", "--format", "csv"))))
    assert rows_csv[1][3] == "62666.7"


def test_a_games_prize_list_ranks_wins_by_yakuman_han_fu_then_points_and_has_no_chicken_hands(
        tmp_path: Path) -> None:
    db = build(tmp_path)
    with open_database(db) as database, database.factory() as s:
        a = queries.awards(s)
    assert a.game and a.chicken_hands == ()
    keys = [h.value.key for h in a.best_hands if h.value is not None]
    assert len(keys) == len(a.best_hands) == 10 and keys == sorted(keys, reverse=True)
    assert a.best_hands[0].value is not None and a.best_hands[0].value.yakuman == 1  # the yakuman tsumo first
    assert [h.value.yakuman for h in a.best_by_session if h.value] == [1, 1]  # each session's yakuman
    wins = {c.player: c.count for c in a.most_wins}
    assert sum(wins.values()) == 12 and a.most_wins[0].count == max(wins.values())  # 2 sessions: 4 + 2 wins
    as_json = json.loads(_out(db, "awards", "--format", "json"))
    first = as_json["best_hands"][0]
    assert (first["yakuman"], first["limit"]) == (1, "yakuman") and first["points"] > 0
    assert as_json["chicken_hands"] == []
    mangan = next(h for h in as_json["best_hands"] if h["limit"] == "mangan")
    assert {y["id"] for y in mangan["fans"]} >= {"riichi", "menzen_tsumo"}  # scored from its tiles: its yaku
    text = _out(db, "awards").splitlines()
    assert text[1].split()[-1] == "Yakuman" and any(line.endswith("3 han 40 fu") for line in text)
