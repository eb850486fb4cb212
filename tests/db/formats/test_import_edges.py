"""Import edge cases of the probe (D7): a results line without a newline read in linear time and
bounded memory, no empty tournament left by a failed ``import``, a pipe read without hanging (a device refused),
and format characters that reorder text (a right-to-left override) refused in names while harmless invisible marks
are removed. Real parser, real files."""

from __future__ import annotations

import io
import json
import os
import subprocess
import time
from pathlib import Path

import pytest
from sqlalchemy import select, update

from db import open_database
from db.errors import InputError
from db.formats.text_files import byte_lines
from db.models import Player
from db.rules.limits import check_text
from db.service.players import PlayerInput, import_players
from db.service.tournament import create_tournament
from tests.db.commands import test_cli
from tests.db.commands.test_cli import EXE, run
from tests.db.helpers import ACTOR

seated = test_cli.seated  # the fixture: init, 8 players, session 1 seated

DB = ("--db", "t.sqlite")


def test_a_long_line_without_a_newline_is_read_in_linear_time() -> None:
    data = b"x" * (16 * 2**20)  # 16 MiB, no line end: each 64 KiB chunk re-scanned the line so far (~10 s)
    started = time.perf_counter()
    lines = list(byte_lines(io.BytesIO(data), "r.jsonl"))
    took = time.perf_counter() - started
    assert [(x.number, len(x.data)) for x in lines] == [(1, len(data))]
    assert took < 3.0, took
    started = time.perf_counter()
    cut = list(byte_lines(io.BytesIO(data + b"\n{}\n"), "r.jsonl", line_limit=16 * 1024))
    assert time.perf_counter() - started < 3.0
    assert [(x.number, x.offset, x.data, x.cut) for x in cut] == [(1, 0, b"\n", len(data)),
                                                                  (2, len(data) + 1, b"{}\n", 0)]


def test_a_results_line_over_the_limit_is_refused_with_its_size_and_the_next_line_is_read(seated: Path) -> None:
    good = json.dumps({"session": 1, "table": 1, "hand": 1, "type": "draw"})
    long_line = '{"session": 1, "note": "' + "y" * 200_000 + '"}'
    (seated / "r.jsonl").write_text(long_line + "\r\n" + good + "\n", encoding="utf-8")
    out = run(*DB, "results", "import", "r.jsonl", cwd=seated)
    assert out.returncode == 1 and "1 recorded, 0 skipped, 1 rejected" in out.stdout
    assert f"r.jsonl line 1: the line has {len(long_line)} bytes: a result line has at most 16384" in out.stderr


def test_a_failed_import_leaves_no_empty_tournament_behind(tmp_path: Path) -> None:
    (tmp_path / "zeros.json").write_bytes(bytes(1000))
    (tmp_path / "wrong.json").write_text('{"format": 5}', encoding="utf-8")
    for name in ("zeros", "wrong"):
        out = run("--db", f"{name}.mcr", "import", f"{name}.json", cwd=tmp_path)
        assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(f"{name}.mcr")]
    # a retry with a good file then works from nothing
    assert run("--db", "a.mcr", "init", "--name", "Open", cwd=tmp_path).returncode == 0
    assert run("--db", "a.mcr", "export", "good.json", cwd=tmp_path).returncode == 0
    assert run("--db", "zeros.mcr", "import", "good.json", cwd=tmp_path).returncode == 0


def test_a_failed_import_into_an_existing_file_keeps_that_file(seated: Path) -> None:
    (seated / "zeros.json").write_bytes(bytes(10))
    before = (seated / "t.sqlite").stat().st_size
    out = run(*DB, "import", "zeros.json", cwd=seated)
    assert out.returncode == 1 and (seated / "t.sqlite").stat().st_size == before
    assert run(*DB, "check", cwd=seated).returncode == 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_without_a_writer_reads_as_empty_at_once(seated: Path) -> None:
    os.mkfifo(seated / "players.pipe")
    # before the first fix: open() waited for a writer for ever (the timeout fails the test)
    out = subprocess.run([EXE, *DB, "players", "import", "players.pipe"], capture_output=True, text=True,
                         timeout=60, cwd=seated)
    assert (out.returncode, out.stderr.strip()) == (
        1, "mcr-tournament: players.pipe line 1: empty file; expected the header number,name[,team][,country]")
    out = subprocess.run([EXE, *DB, "results", "import", "players.pipe"], capture_output=True, text=True,
                         timeout=60, cwd=seated)
    assert (out.returncode, out.stdout.strip()) == (0, "results: 0 recorded, 0 skipped, 0 rejected")


@pytest.mark.skipif(not Path("/dev/stdin").exists(), reason="/dev/stdin is POSIX")
def test_players_and_results_are_imported_from_a_shell_pipe(seated: Path) -> None:
    """``printf ... | mcr-tournament players import /dev/stdin`` (before: "not a regular file")."""
    out = subprocess.run([EXE, *DB, "players", "import", "/dev/stdin"], input="number,name\n9,Ines\n",
                         capture_output=True, text=True, timeout=60, cwd=seated)
    assert (out.returncode, out.stdout.strip()) == (0, "players: 1 added, 0 updated, 0 unchanged"), out.stderr
    line = json.dumps({"session": 1, "table": 1, "hand": 1, "type": "draw"}) + "\n"
    out = subprocess.run([EXE, *DB, "results", "import", "/dev/stdin"], input=line,
                         capture_output=True, text=True, timeout=60, cwd=seated)
    assert (out.returncode, out.stdout.strip()) == (0, "results: 1 recorded, 0 skipped, 0 rejected"), out.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="devices are POSIX")
