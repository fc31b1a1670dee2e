"""What a board controller answers: the result of a click or action, and the lines of play.

Plain frozen data (no ipywidgets), returned by :class:`~boardkit.viz.controller.BoardController`
(``click``, ``apply``, ``resolve_chance``, ``branches``).

>>> ClickResult("illegal", message="Illegal: ...").ok
False
"""

from __future__ import annotations

from dataclasses import dataclass

from boardkit.core.actions import Action
from boardkit.core.rules import IllegalActionError

#: ``ClickResult.status`` values.
STATUSES = ("collecting", "applied", "pending", "illegal", "refused", "cancelled")


@dataclass(frozen=True)
class ClickResult:
    """What a click (or ``apply``/``pick``/``resolve_chance``) did.

    Attributes:
        status: ``"collecting"`` (a prefix of legal actions: click on), ``"applied"`` (an
            action was played), ``"pending"`` (several legal actions end on these clicks:
            ``pick`` one), ``"illegal"`` (no legal action matches; see ``message`` and
            ``errors``), ``"refused"`` (no click is possible here: chance node or game over),
            ``"cancelled"`` (the last clicked cell was clicked again: clicks cleared).
        action: the action applied, if any.
        clicks: the click sequence collected after this click (``()`` once reset).
        highlights: cells that continue the click sequence towards a legal action.
        pending_options: the legal actions to choose from when ``status == "pending"``.
        message: a sentence for the user (the clause id and reason for an illegal click).
        clause: the clause id that forbids the intended action, for an illegal click.
        errors: every IllegalActionError found for the intended action(s).
    """

    status: str
    action: Action | None = None
    clicks: tuple[str, ...] = ()
    highlights: tuple[str, ...] = ()
    pending_options: tuple[Action, ...] = ()
    message: str = ""
    clause: str | None = None
    errors: tuple[IllegalActionError, ...] = ()

    @property
    def ok(self) -> bool:
        """True unless the click was illegal or refused."""
        return self.status not in ("illegal", "refused")


@dataclass(frozen=True)
class Branch:
    """One line of play in the session tree: from the root to a leaf.

    Attributes:
        index: position in ``BoardController.branches()`` (0 is the first line played).
        actions: notation of every action on the line.
        fork: number of actions shared with the line it branched from (0 for the first line).
        current: True for the line the controller is on.
        label: short text for a dropdown.
    """

    index: int
    actions: tuple[str, ...]
    fork: int
    current: bool
    label: str


__all__ = ["STATUSES", "ClickResult", "Branch"]
