"""The files users give the command line. UTF-8 (a BOM allowed) with a message
naming the file otherwise; any line ending; the players CSV refused at 10,000 players while it streams;
each JSON line judged alone, a bad byte too; numbers and nesting past the limits said in one line. Real
files in ``tmp_path``, the real command line (in this process, and as a user runs it)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from db import open_database
from db.errors import InputError
from db.service.players import PlayerInput, import_players
from db.service.tournament import create_tournament
from tests.db.commands.test_cli import (
    run,
    run_process,
    seated,  # noqa: F401 - a fixture
)
from tests.db.helpers import ACTOR
from tests.db.real_files import NOBODY
from tests.db.real_files import run_process as run_as

PLAYERS_MAX = 10_000  # db.rules.limits.PLAYERS_MAX, as the issue sets it


def _tournament(tmp_path: Path) -> Path:
    assert run("--db", "t.mcr", "init", "--name", "Open", cwd=tmp_path).returncode == 0
    return tmp_path


def _players(cwd: Path) -> list[dict]:
    out = run("--db", "t.mcr", "players", "list", "--format", "json", cwd=cwd)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


# ----------------------------------------------------------------------------------------- players CSV


def test_a_csv_with_old_mac_line_endings_is_read_like_any_other(tmp_path: Path) -> None:
    """Excel for Mac's "CSV (Macintosh)" ends lines with a lone CR: it was "line 1: empty file"."""
    cwd = _tournament(tmp_path)
    (cwd / "p.csv").write_bytes(b"number,name,team\r1,Ann,Red\r2,Bo,Blue\r")
    out = run("--db", "t.mcr", "players", "import", "p.csv", cwd=cwd)
    assert (out.returncode, out.stderr) == (0, ""), out.stderr
    assert [(p["number"], p["name"], p["team"]) for p in _players(cwd)] == [("1", "Ann", "Red"), ("2", "Bo", "Blue")]
    (cwd / "mixed.csv").write_bytes(b"number;name\r\n3;Cy\n4;Di\r5;Ed")  # every ending in one file, ";" too
    out = run("--db", "t.mcr", "players", "import", "mixed.csv", cwd=cwd)
    assert out.stdout == "players: 3 added, 0 updated, 0 unchanged\n", out.stderr


def test_an_unclosed_quote_is_named_with_the_lines_it_swallowed(tmp_path: Path) -> None:
    """It was '"name": contains a control character (U+000A)', about a line break the user never typed."""
    cwd = _tournament(tmp_path)
    (cwd / "p.csv").write_text('number,name\n1,"Ann\n2,Bo\n3,Cy\n', encoding="utf-8")
    out = run("--db", "t.mcr", "players", "import", "p.csv", cwd=cwd)
    assert out.returncode == 1
    assert out.stderr == ('mcr-tournament: p.csv line 2: a quoted cell runs from this line to line 4: a quote (") '
                          "is not closed (a cell is one line)\n")
    (cwd / "p.csv").write_text('number,name\n1,"Ann\n2,Bo"\n3,Cy\n', encoding="utf-8")  # closed a line later
    out = run("--db", "t.mcr", "players", "import", "p.csv", cwd=cwd)
    assert "p.csv line 2: a quoted cell runs from this line to line 3" in out.stderr
    assert _players(cwd) == []


def test_a_players_csv_past_10000_rows_is_refused_as_it_streams(tmp_path: Path) -> None:
    """The 10,001st player stops the reading: what follows (here a byte that is not UTF-8, standing for the
    rest of a million-row file) is never read. It was accepted: 1,000,000 rows took 173 s and 5.25 GB."""
    cwd = _tournament(tmp_path)
    rows = "".join(f"{i},Player {i}\n" for i in range(1, PLAYERS_MAX + 2))
    (cwd / "big.csv").write_bytes(b"number,name\n" + rows.encode() + b"\xff,never read\n" + b"9,x\n" * 100_000)
    out = run_process("--db", "t.mcr", "players", "import", "big.csv", cwd=cwd)
    assert out.returncode == 1
    assert out.stderr == ("mcr-tournament: big.csv: more than 10,000 players (line 10002): a tournament has at "
                          "most 10,000\n")
    assert _players(cwd) == []


