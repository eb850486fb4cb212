"""How fast the commands start (issue 31): each command's wall time as a ratio of ``python -c "import
sqlalchemy.orm"`` measured in the same run (the yardstick: the least a command that opens a tournament pays).

The goals: ``mcr-tournament --version`` within x1.0 of it, ``mcr-tournament standings`` on the demo within x2.0.
Each command runs as its console script does (``from web.cli import main``; this checkout's code first on the
path), one warm-up round, then the rounds interleaved; the figure is the median. The desktop app is timed from
its start to its first window mapped on an Xvfb screen (as bench_dist.py does), when Xvfb is installed, and
``--app-runs 0`` skips it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_dist import seconds_to_window, start_xvfb

ROOT = Path(__file__).resolve().parent.parent
YARDSTICK = "python -c 'import sqlalchemy.orm'"
GOALS = {"mcr-tournament --version": 1.0, "mcr-tournament --db demo.mcr standings": 2.0}
SCRIPTS = {"mcr-tournament": "web.cli", "mcr-score": "web.score_cli", "mcr-referee": "referee_app.shell.main"}


def write_scripts(folder: Path) -> None:
    """The console scripts as pip writes them for pyproject.toml's entry points (named as they are: Qt names the
    app's window class after the program)."""
    for name, module in SCRIPTS.items():
        (folder / name).write_text(f"import sys\nfrom {module} import main\nsys.exit(main())\n", encoding="utf-8")


def script(name: str, *args: str) -> list[str]:
    return [sys.executable, name, *args]


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "MCR_"))}
    env.update(HOME=str(home), PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
               LANG="C.UTF-8")
    return env


def timed(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def first_window(cwd: Path, env: dict[str, str], display: str) -> float:
    """Seconds from starting ``mcr-referee`` to its main window mapped on ``display``."""
    errors = cwd / "mcr-referee.err"
    t0 = time.perf_counter()
    with errors.open("wb") as err:
        proc = subprocess.Popen(script("mcr-referee"), cwd=cwd, env={**env, "DISPLAY": display},
                                stdout=subprocess.DEVNULL, stderr=err)

    def failure() -> str:
        said = errors.read_text(encoding="utf-8", errors="replace").strip()[-400:]
        return f"mcr-referee: no window (status {proc.returncode}): {said}"

    return seconds_to_window(proc, display, t0, failure)


def report(label: str, seconds: list[float], yardstick: float) -> None:
    median = statistics.median(seconds)
    goal = GOALS.get(label)
    ratio = median / yardstick
    verdict = "" if goal is None else f"  (goal <= x{goal:.1f}: {'met' if ratio <= goal else 'NOT met'})"
    print(f"{label:<42} {median * 1000:7.0f} ms  x{ratio:.2f}{verdict}", flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=9, help="timed rounds of the commands (default 9)")
    p.add_argument("--app-runs", type=int, default=3, help="timed starts of the desktop app (default 3; 0: none)")
    args = p.parse_args(argv or [])  # run_all.py calls main() with its own command line
    with tempfile.TemporaryDirectory(prefix="mcr-bench-startup-") as tmp:
        cwd = Path(tmp)
        env = environment(cwd)
        write_scripts(cwd)
        subprocess.run(script("mcr-tournament", "--db", "demo.mcr", "demo"), cwd=cwd, env=env, check=True,
                       stdout=subprocess.DEVNULL)
        commands = {
            YARDSTICK: [sys.executable, "-c", "import sqlalchemy.orm"],
            "mcr-tournament --version": script("mcr-tournament", "--version"),
            "mcr-tournament --help": script("mcr-tournament", "--help"),
            "mcr-tournament --db demo.mcr standings": script("mcr-tournament", "--db", "demo.mcr", "standings"),
            "mcr-tournament --db demo.mcr report awards": script("mcr-tournament", "--db", "demo.mcr", "report",
                                                                 "awards", "-o", "awards.pdf"),
            "mcr-score --help": script("mcr-score", "--help"),
            "mcr-referee --version": script("mcr-referee", "--version"),
        }
        times: dict[str, list[float]] = {label: [] for label in commands}
        for round_ in range(args.runs + 1):
            for label, command in commands.items():
                seconds = timed(command, cwd, env)
                if round_:  # the first round warms the page cache
                    times[label].append(seconds)
        yardstick = statistics.median(times[YARDSTICK])
        print(f"start-up, median of {args.runs} runs each, against {YARDSTICK} in the same run:")
        for label, seconds in times.items():
            report(label, seconds, yardstick)
        x = start_xvfb() if args.app_runs > 0 else None
        if x is None:
            print("mcr-referee first window: skipped" + (" (needs Xvfb and xwininfo)" if args.app_runs else ""))
            return
        xvfb, display = x
        try:
            first_window(cwd, env, display)  # warm-up
            report("mcr-referee start to first window", [first_window(cwd, env, display)
                                                          for _ in range(args.app_runs)], yardstick)
        finally:
            xvfb.terminate()
            xvfb.wait(10)


if __name__ == "__main__":
    main(sys.argv[1:])
