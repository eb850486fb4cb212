"""Hand entry from tiles: the view-model (no widgets), the tile picker and the hand-entry widget."""
