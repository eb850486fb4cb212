"""Shared test setup. Qt must be told to draw offscreen before anything imports it."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
