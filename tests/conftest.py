from __future__ import annotations

import pytest

from referee.games import Registration, register
from tests.nim_game import GAME as NIM

pytest_plugins = ["pytester"]


@pytest.fixture(scope="session", autouse=True)
def _register_fixture_games():
    register(Registration("nim", "Nim", NIM))


@pytest.fixture(scope="session")
def nim():
    return NIM
