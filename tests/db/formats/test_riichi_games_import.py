"""The 221 real Tenhou games of ``../shared/riichi-games/games.jsonl`` replayed through ``results import`` into
``riichi-tenhou`` tournaments (issue 32 "Real games"): every hand's changes and scores, as ``results list --format
json`` gives them, and every game's final points, as ``standings --format json`` gives them, equal Tenhou's log.

The games are read from the shared folder, never copied. Tenhou's lobbies differ from the preset in three values
(docs/riichi.md "The game"): East-only games, one lobby starting at 30,000, and no tenpai-yame in the games of
2009; each kind of game is a tournament of its own, set with ``init --rule``."""

from __future__ import annotations

import contextlib
import io
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from db.commands.cli import main
from tests.scoring.riichi import riichi_games as games

GAMES = games.load_games()


def _cli(db: Path, *argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", str(db), *argv])
    assert code == 0, (argv, err.getvalue()[:2000])
    return out.getvalue()


def _rules(game: dict[str, Any]) -> tuple[str, ...]:
    return (f"start_points={game['start_scores'][0]}", f"rounds={8 if game['go_type']['hanchan'] else 4}",
            f"tenpai_yame={'false' if game['date'].startswith('200') else 'true'}")


def _value(w: dict[str, Any]) -> dict[str, Any]:
    value: dict[str, Any] = {"yakuman": w["yakuman"]} if w["yakuman"] else {"han": w["han"], "fu": w["fu"]}
    return value


_ABORTIVE = {"kyuushu_kyuuhai": "kyuushu", "suufon_renda": "suufon"}  # Tenhou's names -> the result line's


def _lines(table: int, game: dict[str, Any], numbers: list[str]) -> list[dict[str, Any]]:
    """A game's hands as result lines: Tenhou's seat k is the table's starting seat k (seat 0 deals first)."""
    out: list[dict[str, Any]] = []
    for n, r in enumerate(game["rounds"], start=1):
        o = r["outcome"]
        line: dict[str, Any] = {"session": 1, "table": table, "hand": n, "riichi": [numbers[s] for s in r["riichi"]]}
        if o["kind"] == "win" and o["wins"][0]["tsumo"]:
            w = o["wins"][0]
            line.update(type="tsumo", winner=numbers[w["winner"]], **_value(w))
            if w.get("pao") is not None:
                line["pao"] = numbers[w["pao"]]
        elif o["kind"] == "win":
            winners = []
            for w in o["wins"]:
                winners.append({"player": numbers[w["winner"]], **_value(w),
                                **({"pao": numbers[w["pao"]]} if w.get("pao") is not None else {})})
            line.update(type="ron", discarder=numbers[o["wins"][0]["from_seat"]], winners=winners)
        elif o["kind"] == "draw":
            line.update(type="draw", tenpai=[numbers[s] for s in o["tenpai"]])
        elif o["kind"] == "nagashi_mangan":
            line.update(type="nagashi", players=[numbers[s] for s in o["nagashi"]],
                        tenpai=[numbers[s] for s in o["tenpai"]])
        else:
            line.update(type="abortive", reason=_ABORTIVE.get(o["draw_type"], o["draw_type"]))
        out.append(line)
    return out


@pytest.mark.skipif(not GAMES, reason="../shared/riichi-games/games.jsonl is not here")
def test_the_221_real_games_replay_through_results_import_as_tenhou_scored_them(tmp_path: Path) -> None:
    kinds: dict[tuple[str, ...], list[dict[str, Any]]] = defaultdict(list)
    for game in GAMES:
        kinds[_rules(game)].append(game)
    replayed = hands = 0
    for k, (rules, group) in enumerate(sorted(kinds.items())):
        db = tmp_path / f"tenhou-{k}.mcr"
        _cli(db, "init", "--name", f"Tenhou {k}", "--sessions", "1", "--profile", "riichi-tenhou",
             *(a for r in rules for a in ("--rule", r)))
        csv = tmp_path / f"players-{k}.csv"
        csv.write_text("number,name\n" + "".join(f"{i},P{i}\n" for i in range(1, 4 * len(group) + 1)), encoding="utf-8")
        _cli(db, "players", "import", str(csv))
        _cli(db, "seat", "1")
        seating = {t["table"]: [t["seats"][w] for w in "ESWN"] for t in json.loads(_cli(db, "seating", "1",
                                                                                         "--format", "json"))}
        lines = [line for t, game in enumerate(group, start=1) for line in _lines(t, game, seating[t])]
        (tmp_path / f"lines-{k}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
        assert f"{len(lines)} recorded, 0 skipped, 0 rejected" in _cli(db, "results", "import",
                                                                         str(tmp_path / f"lines-{k}.jsonl"))
        listed = json.loads(_cli(db, "results", "list", "--format", "json"))
        by_table: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for item in listed:
            by_table[item["table"]].append(item)
        standings = {r["number"]: r for r in json.loads(_cli(db, "standings", "--format", "json"))}
        for t, game in enumerate(group, start=1):
            numbers = seating[t]
            for r, item in zip(game["rounds"], by_table[t], strict=True):
                where = f"{game['game_id']} hand {item['hand']}"
                assert (item["round"], item["dealer"], item["honba"], item["deposits"]) == (
                    r["round_name"], numbers[r["dealer"]], r["honba"], r["riichi_sticks"]), where
                # our deltas hold the riichi sticks paid in the hand; Tenhou's changes do not
                sticks = [1000 if s in r["riichi"] else 0 for s in range(4)]
                assert [item["deltas"][n] + sticks[i] for i, n in enumerate(numbers)] == r["score_changes"], where
                assert [item["scores"][n] for n in numbers] == r["end_scores"], where
                hands += 1
            finals = [standings[n]["sessions"][0]["raw"] for n in numbers]
            assert finals == game["final_scores"], game["game_id"]
            replayed += 1
    assert (replayed, hands) == (len(GAMES), sum(len(g["rounds"]) for g in GAMES))
