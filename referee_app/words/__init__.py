"""The GUI in words: the language switch over the catalogue, the texts marked for it, the log's entries and the store's and the engine's refusals in the referee's language."""
