"""Battle Royale clause tests: BR-5 variants.

Clauses of data/rules/battle_royale.yaml; the positions and checks are in battle_royale_clause_support.py.
"""

from __future__ import annotations

import pytest

import boardkit
from boardkit.core.game import OptionError


def test_BR_5_1_ability_cards_variant_is_refused() -> None:
    """BR-5.1: the ability cards' texts are unknown: variant="abilities" is an OptionError."""
    with pytest.raises(OptionError) as info:
        boardkit.load_game("battle_royale", variant="abilities")
    assert "BR-5.1" in str(info.value)
    assert boardkit.load_game("battle_royale", variant="none").options["variant"] == "none"
    with pytest.raises(OptionError):
        boardkit.load_game("battle_royale", variant="house")


def test_BR_5_2_special_action_cards_variant_is_refused() -> None:
    """BR-5.2: the special action cards' texts and prices are unknown: variant="special_actions"
    is an OptionError."""
    with pytest.raises(OptionError) as info:
        boardkit.load_game("battle_royale", variant="special_actions")
    assert "BR-5.2" in str(info.value)
