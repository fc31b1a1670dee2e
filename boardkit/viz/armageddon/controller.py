"""Clicks for Armageddon: :class:`ArmageddonController`, the
:class:`~boardkit.viz.controller.BoardController` of the Armageddon widget (ARMA-3.1, ARMA-3.7,
ARMA-5.1, ARMA-6.1, ARMA-7.2).

A share of the roll is made by clicking the chip, then the circle it should reach ahead of it
(``move``) or behind it on the alien ship (``back``); its legal shares, ``spare`` included, are
also offered as buttons, and so is the officer's ``take mine``. A click the rules refuse is
explained with the clause. Imports neither plotly nor ipywidgets.
"""

from __future__ import annotations

from typing import Any

from boardkit.core.actions import Action
from boardkit.core.checks import unknown_cell
from boardkit.core.rules import IllegalActionError
from boardkit.games.armageddon.actions import Back, Move, Spare, Take
from boardkit.games.armageddon.rules import route_of
from boardkit.viz.controller import BoardController, ClickResult

# -- clicks ------------------------------------------------------------------------------------------
class ArmageddonController(BoardController):
    """Clicks for Armageddon (module docstring): chip, then target circle, makes ``move <chip> <points>``;
    a displaced chip's circle (``home ...``) is a single click on a highlighted circle."""

    def _phase(self) -> str:
        return str(getattr(self.state, "phase", ""))

    def _chip_on(self, node: str) -> str | None:
        on = {w: c for c, w in self.observation()["chips"].items()}
        return on.get(node)

    def targets(self, chip: str) -> dict[str, Action]:
        """Node -> the legal share of ``chip`` that walks it there, forward (``move``) or back
        (``back``, ARMA-3.7) (the launch table: any free circle of it, ARMA-D5)."""
        s: Any = self.state
        if self._phase() != "move" or s.is_terminal():
            return {}
        out: dict[str, Action] = {}
        for a in self._legal():
            if isinstance(a, (Move, Back)) and a.chip == chip:
                for n in self._reached(chip, a.points if isinstance(a, Move) else -a.points):
                    out.setdefault(n, a)
        return out

    def _reached(self, chip: str, k: int) -> list[str]:
        """The node(s) ``chip`` walks to with ``k`` points, back when ``k < 0`` ([] beyond
        its path)."""
        s: Any = self.state
        g = s.game
        c = g.chip[chip]
        route, rindex = route_of(g, s.pos, c)
        i = rindex.get(s.pos.at[c], -1)
        if not 0 <= i + k < len(route):
            return []
        n = route[i + k]
        if n < 0:  # the launch table (ARMA-D5)
            return [g.names[t] for t in g.table if s.pos.occ[t] < 0] or [g.names[t] for t in g.table]
        return [g.names[n]]

    def _steps_to(self, chip: str, node: str) -> int | None:
        """The points that walk ``chip`` to ``node`` along its path (None: not ahead on it)."""
        s: Any = self.state
        g = s.game
        c = g.chip[chip]
        route, rindex = route_of(g, s.pos, c)
        i = rindex.get(s.pos.at[c], -1)
        for k in range(1, len(route) - i):
            n = route[i + k]
            if (n >= 0 and g.names[n] == node) or (n < 0 and node in g.arma.table):
                return k
        return None

    def _steps_back(self, chip: str, node: str) -> int | None:
        """The points that walk ``chip`` back to ``node`` along its path, up to 6 (None: not
        behind it)."""
        s: Any = self.state
        g = s.game
        c = g.chip[chip]
        route, rindex = route_of(g, s.pos, c)
        i = rindex.get(s.pos.at[c], -1)
        for k in range(1, min(6, i) + 1):
            n = route[i - k]
            if n >= 0 and g.names[n] == node:
                return k
        return None

    def movable_chips(self) -> list[str]:
        """The chips that have a legal share now."""
        return sorted({a.chip for a in self._legal() if isinstance(a, (Move, Back, Spare))})

    def selected_chip(self) -> str | None:
        """The chip clicked towards the next share (None: none yet)."""
        if self._phase() != "move" or not self._clicks:
            return None
        return self._chip_on(self._clicks[0])

    def highlights(self) -> list[str]:
        if self._refusal() or self._phase() != "move":
            return super().highlights()
        chip = self.selected_chip()
        if chip is None:
            at = self.observation()["chips"]
            return sorted(at[c] for c in self.movable_chips())
        return sorted(self.targets(chip))

    def button_actions(self) -> list[Action]:
        """Chance outcomes; in the move phase the legal shares of the selected chip (``move red2 3``,
        ``back w1 2``, ``spare red1 4``), or, with no chip selected, the officer's ``take mine``."""
        if self._phase() != "move" or self.state.is_terminal():
            return super().button_actions()
        chip = self.selected_chip()
        if chip is None:
            return [a for a in self._legal() if isinstance(a, Take)]
        return [a for a in self._legal() if getattr(a, "chip", None) == chip]

    def _intended(self, seq: tuple[str, ...]) -> list[Action]:
        chip = self._chip_on(seq[0]) if seq else None
        if chip is None:
            return super()._intended(seq)
        left = max(1, int(getattr(self.state, "left", 1)))
        k = self._steps_to(chip, seq[1]) if len(seq) > 1 else None
        return [Move(chip, k if k is not None else left)]

    def _explained(self, action: Action, clicks: tuple[str, ...]) -> ClickResult:
        err = self.state.why_illegal(action, self.seat)
        self._clicks, self._pending = (), ()
        if err is None:  # pragma: no cover - a legal share is never explained
            return self._apply_legal(action)
        return self._result(ClickResult("illegal", highlights=tuple(self.highlights()), clause=err.clause, errors=(err,),
                                        message=f"Illegal: {action} (clicks {' '.join(clicks)}) [{err.clause}] {err.reason}"))

    def click(self, cell: str) -> ClickResult:
        """A click: in the move phase the first names the chip, the second the circle it
        should reach (the share is applied, or explained with its clause); otherwise as
        :meth:`BoardController.click` (the circle of a displaced chip).

        Raises:
            ValueError: ``cell`` is not text (the message names it).
        """
        self._check_cell_text(cell)
        if self._refusal() or self._phase() != "move" or (
                self.seat is not None and self.seat not in self.state.current_players()):
            return super().click(cell)
        s: Any = self.state
        g = s.game
        if cell not in g.node:  # as every board's click: named, the board's cells listed
            return self._result(ClickResult("illegal", clicks=self._clicks, highlights=tuple(self.highlights()),
                                            message="Illegal: " + unknown_cell(cell, g.board.names,
                                                                               where=f"board {g.board.name}")))
        chip = self.selected_chip()
        if chip is not None and cell == self._clicks[0]:
            self._clicks = ()
            return self._result(ClickResult("cancelled", highlights=tuple(self.highlights()), message=f"{chip} unselected"))
        here = self._chip_on(cell)
        if chip is None or (here is not None and here in self.movable_chips()):
            if here is None:
                self._clicks = ()
                return self._result(ClickResult(
                    "illegal", highlights=tuple(self.highlights()),
                    message=f"Illegal: {cell} holds no chip; first click a chip of {s.seat_name} "
                            f"(highlighted: {', '.join(self.highlights())})"))
            if here not in self.movable_chips():
                return self._explained(self._intended((cell,))[0], (cell,))
            self._clicks = (cell,)
            hl = self.highlights()
            shares = ", ".join(f"{n} ({a})" for n, a in sorted(self.targets(here).items()))
            return self._result(ClickResult("collecting", clicks=self._clicks, highlights=tuple(hl),
                                            message=f"{here} selected: click the circle it should reach: {shares}"))
        target = self.targets(chip).get(cell)
        if target is not None:
            return self._apply_legal(target)
        k = self._steps_to(chip, cell)
        clicks = (self._clicks[0], cell)
        back = self._steps_back(chip, cell) if k is None else None
        if back is not None:
            return self._explained(Back(chip, back), clicks)
        if k is None:
            err = g.clauses.error("ARMA-3.7", f"{cell} is not on {chip}'s path: chips move only along the arrows "
                                              f"(back only on the alien ship), and nobody flies backwards",
                                  Move(chip, 1))
            self._clicks = ()
            return self._result(ClickResult("illegal", highlights=tuple(self.highlights()), clause=err.clause,
                                            errors=(err,), message=f"Illegal: {chip} to {cell} [{err.clause}] {err.reason}"))
        return self._explained(Move(chip, k), clicks)

    def status(self) -> dict[str, Any]:
        out = super().status()
        s: Any = self.state
        out.update(roll=getattr(s, "roll", 0), left=getattr(s, "left", 0))
        return out


def explain_text(err: IllegalActionError | None) -> str:
    """``[clause] reason`` of an error ('' for None)."""
    return "" if err is None else f"[{err.clause}] {err.reason}"



__all__ = ["ArmageddonController", "explain_text"]
