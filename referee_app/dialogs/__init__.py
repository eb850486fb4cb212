"""Dialogs that ask the user something; each has an ``ask(parent, ...)`` classmethod returning the answer
or None, so tests can drive the dialog itself or call the action with a value."""
