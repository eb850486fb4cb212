"""The EMA fields on the Players page: the player dialog edits country, EMA number and names; saved into the
tournament file (read back through a separate reader of the file)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from db import open_database
from db.read import queries
from referee_app.dialogs.player import PlayerDialog
from referee_app.models import PlayersModel


def _from_file(path):
    with open_database(path, writable=False) as db, db.reader() as s:
        return {p.number: p for p in queries.players(s)}


def test_edit_country_and_ema_number_then_read_them_from_the_file(qtbot, window, tournament_file, monkeypatch):
    page = window.pages["Players"]
    page.refresh()
    alice = next(p for p in page.model.rows if p.number == "1")
    d = PlayerDialog(None, alice)
    qtbot.addWidget(d)
    assert d.first_name.placeholderText() == "" and d.last_name.placeholderText() == "from the name: Alice"
    d.name.setText("张伟 Zhang Wei")
    assert d.first_name.placeholderText() == "from the name: Wei"
    d.name.setText("Alice")
    d.country.setText("Netherlands")
    d.ema_number.setText("4290042")
    d.first_name.setText("Alice")
    d.last_name.setText("van Dijk")
    value = d.value()
    assert value is not None and (value.country, value.ema_number) == ("NL", "4290042")
    monkeypatch.setattr(PlayerDialog, "ask", classmethod(lambda cls, parent, player=None: value))
    page.view.selectRow(next(i for i in range(page.proxy.rowCount())
                             if page.proxy.index(i, PlayersModel.COL_NUMBER).data() == "1"))
    page.edit_player()  # the page's own path: the dialog's value saved by import_players
    saved = _from_file(tournament_file)["1"]
    assert (saved.country, saved.ema_number, saved.first_name, saved.last_name) == ("NL", "04290042", "Alice",
                                                                                    "van Dijk")
    page.refresh()
    row = next(i for i, p in enumerate(page.model.rows) if p.number == "1")
    cells = [page.model.index(row, c).data() for c in (PlayersModel.COL_COUNTRY, PlayersModel.COL_EMA,
                                                        PlayersModel.COL_FIRST, PlayersModel.COL_LAST)]
    assert cells == ["NL", "04290042", "Alice", "van Dijk"]

    # Clearing the EMA number in the dialog clears it in the file; an unknown country is refused in the dialog.
    d = PlayerDialog(None, next(p for p in page.model.rows if p.number == "1"))
    qtbot.addWidget(d)
    d.ema_number.setText("")
    cleared = d.value()
    assert cleared is not None and cleared.ema_number == ""
    assert page.save_players([cleared])
    assert _from_file(tournament_file)["1"].ema_number is None
    d.country.setText("Atlantis")
    assert d.value() is None and "Atlantis" in d.problem.text()


def test_add_player_offers_the_next_free_number(qtbot, window, monkeypatch) -> None:
    """Players 1-8: the dialog opens with 9, selected (typing another replaces it)."""
    page = window.pages["Players"]
    page.refresh()
    seen = []

    def exec_(dialog):
        seen.append((dialog.number.text(), dialog.number.selectedText(), dialog.number.isReadOnly()))
        return 0

    monkeypatch.setattr(PlayerDialog, "exec", exec_)
    page.add_player()
    assert seen == [("9", "9", False)]


def test_the_player_list_has_a_substitute_column(qtbot, window, tournament_file) -> None:
    from db.service.players import PlayerInput

    page = window.pages["Players"]
    assert page.save_players([PlayerInput("9", "Iris", None, None, True)])
    page.refresh()
    m = page.model
    assert m.headerData(PlayersModel.COL_SUBSTITUTE, Qt.Orientation.Horizontal) == "Substitute"
    marks = {m.index(r, PlayersModel.COL_NUMBER).data(): m.index(r, PlayersModel.COL_SUBSTITUTE).data()
             for r in range(m.rowCount())}
    assert marks["9"] == "✓" and marks["1"] == ""
