"""Portable mode: MCR_REFEREE_HOME or a ``portable`` file beside the app puts settings, recent files and
the demo in one folder (real QSettings INI files in tmp_path); otherwise the user profile."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from referee_app.base import paths, settings


def test_user_profile_by_default(tmp_path):
    home = paths.app_home(env={}, launcher=tmp_path)
    assert not home.portable and home.settings_file is None and home.base is None
    assert home.config.name == home.data.name == "mcr-referee"


def test_env_var_puts_everything_in_that_folder(tmp_path):
    home = paths.app_home(env={paths.ENV_VAR: str(tmp_path / "stick")}, launcher=tmp_path)
    assert home.portable
    assert home.config == home.data == home.base == (tmp_path / "stick").resolve()
    assert home.settings_file == (tmp_path / "stick" / "settings.ini").resolve()


def test_portable_file_beside_the_launcher_means_a_data_folder_there(tmp_path):
    (tmp_path / "portable").write_text("")
    home = paths.app_home(env={}, launcher=tmp_path)
    assert home.portable and home.config == home.data == tmp_path / "data" and home.base == tmp_path
    (tmp_path / "portable").unlink()
    (tmp_path / "portable").mkdir()  # a folder of that name is not the marker
    assert not paths.app_home(env={}, launcher=tmp_path).portable


def test_frozen_launcher_is_the_executable_folder_or_beside_the_mac_app(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "MCR-Referee" / "mcr-referee"))
    assert paths.launcher_dir() == (tmp_path / "MCR-Referee").resolve()
    monkeypatch.setattr(sys, "executable", str(tmp_path / "MCR Referee.app" / "Contents" / "MacOS" / "mcr-referee"))
    assert paths.launcher_dir() == tmp_path.resolve()


def test_settings_and_recent_files_in_the_ini_file_of_the_home(tmp_path, monkeypatch):
    stick = tmp_path / "stick"
    monkeypatch.setenv(paths.ENV_VAR, str(stick))
    event = stick / "events" / "spring.mcr"
    event.parent.mkdir(parents=True)
    event.write_bytes(b"")
    outside = tmp_path / "elsewhere.mcr"
    settings.set_language("zh")
    settings.add_recent_file(str(outside))
    settings.add_recent_file(str(event))
    ini = (stick / "settings.ini").read_text(encoding="utf-8")
    assert "language=zh" in ini
    assert "events/spring.mcr" in ini and str(stick) not in ini  # kept relative to the stick
    assert settings.recent_files() == [str(event.resolve()), str(outside.resolve())]
    assert settings.data_dir() == stick.resolve()

    # The stick mounted elsewhere (another drive letter): its own files still open, settings follow.
    moved = tmp_path / "other-mount"
    shutil.copytree(stick, moved)
    monkeypatch.setenv(paths.ENV_VAR, str(moved))
    assert settings.language() == "zh"
    assert settings.recent_files()[0] == str((moved / "events" / "spring.mcr").resolve())
    settings.remove_recent_file(str((moved / "events" / "spring.mcr").resolve()))
    assert settings.recent_files() == [str(outside.resolve())]

    monkeypatch.delenv(paths.ENV_VAR)  # back in the user profile: nothing of the stick there
    assert settings.language() == "en" and settings.recent_files() == []


@pytest.fixture
def portable_bundle(tmp_path, monkeypatch) -> Path:
    """An unpacked bundle with the ``portable`` file beside its (pretend) executable."""
    folder = tmp_path / "MCR-Referee"
    folder.mkdir()
    (folder / "portable").write_text("")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(folder / "mcr-referee"))
    return folder


def test_portable_demo_and_recent_files_live_in_data(qtbot, portable_bundle):
    from referee_app.shell.main import create_window

    w = create_window(demo=True)
    qtbot.addWidget(w)
    assert w.ctx is not None, "demo did not open"
    data = portable_bundle.resolve() / "data"
    assert Path(w.ctx.path) == data / "demo.mcr" and (data / "demo.mcr").is_file()
    assert settings.recent_files() == [str(data / "demo.mcr")]
    assert "data/demo.mcr" in (data / "settings.ini").read_text(encoding="utf-8")


def test_tournament_dialogs_filter_mcr_and_start_in_the_portable_folder(qtbot, portable_bundle, monkeypatch):
    from referee_app.base import file_dialogs
    from referee_app.dialogs.wizard import NewTournamentWizard
    from referee_app.shell.main import create_window

    asked = []

    def fake_dialog(parent, caption, start, filters):
        asked.append((start, filters))
        return str(Path(start).parent / "Spring Open"), filters.split(";;")[0]

    monkeypatch.setattr(file_dialogs, "get_open_file_name", fake_dialog)
    monkeypatch.setattr(file_dialogs, "get_save_file_name", fake_dialog)
    w = create_window()
    qtbot.addWidget(w)
    w.open_file = lambda path: asked.append(("opened", path)) or False
    w.open_dialog()
    wizard = NewTournamentWizard(w)
    qtbot.addWidget(wizard)
    wizard.name.setText("Spring Open")
    assert Path(wizard.path.text()) == portable_bundle.resolve() / "Spring-Open.mcr"
    wizard._browse()
    assert wizard.path.text().endswith("Spring Open.mcr")  # the extension added to a bare name

    folder = str(portable_bundle.resolve())
    assert asked[0] == (folder, "Tournament files (*.mcr);;All files (*)")
    assert asked[2][0] == str(portable_bundle.resolve() / "Spring-Open.mcr")
    assert asked[2][1] == "Tournament files (*.mcr);;All files (*)"


def test_reports_are_saved_beside_the_tournament_by_default(window, tournament_file):
    page = window.pages["Reports"]
    assert page.default_folder() == tournament_file.resolve().parent


def test_the_home_is_worked_out_once_per_run(tmp_path, monkeypatch):
    calls = []
    real = paths.app_home
    monkeypatch.setattr(paths, "app_home", lambda: calls.append(1) or real())
    settings.forget_home()
    settings.language()
    settings.recent_files()
    settings.documents_dir()
    assert len(calls) == 1
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "stick"))  # what decides it changed: worked out again
    assert settings.data_dir() == (tmp_path / "stick").resolve() and len(calls) == 2


@pytest.mark.parametrize("name", ["portable.txt", "portable.ini", "Portable.TXT", "PORTABLE"])
def test_portable_txt_from_explorer_turns_portable_mode_on(tmp_path, name):
    # Explorer hides known extensions: New → Text Document named "portable" is portable.txt
    (tmp_path / name).write_text("")
    home = paths.app_home(env={}, launcher=tmp_path)
    assert home.portable and home.data == tmp_path / "data" and name in home.reason


def test_other_names_do_not(tmp_path):
    for name in ("portable.txt.bak", "not-portable", "portable.cfg"):
        (tmp_path / name).write_text("")
    assert not paths.app_home(env={}, launcher=tmp_path).portable


def test_a_translocated_mac_app_is_noticed_and_the_window_says_how_to_fix_it(tmp_path, monkeypatch, qtbot,
                                                                            error_messages):
    # a quarantined app that Finder did not move runs from a random read-only copy; the portable file
    # beside the real app is not there
    copy = tmp_path / "private" / "var" / "folders" / "T" / "AppTranslocation" / "3F2C-91" / "d"
    copy.mkdir(parents=True)
    home = paths.app_home(env={}, launcher=copy)
    assert home.translocated and not home.portable
    assert not paths.app_home(env={}, launcher=tmp_path).translocated

    from referee_app.shell.main import create_window

    monkeypatch.setattr(settings, "app_home", lambda: home)
    w = create_window()
    qtbot.addWidget(w)
    assert w.warn_if_translocated()
    title, message = error_messages[-1]
    assert title == "The app runs from a temporary copy" and "App Translocation" in message
    assert "Finder" in error_messages[-1].next_step


def test_the_docstring_examples_hold():
    import doctest

    assert doctest.testmod(paths).failed == 0


def test_a_100_character_name_gives_a_file_whose_backups_work(qtbot, tmp_path):
    # The suggested name had no cap: 100 Chinese letters are 300 bytes, over Linux's 255 a
    # name, and on Windows the backup's temporary path passed MAX_PATH
    from db.storage.store import open_database
    from referee_app.dialogs.wizard import NewTournamentWizard

    name = ("第五届国标麻将公开赛" * 10)[:100]
    d = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d)
    d.name.setText(name)
    stem = Path(d.path.text()).stem
    assert len(stem) == paths.STEM_MAX and name.startswith(stem)
    d.create_file()
    assert d.created is not None, d.problem.text()
    with open_database(d.created) as db:
        from db.storage.backups import back_up

        backup = back_up(db)
    assert backup.is_file() and len(str(backup.relative_to(tmp_path))) < 240 - 100


@pytest.mark.parametrize("name", ["con", "NUL", "Aux", "com1", "LPT9"])
def test_a_windows_device_name_is_never_suggested_nor_accepted(qtbot, tmp_path, name):
    from referee_app.dialogs.wizard import NewTournamentWizard

    d = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d)
    d.name.setText(name)
    assert Path(d.path.text()).name == f"{name}-tournament.mcr"
    d.path.setText(str(tmp_path / f"{name}.mcr"))  # typed by hand
    d.create_file()
    assert d.created is None and "a name Windows keeps for a device" in d.problem.text()
    assert not (tmp_path / f"{name}.mcr").exists()
