"""Read-only files, folders and media: a tournament there can be read and exported, a write says which of
them is read-only in one line, and nothing is left behind that would lock the file out once it is writable.
Real processes run as ``nobody`` (Linux, as root) and a real read-only bind mount."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from db.service.demo import create_demo
from tests.db.real_files import NOBODY, ROOT, one_line, run_process, sha256


def _nobody_tournament(folder: Path) -> Path:
    data = folder / "data"
    data.mkdir()
    path = data / "event.mcr"
    create_demo(path)
    out_dir = folder / "out"
    out_dir.mkdir()
    for p in (data, path, out_dir):
        os.chown(p, 65534, 65534)
    return path


@pytest.mark.parametrize("what", ["file", "folder"])
def test_read_only_file_or_folder_can_be_read_and_stays_writable_later(shared_dir: Path, what: str) -> None:
    path = _nobody_tournament(shared_dir)
    locked = path if what == "file" else path.parent
    locked.chmod(0o444 if what == "file" else 0o555)
    before = sha256(path)
    out = run_process("--db", str(path), "standings", "--format", "json", cwd=shared_dir, user=NOBODY)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)[0]["rank"] == 1
    out = run_process("--db", str(path), "export", str(shared_dir / "out" / "x.json"), cwd=shared_dir,
                      user=NOBODY)
    assert out.returncode == 0, out.stderr
    out = run_process("--db", str(path), "seat", "3", cwd=shared_dir, user=NOBODY)
    assert out.returncode == 1 and f"the {what} is read-only" in one_line(out.stderr)
    assert sha256(path) == before
    assert not Path(str(path) + "-shm").exists()  # nothing left behind to lock the file out later
    locked.chmod(0o644 if what == "file" else 0o755)
    out = run_process("--db", str(path), "seat", "3", cwd=shared_dir, user=NOBODY)
    assert out.returncode == 0, out.stderr


def test_read_only_medium(event: Path, tmp_path: Path) -> None:
    if not ROOT:
        pytest.skip("a read-only mount needs Linux and root")
    ro = tmp_path / "stick"
    ro.mkdir()
    if subprocess.run(["mount", "--bind", str(event.parent), str(ro)], capture_output=True).returncode != 0:
        pytest.skip("cannot bind-mount here")
    try:
        if subprocess.run(["mount", "-o", "remount,bind,ro", str(ro)], capture_output=True).returncode != 0:
            pytest.skip("cannot remount read-only here")
        copy = ro / event.name
        out = run_process("--db", str(copy), "standings", cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        out = run_process("--db", str(copy), "seat", "3", cwd=tmp_path)
        assert out.returncode == 1 and "the medium is read-only" in one_line(out.stderr)
    finally:
        subprocess.run(["umount", "-l", str(ro)], check=False)
