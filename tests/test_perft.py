"""Perft-style regression counts: distinct states reachable within a few events (after chess perft).

Every chance outcome, phase marker and decision is one event. A changed count means the model's
moves changed: check the change was meant, then update the pin. The Nim counts are cross-checked
with an independent breadth-first search over plain tuples.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.checker.explorer import ExploreConfig, Explorer, start_from_setup
from tests.nim_game import GAME as NIM
from tests.plain_search import distinct_states

NIM_SETUP = [1, 3, 5, 29, 235, 661, 987, 999, 999]  # piles 3,4,5, players Ann, Bo
NIM_3P_POSITION = [1, 10, 65, 263, 461, 578]  # piles 2,3,4, Ann/Bo/Cy, Cy to move
HOMESTEADERS_SETUP = [1, 3, 9, 27, 97, 307, 809]  # 2 players
HOMESTEADERS_POSITION = [1, 11, 47, 157, 778, 3472]  # 2 players, round 3 after income
HOMESTEADERS_ROUND_3 = {
    "round": 3, "phase": "income", "start_player": "Bo", "neutral_level": 5,
    "tiles": {"1": 3, "2": 12}, "used_tiles": [11],
    "players": {"Ann": {"silver": 4, "wood": 1, "trade": 1}, "Bo": {"silver": 2, "workers": 2}},
}


def perft(start: Any, depth: int) -> int:
    return Explorer(start, ExploreConfig(depth=depth, max_states=None)).run().stats.distinct


def tuple_nim_perft(piles: tuple[int, ...], players: int, depth: int,
                    turn: int | None = None) -> int:
    """Nim on tuples, written apart from the model: (piles, turn, playing, taken, last)."""
    root = (piles, turn, turn is not None, (0,) * players, None)
    seen = {root}
    level = [root]
    for _ in range(depth):
        following = []
        for piles_, turn_, playing, taken, last in level:
            if turn_ is None:
                nexts = [(piles_, p, False, taken, last) for p in range(players)]
            elif not playing:
                nexts = [(piles_, turn_, True, taken, last)]
            else:
                nexts = []
                for i, size in enumerate(piles_):
                    for n in range(1, size + 1):
                        rest = (*piles_[:i], size - n, *piles_[i + 1:])
                        gain = (*taken[:turn_], taken[turn_] + n, *taken[turn_ + 1:])
                        nexts.append((rest, (turn_ + 1) % players, True, gain, turn_))
            for state in nexts:
                if state not in seen:
                    seen.add(state)
                    following.append(state)
        level = following
    return len(seen)


@pytest.mark.parametrize("depth", range(len(NIM_SETUP)))
def test_nim_from_setup(depth: int) -> None:
    start = start_from_setup(NIM, ["Ann", "Bo"])
    assert perft(start, depth) == NIM_SETUP[depth]


@pytest.mark.parametrize("depth", range(len(NIM_3P_POSITION)))
def test_nim_from_a_position(depth: int) -> None:
    start = start_from_setup(NIM, ["Ann", "Bo", "Cy"], {"piles": [2, 3, 4]}, {"turn": "Cy"})
    assert perft(start, depth) == NIM_3P_POSITION[depth]


@pytest.mark.parametrize("depth", [3, 6, 8])
def test_nim_counts_agree_with_a_tuple_search(depth: int) -> None:
    assert tuple_nim_perft((3, 4, 5), 2, depth) == NIM_SETUP[depth]


def test_nim_position_counts_agree_with_a_tuple_search() -> None:
    assert tuple_nim_perft((2, 3, 4), 3, 5, turn=2) == NIM_3P_POSITION[5]


def test_strategies_agree_on_the_counts() -> None:
    start = start_from_setup(NIM, ["Ann", "Bo"])
    dfs = Explorer(start, ExploreConfig(strategy="dfs", depth=5)).run().stats.distinct
    assert dfs == NIM_SETUP[5]


def homesteaders() -> Any:
    from referee.games import get_game

    return get_game("homesteaders")


@pytest.mark.parametrize("depth", range(len(HOMESTEADERS_SETUP)))
def test_homesteaders_from_setup(depth: int) -> None:
    start = start_from_setup(homesteaders(), ["Ann", "Bo"])
    assert perft(start, depth) == HOMESTEADERS_SETUP[depth]


@pytest.mark.parametrize("depth", range(len(HOMESTEADERS_POSITION)))
def test_homesteaders_from_a_position(depth: int) -> None:
    start = start_from_setup(homesteaders(), ["Ann", "Bo"], position=HOMESTEADERS_ROUND_3)
    assert perft(start, depth) == HOMESTEADERS_POSITION[depth]


def test_homesteaders_setup_count_agrees_with_a_plain_search() -> None:
    """A textbook level-by-level search over the same model, without the explorer."""
    game = homesteaders()
    state = game.new_state(["Ann", "Bo"])
    assert distinct_states(game, state, 5) == HOMESTEADERS_SETUP[5]