def test_a_device_is_refused_before_it_is_read(seated: Path) -> None:
    out = subprocess.run([EXE, *DB, "players", "import", "/dev/zero"], capture_output=True, text=True,
                         timeout=60, cwd=seated)
    assert (out.returncode, out.stderr.strip()) == (
        1, "mcr-tournament: /dev/zero is not a file or a pipe (a device or a socket): give a file to read")


@pytest.mark.parametrize("char", ["\u202e", "\u202d", "\u202a", "\u2066", "\u2069", "\u206a", "\ufff9",
                                  "\U000e0041"])
def test_format_characters_that_reorder_or_hide_text_are_refused_in_names(char: str) -> None:
    with pytest.raises(InputError) as caught:
        check_text(f"Evil{char}gnp.exe", "name", 100)
    assert caught.value.code == "text_format" and f"U+{ord(char):04X}" in str(caught.value)


@pytest.mark.parametrize("char", ["\u200e", "\u200f", "\u061c", "\u00ad", "\ufeff", "\u2060", "\u200b"])
def test_invisible_marks_pasted_with_real_names_are_removed_not_refused(char: str) -> None:
    # before: refused ("contains an invisible formatting character"), so a Hebrew name pasted from WhatsApp
    # with its right-to-left mark could not be typed in at all
    assert check_text(f"{char}\u05d3\u05e0\u05d4 \u05db\u05d4\u05df{char} ", "name", 100) == \
        "\u05d3\u05e0\u05d4 \u05db\u05d4\u05df"
    assert check_text(f"Co{char}hen", "name", 100) == "Cohen"


def test_the_flags_of_england_scotland_and_wales_are_kept() -> None:
    for region in ("gbeng", "gbsct", "gbwls"):
        flag = "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in region) + "\U000e007f"
        assert check_text(f"Team {flag}", "team", 100) == f"Team {flag}"  # before: refused (U+E0067)
    with pytest.raises(InputError):  # tag characters outside a flag carry hidden text
        check_text("Anna\U000e0069\U000e0067", "name", 100)


def test_a_player_stored_with_a_refused_character_can_still_change_team(tmp_path: Path) -> None:
    """A name stored before the check (an older file, a JSON restore) keeps its player editable: the teams
    dialog sends the stored name back with the new team (before: refused, and the whole batch with it)."""
    with open_database(tmp_path / "t.mcr", create=True) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Open", "cmr1998", actor=ACTOR)
            import_players(s, [PlayerInput("1", "Dana"), PlayerInput("2", "Evil"), PlayerInput("3", "Zoe")], ACTOR)
        with db.factory.begin() as s:  # as an older version stored them
            s.execute(update(Player).where(Player.number == "1").values(name="\u200f\u05d3\u05e0\u05d4"))
            s.execute(update(Player).where(Player.number == "2").values(name="Evil\u202egnp.exe"))
        with db.factory.begin() as s:
            counts = import_players(s, [PlayerInput("1", "\u200f\u05d3\u05e0\u05d4", "Red"),
                                        PlayerInput("2", "Evil\u202egnp.exe", "Red"),
                                        PlayerInput("3", "Zoe", "Red")], ACTOR)
        assert (counts.updated, counts.unchanged) == (3, 0)
        with db.factory.begin() as s:
            assert {p.number: (p.name, p.team) for p in s.scalars(select(Player))} == {
                "1": ("\u200f\u05d3\u05e0\u05d4", "Red"), "2": ("Evil\u202egnp.exe", "Red"), "3": ("Zoe", "Red")}
        with pytest.raises(InputError) as caught, db.factory.begin() as s:  # a new value is still checked
            import_players(s, [PlayerInput("2", "Evil\u202egnp2.exe", "Red")], ACTOR)
        assert caught.value.code == "text_format"


def test_the_joiners_that_scripts_and_emoji_need_are_kept() -> None:
    assert check_text("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "name", 100).count("\u200c") == 1
    assert check_text("Anna \U0001f469\u200d\U0001f4bb", "name", 100).endswith("\u200d\U0001f4bb")


def test_a_players_file_with_a_right_to_left_override_is_refused_naming_the_line(seated: Path) -> None:
    (seated / "more.csv").write_text("number,name\n9,Evil\u202egnp.exe\n", encoding="utf-8")
    out = run(*DB, "players", "import", "more.csv", cwd=seated)
    assert out.returncode == 1 and "U+202E" in out.stderr and "invisible formatting character" in out.stderr
    players = json.loads(run(*DB, "players", "list", "--format", "json", cwd=seated).stdout)
    assert len(players) == 8


def test_a_players_file_with_direction_marks_is_imported_without_them(seated: Path) -> None:
    (seated / "more.csv").write_text("number,name,team\n9,\u200f\u05d3\u05e0\u05d4 \u05db\u05d4\u05df\u200e,"
                                     "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f\n",
                                     encoding="utf-8")
    out = run(*DB, "players", "import", "more.csv", cwd=seated)
    assert out.returncode == 0, out.stderr  # before: refused, U+200F
    players = json.loads(run(*DB, "players", "list", "--format", "json", cwd=seated).stdout)
    [nine] = [p for p in players if p["number"] == "9"]
    assert nine["name"] == "\u05d3\u05e0\u05d4 \u05db\u05d4\u05df" and nine["team"].startswith("\U0001f3f4")
