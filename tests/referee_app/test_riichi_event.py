"""A whole Riichi event through the desk and the phone (issue 32 "Done when"): an EMA 2016 tournament made in the
New tournament dialog, 8 players imported through the CSV dialog, 2 sessions seated at the desk. Session 1: table
1's hands entered at the desk's game sheet (a ron and a tsumo from their tiles through the Riichi entry dialog, a
draw with tenpai and riichi, a chombo) to the end of the game; table 2's on the phone page in headless Chromium
against a real ``mcr-tournament serve`` process (a ron from its tiles). Session 2 likewise, shorter: the time
called at the desk. Then the desk's standings equal ``mcr-tournament standings --format json`` on the same file
(each score the raw points, the uma and the chombo), and the desk's Riichi score sheet PDF of a table is read
back."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt

from tests.browsers import driver_for
from tests.web.table.test_table_page import tap, wait_text
from tests.web.test_cli import _free_port, wait_until_serving
from tools.browser import missing

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Aiko Abe", "Bram Bos", "陈静", "Dana Dvořák", "Emil Eriksen", "Fumiko Fujita", "Gao Ling", "Hana Horák")
# 234m 567p 678s 22p 55s, the winning 5s: all simples (and riichi when declared), 2 han 40 fu on a discard
RON = "234m567p678s22p55s5s"
RON_TILES = ["2m", "3m", "4m", "5p", "6p", "7p", "6s", "7s", "8s", "2p", "2p", "5s", "5s", "5s"]
# 123456789m 11p 456s, the 6s drawn: menzen tsumo, pinfu and the closed straight, 4 han 20 fu (riichi: 5)
TSUMO = "123456789m11p456s"
TSUMO_TILES = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "1p", "4s", "5s", "6s"]


def cli(db: Path, *argv: str) -> str:
    """``mcr-tournament`` in its own process (another station on the same file)."""
    out = subprocess.run([sys.executable, "-m", "db.commands.cli", "--db", str(db), *argv],
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


class Served:
    """``mcr-tournament serve`` in its own process over the tournament file."""

    def __init__(self, db: Path) -> None:
        port = _free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.proc = subprocess.Popen([sys.executable, "-m", "web.cli", "--db", str(db), "serve", "--port", str(port)],
                                     env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        wait_until_serving(lambda: httpx.get(f"{self.url}/api/texts", timeout=5), self.proc)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.communicate()


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from driver_for(request)


# ---- the desk ------------------------------------------------------------------------------------------------
def new_tournament(qtbot: Any, folder: Path) -> Path:
    """Made as an organiser does: New tournament…, the Riichi profile, two sessions."""
    from referee_app.dialogs.wizard import NewTournamentWizard

    d = NewTournamentWizard(None, str(folder))
    qtbot.addWidget(d)
    qtbot.keyClicks(d.name, "Riichi Open")
    d.profile.setCurrentIndex(d.profile.findData("riichi-ema2016"))
    d.sessions.setValue(2)
    d.create_file()
    assert d.created is not None, d.problem.text()
    return Path(d.created)


def choose(box: Any, data: Any) -> None:
    i = box.findData(data)
    assert i >= 0, (data, [box.itemData(k) for k in range(box.count())])
    box.setCurrentIndex(i)


def record(qtbot: Any, window: Any, panel: Any) -> None:
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        assert panel.submit(), panel.message.text()


def tiles(qtbot: Any, panel: Any, notation: str) -> None:
    """The winner's tiles through the Riichi entry dialog, scored live; OK puts them on the form."""
    d = panel.open_tiles(panel.winner_rows[0])
    assert d is not None, panel.message.text()
    qtbot.waitExposed(d)
    qtbot.keyClicks(d.body.notation, notation)
    assert d.ok.isEnabled(), d.body.message.text()
    assert d.vm.preview.can_confirm and d.vm.preview.yaku  # scored live, each yaku with its tiles
    d.ok.click()
    assert panel.winner_rows[0].tiles is not None


