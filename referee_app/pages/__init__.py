"""The pages of the main window. Each has ``retranslate()`` and ``refresh()``; tournament pages get the
``TournamentContext`` through ``set_context``."""
