"""``mcr-referee --demo --smoke-test FILE`` (the release workflow's app check): ok only when the window
showed the demo and a score sheet; a failure says why and exits 1."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee_app.base import errors, logfile
from referee_app.shell.main import main


def test_smoke_test_of_the_demo_writes_ok_and_exits_0(tmp_path: Path) -> None:
    exe = shutil.which("mcr-referee") or str(Path(sys.executable).parent / "mcr-referee")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MCR_REFEREE_HOME": str(tmp_path / "home")}
    out = subprocess.run([exe, "--demo", "--smoke-test", str(tmp_path / "result.txt")], env=env,
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "result.txt").read_text(encoding="utf-8") == "ok\n"
    log = (tmp_path / "home" / "mcr-referee.log").read_text(encoding="utf-8")
    assert "smoke test: ok" in log
    assert (tmp_path / "home" / "settings.ini").read_text(encoding="utf-8").count("window_geometry") == 1


@pytest.fixture
def app_hooks(qapp):
    yield
    errors.reset_hooks()
    logfile.uninstall()


@pytest.mark.usefixtures("app_hooks")
def test_smoke_test_that_cannot_open_the_file_fails_and_says_why(tmp_path: Path) -> None:
    result = tmp_path / "result.txt"
    assert main([str(tmp_path / "missing.mcr"), "--smoke-test", str(result)]) == 1
    text = result.read_text(encoding="utf-8")
    assert text.startswith("failed: ") and "missing.mcr" in text
