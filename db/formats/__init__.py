"""File formats of the store: the players CSV and the JSON result lines (reading, writing, importing)."""