def test_a_players_csv_past_10_mib_is_refused_before_it_is_read_to_the_end(tmp_path: Path) -> None:
    cwd = _tournament(tmp_path)
    (cwd / "blank.csv").write_bytes(b"number,name\n" + b" \n" * (6 * 2**20) + b"\xff")  # 12 MiB of blank rows
    out = run("--db", "t.mcr", "players", "import", "blank.csv", cwd=cwd)
    assert out.returncode == 1
    assert out.stderr == ("mcr-tournament: blank.csv is larger than 10 MiB, the most this file may be: it is not "
                          "a file of this kind\n")


def test_a_tournament_holds_at_most_10000_players(tmp_path: Path) -> None:
    with open_database(tmp_path / "t.mcr", create=True) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Big", "cmr1998", actor=ACTOR)
            import_players(s, [PlayerInput(str(i), f"P {i}") for i in range(1, PLAYERS_MAX + 1)], ACTOR)
        with pytest.raises(InputError) as refused, db.factory.begin() as s:
            import_players(s, [PlayerInput("1", "P 1 renamed"), PlayerInput("x", "One more")], ACTOR)
        assert refused.value.code == "too_many_players"
        assert str(refused.value) == "a tournament has at most 10,000 players: x would be player 10,001"
        with db.factory.begin() as s:  # updating the players already there is fine
            assert import_players(s, [PlayerInput("1", "P 1 renamed")], ACTOR).updated == 1


@pytest.mark.parametrize(("data", "says"), [
    pytest.param("number,name\n1,张伟\n".encode("gbk"),
                 "p.csv line 2: not UTF-8 text (byte 14); it looks like GBK, Excel's CSV on Chinese Windows: "
                 "save it as “CSV UTF-8”", id="gbk"),
    pytest.param("number,name\n1,Zoé\n".encode("utf-16"),
                 "p.csv is UTF-16 text (Excel's “Unicode text”): save it as UTF-8 (in Excel: “CSV UTF-8”)",
                 id="utf-16"),
    pytest.param("number,name\n1,Ann\n2,Hélène\n".encode("cp1252"),
                 "p.csv line 3: not UTF-8 text (byte 21); save it as UTF-8", id="cp1252"),
])
def test_a_file_that_is_not_utf8_is_named_with_its_line_and_what_to_do(tmp_path: Path, data: bytes,
                                                                       says: str) -> None:
    cwd = _tournament(tmp_path)
    (cwd / "p.csv").write_bytes(data)
    out = run("--db", "t.mcr", "players", "import", "p.csv", cwd=cwd)
    assert (out.returncode, out.stderr) == (1, f"mcr-tournament: {says}\n")


def test_utf8_with_or_without_a_bom_for_every_input_file(seated: Path) -> None:  # noqa: F811
    bom = "\ufeff"
    (seated / "p.csv").write_text(bom + "number,name\n1,Zoé\n", encoding="utf-8")
    assert run("--db", "t.sqlite", "players", "import", "p.csv", cwd=seated).returncode == 0
    (seated / "r.jsonl").write_text(bom + json.dumps({"session": 1, "table": 1, "type": "time_called",
                                                      "after_hand": 0}) + "\n", encoding="utf-8")
    out = run("--db", "t.sqlite", "results", "import", "r.jsonl", cwd=seated)
    assert out.stdout == "results: 1 recorded, 0 skipped, 0 rejected\n", out.stderr
    assert run("--db", "t.sqlite", "export", "e.json", cwd=seated).returncode == 0
    (seated / "bom.json").write_text(bom + (seated / "e.json").read_text(encoding="utf-8"), encoding="utf-8")
    out = run("--db", "copy.mcr", "import", "bom.json", cwd=seated)  # was "Unexpected UTF-8 BOM"
    assert (out.returncode, out.stderr) == (0, ""), out.stderr


