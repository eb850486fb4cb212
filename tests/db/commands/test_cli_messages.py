"""The command line says what is wrong in one line that is true (probe D8): the six misleading
messages, and argparse's usage block where one line is enough. Real parser, real database file."""

from __future__ import annotations

import json
from pathlib import Path

from tests.db.commands import test_cli
from tests.db.commands.test_cli import run, run_process

seated = test_cli.seated  # the fixture: init, 8 players, session 1 seated

DB = ("--db", "t.sqlite")
STAGE = ("--carry", "none", "--seating", "rank")


def one_line_refusal(out: object) -> str:
    err = str(getattr(out, "stderr", ""))
    assert getattr(out, "returncode", 0) != 0, getattr(out, "stdout", "")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "usage:" not in err, err
    return err


def test_a_stage_with_a_wrong_number_of_sessions_is_told_its_own_count(seated: Path) -> None:
    for given in ("0", "-1"):
        err = one_line_refusal(run(*DB, "stage", "add", "Semi", "--sessions", given, "--cut", "4", *STAGE,
                                   cwd=seated))
        assert f'"sessions": {given} sessions: this stage can have 1 to 97 (the tournament\'s other sessions are 3, ' \
            "of at most 100 in all)" in err


def test_a_count_too_large_says_the_top_and_names_the_option_as_typed(seated: Path) -> None:
    big = str(2**31)
    err = one_line_refusal(run(*DB, "stage", "add", "Semi", "--sessions", big, "--cut", "4", *STAGE, cwd=seated))
    assert f'"--sessions": {big} must be at most 2147483647' in err and "-2147483648" not in err
    err = one_line_refusal(run(*DB, "calls", "take", big, "--referee", "Anna", cwd=seated))
    assert f'"id": {big} must be at most 2147483647' in err and "--id" not in err
    err = one_line_refusal(run(*DB, "results", "list", "--session", str(2**63), cwd=seated))
    assert '"--session":' in err and "must be at most 2147483647" in err


def test_a_base_url_with_the_right_scheme_but_no_usable_address_says_so(seated: Path) -> None:
    for url in ("http://x", "http://", "https://:8765"):
        err = one_line_refusal(run_process(*DB, "devices", "--session", "1", "--base-url", url, cwd=seated))
        assert "address after http:// is missing or too short" in err and "must start with" not in err
    err = one_line_refusal(run_process(*DB, "devices", "--session", "1", "--base-url", "javascript:alert(1)",
                                       cwd=seated))
    assert "must start with http:// or https://" in err


def test_deciding_a_tie_before_the_previous_stage_is_complete_says_there_is_no_cut_line_yet(seated: Path) -> None:
    assert run(*DB, "stage", "add", "Final", "--sessions", "1", "--cut", "4", *STAGE, cwd=seated).returncode == 0
    err = one_line_refusal(run(*DB, "stage", "decide", "Final", "--advance", "1", cwd=seated))
    assert "has no cut line yet: the qualifying stage is not complete" in err and "no tie" not in err


def test_withdrawing_a_sign_off_that_was_never_given_is_refused_and_moves_nothing(seated: Path) -> None:
    def version() -> int:
        log = run(*DB, "log", "--format", "json", cwd=seated)
        assert log.returncode == 0, log.stderr
        return len(json.loads(log.stdout))

    entries = version()
    err = one_line_refusal(run(*DB, "results", "sign-off", "--session", "1", "--table", "1", "--undo", cwd=seated))
    assert "session 1 table 1 is not signed off: there is no sign-off to withdraw" in err
    assert version() == entries  # no audit entry {"signed_off": false} -> {"signed_off": false}
    out = run(*DB, "results", "sign-off", "--session", "1", "--table", "1", "--expected-version", "0",
              "--reason", "test", cwd=seated)
    assert out.returncode == 0, out.stderr  # the table's version did not move: version 0 is still current


def test_a_cut_that_takes_the_whole_field_is_accepted_with_a_warning(seated: Path) -> None:
    out = run(*DB, "stage", "add", "Semi", "--sessions", "1", "--cut", "64", *STAGE, cwd=seated)
    assert out.returncode == 0 and "stage 'Semi' added" in out.stdout
    assert out.stderr.strip() == ("mcr-tournament: warning: the cut of stage 'Semi' (64) is not below the 8 players "
                                  "it is made from: everyone goes through")
    out = run(*DB, "stage", "add", "Final", "--sessions", "1", "--cut", "4", *STAGE, cwd=seated)
    assert out.returncode == 0 and out.stderr == ""  # a real cut: no warning


def test_argparse_errors_are_one_line_naming_the_command(seated: Path) -> None:
    cases = [
        (("stage", "add", "Semi", "--sessions", "9" * 5000, "--cut", "4", *STAGE), "mcr-tournament stage add: "
         "argument --sessions: invalid int value: '" + "9" * 40 + "…'"),
        (("settings", "--public-page", "maybe"), "mcr-tournament settings: argument --public-page: invalid choice"),
        (("calls", "take", "abc"), "mcr-tournament calls take: argument id: invalid int value: 'abc'"),
        (("no-such-command",), "mcr-tournament: argument command: invalid choice"),
    ]
    for args, said in cases:
        out = run_process(*DB, *args, cwd=seated)
        assert out.returncode == 2 and out.stdout == ""
        err = one_line_refusal(out)
        assert err.startswith(said) and err.rstrip().endswith("--help)"), err
    out = run_process(*DB, "stage", "add", "--help", cwd=seated)
    assert out.returncode == 0 and out.stdout.startswith("usage: mcr-tournament stage add")  # help is kept
