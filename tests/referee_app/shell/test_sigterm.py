"""SIGTERM closes the windows as the close button does (closeEvent runs) instead of killing the process."""

from __future__ import annotations

import os
import signal
import sys

import pytest
from PySide6.QtWidgets import QWidget

from referee_app.base import errors


class _Recorder(QWidget):
    closed = 0

    def closeEvent(self, e) -> None:  # type: ignore[no-untyped-def]
        _Recorder.closed += 1
        super().closeEvent(e)


@pytest.mark.skipif(sys.platform == "win32", reason="Windows sends no SIGTERM to a process")
def test_sigterm_closes_the_windows_normally(qtbot):
    w = _Recorder()
    qtbot.addWidget(w)
    w.show()
    errors.install_excepthook()
    try:
        assert signal.getsignal(signal.SIGTERM) is errors._on_sigterm
        os.kill(os.getpid(), signal.SIGTERM)
        qtbot.waitUntil(lambda: _Recorder.closed == 1)
        assert not w.isVisible()
    finally:
        errors.reset_hooks()
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
