"""Drawing Armageddon (the board widget is in :mod:`boardkit.viz.armageddon.widget`)."""