def desk_ron(qtbot: Any, window: Any, panel: Any, winner: int, discarder: int, notation: str,
             riichi: tuple[int, ...] = ()) -> None:
    choose(panel.outcome, "ron")
    for seat in riichi:
        panel.riichi[seat].setChecked(True)
    choose(panel.discarder, discarder)
    choose(panel.winner_rows[0].player, winner)
    tiles(qtbot, panel, notation)
    record(qtbot, window, panel)


def desk_draws_to_the_end(qtbot: Any, window: Any, panel: Any) -> int:
    """Exhaustive draws, nobody tenpai, until the game is over; how many."""
    n = 0
    while "Game over" not in panel.next_line.text():
        choose(panel.outcome, "draw")
        record(qtbot, window, panel)
        n += 1
        assert n <= 12, panel.next_line.text()
    return n


def sign_off(qtbot: Any, window: Any, session: int, table: int) -> None:
    window.show_sheet(session, table)
    sheet = window.pages["Score sheet"]
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        assert sheet.toggle_sign_off()  # the game is over: no question


def call_time(qtbot: Any, window: Any, session: int, table: int) -> Any:
    window.show_sheet(session, table)
    panel = window.pages["Score sheet"].game
    box = panel.ask_time_called()
    assert box is not None
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        box.button(box.StandardButton.Yes).click()
    return panel


def seat(qtbot: Any, window: Any, session: int) -> None:
    window.go("Sessions & tables")
    page = window.pages["Sessions & tables"]
    page.session.setCurrentIndex(session - 1)
    with qtbot.waitSignal(window.ctx.runner.data_changed):
        assert page.seat()
    assert [r.table for r in page.model.rows] == [1, 2]


def finish(window: Any, session: int) -> None:
    window.go("Sessions & tables")
    page = window.pages["Sessions & tables"]
    page.session.setCurrentIndex(session - 1)
    page.refresh_tables()
    assert page.finish_button.isVisible() or page.all_signed_off()
    assert page.finish()


# ---- the phone -----------------------------------------------------------------------------------------------
def token(db: Path, session: int, table: int) -> str:
    from db.service.devices import device_links
    from db.storage.store import open_database

    with open_database(db) as database, database.factory.begin() as s:
        return next(link.token for link in device_links(s, session) if link.table == table)


def players_at(db: Path, session: int, table: int) -> list[str]:
    from db.read.games import game_sheet
    from db.storage.store import open_database

    with open_database(db) as database, database.reader() as s:
        return [p.number for p in game_sheet(s, session, table).players]


def phone_win(browser: Any, hand: int, outcome: str, winner: str, picked: list[str], discarder: str | None = None,
              riichi: tuple[str, ...] = ()) -> str:
    tap(browser, "#btn-win")
    tap(browser, f"#g-outcome button[data-outcome='{outcome}']")
    for number in riichi:
        tap(browser, f"#g-riichi button[data-number='{number}']")
    tap(browser, f"#g-winner button[data-number='{winner}']")
    if discarder is not None:
        tap(browser, f"#g-discarder button[data-number='{discarder}']")
    for tile in picked:
        tap(browser, f"#g-picker button[data-tile='{tile}']")
    verdict = wait_text(browser, "#g-verdict", f"Record hand {hand}:")
    assert " han " in verdict or "Mangan" in verdict, verdict
    tap(browser, "#btn-confirm")
    wait_text(browser, "#banner", f"Hand {hand} recorded.")
    return verdict


def phone_draws_to_the_end(browser: Any, hand: int) -> int:
    """Exhaustive draws from the phone, nobody tenpai, until the page says the game is over; the next hand."""
    while "Game over" not in wait_text(browser, "#game-state", ""):
        tap(browser, "#btn-win")
        tap(browser, "#g-outcome button[data-outcome='draw']")
        wait_text(browser, "#g-verdict", f"Record hand {hand}: Exhaustive draw.")
        tap(browser, "#btn-confirm")
        wait_text(browser, "#banner", f"Hand {hand} recorded.")
        hand += 1
        assert hand <= 14
    return hand


