"""Marabunta scoring and the end of the game (MARA-8.2 .. MARA-8.4, MARA-D9 .. MARA-D11).

Each region's sheet scores its circles for the player with the greater sum of numbers in that
region (a tie scores nothing, MARA-8.2); the cupcakes crossed on the track and the points
powers add to it (MARA-8.3, MARA-D10). The higher total wins; a tie goes to the player with
more cupcakes crossed, then to the player who triggered the end (MARA-8.4, MARA-D11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardkit.core.outcome import Outcome
from boardkit.games.marabunta.actions import PLAYERS

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.marabunta.state import MarabuntaState


def counted(game: Any, total: int) -> int:
    """The total that counts (MARA-8.3): the true sum with ``above_25="continue"`` (the seed,
    a new lap of the 25-point track), at most 25 with ``above_25="cap"`` (a variant). Points."""
    return min(total, 25) if game.options.above_25 == "cap" else total


def totals(state: "MarabuntaState") -> list[int]:
    """``[red total, blue total]`` as :func:`scores` counts them (points), computed fast:
    region points (MARA-8.2), cupcake points and points powers, counted as MARA-8.3 says
    (:func:`counted`)."""
    g = state.game
    t = [g.track_points[state.cupcakes[0]], g.track_points[state.cupcakes[1]]]
    for k, (red, blue) in enumerate(state.sums):
        if red > blue:
            t[0] += state.sheets[k][0]
        elif blue > red:
            t[1] += state.sheets[k][1]
    for i, pts in enumerate(g.group_points):
        if pts:
            for p in (0, 1):
                if state.crates[p][i] >= g.group_size[i]:
                    t[p] += pts
    return [counted(g, t[0]), counted(g, t[1])]


def scores(state: "MarabuntaState") -> list[dict[str, Any]]:
    """Each player's score as it stands (final once the game is over), MARA-8.2, MARA-8.3.

    Returns:
        ``[red, blue]``, each a dict: ``regions`` (points per region won, by colour),
        ``region_points``, ``cupcake_points`` (track values crossed), ``power_points``
        (points powers unlocked, MARA-D10), ``total`` (the true sum, or at most 25 with the variant ``above_25="cap"``; MARA-8.3) and
        ``cupcakes`` (cupcakes crossed, the first tie-break of MARA-8.4). Points.
    """
    g = state.game
    out = []
    sums = state.sums
    for p in (0, 1):
        regions = {}
        for k, colour in enumerate(g.regions):
            mine, theirs = sums[k][p], sums[k][1 - p]
            regions[colour] = state.sheets[k][p] if mine > theirs else 0
        cup = g.track_points[state.cupcakes[p]]
        powers = sum(g.group_points[i] for i in range(len(g.groups)) if state.crates[p][i] >= g.group_size[i])
        rp = sum(regions.values())
        out.append({"regions": regions, "region_points": rp, "cupcake_points": cup, "power_points": powers,
                    "total": counted(g, rp + cup + powers), "cupcakes": state.cupcakes[p]})
    return out


def outcome(state: "MarabuntaState") -> Outcome:
    """The end of a finished game: the higher total wins (MARA-8.4); on equal totals the
    player with more cupcakes crossed (MARA-8.4); on equal cupcakes too the player who
    triggered the end (MARA-D11), so there is always one winner.

    Returns:
        Outcome: ``winners`` one seat, ``reason`` the totals and the tie-break in words,
        ``clause`` MARA-8.4 (decided by totals or cupcakes) or MARA-D11 (by the trigger),
        ``returns`` ``(1, -1)`` or ``(-1, 1)``.
    """
    s = scores(state)
    t = (s[0]["total"], s[1]["total"])
    c = (s[0]["cupcakes"], s[1]["cupcakes"])
    if t[0] != t[1]:
        w = 0 if t[0] > t[1] else 1
        reason, clause = f"{PLAYERS[w]} has more points ({t[w]} to {t[1 - w]})", "MARA-8.4"
    elif c[0] != c[1]:
        w = 0 if c[0] > c[1] else 1
        reason = f"equal points ({t[0]}); {PLAYERS[w]} crossed more cupcakes ({c[w]} to {c[1 - w]})"
        clause = "MARA-8.4"
    else:
        w = 0 if state.triggered_by == 0 else 1
        reason = (f"equal points ({t[0]}) and cupcakes ({c[0]}); {PLAYERS[w]} triggered the end")
        clause = "MARA-D11"
    return Outcome((w,), reason, clause, tuple(1 if p == w else -1 for p in (0, 1)))


__all__ = ["counted", "totals", "scores", "outcome"]
