"""``mcr-tournament awards``: the prize list from the recorded hands, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

from .test_stages import cli, cli_json

CHICKEN = "[234m][678s][456p]23sNN1s"  # 无番和: nothing but the win (8 as the minimum)


def test_awards_from_the_recorded_hands(db_url: str, tmp_path: Path) -> None:
    db = db_url
    (tmp_path / "players.csv").write_text("number,name,team,substitute\n" + "".join(
        f"{i},Player {i},{'ABCD'[(i - 1) // 2]},no\n" for i in range(1, 9)) + "9,Reserve 9,,yes\n", encoding="utf-8")
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