def signed(value: float) -> str:
    return "0.0" if value == 0 else f"{value:+.1f}"


# ---- the event -------------------------------------------------------------------------------------------------
def test_a_whole_riichi_event_through_the_desk_and_the_phone(qtbot, tmp_path, browser, error_messages):
    from referee_app.shell.main import create_window

    db = new_tournament(qtbot, tmp_path)
    window = create_window(str(db))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.go("Players")  # the players from a CSV file, through the import dialog's preview
    from referee_app.dialogs.csv_import import CsvImportDialog

    rows = "".join(f"{i},{name}\n" for i, name in enumerate(NAMES, start=1))
    (tmp_path / "players.csv").write_text(f"number,name\n{rows}", encoding="utf-8")
    d = CsvImportDialog(window, str(tmp_path / "players.csv"))
    qtbot.addWidget(d)
    assert d.import_button.isEnabled() and d.import_button.text() == "Import 8 players"
    assert window.pages["Players"].save_players(d.players)
    seat(qtbot, window, 1)
    served = Served(db)
    try:
        # ---- session 1, table 1 at the desk --------------------------------------------------------------------
        window.show_sheet(1, 1)
        panel = window.pages["Score sheet"].game
        E, S, W, N = range(4)
        desk_ron(qtbot, window, panel, E, S, RON, riichi=(E,))  # the dealer's riichi ron: E1 again, 1 honba
        choose(panel.outcome, "tsumo")  # South's riichi tsumo from the tiles
        panel.riichi[S].setChecked(True)
        choose(panel.winner_rows[0].player, S)
        tiles(qtbot, panel, TSUMO)
        record(qtbot, window, panel)
        choose(panel.outcome, "draw")  # South (dealer now) and West tenpai, West in riichi
        panel.tenpai[S].setChecked(True)
        panel.tenpai[W].setChecked(True)
        panel.riichi[W].setChecked(True)
        record(qtbot, window, panel)
        choose(panel.outcome, "chombo")
        choose(panel.chombo, N)
        record(qtbot, window, panel)
        desk_draws_to_the_end(qtbot, window, panel)
        one = panel.vm.sheet
        assert [h.kind for h in one.hands[:4]] == ["ron", "tsumo", "draw", "chombo"]
        assert [len(w.yaku) > 0 for h in one.hands[:2] for w in h.winners] == [True, True]
        assert one.hands[0].winners[0].tiles and one.hands[1].winners[0].tiles  # scored from tiles by the store
        assert one.hands[2].deltas == (-1500, 1500, 500, -1500) and one.results[N].penalty < 0

        # ---- session 1, table 2 on the phone ---------------------------------------------------------------------
        e, s, w, n = players_at(db, 1, 2)
        browser.get(f"{served.url}/t/{token(db, 1, 2)}")
        wait_text(browser, "#game-state", "Honba 0")
        assert "2 han 40 fu" in phone_win(browser, 1, "ron", s, RON_TILES, discarder=w, riichi=(s,))
        phone_draws_to_the_end(browser, 2)
        two = game_sheet_of(db, 1, 2)
        assert two.hands[0].winners[0].tiles and two.results and sum(r.raw for r in two.results) == 120_000

        sign_off(qtbot, window, 1, 1)
        sign_off(qtbot, window, 1, 2)
        finish(window, 1)
        seat(qtbot, window, 2)

        # ---- session 2, shorter: the time called -----------------------------------------------------------------
        window.show_sheet(2, 1)
        panel = window.pages["Score sheet"].game
        desk_ron(qtbot, window, panel, W, N, RON)  # West on North's discard: E2
        panel = call_time(qtbot, window, 2, 1)  # the gong during hand 2: EMA plays one more hand
        assert desk_draws_to_the_end(qtbot, window, panel) <= 2

        e, s, w, n = players_at(db, 2, 2)
        browser.get(f"{served.url}/t/{token(db, 2, 2)}")
        wait_text(browser, "#game-state", "Honba 0")
        assert "4 han 20 fu" in phone_win(browser, 1, "tsumo", n, TSUMO_TILES)  # pinfu tsumo and the straight: E2
        call_time(qtbot, window, 2, 2)  # the desk calls the time for the room; the phone follows
        browser.get(f"{served.url}/t/{token(db, 2, 2)}")
        assert phone_draws_to_the_end(browser, 2) <= 4
        sign_off(qtbot, window, 2, 1)
        sign_off(qtbot, window, 2, 2)
        finish(window, 2)
    finally:
        served.stop()

    # ---- the standings: the desk's page and the CLI's JSON on the same file ------------------------------------------
    window.go("Standings")
    model = window.pages["Standings"].model
    wanted = json.loads(cli(db, "standings", "--format", "json"))
    assert len(wanted) == 8 and len(model.rows) == 8
    for r, row in enumerate(wanted):
        assert model.data(model.index(r, model.COL_NUMBER)) == row["number"]
        assert Fraction(model.data(model.index(r, model.COL_TABLE_POINTS))) == Fraction(str(row["score"]))
        assert len(row["sessions"]) == 2
        for k, e in enumerate(row["sessions"]):
            # each session's score: (raw - 30,000) / 1,000 + uma + penalty (negative), as the desk shows it
            assert Fraction(str(e["score"])) == Fraction(e["raw"] - 30_000, 1000) + Fraction(str(e["uma"])) \
                + Fraction(str(e["penalty"]))
            score, raw = model.data(model.index(r, model.COL_SESSIONS + k)).split(" ", 1)
            assert (Fraction(score), raw) == (Fraction(str(e["score"])), f"({e['raw']:,})")
            tip = model.data(model.index(r, model.COL_SESSIONS + k), Qt.ItemDataRole.ToolTipRole)
            # the uma said beside the score (tied players share theirs: 0.0 unsigned)
            assert tip == f"Table {e['table']}: points {e['raw']:,}, uma {signed(e['uma'])}, " \
                f"penalty {signed(e['penalty'])}"
    umas = sorted(e["uma"] for row in wanted for e in row["sessions"] if e["session"] == 1)
    assert umas[0] == -15 and umas[-1] == 15  # each table's uma, +15 / +5 / -5 / -15
    chombo = next(row for row in wanted if row["number"] == one.players[N].number)["sessions"][0]
    assert chombo["penalty"] == -20
    from referee_app.words.i18n import LANG

    LANG.set("zh")
    assert "顺位马 +15.0" in " ".join(model.data(model.index(r, model.COL_SESSIONS), Qt.ItemDataRole.ToolTipRole)
                                     for r in range(8))
    LANG.set("en")

    # ---- the Riichi score sheet PDF of session 1, table 1, from the desk's Reports page ---------------------------
    window.go("Reports")
    reports = window.pages["Reports"]
    reports.list.setCurrentRow(next(i for i in range(reports.list.count())
                                    if reports.list.item(i).text() == "Score sheets"))
    reports.session.setCurrentIndex(reports.session.findData(1))
    reports.table.setCurrentIndex(reports.table.findData(1))
    out = tmp_path / "sheet.pdf"
    assert reports.save_to(str(out))
    pdf = PdfReader(io.BytesIO(out.read_bytes()))
    text = "\n".join(page.extract_text() for page in pdf.pages)
    for p in one.players:
        assert p.name in text
    assert "Chombo" in text and "Uma" in text
    for result in one.results:
        assert f"{result.score:+.1f}" in text
    assert not error_messages


def game_sheet_of(db: Path, session: int, table: int) -> Any:
    from db.read.games import game_sheet
    from db.storage.store import open_database

    with open_database(db) as database, database.reader() as s:
        return game_sheet(s, session, table)
