"""Where boardkit finds its data files (boards, cards, clauses, perft, playthroughs).

The repository's top-level ``data/`` folder is the package ``boardkit.data`` (mapped in
pyproject.toml), so the files ship inside the wheel and are found through
:mod:`importlib.resources` both in an editable install (the repository's ``data/``) and in an
installed one (``site-packages/boardkit/data``). A source checkout put on ``sys.path`` without
installing it (``PYTHONPATH=.``) has no ``boardkit.data`` package: there the ``data/`` folder
next to the ``boardkit/`` folder is read.
"""

from __future__ import annotations

import os
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

#: The package that holds the data files.
DATA_PACKAGE = "boardkit.data"


#: ``data/`` of the source checkout this file is in (used when boardkit is not installed).
_CHECKOUT_DATA = Path(__file__).resolve().parents[2] / "data"


def data_files() -> Traversable:
    """The data folder as :mod:`importlib.resources` sees it.

    Returns:
        ``importlib.resources.files("boardkit.data")``, or the checkout's ``data/`` folder when
        boardkit runs from a source checkout that is not installed.
    """
    try:
        return resources.files(DATA_PACKAGE)
    except ModuleNotFoundError:
        if (_CHECKOUT_DATA / "__init__.py").is_file():
            return _CHECKOUT_DATA
        raise


def data_dir() -> Path:
    """The data folder on disk.

    Returns:
        ``$BOARDKIT_DATA`` if set, else the folder of the ``boardkit.data`` package.

    Raises:
        RuntimeError: boardkit is imported from an archive (a zip file), where the data files
            are not files on disk.
    """
    env = os.environ.get("BOARDKIT_DATA")
    if env:
        return Path(env)
    found = data_files()
    if not isinstance(found, Path) or not found.is_dir():
        raise RuntimeError(f"boardkit's data files are not a folder on disk ({found!r}); "
                           "install boardkit from a wheel or a source folder, not from a zip archive")
    return found


#: The data folder (the repository's ``data/`` in an editable install, else the installed
#: ``boardkit/data``); the environment variable ``BOARDKIT_DATA`` points elsewhere.
DATA_DIR = data_dir()
