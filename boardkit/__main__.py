"""``python -m boardkit``: the command line (:mod:`boardkit.cli`)."""

import sys

from boardkit.cli import main

sys.exit(main())
