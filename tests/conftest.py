from __future__ import annotations

import pytest

from referee.games import register_game, unregister_game
from tests.nim_game import GAME as NIM


@pytest.fixture()
def nim():
    register_game("nim", NIM)
    yield NIM
    unregister_game("nim")
