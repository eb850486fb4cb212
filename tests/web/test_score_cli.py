"""mcr-score's console script (web/score_cli.py): scoring's command line in the environment's language."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

HAND = "[789m2][777s3][234s3]89sEE7s"


def mcr_score(*args: str, language: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("mcr-score") or str(Path(sys.executable).parent / "mcr-score")
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, encoding="utf-8",
                          timeout=120, env={**env, "LANGUAGE": language})


def test_the_console_script_is_the_front_end() -> None:
    exe = Path(shutil.which("mcr-score") or Path(sys.executable).parent / "mcr-score")
    assert "web.score_cli" in exe.read_text(encoding="utf-8")


def test_a_bad_hand_is_refused_in_chinese() -> None:
    p = mcr_score("garbage", language="zh")
    assert p.returncode == 1 and p.stdout == ""
    assert p.stderr.splitlines()[0] == 'mcr-score: 错误：第 1 个字符 “g”：未知的牌字母 "g"（字牌为 E S W N C F P）。'
    assert p.stderr.splitlines()[1:] == ["  garbage", "  ^"]


def test_the_command_lines_own_refusals_and_help_follow_the_language() -> None:
    p = mcr_score(language="zh")
    assert p.returncode == 1
    assert p.stderr == "mcr-score: 错误：请给出一手牌，例如 mcr-score '[789m2][777s3][234s3]89sEE7s'，或使用 --stream\n"
    assert "显示本帮助并退出" in mcr_score("--help", language="zh").stdout
    english = mcr_score("--help", language="en").stdout
    assert english.startswith("usage: mcr-score") and "show this help and exit" in english


def test_the_breakdown_follows_the_language_and_lang_still_chooses() -> None:
    zh = mcr_score(HAND, "--self-drawn", language="zh").stdout
    assert "合计：10 番" in zh and "自摸（Self-Drawn）" in zh
    en = mcr_score(HAND, "--self-drawn", "--lang", "en", language="zh").stdout
    assert "Total: 10 fans" in en and "Self-Drawn (自摸)" in en


def test_json_and_stream_are_the_same_in_every_language() -> None:
    lines = f'{{"notation": "{HAND}"}}\n{{"notation": "garbage"}}\nnot json\n'
    for args, stdin in (([HAND, "--json"], None), ([HAND[:-2], "--waits", "--json"], None), (["--stream"], lines)):
        english = mcr_score(*args, language="en", stdin=stdin)
        assert english.returncode == 0, english.stderr
        for language in ("zh", "xx"):
            assert mcr_score(*args, language=language, stdin=stdin).stdout == english.stdout


def test_python_m_scoring_cli_still_runs_in_english() -> None:
    p = subprocess.run([sys.executable, "-m", "scoring.cli", "garbage"], capture_output=True, text=True,
                       encoding="utf-8", timeout=120, env={**os.environ, "LANGUAGE": "zh"})
    assert p.returncode == 1
    assert p.stderr.startswith('mcr-score: error: "g" at 1: unknown tile letter "g"')


def test_the_front_end_starts_without_the_server_or_the_store() -> None:
    code = ("import sys, web.score_cli; print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'starlette', 'uvicorn', 'sqlalchemy', 'db', 'reports', 'PySide6'}))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"


def test_every_line_of_the_breakdown_and_the_waits_comes_from_the_catalogue() -> None:
    # the pseudo-locale wraps each catalogue text: a line that does not start wrapped was written elsewhere
    for args in ([HAND, "--last-tile", "--flowers", "2"], [HAND[:-2]], [HAND[:-2], "--waits"]):
        p = mcr_score(*args, language="xx")
        assert p.returncode == 0 and p.stdout.strip(), p.stderr
        assert [line for line in p.stdout.splitlines() if not line.startswith("⟦")] == [], p.stdout
