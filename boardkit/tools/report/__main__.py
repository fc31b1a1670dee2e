"""``python -m boardkit.tools.report``: see :mod:`boardkit.tools.report`."""

import sys

from boardkit.tools.report.cli import main

sys.exit(main())
