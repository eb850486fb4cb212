"""Settings kept between openings, and the phones' server not stopped without a word."""

from __future__ import annotations

import socket

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from referee_app.base.table_devices import TableDevicesServer
from referee_app.dialogs.devices import DevicesDialog
from referee_app.hall.setup import HallSetupDialog


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_devices_dialog_opens_with_the_port_and_address_of_the_last_start(qtbot, window):
    server = TableDevicesServer()
    first = DevicesDialog(window, window.ctx.db, window.ctx.runner, server, sessions=3)
    qtbot.addWidget(first)
    port = free_port()
    first.port.setValue(port)
    first.start_stop.click()
    try:
        assert server.running
    finally:
        server.stop()
    first.reject()
    again = DevicesDialog(window, window.ctx.db, window.ctx.runner, server, sessions=3)
    qtbot.addWidget(again)
    assert again.port.value() == port and again.host.currentData() == "127.0.0.1"


def test_the_hall_setup_opens_with_the_options_chosen_last(qtbot):
    first = HallSetupDialog()
    qtbot.addWidget(first)
    first.boxes["teams"].setChecked(False)
    first.lang.setCurrentIndex(first.lang.findData("zh"))
    first.dwell.setValue(42)
    first.show_calls.setChecked(True)
    first.base_url.setText("http://192.168.1.20:8765")
    first.accept()
    again = HallSetupDialog()
    qtbot.addWidget(again)
    o = again.options()
    assert "teams" not in o.pages and "standings" in o.pages
    assert (o.lang, o.dwell_s, o.show_calls, o.base_url) == ("zh", 42, True, "http://192.168.1.20:8765")


def answer_stop_question(stop: bool) -> None:
    """Answer the question File → Close / Quit asks while the phones' server runs, once it shows."""

    def answer(tries: int = 100) -> None:
        box = next((w for w in QApplication.topLevelWidgets()
                    if isinstance(w, QMessageBox) and w.objectName() == "stop_server_question" and w.isVisible()),
                   None)
        if box is None:
            if tries:  # not asked (yet): look again a little later, for two seconds at most
                QTimer.singleShot(20, lambda: answer(tries - 1))
            return
        seen.append(box.text())
        if stop:
            yes = box.findChild(QPushButton, "stop_server_yes")
            assert yes is not None
            yes.click()
        else:
            box.button(QMessageBox.StandardButton.Cancel).click()

    QTimer.singleShot(0, answer)


seen: list[str] = []


def _phones_server_runs_and_stop_is_declined(window) -> None:  # type: ignore[no-untyped-def]
    """The phones' server started from the window; the next question to stop it is answered No."""
    seen.clear()
    window.devices_server = TableDevicesServer(window)
    window.devices_server.start(window.ctx.db, "127.0.0.1", 0)
    answer_stop_question(stop=False)


def test_file_close_asks_while_the_phones_server_runs_and_says_it_stopped(qtbot, window):
    _phones_server_runs_and_stop_is_declined(window)
    window.act_close.trigger()
    assert seen and "server for the tables' phones is running" in seen[0]
    assert window.ctx is not None and window.devices_server.running  # cancelled: nothing stopped
    answer_stop_question(stop=True)
    window.act_close.trigger()
    assert window.ctx is None and not window.devices_server.running
    assert window.statusBar().currentMessage() == "The server for the tables' phones was stopped with the tournament."


def test_quit_asks_while_the_phones_server_runs(qtbot, window):
    _phones_server_runs_and_stop_is_declined(window)
    window.act_quit.trigger()
    assert seen and window.isVisible() and window.devices_server.running
    answer_stop_question(stop=True)
    window.act_quit.trigger()
    assert not window.isVisible() and not window.devices_server.running
