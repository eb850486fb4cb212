"""Every output of the demo tournament, written to a folder, and two such folders compared.

A reorganisation of the code (issue 31's rooms) must change no output. This script drives only the
installed commands (`mcr-tournament`), so it runs the same against the tree before and after a move:

    python benchmarks/outputs_identical.py write BEFORE/      # on the commit before the first move
    python benchmarks/outputs_identical.py write AFTER/       # on the commit to check
    python benchmarks/outputs_identical.py compare BEFORE/ AFTER/

It writes, in English and in Chinese: the published website (its "Generated" time blanked), the JSON of
standings (individual and teams), results, awards and every session's seating, the complete export
(its export time blanked), the EMA file, and the text of every PDF report (`pdftotext -layout`).
`compare` names each file that differs and exits 1; 0 when all are identical.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LANGUAGES = ("en", "zh")
# Times that depend on the moment of the run, not on the code: blanked before comparing.
VOLATILE = [
    re.compile(rb"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:?\d{2}|Z)?"),
    re.compile(rb"\d{1,2}:\d{2}(:\d{2})?"),
]


def _command() -> list[str]:
    found = shutil.which("mcr-tournament", path=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    if not found:
        raise SystemExit("mcr-tournament is not installed beside this Python")
    return [found]


def _run(args: list[str], env: dict[str, str], out: Path | None = None, refusal: Path | None = None) -> None:
    """Run one command; its stdout into ``out``. With ``refusal``, a refusal is an output too: its
    exit code and message are written there (the demo is not ready for the EMA file)."""
    result = subprocess.run(_command() + args, env=env, capture_output=True, check=False)
    if refusal is not None:
        tmp = str(Path(tempfile.gettempdir()))
        refusal.write_bytes(b"exit %d\n" % result.returncode + result.stderr.replace(tmp.encode(), b"<tmp>"))
        return
    if result.returncode != 0:
        raise SystemExit(f"mcr-tournament {' '.join(args)} failed: {result.stderr.decode(errors='replace')}")
    if out is not None:
        out.write_bytes(result.stdout)


def _blank(path: Path) -> None:
    data = path.read_bytes()
    for pattern in VOLATILE:
        data = pattern.sub(b"<time>", data)
    path.write_bytes(data)


def _sessions(db: Path, env: dict[str, str]) -> list[str]:
    out = db.with_suffix(".sessions.json")
    _run(["--db", str(db), "export", str(out)], env)
    data = json.loads(out.read_text(encoding="utf-8"))
    out.unlink()
    return [str(n) for n in sorted({t["session"] for t in data["tables"]["session_tables"]})]


def write(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "demo.mcr"
        base_env = {**os.environ, "MCR_REFEREE": "outputs", "LANGUAGE": "en", "LANG": "C.UTF-8"}
        _run(["--db", str(db), "--station", "outputs", "demo"], base_env)
        sessions = _sessions(db, base_env)
        for lang in LANGUAGES:
            env = {**base_env, "LANGUAGE": lang}
            out = folder / lang
            out.mkdir(exist_ok=True)
            q = ["--db", str(db), "--station", "outputs"]
            _run(q + ["standings", "--format", "json"], env, out / "standings.json")
            _run(q + ["standings", "--teams", "--format", "json"], env, out / "teams.json")
            _run(q + ["results", "list", "--format", "json"], env, out / "results.json")
            _run(q + ["awards", "--format", "json"], env, out / "awards.json")
            for s in sessions:
                _run(q + ["seating", s, "--format", "json"], env, out / f"seating-{s}.json")
            _run(q + ["export", str(out / "export.json")], env)
            _run(q + ["export", "--format", "ema", str(Path(tmp) / f"{lang}.csv")], env, refusal=out / "ema.txt")
            site = out / "site"
            _run(q + ["publish", "-o", str(site)], env)
            pdfs = Path(tmp) / lang
            pdfs.mkdir()
            reports: list[tuple[str, list[str]]] = [
                ("standings", []), ("standings-teams", ["--teams"]), ("awards", [])]
            for s in sessions:
                for kind in ("scoresheets", "results", "penalties", "seating"):
                    reports.append((f"{kind}-{s}", ["--session", s]))
            for name, extra in reports:
                pdf = pdfs / f"{name}.pdf"
                _run(q + ["report", name.split("-")[0], *extra, "-o", str(pdf)], env)
                subprocess.run(["pdftotext", "-layout", str(pdf), str(out / f"{name}.pdf.txt")], check=True)
        for path in folder.rglob("*"):
            if path.is_file():
                _blank(path)


def compare(before: Path, after: Path) -> int:
    differ: list[str] = []

    def walk(cmp: filecmp.dircmp[str], prefix: str) -> None:
        differ.extend(f"only before: {prefix}{n}" for n in cmp.left_only)
        differ.extend(f"only after: {prefix}{n}" for n in cmp.right_only)
        for name in cmp.common_files:
            if (Path(cmp.left) / name).read_bytes() != (Path(cmp.right) / name).read_bytes():
                differ.append(f"differs: {prefix}{name}")
        for name, sub in cmp.subdirs.items():
            walk(sub, f"{prefix}{name}/")

    walk(filecmp.dircmp(before, after), "")
    files = sum(1 for p in before.rglob("*") if p.is_file())
    for line in differ:
        print(line)
    print(f"{files} files compared, {len(differ)} differ")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("folder", type=Path)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.command == "write":
        write(args.folder)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
