"""Each console script answers --help (run as real processes, as a user would)."""

import shutil
import subprocess
import sys

import pytest


@pytest.mark.parametrize("command", ["mcr-score", "mcr-tournament", "mcr-referee"])
def test_help(command: str) -> None:
    exe = shutil.which(command) or str(__import__("pathlib").Path(sys.executable).parent / command)
    out = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert command in out.stdout
