"""Suite-wide collection order: the few tests that take minutes start first.

pytest-xdist's ``worksteal`` hands each worker a block of the collection from its front and
lets an idle worker take the back half of another's queue. A test of several minutes that
happens to be reached last ends the run alone; started first, it runs while the other
worker, and then both, share the rest. Mark such a test ``starts_first``; the order of the
others is unchanged.
"""

from __future__ import annotations

from typing import Any


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Move the ``starts_first`` tests to the front, each group keeping its order."""
    items.sort(key=lambda item: item.get_closest_marker("starts_first") is None)
