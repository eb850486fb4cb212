"""What several pages share: the few store entry points that are not one service call, the file dialogs, the clock watch and the tile faces."""
