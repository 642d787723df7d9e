from __future__ import annotations

import pytest

from referee.games import register_game
from tests.nim_game import GAME as NIM

pytest_plugins = ["pytester"]


@pytest.fixture(scope="session", autouse=True)
def _register_fixture_games():
    register_game("nim", NIM)


@pytest.fixture(scope="session")
def nim():
    return NIM
