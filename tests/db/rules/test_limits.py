"""Every result line judged alone, the limits on text and numbers, identical lines
racing on PostgreSQL. Real files, a real PostgreSQL server through the ``db``/``db_url`` fixtures."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
import sqlalchemy.exc
from sqlalchemy import func, select

from db import Database, open_database
from db.errors import InputError
from db.formats.players_csv import RowErrors, parse_players_csv
from db.formats.result_import import import_result_lines
from db.models import AuditLog, Penalty, Player
from db.read import queries
from db.rules.limits import ACTOR_MAX, INT_MAX, LINE_BYTES_MAX, NAME_MAX, REASON_MAX
from db.service.audit import Actor
from db.service.corrections import correct_penalty
from db.service.outcomes import PenaltyInput
from db.service.players import PlayerInput, import_players
from db.service.results import record_penalty
from db.service.tournament import create_tournament, update_settings
from tests.db.commands.test_cli import run
from tests.db.helpers import ACTOR, make_tournament

CJK_100 = "张伟李娜王芳刘洋陈静" * 10
LATIN_100 = "Maximilian-Alexander " * 4 + "Wolfeschlegelst"  # 99 + 1
assert len(CJK_100) == 100 and len(LATIN_100.ljust(100, "n")) == 100


def _good(k: int) -> str:
    """A penalty line that is always accepted (a new reason each time, so never "skipped")."""
    return json.dumps({"session": 1, "table": 1, "type": "penalty", "player": "1", "points": 10,
                       "settlement": "deducted", "reason": f"good line {k}"})


def _pen(**change: object) -> str:
    d: dict[str, object] = {"session": 1, "table": 1, "type": "penalty", "player": "1", "points": 10,
                            "settlement": "deducted"}
    d.update(change)
    return json.dumps(d)


# (the poison line, what its rejection says)
POISON = [
    pytest.param(json.dumps({"session": 1, "table": 2**63, "hand": 1, "type": "draw"}),
                 '"table": 9223372036854775808 is out of range (1–2147483647)', id="table-2^63"),
    pytest.param(json.dumps({"session": 2**31, "table": 1, "hand": 1, "type": "draw"}),
                 '"session": 2147483648 is out of range', id="session-2^31"),
    pytest.param(_pen(points=2**40), '"points": 1099511627776 is out of range (1–2147483647)', id="points-2^40"),
    pytest.param(_pen(reason="\ud800"), '"reason": contains an invalid character (U+D800', id="lone-surrogate"),
    pytest.param(_pen(player="\udfff1"), '"player": contains an invalid character (U+DFFF', id="surrogate-number"),
    pytest.param(_pen(reason="a\u0000b"), '"reason": contains a control character (U+0000)', id="nul-reason"),
    pytest.param(_pen(reason="x" * (REASON_MAX + 1)), '"reason": 501 characters: at most 500', id="long-reason"),
    pytest.param("[" * 100_000, "the line has 100000 bytes: a result line has at most 16384", id="100000-deep"),
    pytest.param('{"a":' * 2000 + "1" + "}" * 2000, "nests arrays and objects deeper than 20", id="2000-deep"),
    pytest.param(_pen(reason="x" * 1_000_000), "a result line has at most 16384", id="1MB-line"),
    pytest.param('{"session": 1, "table": 1, "hand": ' + "9" * 5000 + ', "type": "draw"}',
                 "not valid JSON (a number has more than 4300 digits at column 36)",
                 id="5000-digit-number"),
    pytest.param(json.dumps({"session": "1", "table": 1, "hand": 1, "type": "draw"}),
                 "\"session\": '1' is not a whole number", id="session-text"),
    pytest.param(json.dumps({"session": 1, "table": 1, "hand": 1.5, "type": "draw"}),
                 '"hand": 1.5 is not a whole number', id="hand-float"),
    pytest.param(json.dumps({"session": 1, "table": 1, "hand": 1, "type": "win", "winner": [1], "fan": 8,
                             "self_drawn": True}), '"winner": [1] is not a player number', id="winner-list"),
    pytest.param(json.dumps({"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "1", "fan": {"a": 1},
                             "self_drawn": True}), '"fan": {\'a\': 1} is not a whole number', id="fan-object"),
    pytest.param(json.dumps({"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "1", "fan": 8,
                             "self_drawn": "yes"}), "\"self_drawn\": 'yes' must be true or false", id="bool-text"),
    pytest.param(json.dumps({"session": 1, "table": 1, "hand": 1, "type": "win", "winner": "1", "fan": 8,
                             "self_drawn": True, "notation": 5}), '"notation": must be text', id="notation-number"),
    pytest.param(_pen(kind=["custom"]), '"kind": must be text', id="kind-list"),
    pytest.param(_pen(settlement={"to": [2]}), '"settlement": [2] is not a player number', id="to-list"),
    pytest.param(_pen(settlement=["others"]), "\"settlement\": ['others']: use", id="settlement-list"),
    pytest.param(_pen(reason=7), '"reason": must be text', id="reason-number"),
    pytest.param(_pen(**{"x" * 5000: 1}), "unknown field for a penalty line", id="long-unknown-field"),
    pytest.param("[1, 2]", "each line must be one JSON object", id="array"),
    pytest.param("NaN", "each line must be one JSON object", id="nan"),
]


@pytest.mark.parametrize(("poison", "says"), POISON)
def test_a_poison_line_is_rejected_with_its_number_and_the_next_is_recorded(db: Database, poison: str,
                                                                            says: str) -> None:
    make_tournament(db)
    text = "\n".join([_good(1), poison, _good(2), "", _good(3)]) + "\n"
    report = import_result_lines(db, text, "r.jsonl")
    assert (report.recorded, report.skipped, report.rejected) == (3, 0, 1)
    assert len(report.errors) == 1 and report.errors[0].startswith("r.jsonl line 2: "), report.errors
    assert says in report.errors[0]
    assert "\n" not in report.errors[0] and len(report.errors[0]) < 300
    with db.reader() as s:
        assert sorted(s.scalars(select(Penalty.reason))) == ["good line 1", "good line 2", "good line 3"]


def test_every_poison_line_in_one_file_and_the_summary(db: Database) -> None:
    make_tournament(db)
    lines: list[str] = []
    for k, p in enumerate(POISON):
        lines += [p.values[0], _good(k)]  # type: ignore[list-item]
    report = import_result_lines(db, "\n".join(lines), "all.jsonl")
    assert (report.recorded, report.skipped, report.rejected) == (len(POISON), 0, len(POISON))
    assert [e.split(":")[0] for e in report.errors] == [f"all.jsonl line {2 * k + 1}" for k in range(len(POISON))]
    again = import_result_lines(db, "\n".join(lines), "all.jsonl", atomic=True)
    assert again.rolled_back and again.rejected == len(POISON) and again.recorded == 0


def test_cli_import_keeps_its_summary_line_and_names_each_line(tmp_path: Path) -> None:
    db_path = tmp_path / "t.mcr"
    with open_database(db_path, create=True) as db:
        make_tournament(db)
    (tmp_path / "r.jsonl").write_text("\n".join([_good(1), "[" * 100_000, _good(2),
                                                 _pen(reason="\ud800"), _good(3)]) + "\n", encoding="utf-8")
    out = run("--db", "t.mcr", "results", "import", "r.jsonl", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout == "results: 3 recorded, 0 skipped, 2 rejected\n"
    assert out.stderr.splitlines()[0] == "r.jsonl line 2: the line has 100000 bytes: a result line has at most 16384"
    assert out.stderr.splitlines()[1].startswith('r.jsonl line 4: "reason": contains an invalid character (U+D800')


# ------------------------------------------------------------------------------------------ text limits


def _refusal(db: Database, action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as caught, db.factory.begin() as s:
        action(s)
    return str(caught.value)


def test_names_at_the_limit_are_kept_and_past_it_refused_the_same_on_both_backends(db: Database) -> None:
    make_tournament(db, players=4)
    long_latin = LATIN_100.ljust(NAME_MAX, "n")
    with db.factory.begin() as s:
        import_players(s, [PlayerInput("1", CJK_100, CJK_100, "CN"), PlayerInput("2", long_latin, long_latin)],
                       ACTOR)
    with db.reader() as s:
        got = {p.number: (p.name, p.team, p.country) for p in s.scalars(select(Player))}
    assert got["1"] == (CJK_100, CJK_100, "CN") and got["2"] == (long_latin, long_latin, None)

    cases = [
        (PlayerInput("3", "x" * 101), '"name": 101 characters: at most 100'),
        (PlayerInput("3", "张" * 10_000), '"name": 10000 characters: at most 100'),
        (PlayerInput("3", "Anna\x00Berg"), '"name": contains a control character (U+0000)'),
        (PlayerInput("3", "Anna\nBerg"), '"name": contains a control character (U+000A)'),
        (PlayerInput("3", "An\x85na"), '"name": contains a control character (U+0085)'),
        (PlayerInput("3", "Anna\ud800"), '"name": contains an invalid character (U+D800'),
        (PlayerInput("3", "Anna", "t" * 101), '"team": 101 characters: at most 100'),
        (PlayerInput("3", "Anna", None, "c" * 101), '"country": 101 characters: at most 100'),
        (PlayerInput("3" * 33, "Anna"), '"number": 33 characters: at most 32'),
    ]
    for pi, says in cases:
        assert _refusal(db, lambda s, pi=pi: import_players(s, [pi], ACTOR)).startswith(says)
    assert _refusal(db, lambda s: update_settings(s, name="T" * 101)) == '"name": 101 characters: at most 100'
    with db.reader() as s:
        assert s.scalar(select(func.count()).select_from(Player)) == 4


def test_tournament_name_limit(db_url: str) -> None:
    with open_database(db_url, create=True) as db:
        assert _refusal(db, lambda s: create_tournament(s, "N" * 101)) == '"name": 101 characters: at most 100'
        with db.factory.begin() as s:
            create_tournament(s, CJK_100)


def test_reasons_and_actors(db: Database) -> None:
    make_tournament(db)
    longest = ("罚" * 250 + " " + "x" * 249)[:REASON_MAX]
    with db.factory.begin() as s:
        pid = record_penalty(s, 1, 1, PenaltyInput("1", 10, reason=longest), actor=ACTOR)
    with db.reader() as s:
        assert s.get(Penalty, pid).reason == longest  # type: ignore[union-attr]
    too_long = _refusal(db, lambda s: record_penalty(s, 1, 1, PenaltyInput("1", 10, reason="r" * 501)))
    assert too_long == '"reason": 501 characters: at most 500'
    assert _refusal(db, lambda s: correct_penalty(s, pid, PenaltyInput("1", 20), "r" * 501, actor=ACTOR)) == too_long
    assert _refusal(db, lambda s: correct_penalty(s, pid, PenaltyInput("1", 20), "why\x00", actor=ACTOR)).startswith(
        '"reason": contains a control character')
    assert _refusal(db, lambda s: record_penalty(s, 1, 1, PenaltyInput("1", 10, reason="two\nlines"))).startswith(
        '"reason": contains a control character (U+000A): type it on one line')
    with pytest.raises(InputError, match='"station": 101 characters: at most 100'):
        Actor("s" * (ACTOR_MAX + 1), "ref")
    with pytest.raises(InputError, match='"referee": contains a control character'):
        Actor("s", "ref\x00")
    assert Actor("s" * ACTOR_MAX, CJK_100).station == "s" * 100


def test_players_csv_names_every_bad_row(tmp_path: Path) -> None:
    text = ("number,name,team\n"
            "1,Anna,A\n"
            f"2,{'x' * 101},A\n"
            "3,Bo\x00b,A\n"
            "4,Cleo,A\n"
            f'5,"{"y" * 200_000}",B\n'  # past the csv module's own field limit
            "6,Dan,B\n"
            f"7,Eve,{'t' * 101}\n"
            "8,Finn,B\n")
    with pytest.raises(RowErrors) as caught:
        parse_players_csv(text, "p.csv")
    problems = caught.value.problems
    assert [p.split(":")[0] for p in problems] == ["line 3", "line 4", "line 6", "line 8"]
    assert problems[0] == 'line 3: "name": 101 characters: at most 100'
    assert problems[1].startswith('line 4: "name": contains a control character (U+0000)')
    assert "field larger than field limit" in problems[2]
    assert problems[3] == 'line 8: "team": 101 characters: at most 100'


def test_players_csv_import_on_the_command_line(tmp_path: Path) -> None:
    assert run("--db", "t.mcr", "init", "--name", "Open", cwd=tmp_path).returncode == 0
    (tmp_path / "p.csv").write_text(f"number,name\n1,Anna\n2,{'x' * 101}\n3,Bo\n", encoding="utf-8")
    out = run("--db", "t.mcr", "players", "import", "p.csv", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr == 'mcr-tournament: p.csv line 3: "name": 101 characters: at most 100\n'


# ------------------------------------------------------------------------------------------ the command line


def _audit_count(url: str) -> int:
    with open_database(url, writable=False) as db, db.reader() as s:
        return int(s.scalar(select(func.count()).select_from(AuditLog)) or 0)


def test_a_station_of_101_characters_is_one_line_and_writes_nothing(db_url: str, tmp_path: Path) -> None:
    with open_database(db_url, create=True) as db:
        make_tournament(db)
    before = _audit_count(db_url)
    (tmp_path / "r.jsonl").write_text(_good(1) + "\n", encoding="utf-8")
    for option in ("--station", "--referee"):
        out = run("--db", db_url, option, "s" * 101, "results", "import", "r.jsonl", cwd=tmp_path)
        assert out.returncode == 1 and out.stdout == ""
        assert out.stderr == f'mcr-tournament: "{option}": 101 characters: at most 100\n'
    out = run("--db", db_url, "--station", "s" * 100, "--referee", CJK_100, "results", "import", "r.jsonl",
              cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert _audit_count(db_url) == before + 1


def test_an_unexpected_database_error_is_one_line_without_sql_or_data(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from db.commands import players as player_commands

    def fails(_args: object, _db: object) -> int:
        raise sqlalchemy.exc.DataError("INSERT INTO players (name) VALUES (%(name)s)", {"name": "Secret Name"},
                                       Exception("value too long for type character varying(200)\n"
                                                 "DETAIL: Secret Name"))

    assert run("--db", "t.mcr", "init", "--name", "Open", cwd=tmp_path).returncode == 0
    monkeypatch.setattr(player_commands, "cmd_players_list", fails)
    out = run("--db", "t.mcr", "players", "list", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr == ("mcr-tournament: unexpected error: DataError: "
                          "value too long for type character varying(200)\n")


# ------------------------------------------------------------------------------------------ racing imports


def test_two_imports_of_the_same_file_racing_reject_nothing(db_url: str) -> None:
    with open_database(db_url, create=True) as db:
        make_tournament(db, players=8)
    lines = []
    for table, (a, b) in ((1, ("1", "2")), (2, ("5", "6"))):
        for hand in range(1, 11):
            lines.append({"session": 1, "table": table, "hand": hand, "type": "win", "winner": a, "discarder": b,
                          "fan": 8 + hand} if hand % 3 else {"session": 1, "table": table, "hand": hand,
                                                            "type": "draw"})
        lines.append({"session": 1, "table": table, "type": "penalty", "player": b, "points": 10,
                      "settlement": "deducted", "reason": "late", "hand": 3})
        lines.append({"session": 1, "table": table, "type": "time_called", "after_hand": 10})
    text = "\n".join(json.dumps(x) for x in lines)
    reports = []
    barrier = threading.Barrier(2)

    def one() -> None:
        with open_database(db_url) as db:
            barrier.wait()
            reports.append(import_result_lines(db, text, "same.jsonl", actor=Actor("race", "r")))

    threads = [threading.Thread(target=one) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert len(reports) == 2
    assert [r.errors for r in reports] == [[], []]
    assert reports[0].recorded + reports[1].recorded == 24
    assert reports[0].recorded + reports[0].skipped == 24 and reports[1].recorded + reports[1].skipped == 24
    with open_database(db_url, writable=False) as db, db.reader() as s:
        assert s.scalar(select(func.count()).select_from(Penalty)) == 2


def test_int_max_is_the_integer_columns_range() -> None:
    assert INT_MAX == 2**31 - 1 and LINE_BYTES_MAX == 16384


def test_restoring_an_export_refuses_what_a_column_cannot_hold_in_one_line(db_url: str, tmp_path: Path) -> None:
    from db.errors import TournamentError
    from db.storage.transfer import export_data, import_data

    src = tmp_path / "src.mcr"
    with open_database(src, create=True) as db:
        make_tournament(db, players=4)
        with db.reader() as s:
            data = export_data(s)
    for bad, says in (("n" * 201, '"name" has 201 characters: the column holds 200'),
                      ("A\x00B", '"name" contains a NUL')):
        broken = json.loads(json.dumps(data))
        broken["tables"]["players"][1]["name"] = bad
        with open_database(db_url, create=True) as db:
            with pytest.raises(TournamentError) as caught, db.factory.begin() as s:
                import_data(s, broken)
            assert str(caught.value).startswith(f"players row 2: {says}")


def test_command_line_numbers_past_the_integer_columns_are_one_line(tmp_path: Path) -> None:
    with open_database(tmp_path / "t.mcr", create=True) as db:
        make_tournament(db)
    big = str(2**63)
    for argv in (["results", "list", "--session", big], ["seating", big],
                 ["results", "correct", "--penalty", big, "--delete", "--reason", "x"]):
        out = run("--db", "t.mcr", *argv, cwd=tmp_path)
        assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
        # the top only ("out of range (-2147483648–2147483647)" offered negative counts)
        assert f"{big} must be at most 2147483647" in out.stderr and "Error" not in out.stderr


def test_corrections_check_their_numbers(db: Database) -> None:
    from db.service.corrections import delete_hand, delete_penalty

    make_tournament(db)
    assert _refusal(db, lambda s: delete_hand(s, 1, 1, 2**63, "r")).startswith('"hand": 9223372036854775808 is out')
    assert _refusal(db, lambda s: delete_penalty(s, 2**63, "r")).startswith('"penalty": 9223372036854775808 is out')


# Past the Integer columns (2^31 - 1): PostgreSQL refused the query with DataError (a 500 from the API) before
# the services' own checks; a hand is bounded by the session's hands, so it gets hand 999's refusal.
PAST_INT = [2**31, 10**30, -2**31 - 1]


@pytest.mark.parametrize("plain_sql", [True, False], ids=["plain-sql", "orm"])
def test_a_hand_or_table_past_the_integer_columns_is_refused_as_999_is_on_both_write_paths(
        db: Database, monkeypatch: pytest.MonkeyPatch, plain_sql: bool) -> None:
    from db.service import results
    from db.service.calls import call_referee
    from db.service.corrections import cancel_time_called, delete_hand
    from db.service.devices import revoke_device
    from db.service.results import record_draw, record_win, sign_off

    monkeypatch.setattr(results, "PLAIN_SQL", plain_sql)
    make_tournament(db)
    for big in [2**31 - 1, *PAST_INT]:
        shown = f'"hand": {big} is out of range (1–16)'  # hand 999's refusal, as the service words it
        assert _refusal(db, lambda s, big=big: record_draw(s, 1, 1, big)) == shown
        assert _refusal(db, lambda s, big=big: record_win(s, 1, 1, big, winner="1", self_drawn=True, fan=8)) == shown
        table = f'"table": session 1 has no table {big} (tables 1–2)'
        assert _refusal(db, lambda s: record_draw(s, 1, 999, 1)) == '"table": session 1 has no table 999 (tables 1–2)'
        for action in (lambda s, big=big: record_draw(s, 1, big, 1),
                       lambda s, big=big: sign_off(s, 1, big, reason="r"),
                       lambda s, big=big: delete_hand(s, 1, big, 1, "r"),
                       lambda s, big=big: cancel_time_called(s, 1, big, "r"),
                       lambda s, big=big: call_referee(s, 1, big, "dispute"),
                       lambda s, big=big: revoke_device(s, 1, big)):
            assert _refusal(db, action) == table
    with db.factory.begin() as s:  # nothing was half-written: the table still takes its first hand
        record_draw(s, 1, 1, 1)
    with db.reader() as s:
        assert [h.hand for h in queries.table_sheet(s, 1, 1).hands] == [1]


@pytest.mark.parametrize("big", [2**31 - 1, *PAST_INT])
def test_a_result_line_with_a_hand_past_the_integer_columns_is_rejected_as_hand_999(
        db: Database, big: int) -> None:
    make_tournament(db)
    like = 999 if big > 0 else -1  # the refusal of a hand past the session's, or of one below the first
    lines = [{"session": 1, "table": 1, "hand": h, "type": "draw"} for h in (like, big)]
    lines += [{"session": 1, "table": 1, "hand": h, "type": "win", "winner": "1", "self_drawn": True, "fan": 8}
              for h in (like, big)]
    lines += [json.loads(_pen(hand=h)) for h in (like, big)]
    lines += [{"session": 1, "table": 1, "type": "time_called", "after_hand": a} for a in (like, big)]
    report = import_result_lines(db, "\n".join(json.dumps(d) for d in lines), "r.jsonl")
    assert (report.recorded, report.rejected) == (0, 8)
    said = [e.split(": ", 1)[1] for e in report.errors]
    assert said[1::2] == [e.replace(str(like), str(big)) for e in said[0::2]]
    if big > 0:
        assert said[1] == f'"hand": {big} is out of range (1–16)'
        assert said[7] == f'"after_hand": {big} is out of range (0–15)'
    else:
        assert said[1] == f'"hand": {big} must be at least 1'


@pytest.mark.parametrize("big", [2**31 - 1, *PAST_INT])
def test_results_import_refuses_a_hand_past_the_integer_columns_in_one_line_on_both_backends(
        db_url: str, tmp_path: Path, big: int) -> None:
    with open_database(db_url, create=True) as db:
        make_tournament(db)
    line = {"session": 1, "table": 1, "hand": big, "type": "win", "winner": "1", "discarder": "2", "fan": 8}
    (tmp_path / "r.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    out = run("--db", db_url, "results", "import", "r.jsonl", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout == "results: 0 recorded, 0 skipped, 1 rejected\n"
    said = "is out of range (1–16)" if big > 0 else "must be at least 1"
    assert out.stderr == f'r.jsonl line 1: "hand": {big} {said}\n'
