from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from referee.games import Registration, register
from tests.nim_game import GAME as NIM

pytest_plugins = ["pytester"]

# The suite asserts what the rules say, never how long it takes: property tests have no deadline
# and no generation-speed check, which a loaded CI machine would trip.
settings.register_profile("referee", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("referee")

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
