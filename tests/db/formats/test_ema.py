"""The EMA results file (`export FILE --format ema`) and the players' EMA fields."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from db import Database, open_database
from db.commands.cli import main as cli_main
from db.errors import InputError, TournamentError
from db.formats.ema_csv import HEADER, export_ema
from db.formats.players_csv import RowErrors, parse_players_csv
from db.read import queries
from db.service.players import PlayerInput, import_players
from db.service.results import call_time, record_draw, record_win
from db.service.seats import set_seating
from db.service.tournament import create_tournament
from db.storage.transfer import export_data
from tests.db.helpers import ACTOR

PLAYERS = [
    PlayerInput("1", "张伟 Zhang Wei", None, "cn", ema_number="10990001"),
    PlayerInput("2", "Anna van der Berg", None, "Netherlands", ema_number="4290042"),  # a dropped leading 0
    PlayerInput("3", "=1+2", None, "FR"),  # a name a spreadsheet would run
    PlayerInput("4", "Chloé Durand", None, "fr", first_name="Chloé Anne", last_name="Durand-Petit"),
    PlayerInput("5", "MARTIN Paul", None, "GB", ema_number="05990123"),
    PlayerInput("6", "李娜", None, "CN"),
    PlayerInput("7", "Emma Smith", None, None),
    PlayerInput("8", "Frank Jones", None, "DE"),
]


def _tournament(db: Database, *, finish: bool = True) -> None:
    """One session of 4 hands. Table 1: players 1 and 2 tie first (+16 each, 3 table points each), 3 and 4
    tie third (−16, 0.5 each). Table 2: 5 wins self-drawn (+48, 4), 6, 7, 8 tie at −16 (1 each)."""
    with db.factory.begin() as s:
        create_tournament(s, "EMA Open", "cmr1998", sessions=1, hands_per_session=4, actor=ACTOR)
        import_players(s, PLAYERS, ACTOR)
        set_seating(s, 1, [["1", "2", "3", "4"], ["5", "6", "7", "8"]], actor=ACTOR)
        record_win(s, 1, 1, 1, winner="1", discarder="2", fan=8, actor=ACTOR)
        record_win(s, 1, 1, 2, winner="2", discarder="1", fan=8, actor=ACTOR)
        record_draw(s, 1, 1, 3, actor=ACTOR)
        record_win(s, 1, 2, 1, winner="5", self_drawn=True, fan=8, actor=ACTOR)
        if finish:
            record_draw(s, 1, 1, 4, actor=ACTOR)
            call_time(s, 1, 2, 1, actor=ACTOR)


def _rows(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_ema_file_columns_values_and_shared_places(db: Database) -> None:
    _tournament(db)
    with db.reader() as s:
        data = export_ema(s)
    rows = _rows(data)
    assert tuple(rows[0]) == HEADER
    body = {r[2]: r for r in rows[1:]}
    assert body["MARTIN"] == ["1", "Paul", "MARTIN", "05990123", "4", "48", "YES", "GB"]
    assert body["Zhang"] == ["2", "Wei", "Zhang", "10990001", "3", "16", "YES", "CN"]  # romanised: family name first
    assert body["van der Berg"] == ["2", "Anna", "van der Berg", "04290042", "3", "16", "YES", "NL"]
    assert body["李"] == ["4", "娜", "李", "", "1", "-16", "NO", "CN"]  # numbers stay numbers: no ' before -16
    assert body["Smith"] == ["4", "Emma", "Smith", "", "1", "-16", "NO", ""]
    assert body["Jones"][:7] == ["4", "Frank", "Jones", "", "1", "-16", "NO"]
    assert body["'=1+2"] == ["7", "", "'=1+2", "", "0.5", "-16", "NO", "FR"]  # neutralised, shared 3rd: .5
    assert body["Durand-Petit"] == ["7", "Chloé Anne", "Durand-Petit", "", "0.5", "-16", "NO", "FR"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "2", "4", "4", "4", "7", "7"]
    # Every field quoted, CRLF line ends (checked on the raw text, not through csv).
    lines = data.decode("utf-8-sig").split("\r\n")
    assert lines[0] == '"Place","First Name","Last name","EMA number","Table points","Score","Ema Member","Country"'
    assert lines[-1] == "" and all(re.fullmatch(r'"[^"]*"(,"[^"]*")*', line) for line in lines[:-1])


def test_unfinished_tournament_is_refused_with_the_tables_named(db: Database) -> None:
    _tournament(db, finish=False)
    with db.reader() as s, pytest.raises(TournamentError) as err:
        export_ema(s)
    assert err.value.code == "ema_not_ready"
    msg = str(err.value)
    assert "session 1 table 1: not finished (3 of 4 hands, time not called)" in msg
    assert "session 1 table 2: not finished (1 of 4 hands" in msg


def test_unseated_session_and_a_doubled_ema_number_are_named(db: Database) -> None:
    with db.factory.begin() as s:
        create_tournament(s, "EMA Open", "cmr1998", sessions=2, hands_per_session=1, actor=ACTOR)
        import_players(s, PLAYERS[:4], ACTOR)
        set_seating(s, 1, [["1", "2", "3", "4"]], actor=ACTOR)
        record_draw(s, 1, 1, 1, actor=ACTOR)
    with db.reader() as s, pytest.raises(TournamentError) as err:
        export_ema(s)
    assert err.value.params["tables"] == ["session 2: not seated"]
    with db.factory.begin() as s:
        import_players(s, [PlayerInput("3", "=1+2", None, "FR", ema_number="10990001")], ACTOR)
    with db.reader() as s, pytest.raises(TournamentError) as err:
        export_ema(s)
    assert err.value.params["players"] == ["players 1, 3: the same EMA number 10990001"]


def test_ema_fields_are_checked_and_in_the_json_export(db: Database) -> None:
    _tournament(db)
    with db.factory.begin() as s:
        with pytest.raises(InputError) as err:
            import_players(s, [PlayerInput("9", "X Y", country="Narnia")], ACTOR)
        assert err.value.code == "country_unknown" and "Narnia" in str(err.value)
    with db.factory.begin() as s, pytest.raises(InputError) as err:
        import_players(s, [PlayerInput("9", "X Y", ema_number="12-34")], ACTOR)
    assert err.value.code == "ema_number_invalid"
    with db.reader() as s:
        data = export_data(s)
        views = {p.number: p for p in queries.players(s)}
    row = next(r for r in data["tables"]["players"] if r["number"] == "2")
    assert (row["country"], row["ema_number"], row["first_name"], row["last_name"]) == ("NL", "04290042", None, None)
    assert views["4"].names == ("Chloé Anne", "Durand-Petit") and views["1"].names == ("Wei", "Zhang")


def test_players_csv_takes_the_ema_columns() -> None:
    text = ("number,name,country,ema_number,first_name,last_name\n"
            "1,张伟 Zhang Wei,China,,,\n"
            "2,Anna Berg,se,4290042,Anna Maria,\n")
    a, b = parse_players_csv(text)
    assert (a.country, a.ema_number, a.first_name, a.last_name) == ("CN", "", "", "")  # empty cells: cleared
    assert (b.country, b.ema_number, b.first_name, b.last_name) == ("SE", "04290042", "Anna Maria", "")
    (c,) = parse_players_csv("number,name\n1,张伟 Zhang Wei\n")
    assert (c.ema_number, c.first_name, c.last_name) == (None, None, None)  # no such columns: not given
    with pytest.raises(RowErrors) as err:
        parse_players_csv("number,name,country,ema_number\n1,A B,Atlantis,\n2,C D,FR,12345678901\n")
    assert len(err.value.problems) == 2
    assert err.value.problems[0].startswith("line 2: ") and "'Atlantis'" in err.value.problems[0]
    assert err.value.problems[1].startswith("line 3: ") and "8-digit" in err.value.problems[1]


def test_cli_export_ema_and_json_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ema.mcr"
    with open_database(path, create=True) as db:
        _tournament(db)
    out = tmp_path / "results.csv"
    assert cli_main(["--db", str(path), "export", str(out), "--format", "ema"]) == 0
    rows = _rows(out.read_bytes())
    assert len(rows) == 9 and rows[1][0] == "1"
    plain = tmp_path / "all.json"
    assert cli_main(["--db", str(path), "export", str(plain)]) == 0  # no --format: the complete JSON export
    assert json.loads(plain.read_text(encoding="utf-8"))["format"] == "mcr-tournament-export"


def test_cli_refuses_an_unfinished_tournament_and_writes_nothing(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ema.mcr"
    with open_database(path, create=True) as db:
        _tournament(db, finish=False)
    out = tmp_path / "results.csv"
    assert cli_main(["--db", str(path), "export", str(out), "--format", "ema"]) == 1
    err = capsys.readouterr().err
    assert "EMA results file was not written" in err and "session 1 table 1: not finished" in err
    assert not out.exists()


def test_a_file_without_the_ema_columns_keeps_them(db: Database) -> None:
    _tournament(db)
    with db.factory.begin() as s:
        import_players(s, parse_players_csv("number,name,country\n2,Anna van der Berg,NL\n"), ACTOR)
    with db.reader() as s:
        assert {p.number: p for p in queries.players(s)}["2"].ema_number == "04290042"
    with db.factory.begin() as s:
        import_players(s, parse_players_csv("number,name,ema_number,last_name\n2,Anna van der Berg,,Berg\n"), ACTOR)
    with db.reader() as s:
        p = {p.number: p for p in queries.players(s)}["2"]
    assert (p.ema_number, p.last_name, p.names) == (None, "Berg", ("Anna", "Berg"))


def test_a_substitute_who_never_played_does_not_block_the_file_with_his_country_or_ema_number(db: Database) -> None:
    """Substitutes who did not play are not in the file: their fields are not the upload's business. A bad
    country is stored by a file written before countries were checked (as tests/db/storage/test_schema_upgrade.py)."""
    from sqlalchemy import update

    from db.models import Player

    _tournament(db)
    with db.factory.begin() as s:
        import_players(s, [PlayerInput("9", "Reserve Nine", None, None, substitute=True, ema_number="10990001")],
                       ACTOR)
        s.execute(update(Player).where(Player.number == "9").values(country="Narnia"))
    with db.reader() as s:
        rows = _rows(export_ema(s))
    assert len(rows) == 1 + 8 and not any("Reserve" in cell for row in rows for cell in row)
    with db.factory.begin() as s:  # a player of the file still is checked
        s.execute(update(Player).where(Player.number == "8").values(country="Narnia"))
    with db.reader() as s, pytest.raises(TournamentError) as err:
        export_ema(s)
    assert err.value.params["players"] == ["player 8: country 'Narnia' is not an ISO 3166 alpha-2 code"]
