"""Where boardkit finds its data files (boards, cards, clauses, perft, playthroughs)."""

from __future__ import annotations

import os
from pathlib import Path

#: The project's ``data/`` folder (the package is installed editable from the repository);
#: the environment variable ``BOARDKIT_DATA`` points elsewhere.
DATA_DIR = Path(os.environ.get("BOARDKIT_DATA", Path(__file__).resolve().parents[2] / "data"))
