"""The standalone folder (issue 11): its unpacked size, and how fast its commands start against the same
commands run from the venv in the same run (the goal: under 250 MB, start within 1.5x the venv).

Needs ``make dist`` first (dist/MCR-Referee); says it is skipped otherwise. Each command runs from a clean
environment (``env -i``-like: HOME in a new temporary folder, PATH=/usr/bin:/bin), bundle and venv in
turn, after one warm-up each; the figure is the median wall time. The desktop app is timed from start to
its first window mapped on an Xvfb screen (polled with xwininfo every 10 ms), when Xvfb is installed.
"""

from __future__ import annotations

import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(os.environ.get("MCR_DIST_DIR", ROOT / "dist" / "MCR-Referee"))
VENV_BIN = ROOT / ".venv" / "bin"
RUNS = 7
GUI_RUNS = 3
HAND = ["123456789m123p5s5s", "--self-drawn", "--json"]


def folder_size(folder: Path) -> int:
    """Bytes of every file under ``folder``, symbolic links counted as links (as unpacked on disk)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if not p.is_dir() or p.is_symlink())


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    return {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **extra}


def timed(argv: list[str], home: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, env=clean_env(home), cwd=home, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def compare(label: str, one: Callable[[Path, Path], float], runs: int) -> tuple[float, float]:
    """Median seconds of ``one(folder)`` for the bundle and the venv, runs interleaved after a warm-up."""
    results: dict[str, list[float]] = {"bundle": [], "venv": []}
    with tempfile.TemporaryDirectory(prefix="mcr-bench-dist-") as tmp:
        for i in range(runs + 1):
            for kind, folder in (("bundle", DIST), ("venv", VENV_BIN)):
                home = Path(tmp, f"{kind}-{i}")
                home.mkdir()
                seconds = one(folder, home)
                if i:  # the first round warms the page cache
                    results[kind].append(seconds)
    bundle, venv = statistics.median(results["bundle"]), statistics.median(results["venv"])
    print(f"{label:<38} bundle {bundle * 1000:7.0f} ms | venv {venv * 1000:7.0f} ms | "
          f"bundle/venv x{bundle / venv:.2f}", flush=True)
    return bundle, venv


def app_window_mapped(display: str) -> bool:
    out = subprocess.run(["xwininfo", "-root", "-tree"], env={"DISPLAY": display, "LC_ALL": "C.UTF-8"},
                         capture_output=True, text=True).stdout
    # the main window (Qt also maps a 1x1 helper window with the same class)
    return any('("mcr-referee" ' in line and " 1x1+" not in line for line in out.splitlines())


def first_window(folder: Path, home: Path, display: str) -> float:
    t0 = time.perf_counter()
    proc = subprocess.Popen([str(folder / "mcr-referee")], env=clean_env(home, DISPLAY=display), cwd=home,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return seconds_to_window(proc, display, t0, lambda: f"{folder / 'mcr-referee'}: no window (status {proc.returncode})")


def seconds_to_window(proc: subprocess.Popen[bytes], display: str, t0: float, failure: Callable[[], str]) -> float:
    """Seconds from ``t0`` until the app ``proc`` maps its window on ``display`` (a minute at most; then, or
    when it ends first, ``failure()`` says why); the app is stopped after."""
    try:
        while not app_window_mapped(display):
            if proc.poll() is not None or time.perf_counter() - t0 > 60:
                raise RuntimeError(failure())
            time.sleep(0.01)
        return time.perf_counter() - t0
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)


def start_xvfb() -> tuple[subprocess.Popen[bytes], str] | None:
    if not (shutil.which("Xvfb") and shutil.which("xwininfo")):
        return None
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    return xvfb, f":{number}"


def main() -> None:
    if not (DIST / "mcr-score").is_file():
        print(f"skipped: no bundle at {DIST} (run `make dist` first)")
        return
    if not (VENV_BIN / "mcr-score").is_file():
        print(f"skipped: no venv commands in {VENV_BIN} (run `make test` first)")
        return
    size = folder_size(DIST)
    print(f"unpacked size of {DIST.name}: {size / 1e6:.0f} MB ({size / 2**20:.0f} MiB; goal < 250 MB)")
    print(f"start-up, median of {RUNS} runs each from a clean environment:")
    compare("mcr-score --help", lambda f, h: timed([str(f / "mcr-score"), "--help"], h), RUNS)
    compare("mcr-score <hand> --self-drawn --json", lambda f, h: timed([str(f / "mcr-score"), *HAND], h), RUNS)
    compare("mcr-tournament --help", lambda f, h: timed([str(f / "mcr-tournament"), "--help"], h), RUNS)
    compare("mcr-tournament --db new.mcr demo",
            lambda f, h: timed([str(f / "mcr-tournament"), "--db", "new.mcr", "demo"], h), 3)
    x = start_xvfb()
    if x is None:
        print("mcr-referee first window: skipped (needs Xvfb and xwininfo: apt install xvfb x11-utils)")
        return
    xvfb, display = x
    try:
        compare("mcr-referee start to first window",
                lambda f, h: first_window(f, h, display), GUI_RUNS)
    finally:
        xvfb.terminate()
        xvfb.wait(10)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
