"""The three commands write UTF-8 whatever encoding Python would give their streams.

On Windows a pipe or a redirect gets the ANSI code page: cp1252, or GBK on Chinese Windows. Here
``PYTHONIOENCODING`` gives the streams that encoding, as Windows would, and each command runs as a real
process whose output is read as bytes: they must be UTF-8, complete, and the exit status 0.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ANSI = ["cp1252", "gbk"]  # Western and Chinese Windows
HAND = "123456789m123p5s5s"


def _exe(command: str) -> str:
    return shutil.which(command) or str(Path(sys.executable).parent / command)


def _run(command: str, *args: str, encoding: str, cwd: Path | None = None,
         language: str = "en") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONUTF8": "0", "LANGUAGE": language}
    return subprocess.run([_exe(command), *args], capture_output=True, timeout=120, env=env, cwd=cwd)


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("utf8") / "demo.mcr"
    out = _run("mcr-tournament", "--db", str(path), "demo", encoding="utf-8")
    assert out.returncode == 0, out.stderr.decode()
    return path


@pytest.mark.parametrize("encoding", ANSI)
def test_mcr_score_json_and_breakdown_are_utf8(encoding: str) -> None:
    out = _run("mcr-score", HAND, "--self-drawn", "--json", encoding=encoding)
    assert out.returncode == 0, out.stderr.decode(errors="replace")
    data = json.loads(out.stdout.decode("utf-8"))
    assert data["total"] == 24 and data["fans"][0]["zh"] == "清龙"
    out = _run("mcr-score", HAND, "--self-drawn", "--lang", "zh", encoding=encoding)
    assert out.returncode == 0, out.stderr.decode(errors="replace")
    assert "清龙" in out.stdout.decode("utf-8")


@pytest.mark.parametrize("encoding", ANSI)
def test_mcr_score_error_is_utf8(encoding: str) -> None:
    out = _run("mcr-score", "123456789m123p5s5X", encoding=encoding)
    assert out.returncode == 1
    assert out.stderr.decode("utf-8").startswith("mcr-score: error:")


@pytest.mark.parametrize("encoding", ANSI)
def test_mcr_tournament_text_csv_and_json_are_utf8(encoding: str, demo_file: Path) -> None:
    # text: every row (before, the command stopped at the first Chinese name with "unexpected error")
    out = _run("mcr-tournament", "--db", str(demo_file), "players", "list", encoding=encoding)
    assert out.returncode == 0, out.stderr.decode(errors="replace")
    text = out.stdout.decode("utf-8")
    assert "张伟 Zhang Wei" in text and "Chloé Durand" in text and len(text.splitlines()) == 17
    out = _run("mcr-tournament", "--db", str(demo_file), "standings", "--format", "csv", encoding=encoding)
    assert out.returncode == 0, out.stderr.decode(errors="replace")
    assert "Chloé Durand" in out.stdout.decode("utf-8")
    out = _run("mcr-tournament", "--db", str(demo_file), "standings", "--format", "json", encoding=encoding)
    assert out.returncode == 0, out.stderr.decode(errors="replace")
    names = {row["name"] for row in json.loads(out.stdout.decode("utf-8"))}
    assert "张伟 Zhang Wei" in names


@pytest.mark.parametrize("encoding", ANSI)
def test_mcr_tournament_error_is_utf8(encoding: str, tmp_path: Path) -> None:
    out = _run("mcr-tournament", "--db", str(tmp_path / "春季赛.mcr"), "standings", encoding=encoding)
    assert out.returncode == 1
    assert "春季赛.mcr: no such database" in out.stderr.decode("utf-8")


@pytest.mark.parametrize("encoding", ANSI)
def test_mcr_referee_help_and_version_are_utf8(encoding: str) -> None:
    out = _run("mcr-referee", "--help", encoding=encoding, language="zh")  # its help in the environment's language
    assert out.returncode == 0, out.stderr.decode(errors="replace")
    assert "国标麻将裁判" in out.stdout.decode("utf-8")
    out = _run("mcr-referee", "--version", encoding=encoding)
    assert out.returncode == 0, out.stderr.decode(errors="replace")
    assert out.stdout.decode("utf-8").startswith("mcr-referee ")