# ------------------------------------------------------------------------------------------ result lines


def _line(reason: str) -> bytes:
    return json.dumps({"session": 1, "table": 1, "type": "penalty", "player": "3", "points": 10,  # the demo's
                       "settlement": "deducted", "reason": reason}, ensure_ascii=False).encode("utf-8")


def test_a_bad_byte_rejects_only_its_line_of_a_results_file(tmp_path: Path) -> None:
    """docs/data-safety.md: each line is judged alone. One byte rejected the whole file, by byte offset."""
    cwd = tmp_path
    assert run("--db", "t.mcr", "demo", cwd=cwd).returncode == 0
    bad = _line("cafX").replace(b"cafX", b"caf\xe9")  # Windows-1252's é
    (cwd / "r.jsonl").write_bytes(_line("first") + b"\n" + bad + b"\r\n" + _line("third 张") + b"\n")
    out = run("--db", "t.mcr", "results", "import", "r.jsonl", cwd=cwd)
    assert out.returncode == 1
    assert out.stderr.splitlines() == ["r.jsonl line 2: not UTF-8 text (byte 115 of the line); save the file as "
                                       "UTF-8"]
    assert out.stdout == "results: 2 recorded, 0 skipped, 1 rejected\n"


def test_a_number_of_4301_digits_is_said_in_words(tmp_path: Path) -> None:
    """It was Python's own "use sys.set_int_max_str_digits()"."""
    assert run("--db", "t.mcr", "demo", cwd=tmp_path).returncode == 0
    big = "9" * 4301
    (tmp_path / "r.jsonl").write_text('{"session": 1, "table": 1, "hand": ' + big + ', "type": "draw"}\n',
                                      encoding="utf-8")
    out = run("--db", "t.mcr", "results", "import", "r.jsonl", cwd=tmp_path)
    assert out.stderr == "r.jsonl line 1: not valid JSON (a number has more than 4300 digits at column 36)\n"
    out = run("--db", "t.mcr", "results", "correct", "--session", "1", "--table", "1", "--hand", "1",
              "--reason", "r", "--line", '{"type": "draw", "hand": ' + big + "}", cwd=tmp_path)
    assert (out.returncode, out.stderr) == (1, 'mcr-tournament: "--line": not valid JSON (a number has more than '
                                               "4300 digits at column 26)\n")
    (tmp_path / "big.json").write_text('{"format": "mcr-tournament-export",\n "x": ' + big + "}", encoding="utf-8")
    out = run("--db", "new.mcr", "import", "big.json", cwd=tmp_path)
    assert out.stderr == "mcr-tournament: big.json: not valid JSON (line 2: a number has more than 4300 digits)\n"


