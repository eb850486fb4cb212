"""The Rule values dialog's reading of the tournament (referee_app/dialogs/rule_values.py)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from db.commands.cli import main
from db.storage.store import open_database
from referee_app.dialogs.rule_values import read_rule_values


def _cli(db: Path, *argv: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--db", str(db), *argv]) == 0, argv


def test_the_rule_values_shown_never_list_a_null_value_as_set(tmp_path: Path) -> None:
    """A value stored as null is missing: shown once, with its number field, never also as a set value "null"
    (whose text field then overwrote the number typed, and Save kept it missing without a word)."""
    db = tmp_path / "t.mcr"
    _cli(db, "init", "--name", "Club", "--profile", "guiyang-zhuoji", "--rule", "chicken=1")
    _cli(db, "settings", "--rule", "charging_chicken=null")
    with open_database(db) as database, database.factory() as s:
        shown = read_rule_values(s)
    assert [n for n, _ in shown.missing] == ["charging_chicken", "responsible_chicken"]
    assert shown.given == (("chicken", 1),)


def test_settings_lists_jipinghus_values_with_a_default_as_they_are_now_and_no_other_systems(tmp_path: Path) -> None:
    db = tmp_path / "t.mcr"
    _cli(db, "init", "--name", "Club", "--profile", "guangdong-jipinghu", "--rule", "cap=4")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--db", str(db), "settings"]) == 0
    shown = json.loads(out.getvalue())["optional_rules"]
    assert [(x["name"], x["value"]) for x in shown] == [("base", 1), ("cap", 4)]  # base: the default
    assert "爆胡" in shown[1]["why"]
    other = tmp_path / "g.mcr"
    _cli(other, "init", "--name", "Club", "--profile", "guiyang-zhuoji")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--db", str(other), "settings"]) == 0
    assert "optional_rules" not in json.loads(out.getvalue())  # the JSON of every other system as it was


def test_the_dialog_lists_jipinghus_base_and_cap_with_their_defaults_editable_until_the_first_result(
        qtbot, tmp_path: Path) -> None:
    from db.service.games import record_game_line
    from tests.referee_app.pages.test_organiser_values_desk import (
        JIPINGHU,
        make_file,
        make_window,
        settings_of,
    )

    path = make_file(tmp_path / "jipinghu.mcr", "guangdong-jipinghu", JIPINGHU, seated=True)
    window = make_window(qtbot, path)
    d = window.rule_values()
    assert not d.values.missing and [n for n, _v, _w in d.values.optional] == ["base", "cap"]
    # each with its value now (the source's default: none typed), editable, its why under it
    assert (d.fields["base"].value(), d.fields["cap"].value()) == (1, 3)
    assert d.fields["base"].isEnabled() and d.fields["cap"].isEnabled()
    why = d.findChild(type(d.intro), "rule_why_cap").text().splitlines()
    assert why[0] == "The source gives this number; the organiser may change it until the first result."
    assert "爆胡为3番" in why[1]
    assert "The cap (爆胡) · cap" in [lab.text() for lab in d.findChildren(type(d.intro))]
    d.fields["cap"].setValue(4)
    assert d.save() and d.problem.text() == ""
    rules = settings_of(path).rules
    assert rules["cap"] == 4 and "base" not in rules  # only what changed is sent, as `settings --rule cap=4`
    assert d.fields["cap"].value() == 4 and list(d.fields).count("cap") == 1  # read again: shown once, as it is
    # the first result freezes them: the store refuses a change, the dialog read again is read-only
    with open_database(path) as db, db.factory.begin() as s:
        record_game_line(s, 1, 1, 1, {"type": "draw"})
    d.fields["base"].setValue(2)
    assert not d.save() and d.problem.text() == "the rule settings are frozen: results exist already"
    d.reload()
    assert not d.fields["base"].isEnabled() and not d.fields["cap"].isEnabled()
    assert settings_of(path).rules["cap"] == 4 and "base" not in settings_of(path).rules
