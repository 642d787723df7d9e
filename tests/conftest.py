from __future__ import annotations

import pytest

from referee.games import Registration, register
from tests.nim_game import GAME as NIM

pytest_plugins = ["pytester"]

# Registered at import, before collection, so that tests parametrized over every registered
# game (the conformance suite) include the fixture game.
NIM_RECORD = Registration("nim", "Nim", NIM, policy="tests.nim_game:POLICY")
register(NIM_RECORD)


@pytest.fixture(scope="session", autouse=True)
def _register_fixture_games():
    register(NIM_RECORD)


@pytest.fixture(scope="session")
def nim():
    return NIM
