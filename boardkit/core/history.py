"""What a state records besides its position: the actions applied (its history), which seats
saw each one, the seat that gave an action where several act at once, and where the record
starts. :class:`~boardkit.core.state.State` keeps it through :class:`Record`; a clone shares the
history lists with its original until either records an action, so the states a search clones
cost no copy of a long history."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardkit.core.actions import Action


class Record:
    """The record half of :class:`~boardkit.core.state.State` (which sets these in its
    ``__init__``)."""

    _history: list[Action]
    _seen: list[frozenset[int] | None]
    _acted_by: dict[int, int]
    _start: dict[str, Any] | None
    _study: bool
    _past: list[Action | str] | None
    _legal_cache: list[Action] | None
    #: per seat, its legal actions each by itself (``State._seat_lookup``); None: none made
    #: since the position last changed. Dropped wherever ``_legal_cache`` is.
    _seat_legal: dict[int, dict[Action, Action]] | None = None
    unrecorded: int
    #: the history lists are shared with a clone: copied before the next record (:meth:`_record`).
    _shared_record = False

    if TYPE_CHECKING:  # pragma: no cover - State's own methods
        def history(self, player: int | None = None) -> list[Action | str]: ...

        def to_position(self, finished: bool = False) -> dict[str, Any]: ...

    def _copy_record(self, new: "Record") -> None:
        """Give ``new`` what the base class records (history, who saw it, the start); every
        game's :meth:`clone` calls it. The history lists are shared, not copied, until one of
        the states records an action (:meth:`_record`): a search clones states by the
        thousand and records nothing in them."""
        new._history, new._seen, new._acted_by = self._history, self._seen, getattr(self, "_acted_by", {})
        new._shared_record = self._shared_record = True
        new._start = self._start
        new._study = self._study
        new._past = getattr(self, "_past", None)  # never changed once set (_start_record_here)
        new._legal_cache = self._legal_cache
        new._seat_legal = None  # made again on demand: a clone never shares them with its original
        new.unrecorded = self.unrecorded

    def _record(self, action: Action, seen: frozenset[int] | None, by: int | None) -> None:
        """Append ``action`` to the history (``seen``: who saw it; ``by``: the seat that gave it
        at a turn where several act at once), after copying the lists this state shares with
        a clone (:meth:`_copy_record`), so that neither sees the other's actions."""
        if self._shared_record:
            self._history, self._seen = list(self._history), list(self._seen)
            self._acted_by = dict(getattr(self, "_acted_by", {}))
            self._shared_record = False
        if by is not None:
            self.__dict__.setdefault("_acted_by", {})[len(self._history)] = by
        self._history.append(action)
        self._seen.append(seen)

    def _start_record_here(self, seat: int, truth: "Record") -> None:
        """Make this state (a world drawn for ``seat`` from ``truth``, by a game's
        ``determinize``) carry no true past: its record starts at this position (``to_json()``
        saves it as a study position), and ``history()`` gives the past as ``seat`` saw it
        in ``truth`` (hidden actions as text, ``"draw ?"``), whoever asks."""
        self._past = list(truth.history(seat))
        self._history, self._seen, self._acted_by, self.unrecorded = [], [], {}, 0
        self._start = self.to_position(finished=True)
        self._study = True


__all__ = ["Record"]
