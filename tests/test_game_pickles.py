"""A game that has validated logs can still be pickled (a cluster's workers are sent the games
registered at run time): what the reader binds to a game's moves stays with the reader."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from referee.games import registration
from referee.replays.validator import validate_file

EXAMPLES = Path(__file__).resolve().parents[1] / "replays" / "examples"


@pytest.mark.parametrize("log", ["pionjar-4p.jsonl", "pionjar-6p.jsonl"])
def test_a_game_pickles_after_a_validation(log):
    report = validate_file(EXAMPLES / log)
    assert report.valid and report.events > 0
    game = registration(report.game).game()
    pickle.loads(pickle.dumps(game))
