"""The words of a game's notation: its vocabularies (cards, colours, die faces...) and the
context a parser reads an action in (cells, seats, vocabularies).

Used by :mod:`boardkit.core.notation` (which re-exports both classes) and by each game's
notation context. Source: the notation sections of each game's spec page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Collection, Mapping

from boardkit.core.rules import NotationError
from boardkit.core.validate import shorten

__all__ = ["Vocabulary", "NotationContext"]


def _key(text: str) -> str:
    # case, spaces, "_", "&" and a hyphen inside a word are ignored ("claw-launcher"); a
    # leading minus is kept, so "-1" is never read as "1"
    return re.sub(r"[\s_&]|(?<=\w)-", "", text.lower())


@dataclass(frozen=True)
class Vocabulary:
    """The words of one kind a game's notation uses (cards, colours, die faces...).

    Args:
        name: the vocabulary's name, as in a form's slot (``{card:card}``).
        words: the canonical words, as ``str(action)`` writes them.
        values: the value stored for each word (default: the word itself), e.g. ints.
        aliases: other spellings -> canonical word.
        prefixes: accept a unique prefix (``"arch"`` -> ``"Archer"``).

    Matching ignores case, spaces, ``_``, ``-`` and ``&``.
    """

    name: str
    words: tuple[str, ...]
    values: tuple[Any, ...] | None = None
    aliases: Mapping[str, str] = field(default_factory=dict)
    prefixes: bool = False

    def __post_init__(self) -> None:
        if self.values is not None and len(self.values) != len(self.words):
            raise ValueError(f"vocabulary {self.name}: {len(self.values)} values for {len(self.words)} words")
        lookup = {_key(w): w for w in self.words}
        lookup.update({_key(a): w for a, w in self.aliases.items()})
        object.__setattr__(self, "_lookup", lookup)

    def resolve(self, text: str) -> Any:
        """The value of ``text`` in this vocabulary.

        Raises:
            NotationError: no such word (the message lists the words), or a prefix that fits
                several words.
        """
        lookup: dict[str, str] = self._lookup  # type: ignore[attr-defined]
        key = _key(text)
        word = lookup.get(key)
        if word is None and self.prefixes and key:
            matches = sorted({w for k, w in lookup.items() if k.startswith(key)})
            if len(matches) > 1:
                raise NotationError(f"{shorten(text)} is ambiguous: it could be {', '.join(matches)}")
            word = matches[0] if matches else None
        if word is None:
            article = "an" if self.name[:1] in "aeiou" else "a"
            raise NotationError(f"{shorten(text)} is not {article} {self.name}; {self.name}s: {', '.join(self.words)}")
        return word if self.values is None else self.values[self.words.index(word)]

    def word(self, value: Any) -> str:
        """The canonical word written for ``value``."""
        if self.values is None:
            return str(value)
        return self.words[self.values.index(value)]


@dataclass(frozen=True)
class NotationContext:
    """What parsing needs to know about one game: its cell names, its seats and its
    vocabularies.

    Args:
        cells: the board's cell names (lower case).
        num_players: seats, for ``{x:player}`` slots.
        vocabularies: name -> Vocabulary.
        players: the seats of the game played, which a refused seat's message names
            (``0 .. players - 1``); None: ``num_players``. A notation may read more seats than
            are played: Battle Royale reads its four colours' seats in a game of two, whose
            rules then refuse ``first 3`` (BR-1.7).
    """

    cells: Collection[str] = frozenset()
    num_players: int = 2
    vocabularies: Mapping[str, Vocabulary] = field(default_factory=dict)
    players: int | None = None

    def vocabulary(self, name: str) -> Vocabulary:
        """The vocabulary ``name``.

        Raises:
            NotationError: the game has no such vocabulary (a form names a kind this game
                does not use, so the form does not apply).
        """
        try:
            return self.vocabularies[name]
        except KeyError:
            raise NotationError(f"this game has no {name}s") from None
