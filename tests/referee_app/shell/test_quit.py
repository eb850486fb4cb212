"""Quitting with every window and the phones' server open ("QObject: shared QObject was deleted
directly", then a segmentation fault, on quit after a long run).

The real ``mcr-referee`` ``main()`` runs in a process of its own, offscreen, on the demo tournament: the
server for the tables' phones started, phones reading the players' page and their table and calling a
referee meanwhile, the hall display and the projector view up, the calls panel and hand entry open, the
language switched back and forth; then File → Quit. The process must end with status 0, no Qt warning
about objects, and nothing of the window left for the interpreter's exit to delete in its own order."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

DRIVER = r'''
import json, sys, threading, time, urllib.request, weakref
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget
import shiboken6
import referee_app.shell.main as main_module
from referee_app.hall.setup import open_hall
from referee_app.hall.window import HallOptions
from referee_app.base.table_devices import TableDevicesServer

stop = threading.Event()
seen = {"answers": 0}

def phone(base, token):
    while not stop.is_set():
        for path in ("/", "/p/1", "/api/table", "/api/calls"):
            try:
                req = urllib.request.Request(base + path, headers={"Authorization": "Bearer " + token})
                urllib.request.urlopen(req, timeout=5).read()
                seen["answers"] += 1
            except Exception:
                pass
        time.sleep(0.05)

def open_everything(ref):
    from db.service.calls import call_referee
    from db.service.devices import device_actor, device_links

    w = ref()
    w.devices_server = TableDevicesServer(w)  # as Tables -> Table devices... -> Start does
    w.devices_server.start(w.ctx.db, "127.0.0.1", 0)
    base = w.devices_server.base_url()
    with w.ctx.db.factory.begin() as s:
        tokens = [link.token for link in device_links(s, 1)][:3]
        call_referee(s, 1, 1, "dispute", None, actor=device_actor(1))
    for token in tokens:
        threading.Thread(target=phone, args=(base, token), daemon=True).start()
    open_hall(w, HallOptions(show_calls=True, dwell_s=3)).show()
    w.projector()
    w.calls.open_panel()
    w.show_sheet(1, 1)
    w.pages["Score sheet"].record_win()
    switches = iter(["zh", "en", "zh", "en", "zh"])

    def switch():
        code = next(switches, None)
        if code is None:
            QTimer.singleShot(100, answer)
            w.act_quit.trigger()  # File -> Quit, the hand entry and every window still open
        else:
            w.set_language(code)
            QTimer.singleShot(300, switch)

    def answer():  # "the server for the tables' phones is running": stop it and close
        from PySide6.QtWidgets import QMessageBox, QPushButton
        box = next((b for b in QApplication.topLevelWidgets()
                    if isinstance(b, QMessageBox) and b.objectName() == "stop_server_question" and b.isVisible()), None)
        if box is None:
            QTimer.singleShot(50, answer)
        else:
            box.findChild(QPushButton, "stop_server_yes").click()

    QTimer.singleShot(300, switch)

real = main_module.create_window

def create_window(*args, **kwargs):
    w = real(*args, **kwargs)
    ref = weakref.ref(w)  # the driver must not keep the window alive itself
    QTimer.singleShot(200, lambda: open_everything(ref))
    return w

main_module.create_window = create_window
status = main_module.main(["--demo"])
stop.set()
left = [type(o).__name__ for o in shiboken6.getAllValidWrappers()
        if isinstance(o, QObject) and not isinstance(o, QApplication)]
print(json.dumps({"status": status, "left": left, "answers": seen["answers"]}), flush=True)
sys.exit(status)
'''


def test_quit_with_every_window_and_the_phones_server_open_ends_cleanly(tmp_path: Path) -> None:
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MCR_REFEREE_HOME": str(tmp_path / "home"),
           "PYTHONFAULTHANDLER": "1"}
    done = subprocess.run([sys.executable, str(driver)], capture_output=True, text=True, env=env, timeout=180,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert said["status"] == 0 and said["answers"] > 0  # the phones were served while it all ran
    # the window, its pages and dialogs, and the hall display are gone before the interpreter's exit; what
    # is left belongs to the QApplication (the SIGTERM notifier) or is the language switch itself
    # a live language switch leaves no translator behind, and the app's end uninstalls the last ones (Qt's
    # catalogue, and i18n.QtGaps, whose translate is Python)
    assert set(said["left"]) <= {"QSocketNotifier", "_Language"}, said["left"]
    assert "QObject:" not in done.stderr and "Traceback" not in done.stderr, done.stderr[-3000:]
