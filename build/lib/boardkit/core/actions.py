"""Action base class: immutable values whose ``str()`` is the game's notation."""

from __future__ import annotations


class Action:
    """Base of every game's actions and chance outcomes.

    Subclasses are frozen dataclasses; ``str(action)`` gives the notation that
    ``state.parse_action`` reads back, and ``repr`` can be pasted back as code.
    Actions compare by value and hash, so they can be looked up in ``legal_actions()``.

    Two properties let a board widget map clicks to actions without knowing the game:
    ``cells`` is the sequence of cell names a player clicks to make the action (empty for
    actions made with a button), and ``choice`` the non-cell part of the decision (a card
    name, ``"pass"``, a chance outcome), shown as a button or selector.
    """

    __slots__ = ()

    @property
    def cells(self) -> tuple[str, ...]:
        """Cell names clicked, in order, to make this action (``()`` if none)."""
        return ()

    @property
    def choice(self) -> str:
        """The part of the decision that is not a cell ('' if none)."""
        return ""

    def __str__(self) -> str:  # every game's subclasses define their notation
        return f"<{type(self).__name__}>"


class ButtonAction(Action):
    """An action made with a button rather than by clicking cells (a chance outcome, a card to
    play, a split): its ``choice`` is its whole notation."""

    __slots__ = ()

    @property
    def choice(self) -> str:
        """The notation, shown on the action's button."""
        return str(self)

