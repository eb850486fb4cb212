"""Each command imports what it uses (issue 31): ``mcr-tournament standings`` loads no PDF, workbook or web
server library, ``--version`` not even SQLAlchemy, and pypinyin loads for the first Chinese name only.

Each command runs in a process of its own, as its console script (``from web.cli import main``), and lists the
modules it holds at the end (benchmarks/bench_startup.py times the same commands).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypinyin import lazy_pinyin

from db.rules.names import HAN_LOW, SURNAMES, romanised
from web.cli import main as mcr_tournament

ROOT = Path(__file__).resolve().parent.parent
# The console script, listing the modules loaded into the file $MODULES_OUT after the command ran.
SCRIPT = """\
import json, os, sys
from web.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as exc:
    status = exc.code
with open(os.environ["MODULES_OUT"], "w", encoding="utf-8") as f:
    json.dump(sorted(sys.modules), f)
sys.exit(status)
"""
SERVER_AND_FILES = ("reportlab", "openpyxl", "starlette", "uvicorn", "web.api.server", "reports.site", "reports.workbook")


def _run(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """(the finished process, the top-level packages and the modules it loaded)."""
    out = tmp_path / "modules.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MODULES_OUT": str(out)}
    proc = subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)
    modules = set(json.loads(out.read_text(encoding="utf-8")))
    return proc, modules | {m.partition(".")[0] for m in modules}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "demo.mcr"
    assert mcr_tournament(["--db", str(path), "demo"]) == 0
    return path


def test_standings_loads_no_pdf_workbook_or_server_library(tmp_path: Path, demo: Path) -> None:
    proc, modules = _run(tmp_path, "--db", str(demo), "standings")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") > 16  # the demo's 16 players
    assert "db.read.queries" in modules  # the listing sees what the command used
    assert sorted(modules & set(SERVER_AND_FILES)) == []
    assert sorted(m for m in modules if m.startswith("reports.")) == ["reports.cli"]  # its parsers, no renderer
    # db's other commands are not set up: their modules (and the seating algorithm, the demo) stay unloaded
    assert sorted(m for m in modules if m.startswith("db.commands.")) == ["db.commands.cli", "db.commands.common",
                                                                          "db.commands.results", "db.commands.stages"]
    assert sorted(modules & {"db.service.demo", "db.formats.players_csv", "db.service.clock", "db.read.check"}) == []
    # the rule-system seam gives the session results; the engines (MCR's fans, mahjong) load when a hand is
    # scored or its fans are named
    assert sorted(m for m in modules if m.startswith("scoring")) == [
        "scoring", "scoring.errors", "scoring.mcr", "scoring.mcr.session", "scoring.played", "scoring.riichi",
        "scoring.riichi.yaku", "scoring.systems"]
    assert "mahjong" not in modules


def test_version_loads_no_database_library(tmp_path: Path) -> None:
    proc, modules = _run(tmp_path, "--version")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith("mcr-tournament ")
    assert sorted(modules & {"sqlalchemy", "db", "texts", "reports", *SERVER_AND_FILES}) == []


def test_the_report_command_still_loads_what_it_needs(tmp_path: Path, demo: Path) -> None:
    proc, modules = _run(tmp_path, "--db", str(demo), "report", "awards", "-o", str(tmp_path / "awards.pdf"))
    assert proc.returncode == 0, proc.stderr
    assert {"reportlab", "reports"} <= modules
    assert sorted(modules & {"starlette", "uvicorn", "openpyxl", "web.api.server"}) == []


def test_pypinyin_loads_for_the_first_chinese_name_only(tmp_path: Path) -> None:
    script = ("import sys\nfrom db.rules.names import name_key\nsorted(['Émile', 'Li Na', 'Ada'], key=name_key)\n"
              "print('pypinyin' in sys.modules)\nsorted(['李娜', 'Ada'], key=name_key)\nprint('pypinyin' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.split() == ["False", "True"], out.stderr


@given(st.text(alphabet=st.characters(max_codepoint=HAN_LOW - 1), max_size=20))
def test_names_without_chinese_sort_as_pypinyin_reads_them(name: str) -> None:
    """Skipping pypinyin for text below ``HAN_LOW`` changes no name's order: pypinyin passes such text through."""
    romanised.cache_clear()
    parts = [p.strip() for p in lazy_pinyin(name.strip()) if p.strip()]
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", " ".join(parts)) if not unicodedata.combining(ch))
    first = name.strip()[:1]
    if first not in SURNAMES:
        assert romanised(name) == " ".join(plain.casefold().split())


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The sub-commands ``parser`` knows (argparse keeps them only in its private sub-parsers action)."""
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices


def test_the_table_of_command_modules_names_what_each_adds() -> None:
    """db.commands.cli's table (which module adds which commands, loaded one at a time) agrees with the modules."""
    from db.commands import cli

    for module, function, names in cli.COMMAND_MODULES:
        sub = argparse.ArgumentParser().add_subparsers()
        getattr(importlib.import_module(module), function)(sub)
        assert set(sub.choices) == names, (module, function)
    whole = _commands(cli.build_parser())
    assert list(whole) == [n for _m, _f, names in cli.COMMAND_MODULES for n in whole if n in names]


@pytest.mark.parametrize("line", [["--db", "t.mcr", "standings", "--after", "1"], ["--station", "s", "players", "list"],
                                  ["--db", "t.mcr", "export", "x.json", "--format", "ema"], ["--db", "t.mcr", "backup"]])
def test_a_command_parses_as_the_whole_command_line_does(line: list[str]) -> None:
    from db.commands import cli
    from reports.cli import add_publish_commands, add_report_commands

    extensions = [add_report_commands, add_publish_commands]
    one = cli.build_parser(extensions, command=cli.command_named(line))
    assert cli.command_named(line) == line[2]
    assert len(_commands(one)) < 10
    whole = cli.build_parser(extensions)

    def parsed(parser: argparse.ArgumentParser) -> dict[str, object]:
        values = vars(parser.parse_args(line))
        return {**values, "func": values["func"].__qualname__}  # the extension's export is a new closure each time

    assert parsed(one) == parsed(whole)


def test_only_the_console_script_leaves_its_objects_to_the_end_of_the_process(demo: Path) -> None:
    """``main()`` (the console script: the process ends with it) freezes the collector so the exit does not walk
    every object again; ``main([...])`` from a caller that lives on does not."""
    import gc

    frozen = gc.get_freeze_count()
    assert mcr_tournament(["--db", str(demo), "standings"]) == 0
    assert gc.get_freeze_count() == frozen
