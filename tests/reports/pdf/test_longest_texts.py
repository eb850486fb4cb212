"""Every report builds with the longest texts the store accepts (docs/data-safety.md "Limits"): 100-character
Chinese and Latin names, teams and tournament name, a 500-character penalty reason. Built with the
commands on a real file, each PDF parsed back."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from db.rules.limits import NAME_MAX, REASON_MAX
from reports.cli import main
from reports.pdf.penalties import PenaltiesReport, PenaltyRecord
from reports.pdf.scoresheet import ScoreSheetReport
from tests.reports import samples
from tests.reports.hostile import seats_of_session_1, write_jsonl

CJK = "张伟李娜王芳刘洋陈静"
LATIN = "Maximilian Alexander Wolfeschlegelsteinhausenbergerdorff "


def _fill(seed: str, n: int = NAME_MAX) -> str:
    return (seed * (n // len(seed) + 1))[:n].strip().ljust(n, "x")


# Players: odd numbers Chinese, even numbers Latin; a team per two players (a team per table's pair).
NAMES = {str(i): (_fill(f"{i}{CJK}") if i % 2 else _fill(f"{i} {LATIN}")) for i in range(1, 9)}
TEAMS = {str(i): (_fill(f"队{(i + 1) // 2}{CJK}") if i % 4 in (1, 2) else _fill(f"Team {(i + 1) // 2} {LATIN}"))
         for i in range(1, 9)}
TOURNAMENT = _fill("国标麻将锦标赛 MCR Open Championship ")
REASON = _fill("错和：宣布和牌但牌型不成立，按规则罚分。False win declared: the hand was not complete. ", REASON_MAX)
KINDS = ["scoresheets", "scoresheets --blank", "results", "penalties", "seating", "standings", "standings --teams"]


def _csv(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


@pytest.fixture(scope="module")
def longest(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("longest")
    db = tmp / "t.mcr"
    station, referee = "s" * 100, "裁" * 100

    def run(*argv: str) -> None:
        assert main(["--db", str(db), "--station", station, "--referee", referee, *argv]) == 0, argv

    assert len(TOURNAMENT) == NAME_MAX and len(REASON) == REASON_MAX
    assert all(len(t) == NAME_MAX for t in [*NAMES.values(), *TEAMS.values()])
    run("init", "--name", TOURNAMENT, "--sessions", "2")
    (tmp / "p.csv").write_text("number,name,team,country\n" + "".join(
        f"{n},{_csv(NAMES[n])},{_csv(TEAMS[n])},CN\n" for n in NAMES), encoding="utf-8")
    run("players", "import", str(tmp / "p.csv"))
    run("seat", "1", "--seed", "1")
    run("seat", "2", "--seed", "1")
    seats = seats_of_session_1(db)
    lines = []
    for table, four in seats.items():
        for hand in range(1, 17):
            lines.append({"session": 1, "table": table, "hand": hand, "type": "win", "winner": four[hand % 4],
                          "discarder": four[(hand + 1) % 4], "fan": 8 + hand})
        for k in range(3):
            lines.append({"session": 1, "table": table, "type": "penalty", "player": four[k], "points": 30,
                          "settlement": "others", "reason": REASON, "kind": "false_win", "hand": 16})
    run("results", "import", str(write_jsonl(tmp / "r.jsonl", lines)))
    return db


def _text(pdf: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages]


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("kind", KINDS)
def test_every_report_builds_with_the_longest_texts(longest: Path, kind: str) -> None:
    out = longest.parent / (kind.replace(" --", "-") + ".pdf")
    argv = kind.split()
    session = [] if argv[0] == "standings" else ["--session", "1"]
    assert main(["--db", str(longest), "report", argv[0], *argv[1:], *session, "-o", str(out)]) == 0
    pages = _text(out)
    assert pages and all(f"of {len(pages)}" in p for p in pages)
    everything = _squeeze("".join(pages))
    if kind == "penalties":
        assert _squeeze(REASON) in everything  # wrapped, never cut
    # Every name is there, in full or cut with an ellipsis; the first characters always show.
    shown = [n for n in NAMES.values() if _squeeze(n[:12]) in everything]
    assert len(shown) >= (6 if kind == "penalties" else 8), kind  # the penalty record: the 6 offenders


@pytest.mark.parametrize("reason", ["W" * REASON_MAX, "罚" * REASON_MAX, ("<b>&" * 200)[:REASON_MAX]])
def test_the_penalty_record_and_sheet_take_any_reason_the_store_accepts(reason: str) -> None:
    """One unbroken word, Chinese, markup characters shown as typed; paid to a 100-character name."""
    sheet = samples.sheet(1)
    to = dataclasses.replace(sheet.players[1], name=_fill(LATIN))
    rows = [dataclasses.replace(p, reason=reason, settlement="player", to_player=to) for p in sheet.penalties] * 3
    pdf = PenaltiesReport().render(PenaltyRecord(TOURNAMENT, 1, rows))
    pages = [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]
    assert all(f"of {len(pages)}" in p for p in pages)
    assert _squeeze(reason) in _squeeze("".join(pages))
    sheets = ScoreSheetReport().render([dataclasses.replace(sheet, penalties=tuple(rows))])
    assert PdfReader(io.BytesIO(sheets)).pages
