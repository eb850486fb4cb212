"""``mcr-tournament awards``: the prize list from the recorded hands, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

from tests.db.service.test_stages import cli, cli_json

CHICKEN = "[234m][678s][456p]23sNN1s"  # 无番和: nothing but the win (8 as the minimum)


def _players_csv(folder: Path, reserve_team: str) -> None:
    """players.csv: 1-8 in teams A-D of two, and 9 a reserve (substitute) of ``reserve_team``."""
    (folder / "players.csv").write_text("number,name,team,substitute\n" + "".join(
        f"{i},Player {i},{'ABCD'[(i - 1) // 2]},no\n" for i in range(1, 9)) + f"9,Reserve 9,{reserve_team},yes\n",
        encoding="utf-8")


def test_awards_from_the_recorded_hands(db_url: str, tmp_path: Path) -> None:
    db = db_url
    _players_csv(tmp_path, reserve_team="")
    cli(tmp_path, db, "init", "--name", "Awards", "--sessions", "2", "--hands-per-session", "4")
    cli(tmp_path, db, "players", "import", "players.csv")
    cli(tmp_path, db, "seat", "1")
    t1, t2 = ([t["seats"][w] for w in "ESWN"] for t in cli_json(tmp_path, db, "seating", "1"))
    cli(tmp_path, db, "players", "substitute", t2[3], "9", "--from-session", "1")  # 9 sits at table 2 North

    def win(session: int, table: int, hand: int, winner: str, discarder: str, **more: object) -> dict:
        return {"session": session, "table": table, "hand": hand, "type": "win", "winner": winner,
                "discarder": discarder, **more}

    chicken = {"notation": CHICKEN, "flowers": 0, "fourth_tile": False, "kong_related": False,
               "last_tile_of_wall": False}
    lines = [win(1, 1, 1, t1[0], t1[1], **chicken), win(1, 1, 2, t1[0], t1[2], fan=40),
             win(1, 1, 3, t1[1], t1[0], fan=12), {"session": 1, "table": 1, "hand": 4, "type": "draw"},
             win(1, 2, 1, "9", t2[0], fan=88), win(1, 2, 2, t2[2], t2[0], **chicken),
             win(1, 2, 3, t2[2], t2[1], **chicken), win(1, 2, 4, t2[1], t2[2], fan=16)]
    (tmp_path / "r.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    cli(tmp_path, db, "results", "import", "r.jsonl", "--atomic")
    cli(tmp_path, db, "seat", "2")
    s2 = [n for n in cli_json(tmp_path, db, "seating", "2")[0]["seats"].values() if n != "9"]  # not the substitute
    (tmp_path / "r2.jsonl").write_text(json.dumps(win(2, 1, 1, s2[0], s2[1], fan=24)) + "\n", encoding="utf-8")
    cli(tmp_path, db, "results", "import", "r2.jsonl")

    a = cli_json(tmp_path, db, "awards")
    assert set(a) >= {"best_hands", "best_hand_by_session", "chicken_hands", "most_wins", "best_team"}
    # The substitute's 88 does not count (the default): the best hands, fan first, then in playing order.
    assert [(h["session"], h["table"], h["hand"], h["player"], h["fan"]) for h in a["best_hands"]] == [
        (1, 1, 2, t1[0], 40), (2, 1, 1, s2[0], 24), (1, 2, 4, t2[1], 16), (1, 1, 3, t1[1], 12),
        (1, 1, 1, t1[0], 8), (1, 2, 2, t2[2], 8), (1, 2, 3, t2[2], 8)]
    assert set(a["best_hands"][0]) >= {"session", "table", "hand", "player", "fan", "fans"}
    assert [f["id"] for f in a["best_hands"][4]["fans"]] == ["CHICKEN_HAND"] and a["best_hands"][0]["fans"] == []
    assert [(h["session"], h["fan"]) for h in a["best_hand_by_session"]] == [(1, 40), (2, 24)]
    assert [(c["player"], c["count"]) for c in a["chicken_hands"]] == [(t2[2], 2), (t1[0], 1)]
    wins = {c["player"]: c["count"] for c in a["most_wins"]}
    assert a["most_wins"][0]["count"] == max(wins.values()) and "9" not in wins
    assert wins[t1[0]] == 2 + (s2[0] == t1[0]) and wins[t2[2]] == 2 + (s2[0] == t2[2])
    teams = cli_json(tmp_path, db, "standings", "--teams")
    assert a["best_team"] == {k: teams[0][k] for k in ("team", "table_points", "match_points", "members")}

    # The profile may count substitutes: then the 88 leads.
    cli(tmp_path, db, "settings", "--substitute-awards")
    a = cli_json(tmp_path, db, "awards")
    assert (a["best_hands"][0]["player"], a["best_hands"][0]["fan"]) == ("9", 88) and len(a["best_hands"]) == 8
    assert a["best_hand_by_session"][0]["player"] == "9"


def test_a_substitute_is_ranked_nowhere_but_counts_for_the_team(tmp_path: Path) -> None:
    """One rule for the standings, the EMA file and the prize list: the substitute 9 plays
    session 1 for team D (and wins its biggest hand) and is in none of them; the team's total has 9's points."""
    db = str(tmp_path / "t.sqlite")
    _players_csv(tmp_path, reserve_team="D")
    cli(tmp_path, db, "init", "--name", "Subs", "--sessions", "1", "--hands-per-session", "2")
    cli(tmp_path, db, "players", "import", "players.csv")
    cli(tmp_path, db, "seat", "1")
    t1, t2 = ([t["seats"][w] for w in "ESWN"] for t in cli_json(tmp_path, db, "seating", "1"))
    out = "8" if "8" in t1 + t2 else "7"
    cli(tmp_path, db, "players", "substitute", out, "9", "--from-session", "1")
    tables = [[("9" if n == out else n) for n in t] for t in (t1, t2)]
    lines = []
    for k, t in enumerate(tables, start=1):
        others = [n for n in t if n != "9"]
        first = ("9", others[0], 88) if "9" in t else (t[0], t[1], 9)  # the substitute's 88: the biggest hand
        for h, (winner, discarder, fan) in enumerate([first, (others[1], others[2], 10)], start=1):
            lines.append({"session": 1, "table": k, "hand": h, "type": "win", "winner": winner,
                          "discarder": discarder, "fan": fan})
    (tmp_path / "r.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    cli(tmp_path, db, "results", "import", "r.jsonl", "--atomic")

    _c, standings, err = cli(tmp_path, db, "standings", "--format", "json")
    ranked = json.loads(standings)
    assert "9" not in {r["number"] for r in ranked} and len(ranked) == 8
    assert [r["rank"] for r in ranked if r["sessions"]][:1] == [1] and err.startswith("not ranked (substitutes): 9 ")
    team_d = next(t for t in cli_json(tmp_path, db, "standings", "--teams") if t["team"] == "D")
    assert "9" in team_d["members"]
    # the team's points: its members' totals, the substitute's included (9 won the 88: 4 table points)
    by_number = {r["number"]: r for r in ranked}
    members = [m for m in team_d["members"] if m != "9"]
    assert team_d["table_points"] == sum(by_number[m]["table_points"] for m in members) + 4

    cli(tmp_path, db, "export", "ema.csv", "--format", "ema")
    ema = (tmp_path / "ema.csv").read_text(encoding="utf-8-sig").splitlines()
    assert len(ema) == 1 + 7 and not any("Reserve 9" in line or "RESERVE" in line for line in ema)  # 7 who played
    assert [line.split(",")[0] for line in ema[1:]][0] == '"1"'

    a = cli_json(tmp_path, db, "awards")
    assert all(h["player"] != "9" for h in a["best_hands"]) and "9" not in {c["player"] for c in a["most_wins"]}