def test_deep_nesting_is_one_line_in_correct_and_import(tmp_path: Path) -> None:
    """``results correct --line '[[[…'`` and ``import`` of such a file were "unexpected error: RecursionError"."""
    assert run("--db", "t.mcr", "demo", cwd=tmp_path).returncode == 0
    deep = "[" * 5000 + "]" * 5000
    out = run("--db", "t.mcr", "results", "correct", "--session", "1", "--table", "1", "--hand", "1",
              "--reason", "r", "--line", deep, cwd=tmp_path)
    assert (out.returncode, out.stderr) == (1, 'mcr-tournament: "--line": the line nests arrays and objects '
                                               "deeper than 20\n")
    out = run("--db", "t.mcr", "results", "correct", "--session", "1", "--table", "1", "--hand", "1",
              "--reason", "r", "--line", '{"type": "draw", "x": "' + "y" * 20_000 + '"}', cwd=tmp_path)
    assert out.stderr == 'mcr-tournament: "--line": the line has 20025 bytes: a result line has at most 16384\n'
    (tmp_path / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    out = run("--db", "new.mcr", "import", "deep.json", cwd=tmp_path)
    assert out.stderr == ("mcr-tournament: deep.json: not valid JSON (line 1: the line nests arrays and objects "
                          "deeper than 20)\n")


# ------------------------------------------------------------------------------ the command line's errors


def test_a_folder_the_user_cannot_enter_is_named(shared_dir: Path) -> None:
    """It was "unexpected error: PermissionError: [Errno 13] Permission denied: '…/e.mcr'"."""
    locked = shared_dir / "locked"
    locked.mkdir(mode=0o700)
    assert run("--db", str(locked / "e.mcr"), "init", "--name", "Open", cwd=shared_dir).returncode == 0
    (shared_dir / "p.csv").write_text("number,name\n1,Ann\n", encoding="utf-8")
    for args in (["standings"], ["init", "--name", "B"], ["players", "import", "p.csv"]):
        out = run_as("--db", str(locked / "e.mcr"), *args, cwd=shared_dir, user=NOBODY)
        assert (out.returncode, out.stderr) == (1, f"mcr-tournament: {locked / 'e.mcr'}: permission denied: this "
                                                   f"user may not enter the folder {locked}\n"), args
    out = run_as("--db", str(shared_dir / "x.mcr"), "players", "import", str(locked / "p.csv"), cwd=shared_dir,
                 user=NOBODY)
    assert out.stderr.startswith(f"mcr-tournament: {shared_dir / 'x.mcr'}: no such database")  # --db first


@pytest.mark.parametrize(("db_arg", "says"), [
    pytest.param("\udcff.mcr", "\\udcff.mcr: the name is not UTF-8 text: rename the file or folder", id="not-utf8"),
    pytest.param("loop", "loop: a loop of symbolic links", id="symlink-loop"),
    pytest.param("a" * 300 + ".mcr", "a" * 300 + ".mcr: file name too long", id="long-name"),
    pytest.param("foo://bar", "--db 'foo://bar' is not a valid database URL: Can't load plugin: "
                              "sqlalchemy.dialects:foo", id="unknown-url"),
])
def test_a_db_argument_the_store_cannot_use_is_one_line(tmp_path: Path, db_arg: str, says: str) -> None:
    (tmp_path / "loop").symlink_to("loop2")
    (tmp_path / "loop2").symlink_to("loop")
    for command in (["check"], ["init", "--name", "A"]):
        out = run("--db", db_arg, *command, cwd=tmp_path)
        assert (out.returncode, out.stderr.replace(str(tmp_path) + "/", "")) == (1, f"mcr-tournament: {says}\n")


def test_sessions_that_do_not_exist_are_refused_not_read_as_all(tmp_path: Path) -> None:
    """``standings --after 0`` and ``results list --session 0`` showed every session."""
    assert run("--db", "t.mcr", "demo", cwd=tmp_path).returncode == 0
    for args, field in ((["standings", "--after", "0"], "--after"), (["standings", "--teams", "--after", "9"], "--after"),
                        (["results", "list", "--session", "0"], "--session")):
        out = run("--db", "t.mcr", *args, cwd=tmp_path)
        assert (out.returncode, out.stdout) == (1, ""), args
        assert out.stderr.startswith(f'mcr-tournament: "{field}": session ') and "does not exist" in out.stderr
    out = run("--db", "t.mcr", "clock", "settings", "--warnings", "15," + "9" * 5000, cwd=tmp_path)
    assert out.returncode == 1 and len(out.stderr) < 200


def test_an_export_whose_file_name_is_not_utf8_is_restored(tmp_path: Path) -> None:
    """The name goes into the audit log ("restored from …"): it was "unexpected error: UnicodeEncodeError"."""
    assert run("--db", "t.mcr", "demo", cwd=tmp_path).returncode == 0
    assert run("--db", "t.mcr", "export", "e\udcff.json", cwd=tmp_path).returncode == 0  # a byte 0xFF in the name
    out = run("--db", "copy.mcr", "import", "e\udcff.json", cwd=tmp_path)
    assert (out.returncode, out.stderr) == (0, ""), out.stderr
    log = json.loads(run("--db", "copy.mcr", "log", "--format", "json", cwd=tmp_path).stdout)
    assert log[-1]["what"] == "restored from e\\udcff.json"


def _damaged(export: dict, case: str) -> object:
    t = copy.deepcopy(export)
    rows = t["tables"]
    if case == "text-id":
        rows["players"][0]["id"] = "abc"
    elif case == "huge-id":
        rows["players"][0]["id"] = 2**70
    elif case == "number-list":
        rows["players"][0]["number"] = [1]
    elif case == "time-number":
        rows["audit_log"][0]["at"] = 12
    elif case == "bad-date":
        rows["tournament"][0]["start_date"] = "soon"
    elif case == "rows-not-objects":
        rows["players"] = [1, 2]
    elif case == "id-twice":
        rows["players"][1]["id"] = rows["players"][0]["id"]
    elif case == "dangling":
        rows["hands"][0]["table_id"] = 99_999
    elif case == "settings-text":
        rows["tournament"][0]["settings"] = "x"
    elif case == "no-tournament":
        rows["tournament"] = []
    elif case == "unknown-table":
        rows["extra"] = []
    return t


@pytest.mark.parametrize(("case", "says"), [
    ("text-id", 'players row 1: "id" cannot be "abc": the export is damaged'),
    ("huge-id", 'players row 1: "id" cannot be 1180591620717411303424: the export is damaged'),
    ("number-list", 'players row 1: "number" cannot be [1]: the export is damaged'),
    ("time-number", 'audit_log row 1: "at" cannot be 12: the export is damaged'),
    ("bad-date", 'tournament row 1: "start_date" cannot be "soon": the export is damaged'),
    ("rows-not-objects", "players row 1 is not an object of columns: the export is damaged"),
    ("id-twice", "the export's rows do not fit together ("),
    ("dangling", "the export's rows do not fit together ("),
    ("settings-text", "the export's tournament settings cannot be read (TypeError: "),
    ("no-tournament", "the export holds no tournament row: it is damaged; nothing was restored"),
    ("unknown-table", "the export has unknown table(s) extra: it is damaged or not from MCR Referee"),
])
def test_a_damaged_export_is_refused_in_one_line_and_restores_nothing(db_url: str, tmp_path: Path, case: str,
                                                                      says: str) -> None:
    """Each was "unexpected error: TypeError/ValueError/IntegrityError/OverflowError/ProgrammingError", or
    restored a file that every later command failed on (settings "x", no tournament row)."""
    assert run("--db", "demo.mcr", "demo", cwd=tmp_path).returncode == 0
    assert run("--db", "demo.mcr", "export", "e.json", cwd=tmp_path).returncode == 0
    export = json.loads((tmp_path / "e.json").read_text(encoding="utf-8"))
    (tmp_path / "bad.json").write_text(json.dumps(_damaged(export, case)), encoding="utf-8")
    out = run("--db", db_url, "import", "bad.json", cwd=tmp_path)
    assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith(f"mcr-tournament: {says}"), out.stderr
    (tmp_path / "good.json").write_text(json.dumps(export), encoding="utf-8")
    out = run("--db", db_url, "import", "good.json", cwd=tmp_path)  # nothing was half-restored before
    assert (out.returncode, out.stderr) == (0, ""), out.stderr


def test_a_header_with_a_column_twice_or_100000_unknown_ones(tmp_path: Path) -> None:
    """"name,name" took the first and dropped the second silently; 100,000 unknown columns gave 100,000 lines."""
    cwd = _tournament(tmp_path)
    (cwd / "dup.csv").write_text("number,name,name\n1,Ann,Bob\n", encoding="utf-8")
    out = run("--db", "t.mcr", "players", "import", "dup.csv", cwd=cwd)
    assert out.stderr == 'mcr-tournament: dup.csv line 1: the header has the "name" column twice\n'
    (cwd / "wide.csv").write_text("number,name," + ",".join(f"c{i}" for i in range(100_000)) + "\n",
                                  encoding="utf-8")
    out = run("--db", "t.mcr", "players", "import", "wide.csv", cwd=cwd)
    assert out.returncode == 1 and out.stderr.count("\n") == 10 and _players(cwd) == []
