"""``mcr-tournament`` as a user runs it: real processes, exact JSON shapes, errors naming the line."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from db.commands.cli import main

EXE = shutil.which("mcr-tournament") or str(Path(sys.executable).parent / "mcr-tournament")


def run_process(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The installed console script, as a user runs it."""
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The same command line in this process (faster on a busy machine): real parser, real database."""
    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    finally:
        os.chdir(old)
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


@pytest.fixture
def seated(tmp_path: Path) -> Path:
    """init + 8 players (CSV with BOM) + session 1 seated in a known order via swaps."""
    (tmp_path / "players.csv").write_text("\ufeffnumber,name,team,country\n" + "".join(
        f"{i},Player {i},{'ABCD'[i % 4]},CN\n" for i in range(1, 9)), encoding="utf-8")
    assert run("--db", "t.sqlite", "init", "--name", "Open", "--sessions", "3", cwd=tmp_path).returncode == 0
    out = run("--db", "t.sqlite", "players", "import", "players.csv", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "8 added" in out.stdout
    out = run("--db", "t.sqlite", "seat", "1", "--seed", "3", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    return tmp_path


def test_seat_counts_its_tables_in_words_that_fit_one_table(seated: Path) -> None:
    """A final is one table: "seated: 1 table", not "1 tables"."""
    assert run("--db", "t.sqlite", "seat", "2", "--seed", "1", cwd=seated).stdout == "session 2 seated: 2 tables\n"
    (seated / "four.csv").write_text("number,name\n" + "".join(f"{i},P{i}\n" for i in range(1, 5)), encoding="utf-8")
    assert run("--db", "one.sqlite", "init", "--name", "Final", cwd=seated).returncode == 0
    assert run("--db", "one.sqlite", "players", "import", "four.csv", cwd=seated).returncode == 0
    assert run("--db", "one.sqlite", "seat", "1", cwd=seated).stdout == "session 1 seated: 1 table\n"


def seating(cwd: Path, process: bool = False) -> list[dict]:
    out = (run_process if process else run)("--db", "t.sqlite", "seating", "1", "--format", "json", cwd=cwd)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_seating_json_shape(seated: Path) -> None:
    tables = seating(seated, process=True)
    assert [t["table"] for t in tables] == [1, 2]
    for t in tables:
        assert list(t) == ["table", "seats"] and list(t["seats"]) == ["E", "S", "W", "N"]
        assert all(isinstance(v, str) for v in t["seats"].values())
    assert sorted(int(v) for t in tables for v in t["seats"].values()) == list(range(1, 9))


def test_results_import_standings_check_export(seated: Path) -> None:
    t1 = seating(seated)[0]["seats"]
    e, s_, w, n = t1["E"], t1["S"], t1["W"], t1["N"]
    lines = [
        {"session": 1, "table": 1, "hand": 1, "type": "win", "winner": e, "discarder": s_, "fan": 24},
        {"session": 1, "table": 1, "hand": 2, "type": "win", "winner": e, "self_drawn": True, "fan": 30, "flowers": 2},
        {"session": 1, "table": 1, "hand": 3, "type": "win", "winner": "99", "discarder": w, "fan": 8},
        {"session": 1, "table": 1, "hand": 3, "type": "draw"},
        {"session": 1, "table": 1, "hand": 4, "type": "penalty", "player": n, "points": 30, "settlement": "others",
         "reason": "false win"},
        {"session": 1, "table": 1, "type": "time_called", "after_hand": 3},
    ]
    (seated / "r.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n{oops\n", encoding="utf-8")
    out = run_process("--db", "t.sqlite", "results", "import", "r.jsonl", cwd=seated)
    assert out.returncode == 1
    assert 'r.jsonl line 3: "winner": player 99 is not seated at table 1' in out.stderr
    assert "r.jsonl line 7: not valid JSON" in out.stderr
    assert "Traceback" not in out.stderr
    assert "results: 5 recorded, 0 skipped, 2 rejected" in out.stdout
    out = run("--db", "t.sqlite", "results", "import", "r.jsonl", cwd=seated)  # re-run: nothing twice
    assert "results: 0 recorded, 5 skipped, 2 rejected" in out.stdout

    out = run_process("--db", "t.sqlite", "standings", "--format", "json", cwd=seated)
    rows = json.loads(out.stdout)
    assert list(rows[0]) == ["rank", "number", "name", "team", "table_points", "match_points", "sessions"]
    top = rows[0]
    assert (top["rank"], top["number"], top["table_points"], top["match_points"]) == (1, e, 4.0, 48 + 114 + 10)
    assert top["sessions"] == [{"session": 1, "table": 1, "seat": "E", "match_points": 172, "table_points": 4.0}]
    assert isinstance(top["table_points"], float) and isinstance(top["number"], str)
    unplayed = [r for r in rows if not r["sessions"]]
    assert len(unplayed) == 4 and {r["rank"] for r in unplayed} == {4}  # equal keys share a rank (0 tp, 0 mp)
    assert rows[-1]["number"] == n and rows[-1]["rank"] == 8

    out = run("--db", "t.sqlite", "standings", "--teams", "--format", "json", cwd=seated)
    teams = json.loads(out.stdout)
    assert [list(t) for t in teams] == [["rank", "team", "table_points", "match_points", "members"]] * 4
    assert sorted(m for t in teams for m in t["members"]) == sorted(str(i) for i in range(1, 9))

    out = run("--db", "t.sqlite", "results", "list", "--format", "json", cwd=seated)
    listed = json.loads(out.stdout)
    assert [x["type"] for x in listed] == ["win", "win", "draw", "penalty", "time_called"]
    assert listed[0]["payments"] == {e: 48, s_: -32, w: -8, n: -8}
    assert listed[1]["winds"] == {e: "N", s_: "E", w: "S", n: "W"} and listed[1]["dealer"] == s_

    assert run("--db", "t.sqlite", "check", cwd=seated).returncode == 0
    out = run("--db", "t.sqlite", "results", "correct", "--session", "1", "--table", "1", "--hand", "1",
              "--line", json.dumps({"type": "win", "winner": e, "discarder": w, "fan": 24}),
              "--reason", "wrong discarder", cwd=seated)
    assert out.returncode == 0, out.stderr
    log = json.loads(run("--db", "t.sqlite", "log", "--format", "json", cwd=seated).stdout)
    assert log[-1]["action"] == "correct" and log[-1]["reason"] == "wrong discarder"
    assert log[-1]["before"]["discarder"] == s_ and log[-1]["after"]["discarder"] == w

    assert run("--db", "t.sqlite", "export", "x.json", cwd=seated).returncode == 0
    out = run("--db", "copy.sqlite", "import", "x.json", cwd=seated)
    assert out.returncode == 0, out.stderr
    a = run("--db", "t.sqlite", "standings", "--format", "csv", cwd=seated).stdout
    b = run("--db", "copy.sqlite", "standings", "--format", "csv", cwd=seated).stdout
    assert a == b and a.startswith("rank,number,name,team,table_points,match_points,sessions\n")
    out = run("--db", "t.sqlite", "backup", "bk", cwd=seated)
    assert out.returncode == 0 and list((seated / "bk").glob("*-manual.mcr"))


def test_atomic_import_writes_nothing_on_a_bad_line(seated: Path) -> None:
    e = seating(seated)[0]["seats"]["E"]
    (seated / "r.jsonl").write_text(
        json.dumps({"session": 1, "table": 1, "hand": 1, "type": "draw"}) + "\n"
        + json.dumps({"session": 1, "table": 1, "hand": 2, "type": "win", "winner": e, "self_drawn": True,
                      "fan": 5}) + "\n", encoding="utf-8")
    out = run("--db", "t.sqlite", "results", "import", "--atomic", "r.jsonl", cwd=seated)
    assert out.returncode == 1
    assert 'r.jsonl line 2: "fan": 5 fans without flowers' in out.stderr
    assert "nothing recorded" in out.stderr
    assert json.loads(run("--db", "t.sqlite", "results", "list", "--format", "json", cwd=seated).stdout) == []


def test_clear_errors(tmp_path: Path) -> None:
    out = run_process("players", "list", cwd=tmp_path)
    assert out.returncode == 1 and "no database: give --db" in out.stderr
    out = run("--db", "missing.sqlite", "standings", cwd=tmp_path)
    assert out.returncode == 1 and "no such database" in out.stderr
    (tmp_path / "bad.csv").write_text("number,name\n1,A\n1,B\n", encoding="utf-8")
    run("--db", "t.sqlite", "init", "--name", "X", cwd=tmp_path)
    out = run_process("--db", "t.sqlite", "players", "import", "bad.csv", cwd=tmp_path)
    assert out.returncode == 1 and 'bad.csv line 3: "number" 1 already used on line 2' in out.stderr
    out = run("--db", "t.sqlite", "seat", "1", cwd=tmp_path)
    assert out.returncode == 1 and "no players yet" in out.stderr
    assert "Traceback" not in out.stderr


def test_demo_command(tmp_path: Path) -> None:
    out = run("--db", "d.sqlite", "demo", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert run("--db", "d.sqlite", "check", cwd=tmp_path).returncode == 0
    assert len(json.loads(run("--db", "d.sqlite", "seating", "2", "--format", "json", cwd=tmp_path).stdout)) == 4


def test_settings_command(tmp_path: Path) -> None:
    assert run("--db", "t.sqlite", "init", "--name", "X", "--profile", "gb", cwd=tmp_path).returncode == 0
    out = run("--db", "t.sqlite", "settings", "--sessions", "4", "--no-seat-changes", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["profile"], data["sessions"], data["seat_rotation"], data["frozen"]) == ("gb", 4, "fixed", False)


def test_seat_says_how_many_substitutes_are_missing(tmp_path: Path) -> None:
    (tmp_path / "p.csv").write_text("number,name\n" + "".join(f"{i},P{i}\n" for i in range(1, 15)), encoding="utf-8")
    assert run("--db", "t.sqlite", "init", "--name", "X", cwd=tmp_path).returncode == 0
    assert run("--db", "t.sqlite", "players", "import", "p.csv", cwd=tmp_path).returncode == 0
    out = run_process("--db", "t.sqlite", "seat", "1", cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == "mcr-tournament: 14 players is not a multiple of 4: 2 substitute(s) missing\n"
    out = subprocess.run([EXE, "--db", "t.sqlite", "seat", "1"], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path, env={**os.environ, "LANGUAGE": "zh"})
    assert out.stderr == "mcr-tournament: 14 名选手不是 4 的倍数：还缺 2 名替补。\n"
    out = run("--db", "t.sqlite", "seating", "1", cwd=tmp_path)
    assert out.returncode == 1 and "session 1 is not seated yet" in out.stderr


def test_seating_formats(seated: Path) -> None:
    tables = seating(seated)
    out = run("--db", "t.sqlite", "seating", "1", "--format", "csv", cwd=seated)
    assert out.stdout.splitlines() == ["table,E,S,W,N"] + [
        ",".join([str(t["table"]), *t["seats"].values()]) for t in tables]
    out = run("--db", "t.sqlite", "seating", "1", "--format", "text", cwd=seated)
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["table", "E", "E_name", "S", "S_name", "W", "W_name", "N", "N_name"]
    e = tables[1]["seats"]["E"]
    assert lines[2].split()[:4] == ["2", e, "Player", e]  # number, then name
    out = run("--db", "t.sqlite", "seating", "4", cwd=seated)
    assert out.returncode == 1 and "session 4 does not exist (this tournament has sessions 1–3)" in out.stderr


def _log(cwd: Path) -> list[dict]:
    return json.loads(run("--db", "t.sqlite", "log", "--format", "json", cwd=cwd).stdout)


def test_swaps_free_before_results_audited_after(seated: Path) -> None:
    t1, t2 = (t["seats"] for t in seating(seated))
    team = {str(i): "ABCD"[i % 4] for i in range(1, 9)}  # the fixture's teams: one of each at every table
    a = t1["E"]
    mate = next(n for n in t2.values() if team[n] == team[a])
    other = next(n for n in t2.values() if team[n] != team[a])
    entries = len(_log(seated))
    out = run("--db", "t.sqlite", "seat", "1", "--swap", a, mate, cwd=seated)
    assert out.returncode == 0 and out.stderr == ""
    log = _log(seated)
    assert len(log) == entries + 1  # one plain entry, no reason asked, not a correction
    assert (log[-1]["action"], log[-1]["reason"]) == ("seat_swap", None)
    assert seating(seated)[1]["seats"][[w for w, n in t2.items() if n == mate][0]] == a

    out = run_process("--db", "t.sqlite", "seat", "1", "--swap", mate, other, cwd=seated)  # mate joins a at t2
    assert out.returncode == 1
    x, y = sorted((a, mate), key=int)
    assert (f"players {x} (Player {x}) and {y} (Player {y}) are both in team {team[a]}: "
            "they cannot sit at table 2 of session 1 together") in out.stderr
    assert "Traceback" not in out.stderr and len(_log(seated)) == entries + 1

    (seated / "r.jsonl").write_text(json.dumps({"session": 1, "table": 2, "hand": 1, "type": "draw"}) + "\n",
                                    encoding="utf-8")
    assert run("--db", "t.sqlite", "results", "import", "r.jsonl", cwd=seated).returncode == 0
    out = run("--db", "t.sqlite", "seat", "1", "--swap", a, mate, cwd=seated)
    assert out.returncode == 1 and "a reason is required" in out.stderr
    out = run("--db", "t.sqlite", "seat", "1", "--swap", a, mate, "--reason", "sat at each other's seats", cwd=seated)
    assert out.returncode == 0, out.stderr
    log = _log(seated)
    assert (log[-1]["action"], log[-1]["reason"]) == ("seat_correction", "sat at each other's seats")
    assert log[-1]["before"] == {a: f"table 2 {[w for w, n in t2.items() if n == mate][0]}", mate: "table 1 E"}


def test_date_option_of_init_and_settings(tmp_path: Path) -> None:
    bad = run("--db", "t.sqlite", "init", "--name", "Open", "--date", "29.11.2026", cwd=tmp_path)
    assert bad.returncode == 1 and "'29.11.2026' is not a date like 2026-05-01" in bad.stderr
    assert run("--db", "t.sqlite", "init", "--name", "Open", "--date", "2026-11-28", cwd=tmp_path).returncode == 0
    out = run("--db", "t.sqlite", "settings", "--date", "2026-11-29", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["start_date"] == "2026-11-29"
    bad = run("--db", "t.sqlite", "settings", "--date", "tomorrow", cwd=tmp_path)
    assert bad.returncode == 1 and "'tomorrow' is not a date" in bad.stderr
