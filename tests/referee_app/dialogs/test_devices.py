"""Tables → Table devices…: the server started from the app, each table's link and QR code, revoking."""

from __future__ import annotations

import httpx

from referee_app.base.table_devices import TableDevicesServer, qr_image
from referee_app.dialogs.devices import TABLE_ROLE, URL_ROLE, DevicesDialog


def phone_of_table_1_sends(qtbot, window, body: dict, arrived) -> None:  # type: ignore[no-untyped-def]
    """``body`` posted to /api/hands by the phone of table 1 (session 1) through a real server; then waits
    until ``arrived()`` (the desk shows it)."""
    from db.service.devices import device_links

    with window.ctx.db.factory.begin() as s:
        token = device_links(s, 1)[0].token
    server = TableDevicesServer()
    server.start(window.ctx.db, "127.0.0.1", 0)
    try:
        r = httpx.post(server.addresses()[0] + "/api/hands", headers={"Authorization": f"Bearer {token}"},
                       json=body)
        assert r.status_code == 200, r.text
        qtbot.waitUntil(arrived, timeout=5000)
    finally:
        server.stop()


def test_qr_image_is_square_with_a_quiet_zone():
    image = qr_image("http://192.168.1.20:8765/t/" + "a" * 32, 240)
    assert image.width() == image.height() >= 200
    assert image.pixelColor(2, 2).lightness() == 255  # the quiet zone is white
    assert any(image.pixelColor(x, image.height() // 2).lightness() == 0 for x in range(image.width()))


def test_dialog_starts_the_server_shows_links_and_replaces_one(qtbot, window):
    server = TableDevicesServer()
    dialog = DevicesDialog(window, window.ctx.db, window.ctx.runner, server, sessions=3)
    qtbot.addWidget(dialog)
    assert not server.running and "Stopped" in dialog.status.text()
    assert dialog.tables.count() == 2  # session 1: 8 players, 2 tables, links issued on first look
    first = dialog.tables.item(0).data(URL_ROLE)
    assert first.startswith("http://127.0.0.1:8765/t/") and not dialog.qr.pixmap().isNull()
    server.start(window.ctx.db, "127.0.0.1", 0)
    try:
        assert server.running and "Running on http://127.0.0.1:" in dialog.status.text()
        url = dialog.tables.item(0).data(URL_ROLE)
        assert url.startswith(server.addresses()[0]) and url.endswith(first.rsplit("/", 1)[1])
        token = url.rsplit("/", 1)[1]
        r = httpx.get(server.addresses()[0] + "/api/table", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200 and r.json()["table"] == 1
        dialog.tables.setCurrentRow(0)
        assert dialog.tables.currentItem().data(TABLE_ROLE) == 1
        dialog.revoke.click()
        new = dialog.tables.item(0).data(URL_ROLE)
        assert new != url and dialog.tables.item(1).data(URL_ROLE).startswith(server.addresses()[0])
        r = httpx.get(server.addresses()[0] + "/api/table", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 403
    finally:
        server.stop()
    assert not server.running and dialog.start_stop.text() == "Start"


def test_the_tables_menu_opens_the_dialog_and_closing_stops_the_server(window, monkeypatch):
    opened = []
    monkeypatch.setattr(DevicesDialog, "exec", lambda self: opened.append(self) or 0)
    assert window.act_devices.isEnabled()
    window.act_devices.trigger()
    assert len(opened) == 1 and opened[0].session.value() == 1
    window.devices_server.start(window.ctx.db, "127.0.0.1", 0)
    window.close_tournament()
    assert not window.devices_server.running and not window.act_devices.isEnabled()


def test_a_phone_s_hand_shows_on_the_desk_without_a_click(qtbot, window):

    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.sheet.hands == ()
    phone_of_table_1_sends(qtbot, window, {"type": "draw", "hand": 1, "request_id": "phone-1"},
                           lambda: len(sheet.sheet.hands) == 1)
    window.go("Log")
    log = window.pages["Log"]
    log.refresh()
    stations = {log.model.data(log.model.index(row, log.model.COL_STATION)) for row in range(log.model.rowCount())}
    assert "table 1 device" in stations


def test_showing_the_links_reads_and_a_closed_dialog_follows_the_server_no_more(qtbot, window, error_messages):
    from sqlalchemy import func, select

    from db.models import AuditLog

    def audit_entries() -> int:
        return window.ctx.runner.read(lambda s: s.scalar(select(func.count(AuditLog.id))))

    server = TableDevicesServer()
    writes: list[int] = []
    window.ctx.runner.wrote.connect(lambda *_: writes.append(1))
    first = DevicesDialog(window, window.ctx.db, window.ctx.runner, server, sessions=3)
    assert first.tables.count() == 2 and len(writes) == 1  # the links are issued once, on first look
    entries = audit_entries()
    first.done(0)
    second = DevicesDialog(window, window.ctx.db, window.ctx.runner, server, sessions=3)
    qtbot.addWidget(second)
    assert second.tables.count() == 2 and len(writes) == 1 and audit_entries() == entries  # read, not written
    second.session.setValue(3)  # not seated: no links, and no error
    assert second.tables.count() == 0 and len(writes) == 1 and error_messages == []
    server.changed.emit()  # only the open dialog follows the server
    assert len(writes) == 1
    qtbot.waitUntil(lambda: window.findChildren(DevicesDialog) == [second])  # the closed one is gone


def test_a_phone_s_false_win_penalty_shows_on_the_desk_without_a_click(qtbot, window):

    window.show_sheet(1, 1)
    sheet = window.pages["Score sheet"]
    assert sheet.sheet.penalties == ()
    player = sheet.sheet.players[1].number
    phone_of_table_1_sends(qtbot, window, {"type": "penalty", "hand": 1, "player": player,
                                           "kind": "false_win_wrong", "request_id": "phone-fw-1"},
                           lambda: len(sheet.sheet.penalties) == 1)
    (pen,) = sheet.sheet.penalties
    assert (pen.kind, pen.points, pen.settlement, pen.player.number) == ("false_win_wrong", 30, "others", player)
    assert pen.deltas == (10, -30, 10, 10)


def test_a_failed_start_shows_its_real_reason(qtbot, window, error_messages, monkeypatch):
    import socket

    from referee_app.base import table_devices

    server = TableDevicesServer()
    dialog = DevicesDialog(window, window.ctx.db, window.ctx.runner, server, sessions=3)
    qtbot.addWidget(dialog)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        dialog.port.setValue(port)
        dialog.start_stop.click()
    assert not server.running
    title, message = error_messages[-1]
    assert title == "Could not start the server" and f"cannot listen on 127.0.0.1:{port}: " in message

    class Broken(table_devices.BackgroundServer):
        def start(self, timeout: float = 20.0):
            raise ValueError("Unable to configure formatter 'default'")

    monkeypatch.setattr(table_devices, "BackgroundServer", Broken)
    dialog.start_stop.click()
    assert error_messages[-1] == ("Could not start the server", "ValueError: Unable to configure formatter 'default'")


def test_the_qr_address_can_be_chosen_and_the_firewall_is_named(qtbot, window, monkeypatch):
    from referee_app.base import table_devices

    monkeypatch.setattr(table_devices, "addresses", lambda host, port: [f"http://127.0.0.1:{port}",
                                                                        f"http://localhost:{port}"])
    server = TableDevicesServer()
    dialog = DevicesDialog(window, window.ctx.db, window.ctx.runner, server, sessions=3)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.host.setCurrentIndex(1)  # phones on the local network
    assert dialog.firewall.isVisible() and "Public" in dialog.firewall.text()
    dialog.host.setCurrentIndex(0)
    assert not dialog.firewall.isVisible()
    server.start(window.ctx.db, "127.0.0.1", 0)
    try:
        assert dialog.address.count() == 2 and dialog.address.isEnabled()
        assert dialog.tables.item(0).data(URL_ROLE).startswith("http://127.0.0.1:")
        dialog.address.setCurrentIndex(1)
        url = dialog.tables.item(0).data(URL_ROLE)
        assert url.startswith("http://localhost:") and dialog.link.text() == url
        r = httpx.get(url.split("/t/")[0] + "/api/table",
                      headers={"Authorization": f"Bearer {url.rsplit('/', 1)[1]}"})
        assert r.status_code == 200
    finally:
        server.stop()
    assert dialog.address.count() == 0
