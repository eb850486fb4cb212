"""The desk at a table of a Chinese system (issue 33): the sheet's hand list in the system's words (the kind,
the winners with their totals and fans, the payments, each player's change and points; no honba, deposits,
riichi, han or fu), the entry of a "wins" hand (Guangdong: two winners on one discard, horses, a kong) and of
an "events" hand (Sichuan: a kong, a self-drawn win, two winners on one discard, the end of the wall), each
with the store's live preview, recorded through the widgets on a real tournament file."""

from __future__ import annotations

import pytest

from db.read.games import game_sheet
from db.service.players import PlayerInput, import_players
from db.service.seats import seat_session
from db.service.tournament import create_tournament
from db.storage.store import open_database

NAMES = ["Alice", "Bob", "Chen", "Dora"]


def make_file(path, profile):
    """A real tournament file of ``profile``: 4 players, session 1 seated, nothing recorded."""
    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Club Cup", profile, sessions=2)
        import_players(s, [PlayerInput(str(i + 1), n) for i, n in enumerate(NAMES)])
        seat_session(s, 1)
    return path


def make_window(qtbot, path):
    from referee_app.shell.main import create_window

    w = create_window(str(path))
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    return w


def open_game(window):
    window.show_sheet(1, 1)
    page = window.pages["Score sheet"]
    assert page.game.isVisible() and not page.view.isVisible()
    return page, page.game


def choose(box, data):
    i = box.findData(data)
    assert i >= 0, (data, [box.itemData(k) for k in range(box.count())])
    box.setCurrentIndex(i)


def record(qtbot, window, panel):
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        assert panel.submit(), panel.message.text()


def sheet_of(path):
    with open_database(path) as db, db.factory() as s:
        return game_sheet(s, 1, 1)


@pytest.fixture
def guangdong_file(tmp_path):
    return make_file(tmp_path / "guangdong.mcr", "guangdong-tuidaohu")


@pytest.fixture
def sichuan_file(tmp_path):
    return make_file(tmp_path / "sichuan.mcr", "sichuan-xuezhan")


def enter_guangdong_double_ron(panel):
    """Hand 1: E discards, S and N win on it; W has a melded kong from E; S and W each drew a horse."""
    form = panel.chinese_form
    choose(form.outcome, "ron")
    choose(form.discarder, 0)
    choose(form.winners[0].player, 1)
    form.winners[0].tiles.setText("11m22m33m44m55m66m77z")
    choose(form.winners[1].player, 3)
    form.winners[1].tiles.setText("111z222z333z444z55z")
    form.horses[1].setText("1m")
    form.horses[2].setText("2p")
    choose(form.kongs[0].player, 2)
    choose(form.kongs[0].kind, "melded")
    choose(form.kongs[0].discarder, 0)
