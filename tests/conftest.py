"""Shared test setup. Qt must be told to draw offscreen before anything imports it."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The command lines speak the environment's language (texts.env_language): the tests read English unless
# they ask for another language themselves.
os.environ["LANGUAGE"] = "en"
