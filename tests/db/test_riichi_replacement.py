"""A replacement player's session under the Riichi presets (docs/riichi.md "The replacement player"): a
substitute who plays in a no-show's seat scores the preset's fixed −15,000 points and −15 uma, whatever
the game gave, and that counts for their team; the other three keep what they played. Built through the
command line as an organiser would (check-in with a no-show, the substitute seated, a game imported)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from db.read.games import game_sheet
from db.read.standings import substitutes_played, team_standings
from db.storage.store import open_database
from tests.reports.game_event import run, seats

PLAYERS = "number,name,team,substitute\n1,Ann,Red,\n2,Bob,Red,\n3,Cy,Blue,\n4,Dee,Blue,\n5,Zhao Min,Blue,yes\n"


def _game(db: Path, table: tuple[str, str, str, str]) -> None:
    """East wins a 2-han 30-fu ron from South with East's riichi, then West a 4-han 30-fu tsumo with riichi,
    time called after the first: the game ends after the second."""
    e, s, w, _n = table
    at = {"session": 1, "table": 1}
    lines: list[dict[str, Any]] = [
        {**at, "hand": 1, "type": "ron", "discarder": s, "riichi": [e], "winners": [{"player": e, "han": 2, "fu": 30}]},
        {**at, "hand": 2, "type": "tsumo", "winner": w, "han": 4, "fu": 30, "riichi": [w]},
        {**at, "type": "time_called", "after_hand": 1},
    ]
    path = db.parent / "lines.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    run(db, "results", "import", str(path))


def _event(folder: Path, *rules: str) -> tuple[Path, tuple[str, str, str, str]]:
    db = folder / "replacement.mcr"
    run(db, "init", "--name", "Riichi", "--sessions", "1", "--profile", "riichi-ema2016",
        *(x for r in rules for x in ("--rule", r)))
    (folder / "players.csv").write_text(PLAYERS, encoding="utf-8")
    run(db, "players", "import", str(folder / "players.csv"))
    run(db, "checkin", "--session", "1", "--present", "1", "2", "3", "5", "--absent", "4")
    run(db, "seat", "1")
    table = seats(db, 1)[1]
    assert "5" in table and "4" not in table
    _game(db, table)
    return db, table


def _standings_json(db: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> Any:
    capsys.readouterr()
    run(db, "standings", "--format", "json", *extra)
    return json.loads(capsys.readouterr().out)


def test_a_substitute_in_a_riichi_game_scores_the_fixed_replacement_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, table = _event(tmp_path)
    sub = table.index("5")
    with open_database(db) as database, database.factory() as s:
        sheet = game_sheet(s, 1, 1)
        played = {p.number: r for p, r in zip(sheet.players, sheet.results, strict=True)}
        subs = {r.number: r for r in substitutes_played(s)}
        teams = {t.team: t for t in team_standings(s)}
    mine = sheet.results[sub]
    # the game's points stay as played (the sheet's raw), the uma and the score are the preset's: −15 and −15
    assert mine.fixed and mine.uma == -15.0 and mine.score == -30.0 and mine.penalty == 0.0
    # its points are fixed too (the return less 15,000), so no tie-break counts the game it played; the
    # hands' columns keep what was played
    assert mine.raw == 15_000
    assert sum(sheet.scores) == 120_000 - 1000 * sheet.next_deposits
    assert teams["Blue"].match_points == pytest.approx(played["3"].raw + 15_000)
    assert subs["5"].table_points == -30.0
    # the other three keep their game: (raw - 30,000) / 1,000 + their place's uma
    uma = {1: 15.0, 2: 5.0, 3: -5.0, 4: -15.0}
    others = [n for n in table if n != "5"]
    for n in others:
        r = played[n]
        assert not r.fixed
        assert r.score == pytest.approx((r.raw - 30_000) / 1000 + uma[r.place])
    # Blue's total is Cy's game plus Zhao Min's fixed −30 (Dee, absent, has no session)
    assert teams["Blue"].table_points == pytest.approx(played["3"].score - 30.0)
    rows = {r["number"]: r for r in _standings_json(db, capsys)}
    assert "5" not in rows  # substitutes are in no ranking
    assert rows["3"]["sessions"][0]["score"] == pytest.approx(played["3"].score)


def test_the_replacement_result_follows_the_organisers_value_and_can_be_turned_off(
        tmp_path: Path) -> None:
    off = tmp_path / "off"
    off.mkdir()
    db, table = _event(off, "replacement_penalty=null")
    sub = table.index("5")
    with open_database(db) as database, database.factory() as s:
        r = game_sheet(s, 1, 1).results[sub]
    assert not r.fixed and r.score == pytest.approx((r.raw - 30_000) / 1000 + {1: 15, 2: 5, 3: -5, 4: -15}[r.place])
    ten = tmp_path / "ten"
    ten.mkdir()
    db, table = _event(ten, "replacement_penalty=10000")
    with open_database(db) as database, database.factory() as s:
        r = game_sheet(s, 1, 1).results[table.index("5")]
    assert r.fixed and r.uma == -10.0 and r.score == -20.0


def test_the_score_sheet_and_the_desk_say_why_a_replacement_players_result_is_fixed(tmp_path: Path) -> None:
    import subprocess

    from referee_app.pages.game_vm import GameSheetViewModel
    from reports.pdf.game_sheet import game_sheets_pdf

    db, table = _event(tmp_path)
    sub = table.index("5")
    with open_database(db) as database, database.factory() as s:
        sheet = game_sheet(s, 1, 1)
        vm = GameSheetViewModel()
        vm.load(s, 1, 1)
    rows = vm.result_rows()
    assert "replacement player" in rows[sub][0]
    assert all("replacement player" not in r[0] for i, r in enumerate(rows) if i != sub)
    for lang, words in (("en", "replacement player: fixed result"), ("zh", "替补选手")):
        out = tmp_path / f"sheet-{lang}.pdf"
        out.write_bytes(game_sheets_pdf([sheet], lang))
        text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert words in " ".join(text.split())
        assert text.count("替补选手") == 1  # the reports say both languages: once, on the substitute's row
